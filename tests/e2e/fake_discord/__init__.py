"""A local Discord for end-to-end tests: REST + gateway on loopback, checked against the OpenAPI spec."""

from .interactions import InteractionRecord
from .model import Channel, StoredMessage, User, is_png
from .server import FakeDiscord

__all__ = ["Channel", "FakeDiscord", "InteractionRecord", "StoredMessage", "User", "is_png"]
