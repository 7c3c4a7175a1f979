"""Issue 45's last gap: a lost session is not a lost instance. When this process's database session ends (a
failover, a server restart, an operator's `pg_terminate_backend`) and no other session holds its instance id, the
storage takes the id again on a new session and beats on; only a successor's holding the id (or having held it
meanwhile) stops the process (tests/bot/test_dead_host.py: a successor queued on the id's advisory lock, which the
server grants it the moment the ended session lets go, since a try-lock cannot overtake a waiter). Driven with the
storage object on the session's PostgreSQL server, each session ended from another connection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot.storage import open_storage
from bot.storage.postgres import HOLDER, PostgresStorage, Word
from tests.support.postgres import PostgresServer

OWNER = "host:shards-0"
GUARD = 30.0
"""Seconds a wait may last before the test gives up: a guard against hanging, never the measure."""


async def until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    async def poll() -> None:
        while not await check():
            await asyncio.sleep(0.05)

    try:
        await asyncio.wait_for(poll(), GUARD)
    except TimeoutError:
        raise AssertionError(f"waited {GUARD} s for {what}") from None


@asynccontextmanager
async def taking(url: str) -> AsyncIterator[tuple[PostgresStorage, asyncio.Event, asyncpg.Connection]]:
    """A storage holding OWNER (told `lost` through the event) and an operator's connection beside it."""
    store = await open_storage(url)
    assert isinstance(store, PostgresStorage)
    lost = asyncio.Event()
    await store.take_back(OWNER, lost=lost.set)
    operator = await asyncpg.connect(url)
    try:
        yield store, lost, operator
    finally:
        await operator.close()
        await store.close()


async def backend(con: asyncpg.Connection) -> int:
    return await con.fetchval("SELECT backend FROM instances WHERE owner = $1", OWNER)


async def test_a_session_ended_by_an_operator_is_taken_again_and_the_process_goes_on(
        postgres_server: PostgresServer) -> None:
    """Before, the storage said the id was lost (and the bot exited 4) as soon as its session was ended, though no
    other process wanted the id."""
    url = await postgres_server.emptied_database()
    async with taking(url) as (store, lost, operator):
        ended = await backend(operator)
        woken = asyncio.Event()
        await store.listen(woken.set)
        assert await operator.fetchval("SELECT pg_terminate_backend($1, 5000)", ended)

        async def taken_again() -> bool:
            return await backend(operator) != ended and await operator.fetchval(HOLDER, OWNER) == await backend(
                operator)

        await until(taken_again, "the id taken again on a new session")
        assert not lost.is_set(), "the process was told to stop"
        await until(lambda: asyncio.sleep(0, not store.held), "the storage to stop holding")
        beat = await operator.fetchval("SELECT beat FROM instances WHERE owner = $1", OWNER)
        await until(lambda: operator.fetchval("SELECT beat > $2 FROM instances WHERE owner = $1", OWNER, beat),
                    "the next beat, from the new session")
        woken.clear()
        await operator.execute("SELECT pg_notify('frontier_work', '')")
        await asyncio.wait_for(woken.wait(), GUARD)  # the listening session was not ended: it still hears
        assert not lost.is_set()


async def test_every_session_ended_at_once_like_a_failover_is_taken_again_and_listening_resumes(
        postgres_server: PostgresServer) -> None:
    """A failover or a server restart ends the pool's every session, the listening one too: the id is taken
    again, and other processes' work is heard again (before, the process exited, so a dead listener never
    mattered)."""
    url = await postgres_server.emptied_database()
    async with taking(url) as (store, lost, operator):
        ended = await backend(operator)
        woken = asyncio.Event()
        await store.listen(woken.set)
        await operator.execute("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        await until(lambda: operator.fetchval("SELECT backend <> $2 FROM instances WHERE owner = $1", OWNER, ended),
                    "the id taken again")
        await until(lambda: asyncio.sleep(0, not store.held), "the storage to stop holding")
        assert not lost.is_set()
        woken.clear()
        await until(lambda: operator.fetchval(
            "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
            "AND query LIKE 'LISTEN%')"), "a session listening again")
        await operator.execute("SELECT pg_notify('frontier_work', '')")
        await asyncio.wait_for(woken.wait(), GUARD)
        assert await store.games_running() == 0, "the pool's calls work on new sessions"


async def test_taking_the_id_again_is_decided_by_the_lock_and_by_the_row(postgres_server: PostgresServer) -> None:
    """`_take_again` on a new session, each case arranged on the server: the id free and its row naming the ended
    session is taken again; held by another, or free but its row naming another (a successor held the id
    meanwhile and let it go), is taken; held by the ended session itself (it lingers on the server) is asked to
    end, and tried again."""
    url = await postgres_server.emptied_database()
    other, con = await asyncpg.connect(url), await asyncpg.connect(url)
    ended = 424242
    try:
        await other.execute("INSERT INTO instances (owner, backend, beat) VALUES ($1, $2, now())", OWNER, ended)
        assert await PostgresStorage._take_again(con, OWNER, ended) is Word.RENEWED
        assert await backend(other) == con.get_server_pid() == await other.fetchval(HOLDER, OWNER)
        await con.execute("SELECT pg_advisory_unlock_all()")

        await other.execute("UPDATE instances SET backend = $2 WHERE owner = $1", OWNER, ended + 1)
        assert await PostgresStorage._take_again(con, OWNER, ended) is Word.TAKEN, "a successor held it meanwhile"
        await con.execute("SELECT pg_advisory_unlock_all()")

        await other.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", OWNER)
        await other.execute("UPDATE instances SET backend = $2 WHERE owner = $1", OWNER, ended)
        assert await PostgresStorage._take_again(con, OWNER, ended) is Word.TAKEN, "another session holds it"

        lingering = other.get_server_pid()
        assert await PostgresStorage._take_again(con, OWNER, lingering) is None
        await until(lambda: con.fetchval("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)",
                                         lingering), "the lingering session to end")
        assert other.is_closed() or await con.fetchval(HOLDER, OWNER) is None
    finally:
        other.terminate()
        await con.close()


async def test_a_beat_that_fails_unexpectedly_stops_the_process_rather_than_itself(
        postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, an error the beat did not expect (asyncpg's `InternalClientError` from a statement sent on a session
    the server had just ended, before its close was read) ended the beat task silently: the process ran on with
    no beat, never held, never fenced, while a successor could take its id."""
    url = await postgres_server.emptied_database()
    async with taking(url) as (store, lost, _):
        async def failing(*_: object) -> Word:
            raise asyncpg.InternalClientError("cannot switch to state 12; another operation (2) is in progress")

        monkeypatch.setattr(store, "_word", failing)
        await asyncio.wait_for(lost.wait(), GUARD)
        assert store.held
