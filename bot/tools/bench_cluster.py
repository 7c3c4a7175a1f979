"""`python -m bot bench --backend postgres --processes N`: whole moves from 1..N processes on one PostgreSQL,
next to one process on SQLite (DESIGN §10).

10,000 running games (300 with --quick) are stored in a SQLite file and copied to PostgreSQL with migrate-db
(a throwaway server with PostgreSQL's durable defaults, as the tests start one, or the empty database of
DATABASE_URL). Each measured process is a real OS process with its own service and connection pool that plays
its own hot games, one whole move after another (load, apply, persist, render: the bench's `_move`); after a
warm-up, all of a run's processes start together and play for the same window. Sustained moves/s is every
process's moves over the window; the percentiles are over all of them.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.errors import Refused
from bot.service import GameService
from bot.storage import PostgresStorage, open_storage
from bot.tools.bench_service import _pct, _play, _seed_games
from bot.tools.migrate_db import TABLES, migrate
from bot.tools.pgserver import PostgresServer, find_bindir
from games.core import get_game

Row = dict[str, Any]


def _machine_cpu() -> tuple[int, int]:
    """(busy, total) clock ticks of every core since boot (Linux; zeros elsewhere)."""
    try:
        ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return 0, 0
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # idle and iowait are not busy


def _server_cpu(postmaster: int | None) -> float:
    """CPU seconds a PostgreSQL server has used: its postmaster, its live processes, and those that ended
    (counted in the postmaster's children's time). 0 where unknown (DATABASE_URL's server, not Linux)."""
    if postmaster is None:
        return 0.0
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        if stat.parent.name == str(postmaster):
            ticks += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        elif fields[1] == str(postmaster):
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def _run(database: str, hot_sets: list[list[int]], seconds: float, warmup: int, modules: list[str],
               postmaster: int | None = None) -> Row:
    """One run: a process per hot set, started together after their warm-up; their moves/s and percentiles,
    and where the CPU went: the processes', the server's, and how busy the whole machine was (others too)."""
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.tools.bench_cluster", database, json.dumps(hot), str(seconds), str(warmup),
        *modules, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE) for hot in hot_sets]
    try:
        for worker in workers:  # each has opened its pool and played its warm-up moves
            assert worker.stdout is not None
            if (await worker.stdout.readline()).strip() != b"ready":
                raise RuntimeError(f"a bench process failed to start (exit code {await worker.wait()})")
        load, machine, server = os.getloadavg()[0], _machine_cpu(), _server_cpu(postmaster)
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write(b"go\n")
            await worker.stdin.drain()
        outputs = [await worker.communicate() for worker in workers]
        await asyncio.sleep(0.2)  # the server reaps the backends of the pools just closed
        machine_after, server = _machine_cpu(), _server_cpu(postmaster) - server
    finally:
        for worker in workers:
            if worker.returncode is None:
                worker.kill()
                await worker.wait()
    if any(w.returncode for w in workers):
        raise RuntimeError(f"a bench process failed (exit codes {[w.returncode for w in workers]})")
    results = [json.loads(out) for out, _ in outputs]
    times = [t for r in results for t in r["times"]]
    window = max(r["elapsed"] for r in results)
    moves = max(len(times), 1)
    total = machine_after[1] - machine[1]
    return {"processes": len(hot_sets), "moves": len(times), "seconds": window,
            "moves_per_s": len(times) / window if window else 0.0,
            "p50_ms": statistics.median(times) if times else 0.0, "p95_ms": _pct(times, 0.95) if times else 0.0,
            "p99_ms": _pct(times, 0.99) if times else 0.0, "load_before": load,
            "process_cpu_ms_per_move": 1000 * sum(r["cpu_s"] for r in results) / moves,
            "server_cpu_ms_per_move": 1000 * server / moves,
            "machine_busy": (machine_after[0] - machine[0]) / total if total else 0.0}


async def _worker(database: str, hot: list[int], seconds: float, warmup: int, modules: list[str]) -> Row:
    """A measured process: its own service and pool; says `ready` after the warm-up, plays on `go`."""
    for module in modules:  # the games measured, shipped or not
        importlib.import_module(module)
    storage = await open_storage(database)
    try:
        service = GameService(storage)
        await _play(service, hot, warmup)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        cpu = time.process_time()
        times, elapsed = await _play(service, hot, None, seconds)
        cpu = time.process_time() - cpu
    finally:
        await storage.close()
    return {"times": times, "elapsed": elapsed, "cpu_s": cpu}


def _server() -> PostgresServer:
    bindir = find_bindir()
    if bindir is None:
        raise Refused("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin): install "
                      "it (apt-get install postgresql) or set DATABASE_URL to an empty PostgreSQL database.",
                      "no_postgres")
    server = PostgresServer(bindir, durable=True)
    server.start()
    return server


