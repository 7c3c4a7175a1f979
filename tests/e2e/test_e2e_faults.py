"""Faults a real machine and a real Discord produce, injected into the real bot process (issue 16).

Each scenario proves that what was committed is shown, once, and that nothing is left
waiting: a kill -9 between a move's commit and its board, a kill -9 while AI seats are to
move, a 30 s Discord outage during a move, SIGTERM mid-game.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.support.bot_process import BotProcess
from tests.support.channel_table import Table, board_versions, first_game, started_table, stored_rows
from tests.support.fake_discord import MESSAGES, FakeDiscord

pytestmark = pytest.mark.e2e
RESTART_BUDGET = 5.0
"""Seconds after a restart within which what was committed before a crash is shown."""


@asynccontextmanager
async def running_bot(fake: FakeDiscord, workdir: Path, **env: str) -> AsyncIterator[BotProcess]:
    """The real bot process for one scenario; it must have logged no unhandled error when it stops."""
    bot = BotProcess(fake, workdir, env=env)
    await bot.start()
    try:
        yield bot
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log_tail()


def jobs_of(bot: BotProcess, game_id: int) -> list[str]:
    return [j["kind"] for j in stored_rows(bot.database, "jobs") if j["game_id"] == game_id]


async def move_told(table: Table) -> str:
    """The host plays the first move offered through /play; returns what the bot answered them."""
    choice = (await table.my_choices(table.host))[0]
    record = await table.host.slash("play", channel_id=table.channel_id, action=choice["value"])
    await table.fake.wait_for(lambda: any(m.content and not m.loading for m in record.replies()), timeout=30,
                              what="the answer to /play")
    return " ".join(record.texts())


async def test_kill_between_commit_and_board_posts_the_board_after_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path) as bot:
        table = await started_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        boards = len(table.boards())
        outage = fake.outage(seconds=600, status=503, method="POST", route=MESSAGES, channel=table.channel_id)
        assert "✓" in await move_told(table), "the move is confirmed at once; the board follows"
        committed = table.game()["version"]
        await bot.kill()  # the move is committed; its board never reached the channel
        assert len(table.boards()) == boards
        outage.stop()
        await bot.start()
        started = time.monotonic()
        await fake.wait_for(lambda: len(table.boards()) > boards,
                                    timeout=RESTART_BUDGET, what="the committed move's board after the restart")
        assert time.monotonic() - started <= RESTART_BUDGET
        await fake.settle(quiet=0.5)
        game = table.game()
        assert game["version"] >= committed
        assert table.host.mention in table.latest_board().text(), "whoever is to move is pinged"
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"


async def test_kill_with_ai_seats_to_move_then_they_play_on_after_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path, AI_PACE_SECONDS="3") as bot:
        table = await started_table(fake, bot, first_game())
        await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=60,
                            what="the host's turn")
        await fake.settle(quiet=0.5)
        for _ in range(40):  # move until the turn passes to the AI seats
            await move_told(table)
            game_id = table.game()["id"]
            if "ai_turn" in jobs_of(bot, game_id):
                break
        else:
            pytest.fail("the host never handed the turn to an AI seat")
        version = table.game()["version"]
        await bot.kill()  # the AI seats are to move (their job is paced 3 s), and the bot is gone
        assert table.game()["version"] == version
        await bot.start()
        await fake.wait_for(lambda: table.game()["version"] > version and "ai_turn" not in jobs_of(bot, game_id),
                            timeout=60, what="the AI seats to play on after the restart, nobody clicking")
        await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=30,
                            what="a board pinging the host, whose turn it is again")


async def test_a_30_second_discord_outage_during_a_move(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path) as bot:
        table = await started_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        boards = len(table.boards())
        outage = fake.outage(seconds=30, status=502, method="POST", route=MESSAGES, channel=table.channel_id)
        told = await move_told(table)
        assert "✓" in told and "wrong" not in told.lower(), f"the player is told the move was made: {told}"
        await asyncio.sleep(5)
        assert len(table.boards()) == boards, "nothing reaches the channel during the outage"
        await fake.wait_for(lambda: len(table.boards()) > boards, timeout=90,
                            what="the board once Discord recovers")
        await fake.settle(quiet=1.0)
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
        assert outage.hits > 0


async def test_sigterm_mid_game_exits_0_and_the_game_goes_on(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path) as bot:
        table = await started_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        in_flight = asyncio.create_task(move_told(table))
        await asyncio.sleep(0.05)
        assert bot.process is not None
        stopped = time.monotonic()
        bot.process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.process.wait(), 10) == 0, bot.log_tail()
        assert time.monotonic() - stopped < 10
        in_flight.cancel()
        fake.give_up_unanswered()  # the /play sent with the signal may have reached a process that was closing
        await fake.wait_for(lambda: fake.gateway.live is None, what="the socket to close")
        version = table.game()["version"]
        await bot.start()
        await fake.settle(quiet=0.5)
        await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=30,
                            what="the host's turn")
        assert "✓" in await move_told(table)
        await fake.wait_for(lambda: table.game()["version"] > version, what="a move after the restart")
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
