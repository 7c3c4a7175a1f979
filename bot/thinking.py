"""AI decisions off the event loop (DESIGN §7): the hard level's search runs in a pool of worker
processes, so the bot keeps answering Discord while AI seats think.

The easy and normal levels take well under a millisecond and are chosen in place; the hard level is
sent to a worker as the game's JSON state, and the worker searches until its time budget runs out
(its own clock, passed into the search: games/ reads none).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games.ai import choose_for
from games.core import Action, get_game
from games.levels import player_for

MOST_ITERATIONS = 100_000
"""The hard level's iteration cap when thinking against the clock: the time budget is what stops it."""


def decide(game_type: str, state: dict[str, Any], seat: int, level: str, budget_seconds: float,
           seed: int) -> Action:
    """One decision, from the game's state: what a worker runs (and the quick levels, in place)."""
    game = get_game(game_type).from_dict(state)
    player = player_for(game_type, level, iterations=MOST_ITERATIONS, seconds=budget_seconds,
                        clock=time.perf_counter)
    return choose_for(game, seat, player, random.Random(seed))


class Thinking:
    """The worker pool.  `workers` defaults to the machine's cores less one (at least one): the bot's own
    process keeps a core for the event loop."""

    def __init__(self, workers: int | None = None) -> None:
        count = workers or max(1, (os.cpu_count() or 2) - 1)
        # spawn: a worker starts clean, never a fork of a process that runs an event loop and threads
        self._pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"))

    async def choose(self, game_type: str, state_dict: dict[str, Any], seat: int, level: str,
                     budget_seconds: float, *, seed: int = 0) -> Action:
        """The action of an AI seat of `level`; the hard level thinks in a worker for `budget_seconds`."""
        if level != "hard":
            return decide(game_type, state_dict, seat, level, budget_seconds, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game_type, state_dict, seat, level,
                                          budget_seconds, seed)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
