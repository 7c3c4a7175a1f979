"""Every word and icon a player decides by is large enough to read where Discord shows it (issues 27, 36).

Discord's chat column shows a picture about 550 px wide on a desktop and 350 px on a phone. Heights are cap
heights, from each text's font size and the picture's scale (`renderers.common.cap_height`): on a public board
(with the ids of the moves open to the player to move drawn) none is under LEGIBLE_CAP px at 550 px wide; on
each seat's private picture, and on a close-up of each area a move can be picked by, none is under LEGIBLE_CAP
px at 350 px wide, the close-up naming the id of every move in its area and no taller than ZOOM_TALL times
its width, so a phone shows it whole.

Sizes come from `renderers.common.text` and `icon_drawn` (a pattern's square, a resource's icon: its height),
which report what they draw to the recorder installed here (every cached layer is forgotten first, so it is
drawn, and recorded, again); a sprite pasted with `paste` carries its records onto the board, and a close-up
records what the board drew inside its crop again, enlarged.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot.tools.pictures import areas, choices
from renderers import place_label, render_area, render_board, render_private
from renderers.common import DESKTOP, LEGIBLE_CAP, PHONE, ZOOM_TALL, cap_height, recording
from tests.support.legibility import too_small
from tests.support.states import fresh, states

STATES = 6


def _width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


def measured(render: object, shown_at: int) -> tuple[int, list[str]]:
    """The picture's width, and each text or icon under LEGIBLE_CAP px of cap height with it `shown_at` px wide."""
    fresh()
    with recording() as seen:
        png = render()  # type: ignore[operator]
    if png is None:
        return 0, []
    width = _width(png)
    return width, too_small(seen, width, shown_at)


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_no_text_on_a_board_is_under_7_px_cap_height_at_550_px_wide(game_id: str) -> None:
    for n, game in enumerate(states(game_id, STATES, seed=2727)):
        width, small = measured(lambda g=game: render_board(game_id, g.view(None), choices(g)), DESKTOP)
        assert not small, f"{game_id} state {n} board ({width} px wide): " + "; ".join(small[:10])


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_no_text_or_icon_on_a_private_picture_is_under_7_px_cap_height_at_350_px_wide(game_id: str) -> None:
    for n, game in enumerate(states(game_id, STATES, seed=2727)):
        for seat in range(game.num_players):
            width, small = measured(lambda g=game, s=seat: render_private(game_id, g.view(s)), PHONE)
            assert not small, f"{game_id} state {n} seat {seat + 1} ({width} px wide): " + "; ".join(small[:10])


@pytest.mark.parametrize("game_id", sorted(g for g, cls in games.registry().items()
                                           if cls.areas is not games.core.Game.areas))
def test_a_close_up_is_compact_and_every_text_and_id_on_it_is_7_px_cap_height_at_350_px_wide(game_id: str) -> None:
    zoomed = 0
    for n, game in enumerate(states(game_id, STATES, seed=2728)):
        view = game.view(None)
        for area, actions in areas(game).items():
            fresh()
            with recording() as seen:
                png = render_area(game_id, view, area, actions)
            assert png is not None, f"{game_id}: no close-up of {area}"
            width, height = Image.open(io.BytesIO(png)).size
            assert height <= ZOOM_TALL * width, f"{game_id} state {n} {area}: {width}x{height}, too tall for a phone"
            surface = seen[-1].surface  # the close-up's own: its ids are drawn last
            small = too_small(seen, width, PHONE, surface)
            assert not small, f"{game_id} state {n} {area} ({width} px wide): " + "; ".join(small[:10])
            labels = {d.s: cap_height(d.size) * PHONE / width for d in seen if d.kind == "text"
                      and d.surface == surface}
            for action in actions:
                label = place_label(game_id, view, action)
                if label is None:
                    continue
                assert label in labels, f"{game_id} state {n} {area}: {label} not drawn for {action}"
                assert labels[label] >= LEGIBLE_CAP, f"{game_id} state {n} {area}: {label} at {labels[label]:.1f}px"
                zoomed += 1
    assert zoomed, f"{game_id}: no close-up drawn"
