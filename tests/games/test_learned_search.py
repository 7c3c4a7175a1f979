"""The search's evaluation behind the learned-model flag (games/learned.py `SEARCH_WITH_MODEL`): off by
default, so the shipped hard level keeps its own evaluation; on, a cut-off playout is scored by each seat's
learned chance of winning from the public view, and the search plays with it."""

from __future__ import annotations

import random

import pytest

import games.learned
from games.ai import choose_for
from games.learned import learned_value, win_chances
from games.levels import player_for
from tests.games.test_search_hooks import SEARCHABLE, positions


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_flag_is_off_by_default_and_on_the_search_reads_the_learned_chances(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = positions(game_id, 11)[1]
    seats = range(game.num_players)
    assert not games.learned.SEARCH_WITH_MODEL and learned_value(game, 0) is None
    own = [game.evaluate(s) for s in seats]
    monkeypatch.setattr(games.learned, "SEARCH_WITH_MODEL", {game_id})
    learned = [game.evaluate(s) for s in seats]
    assert learned == win_chances(game_id, game.view(None)) and learned != own
    assert sum(learned) == pytest.approx(1.0)
    seat = min(game.to_move())
    move = choose_for(game, seat, player_for(game_id, "hard", iterations=3), random.Random(1))
    game.copy().apply(seat, move)  # a move the rules accept
