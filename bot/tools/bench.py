"""`python -m bot bench`: the performance table of DESIGN §9, measured, not guessed.

Each figure is a median and p95 over repeated runs after a warm-up.  Sections:
engines (random games/s and actions/s; Catan also against catanatron when it is
installed), pictures (board and private, ms and PNG bytes), the recap of a 1,000-action
game (replay and picture), a person's review of a whole game (`bench_review`), whole moves through
`GameService.act` with 10,000 stored games, sustained moves/s with rendering, peak
memory, the event loop's lag while four hard AI seats think (`bench_thinking`, with the
workers' memory), and how soon a killed bot is back on the gateway (`bench_restart`).  `--write` saves the
table to docs/PERFORMANCE.md, the engines in a section of their own that `--engines --write` rewrites as well.
`--backend postgres` measures instead whole moves from several processes on one PostgreSQL next to SQLite
(`bench_cluster`), written to its own section of the page.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import games
from bot import history
from bot.tools import bench_restart, bench_review, bench_thinking
from bot.tools.bench_cluster import bench_backends
from bot.tools.bench_cluster import table as backends_table
from bot.tools.bench_service import bench_service
from bot.tools.selfplay import lineup_players, play_one
from games.core import Game, get_game
from renderers import render_board, render_private
from renderers.cast import Cast
from renderers.common import MIN_WIDTH

Row = dict[str, Any]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p95": _pct(values, 0.95)}


def _engine_rate(cls: type[Game], players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Random games played for about `seconds` of this process's CPU time (one core, whatever else the
    machine runs): (games/s, actions/s)."""
    start = time.process_time()
    n_games = n_actions = 0
    while time.process_time() - start < seconds or n_games == 0:
        _, actions, _ = play_one(cls, lineup_players("random", cls.id, players), seed + n_games)
        n_games += 1
        n_actions += actions
    elapsed = time.process_time() - start
    return n_games / elapsed, n_actions / elapsed


