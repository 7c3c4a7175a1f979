"""What an engine remembers between calls (a map's open cells, its fitting cells, a seat's listed moves) must
never outlive the state it was read from, nor pass between copies: after every action of many seeded random
games, on the game, on a copy played on apart and on a determinized sample, every seat's `legal_actions`
equals those of a fresh engine built from `to_dict`, which remembers nothing."""

from __future__ import annotations

import random

import pytest

import games
from games.core import Game

ENGINES = ["catan", "colonies", "roam", "roanoke", "small_islands"]
SEEDS = range(6)
STEPS = 400
"""Actions per game at the most: past the openings into the rounds where the caches are read most."""


def assert_fresh(game: Game, what: str) -> None:
    fresh = type(game).from_dict(game.to_dict())
    for seat in range(game.num_players):
        assert game.legal_actions(seat) == fresh.legal_actions(seat), f"{what}: seat {seat}'s moves are stale"


def step(game: Game, rng: random.Random) -> None:
    seat = rng.choice(sorted(game.to_move()))
    game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("game_id", ENGINES)
@pytest.mark.parametrize("seed", SEEDS)
def test_listed_moves_follow_the_state_through_play_copies_and_samples(game_id: str, seed: int) -> None:
    cls = games.get_game(game_id)
    game = cls.new(cls.max_players if seed % 2 else cls.min_players, seed=seed)
    rng = random.Random(seed)
    for done in range(STEPS):
        if game.over:
            break
        for seat in sorted(game.to_move()):
            game.legal_actions(seat)  # read (and remember) before the action, as a player does
        step(game, rng)
        assert_fresh(game, f"seed {seed}, action {done}")
        if done % 10 == 0 and not game.over:
            twin = game.copy()
            for _ in range(3):  # the copy moves on: what it learns must stay its own
                if twin.over:
                    break
                step(twin, random.Random(done))
                assert_fresh(twin, f"seed {seed}, copy at {done}")
            assert_fresh(game, f"seed {seed}, original after its copy played at {done}")
            seat = sorted(game.to_move())[0]
            sample = game.determinize(seat, random.Random(done))
            assert_fresh(sample, f"seed {seed}, sample at {done}")
            if not sample.over:
                step(sample, random.Random(done))
                assert_fresh(sample, f"seed {seed}, sample played on at {done}")
            assert_fresh(game, f"seed {seed}, original after its sample played at {done}")
