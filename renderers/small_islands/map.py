"""The Small Islands map: its layout and cell size, the rulers, the tiles laid and the free cells."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.small_islands.names import column, name_from
from games.small_islands.tiles import constraint, key
from renderers.common import (
    PAPER,
    RGB,
    legible,
    paste,
    tag,
    text,
)
from renderers.small_islands.icons import ship_icon
from renderers.small_islands.style import (
    CELLS,
    FRAME,
    GRID,
    HEIGHT,
    MARGIN,
    MAX_SIDE,
    MIN_WIDTH,
    OCEAN,
    READABLE,
    ROW_HEIGHT,
    RULE,
    RULER,
    WIDTH,
)
from renderers.small_islands.tiles import overlays, ship_tile, tile_sprite

# -- the map -------------------------------------------------------------------------------------


class Layout:
    """Where the map goes: its cells' bounds, the cell size, the picture's size and its smallest text.

    The picture is the map (with its rulers) and the row under it, no wider than it needs: the largest cell
    that keeps it within WIDTH x HEIGHT, else a readable one on a larger canvas.  Its text is sized from
    its width (`size`), so it reads at 550 px wide whatever the map's extent."""

    def __init__(self, view: dict[str, Any]) -> None:
        cells = [(t["x"], t["y"]) for t in view["grid"]] + [tuple(c) for c in view["candidates"]]
        if not cells:
            cells = [(0, 0)]
        self.x0, self.x1 = min(c[0] for c in cells), max(c[0] for c in cells)
        self.y0, self.y1 = min(c[1] for c in cells), max(c[1] for c in cells)
        cols, rows = self.x1 - self.x0 + 1, self.y1 - self.y0 + 1
        self.s = CELLS[-1]
        for s in CELLS:
            w, h = cols * s + 2 * MARGIN + 2 * RULE, rows * s + 2 * MARGIN + 2 * RULE + ROW_HEIGHT
            if (w <= WIDTH and h <= HEIGHT) or (s <= READABLE and w <= MAX_SIDE and h <= MAX_SIDE):
                self.s = s
                break
        map_w, map_h = cols * self.s, rows * self.s
        self.width = max(MIN_WIDTH, map_w + 2 * MARGIN + 2 * RULE)
        self.size = legible(self.width)
        self.rule = max(RULE, self.size + 12)
        self.width = max(MIN_WIDTH, map_w + 2 * MARGIN + 2 * self.rule)
        self.size = legible(self.width)
        self.height = map_h + 2 * MARGIN + 2 * self.rule + ROW_HEIGHT
        self.ox = (self.width - map_w) // 2
        self.oy = MARGIN + self.rule
        self.row_y = self.oy + map_h + self.rule + 12
        self.cols, self.rows = cols, rows
        self.origin: tuple[int, int] = (view["origin"][0], view["origin"][1])
        """The cell named A1 (the engine names cells from it, so the rulers agree with every move's label)."""

    def at(self, x: int, y: int) -> tuple[int, int]:
        return self.ox + (x - self.x0) * self.s, self.oy + (y - self.y0) * self.s


def draw_rulers(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    s, size, RULE = lay.s, lay.size + 1, lay.rule
    right, bottom = lay.ox + lay.cols * s, lay.oy + lay.rows * s
    for x in range(lay.x0, lay.x1 + 1):
        cx = lay.at(x, lay.y0)[0] + s / 2
        label = column(x - lay.origin[0])
        text(draw, (cx, lay.oy - RULE / 2), label, size, on=PAPER, fill=RULER, anchor="mm", bold=True)
        text(draw, (cx, bottom + RULE / 2), label, size, on=PAPER, fill=RULER, anchor="mm", bold=True)
    for y in range(lay.y0, lay.y1 + 1):
        cy = lay.at(lay.x0, y)[1] + s / 2
        row = str(y - lay.origin[1] + 1)
        text(draw, (lay.ox - RULE / 2, cy), row, size, on=PAPER, fill=RULER, anchor="mm", bold=True)
        text(draw, (right + RULE / 2, cy), row, size, on=PAPER, fill=RULER, anchor="mm", bold=True)


def dashed_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, width: int) -> None:
    x0, y0, x1, y1 = box
    dash = max(5, round((x1 - x0) / 9))
    for a in range(round(x0), round(x1), 2 * dash):
        b = min(x1, a + dash)
        draw.line((a, y0, b, y0), fill=fill, width=width)
        draw.line((a, y1, b, y1), fill=fill, width=width)
    for a in range(round(y0), round(y1), 2 * dash):
        b = min(y1, a + dash)
        draw.line((x0, a, x0, b), fill=fill, width=width)
        draw.line((x1, a, x1, b), fill=fill, width=width)


