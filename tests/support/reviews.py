"""Finished games of easy AI seats and their reviews (games/review.py), shared by the review's tests of the
engines and of the pictures: each game is played and each seat reviewed once a test run."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.ai import choose_for
from games.core import Action, get_game
from games.levels import player_for
from games.review import Review, review

TABLES: dict[str, tuple[int, dict[str, Any], int]] = {
    "catan": (3, {}, 1), "colonies": (2, {"events": 12}, 2), "roanoke": (4, {}, 3),
    "small_islands": (2, {}, 2), "roam": (2, {}, 1)}
"""Per game: the seats, the options (a short Colonies) and a seed whose game some seat's review names three
decisions in."""


@cache
def finished(game_id: str) -> list[tuple[int, Action]]:
    """The log of a finished game of easy AI seats (the heuristic with a beginner's slips: mistakes to find)."""
    players, options, seed = TABLES[game_id]
    game = get_game(game_id).new(players, seed=seed, options=options)
    rng, easy, log = random.Random(seed), player_for(game_id, "easy"), []
    while not game.over:
        seat = min(game.to_move())
        action = choose_for(game, seat, easy, rng)
        game.apply(seat, action)
        log.append((seat, action))
    return log


@cache
def reviewed(game_id: str, seat: int) -> Review:
    """The seat's review of `finished(game_id)`."""
    players, options, seed = TABLES[game_id]
    return review(game_id, players, seed, options, finished(game_id), seat)
