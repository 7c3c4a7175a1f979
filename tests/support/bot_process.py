"""The real bot as a child process: `python -m bot` pointed at the local Discord."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from bot.config import parse_shards
from tests.support.fake_discord import FakeDiscord

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
PROBLEM = re.compile(r"Traceback|\bERROR\b|\bCRITICAL\b")


class BotProcess:
    """Starts, kills and restarts `python -m bot` on one SQLite file (or the PostgreSQL database of a
    DATABASE_URL in `env`), logging to one file. With SHARD_COUNT/SHARD_IDS in `env` it is one process
    of a cluster: it is up when its shards are connected, and gone when they are not."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, argv: list[str] | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.fake = fake
        self.extra_env = env or {}
        self.argv = argv or [sys.executable, "-m", "bot"]
        self.database: Path | str = self.extra_env.get("DATABASE_URL") or workdir / "frontier.db"
        self.log_path = workdir / "bot.log"
        self.process: asyncio.subprocess.Process | None = None
        count, ids = parse_shards(self.extra_env.get("SHARD_COUNT"), self.extra_env.get("SHARD_IDS"))
        self.shards = set(ids if ids is not None else range(count or fake.shards))
        """The shards this process connects as."""

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD", "DATABASE_"))}
        env |= {
            "DISCORD_TOKEN": self.fake.token,
            "DATABASE_PATH": str(self.database),
            "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "DEV_GUILD_ID": str(self.fake.guild.id),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
        }
        return env | self.extra_env

    async def start(self) -> None:
        """Start the bot and wait until it has registered its commands and identified on the gateway."""
        identified = self.fake.gateway.identifies
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                *self.argv, cwd=REPO, env=self.environment(), stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT)
        process = self.process
        self.fake.watched[process.pid] = 0.0

        def up() -> bool:
            if process.returncode is not None:
                raise RuntimeError(f"the bot exited with {process.returncode}:\n{self.log_tail()}")
            return self.fake.gateway.identifies >= identified + len(self.shards) \
                and self.shards <= self.fake.gateway.live_shards and bool(self.fake.commands)

        try:
            await self.fake.wait_for(up, timeout=START_TIMEOUT, what="the bot to connect")
        except TimeoutError as err:
            raise TimeoutError(f"{err}\n{self.log_tail()}") from None
        await self.fake.settle(quiet=0.5)

    async def kill(self) -> None:
        """SIGKILL: no clean-up code runs, as when the machine loses power."""
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()
            self.fake.give_up_unanswered()
        await self.fake.wait_for(lambda: not self.shards & self.fake.gateway.live_shards, what="the socket to close")

    async def stop(self) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.terminate()
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def problems(self) -> list[str]:
        """Log lines that show an error the bot did not handle."""
        return [line for line in self.log().splitlines() if PROBLEM.search(line)]
