"""A local Discord for end-to-end tests: REST + gateway on loopback, checked against the OpenAPI spec."""

from .clock import FakeClock
from .faults import Fault
from .interactions import InteractionRecord
from .model import Channel, Guild, StoredMessage, User, is_png
from .server import MESSAGE, MESSAGES, FakeDiscord, RequestRecord

__all__ = ["MESSAGE", "MESSAGES", "Channel", "FakeClock", "FakeDiscord", "Fault", "Guild", "InteractionRecord",
           "RequestRecord", "StoredMessage", "User", "is_png"]
