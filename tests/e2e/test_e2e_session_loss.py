"""Issue 45's last gap, with real bot processes on the session's PostgreSQL server and the local Discord: a process
whose database session ends (an operator's `pg_terminate_backend`, a server restart, a failover) while no other
process holds its instance goes on without a restart; one whose instance another process took in between exits
with `EXIT_FENCED`; and `/healthz` tells a held process from a healthy one.

No wait here leans on luck: each state is driven (a session ended from another connection, a process frozen with
SIGSTOP while its successor takes the id, a held `LOCK TABLE instances`), and every time bound is a generous guard
against hanging, not the measure."""

from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

import asyncpg
import pytest

from bot.client import EXIT_FENCED
from bot.errors import UNSAVED
from bot.health import HELD as HEALTHZ_HELD
from bot.storage.postgres import HOLDER
from tests.support.bot_process import PROBLEM, BotProcess
from tests.support.channel_table import Table, board_versions, hosts_turn, pg_rows
from tests.support.fake_discord import FakeDiscord
from tests.support.metrics_port import free_port, get, healthy
from tests.support.postgres import PostgresServer

pytestmark = pytest.mark.e2e
STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
POOL_RETRY = "Failed to restore the pool connection floor"
OWNER = "session-loss-test"
GUARD = 60.0
"""Seconds any wait may last before the test gives up: a guard against hanging, never the measure."""
RETAKEN_WITHIN = 20.0
"""A generous bound on "within a few beats" (`BEAT_SECONDS` is 2): the session's end is seen at the next beat,
and the id is taken again on the first try after it."""
SHORT_LEASE = 10.0
"""`CLAIM_LEASE_SECONDS` of the server-restart test (the bot's default is 120)."""
HELD_LOG = "a beat did not get through"
TAKEN_AGAIN = "taken again on a new session"


def problems_but_the_pools_retries(bot: BotProcess) -> list[str]:
    """The log's problems (`BotProcess.problems`), but asyncpg's own note, with its traceback, that it could not
    reopen an idle pool connection while the server was down (it retries by itself, and the bot's calls wait)."""
    records: list[list[str]] = []
    for line in bot.log().splitlines():
        if STAMP.search(line[:40]) or not records:
            records.append([line])
        else:
            records[-1].append(line)
    return [line for record in records if POOL_RETRY not in record[0] for line in record if PROBLEM.search(line)]


def bot_in(fake: FakeDiscord, workdir: Path, url: str, **env: str) -> BotProcess:
    workdir.mkdir()
    return BotProcess(fake, workdir, env={"DATABASE_URL": url, "INSTANCE_ID": OWNER, **env})



async def instance_session(url: str) -> int:
    con = await asyncpg.connect(url)
    try:
        backend: int = await con.fetchval("SELECT backend FROM instances WHERE owner = $1", OWNER)
        return backend
    finally:
        await con.close()


