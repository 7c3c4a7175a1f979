"""The ROAM pictures: the map with markers and coins, and each player's map turned to their edge."""

from __future__ import annotations

import io

from PIL import Image

from games.roam.game import RoamGame
from renderers import render_board, render_private, roam


def test_display_puts_the_viewers_edge_at_the_bottom() -> None:
    assert roam._display(5, 0, "S") == (5, 0)
    assert roam._display(0, 0, "W") == (5, 0), "from the west edge A1 is at the bottom left"
    assert roam._display(0, 5, "E") == (5, 5), "from the east edge F1 is at the bottom right"
    assert roam._display(0, 0, "N") == (5, 5)


def test_board_and_turned_private_maps_draw() -> None:
    game = RoamGame.new(4, seed=2)
    board = render_board("roam", game.view(None))
    assert Image.open(io.BytesIO(board)).size == (roam.WIDTH, roam.HEIGHT) and len(board) < 400 * 1024
    west = next(s for s, p in enumerate(game.players) if p["edge"] == "W")
    south = next(s for s, p in enumerate(game.players) if p["edge"] == "S")
    assert render_private("roam", game.view(south)) == board, "the south seat sees the board as drawn"
    assert render_private("roam", game.view(west)) != board


def test_the_chosen_characters_anchors_are_marked() -> None:
    game = RoamGame.new(2, seed=3)
    seat = game.current
    before = render_board("roam", game.view(None))
    game.apply(seat, {"type": "choose", "card": game.players[seat]["characters"][0]["card"]})
    assert game.view(None)["placing"]["anchors"]
    assert render_board("roam", game.view(None)) != before
