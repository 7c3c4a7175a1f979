"""The PostgreSQL backend (DESIGN §3, §10): asyncpg and a connection pool, for several processes on one database.

The guarantees are SQLite's: every change is one transaction whose game update is guarded by
the version column (`UPDATE … WHERE id = $1 AND version = $2`), and the outbox rows and jobs it
causes are written in that transaction. What differs is that other processes share the tables:
outbox rows and jobs are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so any live
process drains them without waiting on another, and a dead process's claims are taken over
when their lease runs out — never cleared at start-up, since other processes may hold them.
Every write of outbox rows or jobs also sends a NOTIFY on `WORK_CHANNEL`, so the other
processes' delivery and scheduler wake for work they did not cause (`listen`).
Every call has a time limit (`pgcalls`), and a process's instance id is held by a beat that tells a stall of the
database, waited out, and the end of the process's session, after which it takes the id again on a new one, from
the loss of the id to another process, after which the process stops (`_beat`, DESIGN §10).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.base import Rater, Storage, migrations
from bot.storage.pgcalls import CALL_SECONDS, UNAVAILABLE, Calls, Cut
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

JOB_COLUMNS = "game_id, kind, due, for_version, attempts"
MIGRATION_LOCK = 0x46524F4E  # one process migrates at a time: the others wait, then find nothing to do
RATING_LOCK = 0x52415445  # one rating at a time per game type across processes (no lost update of a rating)
WORK_CHANNEL = "frontier_work"
"""Notified (on commit) whenever outbox rows or jobs are written or put back for a retry."""
NOTIFY_WORK = f"SELECT pg_notify('{WORK_CHANNEL}', '')"
BEAT_SECONDS = 2.0
"""How often the process holding an instance id says it is alive (`instances.beat`, the server's clock)."""
STALE_SECONDS = 6.0
"""A holder whose beat is older than this is dead (its host died, its session lingers): three beats missed, so a
live process slowed by load is never taken for dead, and a restart is back within 10 s of the death."""
OWNER_POLL_SECONDS = 0.2
HOLDER = ("SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
          "AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($1, 0)")
"""The session holding an instance id's advisory lock (a bigint key is stored as its two halves)."""
RETAKE_SECONDS = 60.0
"""How long a process whose session ended waits for a database that refuses every connection (a restart, a
failover's read-only moments) before it gives the id up; a database that is only silent is given `STALE_SECONDS`."""
REFUSED = (ConnectionRefusedError, asyncpg.exceptions.CannotConnectNowError,
           asyncpg.exceptions.ReadOnlySQLTransactionError)
"""Failures by which the server turns everyone away (not down, or starting, or read-only): no successor can take an
id meanwhile either."""
MIGRATION_SECONDS = 600.0
"""A migration's statements (and the wait for another process's migration) may take this long, not `CALL_SECONDS`:
an index built on a large table takes minutes."""
OPERATOR_SECONDS = 3600.0
"""The time limit of each statement of an operator's long command (`migrate-db` copying a database, `prune`
deleting a year of games, their checks counting every row), in place of the bot's `CALL_SECONDS`, which is sized
for a move: such a statement takes minutes on a large database, and cutting it at 10 s rolls the whole command
back. Still a limit, not none: a command on a link that went silent ends within the hour rather than never."""


class Word(Enum):
    """What the database says of a process's instance id when it beats (`PostgresStorage._beat`)."""

    RENEWED = "the beat is renewed (or the id was taken again on a new session)"
    STALLED = "the beat waits (a lock, a slow disk), but the id is still this session's"
    ENDED = "this process's session is over (its connection closed, or no session holds the id): take it again"
    DOWN = "the server refuses every connection for now (restarting, read-only): no one can take the id meanwhile"
    TAKEN = "another session holds the id, or held it since this process's session ended"


async def _renew(con: asyncpg.Connection, owner: str) -> int | BaseException:
    """One beat from the lock's own session: 1 when renewed, 0 when the id is no longer this session's, or why the
    server did not answer (returned, so that a renewal given up on raises nowhere). Any failure is a beat that did
    not get through, then judged by the session's state and the server's word (`PostgresStorage._word`): asyncpg
    refuses a statement on a session the server has just ended (its last error read, its close not yet) with an
    `InternalClientError` ("another operation is in progress"), which once killed the beat itself."""
    try:
        return _count(await con.execute("UPDATE instances SET beat = now() WHERE owner = $1 "
                                        "AND backend = pg_backend_pid()", owner))
    except Exception as err:
        return err


async def holder_of(url: str, owner: str) -> int | None:
    """The session holding an id's lock, asked from a session of its own (the pool's may all be waiting), within
    `BEAT_SECONDS`; it reads no table, so a lock on one cannot hold it up."""
    con = await asyncpg.connect(url, timeout=BEAT_SECONDS, command_timeout=BEAT_SECONDS)
    try:
        holder: int | None = await con.fetchval(HOLDER, owner)
        return holder
    finally:
        con.terminate()


def _count(status: str) -> int:
    """The row count of a command tag such as `UPDATE 3`."""
    return int(status.rsplit(" ", 1)[-1])


def _gone(con: asyncpg.Connection) -> bool:
    """Whether a pool connection's session is over: closed, or handed back to the pool by asyncpg when the
    server ended it (the proxy then refuses every call)."""
    try:
        return con.is_closed()
    except asyncpg.InterfaceError:
        return True


def _drop(con: asyncpg.Connection) -> None:
    """Close a pool connection at once, its session (and any lock it holds) with it; nothing if it is closed."""
    with contextlib.suppress(asyncpg.InterfaceError):
        con.terminate()


def outbox_item(r: asyncpg.Record) -> OutboxItem:
    return OutboxItem(r["id"], r["game_id"], r["version"], r["kind"], r["target"], json.loads(r["payload"]),
                      r["attempts"], r["created_at"], r["claims"])


def _job(r: asyncpg.Record) -> JobRow:
    return JobRow(r["game_id"], r["kind"], r["due"], r["for_version"], r["attempts"])


class PostgresStorage(Storage):
    """Games, seats, the action log, the outbox and jobs in one PostgreSQL database shared by processes."""

    def __init__(self, pool: asyncpg.Pool, url: str, call_seconds: float, cut: Cut) -> None:
        self.pool = pool
        self._cut = cut
        """How the pool opens connections, until `abandon`."""
        self.url = url
        self.call_seconds = call_seconds
        """The time limit of every statement and of every wait for a pool connection (`CALL_SECONDS`)."""
        self.db = Calls(pool, self.unavailable, call_seconds)
        """The pool's one-statement calls, with their time limits."""
        self._listener: tuple[Any, Callable[..., None]] | None = None
        """The pool connection kept for LISTEN and its callback, once `listen` was called."""
        self._owner: Any = None
        """The pool connection holding this process's instance lock, once `take_back` was called."""
        self._owner_id = ""
        self._beating: asyncio.Task[None] | None = None
        """The heartbeat of that lock (`_beat`), while it is held."""

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10,
                   call_seconds: float = CALL_SECONDS) -> PostgresStorage:
        cut = Cut()
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=call_seconds,
                                         command_timeout=call_seconds, connect=cut.connect)
        store = cls(pool, url, call_seconds, cut)
        try:
            await store.migrate()
            await store._restart()
        except BaseException:
            pool.terminate()
            raise
        return store

    async def _restart(self) -> None:
        """A start is the moment to try again what was waiting for Discord — but only rows no live
        process holds: another process's lease is its own until it runs out."""
        await self.db.execute("UPDATE outbox SET next_try = LEAST(next_try, $1) WHERE done_at IS NULL "
                              "AND (lease_until IS NULL OR lease_until < $1) AND next_try < $2",
                              datetime.now(UTC), HELD)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[asyncpg.Connection]:
        """One connection of the pool in one transaction; rolled back on any error. A server that is gone,
        silent, read-only or out of disk raises `StorageUnavailable`."""
        try:
            async with self.pool.acquire(timeout=self.call_seconds) as con, con.transaction():
                yield con
            self.saved()
        except UNAVAILABLE as err:
            raise self.unavailable(f"PostgreSQL: {err!r}") from err

    async def close(self) -> None:
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beating
            self._beating = None
        if self._owner is not None:
            con, self._owner = self._owner, None
            with contextlib.suppress(*UNAVAILABLE):
                await con.execute("DELETE FROM instances WHERE owner = $1 AND backend = pg_backend_pid()",
                                  self._owner_id, timeout=BEAT_SECONDS)
            await self.pool.release(con)  # and the instance lock with the session's end
        if self._listener is not None:
            con, heard = self._listener
            self._listener = None
            with contextlib.suppress(*UNAVAILABLE):  # its session may have ended (a failover) and not been renewed
                await con.remove_listener(WORK_CHANNEL, heard)
                await self.pool.release(con)
        try:
            await asyncio.wait_for(self.pool.close(), self.call_seconds)
        except TimeoutError:  # a connection still in use past every time limit
            self.pool.terminate()

    async def abandon(self) -> None:
        """Another process may run under this one's id: nothing more is written. Every connection, and every one
        being opened, is cut at once, so each call waiting on one fails now (`StorageUnavailable`) rather than at
        its time limit."""
        if self._beating is not None:
            self._beating.cancel()
        self._cut.cut()
        self.pool.terminate()

    async def take_back(self, owner: str, lost: Callable[[], None] | None = None) -> None:
        """A session-level advisory lock on the id, held by one pool connection for the process's life, and a
        beat renewed from that session every `BEAT_SECONDS`; then this id's leases are freed.

        A process killed on a live host loses its session, and the lock with it, at once.  A dead host's
        session lingers (no close reaches the server) but stops beating: once its beat is `STALE_SECONDS` old
        the session is ended here (`pg_terminate_backend`) and the lock taken.  A holder seen beating is alive:
        refused at once.  A session of this process's that ends (a failover, a server restart, an operator's
        `pg_terminate_backend`) costs no restart: the id is taken again on a new session unless another took it
        meanwhile (`_beat`, `_retake`).  `lost` is called if the id is ever taken from this process."""
        try:
            con = await self.pool.acquire(timeout=self.call_seconds)
        except UNAVAILABLE as err:
            raise self.unavailable(f"PostgreSQL: {err!r}") from err
        try:
            await self._lock(con, owner)
            async with con.transaction():
                await con.execute("INSERT INTO instances (owner, backend, beat) VALUES ($1, pg_backend_pid(), now()) "
                                  "ON CONFLICT (owner) DO UPDATE SET backend = EXCLUDED.backend, beat = now()", owner)
                await con.execute("UPDATE outbox SET lease_owner = NULL, lease_until = NULL "
                                  "WHERE lease_owner = $1 AND done_at IS NULL", owner)
                await con.execute("UPDATE jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1",
                                  owner)
                await con.execute(NOTIFY_WORK)
        except BaseException as err:
            await self.pool.release(con)
            if isinstance(err, UNAVAILABLE):
                raise self.unavailable(f"PostgreSQL: {err!r}") from err
            raise
        self._owner, self._owner_id = con, owner
        self._beating = asyncio.create_task(self._beat(con, owner, lost), name="instance-beat")

    async def _lock(self, con: asyncpg.Connection, owner: str) -> None:
        """Wait for the id's lock while its holder is silent, end the holder's session once its beat is stale;
        refuse when the holder beats (or its session outlives the end asked of it)."""
        seen: datetime | None = None
        deadline: float | None = None
        loop = asyncio.get_running_loop()
        while not await con.fetchval("SELECT pg_try_advisory_lock(hashtextextended($1, 0))", owner):
            beat, stale = await con.fetchrow("SELECT beat, now() - beat > make_interval(secs => $2) FROM instances "
                                             "WHERE owner = $1", owner, STALE_SECONDS) or (None, True)
            if seen is not None and beat is not None and beat > seen:
                raise InstanceTaken(f"INSTANCE_ID={owner!r} is in use by another live process on this database; "
                                    "give each process its own INSTANCE_ID (or leave it unset)")
            seen = beat
            if stale:
                deadline = deadline or loop.time() + STALE_SECONDS
                holder = await con.fetchval(HOLDER, owner)
                if holder is not None:
                    log.warning("INSTANCE_ID=%r: its holder (session %s) has not beaten for %s s: ending that session",
                                owner, holder, STALE_SECONDS)
                    await con.fetchval("SELECT pg_terminate_backend($1)", holder)
                if loop.time() > deadline:
                    raise InstanceTaken(f"INSTANCE_ID={owner!r} is held by a session this database would not end")
            await asyncio.sleep(OWNER_POLL_SECONDS)

    async def _beat(self, con: asyncpg.Connection, owner: str, lost: Callable[[], None] | None) -> None:
        """Renew the beat from the lock's own session every `BEAT_SECONDS`, one renewal at a time. While one does not
        get through, the process is `held` (DESIGN §10: its sends and timers wait, an interaction is told nothing
        can be saved), and a session of its own asks the server who holds the id: still this session, it is a stall
        (a lock, a slow disk), waited out however long.

        When this process's session is over (its connection closed: a failover, a server restart, an operator's
        `pg_terminate_backend`) but no other session holds the id, the process stays held and takes the id again on
        a new session (`_retake`): the lock decides, and the row tells whether anyone held the id in between.
        Only when another session holds the id (or held it meanwhile), or the database has not said for
        `STALE_SECONDS` that the id is this process's (from then on a successor may take it), say so and call
        `lost`; a database that refuses every connection (restarting, read-only while it fails over) is waited for
        up to `RETAKE_SECONDS` instead, since no successor can take the id from it either."""
        loop = asyncio.get_running_loop()
        sure = loop.time()  # when the database last said the id is this process's (or that no one can take it)
        ended: float | None = None  # when this process's session was found over, until the id is taken again
        pid = con.get_server_pid()
        renewal: asyncio.Task[int | BaseException] | None = None
        try:
            while True:
                await asyncio.sleep(OWNER_POLL_SECONDS if self.held else BEAT_SECONDS)  # held: each try waits itself
                if ended is not None:
                    try:
                        word = await asyncio.wait_for(self._retake(owner, pid), 2 * BEAT_SECONDS)
                    except TimeoutError:
                        word = None
                    if word is Word.RENEWED:
                        con, ended = self._owner, None
                        log.warning("INSTANCE_ID=%r: taken again on a new session (%s) after session %s ended",
                                    owner, con.get_server_pid(), pid)
                        pid = con.get_server_pid()
                    elif word is Word.DOWN and loop.time() - ended < RETAKE_SECONDS:
                        sure = loop.time()  # the server turns everyone away: no successor can take the id either
                else:
                    renewal = renewal or asyncio.create_task(_renew(con, owner))
                    try:
                        word = await asyncio.wait_for(self._word(renewal, con, owner, pid),
                                                      max(0.0, sure + STALE_SECONDS - loop.time()))
                    except TimeoutError:
                        word = None
                    if renewal.done():
                        renewal = None
                    if word is Word.ENDED:
                        ended = loop.time()
                        if renewal is not None:
                            renewal.cancel()
                            renewal = None
                        _drop(con)  # if it lingers on our side; the pool opens another in its place
                        self.held = True
                        log.warning("INSTANCE_ID=%r: this process's session (%s) ended; sends and timers wait while "
                                    "it takes the id again on a new session", owner, pid)
                        continue
                if word is Word.TAKEN or (word not in (Word.RENEWED, Word.STALLED)
                                          and loop.time() - sure >= STALE_SECONDS):
                    self.held = True
                    log.critical("INSTANCE_ID=%r: another session holds the id (or held it since this process's "
                                 "session ended), or the database was silent too long; another process may run "
                                 "under the id now, so this one stops", owner)
                    if lost is not None:
                        lost()
                    return
                if word is Word.RENEWED or word is Word.STALLED:
                    sure = loop.time()
                if word is Word.RENEWED:
                    await self._relisten()
                    if self.held:
                        self.held = False
                        log.warning("INSTANCE_ID=%r: beats get through again; sends and timers go on", owner)
                        if self._listener is not None:
                            self._listener[1]()  # the workers look for what waited meanwhile
        except Exception:  # a beat that stopped would leave the process running on an id it may have lost
            self.held = True
            log.exception("INSTANCE_ID=%r: the beat failed; the id can no longer be kept, so this process stops", owner)
            if lost is not None:
                lost()
        finally:
            if renewal is not None:
                renewal.cancel()

    async def _word(self, renewal: asyncio.Task[int | BaseException], con: asyncpg.Connection, owner: str,
                    pid: int) -> Word | None:
        """What the database says of this process's id within about two `BEAT_SECONDS`: the beat renewed, a stall
        (the renewal waits, the id is still this session's), this session ended (no session holds the id), taken,
        or nothing (None)."""
        done, _ = await asyncio.wait({renewal}, timeout=BEAT_SECONDS)
        renewed = renewal.result() if done else TimeoutError(f"no answer within {BEAT_SECONDS} s")
        if isinstance(renewed, int):
            return Word.RENEWED if renewed else Word.TAKEN
        if _gone(con):
            return Word.ENDED
        if not self.held:
            log.warning("INSTANCE_ID=%r: a beat did not get through (%r); sends and timers wait", owner, renewed)
            self.held = True
        try:
            holder = await holder_of(self.url, owner)
        except UNAVAILABLE:
            return None
        if holder is None:  # the server ended this session, though its connection has not heard yet
            return Word.ENDED
        return Word.STALLED if holder == pid else Word.TAKEN

    async def _retake(self, owner: str, ended: int) -> Word | None:
        """Take the id again on a new pool session after this process's session `ended` (its server pid): the lock
        decides at once (try-lock: whoever gets it owns it), and the id's row must still name the ended session, so
        a successor that took the id meanwhile and let it go (its row gone, or naming it) is not overlooked.
        RENEWED (now `_owner`, beating), TAKEN, DOWN (the server refuses everyone, for now), or None (no answer; or
        the ended session still holds the lock on the server, and is asked to end).

        The process's claims (leases) stay its own: its workers may still be sending the rows they hold, and a
        claim let go here could be sent twice. What they could not let go while the database was gone is sent again
        when its lease runs out."""
        try:
            con = await self.pool.acquire(timeout=self.call_seconds)
        except UNAVAILABLE as err:
            return Word.DOWN if isinstance(err, REFUSED) else None
        try:
            word = await self._take_again(con, owner, ended)
        except BaseException as err:
            _drop(con)  # and the lock with its session, if it was taken
            await self.pool.release(con)
            if isinstance(err, UNAVAILABLE):
                return Word.DOWN if isinstance(err, REFUSED) else None
            if isinstance(err, asyncpg.PostgresError):
                log.warning("INSTANCE_ID=%r: taking the id again failed (%r); trying again", owner, err)
                return None  # and after STALE_SECONDS of this, the id is given up
            raise
        if word is not Word.RENEWED:
            await self.pool.release(con)  # its reset lets go of the lock, if it was taken
            return word
        self._owner = con
        return word

    @staticmethod
    async def _take_again(con: asyncpg.Connection, owner: str, ended: int) -> Word | None:
        """`_retake` on the new session `con`."""
        if not await con.fetchval("SELECT pg_try_advisory_lock(hashtextextended($1, 0))", owner):
            holder = await con.fetchval(HOLDER, owner)
            if holder is None:  # let go meanwhile: try again
                return None
            if holder != ended:
                return Word.TAKEN
            log.warning("INSTANCE_ID=%r: this process's ended session (%s) still holds the id on the server: "
                        "ending it", owner, ended)
            await con.fetchval("SELECT pg_terminate_backend($1)", ended)
            return None
        async with con.transaction():
            backend = await con.fetchval("SELECT backend FROM instances WHERE owner = $1 FOR UPDATE", owner)
            if backend != ended:
                log.warning("INSTANCE_ID=%r: its row names session %s, not this process's ended one (%s): another "
                            "process held the id meanwhile", owner, backend, ended)
                return Word.TAKEN
            await con.execute("UPDATE instances SET backend = pg_backend_pid(), beat = now() WHERE owner = $1", owner)
        return Word.RENEWED

    async def _relisten(self) -> None:
        """LISTEN again on a new session when the listening one ended (a failover or a restart ends every session),
        within `BEAT_SECONDS`, and wake the workers: what other processes wrote meanwhile was told to no one. Tried
        again at the next beat if the database does not let it."""
        if self._listener is None or not _gone(self._listener[0]):
            return
        heard = self._listener[1]
        con = None
        try:
            con = await self.pool.acquire(timeout=BEAT_SECONDS)
            await asyncio.wait_for(con.add_listener(WORK_CHANNEL, heard), BEAT_SECONDS)
        except BaseException as err:
            if con is not None:
                _drop(con)
                await self.pool.release(con)
            if isinstance(err, UNAVAILABLE):
                log.warning("could not LISTEN again for other processes' work (%r); trying at the next beat", err)
                return
            raise
        self._listener = (con, heard)
        log.info("listening again for other processes' work, on a new session")
        heard()

    async def ping(self) -> None:
        await self.db.fetchval("SELECT 1")

    async def games_running(self) -> int:
        return await self.db.fetchval("SELECT COUNT(*) FROM games WHERE status = 'running'")

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` whenever any process writes outbox rows or jobs (NOTIFY on commit), this one included."""
        con = await self.pool.acquire(timeout=self.call_seconds)

        def heard(*_: object) -> None:
            wake()

        await con.add_listener(WORK_CHANNEL, heard)
        self._listener = (con, heard)

    async def migrate(self) -> int:
        current = 0
        for number, sql in migrations("postgres"):
            async with self._tx() as con:
                await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=MIGRATION_SECONDS)
                await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
                if number <= current:
                    continue
                await con.execute(sql, timeout=MIGRATION_SECONDS)
                await con.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                current = number
        return current

    # -- games -----------------------------------------------------------------

    async def create_game(self, *, game_type: str, guild_id: int | None, channel_id: int,
                          thread_id: int | None, created_by: int, options: dict[str, Any],
                          settings: dict[str, Any], seed: int, now: datetime) -> int:
        async with self._tx() as con:
            game_id = await con.fetchval(
                "INSERT INTO games (guild_id, channel_id, thread_id, game_type, status, options, settings, seed, "
                "created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $8, $9, $9) "
                "RETURNING id",
                guild_id, channel_id, thread_id, game_type, json.dumps(options), json.dumps(settings), seed,
                created_by, now)
            await con.execute("INSERT INTO seats (game_id, seat, user_id) VALUES ($1, 0, $2)", game_id, created_by)
        return int(game_id)

    async def load(self, game_id: int) -> GameRow | None:
        row = await self.db.fetchrow(  # one statement, so the seats are those of the same snapshot as the game
            f"SELECT {GAME_COLUMNS}, ARRAY(SELECT (s.seat, s.user_id, s.is_ai, s.dm_ok, s.\"left\", u.notify, "
            "s.ai_level, p.name) "
            "FROM seats s LEFT JOIN user_settings u ON u.user_id = s.user_id "
            "LEFT JOIN people p ON p.user_id = s.user_id AND p.guild_id = COALESCE(games.guild_id, 0) "
            "WHERE s.game_id = games.id ORDER BY s.seat) AS seats FROM games WHERE id = $1", game_id)
        if row is None:
            return None
        return GameRow(row["id"], row["guild_id"], row["channel_id"], row["thread_id"], row["game_type"],
                       row["status"], json.loads(row["options"]), json.loads(row["settings"]), row["seed"],
                       row["state"], row["version"], row["created_by"],
                       row["deadline"].isoformat() if row["deadline"] else None,
                       [SeatRow(*s) for s in row["seats"]], row["paused"])

    async def active_in_channel(self, channel_id: int) -> int | None:
        return await self.db.fetchval(
            "SELECT id FROM games WHERE (thread_id = $1 OR (channel_id = $1 AND NOT coalesce((settings::jsonb "
            "->> 'practice')::boolean, false))) AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1",
            channel_id)

    async def games_of_user(self, user_id: int) -> list[int]:
        rows = await self.db.fetch(
            'SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = $1 AND NOT s."left" '
            "AND g.status IN ('lobby', 'running') ORDER BY g.id", user_id)
        return [r[0] for r in rows]

    async def _change(self, con: asyncpg.Connection, game_id: int, expected_version: int, now: datetime,
                      effects: Effects | None, **columns: Any) -> int:
        """Bump the version (guarded by the expected one) together with the changed columns in one
        UPDATE, then write the change's effects; returns the new version."""
        effects = effects or Effects()
        if effects.jobs is not None:
            columns["deadline"] = effects.deadline
        if effects.settings is not None:
            columns.setdefault("settings", json.dumps(effects.settings))
        sets = "".join(f", {name} = ${n}" for n, name in enumerate(columns, start=4))
        version = await con.fetchval(
            f"UPDATE games SET version = version + 1, updated_at = $3{sets} WHERE id = $1 AND version = $2 "
            "RETURNING version", game_id, expected_version, now, *columns.values())
        if version is None:
            raise StaleVersion(game_id)
        await self._effects(con, game_id, version, effects, now, deadline=False)
        return version

    async def _effects(self, con: asyncpg.Connection, game_id: int, version: int, effects: Effects, now: datetime,
                       *, deadline: bool = True) -> None:
        """Write what a change causes: outbox rows, the re-planned jobs (and, unless the caller's UPDATE
        did, the deadline), the result; and tell the other processes there is work."""
        if effects.outbox or effects.jobs or effects.release:
            await con.execute(NOTIFY_WORK)
        if effects.outbox:
            await con.executemany(
                "INSERT INTO outbox (game_id, version, kind, target, payload, next_try, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [(game_id, version, m.kind, m.target, json.dumps(m.payload), HELD if m.held else now, now)
                 for m in effects.outbox])
        if effects.release:
            await con.execute("UPDATE outbox SET next_try = $2 WHERE game_id = $1 AND done_at IS NULL "
                              "AND next_try = $3", game_id, now, HELD)
        if effects.jobs is not None:
            await con.execute("DELETE FROM jobs WHERE game_id = $1", game_id)
            if effects.jobs:
                await con.executemany("INSERT INTO jobs (game_id, kind, due, for_version) VALUES ($1, $2, $3, $4)",
                                      [(game_id, j.kind, j.due, version) for j in effects.jobs])
            if deadline:
                await con.execute("UPDATE games SET deadline = $2 WHERE id = $1", game_id, effects.deadline)
        if effects.result is not None:
            await con.execute("INSERT INTO results (game_id, game_type, guild_id, finished_at) "
                              "SELECT id, game_type, guild_id, $2 FROM games WHERE id = $1 ON CONFLICT DO NOTHING",
                              game_id, now)
            if effects.result:
                await con.executemany(
                    "INSERT INTO result_seats (game_id, seat, user_id, won, place, ai) VALUES ($1, $2, $3, $4, $5, $6) "
                    "ON CONFLICT DO NOTHING",
                    [(game_id, s.seat, s.user_id, s.won, s.place, s.ai) for s in effects.result])

    async def set_seats(self, game_id: int, seats: list[SeatRow], *, expected_version: int, now: datetime,
                        effects: Effects | None = None) -> int:
        async with self._tx() as con:
            version = await self._change(con, game_id, expected_version, now, effects)
            await con.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await con.executemany(
                'INSERT INTO seats (game_id, seat, user_id, is_ai, dm_ok, "left", ai_level) '
                'VALUES ($1, $2, $3, $4, $5, $6, $7)',
                [(game_id, s.seat, s.user_id, s.is_ai, s.dm_ok, s.left, s.level if s.is_ai else None)
                 for s in seats])
        return version

    async def set_status(self, game_id: int, status: str, *, expected_version: int, now: datetime,
                         state: str | None = None, effects: Effects | None = None) -> int:
        columns = {"status": status} if state is None else {"status": status, "state": state}
        async with self._tx() as con:
            return await self._change(con, game_id, expected_version, now, effects, **columns)

    async def set_settings(self, game_id: int, settings: dict[str, Any], *, expected_version: int, now: datetime,
                           effects: Effects | None = None) -> int:
        async with self._tx() as con:
            return await self._change(con, game_id, expected_version, now, effects, settings=json.dumps(settings))

    async def set_paused(self, game_id: int, reason: str | None, *, effects: Effects | None = None,
                         now: datetime) -> bool:
        async with self._tx() as con:
            version = await con.fetchval("UPDATE games SET paused = $2 WHERE id = $1 AND paused IS DISTINCT FROM $2 "
                                         "RETURNING version", game_id, reason)
            if version is not None and effects is not None:
                await self._effects(con, game_id, version, effects, now)
        return version is not None

    async def guild_settings(self, guild_id: int | None) -> dict[str, Any]:
        if guild_id is None:  # DMs have no server, hence no server defaults
            return {}
        text = await self.db.fetchval("SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id)
        return json.loads(text) if text else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.db.execute("INSERT INTO guild_settings (guild_id, settings) VALUES ($1, $2) "
                              "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                              guild_id, json.dumps(settings))

    async def notify_setting(self, user_id: int) -> str | None:
        return await self.db.fetchval("SELECT notify FROM user_settings WHERE user_id = $1", user_id)

    async def set_notify(self, user_id: int, notify: str) -> None:
        await self.db.execute("INSERT INTO user_settings (user_id, notify) VALUES ($1, $2) "
                              "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", user_id, notify)

    async def set_name(self, guild_id: int | None, user_id: int, name: str) -> None:
        await self.db.execute("INSERT INTO people (guild_id, user_id, name) VALUES ($1, $2, $3) "
                              "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                              guild_id or 0, user_id, name)

    async def names(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        rows = await self.db.fetch("SELECT user_id, name FROM people WHERE guild_id = $1 AND user_id = ANY($2)",
                                   guild_id or 0, user_ids)
        return {int(r[0]): r[1] for r in rows}

    async def meta(self, key: str) -> str | None:
        value: str | None = await self.db.fetchval("SELECT value FROM meta WHERE key = $1", key)
        return value

    async def set_meta(self, key: str, value: str) -> None:
        await self.db.execute("INSERT INTO meta (key, value) VALUES ($1, $2) "
                              "ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)

    # -- moves -----------------------------------------------------------------

    async def commit_move(self, game_id: int, *, expected_version: int, state: str, status: str, seat: int,
                          action: dict[str, Any], events: list[dict[str, Any]], interaction_id: str | None,
                          now: datetime, effects: Effects | None = None) -> int:
        async with self._tx() as con:
            version = await self._change(con, game_id, expected_version, now, effects, state=state, status=status)
            await con.execute(  # the game row is locked by the UPDATE above, so the next seq is ours alone
                "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at) "
                "VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = $1), $2, $3, $4, $5, $6)",
                game_id, seat, json.dumps(action), json.dumps(events), interaction_id, now)
        return version

    async def truncate_actions(self, game_id: int, *, keep: int, expected_version: int, state: str,
                               now: datetime, effects: Effects | None = None) -> int:
        async with self._tx() as con:
            version = await self._change(con, game_id, expected_version, now, effects, state=state)
            await con.execute("DELETE FROM actions WHERE game_id = $1 AND seq > $2", game_id, keep)
        return version

    async def find_interaction(self, interaction_id: str) -> tuple[int, ActionRow] | None:
        r = await self.db.fetchrow("SELECT game_id, seq, seat, action, events, interaction_id FROM actions "
                                   "WHERE interaction_id = $1", interaction_id)
        if r is None:
            return None
        return r["game_id"], ActionRow(r["seq"], r["seat"], json.loads(r["action"]), json.loads(r["events"]),
                                       r["interaction_id"])

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self.db.fetch("SELECT seq, seat, action, events, interaction_id FROM actions "
                                   "WHERE game_id = $1 ORDER BY seq", game_id)
        return [ActionRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4]) for r in rows]

    # -- results ---------------------------------------------------------------

    async def finished_without_result(self) -> list[int]:
        rows = await self.db.fetch("SELECT id FROM games g WHERE status = 'finished' "
                                   "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY id")
        return [r[0] for r in rows]

    async def record_result(self, game_id: int, seats: list[ResultSeat], now: datetime) -> None:
        async with self._tx() as con:
            await self._effects(con, game_id, 0, Effects(result=seats), now)

    async def tally(self, guild_id: int | None) -> list[tuple[str, int, int, int]]:
        rows = await self.db.fetch(
            "SELECT r.game_type, s.user_id, COUNT(*) FILTER (WHERE s.won), COUNT(*) FROM results r "
            "JOIN result_seats s ON s.game_id = r.game_id "
            "WHERE r.guild_id IS NOT DISTINCT FROM $1::bigint AND s.user_id IS NOT NULL "
            "GROUP BY r.game_type, s.user_id", guild_id)
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def anonymize_user(self, user_id: int) -> int:
        async with self._tx() as con:
            changed = _count(await con.execute("UPDATE seats SET user_id = NULL WHERE user_id = $1", user_id))
            changed += _count(await con.execute("UPDATE games SET created_by = 0 WHERE created_by = $1", user_id))
            changed += _count(await con.execute("UPDATE result_seats SET user_id = NULL WHERE user_id = $1", user_id))
            changed += _count(await con.execute("DELETE FROM ratings WHERE player = $1", user_player(user_id)))
            await con.execute("DELETE FROM user_settings WHERE user_id = $1", user_id)
            await con.execute("DELETE FROM people WHERE user_id = $1", user_id)
            await con.execute("DELETE FROM outbox WHERE target = $1 AND done_at IS NULL", user_id)
        return changed

    # -- ratings ---------------------------------------------------------------

    async def unrated_results(self) -> list[int]:
        rows = await self.db.fetch("SELECT game_id FROM results WHERE NOT rated ORDER BY finished_at, game_id")
        return [r[0] for r in rows]

    async def rate_result(self, game_id: int, rate: Rater) -> bool:
        async with self._tx() as con:
            found = await con.fetchrow("SELECT game_type, guild_id FROM results WHERE game_id = $1 AND NOT rated "
                                       "FOR UPDATE", game_id)
            if found is None:
                return False
            game_type, guild_id = found
            await con.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", RATING_LOCK, game_type)
            seats = [ResultSeat(*r) for r in await con.fetch(
                "SELECT seat, user_id, won, place, ai FROM result_seats WHERE game_id = $1 ORDER BY seat", game_id)]
            players = sorted({s.player for s in seats if s.player})
            for scope in dict.fromkeys((guild_id or 0, 0)):  # the server's ratings, then everyone's
                current = {r[0]: Rating(*r) for r in await con.fetch(
                    f"SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = $1 AND scope = $2 "
                    "AND player = ANY($3::text[])", game_type, scope, players)}
                await con.executemany(
                    f"INSERT INTO ratings (game_type, scope, {RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                    "ON CONFLICT (game_type, scope, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                    "ordinal = excluded.ordinal, games = excluded.games, wins = excluded.wins",
                    [(game_type, scope, r.player, r.mu, r.sigma, r.ordinal, r.games, r.wins)
                     for r in rate(seats, current)])
            await con.execute("UPDATE results SET rated = TRUE WHERE game_id = $1", game_id)
        return True

    async def leaderboard(self, game_type: str, scope: int, limit: int) -> list[Rating]:
        rows = await self.db.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = $1 AND scope = $2 "
            "ORDER BY ordinal DESC, games DESC, player COLLATE \"C\" LIMIT $3", game_type, scope, limit)
        return [Rating(*r) for r in rows]

    async def ratings_of(self, player: str, scope: int) -> dict[str, Rating]:
        rows = await self.db.fetch(f"SELECT game_type, {RATING_COLUMNS} FROM ratings WHERE player = $1 "
                                   "AND scope = $2 ORDER BY game_type", player, scope)
        return {r[0]: Rating(*list(r)[1:]) for r in rows}

    # -- the outbox ------------------------------------------------------------

    async def claim_outbox(self, *, now: datetime, owner: str, lease: timedelta, limit: int,
                           hold: timedelta, busy: Collection[int] = (), skip: Collection[int] = ()) -> list[OutboxItem]:
        # A game's rows go to one process at a time, so that its boards do not overtake each other (a board
        # edited by one process after another posted a newer one shows an old version). Two statements in one
        # transaction: the first locks the games with due rows (skipping those another claim is locking);
        # the second, with a snapshot taken after those locks, leaves out the games whose rows another process
        # holds. In one statement, a claim whose snapshot predates another's commit saw that claim's game free.
        async with self._tx() as con:
            games = await con.fetch(
                "SELECT g.id FROM games g WHERE g.id IN ("
                " SELECT o.game_id FROM outbox o WHERE o.done_at IS NULL AND o.next_try <= $1"
                " AND (o.lease_until IS NULL OR o.lease_until < $1) AND NOT o.game_id = ANY($2::bigint[])) "
                "ORDER BY g.id FOR NO KEY UPDATE OF g SKIP LOCKED", now, [int(g) for g in skip])
            rows = await con.fetch(
                "WITH free AS ("
                " SELECT g FROM unnest($7::bigint[]) AS g WHERE NOT EXISTS ("
                "  SELECT 1 FROM outbox h WHERE h.game_id = g AND h.done_at IS NULL AND h.lease_until >= $3"
                "  AND h.lease_owner <> $1)), "
                "picked AS ("
                " SELECT o.id FROM outbox o WHERE o.game_id IN (SELECT g FROM free) AND o.done_at IS NULL"
                " AND o.next_try <= $3 AND (o.lease_until IS NULL OR o.lease_until < $3)"
                " AND NOT (o.kind = 'board' AND (o.game_id = ANY($5::bigint[]) OR o.game_id IN ("
                "  SELECT b.game_id FROM outbox b JOIN jobs j ON j.game_id = b.game_id AND j.kind = 'ai_turn'"
                "  AND j.due < $8 WHERE b.kind = 'board' AND b.done_at IS NULL AND b.created_at > $4)))"
                " ORDER BY o.id LIMIT $6 FOR UPDATE OF o SKIP LOCKED) "
                "UPDATE outbox SET lease_owner = $1, lease_until = $2, claims = outbox.claims + 1 FROM picked "
                "WHERE outbox.id = picked.id "
                f"RETURNING {', '.join('outbox.' + c for c in OUTBOX_COLUMNS.split(', '))}",
                owner, now + lease, now, now - hold, [int(g) for g in busy], limit, [r[0] for r in games], now + hold)
        return sorted(map(outbox_item, rows), key=lambda item: item.id)

    async def pending_boards(self, game_id: int, up_to: int) -> list[OutboxItem]:
        rows = await self.db.fetch(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = $1 AND kind = 'board' "
                                   "AND done_at IS NULL AND id <= $2 ORDER BY id", game_id, up_to)
        return [outbox_item(r) for r in rows]

    async def shown_boards(self, game_id: int, limit: int) -> list[OutboxItem]:
        rows = await self.db.fetch(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = $1 AND kind = 'board' "
                                   "AND done_at IS NOT NULL AND error IS NULL ORDER BY id DESC LIMIT $2",
                                   game_id, limit)
        return [outbox_item(r) for r in reversed(rows)]

    async def newer_pending(self, item: OutboxItem) -> bool:
        return await self.db.fetchval(
            "SELECT EXISTS (SELECT 1 FROM outbox WHERE game_id = $1 AND kind = $2 "
            "AND target IS NOT DISTINCT FROM $3::bigint AND id > $4 AND done_at IS NULL)",
            item.game_id, item.kind, item.target, item.id)

    async def outbox_done(self, ids: list[int], *, now: datetime, error: str | None = None) -> None:
        await self._mark_done(self.db, ids, now, error)

    @staticmethod
    async def _mark_done(con: asyncpg.Connection | Calls, ids: list[int], now: datetime,
                         error: str | None = None) -> None:
        await con.execute("UPDATE outbox SET done_at = $1, error = $2, lease_owner = NULL, lease_until = NULL "
                          "WHERE id = ANY($3)", now, error, ids)

    @staticmethod
    async def _version(con: asyncpg.Connection, game_id: int) -> int:
        return await con.fetchval("SELECT version FROM games WHERE id = $1", game_id) or 0

    async def outbox_retry(self, item_id: int, *, next_try: datetime, error: str, failed: bool = True) -> None:
        async with self._tx() as con:
            await con.execute("UPDATE outbox SET attempts = attempts + $4, next_try = $2, error = $3, "
                              "lease_owner = NULL, lease_until = NULL WHERE id = $1", item_id, next_try, error,
                              int(failed))
            await con.execute(NOTIFY_WORK)

    async def emit(self, game_id: int, rows: list[OutboxRow], *, now: datetime, done_job: JobRow | None = None) -> None:
        async with self._tx() as con:
            await self._effects(con, game_id, await self._version(con, game_id), Effects(outbox=rows), now)
            if done_job is not None:
                await self._finish_job(con, done_job)

    async def refuse_dms(self, game_id: int, user_id: int, *, notice: OutboxRow, now: datetime) -> bool:
        async with self._tx() as con:
            changed = _count(await con.execute(
                "UPDATE seats SET dm_ok = FALSE WHERE game_id = $1 AND user_id = $2 AND dm_ok", game_id, user_id)) > 0
            if changed:
                await self._effects(con, game_id, await self._version(con, game_id), Effects(outbox=[notice]), now)
        return changed

    async def board_message(self, game_id: int) -> BoardMessage | None:
        r = await self.db.fetchrow("SELECT channel_id, message_id, version FROM messages "
                                   "WHERE game_id = $1 AND kind = 'board'", game_id)
        return BoardMessage(r[0], r[1], r[2]) if r else None

    async def record_board(self, game_id: int, board: BoardMessage, done: list[int], now: datetime,
                           caused: list[OutboxRow] | None = None) -> None:
        async with self._tx() as con:
            await con.execute("INSERT INTO messages (game_id, kind, channel_id, message_id, version) "
                              "VALUES ($1, 'board', $2, $3, $4) ON CONFLICT (game_id, kind) DO UPDATE SET "
                              "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                              "version = excluded.version",
                              game_id, board.channel_id, board.message_id, board.version)
            await self._mark_done(con, done, now)
            await self._effects(con, game_id, board.version, Effects(outbox=caused or []), now)

    # -- jobs ------------------------------------------------------------------

    async def claim_jobs(self, *, now: datetime, owner: str, lease: timedelta, limit: int) -> list[JobRow]:
        rows = await self.db.fetch(
            "WITH picked AS ("
            " SELECT j.game_id, j.kind FROM jobs j JOIN games g ON g.id = j.game_id WHERE j.due <= $3"
            " AND (j.lease_until IS NULL OR j.lease_until < $3) AND (g.paused IS NULL OR j.kind = 'ai_turn')"
            " ORDER BY j.due LIMIT $4 FOR UPDATE OF j SKIP LOCKED) "
            "UPDATE jobs SET lease_owner = $1, lease_until = $2 FROM picked "
            "WHERE jobs.game_id = picked.game_id AND jobs.kind = picked.kind "
            f"RETURNING {', '.join('jobs.' + c for c in JOB_COLUMNS.split(', '))}",
            owner, now + lease, now, limit)
        return sorted(map(_job, rows), key=lambda j: (j.due, j.game_id, j.kind))

    async def finish_job(self, job: JobRow) -> None:
        await self._finish_job(self.db, job)

    @staticmethod
    async def _finish_job(con: asyncpg.Connection | Calls, job: JobRow) -> None:
        await con.execute("DELETE FROM jobs WHERE game_id = $1 AND kind = $2 AND for_version = $3",
                          job.game_id, job.kind, job.for_version)

    async def retry_job(self, job: JobRow, *, due: datetime) -> None:
        async with self._tx() as con:
            await con.execute("UPDATE jobs SET attempts = attempts + 1, due = $4, lease_owner = NULL, "
                              "lease_until = NULL WHERE game_id = $1 AND kind = $2 AND for_version = $3",
                              job.game_id, job.kind, job.for_version, due)
            await con.execute(NOTIFY_WORK)

    async def next_job_due(self) -> datetime | None:
        return await self.db.fetchval("SELECT MIN(GREATEST(j.due, j.lease_until)) FROM jobs j "
                                      "JOIN games g ON g.id = j.game_id WHERE g.paused IS NULL OR j.kind = 'ai_turn'")

    async def next_outbox_try(self) -> datetime | None:
        return await self.db.fetchval("SELECT MIN(GREATEST(next_try, lease_until)) FROM outbox WHERE done_at IS NULL")

    # -- housekeeping ----------------------------------------------------------

    async def backup(self, target: Path) -> None:
        raise NotImplementedError("A PostgreSQL database is backed up with its own tools: "
                                  f"pg_dump --format=custom --file {target} \"$DATABASE_URL\"")

    async def prune(self, *, before: datetime) -> int:
        async with self._tx() as con:
            await con.execute("DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < $1", before)
            return _count(await con.execute("DELETE FROM games WHERE status IN ('finished', 'abandoned') "
                                            "AND updated_at < $1", before))
