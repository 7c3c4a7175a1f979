"""The bench's event-loop section: tables of four hard AI seats play through the bot's own path — the
service, the scheduler running their AI-turn jobs, the worker pool of `bot.thinking` — while a probe
coroutine sleeps 10 ms again and again and records how late the loop wakes it.  A late wake-up is time
the loop spent on something that should not run on it, or waiting for a core; the issue's budget is
p99 ≤ 50 ms.

It runs in a child process that imports the whole bot (discord.py and the cogs, as `bench_service`'s
memory probe does), on a fresh SQLite file, so that the memory reported is the bot's beside its
workers', not the bench's.  Peak RSS is read from /proc (VmHWM): Linux, as the bot's hosts are.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from bot.scheduler import Scheduler
from bot.service import GameService
from bot.service.kernel import THINK_SECONDS
from bot.storage import open_storage
from bot.thinking import Thinking
from bot.tools.bench_service import import_the_bot
from games.core import Action, Game, get_game
from games.grammar import plural
from games.levels import HARD_PLAYOUTS

TICK = 0.010
"""The probe's sleep: each wake-up later than this is the loop's lag."""
LAG_BUDGET_MS = 50.0
DECISION_BUDGET_MS = 2000.0
SEATS = 4


@dataclasses.dataclass(frozen=True)
class Plan:
    """What one run plays: `tables` games of `game_type` at once, four hard seats each, until the AI seats
    have made `decisions` hard decisions of at most `think_seconds` each."""

    game_type: str
    tables: int
    decisions: int
    think_seconds: float


def plan_for(ids: list[str], *, quick: bool) -> Plan | None:
    """The run for these games: Catan when measured (four seats, the longest states to send), else the first
    game that seats four; None when no game does.  The full run thinks as the bot does, for about a minute
    on an idle 2-core host."""
    four = [gid for gid in ids if get_game(gid).min_players <= SEATS <= get_game(gid).max_players]
    if not four:
        return None
    game_type = "catan" if "catan" in four else four[0]
    return Plan(game_type, 1, 8, 0.05) if quick else Plan(game_type, 3, 600, THINK_SECONDS)


class TimedThinking(Thinking):
    """The bot's pool, timing each hard decision from the loop's side (sent, searched, answered: the queue
    for a worker included), and saying when the run has made enough of them."""

    def __init__(self, enough: int) -> None:
        super().__init__()
        self.seconds: list[float] = []
        self.done = asyncio.Event()
        self._enough = enough

    async def choose(self, game: Game, seat: int, level: str, budget_seconds: float, *, seed: int = 0) -> Action:
        start = time.perf_counter()
        action = await super().choose(game, seat, level, budget_seconds, seed=seed)
        if level == "hard":
            self.seconds.append(time.perf_counter() - start)
            if len(self.seconds) >= self._enough:
                self.done.set()
        return action


@dataclasses.dataclass
class Lag:
    """The probe's samples, in ms: each wake-up's overshoot, the CPU time the loop's thread spent meanwhile
    (other callbacks run on the loop: what this section looks for), and the time it waited for a core (on a
    busy machine a wake-up is late too while other processes hold the cores)."""

    late: list[float]
    loop_cpu: list[float]
    core_wait: list[float]


def _loop_thread_ms() -> tuple[float, float]:
    """This thread's CPU time and its time waiting for a core so far, in ms (/proc/…/schedstat)."""
    stat = Path(f"/proc/self/task/{threading.get_native_id()}/schedstat").read_text().split()
    return int(stat[0]) / 1e6, int(stat[1]) / 1e6


async def _probe_lag(lag: Lag) -> None:
    """Sleep `TICK` again and again (until cancelled), recording each overshoot and the loop thread's CPU
    and wait for a core meanwhile."""
    loop = asyncio.get_running_loop()
    while True:
        asked, (cpu, wait) = loop.time(), _loop_thread_ms()
        await asyncio.sleep(TICK)
        late, (cpu_now, wait_now) = loop.time() - asked - TICK, _loop_thread_ms()
        lag.late.append(max(0.0, late) * 1000)
        lag.loop_cpu.append(cpu_now - cpu)
        lag.core_wait.append(wait_now - wait)


async def _hard_tables(service: GameService, plan: Plan) -> list[int]:
    """`plan.tables` running games whose every seat is a hard AI (the host leaves the lobby's seat 0)."""
    tables = []
    for i in range(plan.tables):
        host = 1_000 * (i + 1)
        info = await service.create(game_type=plan.game_type, guild_id=1, channel_id=host, user_id=host)
        await service.remove_seat(info.id, host, 0)
        for _ in range(SEATS):
            await service.add_ai(info.id, host, level="hard")
        await service.start(info.id, host)
        tables.append(info.id)
    return tables


async def _until_enough(service: GameService, thinking: TimedThinking, tables: list[int]) -> None:
    """Until the run has made its hard decisions, or every one of its games has ended first."""
    while not thinking.done.is_set():
        with suppress(TimeoutError):
            await asyncio.wait_for(thinking.done.wait(), 1.0)
        if "running" not in [(await service.get(game_id)).status for game_id in tables]:
            return


