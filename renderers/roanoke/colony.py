"""The Roanoke private picture: one seat's colony, hand, season goal, placements and purchases."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES
from renderers.cast import Cast
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    PHONE,
    RGB,
    WHITE,
    canvas,
    encode_png,
    frame,
    legible,
    panel,
    plural,
    text,
    wrap_text,
)
from renderers.roanoke.picture import palette
from renderers.roanoke.sprites import (
    DEAD_GREY,
    OFFER,
    PASS_GREEN,
    RES,
    marker,
    resource_icon,
    road_tile,
)
from renderers.text import roanoke as W

# -- the private picture: one seat's colony -----------------------------------------------------

PRIVATE_WIDTH = 760
SMALL = legible(PRIVATE_WIDTH, PHONE)
"""The smallest text on the colony: read on a phone, where the player decides."""
TITLE = SMALL + 2


Line = tuple[str, int, RGB, bool]
"""One line of a panel: its words, size, ink and whether bold."""


def _said(s: str, size: int, width: int, fill: RGB = INK, bold: bool = False) -> list[Line]:
    """`s` wrapped to `width` px, a Line each."""
    return [(line, size, fill, bold) for line in wrap_text(s, size, width - (2 if bold else 0))]


class _Flow:
    """Panels laid one under another down a picture taller than needed, cut to its content at the end."""

    def __init__(self, width: int, top: int) -> None:
        self.img, self.draw = canvas(width, 4000)
        self.width, self.y = width, top

    def panel(self, title: str, height: int) -> tuple[int, int, int, int]:
        """A framed panel of content `height` px under its title; returns its inner box."""
        box = (12, self.y, self.width - 12, self.y + height + TITLE + 34)
        self.y = box[3] + 12
        return panel(self.draw, box, title, size=TITLE)

    def lines(self, title: str, lines: list[Line]) -> None:
        inner = self.panel(title, _height(lines))
        _write(self.draw, (inner[0], inner[1]), lines)

    def png(self) -> bytes:
        return encode_png(self.img.crop((0, 0, self.width, self.y + 2)), palette())


def _height(lines: list[Line]) -> int:
    return sum(size + 8 for _, size, _, _ in lines)


def _write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], lines: list[Line]) -> float:
    x, y = xy
    for line, size, fill, bold in lines:
        text(draw, (x, y), line, size, on=WHITE, fill=fill, bold=bold)
        y += size + 8
    return y


STACK = 26  # a chit's radius in the hand's stacks
HAND_H = 128


def _hand(flow: _Flow, view: dict[str, Any], seat: int) -> None:
    """The seat's chits as four stacks, with what the pile still holds of each."""
    inner = flow.panel("Your hand", HAND_H)
    draw, hand = flow.draw, view["players"][seat]["hand"]
    col_w = (inner[2] - inner[0]) / 4
    for i, res in enumerate(RES):
        x, y = inner[0] + i * col_w, inner[1]
        n = hand[res]
        base = y + HAND_H - STACK - 4
        if n == 0:
            draw.ellipse((x + 4, base - STACK, x + 4 + 2 * STACK, base + STACK), outline=MUTED, width=2)
        for k in range(min(n, 6)):
            resource_icon(draw, (x + 4 + STACK, base - k * 8), res, STACK)
        tx = x + 2 * STACK + 16
        text(draw, (tx, y + 4), str(n), 40, on=WHITE, fill=MUTED if n == 0 else INK, bold=True)
        text(draw, (tx, y + 56), res, SMALL, on=WHITE)
        pile = view["pile"][res]
        text(draw, (tx, y + 60 + SMALL), f"pile {pile}", SMALL, on=WHITE, fill=ACCENT if pile == 0 else MUTED)


def _goal(flow: _Flow, view: dict[str, Any], seat: int) -> None:
    """The season card in words, whether the seat meets it as things stand, and the next slot's candidates."""
    k = view["season"]
    slot = view["seasons"][k]
    width = flow.width - 48
    lines = _said(slot["goal"][:1].upper() + slot["goal"][1:] + ".", SMALL, width)
    said = W.standing(view, seat)
    playing = view["result"] is None and view["players"][seat]["alive"]
    lines += _said(said, SMALL, width, (ACCENT if said.startswith("Not") else PASS_GREEN) if playing else MUTED,
                   playing)
    if k + 1 < len(view["seasons"]) and view["result"] is None:
        nxt = view["seasons"][k + 1]
        names = ", ".join(SE.CARDS[c]["name"] for c in nxt["candidates"] if c in SE.CARDS)
        lines += _said(f"Next, {nxt['slot']}: one of {names} (face down).", SMALL, width, MUTED)
    flow.lines(f"Season card - {slot['slot']}: {slot['name']}", lines)


MINI = 64  # the private picture's placements: a small tile with its label under it
TILE_STEP = 104
PER_ROW = 7


