"""The ROAM pictures: the map with markers and coins, and each player's map turned to their edge."""

from __future__ import annotations

import io
import re

from PIL import Image

from cogs.rules import example_picture
from games.roam.data import short_name
from games.roam.game import RoamGame
from games.rulebook import examples
from renderers import render_area, render_board, render_private, roam
from renderers.cast import Cast, Player, ai_player
from renderers.common import LEGIBLE_CAP, PHONE, TAG, plural, recording
from tests.support.states import fresh


def test_display_puts_the_viewers_edge_at_the_bottom() -> None:
    assert roam._display(5, 0, "S") == (5, 0)
    assert roam._display(0, 0, "W") == (5, 0), "from the west edge A1 is at the bottom left"
    assert roam._display(0, 5, "E") == (5, 5), "from the east edge F1 is at the bottom right"
    assert roam._display(0, 0, "N") == (5, 5)


def _corners(png_of: object) -> dict[str, tuple[int, int]]:
    """In which square of the picture each square's name is drawn, on a picture drawn afresh."""
    roam._land.cache_clear()
    with recording() as seen:
        png_of()  # type: ignore[operator]
    return {d.s: (int(d.box[0] // roam.CELL), int(d.box[1] // roam.CELL)) for d in seen
            if d.kind == "text" and re.fullmatch(r"[A-F][1-6]", d.s)}


def test_board_and_turned_private_maps_draw() -> None:
    """The south seat sees the squares where the board has them (its words larger, read on a phone); the
    west seat sees the map turned."""
    game = RoamGame.new(4, seed=2)
    board = render_board("roam", game.view(None))
    assert Image.open(io.BytesIO(board)).size == (roam.WIDTH, roam.HEIGHT) and len(board) < 400 * 1024
    west = next(s for s, p in enumerate(game.players) if p["edge"] == "W")
    south = next(s for s, p in enumerate(game.players) if p["edge"] == "S")
    on_board = _corners(lambda: render_board("roam", game.view(None)))
    assert len(on_board) == 36
    assert _corners(lambda: render_private("roam", game.view(south))) == on_board, "the south seat: as drawn"
    assert _corners(lambda: render_private("roam", game.view(west))) != on_board, "the west seat: turned"


def test_each_card_shows_its_character_on_the_map_and_a_player_sees_their_own_characters() -> None:
    """The plate above each land card names its character, its points and its pattern; the private picture
    names the seat's own characters (issue 20)."""
    game = RoamGame.new(4, seed=2)
    cast = Cast([Player("alice", "red"), Player("bob", "blue"), ai_player(2, "hard"), ai_player(3, "easy")])
    roam._land.cache_clear()  # so the map's fixed part is drawn, and recorded, again
    with recording() as seen:
        render_board("roam", game.view(None), cast=cast)
    said = {d.s for d in seen if d.kind == "text"}
    for i, slot in enumerate(game.view(None)["slots"]):
        assert f"[{i + 1}] {plural(slot['vp'], 'point')}" in said
        assert any(slot["name"].startswith(s.rstrip(".")) or s in slot["name"] for s in said)
    assert {"S: alice", "N: Cleo", "W:", "bob", "E:", "Dorian"} <= said, "every edge is named by its player"
    seat = 0
    with recording() as seen:
        render_private("roam", game.view(seat), cast.reading(seat))
    said = {d.s for d in seen if d.kind == "text"}
    assert "S: you" in said and "Your characters (red) - grey: used" in said and not any("Seat" in s for s in said)
    mine = game.view(seat)["players"][seat]["characters"]
    assert all(short_name(c["card"]) in said for c in mine), "named as the moves that choose them name them"
    patterns = [d for d in seen if d.kind == "icon" and d.s == "pattern"]
    assert len(patterns) >= 6 + len(mine), "each card's plate and each of the seat's characters, the starting ones too"


def test_the_chosen_characters_anchors_are_marked() -> None:
    game = RoamGame.new(2, seed=3)
    seat = game.current
    before = render_board("roam", game.view(None))
    game.apply(seat, {"type": "choose", "card": game.players[seat]["characters"][0]["card"]})
    assert game.view(None)["placing"]["anchors"]
    assert render_board("roam", game.view(None)) != before


def test_the_squares_a_marker_may_go_on_are_named_on_the_board_and_on_the_zoomed_card() -> None:
    """Square names are on tags only where the player to move may put a marker, and every one of them on the
    zoomed picture of its card (issue 27)."""
    game = RoamGame.new(2, seed=3)
    seat = game.current
    game.apply(seat, {"type": "choose", "card": game.players[seat]["characters"][0]["card"]})
    moves = [m for m in game.moves(seat) if m.areas]
    assert moves
    roam._land.cache_clear()
    with recording() as seen:
        render_board("roam", game.view(None), [m.action for m in moves])
    tagged = {d.s for d in seen if d.kind == "text" and d.on == TAG}
    assert tagged == {m.action["square"] for m in moves}
    area = moves[0].areas[0]
    inside = [m.action for m in moves if area in m.areas]
    with recording() as seen:
        picture = render_area("roam", game.view(None), area, inside)
    assert picture is not None
    assert {m["square"] for m in inside} <= {d.s for d in seen if d.kind == "text"}


def test_a_walking_stick_move_is_picked_on_a_close_up_of_its_markers_card() -> None:
    """Issue 43, item 6: every pick of a place ends on a close-up, the Walking Stick's too (A3.3): its moves happen
    on the card of the marker they move, tagged with that marker's square."""
    game = RoamGame.new(2, seed=15)
    seat = game.current
    game.players[seat]["artifacts"].append({"id": "A-slide-1", "up": True})
    game.map[2][2] = [1 - seat]  # a marker on C3, card 2
    slides = [m for m in game.moves(seat) if m.action["type"] == "slide"]
    assert slides and all(m.areas == ("card 2",) for m in slides if m.action["from"] == "C3")
    inside = [m.action for m in slides if "card 2" in m.areas]
    with recording() as seen:
        picture = render_area("roam", game.view(None), "card 2", inside)
    assert picture is not None and "C3" in {d.s for d in seen if d.kind == "text" and d.on == TAG}


def test_a_pattern_square_in_the_books_pictures_is_7_px_on_a_phone() -> None:
    """Issue 44, item 7: the book's patterns were ~4 px at 350 px, then 6.6 px (16 px cells, 15 px squares, on
    an 800 px picture). Every pattern square drawn on each of ROAM's book pictures, board or close-up, is at
    least LEGIBLE_CAP px shown 350 px wide, where a newcomer reads the book on a phone."""
    for name, example in examples("roam").items():
        fresh()
        with recording() as seen:
            png, _ = example_picture.__wrapped__("roam", name)  # drawn afresh, not the cached picture
        width = Image.open(io.BytesIO(png)).width
        surface = seen[-1].surface if example.area is not None else None  # a close-up's own records, enlarged
        squares = [d.size * PHONE / width for d in seen if d.kind == "icon" and d.s == "pattern"
                   and surface in (None, d.surface)]
        assert squares, f"{name}: no pattern drawn"
        assert min(squares) >= LEGIBLE_CAP, f"{name} ({width} px wide): a pattern square is {min(squares):.1f} px"
