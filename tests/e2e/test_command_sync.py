"""Slash commands are registered once (issue 19, DESIGN §10): by `python -m bot sync`, or by the process
owning shard 0 when they changed; never again by a restart or a second process on the same database."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bot_process import REPO, BotProcess
from tests.support.fake_discord import FakeDiscord

pytestmark = pytest.mark.e2e
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"


def registrations(fake: FakeDiscord) -> int:
    """How many times the bot sent its whole command list (a bulk overwrite)."""
    return fake.count("PUT", GUILD_COMMANDS) + fake.count("PUT", "/applications/{application_id}/commands")


async def sync_command(bot: BotProcess) -> tuple[int, str]:
    """`python -m bot sync` with the bot's settings: its exit code and output."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "sync", cwd=REPO, env=bot.environment(), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, out.decode()


async def test_the_sync_command_registers_once_and_no_start_registers_again(fake: FakeDiscord,
                                                                            tmp_path: Path) -> None:
    bot = BotProcess(fake, tmp_path)
    code, out = await sync_command(bot)
    assert code == 0, out
    assert "registered" in out and "slash commands" in out
    assert registrations(fake) == 1 and fake.commands, "the commands are registered with one request"
    assert fake.gateway.identifies == 0, "the sync command never connects to the gateway"
    for _ in range(2):  # a start, then a restart: the same commands are not sent again
        await bot.start()
        await bot.stop()
    assert fake.gateway.identifies == 2
    assert registrations(fake) == 1
    code, out = await sync_command(bot)  # asked for, it registers whatever was recorded
    assert code == 0, out
    assert registrations(fake) == 2
    assert bot.problems() == [], bot.log_tail()


async def test_the_first_start_registers_and_a_restart_or_sync_off_does_not(fake: FakeDiscord,
                                                                           tmp_path: Path) -> None:
    bot = BotProcess(fake, tmp_path)
    await bot.start()
    await bot.stop()
    assert registrations(fake) == 1, "a new bot registers its commands by itself"
    await bot.start()
    await bot.stop()
    assert registrations(fake) == 1, "a restart does not register them again"
    fresh = BotProcess(fake, tmp_path / "other", env={"SYNC_COMMANDS": "off"})
    (tmp_path / "other").mkdir()
    await fresh.start()
    await fresh.stop()
    assert registrations(fake) == 1, "SYNC_COMMANDS=off leaves registering to `python -m bot sync`"
    assert bot.problems() == [] and fresh.problems() == []
