"""One-tap trades (`Game.suggested`, games/suggested.py; issue 43): only a build one card short is suggested, each
suggestion is a move the engine's `apply` accepts, and it is read from what the seat sees alone (another seat's
hidden hand changes nothing)."""

from __future__ import annotations

import random

import pytest

from games.catan.game import Catan
from games.core import Game, get_game
from games.suggested import one_short
from tests.games.catan.positions import after_setup, empty_hands, give, rolled


def test_one_short_is_a_build_lacking_exactly_one_card_that_the_hand_can_spare_one_for() -> None:
    costs = {"a road": {"brick": 1, "lumber": 1}, "a city": {"grain": 2, "ore": 3}}
    assert one_short({"brick": 1, "wool": 2}, costs) == [("a road", "lumber", {"wool": 2})]
    assert one_short({"brick": 1}, costs) == [], "nothing to spare"
    assert one_short({"ore": 1, "wool": 3}, costs) == [], "two cards short of each"


def catan_with(**cards: int) -> tuple[Catan, int]:
    game = rolled(after_setup(3))
    empty_hands(game)
    seat = game.s["active"]
    give(game, seat, **cards)
    return game, seat


def test_a_catan_road_one_lumber_short_suggests_a_spare_wool_for_it_to_everyone() -> None:
    """CAT-32: one offer to everyone, 1 for 1, and nothing for builds two cards off."""
    game, seat = catan_with(brick=1, wool=2)
    assert game.suggested(seat) == [({"type": "offer", "to": "all", "give": {"wool": 1}, "get": {"lumber": 1}},
                                     "a road")]


def test_a_catan_bank_trade_is_suggested_only_where_the_build_stays_paid() -> None:
    """CAT-33: 5 ore and a lumber: 4 ore buy the brick the road lacks; with 4 ore and a lumber too (the lumber is
    the road's), but 3 ore buy nothing at 4:1."""
    game, seat = catan_with(ore=5, lumber=1)
    assert ({"type": "maritime", "give": "ore", "get": "brick"}, "a road") in game.suggested(seat)
    game, seat = catan_with(ore=3, lumber=1)
    assert all(action["type"] != "maritime" for action, _ in game.suggested(seat))


def test_a_catan_suggestion_does_not_read_another_seats_hand() -> None:
    """The suggestions of the seat are the same whatever the others hold (they see only counts)."""
    game, seat = catan_with(brick=1, wool=2)
    before = game.suggested(seat)
    give(game, (seat + 1) % 3, lumber=3, ore=2)
    assert game.suggested(seat) == before


@pytest.mark.parametrize("game_type", ["catan", "colonies", "roanoke"])
def test_every_suggestion_of_a_played_game_is_a_move_apply_accepts(game_type: str) -> None:
    """Along random games, each suggested move applied as it is: no refusal."""
    shown = 0
    for seed in range(3):
        game: Game = get_game(game_type).new(get_game(game_type).min_players, seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if game.over:
                break
            seat = min(game.to_move())
            for action, what in game.suggested(seat):
                assert what, "each says what it is for"
                game.copy().apply(seat, action)
                shown += 1
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game_type != "catan" or shown, "Catan's random play meets builds one card short"
