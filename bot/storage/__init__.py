"""Storage (DESIGN §3): one interface, one module per backend; nothing above it writes SQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from bot.errors import StorageUnavailable
from bot.storage.base import Rater, Storage
from bot.storage.pgcalls import CALL_SECONDS
from bot.storage.postgres import PostgresStorage
from bot.storage.rows import (
    ActionRow,
    BoardMessage,
    Effects,
    GameRow,
    InstanceTaken,
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


async def open_storage(target: str | Path, *, call_seconds: float = CALL_SECONDS) -> Storage:
    """The backend a target names: a `postgresql://…` (or `postgres://…`) URL, else a SQLite file path
    (the default) or `sqlite:///path`. A database that cannot be reached or opened raises
    `StorageUnavailable` with the cause. `call_seconds` is PostgreSQL's limit on each statement and on each wait
    for a connection: the bot's `CALL_SECONDS`, or an operator command's longer one (`OPERATOR_SECONDS`)."""
    text = str(target)
    try:
        if text.startswith(POSTGRES_SCHEMES):
            return await PostgresStorage.open(text, call_seconds=call_seconds)
        return await SqliteStorage.open(text.removeprefix("sqlite:///"))
    except (OSError, sqlite3.OperationalError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        raise StorageUnavailable(f"{type(err).__name__}: {err}") from err


__all__ = ["ActionRow", "BoardMessage", "Effects", "GameRow", "InstanceTaken", "Job", "JobKind", "JobRow", "OutboxItem",
           "OutboxKind", "OutboxRow", "PostgresStorage", "Rater", "Rating", "ResultSeat", "SeatRow", "SqliteStorage",
           "StaleVersion", "Storage", "StorageUnavailable", "open_storage", "user_player"]
