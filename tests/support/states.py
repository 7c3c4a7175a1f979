"""Seeded game states to draw, and a way to draw every cached layer again, for the renderer property tests; the
seeded positions of random play the search hooks are tested on."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

import games
from games.ai import choose_for, policy_for
from games.core import Game


def states(game_id: str, count: int, seed: int) -> Iterator[Game]:
    """Games of every table size stopped at random points of seeded play, and some finished; every other
    game is played by the AI seats, which get further (houses, cities, claimed cards) than random moves."""
    cls = games.get_game(game_id)
    ai = policy_for(game_id)
    for i in range(count):
        rng = random.Random(seed + i)
        game = cls.new(rng.randint(cls.min_players, cls.max_players), seed=seed + i)
        stop = rng.choice((rng.randint(0, 40), rng.randint(0, 400), 10**6))
        for _ in range(stop):
            if game.over:
                break
            seat = sorted(game.to_move())[0]
            game.apply(seat, choose_for(game, seat, ai, rng) if i % 2 else rng.choice(game.legal_actions(seat)))
        yield game


def finished(game_id: str, seed: int) -> Game:
    """A game of the largest table played to its end by the game's heuristic seats (seeded, so always the same
    game): the late positions whose words run longest."""
    cls = games.get_game(game_id)
    ai, rng = policy_for(game_id), random.Random(seed)
    game = cls.new(cls.max_players, seed=seed)
    while not game.over:
        seat = sorted(game.to_move())[0]
        game.apply(seat, choose_for(game, seat, ai, rng))
    return game


def fresh() -> None:
    """Forget every cached sprite and layer, so their words and frames are drawn (and recorded) again;
    a sprite's words are checked against its own frames the first time it is drawn."""
    for name, module in list(sys.modules.items()):
        if name == "renderers" or name.startswith("renderers."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


SEARCHABLE = ["catan", "colonies", "roam", "roanoke", "small_islands"]
STOPS = (5, 40, 120, 300)
"""After how many random actions each position is taken."""


def positions(game_id: str, seed: int) -> list[Game]:
    """Copies (through JSON) of one random game after each of STOPS actions, while it lasts."""
    cls = games.get_game(game_id)
    game = cls.new(cls.max_players, seed=seed)
    rng = random.Random(seed)
    out: list[Game] = []
    for done in range(max(STOPS) + 1):
        if game.over:
            break
        if done in STOPS:
            out.append(cls.from_dict(game.to_dict()))
        seat = rng.choice(sorted(game.to_move()))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return out
