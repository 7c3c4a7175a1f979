"""The bench's restart section (issue 45): how long `python -m bot` takes from its process start to the gateway's
READY, killed (SIGKILL) and started again on the same database, against the local fake Discord the end-to-end
tests use (tests/support/fake_discord, in a clone with the test extra installed).

READY is when the bot can take interactions; discord.py then waits a further 2 s of quiet for late servers
(`guild_ready_timeout`) before its own "ready", which only the workers and `/healthz` wait for. The first start
(which creates the database and registers the commands) is not counted: a restart is what an operator waits for.
"""

from __future__ import annotations

import asyncio
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.support.fake_discord import FakeDiscord

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
BUDGET_SECONDS = 2.0
"""Issue 45: ready in 2 s after a restart, on a quiet machine."""


async def restart_to_ready(runs: int) -> dict[str, Any] | None:
    """Seconds from process start to READY over `runs` restarts (median, worst), or None without the fake."""
    try:
        from tests.support.bot_process import BotProcess
        from tests.support.fake_discord import FakeDiscord
    except ImportError:  # an installed package, not a clone, or no test extra
        return None
    async with FakeDiscord() as fake:
        with tempfile.TemporaryDirectory() as workdir:
            env = BotProcess(fake, Path(workdir)).environment()
            await _start_and_kill(fake, env, first=True)
            times = [await _start_and_kill(fake, env) for _ in range(runs)]
    return {"runs": len(times), "median_s": statistics.median(times), "worst_s": max(times)}


async def _start_and_kill(fake: FakeDiscord, env: dict[str, str], *, first: bool = False) -> float:
    """Start `python -m bot`, wait for its READY, kill it: seconds from its start to READY. The first start
    (which creates the database and registers the commands) is let finish its work before the kill."""
    identified = fake.gateway.identifies
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=REPO, env=env,
                                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                   stderr=subprocess.DEVNULL)

    def ready() -> bool:
        if process.returncode is not None:
            raise RuntimeError(f"the bot exited with {process.returncode} before READY")
        return fake.gateway.identifies > identified and bool(fake.gateway.live_shards)

    try:
        await fake.wait_for(ready, timeout=START_TIMEOUT, what="READY")
        took = time.monotonic() - started
        if first:
            await fake.settle(quiet=1.0)
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()
    await fake.wait_for(lambda: not fake.gateway.live_shards, what="the socket to close")
    return took


def table(data: dict[str, Any] | None) -> list[str]:
    if data is None:
        return ["", "Restart to READY: not measured (it needs a clone's tests/support and the test extra)."]
    return ["", "| restart (SIGKILL, then `python -m bot` on the same database) | runs | median s | worst s |",
            "|---|---|---|---|",
            f"| process start to the gateway's READY | {data['runs']} | {data['median_s']:.2f} | "
            f"{data['worst_s']:.2f} |"]


def budgets(data: dict[str, Any] | None) -> list[tuple[str, str, bool]]:
    if data is None:
        return []
    median = data["median_s"]
    return [(f"ready ≤ {BUDGET_SECONDS:.0f} s after a restart (median)", f"{median:.2f} s", median <= BUDGET_SECONDS)]
