"""Every registered game draws its board, and each seat's private picture, for many random states.

Size limits are checked here (Discord takes the file; a phone can read it); time budgets are
measured by `python -m bot bench`, never asserted in tests.
"""

from __future__ import annotations

import pytest

import games
from bot.tools.bench import sample_states
from renderers import render_board, render_private
from tests.support.pictures import picture


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_board_and_private_pictures_draw_for_random_states(game_id: str) -> None:
    for game in sample_states(games.get_game(game_id), 4, seed=77):
        picture(render_board(game_id, game.view(None)))
        for seat in range(game.num_players):
            private = render_private(game_id, game.view(seat))
            if private is not None:
                picture(private, min_width=0)
