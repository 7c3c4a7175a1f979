"""The turn message warns a colony about to be eliminated before it ends its turn (issue 27, item 3; COL-S25
eliminates a colony with no Population left after clean-up, where COL-S22 loses the hand's Population)."""

from __future__ import annotations

from tests.games.colonies.table import table
from tests.support.words import rule_ids


def test_col_s25_a_colony_whose_only_population_is_in_hand_is_warned_then_eliminated() -> None:
    game = table(3, hand=["farmer", "food", "wealth"], deck=[], discard=["coast", "food"])
    said = game.warnings(0)
    assert len(said) == 1 and "only Population is the 1 in your hand" in said[0]
    assert "eliminated when you end this turn" in said[0] and not rule_ids(said[0])
    assert game.warnings(1) == [], "only the player whose turn it is hears it"
    game.apply(0, {"type": "end_turn", "granary": 0})
    assert game.s["players"][0]["eliminated"] is True


def test_col_s22_a_population_put_into_play_lifts_the_warning() -> None:
    game = table(3, hand=["farmer", "food"], deck=[], discard=["coast"])
    assert game.warnings(0)
    game.apply(0, {"type": "play", "card": "farmer", "food": "hand"})
    assert game.warnings(0) == []
    game.apply(0, {"type": "end_turn", "granary": 0})
    assert game.s["players"][0]["eliminated"] is False


def test_col_s25_no_population_anywhere_is_warned_and_population_in_the_deck_is_not() -> None:
    game = table(3, hand=["food", "wealth"], deck=[], discard=["coast"])
    assert "no Population left in hand, deck, discard pile or play" in game.warnings(0)[0]
    assert table(3, hand=["food"], deck=["trader"], discard=[]).warnings(0) == []
