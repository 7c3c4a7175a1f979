"""The AI's thinking off the event loop (bot/thinking.py): the hard level searches in a worker process and
returns a legal move, while the loop goes on running other coroutines."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from collections.abc import Iterator

import pytest

import games
from bot.thinking import WORKER_NICENESS, Thinking, decide
from games.ai import choose_for
from games.core import Game
from games.levels import player_for
from games.review import review
from tests.games.roanoke.table import main_for, set_hand, started
from tests.support.reviews import TABLES, finished


@pytest.fixture
def thinking() -> Iterator[Thinking]:
    pool = Thinking(workers=1)
    yield pool
    pool.close()


def opening(game_id: str) -> tuple[Game, int]:
    game = games.get_game(game_id).new(4, seed=3)
    return game, min(game.to_move())


async def test_a_hard_seat_thinks_in_a_worker_and_the_loop_stays_free(thinking: Thinking) -> None:
    game, seat = opening("catan")
    ran = 0

    async def probe() -> None:  # a coroutine scheduled beside the thinking: it runs only while the loop is free
        nonlocal ran
        while True:
            ran += 1
            await asyncio.sleep(0)

    beside = asyncio.create_task(probe())
    try:
        action = await thinking.choose(game, seat, "hard", 0.3, seed=1)
    finally:
        beside.cancel()
    assert action in game.legal_actions(seat)
    assert ran > 3


@pytest.mark.parametrize("level", ["easy", "normal"])
async def test_the_quick_levels_choose_a_legal_move(thinking: Thinking, level: str) -> None:
    game, seat = opening("colonies")
    assert await thinking.choose(game, seat, level, 0.3, seed=1) in game.legal_actions(seat)


async def test_the_workers_run_at_a_lower_cpu_priority_than_the_bot(thinking: Thinking) -> None:
    """Where a worker and the event loop want the same core, the loop that answers players goes first."""
    game, seat = opening("catan")
    await thinking.choose(game, seat, "hard", 0.05, seed=1)
    workers = [p.pid for p in multiprocessing.active_children() if p.pid is not None]
    assert workers
    lower = min(19, os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS)  # 19 is the lowest there is
    assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in workers] == [lower] * len(workers)


def test_the_hard_level_plays_as_measured_however_long_it_may_think() -> None:
    """The hard level's strength was measured at its playouts a decision (`HARD_PLAYOUTS`); the bot's time
    budget only caps them.  Searching instead until the time ran out (a thousand iterations and more at 1 s),
    Roanoke's tree overruled its guide on the short sight of its evaluation, and its seat was eliminated.  In a
    built position where a longer search chooses otherwise, the bot's decision with time to spare is the
    measured level's."""
    game = started()
    main_for(game, 0, "straight")
    set_hand(game, 0, food=3, water=3, metal=3, wood=3)
    measured = choose_for(game, 0, player_for("roanoke", "hard"), random.Random(5))
    longer = choose_for(game, 0, player_for("roanoke", "hard", iterations=1500), random.Random(5))
    assert measured != longer, "the position no longer tells the two budgets apart"
    assert decide("roanoke", game.to_dict(), 0, "hard", 30.0, seed=5) == measured


async def test_a_review_is_computed_in_a_worker_as_it_would_be_in_place(thinking: Thinking) -> None:
    """A person's review of a finished game (games/review.py) runs in the pool, not on the event loop, and the
    worker finds what the same review finds in place."""
    players, options, seed = TABLES["colonies"]
    found = await thinking.review("colonies", seed, options, players, finished("colonies"), 1)
    assert thinking.running
    assert found == review("colonies", players, seed, options, finished("colonies"), 1)
