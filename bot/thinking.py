"""AI decisions off the event loop (DESIGN §7): the hard level's search runs in a pool of worker
processes, so the bot keeps answering Discord while AI seats think; so does the review of a finished game
(`games.review`), which weighs a person's decisions by that search.

The easy and normal levels take well under a millisecond and are chosen in place; the hard level is
sent to a worker as the game's JSON state, and the worker searches for the level's playouts
(`HARD_PLAYOUTS`), stopping sooner if its time budget runs out (its own clock, passed into the search:
games/ reads none).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games.ai import Player, choose_for
from games.core import Action, Game, get_game
from games.judge import worths
from games.levels import player_for
from games.review import Review, review

WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the bot's: where they and the event loop want the same
core (a small host, a busy one), the loop that answers players runs first and a search takes longer over its
playouts (on a host slow enough, its time budget cuts them short).  The bench's event-loop section measures
the loop meanwhile."""


def timed_player(game_type: str, level: str, budget_seconds: float) -> Player:
    """The player of a level, the hard one thinking for at most `budget_seconds` a decision on this process's
    clock."""
    return player_for(game_type, level, seconds=budget_seconds, clock=time.perf_counter)


def decide(game_type: str, state: dict[str, Any], seat: int, level: str, budget_seconds: float,
           seed: int) -> Action:
    """One decision of the hard level, from the game's state: what a worker runs."""
    game = get_game(game_type).from_dict(state)
    return choose_for(game, seat, timed_player(game_type, level, budget_seconds), random.Random(seed))


def judged(game_type: str, state: dict[str, Any], seat: int, moves: list[Action], seed: int) -> list[float]:
    """The worth of each move to the seat by the hard level's evaluation (`games.judge`): what a worker runs."""
    return worths(get_game(game_type).from_dict(state), seat, moves, seed=seed)


def review_game(game_type: str, seed: int, options: dict[str, Any], players: int, log: list[tuple[int, Action]],
                seat: int) -> Review:
    """A seat's review of a finished game (`games.review`), from its seed, options and log: what a worker runs.
    Seconds of search for a long game, so never on the event loop."""
    return review(game_type, players, seed, options, log, seat)


class Thinking:
    """The worker pool, started when a hard seat first thinks or a review is asked (a bot whose tables play
    easy and normal, and whose players ask for no review, never starts one).  `workers` defaults to the
    machine's cores less one (at least one): the bot's own process keeps a core for the event loop."""

    def __init__(self, workers: int | None = None) -> None:
        self._workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self._started: ProcessPoolExecutor | None = None

    @property
    def _pool(self) -> ProcessPoolExecutor:
        if self._started is None:
            # spawn: a worker starts clean, never a fork of a process that runs an event loop and threads
            self._started = ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=os.nice, initargs=(WORKER_NICENESS,))
        return self._started

    @property
    def running(self) -> bool:
        """Whether the workers were started (a hard seat has thought since the pool was made or closed)."""
        return self._started is not None

    async def choose(self, game: Game, seat: int, level: str, budget_seconds: float, *, seed: int = 0) -> Action:
        """The action of an AI seat of `level`: the quick levels choose in place, from the game as it is; the
        hard level is sent to a worker as the game's state and thinks there for at most `budget_seconds`."""
        if level != "hard":
            return choose_for(game, seat, player_for(game.id, level), random.Random(seed))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game.id, game.to_dict(), seat, level,
                                          budget_seconds, seed)

    async def judge(self, game: Game, seat: int, moves: list[Action], *, seed: int = 0) -> list[float]:
        """Each move's worth to the seat by the hard level's evaluation, weighed in a worker (a search: never
        on the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, judged, game.id, game.to_dict(), seat, moves, seed)

    async def review(self, game_type: str, seed: int, options: dict[str, Any], players: int,
                     log: list[tuple[int, Action]], seat: int) -> Review:
        """A seat's review of a finished game, computed in a worker (`review_game`)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, review_game, game_type, seed, options, players, log, seat)

    def close(self) -> None:
        """Stop the workers, if they were started (a search under way is abandoned)."""
        if self._started is not None:
            self._started.shutdown(wait=True, cancel_futures=True)
            self._started = None
