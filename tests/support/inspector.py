"""What tests read of a database beyond the storage interface: the outbox rows not yet delivered and the jobs
planned, read from the tables directly (the bot itself never asks for these)."""

from __future__ import annotations

from datetime import datetime

from bot.storage import JobRow, OutboxItem, PostgresStorage, SqliteStorage, Storage, postgres, sqlite
from bot.storage.rows import OUTBOX_COLUMNS

JOB_COLUMNS = "game_id, kind, due, for_version, attempts"


async def outbox_pending(storage: Storage, game_id: int | None = None) -> list[OutboxItem]:
    """The rows not yet delivered (or given up), of one game or of all, oldest first."""
    if isinstance(storage, SqliteStorage):
        query = (f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE done_at IS NULL"
                 + (" AND game_id = ?" if game_id is not None else "") + " ORDER BY id")
        async with storage.db.execute(query, () if game_id is None else (game_id,)) as cur:
            return [sqlite.outbox_item(r) for r in await cur.fetchall()]
    assert isinstance(storage, PostgresStorage)
    rows = await storage.pool.fetch(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE done_at IS NULL "
                                    "AND ($1::bigint IS NULL OR game_id = $1) ORDER BY id", game_id)
    return [postgres.outbox_item(r) for r in rows]


async def jobs_of(storage: Storage, game_id: int) -> list[JobRow]:
    """The game's planned jobs, soonest first."""
    if isinstance(storage, SqliteStorage):
        async with storage.db.execute(f"SELECT {JOB_COLUMNS} FROM jobs WHERE game_id = ? ORDER BY due, kind",
                                      (game_id,)) as cur:
            return [JobRow(r[0], r[1], datetime.fromisoformat(r[2]), r[3], r[4]) for r in await cur.fetchall()]
    assert isinstance(storage, PostgresStorage)
    rows = await storage.pool.fetch(f"SELECT {JOB_COLUMNS} FROM jobs WHERE game_id = $1 ORDER BY due, kind", game_id)
    return [JobRow(r["game_id"], r["kind"], r["due"], r["for_version"], r["attempts"]) for r in rows]
