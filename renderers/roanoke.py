"""Roanoke pictures (ROA-S40): the 13x13 grid labelled A-M and 1-13 with every road tile drawn as
road segments in its owner's colour, the exits as gates, the starting crosses, the resource nodes,
houses, generators and road upgrades, the drawn tile's legal squares dotted; beside it the off-grid
market with each seat's workers and the active player's payout, the pile, the drawn tile enlarged,
and a row per player (hand, reserve, pieces, road length, link class); below, the eight season
slots.  The private picture is one seat's colony: its hand, where its drawn tile may go, what it
can buy, and how it stands against the season card.

Road tiles are sprites drawn once per shape, owner and state, so a board is mostly pastes on a
cached layer holding the paper, the grid, its labels, the exits, the nodes and the panel frames.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import MARKET, MARKET_RES, TITLES, square_payout
from games.roanoke.moves import HOUSE_COST, SPLITS, UPGRADE_COST, generator_cost
from games.roanoke.table import HOUSES, MAX_HOUSES, MAX_UPGRADES, ROUNDS
from games.roanoke.text import COLOURS
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    WHITE,
    blend,
    canvas,
    clip_text,
    encode_png,
    ink_on,
    ordinal,
    panel,
    reference_palette,
    seat_marker,
    text,
    text_width,
    wrap_text,
)

WIDTH, HEIGHT = 1400, 1024
CELL = 56
SIZE = B.SIZE
GRID_X, GRID_Y = 46, 104
GRID = SIZE * CELL
LETTERS = "ABCDEFGHIJKLM"  # ROA-S1: column letters, west to east
GROUND: RGB = (224, 232, 206)      # a free square
TILE_GROUND: RGB = (214, 198, 166)  # under a placed road tile
GRID_LINE: RGB = (190, 196, 172)
ROAD_EDGE: RGB = (60, 52, 44)
COLOUR_RGB: tuple[RGB, ...] = ((213, 94, 0), (0, 114, 178), (240, 228, 66), (0, 158, 115))
"""The colours the rules give seats 0-3 (ROA §1), in Okabe-Ito shades; each seat keeps its marker shape too."""
RES = B.RESOURCES
RES_RGB: dict[str, RGB] = {"food": (236, 150, 40), "water": (70, 150, 220), "metal": (140, 146, 156),
                           "wood": (139, 90, 43)}
"""ROA-S40: food orange, water blue, metal grey, wood brown."""
RES_SHORT = {"food": "F", "water": "Wa", "metal": "M", "wood": "Wo"}
DEAD_GREY: RGB = (150, 150, 150)
PASS_GREEN: RGB = (40, 125, 60)
PHASE_WORD = {"setup": "setup: first worker", "market": "market step", "main": "main step", "over": "game over"}

RX0, RX1 = 812, WIDTH - 20  # the right-hand column
BOXES = {
    "market": (RX0, 14, RX1, 306),
    "supply": (RX0, 316, RX1, 466),
    "players": (RX0, 476, RX1, 852),
    "seasons": (20, 862, RX1, HEIGHT - 12),
}


def _who(seat: int) -> str:
    return f"Seat {seat + 1} ({COLOURS[seat]})"


def _bundle(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items() if n) or "nothing"


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int,
            fill: RGB | None = None) -> None:
    seat_marker(draw, centre, radius, seat, fill=COLOUR_RGB[seat] if fill is None else fill)


def _square(label: str) -> tuple[int, int]:
    """The grid (row, col) a label such as "G7" names."""
    return B.rc(B.parse_label(label))  # type: ignore[arg-type]


def _cell_xy(row: int, col: int) -> tuple[int, int]:
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


def _road_colours(seat: int, state: str) -> tuple[RGB, RGB, RGB]:
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
def _tile(mask: int, seat: int, state: str = "net", start: bool = False, size: int = CELL) -> Image.Image:
    """A road tile as laid: the tile, its road bands in the owner's colour, and the owner's shape at the
    junction (so a seat reads without colour).  A starting cross is framed in the seat's colour."""
    img = Image.new("RGB", (size, size), GROUND)
    draw = ImageDraw.Draw(img)
    fill, edge, dash = _road_colours(seat, state)
    ground = blend(fill, WHITE, 0.72) if start else TILE_GROUND
    draw.rectangle((0, 0, size - 1, size - 1), fill=ground, outline=blend(TILE_GROUND, INK, 0.35))
    if start:
        draw.rectangle((1, 1, size - 2, size - 2), outline=fill, width=max(2, size // 20))
    _road(draw, mask, size, fill, edge, dash)
    r = size * (0.15 if start else 0.1)
    _marker(draw, (size / 2 - 0.5, size / 2 - 0.5), r, seat, fill=fill)
    return img


@lru_cache(maxsize=16)
def _exit(seat: int, mask: int, state: str = "net") -> Image.Image:
    """An exit: a gate in the seat's colour with its road leading in through the one open edge."""
    fill, edge, dash = _road_colours(seat, state)
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
    far = {B.S: (c, 9), B.N: (c, CELL - 9), B.W: (c, CELL - 7), B.E: (c, CELL - 7)}[mask]
    text(draw, far, "EXIT", 10, anchor="mm", bold=True)
    return img


@lru_cache(maxsize=8)
def _node(res: str) -> Image.Image:
    """A resource node: a four-way crossing of neutral road around a disc in the resource's colour."""
    fill = RES_RGB[res]
    img = Image.new("RGB", (CELL, CELL), blend(fill, WHITE, 0.7))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, CELL - 1, CELL - 1), outline=blend(fill, INK, 0.4), width=2)
    _road(draw, 15, CELL, (176, 172, 164), (110, 106, 100), None)
    c = CELL / 2 - 0.5
    r = 20
    draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=INK, width=2)
    text(draw, (c + 0.5, c + 1), res, 11, fill=ink_on(fill), anchor="mm", bold=True)
    return img


