"""The Small Islands board put together (the map, the row under it), the zoomed picture of one column, and the
one palette every Small Islands picture shares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from games.core import Action
from games.small_islands.data import FACES
from games.small_islands.names import column, name_from
from renderers.cast import Cast
from renderers.common import (
    Point,
    canvas,
    encode_png,
    reference_palette,
    zoom,
)
from renderers.small_islands.icons import house_icon, icon
from renderers.small_islands.map import Layout, draw_map, draw_rulers
from renderers.small_islands.side import draw_row
from renderers.small_islands.style import (
    BADGE,
    CARD_FILL,
    COLOUR_RGB,
    FRAME,
    GRASS,
    GRID,
    HEIGHT,
    OCEAN,
    RESOURCE_RGB,
    RULER,
    SAND,
    SEAM,
    SHALLOW,
    TILE_SEA,
    TOKEN_FILL,
    WIDTH,
)
from renderers.small_islands.tiles import ship_tile, tile_sprite


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """One palette for every Small Islands picture, from a sample of every tile shape and icon."""
    sample, draw = canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, 900, 900), fill=OCEAN)
    for i, tile in enumerate(sorted(FACES)[:72]):
        x, y = (i % 9) * 100, (i // 9) * 100
        sample.paste(tile_sprite(tile, i % 4, 100), (x, y))
    for i, (colour, seat) in enumerate((c, n) for n, c in enumerate(("red", "blue", "yellow", "green"))):
        sample.paste(ship_tile(100, colour, seat), (920, i * 110))
        house = house_icon(40, seat, colour)
        sample.paste(house, (1040, i * 110), house)
        for j, res in enumerate(RESOURCE_RGB):
            token = icon(f"token:{res}", 40, seat, colour)
            sample.paste(token, (1090 + j * 44, i * 110), token)
        token = icon("port_token", 40, seat, colour)
        sample.paste(token, (1230, i * 110), token)
    return reference_palette(sample, [OCEAN, TILE_SEA, SEAM, SHALLOW, SAND, GRASS, BADGE, *COLOUR_RGB.values(),
                                      GRID, FRAME, RULER, *CARD_FILL, *TOKEN_FILL])


def _cell(action: Action) -> tuple[int, int] | None:
    return (action["x"], action["y"]) if "x" in action and "y" in action else None


def place_label(view: dict[str, Any], action: Action) -> str | None:
    """The cell an action names ("C4"), as the rulers and /play name it."""
    cell = _cell(action)
    return None if cell is None else name_from(*cell, (view["origin"][0], view["origin"][1]))


def _picture(view: dict[str, Any], choices: Sequence[Action]) -> tuple[Image.Image, Layout]:
    lay = Layout(view)
    img, draw = canvas(lay.width, lay.height)
    draw_rulers(draw, lay)
    draw_map(img, view, lay, {cell for a in choices if (cell := _cell(a)) is not None})
    return img, lay


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    """The map with its rulers, the free cells `choices` name carrying their names, and the row under it."""
    img, lay = _picture(view, choices)
    draw_row(img, view, (lay.ox, lay.row_y), lay.size)
    return encode_png(img, palette())


def area(view: dict[str, Any], name: str, choices: Sequence[Action]) -> bytes:
    """One column ("column C") and its neighbours, over the rows `choices` name there, zoomed, with the name of
    every cell `choices` name in the column, and the column letters and row numbers in its margins."""
    img, lay = _picture(view, ())
    inside = [a for a in choices if (label := place_label(view, a)) is not None
              and f"column {label.rstrip('0123456789')}" == name]
    cells = [c for a in inside if (c := _cell(a)) is not None]
    x, rows = cells[0][0], [c[1] for c in cells]
    left, top = lay.at(x - 2, min(rows) - 1)
    right, bottom = lay.at(x + 3, max(rows) + 2)
    tags: list[tuple[Point, str]] = []
    for a in inside:
        cell, label = _cell(a), place_label(view, a)
        if cell is not None and label is not None:
            px, py = lay.at(*cell)
            tags.append(((px + lay.s / 2, py + lay.s / 2), label))
    corner = lay.at(lay.x1 + 1, lay.y1 + 1)
    rulers = ([(lay.at(c, lay.y0)[0] + lay.s / 2, column(c - lay.origin[0])) for c in range(lay.x0, lay.x1 + 1)],
              [(lay.at(lay.x0, r)[1] + lay.s / 2, str(r - lay.origin[1] + 1)) for r in range(lay.y0, lay.y1 + 1)])
    return zoom(img, (left, top, right, bottom), list(dict.fromkeys(tags)), within=(*lay.at(lay.x0, lay.y0), *corner),
                rulers=rulers)