async def _empty(url: str) -> None:
    """Leave an operator's database as the bench found it: empty."""
    store = await PostgresStorage.open(url)
    try:
        await store.pool.execute("TRUNCATE " + ", ".join(TABLES))
    finally:
        await store.close()


async def bench_backends(ids: list[str], *, processes: int, quick: bool, url: str | None = None) -> Row | None:
    """SQLite with one process, then PostgreSQL with 1..`processes` processes, on the same stored games."""
    if not ids:
        return None
    stored, active, seconds, warmup = (300, 20, 2.0, 5) if quick else (10_000, 100, 30.0, 50)
    if active * (1 + processes * (processes + 1) // 2) > stored:  # SQLite's games, then each run's own
        raise Refused(f"{processes} processes need more hot games than the {stored:,} stored.", "too_many_processes")
    modules = sorted({get_game(gid).__module__ for gid in ids})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        storage = await open_storage(path)
        try:
            created = await _seed_games(GameService(storage), ids, stored)
        finally:
            await storage.close()
        hot = [created[-active * (i + 1):len(created) - active * i] for i in range(stored // active)]
        server = _server() if url is None else None
        ours = False  # whether the database holds the bench's games (never empty one that held anything else)
        try:
            target = url if server is None else await server.new_database()
            start = time.perf_counter()
            copied = await migrate(f"sqlite:///{path}", target)  # refuses a database that holds data
            ours = True
            if not copied.ok:
                raise RuntimeError("migrate-db's copy of the bench's games does not match:\n"
                                   + "\n".join(copied.lines()))
            copy_seconds = time.perf_counter() - start
            runs = [{"backend": "sqlite", **await _run(str(path), hot[:1], seconds, warmup, modules)}]
            taken = 1  # each run plays games no earlier run touched
            postmaster = server.postmaster_pid() if server is not None else None
            for n in range(1, processes + 1):
                runs.append({"backend": "postgres",
                             **await _run(target, hot[taken:taken + n], seconds, warmup, modules, postmaster)})
                taken += n
        finally:
            if server is not None:
                server.stop()
            elif ours and url is not None:
                await _empty(url)
    one = next(r for r in runs if r["backend"] == "postgres")
    for r in runs:
        r["vs_one"] = r["moves_per_s"] / one["moves_per_s"] if one["moves_per_s"] else 0.0
    return {"stored_games": stored, "active_per_process": active, "window_s": seconds, "copy_s": copy_seconds,
            "postgres": "DATABASE_URL" if url else "a throwaway server with its durable defaults", "runs": runs}


def table(data: Row) -> str:
    """The section's table and its budgets (DESIGN §9, issue 19)."""
    lines = [f"Whole moves (load, apply, persist, render) with {data['stored_games']:,} stored games: each process "
             f"plays its own {data['active_per_process']} games, one move after another, for "
             f"{data['window_s']:.0f} s after a warm-up. PostgreSQL: {data['postgres']}; migrate-db copied the "
             f"games into it in {data['copy_s']:.1f} s.", "",
             "| backend | processes | sustained moves/s | × one PostgreSQL process | p50 ms | p95 ms | p99 ms "
             "| CPU ms per move: processes + server | machine CPU busy | 1-min load average at the start |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    lines += [f"| {'SQLite' if r['backend'] == 'sqlite' else 'PostgreSQL'} | {r['processes']} | "
              f"{r['moves_per_s']:.0f} | {r['vs_one']:.2f}× | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} | "
              f"{r['p99_ms']:.1f} | {_cpu(r)} | {r['machine_busy']:.0%} | {r['load_before']:.2f} |"
              for r in data["runs"]]
    lines += ["", "| goal (issue 19) | measured | met |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {'yes' if met else '**no**'} |" for name, value, met in budgets(data)]
    return "\n".join(lines)


def _cpu(run: Row) -> str:
    """SQLite works inside the process; a PostgreSQL server of DATABASE_URL is not measured."""
    mine = f"{run['process_cpu_ms_per_move']:.1f}"
    if run["backend"] == "sqlite":
        return f"{mine} (SQLite inside)"
    return f"{mine} + {run['server_cpu_ms_per_move']:.1f}" if run["server_cpu_ms_per_move"] else f"{mine} + ?"


def budgets(data: Row) -> list[tuple[str, str, bool]]:
    most = data["runs"][-1]
    if most["backend"] != "postgres" or most["processes"] < 2:
        return []
    n = most["processes"]
    goal = 0.8 * n  # 1.6× for two processes
    return [(f"{n} processes on one PostgreSQL ≥ {goal:.1f}× one", f"{most['vs_one']:.2f}×", most["vs_one"] >= goal),
            (f"whole move ≤ 60 ms p95 with {n} processes", f"{most['p95_ms']:.1f} ms", most["p95_ms"] <= 60)]


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_worker(sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]),
                                         sys.argv[5:]))))
