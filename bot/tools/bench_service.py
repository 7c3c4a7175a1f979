"""The bench's whole-move section: `GameService.act` plus the board picture, on a full database.

Stores many games (10,000, or a few hundred with --quick) in a fresh SQLite file, then
plays moves on a set of active ones: each timed move loads the game, applies an AI's
choice, persists it and renders the board, as the bot does for a click.  Then a separate
process that imports the whole bot (discord.py and the cogs included) plays the active
games on the same file, so that its peak memory is the bot's, not the bench's.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.service import GameService
from bot.storage import open_storage
from games.ai import RandomPlayer
from games.core import get_game
from renderers import render_board


async def _seed_games(service: GameService, ids: list[str], count: int) -> list[int]:
    """`count` running games, round-robin over the game types, every seat a distinct user."""
    created = []
    for i in range(count):
        cls = get_game(ids[i % len(ids)])
        base = 1_000 * (i + 1)
        info = await service.create(game_type=cls.id, guild_id=1, channel_id=base, user_id=base)
        for seat in range(1, cls.min_players):
            await service.join(info.id, base + seat)
        await service.start(info.id, base)
        created.append(info.id)
    return created


async def _move(service: GameService, game_id: int, rng: random.Random) -> bool:
    """One timed-path move: an AI choice for the first seat to move, then the board picture."""
    info = await service.get(game_id)
    if info.status != "running" or not info.to_move:
        return False
    seat = info.to_move[0]
    user = info.seats[seat].user_id
    legal = [m.action for m in await service.choices(game_id, user)] if user is not None else []
    if not legal:
        return False
    outcome = await service.act(game_id, user, RandomPlayer().choose({}, legal, rng))
    render_board(info.game_type, outcome.public_view or {})
    return True


async def _play(service: GameService, hot: list[int], moves: int | None,
                seconds: float | None = None) -> tuple[list[float], float]:
    """Round-robin moves over the active games, `moves` of them or for `seconds`: per-move ms and the
    elapsed seconds."""
    rng = random.Random(1)
    times: list[float] = []
    hot = list(hot)
    start = time.perf_counter()
    while hot and (moves is None or len(times) < moves) and (seconds is None or time.perf_counter() - start < seconds):
        game_id = hot[len(times) % len(hot)]
        t = time.perf_counter()
        if await _move(service, game_id, rng):
            times.append((time.perf_counter() - t) * 1000)
        else:
            hot.remove(game_id)
    return times, time.perf_counter() - start


def _pct(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def bench_service(ids: list[str], *, quick: bool) -> dict[str, float] | None:
    if not ids:
        return None
    stored, active, moves = (300, 20, 200) if quick else (10_000, 100, 2_000)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        storage = await open_storage(database)
        try:
            service = GameService(storage)
            created = await _seed_games(service, ids, stored)
            hot = created[-active:]
            times, elapsed = await _play(service, hot, moves)
        finally:
            await storage.close()
        rss = await _bot_process_rss(database, ids, hot, moves)
    if not times:
        return None
    return {"stored_games": stored, "active_games": active, "moves_timed": len(times),
            "move_p50_ms": statistics.median(times), "move_p95_ms": _pct(times, 0.95),
            "move_p99_ms": _pct(times, 0.99), "sustained_moves_per_s": len(times) / elapsed,
            "bot_process_rss_mb": rss}


async def _bot_process_rss(database: Path, ids: list[str], hot: list[int], moves: int) -> float:
    """Peak RSS (MB) of a process holding the whole bot that plays the active games on the full file."""
    modules = sorted({get_game(gid).__module__ for gid in ids})  # the games measured, shipped or not
    probe = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.tools.bench_service", str(database), json.dumps(hot), str(moves), *modules,
        stdout=asyncio.subprocess.PIPE)
    out, _ = await probe.communicate()
    if probe.returncode != 0:
        raise RuntimeError(f"the memory probe failed with exit code {probe.returncode}")
    return float(out.decode().strip())


def import_the_bot(modules: list[str]) -> None:
    """Import what the running bot holds (discord.py, the cogs) and the game `modules` measured: a probe
    process then weighs what the bot weighs."""
    for module in ["bot.client", "cogs.lobby", "cogs.play", *modules]:
        importlib.import_module(module)


async def _probe(database: Path, hot: list[int], moves: int, modules: list[str]) -> float:
    import_the_bot(modules)
    storage = await open_storage(database)
    try:
        await _play(GameService(storage), hot, moves)
    finally:
        await storage.close()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


if __name__ == "__main__":
    print(asyncio.run(_probe(Path(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])))