async def end_instance_session(url: str, *, every: bool = False) -> int:
    """End the instance's database session from another, as an operator's `pg_terminate_backend` does (`every`:
    every other session on the database, as a failover does, a frozen process's open transactions with them);
    the instance's session."""
    ended = await instance_session(url)
    con = await asyncpg.connect(url)
    try:
        if every:
            await con.fetch("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                            "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        else:
            assert await con.fetchval("SELECT pg_terminate_backend($1, 5000)", ended)
    finally:
        await con.close()
    return ended


async def taken_again(url: str, ended: int, within: float = GUARD) -> int:
    """Wait (at most `within` seconds) until the instance's row names a new session, which holds the id's lock; that
    session."""
    con = await asyncpg.connect(url)
    try:
        for _ in range(int(within / 0.1)):
            backend = await con.fetchval("SELECT backend FROM instances WHERE owner = $1", OWNER)
            if backend not in (None, ended) and await con.fetchval(HOLDER, OWNER) == backend:
                return int(backend)
            await asyncio.sleep(0.1)
    finally:
        await con.close()
    raise AssertionError(f"the instance was not taken again within {within} s")


async def a_move_and_its_board_once(table: Table, url: str) -> None:
    """The host's move is played (refused in words while the process holds, so sent until played), everything
    committed is delivered, and no board was posted twice: the newest shows the game's last version."""
    action = (await table.my_turn())[0]["value"]
    for _ in range(int(GUARD / 0.5)):
        record = await table.host.slash("play", channel_id=table.channel_id, action=action)
        texts = await table.fake.wait_for(lambda r=record: not any(m.loading for m in r.replies()) and r.texts(),
                                          what="the answer to /play")
        if texts[0].startswith("✓"):
            break
        assert texts == [UNSAVED], texts
        await asyncio.sleep(0.5)
    else:
        raise AssertionError("/play was never played")
    try:
        await table.fake.wait_for(lambda: all(r["done_at"] for r in pg_rows(url, "SELECT done_at FROM outbox")),
                                  timeout=GUARD, what="everything committed delivered")
    except TimeoutError:
        owed = pg_rows(url, "SELECT id, kind, version, next_try, lease_owner, lease_until, claims, error, now() AS now "
                            "FROM outbox WHERE done_at IS NULL")
        jobs = pg_rows(url, "SELECT * FROM jobs")
        raise AssertionError(f"still owed: {owed}; jobs: {jobs}") from None
    await table.fake.settle(quiet=1.0)
    names = board_versions(table)
    assert len(names) == len(set(names)), f"a board was posted twice: {names}"
    assert names[-1].endswith(f"-v{table.game()['version']}.png"), (names[-3:], table.game()["version"])


async def test_a_session_ended_by_an_operator_costs_no_restart(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """Before, `pg_terminate_backend` on the instance's session made the process exit 4 (a restart), though no
    other process wanted its instance."""
    url = await postgres_server.emptied_database()
    bot = bot_in(fake, tmp_path / "bot", url)
    try:
        await bot.start()
        table = await hosts_turn(fake, bot)
        assert bot.process is not None
        ended = await end_instance_session(url)
        await taken_again(url, ended, within=RETAKEN_WITHIN)
        assert bot.process.returncode is None, bot.log_tail()
        assert TAKEN_AGAIN in bot.log(), bot.log_tail()
        await a_move_and_its_board_once(table, url)
        assert bot.process.returncode is None
        assert bot.problems() == [], bot.log_tail()
    finally:
        await bot.stop()


async def test_a_server_restart_ends_every_session_and_costs_no_restart(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """A restart of PostgreSQL (what a failover looks like to the bot: every session ended, connections refused a
    moment) ends the pool's every session, the instance's and the listening one's: the process takes its instance
    again once the server is back, and moves, boards and timers go on."""
    url = await postgres_server.emptied_database()
    # A row the delivery claimed as the server went down, whose claim it could not let go then, stays the
    # process's until its lease runs out (let go at once, it could be sent twice by another worker while the
    # first still sends it): a short lease keeps that wait short here.
    bot = bot_in(fake, tmp_path / "bot", url, CLAIM_LEASE_SECONDS=str(SHORT_LEASE))
    try:
        await bot.start()
        table = await hosts_turn(fake, bot)
        assert bot.process is not None
        ended = await instance_session(url)
        await asyncio.to_thread(postgres_server.restart)
        await taken_again(url, ended)
        assert bot.process.returncode is None, bot.log_tail()
        await a_move_and_its_board_once(table, url)
        await fake.wait_for(lambda: "listening again" in bot.log(), timeout=GUARD, what="LISTEN on a new session")
        assert bot.process.returncode is None
        assert problems_but_the_pools_retries(bot) == [], bot.log_tail()
    finally:
        await bot.stop()


async def test_a_process_whose_instance_was_taken_while_its_session_was_gone_exits_fenced(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """The race the lock decides: the first process is frozen, its session ended, and a second process under the
    same INSTANCE_ID takes the id before the first can take it again. Thawed, the first finds the id held by
    another and exits 4 instead of taking it back; the second plays on, and no board is posted twice."""
    url = await postgres_server.emptied_database()
    first = bot_in(fake, tmp_path / "first", url)
    second = bot_in(fake, tmp_path / "second", url)
    try:
        await first.start()
        table = await hosts_turn(fake, first)
        assert first.process is not None
        first.process.send_signal(signal.SIGSTOP)
        try:  # every session of the frozen process ends: a transaction it froze in holds no row the second needs
            ended = await end_instance_session(url, every=True)
            await second.start()
            took = await taken_again(url, ended)
        finally:
            first.process.send_signal(signal.SIGCONT)
        await asyncio.wait_for(first.process.wait(), GUARD)
        assert first.process.returncode == EXIT_FENCED, first.log_tail()
        assert await instance_session(url) == took, "the second process keeps the instance"
        assert TAKEN_AGAIN not in first.log()
        table.bot = second
        await a_move_and_its_board_once(table, url)
        assert second.problems() == [], second.log_tail()
    finally:
        for bot in (first, second):
            if bot.process is not None and bot.process.returncode is None:
                bot.process.send_signal(signal.SIGCONT)
            await bot.stop()


async def test_healthz_says_held_while_the_process_cannot_beat(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    """Before, `/healthz` answered 200 "ok" through a stall that held every send and timer (its `SELECT 1` does not
    wait behind a table lock): an operator could not tell a held process from a healthy one."""
    url = await postgres_server.emptied_database()
    port = free_port()
    bot = bot_in(fake, tmp_path / "bot", url, METRICS_PORT=str(port))
    try:
        await bot.start()
        await healthy(fake, port)
        con = await asyncpg.connect(url)
        try:
            async with con.transaction():
                await con.execute("LOCK TABLE instances")
                await fake.wait_for(lambda: HELD_LOG in bot.log(), timeout=GUARD, what="the process to hold")
                status, said = await get(port, "/healthz")
                assert (status, said) == (200, f"{HEALTHZ_HELD}\n")
        finally:
            await con.close()
        await healthy(fake, port)  # "ok" again once the beat gets through
        assert bot.process is not None and bot.process.returncode is None
    finally:
        await bot.stop()