def peak_rss_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM of /proc/<pid>/status), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"/proc/{pid}/status has no VmHWM")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _run(plan: Plan, modules: list[str]) -> dict[str, Any]:
    """The child's part: the bot's path plays until enough hard decisions are made; lag, times and memory."""
    import_the_bot(modules)
    with tempfile.TemporaryDirectory() as folder:
        storage = await open_storage(Path(folder) / "bench.sqlite3")
        service = GameService(storage, think_seconds=plan.think_seconds)
        service.thinking = thinking = TimedThinking(plan.decisions)
        scheduler = Scheduler(service)
        service.on_change.append(scheduler.wake)
        lag = Lag([], [], [])
        tasks: list[asyncio.Task[None]] = []
        try:
            tables = await _hard_tables(service, plan)
            tasks = [asyncio.create_task(scheduler.run()), asyncio.create_task(_probe_lag(lag))]
            start = time.perf_counter()
            await _until_enough(service, thinking, tables)
            elapsed = time.perf_counter() - start
            workers = [peak_rss_mb(p.pid) for p in multiprocessing.active_children() if p.pid is not None]
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.to_thread(thinking.close)
            await storage.close()
    ms = [s * 1000 for s in thinking.seconds]
    return {"game": plan.game_type, "tables": plan.tables, "seats": SEATS, "think_seconds": plan.think_seconds,
            "playouts": HARD_PLAYOUTS, "seconds": elapsed, "hard_decisions": len(ms),
            "decision_p50_ms": statistics.median(ms),
            "decision_p95_ms": _pct(ms, 0.95), "lag_samples": len(lag.late), "lag_p50_ms": statistics.median(lag.late),
            "lag_p99_ms": _pct(lag.late, 0.99), "lag_max_ms": max(lag.late),
            "loop_cpu_p99_ms": _pct(lag.loop_cpu, 0.99), "loop_cpu_max_ms": max(lag.loop_cpu),
            "core_wait_share": sum(map(min, lag.core_wait, lag.late)) / max(sum(lag.late), 1e-9),
            "bot_process_rss_mb": peak_rss_mb(os.getpid()), "worker_rss_mb": workers}


async def bench_thinking(ids: list[str], *, quick: bool) -> dict[str, Any] | None:
    """The section: run the plan for these games in a child process that holds the whole bot."""
    plan = plan_for(ids, quick=quick)
    if plan is None:
        return None
    module = get_game(plan.game_type).__module__
    # -c, not -m: a spawned worker imports its parent's main module, and the bot's (`python -m bot`, a
    # package's __main__) it skips; so the bench's workers weigh what the bot's do.
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from bot.tools.bench_thinking import child; child(sys.argv[1:])",
        json.dumps(dataclasses.asdict(plan)), module, stdout=asyncio.subprocess.PIPE)
    out, _ = await child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"the event-loop bench failed with exit code {child.returncode}")
    return json.loads(out.decode().strip().splitlines()[-1])


def table(data: dict[str, Any]) -> list[str]:
    """The section's lines of the bench's table."""
    workers = ", ".join(f"{mb:.0f} MB" for mb in data["worker_rss_mb"]) or "none started"
    return ["", "### Event loop while four hard seats think", "",
            f"{plural(data['tables'], data['game'] + ' game')} at once, every seat hard ({data['playouts']} playouts a "
            f"decision, at most {data['think_seconds']:g} s), played by the bot's scheduler and worker pool (the "
            "whole bot imported, no pictures drawn) "
            f"until {data['hard_decisions']} hard decisions ({data['seconds']:.1f} s). A probe slept "
            f"{TICK * 1000:.0f} ms {data['lag_samples']:,} times: how late the loop woke it, and the CPU the loop's "
            "thread spent meanwhile running other callbacks (work that blocks the loop); of all the lateness, "
            f"{data['core_wait_share']:.0%} was the loop's thread waiting for a core (held by other processes, the "
            "workers included).", "",
            "| loop lag p50 ms | p99 ms | max ms | loop CPU per wake-up p99 ms | max ms | hard decision p50 ms "
            "| p95 ms | bot process peak RSS | each worker's peak RSS |",
            "|---|---|---|---|---|---|---|---|---|",
            f"| {data['lag_p50_ms']:.1f} | {data['lag_p99_ms']:.1f} | {data['lag_max_ms']:.1f} | "
            f"{data['loop_cpu_p99_ms']:.1f} | {data['loop_cpu_max_ms']:.1f} | {data['decision_p50_ms']:.0f} | "
            f"{data['decision_p95_ms']:.0f} | {data['bot_process_rss_mb']:.0f} MB | {workers} |"]


def budgets(data: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """DESIGN §9: a hard decision ≤ 2 s p95 (as the loop waits for it), the loop's lag ≤ 50 ms p99 meanwhile."""
    lag, decision = data["lag_p99_ms"], data["decision_p95_ms"]
    return [(f"hard decision ≤ {DECISION_BUDGET_MS / 1000:.0f} s p95, sent to a worker and back",
             f"{decision:.0f} ms", decision <= DECISION_BUDGET_MS),
            (f"event-loop lag ≤ {LAG_BUDGET_MS:.0f} ms p99 while four hard seats think", f"{lag:.1f} ms",
             lag <= LAG_BUDGET_MS)]


def child(args: list[str]) -> None:
    """The child process: the plan (JSON) and the game modules to import; prints the figures (JSON)."""
    print(json.dumps(asyncio.run(_run(Plan(**json.loads(args[0])), args[1:]))))
