"""Every registered game draws its board, and each seat's private picture, for many random states.

Size limits are checked here (Discord takes the file; a phone can read it); time budgets are
measured by `python -m bot bench`, never asserted in tests.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot.bench import sample_states
from renderers import render_board, render_private

MAX_BYTES = 400 * 1024
MIN_WIDTH = 1000


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.verify()  # a whole, valid PNG
    return Image.open(io.BytesIO(png))


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_board_and_private_pictures_draw_for_random_states(game_id: str) -> None:
    for game in sample_states(games.get_game(game_id), 4, seed=77):
        board = render_board(game_id, game.view(None))
        image = picture(board)
        assert image.format == "PNG" and image.width >= MIN_WIDTH and len(board) <= MAX_BYTES
        for seat in range(game.num_players):
            private = render_private(game_id, game.view(seat))
            if private is not None:
                assert picture(private).format == "PNG" and len(private) <= MAX_BYTES
