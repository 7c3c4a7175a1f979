"""The Catan pictures: every stage of a game draws, the island layer is reused, the hand shows its cards."""

from __future__ import annotations

import io

from PIL import Image

from games.catan.game import Catan
from renderers import catan, render_board, render_private
from tests.games.catan.positions import after_setup, give


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_board_draws_from_the_first_placement_to_the_end() -> None:
    fresh = Catan.new(4, seed=3)
    played = after_setup(4, seed=3)
    pictures = [render_board("catan", g.view(None)) for g in (fresh, played)]
    assert all(image(p).size == (catan.WIDTH, catan.HEIGHT) and len(p) < 400 * 1024 for p in pictures)
    assert pictures[0] != pictures[1], "placed pieces show"


def test_hex_tiles_and_the_palette_are_drawn_once_for_every_game() -> None:
    assert catan._tile("forest", 5) is catan._tile("forest", 5)
    assert catan._palette() is catan._palette()
    a, b = (render_board("catan", after_setup(3, seed=s).view(None)) for s in (5, 6))
    assert a != b, "each game's own layout is drawn"


def test_the_robber_and_an_offer_change_the_picture() -> None:
    game = after_setup(3, seed=5)
    before = render_board("catan", game.view(None))
    game.s["robber"] = (game.s["robber"] + 1) % 19
    game.s["phase"] = "main"
    seat = game.s["active"]
    give(game, seat, ore=1)
    game.apply(seat, {"type": "offer", "to": "all", "give": {"ore": 1}, "get": {"wool": 1}})
    assert render_board("catan", game.view(None)) != before


def test_the_hand_picture_is_the_seats_own() -> None:
    game = after_setup(4, seed=2)
    mine, theirs = render_private("catan", game.view(0)), render_private("catan", game.view(1))
    assert mine is not None and theirs is not None and mine != theirs
    assert image(mine).width >= 1000
