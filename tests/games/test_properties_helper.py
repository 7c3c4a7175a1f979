"""The shared property checks, run on the test game so they are proven before any engine uses them."""

from __future__ import annotations

from tests.support.properties import random_games, refused_unchanged
from tests.support.testgame import HighCard


def test_random_games_play_the_test_game_to_the_end() -> None:
    run = random_games(HighCard, seeds=range(200), players=lambda s: 2 + s % 3, deep_every=3)
    assert run.games == 200
    assert run.actions >= 200 * 2


def test_refused_unchanged_rejects_an_action_the_engine_allows() -> None:
    game = HighCard.new(2, seed=1)
    legal = game.legal_actions(0)
    try:
        refused_unchanged(game, 0, legal[0])
    except AssertionError as err:
        assert "should not be" in str(err)
    else:
        raise AssertionError("a legal action passed as refused")
