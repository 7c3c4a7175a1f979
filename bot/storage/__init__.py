"""Storage (DESIGN §3): one interface, one module per backend; nothing above it writes SQL."""

from __future__ import annotations

from pathlib import Path

from bot.storage.base import Rater, Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.rows import (
    ActionRow,
    BoardMessage,
    Effects,
    GameRow,
    Job,
    JobKind,
    JobRow,
    OutboxItem,
    OutboxKind,
    OutboxRow,
    Rating,
    ResultSeat,
    SeatRow,
    StaleVersion,
    user_player,
)
from bot.storage.sqlite import SqliteStorage

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


async def open_storage(target: str | Path) -> Storage:
    """The backend a target names: a `postgresql://…` (or `postgres://…`) URL, else a SQLite file path
    (the default) or `sqlite:///path`."""
    text = str(target)
    if text.startswith(POSTGRES_SCHEMES):
        return await PostgresStorage.open(text)
    if text.startswith("sqlite:///"):
        text = text.removeprefix("sqlite:///")
    return await SqliteStorage.open(text)


__all__ = ["ActionRow", "BoardMessage", "Effects", "GameRow", "Job", "JobKind", "JobRow", "OutboxItem", "OutboxKind",
           "OutboxRow", "PostgresStorage", "Rater", "Rating", "ResultSeat", "SeatRow", "SqliteStorage", "StaleVersion",
           "Storage", "open_storage", "user_player"]
