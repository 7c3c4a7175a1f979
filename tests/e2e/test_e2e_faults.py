"""Faults a real machine and a real Discord produce, injected into the real bot process (issues 16, 26).

Each scenario proves that what was committed is shown, once, and that nothing is left
waiting: a kill -9 between a move's commit and its board, a kill -9 while AI seats are to
move, a 30 s Discord outage during a move, SIGTERM mid-game, a post Discord never answers,
a full disk under the database, a kill while an old board's buttons are being stripped.
"""

from __future__ import annotations

import asyncio
import errno
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.support.bot_process import BotProcess
from tests.support.channel_table import (
    Table,
    ai_turn_soon,
    board_versions,
    every_move_posted,
    first_game,
    move_told,
    seats_to_fill,
    started_table,
    stored_rows,
)
from tests.support.fake_discord import MESSAGE, MESSAGES, FakeDiscord
from tests.support.fake_discord.rest import NONCE_SECONDS
from tests.support.person import Person

pytestmark = pytest.mark.e2e
RESTART_BUDGET = 5.0
"""Seconds after a restart within which what was committed before a crash is shown."""
OTHER_GAME_BUDGET = 5.0
"""Seconds within which a game's board arrives while another game's post hangs."""


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
            if ai_turn_soon(bot.database, game_id):
                break
        else:
            pytest.fail("the host never handed the turn to an AI seat")
        version = table.game()["version"]
        await bot.kill()  # the AI seats are to move (their job is paced 3 s), and the bot is gone
        assert table.game()["version"] == version
        await bot.start()
        await fake.wait_for(lambda: table.game()["version"] > version and not ai_turn_soon(bot.database, game_id),
                            timeout=60, what="the AI seats to play on after the restart, nobody clicking")
        await fake.wait_for(table.hosts_turn_come, timeout=30,
                            what="a board pinging the host, whose turn it is again (or an offer only to decline)")


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


async def second_table(fake: FakeDiscord, bot: BotProcess, game_type: str) -> Table:
    """A started game in a channel of its own, hosted by someone else, with AI seats."""
    channel = fake.add_text_channel("second-table")
    table = Table(fake, bot, Person(fake, fake.add_user("bob"), channel.id), channel.id)
    lobby = await table.open(game_type)
    await every_move_posted(table)
    await table.fill_with_ai_and_start(lobby, seats_to_fill(game_type, 1))
    return table


async def test_a_post_discord_never_answers_holds_up_no_other_game(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path, DISCORD_TIMEOUT_SECONDS="3") as bot:
        stuck = await started_table(fake, bot, first_game())
        other = await second_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        stuck_boards, other_boards = len(stuck.boards()), len(other.boards())
        hang = fake.slow(delay=3600, seconds=3600, method="POST", route=MESSAGES, channel=stuck.channel_id)
        assert "✓" in await move_told(stuck)
        await fake.wait_for(lambda: hang.hits >= 1, timeout=10, what="the stuck game's board post, never answered")
        assert "✓" in await move_told(other)
        await fake.wait_for(lambda: len(other.boards()) > other_boards, timeout=OTHER_GAME_BUDGET,
                            what="the other game's board while the first game's post hangs")
        await fake.wait_for(lambda: hang.hits >= 2, timeout=30, what="the stuck post given up on and tried again")
        assert len(stuck.boards()) == stuck_boards
        hang.stop()  # Discord answers again
        await fake.wait_for(lambda: len(stuck.boards()) > stuck_boards, timeout=60,
                            what="the stuck game's board once Discord answers")
        await fake.settle(quiet=1.0)
        assert len(stuck.boards()) == stuck_boards + 1, "the stuck board is posted once"
        names = board_versions(stuck)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
        assert fake.abandoned, "the bot gave up on the requests Discord never answered"


def fill(disk: Path) -> Path:
    """Write a ballast file on `disk` until the disk is full; returns it (delete it to free the disk)."""
    ballast = disk / "ballast"
    with ballast.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError as err:
            assert err.errno == errno.ENOSPC, err
    return ballast


def can_mount_a_small_disk() -> bool:
    """Whether this machine lets a process mount its own tmpfs (a user and mount namespace)."""
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                           capture_output=True, check=False)
    return probe.returncode == 0