@lru_cache(maxsize=16)
def _frame(s: int, inset: int) -> Image.Image:
    """The dashed frame of a free cell."""
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    dashed_box(ImageDraw.Draw(img), (inset, inset, s - 1 - inset, s - 1 - inset), FRAME, 2)
    return img


def draw_map(img: Image.Image, view: dict[str, Any], lay: Layout, named: set[tuple[int, int]]) -> None:
    """The water, the tiles laid and the free cells; the free cells in `named` carry their names."""
    draw = ImageDraw.Draw(img)
    s = lay.s
    right, bottom = lay.ox + lay.cols * s, lay.oy + lay.rows * s
    draw.rectangle((lay.ox - 2, lay.oy - 2, right + 1, bottom + 1), fill=OCEAN, outline=(30, 80, 120), width=2)
    for x in range(lay.x0 + 1, lay.x1 + 1):  # faint grid over the open sea, so columns and rows read
        px = lay.at(x, lay.y0)[0]
        draw.line((px, lay.oy, px, bottom), fill=GRID, width=1)
    for y in range(lay.y0 + 1, lay.y1 + 1):
        py = lay.at(lay.x0, y)[1]
        draw.line((lay.ox, py, right, py), fill=GRID, width=1)
    players = view["players"]
    grid = {key(t["x"], t["y"]): t for t in view["grid"]}
    for t in view["grid"]:
        px, py = lay.at(t["x"], t["y"])
        if t["ship"] is not None:
            seat = t["ship"] if isinstance(t["ship"], int) else -1
            img.paste(ship_tile(s, t["colour"] or "grey", seat), (px, py))
        else:
            paste(img, tile_sprite(t["tile"], t["rot"] % 4, s), (px, py))
            if t["houses"] or t["port_tokens"] or any(c is not None for c in t["covered"]):
                overlays(img, t, px, py, s, players)
    _candidates(img, view, lay, grid, named)


def _candidates(img: Image.Image, view: dict[str, Any], lay: Layout, grid: dict[str, Any],
                named: set[tuple[int, int]]) -> None:
    """Every empty cell next to a tile: framed if some tile could match it, with a little ship where a ship
    may land, and named as /play names it where the player to move may place there."""
    draw = ImageDraw.Draw(img)
    s = lay.s
    cells = [tuple(c) for c in view["candidates"]] or ([(0, 0)] if not grid else [])
    landing = view["phase"] == "explore" and view["nav"] == 0
    for x, y in cells:
        px, py = lay.at(x, y)
        need = constraint(grid, x, y) if grid else "????????"
        if need is None:  # the neighbours disagree: no tile can ever go here
            continue
        inset = max(4, s // 12)
        frame = _frame(s, inset)
        img.paste(frame, (px, py), frame)
        if (x, y) in named:
            tag(draw, (px + s / 2, py + s / 2), name_from(x, y, lay.origin), lay.size)
        if landing and "L" not in need:
            d = max(16, round(s * 0.34))
            ship = ship_icon(d, "grey", -1)
            img.paste(ship, (round(px + s / 2 - d / 2), round(py + s - inset - d - 2)), ship)
