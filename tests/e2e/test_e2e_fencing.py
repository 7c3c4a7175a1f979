"""Issue 45: a process that lost its instance stops, fast and whole; a database that stalls costs no restart.

Real bot processes on the session's PostgreSQL server and the local Discord. The cut-off process reaches the
server through a relay that, once frozen, drops every byte both ways and never closes (a dead link, as when its
host's network fails); the stall is a transaction holding `LOCK TABLE instances`, which every beat waits behind.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.client import EXIT_FENCED
from bot.errors import UNSAVED
from bot.storage.postgres import HOLDER
from tests.support.bot_process import BotProcess
from tests.support.channel_table import Table, hosts_turn
from tests.support.fake_discord import FakeDiscord, InteractionRecord
from tests.support.postgres import PostgresServer
from tests.support.relay import Relay, through

pytestmark = pytest.mark.e2e
OWNER = "fence-test"
FENCED_WITHIN = 10.0
"""Seconds after the takeover by which the cut-off process has exited (the issue's bound)."""
STALL_SECONDS = 30.0
HELD = "a beat did not get through"
"""What the log says when a process starts holding its sends and timers."""


def bot_in(fake: FakeDiscord, workdir: Path, url: str) -> BotProcess:
    workdir.mkdir()
    return BotProcess(fake, workdir, env={"DATABASE_URL": url, "INSTANCE_ID": OWNER})



async def played(table: Table, action: str) -> InteractionRecord:
    """/play `action`, sent until it is played: refused in words meanwhile (the database held up)."""
    for _ in range(60):
        record = await table.host.slash("play", channel_id=table.channel_id, action=action)
        texts = await table.fake.wait_for(lambda r=record: not any(m.loading for m in r.replies()) and r.texts(),
                                          what="the answer to /play")
        if texts != [UNSAVED]:
            assert texts[0].startswith("✓"), texts
            return record
        await asyncio.sleep(0.5)
    raise AssertionError("/play was never played")


async def taken_over(watcher: asyncpg.Connection, backend: int) -> float:
    """When the instance's row came to name another session than `backend` (the successor took the id)."""
    while await watcher.fetchval("SELECT backend FROM instances WHERE owner = $1", OWNER) == backend:
        await asyncio.sleep(0.1)
    return asyncio.get_running_loop().time()


@asynccontextmanager
async def instances_locked(url: str) -> AsyncIterator[asyncpg.Connection]:
    """A session holding `LOCK TABLE instances` (every beat waits behind it) until the block ends."""
    con = await asyncpg.connect(url)
    try:
        async with con.transaction():
            await con.execute("LOCK TABLE instances")
            yield con
    finally:
        await con.close()


async def test_a_process_cut_off_from_its_database_stops_within_seconds_of_the_takeover(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """Before, the cut-off process logged "this one stops" and lived on 54–78 s with its gateway open, acknowledging
    /play's it never played: its shutdown waited for a worker stuck in asyncpg on the dead socket."""
    url = await postgres_server.emptied_database()
    relay = Relay(postgres_server.port)
    await relay.start()
    cut = bot_in(fake, tmp_path / "cut", through(url, relay.port))
    successor = bot_in(fake, tmp_path / "successor", url)
    watcher = await asyncpg.connect(url)
    try:
        await cut.start()
        table = await hosts_turn(fake, cut)
        action = (await table.my_turn())[0]["value"]
        theirs = {s.id for s in fake.gateway.live_sessions()}
        cut_backend = await watcher.fetchval("SELECT backend FROM instances WHERE owner = $1", OWNER)
        assert cut.process is not None
        exited = asyncio.ensure_future(cut.process.wait())
        exit_times: list[float] = []
        exited.add_done_callback(lambda _: exit_times.append(asyncio.get_running_loop().time()))

        relay.freeze()
        starting = asyncio.ensure_future(successor.start())
        sent = []
        while (live := fake.gateway.live_sessions()) and {s.id for s in live} <= theirs:
            # only while the cut-off process alone is connected, so each interaction is its to answer
            sent.append(await table.host.slash("play", channel_id=table.channel_id, action=action))
            await asyncio.sleep(0.5)
        taken = await asyncio.wait_for(taken_over(watcher, cut_backend), timeout=60)  # a guard, not the measure
        await asyncio.wait({exited}, timeout=60)  # a guard against hanging, not the measure
        assert exited.done(), f"the cut-off process still ran 60 s after the takeover:\n{cut.log_tail()}"
        await starting

        assert cut.process.returncode == EXIT_FENCED, cut.log_tail()
        assert exit_times[0] - taken <= FENCED_WITHIN, f"exited {exit_times[0] - taken:.1f} s after the takeover"
        assert {s.ended_with for s in fake.gateway.sessions.values() if s.id in theirs} == {1000}, \
            "the cut-off process closed its gateway itself"
        assert sent, "an interaction reached the cut-off process after the cut"
        assert [r.texts() for r in sent] == [[UNSAVED]] * len(sent), "each was answered that nothing was saved"
        assert "this one stops" in cut.log()

        await played(table, action)  # the successor plays on
        assert successor.problems() == [], successor.log_tail()
    finally:
        await watcher.close()
        for bot in (cut, successor):
            await bot.stop()
        await relay.close()


async def test_a_stalled_database_is_waited_out_and_only_a_taken_instance_stops(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """Before, a 10 s `LOCK TABLE instances` made the process stop after 10.5 s with exit code 0 (not restarted)."""
    url = await postgres_server.emptied_database()
    bot = bot_in(fake, tmp_path / "bot", url)
    try:
        await bot.start()
        table = await hosts_turn(fake, bot)
        action = (await table.my_turn())[0]["value"]
        assert bot.process is not None

        async with instances_locked(url):
            await asyncio.sleep(STALL_SECONDS)
            assert bot.process.returncode is None, bot.log_tail()
        board = table.shown()
        await played(table, action)
        await fake.wait_for(lambda: table.shown() != board, what="the move's board (posted or edited): sends go on")
        assert bot.process.returncode is None
        assert bot.log().count(HELD) == 1, "the process held its sends and timers while it could not beat"

        taker = await asyncpg.connect(url)
        try:
            async with instances_locked(url) as locker:
                await fake.wait_for(lambda: bot.log().count(HELD) == 2, what="the process to hold again")
                # the id is taken: queued on its lock first, the taker gets it the moment the process's session
                # ends (a session ended with no one else on the id would be taken again by the process itself)
                queued = asyncio.ensure_future(taker.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))",
                                                             OWNER))
                while not await locker.fetchval("SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = "
                                                "'advisory' AND NOT granted)"):
                    await asyncio.sleep(0.05)
                holder = await locker.fetchval(HOLDER, OWNER)
                await locker.fetchval("SELECT pg_terminate_backend($1)", holder)
                await asyncio.wait_for(queued, timeout=30)
                await asyncio.wait_for(bot.process.wait(), timeout=30)  # a guard against hanging, not the measure
        finally:
            await taker.close()
        assert bot.process.returncode == EXIT_FENCED, bot.log_tail()
    finally:
        await bot.stop()
