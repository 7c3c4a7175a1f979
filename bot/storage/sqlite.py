"""The SQLite backend (DESIGN §3): one file, WAL, synchronous=FULL; the embedded default.

Every change is one transaction whose game update is guarded by the version column, so
two writers can never both apply a change to the same board; the outbox rows and jobs the
change causes are written in that same transaction, so a crash never keeps one without
the other.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import Rater, Storage, migrations
from bot.storage.rows import (
    GAME_COLUMNS,
    HELD,
    OUTBOX_COLUMNS,
    RATING_COLUMNS,
    ActionRow,
    BoardMessage,
    Effects,
    GameRow,
    InstanceTaken,
    JobRow,
    OutboxItem,
    OutboxRow,
    Rating,
    ResultSeat,
    SeatRow,
    StaleVersion,
    user_player,
)

log = logging.getLogger(__name__)


def outbox_item(r: Any) -> OutboxItem:
    """A claimed outbox row, read in `OUTBOX_COLUMNS`' order."""
    return OutboxItem(*r[:5], json.loads(r[5]), r[6], datetime.fromisoformat(r[7]), r[8])


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def statements(script: str) -> list[str]:
    """A migration script's statements, cut where SQLite itself says one ends: a `;` inside a comment
    or a string ends nothing.  What follows the last `;` (comments, or a statement without one) is
    run as it is, so that an unfinished statement fails loudly."""
    *pieces, tail = script.split(";")
    out, pending = [], ""
    for piece in pieces:
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            out.append(pending)
            pending = ""
    if (pending + tail).strip():
        out.append(pending + tail)
    return out


