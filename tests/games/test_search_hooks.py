"""The search hooks of every engine (DESIGN §2 "For search"), over seeded positions of random play:
`copy` gives the same state and is independent of the original, `determinize(seat, rng)` gives a game
the seat cannot tell from the real one (its view and its moves the same), the same for the same rng, and
one that plays on; `evaluate` stays in [0, 1]. Each game's own tests build a won and a lost position."""

from __future__ import annotations

import json
import random

import pytest

import games
from games.core import Game
from tests.support.states import SEARCHABLE, positions


def state(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def play_random(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = rng.choice(sorted(game.to_move()))
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("game_id", SEARCHABLE)
@pytest.mark.parametrize("seed", range(3))
def test_copy_is_equal_and_independent(game_id: str, seed: int) -> None:
    for game in positions(game_id, seed):
        before = state(game)
        twin = game.copy()
        assert type(twin) is type(game) and state(twin) == before
        play_random(twin, random.Random(seed), 30)
        assert state(game) == before, "playing on the copy changed the original"
        again = game.copy()
        play_random(game, random.Random(seed), 30)
        assert state(again) == before, "playing on the original changed its copy"
        play_random(again, random.Random(seed), 30)
        assert state(again) == state(game), "the copy plays on as the original does (the same dice)"


@pytest.mark.parametrize("game_id", SEARCHABLE)
@pytest.mark.parametrize("seed", range(3))
def test_determinize_keeps_what_the_seat_sees(game_id: str, seed: int) -> None:
    changed = 0
    for game in positions(game_id, seed):
        before = state(game)
        for seat in range(game.num_players):
            sampled = game.determinize(seat, random.Random(seed * 10 + seat))
            assert state(game) == before, "determinize changed the original"
            assert sampled.view(seat) == game.view(seat)
            assert sampled.legal_actions(seat) == game.legal_actions(seat)
            assert state(sampled) == state(game.determinize(seat, random.Random(seed * 10 + seat))), \
                "the same rng gives the same sample"
            assert sampled.view(None) == game.view(None)
            changed += state(sampled) != before
            play_random(sampled, random.Random(seed), 60)  # a sampled game plays on
    assert changed, "no sample differed from the real game: nothing hidden was drawn afresh"


@pytest.mark.parametrize("game_id", SEARCHABLE)
@pytest.mark.parametrize("seed", range(3))
def test_evaluate_stays_between_0_and_1(game_id: str, seed: int) -> None:
    for game in positions(game_id, seed):
        values = [game.evaluate(seat) for seat in range(game.num_players)]
        assert all(0.0 <= v <= 1.0 for v in values), values


def _colonies_lead() -> Game:
    game = games.get_game("colonies").new(3, seed=1)
    game.s["players"][0]["discard"] += ["farmland", "coast", "mountains", "wealth", "wealth"]  # type: ignore[attr-defined]
    return game


def _roanoke_lead() -> Game:
    game = games.get_game("roanoke").new(4, seed=1)
    game.s["players"][0]["hand"] = {"food": 9, "water": 9, "metal": 9, "wood": 9}  # type: ignore[attr-defined]
    return game


def _small_islands_lead() -> Game:
    game = games.get_game("small_islands").new(3, seed=1)
    game.s["players"][0]["pp"] = 20  # type: ignore[attr-defined]
    return game


def _roam_lead() -> Game:
    from games.roam.data import CARDS, LAND_IDS

    game = games.get_game("roam").new(3, seed=1)
    lands = sorted(LAND_IDS, key=lambda c: -CARDS[c].vp)[:3]
    game.players[0]["characters"] += [{"card": c, "up": True} for c in lands]  # type: ignore[attr-defined]
    return game


def _catan_lead() -> Game:
    from tests.games.catan.positions import after_setup

    game = after_setup(4, seed=3)
    for v in [v for v, b in enumerate(game.s["buildings"]) if b is not None and b[0] == 0]:
        game.s["buildings"][v] = [0, 2]  # seat 0's settlements are cities
    return game


LEADS = {"catan": _catan_lead, "colonies": _colonies_lead, "roam": _roam_lead, "roanoke": _roanoke_lead,
         "small_islands": _small_islands_lead}
"""A position where seat 0 clearly leads seat 1, built by hand, per game."""


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_evaluate_ranks_a_clear_lead_above_the_seats_behind(game_id: str) -> None:
    game = LEADS[game_id]()
    values = [game.evaluate(seat) for seat in range(game.num_players)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > 0.5 > values[1], values