def _copy_costs(cls: type[Game], players: int, repeats: int) -> tuple[float, float]:
    """µs of CPU time for `copy()` and for a JSON round trip (`from_dict(to_dict())`) of a game 100 random
    actions in: what a searching player saves on every copy."""
    game = cls.new(players, seed=7)
    rng = random.Random(7)
    for _ in range(100):
        if game.over:
            break
        seat = sorted(game.to_move())[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    costs = []
    for make in (game.copy, lambda: cls.from_dict(game.to_dict())):
        start = time.process_time()
        for _ in range(repeats):
            make()
        costs.append((time.process_time() - start) / repeats * 1e6)
    return costs[0], costs[1]


def _catanatron_rate(seconds: float) -> float | None:
    """catanatron's random 4-player games/s, when it is installed: a yardstick, never a dependency of the bot
    (the `bench` extra pins it; it is GPL, run and measured against, never copied)."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds or n == 0:
        Game([RandomPlayer(c) for c in colors]).play()
        n += 1
    return n / (time.process_time() - start)


def bench_engines(ids: list[str], runs: int, seconds: float) -> list[Row]:
    """Each engine's random play, `runs` runs of `seconds` each, the engines taking turns run by run (and
    catanatron beside Catan): a slow minute on a shared machine then slows one run of every engine, not every
    run of one, and the medians compare the engines fairly."""
    classes = {gid: get_game(gid) for gid in ids}
    seats = {gid: cls.max_players if gid != "colonies" else 4 for gid, cls in classes.items()}
    for gid, cls in classes.items():
        _engine_rate(cls, seats[gid], seconds / 2, 10_000)  # warm-up
    samples: dict[str, list[tuple[float, float]]] = {gid: [] for gid in ids}
    theirs: list[float] = []
    for r in range(runs):
        for gid, cls in classes.items():
            samples[gid].append(_engine_rate(cls, seats[gid], seconds, 1000 * (r + 1)))
            if gid == "catan" and (rate := _catanatron_rate(seconds)) is not None:
                theirs.append(rate)
    rows = []
    for gid, cls in classes.items():
        copy_us, json_us = _copy_costs(cls, seats[gid], 200 if seconds < 1 else 2000)
        row: Row = {"game": gid, "players": seats[gid],
                    "games_per_s": _summary([s[0] for s in samples[gid]]),
                    "actions_per_s": _summary([s[1] for s in samples[gid]]), "copy_us": copy_us, "json_us": json_us}
        if gid == "catan" and theirs:
            row["catanatron_games_per_s"] = _summary(theirs)
            row["ratio_vs_catanatron"] = row["games_per_s"]["median"] / row["catanatron_games_per_s"]["median"]
        rows.append(row)
    return rows


def sample_states(cls: type[Game], count: int, seed: int) -> list[Game]:
    """Games stopped at spread-out points of random play, for drawing."""
    out = []
    for i in range(count):
        players = lineup_players("random", cls.id, cls.max_players)
        full, length, _ = play_one(cls, players, seed + i)
        stop = random.Random(seed + i).randint(0, max(0, length))
        game = cls.new(cls.max_players, seed=seed + i)
        rng = random.Random(seed + i)
        for _ in range(stop):
            if game.over:
                break
            seat = sorted(game.to_move())[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        out.append(game)
        out.append(full)
    return out


def _time_render(fn: Callable[[], bytes | None], repeats: int) -> tuple[list[float], int, int]:
    """Render times in ms, the largest PNG in bytes, and the narrowest width in px."""
    times, size, width = [], 0, 1 << 30
    for _ in range(repeats):
        t = time.perf_counter()
        png = fn()
        times.append((time.perf_counter() - t) * 1000)
        if png:
            size = max(size, len(png))
            width = min(width, int.from_bytes(png[16:20], "big"))  # the IHDR chunk's width
    return times, size, width


def bench_renders(ids: list[str], states: int, repeats: int) -> list[Row]:
    rows = []
    for gid in ids:
        cls = get_game(gid)
        sampled = sample_states(cls, states, 500)
        render_board(gid, sampled[0].view(None))  # warm-up: fonts and cached layers
        board_ms: list[float] = []
        private_ms: list[float] = []
        board_bytes = private_bytes = 0
        board_width = 1 << 30
        for game in sampled:
            public, mine = game.view(None), game.view(0)
            t, b, w = _time_render(lambda v=public, g=gid: render_board(g, v), repeats)
            board_ms += t
            board_bytes, board_width = max(board_bytes, b), min(board_width, w)
            t, b, _ = _time_render(lambda v=mine, g=gid: render_private(g, v), repeats)
            if b:
                private_ms += t
                private_bytes = max(private_bytes, b)
        row: Row = {"game": gid, "board_ms": _summary(board_ms), "board_max_bytes": board_bytes,
                    "board_min_width": board_width}
        if private_ms:
            row["private_ms"] = _summary(private_ms)
            row["private_max_bytes"] = private_bytes
        rows.append(row)
    return rows


RECAP_ACTIONS = 1000


def long_log(cls: type[Game], seed: int, actions: int = RECAP_ACTIONS) -> list[tuple[int, Any]]:
    """The first `actions` actions of a seeded game, random or heuristic play, whichever runs longer (random
    colonies die young in some games): a long game to recap."""
    game, rng, log = cls.new(cls.max_players, seed=seed), random.Random(seed), []
    while not game.over and len(log) < actions:
        seat = min(game.to_move())
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        log.append((seat, action))
    played = history.ai_log(cls.id, cls.max_players, seed, max_actions=actions)[1]
    return max(log, played, key=len)


def bench_recaps(ids: list[str], repeats: int) -> list[Row]:
    """The recap of a long game: replaying its log into public frames, then the chart beside the final board."""
    rows = []
    for gid in ids:
        cls = get_game(gid)
        seed, log = max(((seed, long_log(cls, seed)) for seed in range(3)), key=lambda pair: len(pair[1]))
        times = []
        for _ in range(repeats + 1):  # the first run warms the caches up
            t = time.perf_counter()
            history.recap(gid, history.frames(gid, cls.max_players, seed, {}, log), Cast([]))
            times.append((time.perf_counter() - t) * 1000)
        rows.append({"game": gid, "actions": len(log), "recap_ms": _summary(times[1:])})
    return rows


def _stamp(quick: bool) -> dict[str, Any]:
    """When and where a run was measured."""
    return {"when": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
            "quick": quick}


def _measured(data: dict[str, Any]) -> str:
    return f"Measured {data['when']} on {data['machine']}{' (quick run)' if data['quick'] else ''}."


def collect(quick: bool, only: list[str] | None, engines_only: bool = False) -> dict[str, Any]:
    ids = sorted(only or games.registry())
    runs, seconds = (2, 0.3) if quick else (5, 2.0)
    data: dict[str, Any] = {**_stamp(quick), "engines": bench_engines(ids, runs, seconds)}
    if engines_only:
        return data
    data["renders"] = bench_renders(ids, 2 if quick else 10, 2 if quick else 5)
    data["recaps"] = bench_recaps(ids, 1 if quick else 5)
    data["reviews"] = bench_review.bench_reviews(ids, quick=quick)
    data["service"] = asyncio.run(bench_service(ids, quick=quick))
    data["thinking"] = asyncio.run(bench_thinking.bench_thinking(ids, quick=quick))
    data["restart"] = asyncio.run(bench_restart.restart_to_ready(2 if quick else 5))
    return data


def _f(value: float) -> str:
    return f"{value:,.1f}" if value < 1000 else f"{value:,.0f}"


def engines_table(data: dict[str, Any]) -> str:
    """The engines' rows and their budgets: the page's one engine table ("Engines alone"), written by every
    run, `--engines` or whole."""
    lines = [_measured(data), "",
             "| engine (random play, CPU time of one core) | players | games/s median | games/s p95 | "
             "actions/s median | copy µs | JSON round trip µs |",
             "|---|---|---|---|---|---|---|"]
    for r in data["engines"]:
        lines.append(f"| {r['game']} | {r['players']} | {_f(r['games_per_s']['median'])} | "
                     f"{_f(r['games_per_s']['p95'])} | {_f(r['actions_per_s']['median'])} | "
                     f"{r['copy_us']:.0f} | {r['json_us']:.0f} |")
        if "catanatron_games_per_s" in r:
            lines.append(f"| catanatron (same run) | 4 | {_f(r['catanatron_games_per_s']['median'])} | "
                         f"{_f(r['catanatron_games_per_s']['p95'])} | — | | |")
            lines.append(f"| **catan / catanatron** | | **{r['ratio_vs_catanatron']:.2f}×** | | | | |")
        elif r["game"] == "catan":
            lines.append("| catanatron: not installed, no ratio (`pip install -e '.[bench]'`) | | | | | | |")
    if not data["engines"]:
        lines += ["", "No games are registered yet, so there is nothing to measure."]
    return "\n".join(lines + _budget_table(engine_budgets(data)))


def table(data: dict[str, Any]) -> str:
    """The rest of a whole run, the page's top: pictures, recaps, whole moves, the event loop, their budgets."""
    lines = [_measured(data)]
    if data.get("renders"):
        lines += ["", "| picture | median ms | p95 ms | largest PNG |", "|---|---|---|---|"]
    for r in data.get("renders", []):
        lines.append(f"| {r['game']} board | {r['board_ms']['median']:.1f} | {r['board_ms']['p95']:.1f} | "
                     f"{r['board_max_bytes'] / 1024:.0f} KB |")
        if "private_ms" in r:
            lines.append(f"| {r['game']} private | {r['private_ms']['median']:.1f} | {r['private_ms']['p95']:.1f} | "
                         f"{r['private_max_bytes'] / 1024:.0f} KB |")
    if data.get("recaps"):
        lines += ["", "| recap (replay the log, chart beside the final board) | actions | median ms | p95 ms |",
                  "|---|---|---|---|"]
        lines += [f"| {r['game']} | {r['actions']:,} | {r['recap_ms']['median']:.0f} | {r['recap_ms']['p95']:.0f} |"
                  for r in data["recaps"]]
    lines += bench_review.table(data.get("reviews"))
    service = data.get("service")
    if service:
        lines += ["", f"Whole moves (load, apply, persist, render) with {service['stored_games']:,} stored games, "
                  f"{service['active_games']} active, {service['moves_timed']:,} moves:", "",
                  "| whole move | p50 ms | p95 ms | p99 ms | sustained moves/s (one core) | bot process peak RSS |",
                  "|---|---|---|---|---|---|",
                  f"| mix of all games | {service['move_p50_ms']:.1f} | {service['move_p95_ms']:.1f} | "
                  f"{service['move_p99_ms']:.1f} | {service['sustained_moves_per_s']:.0f} | "
                  f"{service['bot_process_rss_mb']:.0f} MB |"]
    if data.get("thinking"):
        lines += bench_thinking.table(data["thinking"])
    if "restart" in data:
        lines += bench_restart.table(data["restart"])
    return "\n".join(lines + _budget_table(budgets(data)))


