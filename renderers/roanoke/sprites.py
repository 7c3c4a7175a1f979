"""Roanoke's colours, squares and sprites: road tiles, exits, nodes, houses, generators, upgrades."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.roanoke import board as B
from games.roanoke.text import COLOURS
from renderers.common import (
    ACCENT,
    INK,
    RGB,
    WHITE,
    blend,
    ink_on,
    legible,
    seat_marker,
    text,
    text_width,
)
from renderers.common import (
    COLOUR_RGB as NAMED_RGB,
)

CELL = 56
SIZE = B.SIZE
GRID_X, GRID_Y = 40, 34
GRID = SIZE * CELL
WIDTH = HEIGHT = GRID + 2 * GRID_X
"""The board: the grid and its rulers, square; 808 px wide, so its words are SMALL px."""
SMALL = legible(WIDTH)
"""The smallest text on the board: 17 px, 11 px at 550 px wide."""
LETTERS = "ABCDEFGHIJKLM"  # ROA-S1: column letters, west to east
GROUND: RGB = (237, 254, 226)      # a free square
TILE_GROUND: RGB = (252, 243, 227)  # under a placed road tile
GRID_LINE: RGB = (190, 196, 172)
ROAD_EDGE: RGB = (60, 52, 44)
COLOUR_RGB: tuple[RGB, ...] = tuple(NAMED_RGB[c] for c in COLOURS)
"""The colours the rules give seats 0-3 (ROA §1), in Okabe-Ito shades; each seat keeps its marker shape too."""
RES = B.RESOURCES
RES_RGB: dict[str, RGB] = {"food": (236, 150, 40), "water": (70, 150, 220), "metal": (140, 146, 156),
                           "wood": (139, 90, 43)}
"""ROA-S40: food orange, water blue, metal grey, wood brown."""
RES_SHORT = {"food": "F", "water": "Wa", "metal": "M", "wood": "Wo"}
DEAD_GREY: RGB = (150, 150, 150)
PASS_GREEN: RGB = (40, 125, 60)
OFFER: RGB = (253, 236, 230)  # behind an open offer and the season in play


def marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int,
            fill: RGB | None = None) -> None:
    seat_marker(draw, centre, radius, seat, fill=COLOUR_RGB[seat] if fill is None else fill)


def square_rc(label: str) -> tuple[int, int]:
    """The grid (row, col) a label such as "G7" names."""
    return B.rc(B.parse_label(label))  # type: ignore[arg-type]


def cell_xy(row: int, col: int) -> tuple[int, int]:
    return GRID_X + col * CELL, GRID_Y + row * CELL


# -- sprites: road tiles, exits, nodes ------------------------------------------------------------

HALF = 8  # half the width of a road band; the outline adds 2 px on each side


def _road(draw: ImageDraw.ImageDraw, mask: int, size: int, fill: RGB, edge: RGB, dash: RGB | None) -> None:
    """Road bands from the centre to each open edge of a square `size` px wide, outlined, with a dashed
    centre line; the bands run to the square's edge, so neighbouring roads join without a seam."""
    c, end = size // 2, size - 1
    hw = max(3, round(HALF * size / CELL))
    for w, colour in ((hw + max(2, round(2 * size / CELL)), edge), (hw, fill)):
        arms = {B.N: (c - w, 0, c + w - 1, c), B.S: (c - w, c, c + w - 1, end),
                B.W: (0, c - w, c, c + w - 1), B.E: (c, c - w, end, c + w - 1)}
        draw.rectangle((c - w, c - w, c + w - 1, c + w - 1), fill=colour)
        for bit, box in arms.items():
            if mask & bit:
                draw.rectangle(box, fill=colour)
    if dash is None:
        return
    for bit, _, dy, dx in B.EDGES:
        if not mask & bit:
            continue
        for t0, t1 in ((0.22, 0.45), (0.62, 0.85)):  # two dashes down each arm, as fractions of the arm
            a, b = sorted((c + dx * t0 * c, c + dx * t1 * c)) if dx else sorted((c + dy * t0 * c, c + dy * t1 * c))
            box = (a, c - 1, b, c) if dx else (c - 1, a, c, b)
            draw.rectangle(box, fill=dash)


def road_colours(seat: int, state: str) -> tuple[RGB, RGB, RGB]:
    """Band, outline and centre-line colours of a seat's road: in its network, cut off, or a dead seat's."""
    base = COLOUR_RGB[seat]
    if state == "cut":
        fill, edge = blend(base, WHITE, 0.6), blend(ROAD_EDGE, WHITE, 0.45)
    elif state == "dead":
        fill, edge = blend(base, DEAD_GREY, 0.7), (105, 105, 105)
    else:
        fill, edge = base, ROAD_EDGE
    dash = blend(fill, INK, 0.5) if ink_on(fill) == INK else blend(fill, WHITE, 0.6)  # dark dashes on light roads
    return fill, edge, dash


