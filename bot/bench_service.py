"""The bench's whole-move section: `GameService.act` plus the board picture, on a full database.

Stores many games (10,000, or a few hundred with --quick) in a fresh SQLite file, then
plays moves on a set of active ones: each timed move loads the game, applies an AI's
choice, persists it and renders the board, as the bot does for a click.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.storage import Storage
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
    legal = [a for _, a in await service.choices(game_id, user)] if user is not None else []
    if not legal:
        return False
    outcome = await service.act(game_id, user, RandomPlayer().choose({}, legal, rng))
    render_board(info.game_type, outcome.public_view or {})
    return True


async def bench_service(ids: list[str], *, quick: bool) -> dict[str, Any] | None:
    if not ids:
        return None
    stored, active, moves = (300, 20, 200) if quick else (10_000, 100, 2_000)
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(Path(folder) / "bench.sqlite3")
        try:
            service = GameService(storage)
            games = await _seed_games(service, ids, stored)
            hot = games[-active:]
            rng = random.Random(1)
            times: list[float] = []
            start = time.perf_counter()
            while len(times) < moves and hot:
                game_id = hot[len(times) % len(hot)]
                t = time.perf_counter()
                if await _move(service, game_id, rng):
                    times.append((time.perf_counter() - t) * 1000)
                else:
                    hot.remove(game_id)
            elapsed = time.perf_counter() - start
        finally:
            await storage.close()
    if not times:
        return None
    times.sort()

    def pct(q: float) -> float:
        return times[min(len(times) - 1, round(q * (len(times) - 1)))]

    return {
        "stored games": stored,
        "moves timed": len(times),
        "move p50 ms": f"{statistics.median(times):.1f}",
        "move p95 ms": f"{pct(0.95):.1f}",
        "move p99 ms": f"{pct(0.99):.1f}",
        "sustained moves/s (one core, with rendering)": f"{len(times) / elapsed:.0f}",
    }
