"""A name the pictures' typeface has no letters for (Arabic, Chinese) is drawn by its seat's colour, never as
empty boxes; a name it can draw is drawn as typed; alt text keeps every name (issue 43, names in pictures)."""

from __future__ import annotations

from games.core import get_game
from renderers import drawn, render_board
from renderers.cast import Cast, Player
from renderers.common import drawable, recording
from renderers.text import alt_text

NAMES = Cast([Player("Zoë", "red"), Player("\u0628\u0648\u0628", "blue"), Player("\u660e", "yellow")])


def test_a_name_the_typeface_cannot_draw_is_drawn_by_its_colour() -> None:
    assert drawable("Zoë **x** @y") and not drawable("\u0628\u0648\u0628") and not drawable("\u660e")
    assert [p.name for p in drawn(NAMES).players] == ["Zoë", "Blue", "Yellow"]
    game = get_game("roam").new(3, seed=1)
    with recording() as seen:
        render_board("roam", game.view(None), (), NAMES)
    shown = " ".join(d.s for d in seen if d.kind == "text")
    assert "Zoë" in shown and "Blue" in shown and "\u0628" not in shown and "\u660e" not in shown
    assert "\u0628\u0648\u0628" in alt_text("roam", game.view(None), "board", cast=NAMES), "alt text keeps the name"