def _house(draw: ImageDraw.ImageDraw, x: float, y: float, fill: RGB, w: int = 16) -> None:
    """A house glyph with its top-left corner at (x, y)."""
    h = w
    roof = h * 0.42
    draw.polygon([(x, y + roof), (x + w / 2, y), (x + w, y + roof), (x + w - 2, y + roof), (x + w - 2, y + h),
                  (x + 2, y + h), (x + 2, y + roof)], fill=fill, outline=INK)
    draw.rectangle((x + w / 2 - 2, y + h - 5, x + w / 2 + 1, y + h), fill=INK)


def _chip(draw: ImageDraw.ImageDraw, centre: tuple[float, float], res: str, size: int = 10) -> None:
    """A generator: the resource's initial on a chip of its colour."""
    fill = RES_RGB[res]
    label = RES_SHORT[res]
    w = text_width(label, size) + 6
    cx, cy = centre
    draw.rounded_rectangle((cx - w / 2, cy - size / 2 - 2, cx + w / 2, cy + size / 2 + 2), radius=3, fill=fill,
                           outline=INK)
    text(draw, (cx, cy + 0.5), label, size, fill=ink_on(fill), anchor="mm", bold=True)


def _plus(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: int = 8) -> None:
    """A road upgrade: a "+" on a white disc."""
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=1)
    draw.rectangle((cx - r + 3, cy - 1, cx + r - 3, cy + 1), fill=INK)
    draw.rectangle((cx - 1, cy - r + 3, cx + 1, cy + r - 3), fill=INK)


def _resource_icon(draw: ImageDraw.ImageDraw, centre: tuple[float, float], res: str, r: float) -> None:
    """A resource chit: a disc of its colour with its initial."""
    fill = RES_RGB[res]
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=1)
    text(draw, (cx, cy + 0.5), RES_SHORT[res], max(9, round(r * 0.95)), fill=ink_on(fill), anchor="mm", bold=True)


def _dotted(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB = ACCENT,
            dash: int = 5, width: int = 3) -> None:
    """A dotted frame: where the drawn tile may go."""
    x0, y0, x1, y1 = box
    for x in range(int(x0), int(x1) - dash + 1, dash * 2):
        draw.rectangle((x, y0, x + dash - 1, y0 + width - 1), fill=colour)
        draw.rectangle((x, y1 - width + 1, x + dash - 1, y1), fill=colour)
    for y in range(int(y0), int(y1) - dash + 1, dash * 2):
        draw.rectangle((x0, y, x0 + width - 1, y + dash - 1), fill=colour)
        draw.rectangle((x1 - width + 1, y, x1, y + dash - 1), fill=colour)


# -- the static layer and the palette ------------------------------------------------------------


@lru_cache(maxsize=8)
def _frame(nodes: tuple[tuple[int, str], ...]) -> Image.Image:
    """Paper, the empty grid with its labels, exits, nodes and the panel frames: one layer per node layout."""
    img, draw = canvas(WIDTH, HEIGHT)
    draw.rectangle((GRID_X - 3, GRID_Y - 3, GRID_X + GRID + 2, GRID_Y + GRID + 2), fill=GRID_LINE, outline=INK,
                   width=2)
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = _cell_xy(row, col)
            draw.rectangle((x, y, x + CELL - 2, y + CELL - 2), fill=GROUND)
    for i, letter in enumerate(LETTERS):
        x = GRID_X + i * CELL + CELL / 2
        text(draw, (x, GRID_Y - 15), letter, 17, anchor="mm", bold=True)
        text(draw, (x, GRID_Y + GRID + 15), letter, 17, anchor="mm", bold=True)
    for i in range(SIZE):
        y = GRID_Y + i * CELL + CELL / 2
        text(draw, (GRID_X - 20, y), str(i + 1), 17, anchor="mm", bold=True)
        text(draw, (GRID_X + GRID + 20, y), str(i + 1), 17, anchor="mm", bold=True)
    for seat, (square, mask) in enumerate(zip(B.EXITS, B.EXIT_MASKS, strict=True)):
        row, col = B.rc(square)
        img.paste(_exit(seat, mask), _cell_xy(row, col))
    for square, res in nodes:
        row, col = B.rc(square)
        img.paste(_node(res), _cell_xy(row, col))
    panel(draw, BOXES["market"], "Market (off the grid)")
    panel(draw, BOXES["supply"], "")
    panel(draw, BOXES["players"], "")
    text(draw, (20, 12), "Roanoke", 30, bold=True)
    return img