def _tiles(flow: _Flow, view: dict[str, Any], seat: int, spots: list[tuple[int, int]]) -> None:
    """The drawn tile in every legal placement, labelled as the Place select names them (ROA-S41)."""
    drawn = view["drawn_tile"]
    title = "Your drawn tile"
    if spots:
        title += f": {drawn}, {plural(len(spots), 'place')}"
    if not spots:
        mine = view["active"] == seat and view["result"] is None
        msg = ("The game is over." if view["result"] is not None else
               "It fits nowhere." if mine and drawn is not None else
               "No tile pending: buy, trade or end your turn." if mine and view["phase"] == "main" else
               "Road tiles are drawn face up in your main step; where each may go will show here.")
        flow.lines(title, _said(msg, SMALL, flow.width - 48, MUTED))
        return
    row_h = MINI + 2 * (SMALL + 4) + 14
    inner = flow.panel(title, math.ceil(len(spots) / PER_ROW) * row_h)
    for i, (square, mask) in enumerate(spots):
        tx, ty = inner[0] + (i % PER_ROW) * TILE_STEP + (TILE_STEP - MINI) / 2 - 4, inner[1] + (i // PER_ROW) * row_h
        flow.img.paste(road_tile(mask, seat, "net", False, MINI), (round(tx), ty))
        cx = tx + MINI / 2
        for k, word in enumerate((B.label(square), B.edges_text(mask))):  # "E2" over "N-E-S": as the move says
            text(flow.draw, (cx, ty + MINI + 4 + k * (SMALL + 4)), word, SMALL, on=WHITE, anchor="ma", bold=True,
                 within=(cx - TILE_STEP / 2 + 1, ty, cx + TILE_STEP / 2 - 1, ty + row_h), smallest=SMALL)


def _buy(flow: _Flow, view: dict[str, Any], seat: int) -> None:
    """Each purchase (ROA-S17): its cost, how many the seat has, and whether it can afford one now."""
    width = flow.width - 48
    rows = [(count, _said(label, SMALL, width - 150, INK, True), _said(verdict, SMALL, width, PASS_GREEN if ok else
                                                                        MUTED))
            for label, count, verdict, ok in W.purchases(view, seat)]
    inner = flow.panel("Buy", sum(_height(head) + _height(said) + 6 for _, head, said in rows))
    y: float = inner[1]
    for count, head, said in rows:
        text(flow.draw, (inner[2], y), count, SMALL, on=WHITE, fill=MUTED, anchor="ra")
        y = _write(flow.draw, (inner[0], y), head)
        y = _write(flow.draw, (inner[0], y), said) + 6


def _pieces(flow: _Flow, view: dict[str, Any], seat: int, cast: Cast) -> None:
    """The seat's road, links, houses, generators and upgrades, and which of them are cut off (idle)."""
    width = flow.width - 48
    said, idle = W.pieces(view, seat, cast)
    lines = [line for words in said for line in _said(words, SMALL, width)]
    if idle:
        lines += _said(idle, SMALL, width, ACCENT)
    flow.lines("Your road and buildings", lines)


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """The seat's colony, every word readable at a phone's 350 px: hand, season goal, the drawn tile in every
    legal placement, purchases and pieces."""
    seat = view["seat"]
    me = view["players"][seat]
    offer = view["offer"]
    mine = offer is not None and seat in (offer["from"], offer["to"]) and view["result"] is None
    w = PRIVATE_WIDTH
    out = not me["alive"]
    workers = ", ".join(f"{n} on {TITLES[m]}" for m, n in me["workers"].items()) or "none in the market"
    head = [*_said(W.status(view, seat, cast), SMALL, w - 52),
            *_said(f"Workers: {workers} - {me['reserve']} in reserve", SMALL, w - 52, MUTED)]
    offered = _said(W.offer_line(offer, seat, cast), SMALL, w - 60, ACCENT, True) if mine else []
    top = 66 + _height(head) + (_height(offered) + 20 if offered else 0)
    flow = _Flow(w, top)
    draw = flow.draw
    marker(draw, (38, 34), 18, seat, fill=DEAD_GREY if out else None)
    text(draw, (64, 34), f"Your colony - {cast.player(seat).colour}", SMALL + 4, on=PAPER, anchor="lm", bold=True)
    text(draw, (w - 28, 34), "eliminated" if out else plural(me["chits"], "chit"), SMALL + 4, on=PAPER,
         fill=ACCENT if out else INK, anchor="rm", bold=True)
    y = 64
    for line, size, fill, bold in head:
        text(draw, (26, y), line, size, on=PAPER, fill=fill, bold=bold)
        y += size + 8
    if offered:
        frame(draw, (16, y, w - 16, y + _height(offered) + 10), radius=6, fill=OFFER, outline=ACCENT, width=2)
        for line, size, fill, bold in offered:
            text(draw, (28, y + 5), line, size, on=OFFER, fill=fill, bold=bold)
            y += size + 8
    _hand(flow, view, seat)
    _goal(flow, view, seat)
    _tiles(flow, view, seat, W.placements(view, seat))
    _buy(flow, view, seat)
    _pieces(flow, view, seat, cast)
    return flow.png()
