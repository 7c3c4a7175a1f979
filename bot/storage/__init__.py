"""Storage (DESIGN §3): one interface, one module per backend; nothing above it writes SQL."""

from __future__ import annotations

from pathlib import Path

from bot.storage.base import Storage
from bot.storage.rows import (
    ActionRow,
    BoardMessage,
    Effects,
    GameRow,
    Job,
    JobRow,
    Message,
    OutboxItem,
    ResultSeat,
    SeatRow,
    StaleVersion,
)
from bot.storage.sqlite import SqliteStorage


async def open_storage(target: str | Path) -> Storage:
    """The backend a target names: a SQLite file path (the default), or `sqlite:///path`."""
    text = str(target)
    if text.startswith("sqlite:///"):
        text = text.removeprefix("sqlite:///")
    return await SqliteStorage.open(text)


__all__ = ["ActionRow", "BoardMessage", "Effects", "GameRow", "Job", "JobRow", "Message", "OutboxItem",
           "ResultSeat", "SeatRow", "SqliteStorage", "StaleVersion", "Storage", "open_storage"]