@pytest.mark.skipif(not can_mount_a_small_disk(), reason="no user namespaces to mount a small tmpfs")
async def test_a_full_disk_during_a_move_is_said_plainly_and_the_bot_recovers(fake: FakeDiscord,
                                                                               tmp_path: Path) -> None:
    """The bot's SQLite file on a 4 MB tmpfs of its own; the test fills that disk, through the bot's view of
    it (/proc/<pid>/root), while the host is to move. (The database is read through the bot and the channel
    only: SQLite's shared memory does not cross mount namespaces.)"""
    disk = tmp_path / "disk"
    disk.mkdir()
    argv = ["unshare", "-rm", "sh", "-c", f'mount -t tmpfs -o size=4m tmpfs "{disk}" && exec "$0" -m bot',
            sys.executable]
    bot = BotProcess(fake, tmp_path, argv=argv, env={"DATABASE_PATH": str(disk / "frontier.db")})
    await bot.start()
    try:
        assert bot.process is not None
        seen = Path(f"/proc/{bot.process.pid}/root{disk}")  # the bot's disk, as the bot sees it
        table = await started_table(fake, bot, first_game())
        await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=60,
                            what="the host's turn")
        await fake.settle(quiet=0.5)
        boards = len(table.boards())
        ballast = fill(seen)
        told = await move_told(table)
        assert "cannot save moves right now" in told and "nothing was played" in told, told
        await fake.settle(quiet=1.0)
        assert len(table.boards()) == boards, "nothing was played"
        full = [line for line in bot.log().splitlines() if "database or disk is full" in line]
        assert len(full) == 1 and "WARNING" in full[0], full
        assert await table.my_choices(table.host), "reads are still served"
        ballast.unlink()  # the operator frees the disk
        assert "✓" in await move_told(table)
        await fake.wait_for(lambda: len(table.boards()) > boards, timeout=30, what="the board of the saved move")
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log_tail()


@pytest.mark.parametrize("talk", [0, 60])
async def test_a_board_whose_answer_a_kill_lost_is_posted_once_after_discords_nonce_window(
        fake: FakeDiscord, tmp_path: Path, talk: int) -> None:
    """Issue 38: Discord posted the board, the process was killed before its answer arrived, and came back only
    after Discord's nonce check (a few minutes) had lapsed: the board is found in the channel and recorded, not
    posted a second time. Issue 45: also when people wrote `talk` messages in the channel meanwhile, more than a
    page of the channel's newest (the search reads the messages since the board's outbox row was written)."""
    async with running_bot(fake, tmp_path) as bot:
        table = await started_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        boards = len(table.boards())
        held = fake.slow(3600, took_effect=True, method="POST", route=MESSAGES, channel=table.channel_id)
        assert "✓" in await move_told(table)
        await fake.wait_for(lambda: len(table.boards()) > boards, timeout=30, what="the board, its answer held")
        await bot.kill()  # Discord has the board; the bot never heard so
        held.stop()
        for n in range(talk):
            fake.say(table.host.user, f"still there? ({n + 1})", table.channel_id)
        fake.clock.advance(NONCE_SECONDS + 60)  # Discord has forgotten the nonce by the time the bot is back
        await bot.start()
        await fake.wait_for(lambda: all(r["done_at"] for r in stored_rows(bot.database, "outbox")), timeout=60,
                            what="everything committed delivered after the restart")
        await fake.settle(quiet=0.5)
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
        assert names[-1].endswith(f"-v{table.game()['version']}.png"), "the newest board shows the last version"


async def test_a_kill_before_the_old_board_is_stripped_leaves_one_live_board_after_restart(fake: FakeDiscord,
                                                                                           tmp_path: Path) -> None:
    """Issue 43 (item 6): the new board is posted, the old one's strip is under way when the process dies; after
    the restart the old board loses its buttons, and only the newest board of the game is live."""
    async with running_bot(fake, tmp_path) as bot:
        table = await started_table(fake, bot, first_game())
        await fake.settle(quiet=0.5)
        old = table.latest_board()
        held = fake.slow(3600, seconds=3600, method="PATCH", route=MESSAGE, message_id=old.id)
        await move_told(table)
        await fake.wait_for(lambda: held.hits >= 1, timeout=30, what="the old board's strip, never answered")
        await bot.kill()
        held.stop()
        assert table.current(old).interactive(), "the old board was live when the process died"
        await bot.start()
        await fake.wait_for(lambda: not table.current(old).interactive(), timeout=RESTART_BUDGET,
                            what="the old board stripped after the restart")
        await fake.settle(quiet=0.5)
        assert [b.id for b in table.boards() if b.interactive()] == [table.latest_board().id]
