"""The Roanoke board: the cached layer (grid, rulers, exits, nodes), its palette, the pieces on the grid, the
squares open to the player to move on tags, and the zoomed picture of one column's squares."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import Action
from games.roanoke import board as B
from renderers.cast import Cast
from renderers.common import (
    INK,
    PAPER,
    WHITE,
    Point,
    blend,
    canvas,
    encode_png,
    paste,
    reference_palette,
    tag,
    text,
    unrecorded,
    zoom,
)
from renderers.roanoke.sprites import (
    CELL,
    COLOUR_RGB,
    DEAD_GREY,
    GRID,
    GRID_LINE,
    GRID_X,
    GRID_Y,
    GROUND,
    HEIGHT,
    LETTERS,
    PASS_GREEN,
    RES,
    RES_RGB,
    ROAD_EDGE,
    SIZE,
    SMALL,
    TILE_GROUND,
    WIDTH,
    cell_xy,
    dotted,
    draw_house,
    exit_tile,
    generator_chip,
    node_tile,
    resource_icon,
    road_colours,
    road_tile,
    square_rc,
    upgrade_plus,
)

# -- the static layer and the palette ------------------------------------------------------------


@lru_cache(maxsize=8)
def layer(nodes: tuple[tuple[int, str], ...]) -> Image.Image:
    """Paper, the empty grid with its rulers, exits and nodes: one layer per node layout."""
    img, draw = canvas(WIDTH, HEIGHT)
    draw.rectangle((GRID_X - 3, GRID_Y - 3, GRID_X + GRID + 2, GRID_Y + GRID + 2), fill=GRID_LINE, outline=INK,
                   width=2)
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = cell_xy(row, col)
            draw.rectangle((x, y, x + CELL - 2, y + CELL - 2), fill=GROUND)
    for i, letter in enumerate(LETTERS):
        x = GRID_X + i * CELL + CELL / 2
        text(draw, (x, GRID_Y - 16), letter, 20, on=PAPER, anchor="mm", bold=True)
        text(draw, (x, GRID_Y + GRID + 16), letter, 20, on=PAPER, anchor="mm", bold=True)
    for i in range(SIZE):
        y = GRID_Y + i * CELL + CELL / 2
        text(draw, (GRID_X / 2, y), str(i + 1), 20, on=PAPER, anchor="mm", bold=True)
        text(draw, (GRID_X + GRID + GRID_X / 2, y), str(i + 1), 20, on=PAPER, anchor="mm", bold=True)
    for seat, (square, mask) in enumerate(zip(B.EXITS, B.EXIT_MASKS, strict=True)):
        row, col = B.rc(square)
        paste(img, exit_tile(seat, mask), cell_xy(row, col))
    for square, res in nodes:
        row, col = B.rc(square)
        paste(img, node_tile(res), cell_xy(row, col))
    return img


STATES = ("net", "cut", "dead")


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """One palette for every Roanoke picture, from the static layer and a sample of every sprite."""
    with unrecorded():  # a sample, on no picture
        return _sampled()


def _sampled() -> Image.Image:
    sample = layer(tuple(sorted(B.NODES.items()))).copy()
    x, y = GRID_X, GRID_Y
    for seat in range(4):
        for state in STATES:
            for mask in (15, 7, 5):
                sample.paste(road_tile(mask, seat, state), (x, y))
                x, y = (x + CELL, y) if x + 2 * CELL < WIDTH else (GRID_X, y + CELL)
        sample.paste(road_tile(15, seat, "net", start=True), (x, y))
        x += CELL
    draw = ImageDraw.Draw(sample)
    for i, res in enumerate(RES):
        resource_icon(draw, (GRID_X + 20 + i * 40, y + 2 * CELL), res, 18)
        generator_chip(draw, (GRID_X + 200 + i * 40, y + 2 * CELL), res)
    tints = [blend(c, WHITE, t) for c in COLOUR_RGB for t in (0.6, 0.72, 0.82)]
    res_tints = [blend(c, WHITE, t) for c in RES_RGB.values() for t in (0.6, 0.7, 0.8)]
    return reference_palette(sample, [*COLOUR_RGB, *RES_RGB.values(), *tints, *res_tints, GROUND, TILE_GROUND,
                                      GRID_LINE, ROAD_EDGE, DEAD_GREY, PASS_GREEN, (253, 236, 230)])


# -- the grid -------------------------------------------------------------------------------------


def _grid(img: Image.Image, view: dict[str, Any], spots: Sequence[str]) -> None:
    """Road tiles and starting crosses, then houses, generators and road upgrades, then the dotted `spots`."""
    draw = ImageDraw.Draw(img)
    nets = [set(n) for n in view["nets"]]
    alive = [p["alive"] for p in view["players"]]
    for seat, (square, mask) in enumerate(zip(B.EXITS, B.EXIT_MASKS, strict=True)):
        if not alive[seat]:
            paste(img, exit_tile(seat, mask, "dead"), cell_xy(*B.rc(square)))
    for square, cell in enumerate(view["board"]):
        if cell is None or cell["kind"] not in ("road", "cross"):
            continue
        seat = cell["owner"]
        state = "dead" if not alive[seat] else "net" if square in nets[seat] else "cut"
        row, col = B.rc(square)
        x, y = cell_xy(row, col)
        paste(img, road_tile(cell["mask"], seat, state, cell["kind"] == "cross"), (x, y))
        if cell.get("house"):  # over the junction, the generator on its front
            draw_house(draw, x + (CELL - 36) / 2 - 1, y + (CELL - 36) / 2 - 3, road_colours(seat, state)[0], 36)
        if cell.get("gen"):
            generator_chip(draw, (x + CELL / 2 - 0.5, y + CELL / 2 + 12), cell["gen"])
        if cell.get("up"):
            upgrade_plus(draw, (x + CELL - 12, y + 12))
    for label in spots:
        row, col = square_rc(label)
        x, y = cell_xy(row, col)
        dotted(draw, (x + 2, y + 2, x + CELL - 4, y + CELL - 4))


def place_label(view: dict[str, Any], action: Action) -> str | None:
    """The id the picture shows for the place an action names (the same in every view)."""
    return _label(action)


def _label(action: Action) -> str | None:
    """The square an action names ("F2"), as the rulers name it (ROA-S1)."""
    if "col" in action and "row" in action:
        return B.label(B.sq(action["row"], action["col"]))
    square = B.parse_label(action.get("square"))
    return B.label(square) if square is not None else None


def _tags(choices: Sequence[Action]) -> list[tuple[Point, str]]:
    out: dict[str, tuple[Point, str]] = {}
    for action in choices:
        label = _label(action)
        if label is not None:
            x, y = cell_xy(*square_rc(label))
            out[label] = ((x + CELL / 2 - 1, y + CELL / 2 - 1), label)
    return list(out.values())


def _map(view: dict[str, Any], spots: Sequence[str]) -> Image.Image:
    nodes = tuple(sorted((i, c["res"]) for i, c in enumerate(view["board"]) if c and c["kind"] == "node"))
    img = layer(nodes).copy()
    _grid(img, view, spots)
    return img


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    """The grid with every road and building; the squares `choices` name carry their labels on tags."""
    img = _map(view, view["drawn_spots"])
    draw = ImageDraw.Draw(img)
    for xy, label in _tags(choices):
        tag(draw, xy, label, SMALL)
    return encode_png(img, palette())


def area(view: dict[str, Any], name: str, choices: Sequence[Action]) -> bytes:
    """One column ("column F") and its neighbours, over the rows where `choices` may go, zoomed, with the
    label of every square `choices` name there; only those squares are dotted, so that none in the neighbouring
    columns looks open to a pick it is not part of."""
    col = LETTERS.index(name.removeprefix("column "))
    inside = [a for a in choices if (label := _label(a)) is not None and square_rc(label)[1] == col]
    rows = [square_rc(label)[0] for a in inside if (label := _label(a)) is not None] or [0, SIZE - 1]
    left, right = max(0, col - 2), min(SIZE - 1, col + 2)
    top, bottom = max(0, min(rows) - 1), min(SIZE - 1, max(rows) + 1)
    x0, y0 = cell_xy(top, left)
    x1, y1 = cell_xy(bottom, right)
    tags = _tags(inside)
    return zoom(_map(view, [label for _, label in tags]), (x0 - 4, y0 - 4, x1 + CELL + 4, y1 + CELL + 4), tags)
