"""SQLite storage (DESIGN §3): the only module that writes SQL.

One file in WAL mode with synchronous=FULL; numbered migrations from bot/migrations/ are
applied at start-up.  A move is one transaction whose state update is guarded by the
version column, so two writers can never both apply a move to the same board.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

Timers = tuple[datetime | None, datetime | None]
"""(deadline, remind_at) of the turn a write starts."""


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


class StaleVersion(Exception):
    """The game's stored version is not the one the move was computed from."""


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    is_ai: bool
    dm_ok: bool
    left: bool


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    game_type: str
    status: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    state: str | None
    version: int
    created_by: int
    deadline: str | None
    seats: list[SeatRow]


@dataclass
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    interaction_id: str | None


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Storage:
    """Games, seats, the action log and board messages in one SQLite file."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[None]:
        """One write transaction at a time on this connection; rolled back on any error."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; returns the schema version."""
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row and row[0] is not None else 0
        for number, sql in _migrations():
            if number <= current:
                continue
            async with self._tx():
                for statement in sql.split(";"):
                    if statement.strip():
                        await self.db.execute(statement)
                await self.db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
            current = number
        return current

    # -- games -----------------------------------------------------------------

    async def create_game(self, *, game_type: str, guild_id: int | None, channel_id: int,
                          thread_id: int | None, created_by: int, options: dict[str, Any],
                          settings: dict[str, Any], seed: int, now: datetime) -> int:
        stamp = now.isoformat()
        async with self._tx():
            cur = await self.db.execute(
                "INSERT INTO games (guild_id, channel_id, thread_id, game_type, status, options, settings, seed, "
                "created_by, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, thread_id, game_type, json.dumps(options), json.dumps(settings), seed,
                 created_by, stamp, stamp))
            game_id = int(cur.lastrowid or 0)
            await self.db.execute("INSERT INTO seats (game_id, seat, user_id, is_ai) VALUES (?, 0, ?, 0)",
                                  (game_id, created_by))
        return game_id

    async def load(self, game_id: int) -> GameRow | None:
        async with self.db.execute(
                "SELECT id, guild_id, channel_id, thread_id, game_type, status, options, settings, seed, state, "
                "version, created_by, deadline FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self.db.execute("SELECT seat, user_id, is_ai, dm_ok, left FROM seats WHERE game_id = ? "
                                   "ORDER BY seat", (game_id,)) as cur:
            seats = [SeatRow(r[0], r[1], bool(r[2]), bool(r[3]), bool(r[4])) for r in await cur.fetchall()]
        return GameRow(row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]), json.loads(row[7]),
                       row[8], row[9], row[10], row[11], row[12], seats)

    async def active_in_channel(self, channel_id: int) -> int | None:
        async with self.db.execute(
                "SELECT id FROM games WHERE (channel_id = ? OR thread_id = ?) AND status IN ('lobby', 'running') "
                "ORDER BY id DESC LIMIT 1", (channel_id, channel_id)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    async def games_of_user(self, user_id: int) -> list[int]:
        async with self.db.execute(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND s.left = 0 "
                "AND g.status IN ('lobby', 'running') ORDER BY g.id", (user_id,)) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def set_seats(self, game_id: int, seats: list[SeatRow], *, expected_version: int) -> None:
        """Replace the seat list (lobby changes, hand-overs to AI) as one guarded write."""
        async with self._tx():
            await self._bump(game_id, expected_version)
            await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, is_ai, dm_ok, left) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, int(s.is_ai), int(s.dm_ok), int(s.left)) for s in seats])

    async def set_status(self, game_id: int, status: str, *, expected_version: int, state: str | None = None,
                         timers: Timers = (None, None), now: datetime) -> None:
        async with self._tx():
            await self._bump(game_id, expected_version)
            await self.db.execute("UPDATE games SET status = ?, state = COALESCE(?, state), updated_at = ? "
                                  "WHERE id = ?", (status, state, now.isoformat(), game_id))
            await self._set_timers(game_id, timers)

    async def _set_timers(self, game_id: int, timers: Timers) -> None:
        deadline, remind_at = timers
        await self.db.execute("UPDATE games SET deadline = ?, remind_at = ?, reminded = 0 WHERE id = ?",
                              (_iso(deadline), _iso(remind_at), game_id))

    async def set_settings(self, game_id: int, settings: dict[str, Any], timers: Timers) -> None:
        async with self._tx():
            await self.db.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))
            await self._set_timers(game_id, timers)

    async def guild_settings(self, guild_id: int | None) -> dict[str, Any]:
        """A server's defaults for new tables ({} when it set none)."""
        async with self.db.execute("SELECT settings FROM guild_settings WHERE guild_id IS ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._tx():
            await self.db.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
                                  "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                                  (guild_id, json.dumps(settings)))

    async def due(self, now: datetime) -> list[tuple[int, str]]:
        """Running games whose deadline ("timeout") or reminder time ("remind") has come."""
        stamp = now.isoformat()
        async with self.db.execute(
                "SELECT id, CASE WHEN deadline IS NOT NULL AND deadline <= ? THEN 'timeout' ELSE 'remind' END "
                "FROM games WHERE status = 'running' AND ((deadline IS NOT NULL AND deadline <= ?) "
                "OR (remind_at IS NOT NULL AND reminded = 0 AND remind_at <= ?)) ORDER BY id",
                (stamp, stamp, stamp)) as cur:
            return [(int(r[0]), str(r[1])) for r in await cur.fetchall()]

    async def next_due(self) -> datetime | None:
        async with self.db.execute(
                "SELECT MIN(t) FROM (SELECT MIN(deadline) AS t FROM games WHERE status = 'running' "
                "UNION ALL SELECT MIN(remind_at) FROM games WHERE status = 'running' AND reminded = 0)") as cur:
            row = await cur.fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    async def mark_reminded(self, game_id: int) -> None:
        async with self._tx():
            await self.db.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))

    async def _bump(self, game_id: int, expected_version: int) -> None:
        cur = await self.db.execute("UPDATE games SET version = version + 1 WHERE id = ? AND version = ?",
                                    (game_id, expected_version))
        if cur.rowcount != 1:
            raise StaleVersion(game_id)

    # -- moves -----------------------------------------------------------------

    async def commit_move(self, game_id: int, *, expected_version: int, state: str, status: str, seat: int,
                          action: dict[str, Any], events: list[dict[str, Any]], interaction_id: str | None,
                          now: datetime, timers: Timers = (None, None)) -> int:
        """Append the action and write the new state in one transaction; returns the new version."""
        async with self._tx():
            cur = await self.db.execute(
                "UPDATE games SET state = ?, status = ?, version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?", (state, status, now.isoformat(), game_id, expected_version))
            if cur.rowcount != 1:
                raise StaleVersion(game_id)
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at) "
                "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?), ?, ?, ?, ?, ?)",
                (game_id, game_id, seat, json.dumps(action), json.dumps(events), interaction_id, now.isoformat()))
            await self._set_timers(game_id, timers)
        return expected_version + 1

    async def truncate_actions(self, game_id: int, *, keep: int, expected_version: int, state: str,
                               now: datetime) -> None:
        """Drop the log after `keep` actions and store the state they replay to (undo)."""
        async with self._tx():
            await self._bump(game_id, expected_version)
            await self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            await self.db.execute("UPDATE games SET state = ?, updated_at = ? WHERE id = ?",
                                  (state, now.isoformat(), game_id))

    async def find_interaction(self, interaction_id: str) -> tuple[int, ActionRow] | None:
        async with self.db.execute("SELECT game_id, seq, seat, action, events, interaction_id FROM actions "
                                   "WHERE interaction_id = ?", (interaction_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return row[0], ActionRow(row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5])

    async def actions(self, game_id: int) -> list[ActionRow]:
        async with self.db.execute("SELECT seq, seat, action, events, interaction_id FROM actions "
                                   "WHERE game_id = ? ORDER BY seq", (game_id,)) as cur:
            return [ActionRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4]) for r in await cur.fetchall()]

    async def finished_seats(self, guild_id: int | None) -> list[tuple[int, str, str, int, int]]:
        """(game id, type, final state, seat, user) for every person who played a game of this server to the end."""
        async with self.db.execute(
                "SELECT g.id, g.game_type, g.state, s.seat, s.user_id FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE g.guild_id IS ? AND g.status = 'finished' AND s.user_id IS NOT NULL AND s.left = 0 "
                "ORDER BY g.id", (guild_id,)) as cur:
            return [(int(r[0]), r[1], r[2], int(r[3]), int(r[4])) for r in await cur.fetchall()]

    async def anonymize_user(self, user_id: int) -> int:
        """Remove a user's id from every stored game (seats become nameless); returns the rows changed."""
        async with self._tx():
            seats = await self.db.execute("UPDATE seats SET user_id = NULL WHERE user_id = ?", (user_id,))
            games = await self.db.execute("UPDATE games SET created_by = 0 WHERE created_by = ?", (user_id,))
        return seats.rowcount + games.rowcount

    # -- delivery bookkeeping --------------------------------------------------

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        async with self._tx():
            await self.db.execute("UPDATE seats SET dm_ok = ? WHERE game_id = ? AND user_id = ?",
                                  (int(ok), game_id, user_id))

    async def message(self, game_id: int, kind: str) -> int | None:
        """The newest message of a kind, if one was posted."""
        async with self.db.execute("SELECT message_id FROM messages WHERE game_id = ? AND kind = ?",
                                   (game_id, kind)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    async def swap_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> int | None:
        """Remember the newest message of a kind (e.g. the board); returns the one it replaces."""
        async with self._tx():
            previous = await self.message(game_id, kind)
            await self.db.execute("INSERT OR REPLACE INTO messages (game_id, kind, channel_id, message_id) "
                                  "VALUES (?, ?, ?, ?)", (game_id, kind, channel_id, message_id))
        return previous