def _budget_table(rows: list[tuple[str, str, bool]]) -> list[str]:
    if not rows:
        return []
    return ["", "| budget (DESIGN §9) | measured | met |", "|---|---|---|",
            *(f"| {name} | {value} | {'yes' if met else '**no**'} |" for name, value, met in rows)]


def engine_budgets(data: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """The engines' budgets of DESIGN §9 with the figures that answer them."""
    rows = []
    for r in data["engines"]:
        rate = r["actions_per_s"]["median"]
        rows.append((f"{r['game']} ≥ 30,000 random actions/s on one core", f"{_f(rate)}", rate >= 30_000))
        if "ratio_vs_catanatron" in r:
            rows.append(("catan ≥ 2× catanatron's random games/s", f"{r['ratio_vs_catanatron']:.2f}×",
                         r["ratio_vs_catanatron"] >= 2))
    return rows


def budgets(data: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """The other budgets of DESIGN §9 (pictures, recaps, whole moves, the event loop) with their figures."""
    rows = []
    for r in data.get("renders", []):
        ms, kb, px = r["board_ms"]["median"], r["board_max_bytes"] / 1024, r["board_min_width"]
        rows.append((f"{r['game']} board ≤ 40 ms median, ≤ 400 KB, ≥ {MIN_WIDTH} px wide",
                     f"{ms:.1f} ms, {kb:.0f} KB, {px} px", ms <= 40 and kb <= 400 and px >= MIN_WIDTH))
    for r in data.get("recaps", []):
        ms = r["recap_ms"]["median"]
        rows.append((f"{r['game']} recap of a {r['actions']:,}-action game ≤ 300 ms", f"{ms:.0f} ms", ms <= 300))
    service = data.get("service")
    if service:
        rows += [("whole move ≤ 60 ms p95", f"{service['move_p95_ms']:.1f} ms", service["move_p95_ms"] <= 60),
                 ("≥ 50 sustained moves/s on one core", f"{service['sustained_moves_per_s']:.0f}",
                  service["sustained_moves_per_s"] >= 50),
                 ("bot process ≤ 200 MB RSS", f"{service['bot_process_rss_mb']:.0f} MB",
                  service["bot_process_rss_mb"] <= 200)]
    if data.get("thinking"):
        rows += bench_thinking.budgets(data["thinking"])
    return rows + bench_restart.budgets(data.get("restart"))


def sections(data: dict[str, Any], engines_only: bool) -> dict[str | None, str]:
    """What a run writes where on the page: the engine table in its section, always (the page keeps one of
    it), and the rest of a whole run at the top (None)."""
    return ({} if engines_only else {None: table(data)}) | {ENGINES: engines_table(data)}


PAGE = Path("docs/PERFORMANCE.md")
HEAD = ("# Performance\n\nWritten by `python -m bot bench --write`. How to read it: each row is measured on this "
        "2-core machine, CPU time of one core for the engines and wall time for the rest, median and p95 over the "
        "runs; a **no** in a budget table is a budget of DESIGN §9 not met. The AI levels' tournaments, the learned "
        "evaluations' calibration and what was screened and dropped are in docs/AI.md.\n\n")
ENGINES = "Engines alone"
"""The page's section of the engine table, written by `bench --write` and `bench --engines --write` alike."""
BACKENDS = "Several processes on one PostgreSQL"
"""The page's section written by `bench --backend postgres --write`."""


def write_page(text: str, section: str | None = None, path: Path = PAGE) -> None:
    """Write the page's main table (no section) or one `## section` of it; the other parts of the page stay."""
    old = path.read_text(encoding="utf-8") if path.exists() else HEAD
    top, *rest = re.split(r"(?m)^(?=## )", old)
    parts = {part.split("\n", 1)[0]: part for part in rest}
    if section is None:
        top = HEAD + text
    else:
        parts[f"## {section}"] = f"## {section}\n\n{text}"
    page = "".join(part.rstrip("\n") + "\n\n" for part in [top, *parts.values()])
    path.parent.mkdir(exist_ok=True)
    path.write_text(page.rstrip("\n") + "\n", encoding="utf-8")


def main(*, quick: bool, as_json: bool, write: bool, only: list[str] | None, backend: str = "sqlite",
         processes: int = 2, engines_only: bool = False) -> int:
    if backend == "postgres":
        ids = sorted(only or games.registry())
        found = asyncio.run(bench_backends(ids, processes=processes, quick=quick,
                                           url=os.environ.get("DATABASE_URL")))
        data: dict[str, Any] = {**_stamp(quick), **(found or {})}
        text = _measured(data) + "\n\n" + (backends_table(data) if found else "No games are registered yet.")
        parts: dict[str | None, str] = {BACKENDS: text}
    else:
        data = collect(quick, only, engines_only)
        parts = sections(data, engines_only)
    print(json.dumps(data, indent=2) if as_json else "\n\n".join(parts.values()))
    if write:
        for section, text in parts.items():
            write_page(text, section)
        print(f"wrote {PAGE}", file=sys.stderr)
    return 0
