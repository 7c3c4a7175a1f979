"""The review's pictures (issue 44 item 6), read on a phone (DESIGN §5: private pictures at 350 px, cap height at
least 7 px): the chance chart with the person's decisions numbered on their line, and the close-up of each
better move that has a place, its spot's id drawn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import history
from games.review import NAMED
from renderers import place_label, render_area
from renderers.cast import Cast
from renderers.common import LEGIBLE_CAP, PHONE, cap_height, recording
from renderers.recap import REVIEW_WIDTH, review_chart
from tests.support.legibility import too_small, unreadable
from tests.support.reviews import TABLES, finished, reviewed


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_chart_numbers_the_decisions_and_reads_on_a_phone(game_id: str) -> None:
    players, options, seed = TABLES[game_id]
    story = history.frames(game_id, players, seed, options, finished(game_id))
    seat = next(s for s in range(players) if len(reviewed(game_id, s).costly) == NAMED)
    marks = [next(i for i, f in enumerate(story) if f.step > c.step) for c in reviewed(game_id, seat).costly]
    with recording() as seen:
        png = review_chart(game_id, story[-1].view, [f.chances for f in story], [f.round for f in story], seat,
                           marks, Cast.colours(players, seat))
    assert Image.open(io.BytesIO(png)).width == REVIEW_WIDTH
    assert not too_small(seen, REVIEW_WIDTH, PHONE), too_small(seen, REVIEW_WIDTH, PHONE)[:5]
    assert not unreadable(seen), unreadable(seen)[:5]
    words = [d.s for d in seen if d.kind == "text"]
    assert {"1", "2", "3"} <= set(words) and "You" in words


@pytest.mark.parametrize("game_id", sorted(g for g in TABLES if g != "colonies"))  # Colonies' moves have no place
def test_a_better_move_with_a_place_is_drawn_close_up_its_id_legible(game_id: str) -> None:
    drawn = 0
    for seat in range(TABLES[game_id][0]):
        for costly in reviewed(game_id, seat).costly:
            if not costly.areas:
                continue
            with recording() as seen:
                png = render_area(game_id, costly.view, costly.areas[0], [costly.better])
            assert png is not None
            width = Image.open(io.BytesIO(png)).width
            surface = seen[-1].surface
            assert not too_small(seen, width, PHONE, surface)
            label = place_label(game_id, costly.view, costly.better)
            if label is not None:
                sizes = [cap_height(d.size) * PHONE / width for d in seen if d.kind == "text" and d.s == label]
                assert sizes and max(sizes) >= LEGIBLE_CAP, f"{game_id}: {label} not drawn legibly"
            drawn += 1
    assert drawn, f"{game_id}: no review named a move with a place"
