"""The search's evaluation behind the learned-model flag (games/learned.py `SEARCH_WITH_MODEL`): on where the
hard level measured at least as strong with it (ROAM, Small Islands), a cut-off playout is scored by
each seat's learned chance of winning: by the search's model, read from the sampled world with every seat's
hidden cards, where the game ships one (`search_chances.json`), else by the players' model from the public view;
off (Catan, Colonies, Roanoke), by the game's hand-set evaluation."""

from __future__ import annotations

import random

import pytest

import games.learned
from bot.tools.train import train
from games.ai import choose_for
from games.catan.game import Catan
from games.core import Game, get_game
from games.learned import feature_names, learned_value, model, search_features, win_chances
from games.levels import player_for
from tests.games.catan.positions import after_setup, empty_hands, give
from tests.support.states import SEARCHABLE, positions

SEARCH_MODELS = ["catan", "colonies", "small_islands"]
"""The games that ship a model for the search."""
SHIPPED_ON = {"roam", "small_islands"}
"""The games whose hard level scores its cut-off playouts by the learned chances, as measured (docs/AI.md)."""


def _learned(game: Game) -> list[float]:
    """Each seat's learned chance in a position: by the search's model where the game ships one, else by the
    players' model from the public view."""
    searched = model(game.id, "search")
    return searched.chances(search_features(game)) if searched is not None else win_chances(game.id, game.view(None))


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_search_scores_a_cut_off_by_the_learned_chances_in_the_games_that_ship_it_on_and_by_its_own_elsewhere(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = positions(game_id, 11)[1]
    seats = range(game.num_players)
    shipped = [game.evaluate(s) for s in seats]
    monkeypatch.setattr(games.learned, "SEARCH_WITH_MODEL", set())
    own = [game.evaluate(s) for s in seats]
    assert learned_value(game, 0) is None
    monkeypatch.setattr(games.learned, "SEARCH_WITH_MODEL", {game_id})
    learned = [game.evaluate(s) for s in seats]
    assert learned == _learned(game) and learned != own
    assert sum(learned) == pytest.approx(1.0)
    assert shipped == (learned if game_id in SHIPPED_ON else own)
    seat = min(game.to_move())
    move = choose_for(game, seat, player_for(game_id, "hard", iterations=3), random.Random(1))
    game.copy().apply(seat, move)  # a move the rules accept


def test_a_tiny_search_model_is_the_same_for_the_same_seed_and_measured_against_the_hand_set_evaluation() -> None:
    first = train("colonies", games_count=5, seed=7, per_game=4, purpose="search")
    again = train("colonies", games_count=5, seed=7, per_game=4, purpose="search")
    assert first.weights == again.weights and first.made == again.made
    assert list(first.names) == feature_names("colonies", "search") != feature_names("colonies")
    assert first.made["command"] == "python -m bot train colonies --games 5 --seed 7 --positions 4 --for search"
    assert first.made["train"] == {"games": 4, "positions": 16} and first.made["held_out"]["positions"] == 4
    assert {"model", "baseline", "hand_set"} <= set(first.made["held_out"])
    chances = first.chances(search_features(get_game("colonies").new(3, seed=1)))
    assert len(chances) == 3 and sum(chances) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", SEARCH_MODELS)
def test_the_shipped_search_weights_load_and_give_each_seat_a_chance_summing_to_one(game_id: str) -> None:
    shipped = model(game_id, "search")
    assert shipped is not None and "--for search" in shipped.made["command"]
    held = shipped.made["held_out"]
    assert held["model"]["brier"] < held["baseline"]["brier"]
    cls = get_game(game_id)
    for players in (cls.min_players, cls.max_players):
        game = cls.new(players, seed=5)
        rng = random.Random(5)
        for _ in range(40):
            if game.over:
                break
            seat = min(game.to_move())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        chances = shipped.chances(search_features(game))
        assert len(chances) == players
        assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)


def _catan_hands(ore_grain: bool) -> Catan:
    """Every seat with four resource cards: seat 0's either a city's worth short of one ore (ore and grain)
    or four of a kind it cannot build with."""
    game = after_setup(4, seed=7)
    game.s["phase"] = "main"
    empty_hands(game)
    for seat in range(1, 4):
        give(game, seat, lumber=2, brick=2)
    if ore_grain:
        give(game, 0, ore=2, grain=2)
    else:
        give(game, 0, wool=4)
    return game


def test_cat_the_search_model_values_a_seats_hidden_cards_by_what_they_build() -> None:
    """Four cards toward a city against four of a kind: the table sees four cards each way (the players'
    model cannot tell them apart), the search's model, reading the sampled hand, values the city's more."""
    toward, useless = _catan_hands(True), _catan_hands(False)
    assert win_chances("catan", toward.view(None)) == win_chances("catan", useless.view(None))
    searched = model("catan", "search")
    assert searched is not None
    assert searched.chances(search_features(toward))[0] > searched.chances(search_features(useless))[0]
