"""Every word on every picture is large enough to read where Discord shows it (issue 27, item 1).

Discord's chat column shows a picture about 550 px wide on a desktop and 350 px on a phone. A board, and
each seat's private picture, of many seeded states (with the ids of the moves open to the player to move
drawn) holds no text under 11 px once scaled to 550 px wide; a zoomed pick picture of each area a move
can be picked by draws the id of every move in that area, each at least 11 px at 350 px wide.

Sizes come from `renderers.common.text`, which reports every text it draws to the recorder installed here
(every cached layer is forgotten first, so its words are drawn, and recorded, again).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot.tools.pictures import areas, choices
from renderers import place_label, render_area, render_board, render_private
from renderers.common import DESKTOP, LEGIBLE, PHONE, recording
from tests.support.states import fresh, states

STATES = 6


def _width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


def too_small(render: object, shown_at: int) -> tuple[int, list[str]]:
    """The picture's width, and each text that would be under LEGIBLE px with the picture `shown_at` px wide."""
    fresh()
    with recording() as seen:
        png = render()  # type: ignore[operator]
    width = _width(png)
    return width, sorted({f"{d.s!r} {d.size}px -> {d.size * shown_at / width:.1f}px"
                          for d in seen if d.kind == "text" and d.size * shown_at / width < LEGIBLE})


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_no_text_on_a_board_or_a_hand_is_under_11_px_at_550_px_wide(game_id: str) -> None:
    for n, game in enumerate(states(game_id, STATES, seed=2727)):
        pictures = [("board", lambda g=game: render_board(game_id, g.view(None), choices(g)))]
        pictures += [(f"seat {s + 1}", lambda g=game, s=s: render_private(game_id, g.view(s)))
                     for s in range(game.num_players)]
        for who, render in pictures:
            width, small = too_small(render, DESKTOP)
            assert not small, f"{game_id} state {n} {who} ({width} px wide): " + "; ".join(small[:10])


@pytest.mark.parametrize("game_id", sorted(g for g, cls in games.registry().items()
                                           if cls.areas is not games.core.Game.areas))
def test_every_choosable_id_on_a_zoomed_pick_picture_is_11_px_at_350_px_wide(game_id: str) -> None:
    zoomed = 0
    for n, game in enumerate(states(game_id, STATES, seed=2728)):
        view = game.view(None)
        for area, actions in areas(game).items():
            fresh()
            with recording() as seen:
                png = render_area(game_id, view, area, actions)
            assert png is not None, f"{game_id}: no zoomed picture of {area}"
            width = _width(png)
            labels = {d.s: d.size * PHONE / width for d in seen if d.kind == "text"}
            for action in actions:
                label = place_label(game_id, view, action)
                if label is None:
                    continue
                assert label in labels, f"{game_id} state {n} {area}: {label} not drawn for {action}"
                assert labels[label] >= LEGIBLE, f"{game_id} state {n} {area}: {label} at {labels[label]:.1f}px"
                zoomed += 1
    assert zoomed, f"{game_id}: no zoomed pick picture drawn"
