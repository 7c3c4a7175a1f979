"""Every word on every picture reads at a glance (issue 20): each text drawn, on the board and on every
seat's private picture of many random states, meets WCAG AA contrast (4.5:1 under 18 px, 3:1 from
18 px) with what is really under it, and none is drawn across the border of a frame.

Words reach a picture only through `renderers.common.text`, which reports each draw (its box, colours
and the colour the picture had under it) to the recorder these tests install.
"""

from __future__ import annotations

import pytest
from PIL import ImageDraw

import games
from renderers import render_board, render_private
from renderers.common import (
    INK,
    WHITE,
    IllegibleText,
    canvas,
    frame,
    plural,
    recording,
    text,
)
from tests.support.legibility import inside, unreadable
from tests.support.states import fresh, states

STATES = 8  # per game; each is drawn once as the board and once per seat


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_every_text_on_every_picture_meets_wcag_aa_and_stays_inside_its_frame(game_id: str) -> None:
    for game in states(game_id, STATES, seed=2020):
        views = [("board", render_board, game.view(None))]
        views += [(f"seat {s + 1}", render_private, game.view(s)) for s in range(game.num_players)]
        fresh()  # the board first: the layers it caches hold the frames its words must stay inside
        for who, render, view in views:
            with recording() as seen:
                render(game_id, view)
            assert [d for d in seen if d.kind == "text"], f"{game_id} {who}: no text recorded"
            assert not unreadable(seen), f"{game_id} {who}: " + "; ".join(unreadable(seen)[:8])


def test_the_text_helper_refuses_colours_below_aa_contrast() -> None:
    _, draw = canvas(200, 60)
    pastel = (255, 236, 204)  # the to-move tint behind a Colonies player's lines
    with pytest.raises(IllegibleText):
        text(draw, (4, 4), "Hand 5 - Deck 7", 17, on=pastel, fill=WHITE)
    text(draw, (4, 4), "Hand 5 - Deck 7", 17, on=pastel, fill=INK)
    with pytest.raises(IllegibleText):
        text(draw, (4, 30), "small grey", 14, on=WHITE, fill=(150, 150, 150))  # 3.0:1 is too little under 18 px
    text(draw, (4, 30), "large grey", 24, on=WHITE, fill=(140, 140, 140))  # 3.3:1 will do from 18 px


def test_the_text_helper_fits_a_line_inside_its_box_and_the_recorder_sees_a_line_across_a_border() -> None:
    img, draw = canvas(300, 80)
    box = (10, 10, 120, 60)
    with recording() as seen:
        frame(draw, box, outline=INK, width=2)
        drawn = text(draw, (14, 14), "A label far too long for its little box", 18, on=(250, 247, 240),
                     within=(14, 14, 116, 56))
        assert inside(drawn, (14, 14, 116, 56))
        assert not unreadable(seen)
        text(ImageDraw.Draw(img), (100, 20), "Longest Road", 15, on=(250, 247, 240))  # straddles the right border
    assert any("crosses the frame" in problem for problem in unreadable(seen))


def test_counts_and_their_words_agree() -> None:
    assert [plural(n, "chit") for n in (0, 1, 2)] == ["0 chits", "1 chit", "2 chits"]
    assert plural(1, "coin") == "1 coin" and plural(3, "class") == "3 classes"