@lru_cache(maxsize=256)
def road_tile(mask: int, seat: int, state: str = "net", start: bool = False, size: int = CELL) -> Image.Image:
    """A road tile as laid: the tile, its road bands in the owner's colour, and the owner's shape at the
    junction (so a seat reads without colour).  A starting cross is framed in the seat's colour."""
    img = Image.new("RGB", (size, size), GROUND)
    draw = ImageDraw.Draw(img)
    fill, edge, dash = road_colours(seat, state)
    ground = blend(fill, WHITE, 0.72) if start else TILE_GROUND
    draw.rectangle((0, 0, size - 1, size - 1), fill=ground, outline=blend(TILE_GROUND, INK, 0.35))
    if start:
        draw.rectangle((1, 1, size - 2, size - 2), outline=fill, width=max(2, size // 20))
    _road(draw, mask, size, fill, edge, dash)
    r = size * (0.15 if start else 0.1)
    marker(draw, (size / 2 - 0.5, size / 2 - 0.5), r, seat, fill=fill)
    return img


@lru_cache(maxsize=16)
def exit_tile(seat: int, mask: int, state: str = "net") -> Image.Image:
    """An exit: a gate in the seat's colour with its road leading in through the one open edge."""
    fill, edge, dash = road_colours(seat, state)
    img = Image.new("RGB", (CELL, CELL), blend(fill, WHITE, 0.6))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, CELL - 1, CELL - 1), outline=ROAD_EDGE, width=2)
    _road(draw, mask, CELL, fill, edge, dash)
    c, span = CELL // 2, HALF + 5
    if mask & (B.N | B.S):  # the road runs N-S: the gate (two posts and a bar) spans it W-E at the centre
        draw.rectangle((c - span - 4, c - 7, c - span + 1, c + 7), fill=INK)
        draw.rectangle((c + span - 2, c - 7, c + span + 3, c + 7), fill=INK)
        draw.rectangle((c - span, c - 2, c + span, c + 2), fill=INK)
    else:
        draw.rectangle((c - 7, c - span - 4, c + 7, c - span + 1), fill=INK)
        draw.rectangle((c - 7, c + span - 2, c + 7, c + span + 3), fill=INK)
        draw.rectangle((c - 2, c - span, c + 2, c + span), fill=INK)
    far = {B.S: (c, 11), B.N: (c, CELL - 11), B.W: (c, CELL - 11), B.E: (c, CELL - 11)}[mask]
    text(draw, far, "EXIT", SMALL, on=blend(fill, WHITE, 0.6), anchor="mm", bold=True)
    return img


@lru_cache(maxsize=8)
def node_tile(res: str) -> Image.Image:
    """A resource node: a four-way crossing of neutral road around a disc in the resource's colour."""
    fill = RES_RGB[res]
    img = Image.new("RGB", (CELL, CELL), blend(fill, WHITE, 0.7))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, CELL - 1, CELL - 1), outline=blend(fill, INK, 0.4), width=2)
    _road(draw, 15, CELL, (176, 172, 164), (110, 106, 100), None)
    c = CELL / 2 - 0.5
    r = 20
    draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=INK, width=2)
    text(draw, (c + 0.5, c + 1), RES_SHORT[res], SMALL, on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    return img


def draw_house(draw: ImageDraw.ImageDraw, x: float, y: float, fill: RGB, w: int = 34) -> None:
    """A house with its top-left corner at (x, y): large enough to read over the road it stands on."""
    roof = w * 0.45
    draw.polygon([(x, y + roof), (x + w / 2, y), (x + w, y + roof), (x + w - 4, y + roof), (x + w - 4, y + w),
                  (x + 4, y + w), (x + 4, y + roof)], fill=fill, outline=INK, width=2)
    d = max(3, w // 8)
    draw.rectangle((x + w / 2 - d, y + w - 2.5 * d, x + w / 2 + d, y + w), fill=INK)


def generator_chip(draw: ImageDraw.ImageDraw, centre: tuple[float, float], res: str, size: int = SMALL) -> None:
    """A generator: the resource's initial on a chip of its colour."""
    fill = RES_RGB[res]
    label = RES_SHORT[res]
    w = text_width(label, size) + 10
    cx, cy = centre
    draw.rounded_rectangle((cx - w / 2, cy - size / 2 - 3, cx + w / 2, cy + size / 2 + 3), radius=4, fill=fill,
                           outline=INK, width=2)
    text(draw, (cx, cy + 0.5), label, size, on=fill, fill=ink_on(fill), anchor="mm", bold=True)


def upgrade_plus(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: int = 11) -> None:
    """A road upgrade: a "+" on a white disc."""
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=2)
    draw.rectangle((cx - r + 4, cy - 1.5, cx + r - 4, cy + 1.5), fill=INK)
    draw.rectangle((cx - 1.5, cy - r + 4, cx + 1.5, cy + r - 4), fill=INK)


def resource_icon(draw: ImageDraw.ImageDraw, centre: tuple[float, float], res: str, r: float) -> None:
    """A resource chit: a disc of its colour with its initial."""
    fill = RES_RGB[res]
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=1)
    text(draw, (cx, cy + 0.5), RES_SHORT[res], max(11, round(r * 0.95)), on=fill, fill=ink_on(fill), anchor="mm",
         bold=True)


def dotted(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB = ACCENT,
            dash: int = 5, width: int = 3) -> None:
    """A dotted frame: where the drawn tile may go."""
    x0, y0, x1, y1 = box
    for x in range(int(x0), int(x1) - dash + 1, dash * 2):
        draw.rectangle((x, y0, x + dash - 1, y0 + width - 1), fill=colour)
        draw.rectangle((x, y1 - width + 1, x + dash - 1, y1), fill=colour)
    for y in range(int(y0), int(y1) - dash + 1, dash * 2):
        draw.rectangle((x0, y, x0 + width - 1, y + dash - 1), fill=colour)
        draw.rectangle((x1 - width + 1, y, x1, y + dash - 1), fill=colour)

