"""Each game's quick card as a picture (issue 44, item 5): drawn from its text, every word of it legible on a
phone (cap height at least 7 px at 350 px) and in good contrast."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.rulebook import quick
from renderers.common import PHONE, recording
from renderers.quick import WIDTH, card, parsed
from tests.support.legibility import too_small, unreadable
from tests.support.shipped import SHIPPED


@pytest.mark.parametrize("game", SHIPPED)
def test_each_quick_card_is_drawn_legible_at_350_px(game: str) -> None:
    with recording() as seen:
        png = card(game)
    image = Image.open(io.BytesIO(png))
    assert image.width == WIDTH and image.height > 400
    assert not too_small(seen, image.width, PHONE)
    assert not unreadable(seen)
    drawn = " ".join(d.s for d in seen if d.kind == "text")
    words = [w for kind, _, line in parsed(quick(game)) if kind != "gap" for w in line.split()]
    assert all(w.replace("—", "-") in drawn for w in words), "every word of the card is on the picture"