class SqliteStorage(Storage):
    """Games, seats, the action log, the outbox and jobs in one SQLite file."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._owner_file: Any = None
        """The lock file held while this process runs on the database (`take_back`)."""

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[None]:
        """One write transaction at a time on this connection; rolled back on any error. SQLite's own
        failures (disk full, read-only, I/O error) become `StorageUnavailable` (`Storage.unavailable`)."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    try:
                        await self.db.execute("ROLLBACK")
                    except sqlite3.Error as err:  # SQLite may have rolled back already (a full disk)
                        log.debug("rollback: %s", err)
                    raise
                await self.db.execute("COMMIT")
                self.saved()
            except sqlite3.OperationalError as err:
                if self.db.in_transaction:
                    with suppress(sqlite3.Error):
                        await self.db.execute("ROLLBACK")
                raise self.unavailable(f"SQLite {self.path}: {err}") from err

    @classmethod
    async def open(cls, path: Path | str) -> SqliteStorage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db, str(path))
        await store.migrate()
        await store._restart()
        return store

    async def _restart(self) -> None:
        """One process owns a SQLite file, so every lease in it belonged to a process that is gone; and a
        start is the moment to try again what was waiting for Discord."""
        async with self._tx():
            await self.db.execute("UPDATE outbox SET lease_owner = NULL, lease_until = NULL, "
                                  "next_try = MIN(next_try, ?) WHERE done_at IS NULL AND next_try < ?",
                                  (datetime.now(UTC).isoformat(), HELD.isoformat()))
            await self.db.execute("UPDATE jobs SET lease_owner = NULL, lease_until = NULL")

    async def close(self) -> None:
        await self.db.close()
        if self._owner_file is not None:
            self._owner_file.close()  # the lock goes with the file
            self._owner_file = None

    async def migrate(self) -> int:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row and row[0] is not None else 0
        for number, sql in migrations("sqlite"):
            if number <= current:
                continue
            async with self._tx():
                for statement in statements(sql):
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
        async with self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self.db.execute("SELECT s.seat, s.user_id, s.is_ai, s.dm_ok, s.left, u.notify, s.ai_level, p.name "
                                   "FROM seats s LEFT JOIN user_settings u ON u.user_id = s.user_id "
                                   "LEFT JOIN people p ON p.user_id = s.user_id AND p.guild_id = ? "
                                   "WHERE s.game_id = ? ORDER BY s.seat", (row[1] or 0, game_id)) as cur:
            seats = [SeatRow(r[0], r[1], bool(r[2]), bool(r[3]), bool(r[4]), r[5], r[6], r[7])
                     for r in await cur.fetchall()]
        return GameRow(row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]), json.loads(row[7]),
                       row[8], row[9], row[10], row[11], row[12], seats, row[13])

    async def active_in_channel(self, channel_id: int) -> int | None:
        async with self.db.execute(
                "SELECT id FROM games WHERE (thread_id = ? OR (channel_id = ? AND NOT coalesce(json_extract("
                "settings, '$.practice'), 0))) AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1",
                (channel_id, channel_id)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    async def games_of_user(self, user_id: int) -> list[int]:
        async with self.db.execute(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND s.left = 0 "
                "AND g.status IN ('lobby', 'running') ORDER BY g.id", (user_id,)) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def _bump(self, game_id: int, expected_version: int, now: datetime) -> int:
        cur = await self.db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (now.isoformat(), game_id, expected_version))
        if cur.rowcount != 1:
            raise StaleVersion(game_id)
        return expected_version + 1

    async def _effects(self, game_id: int, version: int, effects: Effects, now: datetime) -> None:
        """Write what a change causes: outbox rows, the re-planned jobs, the result, the settings."""
        stamp = now.isoformat()
        if effects.settings is not None:
            await self.db.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(effects.settings), game_id))
        if effects.outbox:
            await self.db.executemany(
                "INSERT INTO outbox (game_id, version, kind, target, payload, next_try, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, version, m.kind, m.target, json.dumps(m.payload), HELD.isoformat() if m.held else stamp,
                  stamp) for m in effects.outbox])
        if effects.release:
            await self.db.execute("UPDATE outbox SET next_try = ? WHERE game_id = ? AND done_at IS NULL "
                                  "AND next_try = ?", (stamp, game_id, HELD.isoformat()))
        if effects.jobs is not None:
            await self.db.execute("DELETE FROM jobs WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO jobs (game_id, kind, due, for_version) VALUES (?, ?, ?, ?)",
                [(game_id, j.kind, j.due.isoformat(), version) for j in effects.jobs])
            await self.db.execute("UPDATE games SET deadline = ? WHERE id = ?", (_iso(effects.deadline), game_id))
        if effects.result is not None:
            await self.db.execute(
                "INSERT OR IGNORE INTO results (game_id, game_type, guild_id, finished_at) "
                "SELECT id, game_type, guild_id, ? FROM games WHERE id = ?", (stamp, game_id))
            await self.db.executemany(
                "INSERT OR IGNORE INTO result_seats (game_id, seat, user_id, won, place, ai) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, int(s.won), s.place, s.ai) for s in effects.result])

    async def set_seats(self, game_id: int, seats: list[SeatRow], *, expected_version: int, now: datetime,
                        effects: Effects | None = None) -> int:
        async with self._tx():
            version = await self._bump(game_id, expected_version, now)
            await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, is_ai, dm_ok, left, ai_level) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, int(s.is_ai), int(s.dm_ok), int(s.left), s.level if s.is_ai else None)
                 for s in seats])
            await self._effects(game_id, version, effects or Effects(), now)
        return version

    async def set_status(self, game_id: int, status: str, *, expected_version: int, now: datetime,
                         state: str | None = None, effects: Effects | None = None) -> int:
        async with self._tx():
            version = await self._bump(game_id, expected_version, now)
            await self.db.execute("UPDATE games SET status = ?, state = COALESCE(?, state) WHERE id = ?",
                                  (status, state, game_id))
            await self._effects(game_id, version, effects or Effects(), now)
        return version

    async def set_settings(self, game_id: int, settings: dict[str, Any], *, expected_version: int, now: datetime,
                           effects: Effects | None = None) -> int:
        async with self._tx():
            version = await self._bump(game_id, expected_version, now)
            await self.db.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))
            await self._effects(game_id, version, effects or Effects(), now)
        return version

    async def set_paused(self, game_id: int, reason: str | None, *, effects: Effects | None = None,
                         now: datetime) -> bool:
        """Pause (reason) or resume (None) a game; True when that changed anything."""
        async with self._tx():
            cur = await self.db.execute("UPDATE games SET paused = ? WHERE id = ? AND paused IS NOT ?",
                                        (reason, game_id, reason))
            changed = cur.rowcount == 1
            if changed and effects is not None:
                async with self.db.execute("SELECT version FROM games WHERE id = ?", (game_id,)) as read:
                    version = (await read.fetchone())[0]
                await self._effects(game_id, version, effects, now)
        return changed

    async def guild_settings(self, guild_id: int | None) -> dict[str, Any]:
        async with self.db.execute("SELECT settings FROM guild_settings WHERE guild_id IS ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._tx():
            await self.db.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
                                  "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                                  (guild_id, json.dumps(settings)))

    async def notify_setting(self, user_id: int) -> str | None:
        async with self.db.execute("SELECT notify FROM user_settings WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def set_notify(self, user_id: int, notify: str) -> None:
        async with self._tx():
            await self.db.execute("INSERT INTO user_settings (user_id, notify) VALUES (?, ?) "
                                  "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, notify))

    async def set_name(self, guild_id: int | None, user_id: int, name: str) -> None:
        async with self._tx():
            await self.db.execute("INSERT INTO people (guild_id, user_id, name) VALUES (?, ?, ?) "
                                  "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                                  (guild_id or 0, user_id, name))

    async def names(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        marks = ", ".join("?" * len(user_ids))
        async with self.db.execute(f"SELECT user_id, name FROM people WHERE guild_id = ? AND user_id IN ({marks})",
                                   (guild_id or 0, *user_ids)) as cur:
            return {int(r[0]): r[1] for r in await cur.fetchall()}

    async def meta(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._tx():
            await self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    # -- moves -----------------------------------------------------------------

    async def commit_move(self, game_id: int, *, expected_version: int, state: str, status: str, seat: int,
                          action: dict[str, Any], events: list[dict[str, Any]], interaction_id: str | None,
                          now: datetime, effects: Effects | None = None) -> int:
        async with self._tx():
            version = await self._bump(game_id, expected_version, now)
            await self.db.execute("UPDATE games SET state = ?, status = ? WHERE id = ?", (state, status, game_id))
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at) "
                "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?), ?, ?, ?, ?, ?)",
                (game_id, game_id, seat, json.dumps(action), json.dumps(events), interaction_id, now.isoformat()))
            await self._effects(game_id, version, effects or Effects(), now)
        return version

    async def truncate_actions(self, game_id: int, *, keep: int, expected_version: int, state: str,
                               now: datetime, effects: Effects | None = None) -> int:
        async with self._tx():
            version = await self._bump(game_id, expected_version, now)
            await self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            await self.db.execute("UPDATE games SET state = ? WHERE id = ?", (state, game_id))
            await self._effects(game_id, version, effects or Effects(), now)
        return version

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

    # -- results ---------------------------------------------------------------

    async def finished_without_result(self) -> list[int]:
        async with self.db.execute("SELECT id FROM games WHERE status = 'finished' "
                                   "AND id NOT IN (SELECT game_id FROM results) ORDER BY id") as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def record_result(self, game_id: int, seats: list[Any], now: datetime) -> None:
        async with self._tx():
            await self._effects(game_id, 0, Effects(result=seats), now)

    async def tally(self, guild_id: int | None) -> list[tuple[str, int, int, int]]:
        async with self.db.execute(
                "SELECT r.game_type, s.user_id, SUM(s.won), COUNT(*) FROM results r "
                "JOIN result_seats s ON s.game_id = r.game_id WHERE r.guild_id IS ? AND s.user_id IS NOT NULL "
                "GROUP BY r.game_type, s.user_id", (guild_id,)) as cur:
            return [(r[0], int(r[1]), int(r[2]), int(r[3])) for r in await cur.fetchall()]

    async def anonymize_user(self, user_id: int) -> int:
        async with self._tx():
            seats = await self.db.execute("UPDATE seats SET user_id = NULL WHERE user_id = ?", (user_id,))
            games = await self.db.execute("UPDATE games SET created_by = 0 WHERE created_by = ?", (user_id,))
            results = await self.db.execute("UPDATE result_seats SET user_id = NULL WHERE user_id = ?", (user_id,))
            ratings = await self.db.execute("DELETE FROM ratings WHERE player = ?", (user_player(user_id),))
            await self.db.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await self.db.execute("DELETE FROM people WHERE user_id = ?", (user_id,))
            await self.db.execute("DELETE FROM outbox WHERE target = ? AND done_at IS NULL", (user_id,))
        return seats.rowcount + games.rowcount + results.rowcount + ratings.rowcount

    # -- ratings ---------------------------------------------------------------

    async def unrated_results(self) -> list[int]:
        async with self.db.execute("SELECT game_id FROM results WHERE rated = 0 ORDER BY finished_at, game_id") as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def rate_result(self, game_id: int, rate: Rater) -> bool:
        async with self._tx():
            async with self.db.execute("SELECT game_type, guild_id FROM results WHERE game_id = ? AND rated = 0",
                                       (game_id,)) as cur:
                found = await cur.fetchone()
            if found is None:
                return False
            game_type, guild_id = found
            async with self.db.execute("SELECT seat, user_id, won, place, ai FROM result_seats WHERE game_id = ? "
                                       "ORDER BY seat", (game_id,)) as cur:
                seats = [ResultSeat(r[0], r[1], bool(r[2]), r[3], r[4]) for r in await cur.fetchall()]
            players = sorted({s.player for s in seats if s.player})
            marks = ",".join("?" * len(players))
            for scope in dict.fromkeys((guild_id or 0, 0)):  # the server's ratings, then everyone's
                async with self.db.execute(
                        f"SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = ? AND scope = ? "
                        f"AND player IN ({marks})", (game_type, scope, *players)) as cur:
                    current = {r[0]: Rating(*r) for r in await cur.fetchall()}
                await self.db.executemany(
                    f"INSERT OR REPLACE INTO ratings (game_type, scope, {RATING_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_type, scope, r.player, r.mu, r.sigma, r.ordinal, r.games, r.wins)
                     for r in rate(seats, current)])
            await self.db.execute("UPDATE results SET rated = 1 WHERE game_id = ?", (game_id,))
        return True

    async def leaderboard(self, game_type: str, scope: int, limit: int) -> list[Rating]:
        async with self.db.execute(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = ? AND scope = ? "
                "ORDER BY ordinal DESC, games DESC, player LIMIT ?", (game_type, scope, limit)) as cur:
            return [Rating(*r) for r in await cur.fetchall()]

    async def ratings_of(self, player: str, scope: int) -> dict[str, Rating]:
        async with self.db.execute(f"SELECT game_type, {RATING_COLUMNS} FROM ratings WHERE player = ? AND scope = ? "
                                   "ORDER BY game_type", (player, scope)) as cur:
            return {r[0]: Rating(*r[1:]) for r in await cur.fetchall()}

    # -- the outbox ------------------------------------------------------------

    async def claim_outbox(self, *, now: datetime, owner: str, lease: timedelta, limit: int,
                           hold: timedelta, busy: Collection[int] = (), skip: Collection[int] = ()) -> list[OutboxItem]:
        stamp = now.isoformat()
        waiting = ",".join(str(int(g)) for g in busy)
        skipped = ",".join(str(int(g)) for g in skip)
        async with self._tx():
            cur = await self.db.execute(
                "UPDATE outbox SET lease_owner = ?, lease_until = ?, claims = claims + 1 WHERE id IN ("
                " SELECT o.id FROM outbox o WHERE o.done_at IS NULL AND o.next_try <= ?"
                " AND (o.lease_until IS NULL OR o.lease_until < ?)"
                " AND NOT (o.kind = 'board' AND o.game_id IN ("  # games whose newest board is recent, AI moving
                "  SELECT b.game_id FROM outbox b JOIN jobs j ON j.game_id = b.game_id AND j.kind = 'ai_turn'"
                "  AND j.due < ? WHERE b.kind = 'board' AND b.done_at IS NULL AND b.created_at > ?))"
                + (f" AND NOT (o.kind = 'board' AND o.game_id IN ({waiting}))" if waiting else "")
                + (f" AND o.game_id NOT IN ({skipped})" if skipped else "") +
                " ORDER BY o.id LIMIT ?) "
                f"RETURNING {OUTBOX_COLUMNS}",
                (owner, (now + lease).isoformat(), stamp, stamp, (now + hold).isoformat(), (now - hold).isoformat(),
                 limit))
            rows = await cur.fetchall()
        return sorted(map(outbox_item, rows), key=lambda item: item.id)

    async def pending_boards(self, game_id: int, up_to: int) -> list[OutboxItem]:
        async with self.db.execute(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox "
                "WHERE game_id = ? AND kind = 'board' AND done_at IS NULL AND id <= ? ORDER BY id",
                (game_id, up_to)) as cur:
            return [outbox_item(r) for r in await cur.fetchall()]

    async def shown_boards(self, game_id: int, limit: int) -> list[OutboxItem]:
        async with self.db.execute(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND kind = 'board' "
                "AND done_at IS NOT NULL AND error IS NULL ORDER BY id DESC LIMIT ?", (game_id, limit)) as cur:
            return [outbox_item(r) for r in reversed(await cur.fetchall())]

    async def newer_pending(self, item: OutboxItem) -> bool:
        async with self.db.execute(
                "SELECT 1 FROM outbox WHERE game_id = ? AND kind = ? AND target IS ? AND id > ? AND done_at IS NULL "
                "LIMIT 1", (item.game_id, item.kind, item.target, item.id)) as cur:
            return await cur.fetchone() is not None

    async def outbox_done(self, ids: list[int], *, now: datetime, error: str | None = None) -> None:
        async with self._tx():
            await self._mark_done(ids, now, error)

    async def _mark_done(self, ids: list[int], now: datetime, error: str | None = None) -> None:
        await self.db.executemany("UPDATE outbox SET done_at = ?, error = ?, lease_owner = NULL, lease_until = NULL "
                                  "WHERE id = ?", [(now.isoformat(), error, i) for i in ids])

    async def _version(self, game_id: int) -> int:
        async with self.db.execute("SELECT version FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def outbox_retry(self, item_id: int, *, next_try: datetime, error: str, failed: bool = True) -> None:
        async with self._tx():
            await self.db.execute("UPDATE outbox SET attempts = attempts + ?, next_try = ?, error = ?, "
                                  "lease_owner = NULL, lease_until = NULL WHERE id = ?",
                                  (int(failed), next_try.isoformat(), error, item_id))

    async def emit(self, game_id: int, rows: list[OutboxRow], *, now: datetime, done_job: JobRow | None = None) -> None:
        async with self._tx():
            await self._effects(game_id, await self._version(game_id), Effects(outbox=rows), now)
            if done_job is not None:
                await self._finish_job(done_job)

    async def refuse_dms(self, game_id: int, user_id: int, *, notice: OutboxRow, now: datetime) -> bool:
        async with self._tx():
            cur = await self.db.execute("UPDATE seats SET dm_ok = 0 WHERE game_id = ? AND user_id = ? AND dm_ok = 1",
                                        (game_id, user_id))
            changed = cur.rowcount > 0
            if changed:
                await self._effects(game_id, await self._version(game_id), Effects(outbox=[notice]), now)
        return changed

    async def board_message(self, game_id: int) -> BoardMessage | None:
        async with self.db.execute("SELECT channel_id, message_id, version FROM messages "
                                   "WHERE game_id = ? AND kind = 'board'", (game_id,)) as cur:
            row = await cur.fetchone()
        return BoardMessage(int(row[0]), int(row[1]), int(row[2])) if row else None

    async def record_board(self, game_id: int, board: BoardMessage, done: list[int], now: datetime,
                           caused: list[OutboxRow] | None = None) -> None:
        async with self._tx():
            await self.db.execute("INSERT OR REPLACE INTO messages (game_id, kind, channel_id, message_id, version) "
                                  "VALUES (?, 'board', ?, ?, ?)",
                                  (game_id, board.channel_id, board.message_id, board.version))
            await self._mark_done(done, now)
            await self._effects(game_id, board.version, Effects(outbox=caused or []), now)

    # -- jobs ------------------------------------------------------------------

    async def claim_jobs(self, *, now: datetime, owner: str, lease: timedelta, limit: int) -> list[JobRow]:
        stamp = now.isoformat()
        async with self._tx():
            cur = await self.db.execute(
                "UPDATE jobs SET lease_owner = ?, lease_until = ? WHERE rowid IN ("
                " SELECT j.rowid FROM jobs j JOIN games g ON g.id = j.game_id WHERE j.due <= ?"
                " AND (j.lease_until IS NULL OR j.lease_until < ?) AND (g.paused IS NULL OR j.kind = 'ai_turn')"
                " ORDER BY j.due LIMIT ?) RETURNING game_id, kind, due, for_version, attempts",
                (owner, (now + lease).isoformat(), stamp, stamp, limit))
            rows = await cur.fetchall()
        return sorted((JobRow(r[0], r[1], datetime.fromisoformat(r[2]), r[3], r[4]) for r in rows),
                      key=lambda j: (j.due, j.game_id, j.kind))

    async def finish_job(self, job: JobRow) -> None:
        async with self._tx():
            await self._finish_job(job)

    async def _finish_job(self, job: JobRow) -> None:
        await self.db.execute("DELETE FROM jobs WHERE game_id = ? AND kind = ? AND for_version = ?",
                              (job.game_id, job.kind, job.for_version))

    async def retry_job(self, job: JobRow, *, due: datetime) -> None:
        async with self._tx():
            await self.db.execute("UPDATE jobs SET attempts = attempts + 1, due = ?, lease_owner = NULL, "
                                  "lease_until = NULL WHERE game_id = ? AND kind = ? AND for_version = ?",
                                  (due.isoformat(), job.game_id, job.kind, job.for_version))

    async def next_job_due(self) -> datetime | None:
        async with self.db.execute("SELECT MIN(j.due) FROM jobs j JOIN games g ON g.id = j.game_id "
                                   "WHERE g.paused IS NULL OR j.kind = 'ai_turn'") as cur:
            row = await cur.fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    async def take_back(self, owner: str, lost: Callable[[], None] | None = None) -> None:
        """One process owns a SQLite file, whatever its id: a lock file beside the database (released by the
        system when the process dies) refuses a second one. Every lease was freed when the file was opened.
        A file lock is never taken from a live process, so `lost` is never called."""
        if self.path == ":memory:":
            return
        handle = open(f"{self.path}.owner", "a+")  # noqa: SIM115 (held open for the process's life)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise InstanceTaken(f"another bot process already runs on the SQLite database {self.path}; "
                                "a SQLite database serves one process (use PostgreSQL for several)") from None
        handle.seek(0)
        handle.truncate()
        handle.write(owner)
        handle.flush()
        self._owner_file = handle

    async def ping(self) -> None:
        async with self.db.execute("SELECT 1") as cur:
            await cur.fetchone()

    async def games_running(self) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM games WHERE status = 'running'") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def listen(self, wake: Callable[[], None]) -> None:
        """One process owns the file: its service wakes its own workers, nobody else writes (and the
        only leases are its own, on what it is doing now, so the next due times need not wait for them)."""

    async def next_outbox_try(self) -> datetime | None:
        async with self.db.execute("SELECT MIN(next_try) FROM outbox WHERE done_at IS NULL") as cur:
            row = await cur.fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    # -- housekeeping ----------------------------------------------------------

    async def backup(self, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        async with aiosqlite.connect(str(target)) as copy:
            await self.db.backup(copy)

    async def prune(self, *, before: datetime) -> int:
        async with self._tx():
            await self.db.execute("DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < ?",
                                  (before.isoformat(),))
            cur = await self.db.execute("DELETE FROM games WHERE status IN ('finished', 'abandoned') "
                                        "AND updated_at < ?", (before.isoformat(),))
        return cur.rowcount