_STATES = ("net", "cut", "dead")


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every Roanoke picture, from the static layer and a sample of every sprite."""
    sample = _frame(tuple(sorted(B.NODES.items()))).copy()
    x = 20
    for seat in range(4):
        for state in _STATES:
            for mask in (15, 7, 5):
                sample.paste(_tile(mask, seat, state), (x, 880))
                x += CELL
        sample.paste(_tile(15, seat, "net", start=True), (x, 880))
        x += CELL
    draw = ImageDraw.Draw(sample)
    for i, res in enumerate(RES):
        _resource_icon(draw, (40 + i * 40, 960), res, 14)
        _chip(draw, (220 + i * 40, 960), res)
    tints = [blend(c, WHITE, t) for c in COLOUR_RGB for t in (0.6, 0.72, 0.82)]
    res_tints = [blend(c, WHITE, t) for c in RES_RGB.values() for t in (0.6, 0.7, 0.8)]
    return reference_palette(sample, [*COLOUR_RGB, *RES_RGB.values(), *tints, *res_tints, GROUND, TILE_GROUND,
                                      GRID_LINE, ROAD_EDGE, DEAD_GREY, PASS_GREEN, (253, 236, 230)])


# -- the grid -------------------------------------------------------------------------------------


def _grid(img: Image.Image, view: dict[str, Any]) -> None:
    """Road tiles and starting crosses, then houses, generators and road upgrades, then the dotted spots."""
    draw = ImageDraw.Draw(img)
    nets = [set(n) for n in view["nets"]]
    alive = [p["alive"] for p in view["players"]]
    for seat, (square, mask) in enumerate(zip(B.EXITS, B.EXIT_MASKS, strict=True)):
        if not alive[seat]:
            img.paste(_exit(seat, mask, "dead"), _cell_xy(*B.rc(square)))
    for square, cell in enumerate(view["board"]):
        if cell is None or cell["kind"] not in ("road", "cross"):
            continue
        seat = cell["owner"]
        state = "dead" if not alive[seat] else "net" if square in nets[seat] else "cut"
        row, col = B.rc(square)
        x, y = _cell_xy(row, col)
        img.paste(_tile(cell["mask"], seat, state, cell["kind"] == "cross"), (x, y))
        if cell.get("house"):
            _house(draw, x + 2, y + 2, _road_colours(seat, state)[0])
        if cell.get("gen"):
            _chip(draw, (x + 10, y + CELL - 11), cell["gen"], 9)
        if cell.get("up"):
            _plus(draw, (x + CELL - 11, y + 10), 7)
    for label in view["drawn_spots"]:
        row, col = _square(label)
        x, y = _cell_xy(row, col)
        _dotted(draw, (x + 2, y + 2, x + CELL - 4, y + CELL - 4))


# -- the header and the season strip -------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    result = view["result"]
    season = f"{view['season_name']}, round {view['round']} of {ROUNDS}"
    if result is not None:
        winners = result["winners"]
        if winners:
            who = " and ".join(_who(x) for x in winners)
            chits = result["scores"][winners[0]]
            status = f"Game over - {who} win{'s' if len(winners) == 1 else ''} with {chits} chits"
        else:
            status = "Game over - the colony is lost: nobody wins"
        text(draw, (170, 14), clip_text(status, 19, RX0 - 190), 19, fill=ACCENT, bold=True)
        text(draw, (170, 45), f"Ended in {season}", 16, fill=MUTED, anchor="lm")
    else:
        active = view["active"]
        text(draw, (170, 14), clip_text(f"{season} - {_who(active)} to play", 19, RX0 - 190), 19, bold=True)
        phase = PHASE_WORD.get(view["phase"], view["phase"])
        phase = phase[:1].upper() + phase[1:]
        if view["phase"] == "main":
            phase += f", {view['placements_left']} placement{'s' if view['placements_left'] != 1 else ''} left"
        x = 170
        text(draw, (x, 45), phase + ".   Order:", 16, anchor="lm")
        x += text_width(phase + ".   Order:", 16) + 8
        first = view["first_seat"]
        waiting = set(_still_to_play(view))
        for seat in ((first + i) % 4 for i in range(4)):
            out = not view["players"][seat]["alive"]
            _marker(draw, (x + 8, 45), 8, seat, fill=DEAD_GREY if out else None)
            label = f"{seat + 1}" + (" out" if out else "")
            colour = INK if not out and (seat == active or seat in waiting) else MUTED
            text(draw, (x + 20, 45), label, 16, fill=colour, anchor="lm", bold=seat == active)
            x += 28 + text_width(label, 16) + 8
        if x + 4 + text_width("(grey: has played)", 14) < RX0 - 20:
            text(draw, (x + 4, 45), "(grey: has played)", 14, fill=MUTED, anchor="lm")
    offer = view["offer"]
    if offer is not None and result is None:
        line = (f"Offer open: {_who(offer['from'])} gives {_bundle(offer['give'])} to {_who(offer['to'])} "
                f"for {_bundle(offer['get'])} - waiting for Seat {offer['to'] + 1} to accept or decline")
        draw.rounded_rectangle((20, 57, RX0 - 16, 79), radius=6, fill=(253, 236, 230), outline=ACCENT)
        text(draw, (30, 68), clip_text(line, 15, RX0 - 66), 15, fill=ACCENT, anchor="lm", bold=True)
    else:
        legend = ("Pale road: cut off from its exit (upgrades there idle) - grey road: an eliminated seat's - "
                  "dotted: where the drawn tile may go")
        text(draw, (20, 70), clip_text(legend, 14, RX0 - 40), 14, fill=MUTED, anchor="lm")


def _seasons(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = BOXES["seasons"]
    gap = 8
    w = (x1 - x0 - gap * 7) / 8
    current, over = view["season"], view["result"] is not None
    for k, slot in enumerate(view["seasons"]):
        bx = x0 + k * (w + gap)
        box = (round(bx), y0, round(bx + w), y1)
        now = k == current and not over
        done = k < current or (over and k <= current)
        fill = (253, 236, 230) if now else WHITE if slot["card"] else (236, 234, 228)
        draw.rounded_rectangle(box, radius=8, fill=fill, outline=ACCENT if now else MUTED, width=3 if now else 2)
        cx = (box[0] + box[2]) / 2
        text(draw, (box[0] + 8, y0 + 7), slot["slot"], 15, bold=True)
        if now:
            tag = f"round {view['round']}/{ROUNDS}"
            text(draw, (box[2] - 8, y0 + 8), tag, 13, fill=ACCENT, anchor="ra", bold=True)
        elif done:
            text(draw, (box[2] - 8, y0 + 8), "done", 13, fill=MUTED, anchor="ra")
        inner = round(w) - 16
        if slot["card"] is None:
            text(draw, (cx, y0 + 44), "?", 30, fill=MUTED, anchor="mm", bold=True)
            text(draw, (box[0] + 8, y0 + 66), "face down; one of:", 12, fill=MUTED)
            for i, cand in enumerate(slot["candidates"]):
                name = SE.CARDS[cand]["name"] if cand in SE.CARDS else cand
                text(draw, (box[0] + 8, y0 + 84 + i * 16), clip_text(name, 13, inner), 13, fill=MUTED)
            continue
        name = clip_text(slot["name"], 15, inner)
        text(draw, (box[0] + 8, y0 + 28), name, 15, fill=ACCENT if now else INK, bold=True)
        lines = wrap_text(slot["goal"][:1].upper() + slot["goal"][1:] + ".", 13, inner)
        for i, line in enumerate(lines[:6]):
            text(draw, (box[0] + 8, y0 + 50 + i * 16), line, 13)


# -- the right-hand column -----------------------------------------------------------------------


def _market(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, _ = BOXES["market"]
    active = view["active"]
    top = y0 + 40
    gap = 8
    w = (x1 - x0 - 24 - 3 * gap) / 4
    h = 96
    for i, name in enumerate(MARKET):
        res = MARKET_RES[i]
        col, row = i // 2, i % 2
        bx, by = x0 + 12 + col * (w + gap), top + row * (h + gap)
        box = (round(bx), by, round(bx + w), by + h)
        fill = RES_RGB[res]
        draw.rounded_rectangle(box, radius=6, fill=blend(fill, WHITE, 0.82), outline=blend(fill, INK, 0.4),
                               width=2)
        draw.rounded_rectangle((box[0] + 2, by + 2, box[2] - 2, by + 24), radius=5, fill=fill,
                               corners=(True, True, False, False))
        text(draw, (box[0] + 8, by + 13), TITLES[name], 15, fill=ink_on(fill), anchor="lm", bold=True)
        counts = view["market"][name]
        there = [s for s in range(4) if counts[s] > 0]
        if active is not None and view["phase"] != "setup" and counts[active] > 0:
            pays = square_payout(counts, active)
            badge = f"+{pays}"
            bw = text_width(badge, 14) + 10
            draw.rounded_rectangle((box[2] - 6 - bw, by + 4, box[2] - 6, by + 22), radius=5,
                                   fill=ACCENT if pays else WHITE, outline=INK)
            text(draw, (box[2] - 6 - bw / 2, by + 13), badge, 14, fill=WHITE if pays else INK, anchor="mm",
                 bold=True)
        for k, seat in enumerate(there):
            px, py = box[0] + 10 + (k % 2) * (w / 2), by + 40 + (k // 2) * 25
            _marker(draw, (px + 7, py), 8, seat)
            text(draw, (px + 20, py), f"x{counts[seat]}", 17, anchor="lm", bold=seat == active)
        if len(there) == 4:
            text(draw, ((box[0] + box[2]) / 2, by + h - 10), "4 colours: pays none", 12, fill=ACCENT,
                 anchor="mm", bold=True)
        elif not there:
            text(draw, ((box[0] + box[2]) / 2, by + 56), "empty", 14, fill=MUTED, anchor="mm")
    y = top + 2 * h + gap + 10
    if active is None:
        text(draw, (x0 + 14, y), "The market is closed: the game is over.", 15, fill=MUTED)
        return
    pay, income = view["payout_preview"], view["income_preview"]
    extra = {r: income[r] - pay[r] for r in RES}
    width = x1 - x0 - 28
    if view["phase"] == "setup":
        text(draw, (x0 + 14, y), clip_text(f"Setup: {_who(active)} puts a first worker anywhere, takes 1 chit of it.",
                                       15, width), 15, bold=True)
        text(draw, (x0 + 14, y + 21), "No market payout until each seat's first Collect.", 15, fill=MUTED)
        return
    head = (f"{_who(active)} collects:" if view["phase"] == "market" else
            f"{_who(active)} has collected; income as things stand:")
    text(draw, (x0 + 14, y), clip_text(head, 15, width), 15, bold=True)
    x = _amounts(draw, x0 + 14, y + 29, "market", pay)
    x = _amounts(draw, x + 14, y + 29, "+ nodes, generators", extra)
    if x + 14 + text_width("(pile permitting)", 13) < x1 - 14:
        text(draw, (x + 10, y + 29), "(pile permitting)", 13, fill=MUTED, anchor="lm")


def _amounts(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, amounts: dict[str, int]) -> float:
    """`label` then an icon and a count per resource; returns where the line ends."""
    text(draw, (x, y), label, 15, anchor="lm")
    x += text_width(label, 15) + 8
    shown = [(r, n) for r, n in amounts.items() if n]
    if not shown:
        text(draw, (x, y), "nothing", 15, fill=MUTED, anchor="lm")
        return x + text_width("nothing", 15)
    for r, n in shown:
        _resource_icon(draw, (x + 9, y), r, 9)
        text(draw, (x + 21, y), str(n), 15, anchor="lm", bold=True)
        x += 27 + text_width(str(n), 15) + 4
    return x


def _supply(img: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = BOXES["supply"]
    text(draw, (x0 + 14, y0 + 10), "Pile", 18, bold=True)
    for i, res in enumerate(RES):
        cx = x0 + 32 + i * 72
        _resource_icon(draw, (cx, y0 + 52), res, 15)
        n = view["pile"][res]
        text(draw, (cx + 20, y0 + 52), str(n), 20, fill=ACCENT if n == 0 else INK, anchor="lm", bold=True)
    text(draw, (x0 + 14, y0 + 78), "chits left to pay income from", 13, fill=MUTED)
    text(draw, (x0 + 14, y0 + 100), f"Draw pile {view['draw_pile']} tiles - discard {len(view['discard'])}", 16)
    text(draw, (x0 + 14, y0 + 124), f"Houses left {view['houses_left']} of {HOUSES}", 16)
    tx = x0 + 318
    draw.line((tx - 12, y0 + 10, tx - 12, y1 - 10), fill=(220, 220, 220), width=2)
    drawn = view["drawn_tile"]
    if drawn is None:
        text(draw, (tx, y0 + 10), "Drawn tile", 18, bold=True)
        why = ("No tile drawn." if view["phase"] != "main" or view["result"] is not None
               else "No tile pending: buy, trade or end the turn.")
        for i, line in enumerate(wrap_text(why + " Tiles are drawn face up in the main step.", 14, x1 - tx - 14)):
            text(draw, (tx, y0 + 40 + i * 19), line, 14, fill=MUTED)
        return
    seat = view["active"]
    big = 72
    mask = B.ORIENTATIONS[drawn][0]
    img.paste(_tile(mask, seat, "net", False, big), (tx, y0 + 12))
    text(draw, (tx + big + 12, y0 + 12), f"Drawn: {drawn}", 18, bold=True)
    turns = len(B.ORIENTATIONS[drawn])
    text(draw, (tx + big + 12, y0 + 38), f"{turns} way{'s' if turns > 1 else ''} to turn it", 14, fill=MUTED)
    left = view["placements_left"]
    text(draw, (tx + big + 12, y0 + 58), f"{left} placement{'s' if left != 1 else ''} left", 14, fill=MUTED)
    spots = sorted(view["drawn_spots"], key=lambda lbl: (lbl[0], int(lbl[1:])))
    line = f"May go on ({len(spots)}): " + " ".join(spots) if spots else "Fits nowhere: it will be discarded."
    lines = wrap_text(line, 14, x1 - tx - 14)
    if len(lines) > 3:
        lines = (*lines[:2], clip_text(lines[2] + " ...", 14, x1 - tx - 14))
    for i, part in enumerate(lines):
        text(draw, (tx, y0 + 90 + i * 18), part, 14, fill=ACCENT, bold=i == 0)


def _still_to_play(view: dict[str, Any]) -> list[int]:
    """The seats still to take a turn this round after the active one, in order.  Setup runs once round
    the table from the first player (ROA-S11), so its order is worked out from the first seat."""
    if view["phase"] != "setup":
        return list(view["round_left"])
    active, first = view["active"], view["first_seat"]
    return [(active + i) % 4 for i in range(1, (first - active - 1) % 4 + 1)]


def _places(view: dict[str, Any]) -> dict[int, str]:
    result = view["result"]
    out: dict[int, str] = {}
    if not result:
        return out
    place = 1
    for seats in result["ranking"]:
        for seat in seats:
            out[seat] = "winner" if seat in result["winners"] else ordinal(place)
        place += len(seats)
    return out


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = BOXES["players"]
    step = (y1 - y0 - 8) / 4
    places = _places(view)
    to_move = set(view["to_move"])
    offer = view["offer"]
    for i, p in enumerate(view["players"]):
        seat = p["seat"]
        top = round(y0 + 4 + i * step)
        box = (x0 + 6, top, x1 - 6, round(top + step - 4))
        out = not p["alive"]
        tint = (238, 238, 238) if out else blend(COLOUR_RGB[seat], WHITE, 0.82)
        turn = seat == view["active"] and view["result"] is None
        draw.rounded_rectangle(box, radius=8, fill=tint, outline=ACCENT if seat in to_move else MUTED,
                               width=3 if seat in to_move else 1)
        ink = MUTED if out else INK
        _marker(draw, (box[0] + 18, top + 16), 10, seat, fill=DEAD_GREY if out else None)
        name = _who(seat)
        text(draw, (box[0] + 36, top + 16), name, 17, fill=ink, anchor="lm", bold=True)
        bx = box[0] + 44 + text_width(name, 17)
        badges: list[tuple[str, RGB]] = []
        if out:
            badges.append(("ELIMINATED", ACCENT))
        if turn:
            badges.append(("TO PLAY", ACCENT))
        if offer is not None and offer["to"] == seat and view["result"] is None:
            badges.append(("answers an offer", ACCENT))
        if seat in places and not out:
            badges.append((places[seat], PASS_GREEN if places[seat] == "winner" else (90, 90, 90)))
        for label, fill in badges:
            w = text_width(label, 13) + 12
            draw.rounded_rectangle((bx, top + 7, bx + w, top + 25), radius=5, fill=fill)
            text(draw, (bx + w / 2, top + 16), label, 13, fill=WHITE, anchor="mm", bold=True)
            bx += w + 6
        text(draw, (box[2] - 10, top + 16), f"{p['chits']} chits", 18, fill=ink, anchor="rm", bold=True)
        for k, res in enumerate(RES):
            cx = box[0] + 20 + k * 62
            _resource_icon(draw, (cx, top + 39), res, 10)
            text(draw, (cx + 14, top + 39), str(p["hand"][res]), 17, fill=ink, anchor="lm", bold=True)
        width = box[2] - box[0] - 22
        workers = sum(p["workers"].values())
        text(draw, (box[0] + 268, top + 39), clip_text(f"workers: {workers} in market, {p['reserve']} in reserve", 14,
                                                    box[2] - box[0] - 278), 14, fill=ink, anchor="lm")
        gens = list(p["generators"].values())
        houses, ups = len(p["houses"]), len(p["road_upgrades"])
        pieces = (f"{houses} house{'s' if houses != 1 else ''} - "
                  + (f"generators {' '.join(RES_SHORT[g] for g in gens)}" if gens else "no generator")
                  + f" - {ups} road upgrade{'s' if ups != 1 else ''}")
        others = [x + 1 for x in p["link_class"] if x != seat]
        linked = "linked with " + ", ".join(str(x) for x in others) if others else "not linked"
        text(draw, (box[0] + 12, top + 58), clip_text(f"{pieces} - {linked}", 14, width), 14, fill=ink, anchor="lm")
        nodes = " ".join(p["nodes"]) or "none"
        line = f"Road length {p['road_length']} (own road {p['own_road']}) - nodes reached: {nodes}"
        text(draw, (box[0] + 12, top + 76), clip_text(line, 14, width), 14, fill=ink, anchor="lm")


def board(view: dict[str, Any]) -> bytes:
    nodes = tuple(sorted((i, c["res"]) for i, c in enumerate(view["board"]) if c and c["kind"] == "node"))
    img = _frame(nodes).copy()
    draw = ImageDraw.Draw(img)
    _grid(img, view)
    _header(draw, view)
    _market(draw, view)
    _supply(img, view)
    _players(draw, view)
    _seasons(draw, view)
    return encode_png(img, _palette())


# -- the private picture: one seat's colony -----------------------------------------------------

PRIVATE_WIDTH = 1100


def _short(hand: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {r: n - hand[r] for r, n in cost.items() if hand[r] < n}


def _standing(view: dict[str, Any], seat: int, card: str) -> tuple[bool, str]:
    """Whether the seat meets the season card on the board as it stands, and why in words (ROA-S32)."""
    c = SE.CARDS[card]
    kind = c["kind"]
    me = view["players"][seat]
    hand = me["hand"]
    alive = [p for p in view["players"] if p["alive"]]
    if kind == "own":
        have = {"house": len(me["houses"]), "generator": len(me["generators"]),
                "generator_or_upgrade": len(me["generators"]) + len(me["road_upgrades"])}[c["what"]]
        return have >= c["n"], f"you own {have} of the {c['n']} needed"
    if kind in ("hold", "consume", "hold_any"):
        short = SE.shortfall(card, hand)
        if not short:
            return True, "your hand meets it" + (" (you will pay it at the season's end)" if kind == "consume" else "")
        return False, f"you are short of {_bundle(short)}"
    if kind == "lead":
        others = [p for p in alive if p["seat"] != seat]
        led = [r for r in RES if all(hand[r] > o["hand"][r] for o in others)]
        return len(led) >= c["types"], ("you lead in " + ", ".join(led)) if led else "you lead in no type"
    if kind == "reach":
        return bool(me["nodes"]), ("nodes in your super-road: " + " ".join(me["nodes"])) if me["nodes"] else \
            "no node in your super-road yet"
    if kind == "road":
        best = max((p["road_length"] for p in alive), default=0)
        return best >= c["n"], f"the longest super-road is {best} of {c['n']}"
    classes = {tuple(p["link_class"]) for p in alive}
    return len(classes) <= 1, f"survivors form {len(classes)} link class{'es' if len(classes) != 1 else ''}"


def _placements(view: dict[str, Any], seat: int) -> list[tuple[int, int]]:
    """Every (square, mask) the seat's drawn tile may take, from the view's board (ROA-S5...S7)."""
    drawn = view["drawn_tile"]
    if drawn is None or view["active"] != seat or view["result"] is not None:
        return []
    return B.placements(view["board"], drawn, seat)


def _status(view: dict[str, Any], seat: int) -> str:
    """Where the seat stands in the turn order, or how the game ended for it."""
    out = not view["players"][seat]["alive"]
    when = f"({view['season_name']}, round {view['round']} of {ROUNDS})"
    if view["result"] is not None:
        place = _places(view).get(seat)
        if place == "winner":
            return "The game is over: you win!"
        return "The game is over; you were eliminated." if out else f"The game is over: you finished {place}."
    if out:
        return "You were eliminated: your hand passed left; your roads and buildings stay on the board."
    if view["active"] == seat:
        status = f"Your turn, {PHASE_WORD.get(view['phase'], view['phase'])}"
        if view["phase"] == "main":
            status += f": {view['placements_left']} placement{'s' if view['placements_left'] != 1 else ''} left"
        return f"{status} {when}."
    order = _still_to_play(view)
    wait = ("you have played this round" if seat not in order else "you play next" if order[0] == seat else
            "you play after " + ", ".join(f"Seat {x + 1}" for x in order[:order.index(seat)]))
    return f"{_who(view['active'])} is playing; {wait} {when}."


def _offer_line(offer: dict[str, Any], seat: int) -> str:
    if offer["from"] == seat:
        return (f"Your offer to {_who(offer['to'])}: you give {_bundle(offer['give'])} for "
                f"{_bundle(offer['get'])} - waiting for their answer (you may cancel).")
    return f"{_who(offer['from'])} offers you {_bundle(offer['give'])} for {_bundle(offer['get'])}: accept or decline."


def _hand(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """The seat's chits as four stacks, with what the pile still holds of each."""
    inner = panel(draw, box, "Your hand", size=20)
    hand = view["players"][seat]["hand"]
    col_w = (inner[2] - inner[0]) / 4
    for i, res in enumerate(RES):
        x, y = inner[0] + i * col_w, inner[1]
        n = hand[res]
        if n == 0:
            draw.ellipse((x + 10, y + 42, x + 58, y + 90), outline=MUTED, width=2)
        for k in range(min(n, 6)):
            _resource_icon(draw, (x + 34, y + 66 - k * 7), res, 24)
        text(draw, (x + 72, y + 32), str(n), 36, fill=MUTED if n == 0 else INK, bold=True)
        text(draw, (x + 72, y + 76), res, 16)
        pile = view["pile"][res]
        text(draw, (x + 72, y + 96), f"pile {pile}", 13, fill=ACCENT if pile == 0 else MUTED)


