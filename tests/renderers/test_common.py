"""Shared drawing helpers: every seat is told apart by colour and by shape."""

from __future__ import annotations

import io

from PIL import Image

from renderers.common import SEAT_COLOURS, SEAT_SHAPES, canvas, encode_png, plain, seat_marker


def test_each_seat_has_its_own_colour_and_its_own_shape() -> None:
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) == len(SEAT_SHAPES) == len(set(SEAT_SHAPES))


def test_seat_markers_differ_in_outline_as_well_as_colour() -> None:
    masks = []
    for seat in range(len(SEAT_SHAPES)):
        img, draw = canvas(40, 40, background=(255, 255, 255))
        seat_marker(draw, (20, 20), 16, seat)
        masks.append(img.convert("L").point(lambda v: 255 if v < 250 else 0).tobytes())
    assert len(set(masks)) == len(masks)


def test_png_encoding() -> None:
    img, _ = canvas(300, 200)
    png = encode_png(img)
    assert Image.open(io.BytesIO(png)).size == (300, 200)


def test_plain_replaces_characters_the_bundled_font_lacks() -> None:
    assert plain("12–13 → ✓") == "12-13 -> +"
