"""The harness that runs the bot as a child process, proven on a stand-in bot."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.support import standin_bot
from tests.support.bot_process import BotProcess
from tests.support.fake_discord import FakeDiscord
from tests.support.person import Person

STANDIN = [sys.executable, str(Path(standin_bot.__file__))]


async def test_start_kill_and_restart_a_bot_process(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = BotProcess(fake, tmp_path, argv=STANDIN)
    await bot.start()
    try:
        alice = Person(fake, fake.add_user("alice"))
        first = await alice.slash("ping")
        assert first.texts()[0].startswith("pong from")
        await bot.kill()
        assert bot.process is not None and bot.process.returncode == -9
        await bot.start()
        second = await alice.slash("ping")
        assert second.texts()[0] != first.texts()[0], "the answer comes from the new process"
        assert fake.gateway.identifies == 2
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log_tail()
