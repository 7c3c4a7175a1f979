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


def test_the_island_is_drawn_once_per_layout() -> None:
    game = after_setup(3, seed=5)
    view = game.view(None)
    key = (tuple(view["terrain"]), tuple(view["tokens"]), tuple(view["harbors"]))
    assert catan._island(*key) is catan._island(*key)


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
