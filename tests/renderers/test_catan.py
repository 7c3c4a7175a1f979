"""The Catan pictures: every stage of a game draws, the island layer is reused, the hand shows its cards."""

from __future__ import annotations

import io

from PIL import Image

from games.catan.board import GEOMETRY
from games.catan.game import Catan
from games.colours import colour_of
from renderers import catan, render_area, render_board, render_private
from renderers.common import Drawn, recording
from renderers.text import summary
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


def test_the_robber_changes_the_picture_and_an_offer_is_told_beside_it() -> None:
    game = after_setup(3, seed=5)
    before = render_board("catan", game.view(None))
    game.s["robber"] = (game.s["robber"] + 1) % 19
    assert render_board("catan", game.view(None)) != before
    game.s["phase"] = "main"
    seat = game.s["active"]
    give(game, seat, ore=1)
    game.apply(seat, {"type": "offer", "to": "all", "give": {"ore": 1}, "get": {"wool": 1}})
    assert any(line.startswith(f"Offer: {colour_of(seat).capitalize()} to everyone, 1 ore for 1 wool")
               for line in summary("catan", game.view(None)))


def test_the_hand_picture_is_the_seats_own() -> None:
    game = after_setup(4, seed=2)
    mine, theirs = render_private("catan", game.view(0)), render_private("catan", game.view(1))
    assert mine is not None and theirs is not None and mine != theirs


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def test_the_picture_names_the_places_open_to_the_player_by_the_ids_moves_take() -> None:
    """A JSON `build_settlement` on node 31 lands on the intersection drawn as 31, its describe label says 31,
    and a road's label names the path id drawn on that path (issue 20; CAT-22, CAT-24); ids are drawn only
    for the places the player to move may build on (issue 27)."""
    game = Catan.new(3, seed=4)
    seat = min(game.to_move())
    with recording() as seen:
        render_board("catan", game.view(None), game.legal_actions(seat))
    assert labelled(seen, "31", catan._node(31)), "an open intersection is labelled by its id"
    game.apply(seat, {"type": "build_settlement", "node": 31})
    road = next(a for a in game.legal_actions(seat) if a["type"] == "build_road")
    with recording() as seen:
        render_board("catan", game.view(None), game.legal_actions(seat))
    a, b = (catan._node(v) for v in GEOMETRY.paths[road["path"]])
    assert labelled(seen, str(road["path"]), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)), "the path's id sits on it"
    ids = {d.s for d in seen if d.kind == "text" and d.s.isdigit() and d.size == catan.SMALL}
    assert ids == {str(a["path"]) for a in game.legal_actions(seat)}, "only the roads open to the seat are named"
    assert game.describe({"type": "build_settlement", "node": 31}).startswith("Settle at 31 ")
    low, high = GEOMETRY.paths[road["path"]]
    assert game.describe(road).startswith(f"Road on path {road['path']} ({low}-{high})")


def labelled(seen: list[Drawn], s: str, at: tuple[float, float]) -> bool:
    return any(d.kind == "text" and d.s == s and abs(_centre(d.box)[0] - at[0]) < 3
               and abs(_centre(d.box)[1] - at[1]) < 3 for d in seen)


def test_the_zoomed_hex_names_every_spot_open_there() -> None:
    game = Catan.new(3, seed=4)
    seat = min(game.to_move())
    moves = [m for m in game.moves(seat) if "hex K" in m.areas]
    with recording() as seen:
        picture = render_area("catan", game.view(None), "hex K", [m.action for m in moves])
    assert picture is not None and image(picture).width == 700
    assert {str(m.action["node"]) for m in moves} <= {d.s for d in seen if d.kind == "text"}
