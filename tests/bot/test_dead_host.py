"""Issue 38: a process whose host died without closing its database connections is back within seconds when it
restarts under its instance id, and a live process is never taken for a dead one.

The host's death is played by a relay between the first process and PostgreSQL that goes silent: the server keeps
that session (and its advisory lock) as it would for two hours of TCP keepalive, and hears nothing more from it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg
import pytest

from bot.storage import InstanceTaken, StorageUnavailable, open_storage
from bot.storage.postgres import HOLDER, PostgresStorage
from tests.support.postgres import PostgresServer
from tests.support.relay import Relay, through

OWNER = "host:shards-0"


async def test_a_restart_after_its_host_died_takes_the_instance_back_within_seconds(
        postgres_server: PostgresServer) -> None:
    """Before the beat, the restart was refused ("in use by another live process") until the server's keepalive
    dropped the dead session, two hours later."""
    url = await postgres_server.emptied_database()
    relay = Relay(postgres_server.port)
    await relay.start()
    dead = await open_storage(through(url, relay.port))
    assert isinstance(dead, PostgresStorage)
    stopped = asyncio.Event()
    await dead.take_back(OWNER, lost=stopped.set)
    relay.freeze()  # the host dies: its session lingers on the server, silent
    again = await open_storage(url)
    started = asyncio.get_running_loop().time()
    await asyncio.wait_for(again.take_back(OWNER), timeout=30)  # a guard against hanging, not the measure
    took = asyncio.get_running_loop().time() - started
    assert took < 10, f"the instance came back in {took:.1f} s"
    con = await asyncpg.connect(url)
    try:
        assert await con.fetchval(HOLDER, OWNER) == await con.fetchval(
            "SELECT backend FROM instances WHERE owner = $1", OWNER), "the restarted process holds the id"
    finally:
        await con.close()
    await asyncio.wait_for(stopped.wait(), timeout=30)  # the silent one, could it speak again, knows to stop
    await again.close()
    dead._beating.cancel()  # type: ignore[union-attr]
    dead.pool.terminate()
    await relay.close()


async def test_a_live_process_under_the_same_id_is_refused_however_long_the_other_waits(
        postgres_server: PostgresServer) -> None:
    """A holder that beats is alive: the second process is refused as soon as it sees a beat, never ends it."""
    url = await postgres_server.emptied_database()
    live, second = await open_storage(url), await open_storage(url)
    await live.take_back(OWNER)
    with pytest.raises(InstanceTaken, match="live process"):
        await asyncio.wait_for(second.take_back(OWNER), timeout=30)
    assert await live.ping() is None
    con = await asyncpg.connect(url)
    try:
        assert await con.fetchval("SELECT beat > now() - interval '6 seconds' FROM instances WHERE owner = $1",
                                  OWNER), "the live process still beats"
    finally:
        await con.close()
    await second.close()
    await live.close()


async def test_a_process_whose_session_was_ended_by_its_successor_stops(postgres_server: PostgresServer) -> None:
    """If the server ends the session that holds the id and a successor takes the id (it was taken for dead), the
    process is told to stop rather than run beside its successor. (A session ended with no successor is taken
    again: tests/bot/test_session_loss.py.) The successor is queued on the id's lock, so the server grants it the
    id the moment the session ends, before the process can try to take it again."""
    url = await postgres_server.emptied_database()
    store = await open_storage(url)
    stopped = asyncio.Event()
    await store.take_back(OWNER, lost=stopped.set)
    con, successor = await asyncpg.connect(url), await asyncpg.connect(url)
    try:
        queued = asyncio.ensure_future(successor.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", OWNER))
        while not await con.fetchval("SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' "
                                     "AND NOT granted)"):
            await asyncio.sleep(0.05)
        await con.fetchval("SELECT pg_terminate_backend(backend) FROM instances WHERE owner = $1", OWNER)
        await asyncio.wait_for(queued, timeout=30)
        await asyncio.wait_for(stopped.wait(), timeout=30)
    finally:
        await con.close()
        await successor.close()
    await store.close()


async def test_every_call_to_a_silent_database_ends_within_its_time_limit(postgres_server: PostgresServer) -> None:
    """Issue 45: with no time limit, a read or a write on a link that drops every packet waited for ever (and a
    fenced process's shutdown with it). A one-second limit here keeps the test short; the bot's is `CALL_SECONDS`."""
    url = await postgres_server.emptied_database()
    relay = Relay(postgres_server.port)
    await relay.start()
    store = await PostgresStorage.open(through(url, relay.port), call_seconds=1.0)
    relay.freeze()
    calls = [asyncio.ensure_future(store.load(1)),
             asyncio.ensure_future(store.create_game(game_type="testgame", guild_id=1, channel_id=2, thread_id=None,
                                                     created_by=3, options={}, settings={}, seed=4,
                                                     now=datetime.now(UTC)))]
    try:
        _, waiting = await asyncio.wait(calls, timeout=30)  # a guard against hanging, not the measure
        assert not waiting, "a call to the silent database is still waiting"
        for call in calls:
            with pytest.raises(StorageUnavailable):
                call.result()
    finally:
        store.pool.terminate()
        await relay.close()
