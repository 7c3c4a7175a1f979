"""The Small Islands board put together, and the one palette every Small Islands picture shares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from games.core import Action
from games.small_islands.data import FACES
from renderers.common import (
    canvas,
    encode_png,
    reference_palette,
)
from renderers.small_islands.icons import house_icon, icon
from renderers.small_islands.map import Layout, draw_map, draw_rulers
from renderers.small_islands.side import draw_counts, draw_header, draw_legend, draw_log, draw_players, draw_row
from renderers.small_islands.style import (
    BADGE,
    BLOCKED,
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
    SIDE_W,
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
                                      GRID, FRAME, BLOCKED, RULER, *CARD_FILL, *TOKEN_FILL])


def board(view: dict[str, Any], choices: Sequence[Action] = ()) -> bytes:
    lay = Layout(view)
    img, draw = canvas(lay.width, lay.height)
    draw_header(draw, view, lay.width)
    draw_rulers(draw, lay)
    draw_map(img, view, lay)
    sx0, sx1 = lay.width - SIDE_W, lay.width - 16
    draw_row(img, view, (sx0, 16, sx1, 206))
    inner_w = sx1 - sx0 - 24
    draw_counts(draw, view, (sx0 + 12, 214), inner_w)
    n = len(view["players"])
    players_h = 44 + n * 130
    draw_players(draw, view, (sx0, 262, sx1, 262 + players_h))
    legend_y = lay.height - 16 - 62
    draw_log(draw, view, (sx0, 262 + players_h + 10, sx1, legend_y - 8))
    draw_legend(img, (sx0 + 10, legend_y + 8), inner_w)
    return encode_png(img, palette())