def _goal(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """The season card in words, whether the seat meets it as things stand, and the next slot's candidates."""
    k = view["season"]
    slot = view["seasons"][k]
    inner = panel(draw, box, f"Season card - {slot['slot']}: {slot['name']}", size=20)
    width = inner[2] - inner[0]
    text(draw, (inner[0], inner[1]), clip_text(slot["goal"][:1].upper() + slot["goal"][1:] + ".", 17, width), 17)
    if view["result"] is not None:
        text(draw, (inner[0], inner[1] + 28), "The game is over: survivors rank by chits in hand, then houses, "
             "then own road.", 17, fill=MUTED)
    elif not view["players"][seat]["alive"]:
        text(draw, (inner[0], inner[1] + 28), "You no longer take part.", 17, fill=MUTED)
    else:
        ok, why = _standing(view, seat, slot["card"])
        verdict = ("Met as things stand: " if ok else "Not met yet: ") + why + "."
        text(draw, (inner[0], inner[1] + 28), clip_text(verdict, 17, width), 17, fill=PASS_GREEN if ok else ACCENT,
             bold=True)
    if k + 1 < len(view["seasons"]) and view["result"] is None:
        nxt = view["seasons"][k + 1]
        names = ", ".join(SE.CARDS[c]["name"] for c in nxt["candidates"] if c in SE.CARDS)
        text(draw, (inner[0], inner[1] + 56), clip_text(f"Next, {nxt['slot']}: one of {names} (face down).", 15, width),
             15, fill=MUTED)


MINI = 52  # the private picture's placements: a small tile with its label under it
TILE_STEP = MINI + 24
PER_ROW = 14


def _tiles(img: Image.Image, view: dict[str, Any], box: tuple[int, int, int, int], seat: int,
           spots: list[tuple[int, int]]) -> None:
    """The drawn tile in every legal placement, labelled as the Place select names them (ROA-S41)."""
    draw = ImageDraw.Draw(img)
    drawn = view["drawn_tile"]
    title = "Your drawn tile"
    if spots:
        title += f": {drawn} - {len(spots)} legal placement{'s' if len(spots) != 1 else ''}"
    inner = panel(draw, box, title, size=20)
    if not spots:
        mine = view["active"] == seat and view["result"] is None
        msg = ("The game is over." if view["result"] is not None else
               "It fits nowhere." if mine and drawn is not None else
               "No tile pending: buy, trade or end your turn." if mine and view["phase"] == "main" else
               "Road tiles are drawn face up in your main step; where each may go will show here.")
        text(draw, (inner[0], inner[1]), msg, 16, fill=MUTED)
    for i, (square, mask) in enumerate(spots):
        tx, ty = inner[0] + (i % PER_ROW) * TILE_STEP, inner[1] + (i // PER_ROW) * (MINI + 26)
        img.paste(_tile(mask, seat, "net", False, MINI), (tx, ty))
        label = f"{B.label(square)} {B.edges_text(mask)}"
        text(draw, (tx + MINI / 2, ty + MINI + 11), label, 13 if text_width(label, 13) <= TILE_STEP - 4 else 12,
             anchor="mm", bold=True)


def _buy(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """Each purchase (ROA-S17): its cost, how many the seat has, and whether it can afford one now."""
    inner = panel(draw, box, "Buy", size=20)
    me = view["players"][seat]
    hand = me["hand"]
    houses, ups, gens = len(me["houses"]), len(me["road_upgrades"]), len(me["generators"])
    full = "you have the most a seat may build"
    rows = [("House: 2 of each", HOUSE_COST, f"{houses}/{MAX_HOUSES} built",
             full if houses >= MAX_HOUSES else "no house chits are left" if view["houses_left"] == 0 else ""),
            ("Road upgrade: 4 wood, 4 metal", UPGRADE_COST, f"{ups}/{MAX_UPGRADES} built",
             full if ups >= MAX_UPGRADES else "")]
    for i, (label, cost, count, limit) in enumerate(rows):
        short = _short(hand, cost)
        verdict = limit or ("you can afford it" if not short else f"short of {_bundle(short)}")
        y = inner[1] + i * 42
        text(draw, (inner[0], y), label, 16, bold=True)
        text(draw, (inner[2], y), count, 15, fill=MUTED, anchor="ra")
        text(draw, (inner[0], y + 20), clip_text(verdict, 14, inner[2] - inner[0]), 14,
             fill=PASS_GREEN if not short and not limit else MUTED)
    can = [r for r in RES if any(not _short(hand, generator_cost(r, w, f)) for w, f in SPLITS)]
    y = inner[1] + 84
    text(draw, (inner[0], y), "Generator: 4 of its resource + 2 wood/food", 16, bold=True)
    text(draw, (inner[2], y), f"{gens} built", 15, fill=MUTED, anchor="ra")
    free = houses > gens
    line = ("needs one of your houses without a generator" if not free else
            "you can afford one of: " + ", ".join(can) if can else "you cannot afford one yet")
    fits = clip_text(line, 14, inner[2] - inner[0])
    text(draw, (inner[0], y + 20), fits, 14, fill=PASS_GREEN if free and can else MUTED)


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """The seat's road, links, houses, generators and upgrades, and which of them are cut off (idle)."""
    inner = panel(draw, box, "Your road and buildings", size=20)
    me = view["players"][seat]
    gens = me["generators"]
    net = set(view["nets"][seat])
    idle = sorted({lbl for lbl in [*me["houses"], *me["road_upgrades"]] if B.parse_label(lbl) not in net})
    others = [str(x + 1) for x in me["link_class"] if x != seat]
    houses = ", ".join(h + (f" ({gens[h]} generator)" if h in gens else "") for h in me["houses"])
    lines = [f"Road length {me['road_length']} (own road {me['own_road']} tile{'s' if me['own_road'] != 1 else ''})",
             f"Linked with seat{'s' if len(others) > 1 else ''} {', '.join(others)}" if others else
             "Not linked with anyone yet",
             f"Houses: {houses or 'none'}",
             f"Road upgrades: {', '.join(me['road_upgrades']) or 'none'}"]
    if idle:
        lines.append(f"Cut off from your exit, idle: {', '.join(idle)}")
    for i, line in enumerate(lines):
        text(draw, (inner[0], inner[1] + i * 21), clip_text(line, 15, inner[2] - inner[0]), 15,
             fill=ACCENT if i == 4 else INK)


def private(view: dict[str, Any]) -> bytes:
    """The seat's colony: hand, season goal, the drawn tile in every legal placement, purchases and pieces."""
    seat = view["seat"]
    me = view["players"][seat]
    spots = _placements(view, seat)
    offer = view["offer"]
    mine = offer is not None and seat in (offer["from"], offer["to"]) and view["result"] is None
    w = PRIVATE_WIDTH
    top = 150 if mine else 114
    rows = math.ceil(len(spots) / PER_ROW)
    tiles_h = 56 + (rows * (MINI + 26) if spots else 30)
    y_goal = top + 150 + 12
    y_tiles = y_goal + 118 + 12
    y_buy = y_tiles + tiles_h + 12
    img, draw = canvas(w, y_buy + 166 + 14)
    out = not me["alive"]
    _marker(draw, (38, 36), 16, seat, fill=DEAD_GREY if out else None)
    text(draw, (64, 36), f"Your colony - {_who(seat)}", 26, anchor="lm", bold=True)
    text(draw, (w - 28, 36), "eliminated" if out else f"{me['chits']} chits", 26, fill=ACCENT if out else INK,
         anchor="rm", bold=True)
    text(draw, (26, 70), clip_text(_status(view, seat), 18, w - 52), 18)
    workers = ", ".join(f"{n} on {TITLES[m]}" for m, n in me["workers"].items()) or "none in the market"
    text(draw, (26, 94), clip_text(f"Workers: {workers} - {me['reserve']} in reserve", 16, w - 52), 16, fill=MUTED)
    if mine:
        draw.rounded_rectangle((16, 114, w - 16, 142), radius=6, fill=(253, 236, 230), outline=ACCENT, width=2)
        text(draw, (28, 128), clip_text(_offer_line(offer, seat), 16, w - 56), 16, fill=ACCENT, anchor="lm", bold=True)
    _hand(draw, view, (12, top, w - 12, top + 150), seat)
    _goal(draw, view, (12, y_goal, w - 12, y_goal + 118), seat)
    _tiles(img, view, (12, y_tiles, w - 12, y_tiles + tiles_h), seat, spots)
    _buy(draw, view, (12, y_buy, w // 2 - 6, y_buy + 166), seat)
    _pieces(draw, view, (w // 2 + 6, y_buy, w - 12, y_buy + 166), seat)
    return encode_png(img, _palette())
