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
from renderers.small_islands.tiles import icon_spots, ship_tile, tile_sprite


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


TAG_SPOTS = ((0.5, 0.14), (0.5, 0.86), (0.3, 0.14), (0.7, 0.14), (0.3, 0.86), (0.7, 0.86))
"""Where a close-up may put a laid tile's id (a port or a resource token goes on it), in cells from its top left."""
TAG_HALF = (0.3, 0.16)
"""Half a close-up's id tag, in cells, at least (a close-up shows about five columns)."""


def _clear_of(tile: dict[str, Any]) -> tuple[float, float]:
    """The spot of TAG_SPOTS where an id tag covers least of the tile's icons, so that the resource or port a
    bonus token changes stays in sight under its tag."""
    def covered(spot: tuple[float, float]) -> float:
        return sum(max(0.0, min(spot[0] + TAG_HALF[0], x + h) - max(spot[0] - TAG_HALF[0], x - h))
                   * max(0.0, min(spot[1] + TAG_HALF[1], y + h) - max(spot[1] - TAG_HALF[1], y - h))
                   for x, y, h in icon_spots(tile))
    return min(TAG_SPOTS, key=covered)


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
    laid = {(t["x"], t["y"]): t for t in view["grid"]}
    for a in inside:
        cell, label = _cell(a), place_label(view, a)
        if cell is not None and label is not None:
            px, py = lay.at(*cell)
            fx, fy = _clear_of(laid[cell]) if cell in laid else (0.5, 0.5)
            tags.append(((px + lay.s * fx, py + lay.s * fy), label))
    corner = lay.at(lay.x1 + 1, lay.y1 + 1)
    rulers = ([(lay.at(c, lay.y0)[0] + lay.s / 2, column(c - lay.origin[0])) for c in range(lay.x0, lay.x1 + 1)],
              [(lay.at(lay.x0, r)[1] + lay.s / 2, str(r - lay.origin[1] + 1)) for r in range(lay.y0, lay.y1 + 1)])
    return zoom(img, (left, top, right, bottom), list(dict.fromkeys(tags)), within=(*lay.at(lay.x0, lay.y0), *corner),
                rulers=rulers)
