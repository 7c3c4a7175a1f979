"""The Roanoke private picture: one seat's colony, hand, season goal, placements and purchases."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES
from games.roanoke.moves import HOUSE_COST, SPLITS, UPGRADE_COST, generator_cost
from games.roanoke.table import MAX_HOUSES, MAX_UPGRADES, ROUNDS
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    WHITE,
    canvas,
    clip_text,
    encode_png,
    frame,
    legible,
    panel,
    paragraph,
    places,
    plural,
    text,
    wrap_text,
)
from renderers.roanoke.picture import palette
from renderers.roanoke.sprites import (
    DEAD_GREY,
    OFFER,
    PASS_GREEN,
    PHASE_WORD,
    RES,
    bundle,
    marker,
    resource_icon,
    road_tile,
    seat_name,
)

# -- the private picture: one seat's colony -----------------------------------------------------

PRIVATE_WIDTH = 760
SMALL = legible(PRIVATE_WIDTH)
"""The smallest text on the colony: 16 px, 11 px at 550 px wide."""


def still_to_play(view: dict[str, Any]) -> list[int]:
    """The seats still to take a turn this round after the active one, in order.  Setup runs once round
    the table from the first player (ROA-S11), so its order is worked out from the first seat."""
    if view["phase"] != "setup":
        return list(view["round_left"])
    active, first = view["active"], view["first_seat"]
    return [(active + i) % 4 for i in range(1, (first - active - 1) % 4 + 1)]


def _short(hand: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {r: n - hand[r] for r, n in cost.items() if hand[r] < n}


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
        place = places(view["result"]).get(seat)
        if place == "winner":
            return "The game is over: you win!"
        return "The game is over; you were eliminated." if out else f"The game is over: you finished {place}."
    if out:
        return "You were eliminated: your hand passed left; your roads and buildings stay on the board."
    if view["active"] == seat:
        status = f"Your turn, {PHASE_WORD.get(view['phase'], view['phase'])}"
        if view["phase"] == "main":
            status += f": {plural(view['placements_left'], 'placement')} left"
        return f"{status} {when}."
    order = still_to_play(view)
    wait = ("you have played this round" if seat not in order else "you play next" if order[0] == seat else
            "you play after " + ", ".join(f"Seat {x + 1}" for x in order[:order.index(seat)]))
    return f"{seat_name(view['active'])} is playing; {wait} {when}."


def _offer_line(offer: dict[str, Any], seat: int) -> str:
    if offer["from"] == seat:
        return (f"Your offer to {seat_name(offer['to'])}: you give {bundle(offer['give'])} for "
                f"{bundle(offer['get'])} - waiting for their answer (you may cancel).")
    return (f"{seat_name(offer['from'])} offers you {bundle(offer['give'])} for {bundle(offer['get'])}: "
            "accept or decline.")


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
            resource_icon(draw, (x + 34, y + 66 - k * 7), res, 24)
        text(draw, (x + 72, y + 32), str(n), 36, on=WHITE, fill=MUTED if n == 0 else INK, bold=True)
        text(draw, (x + 72, y + 76), res, SMALL, on=WHITE)
        pile = view["pile"][res]
        text(draw, (x + 72, y + 96), f"pile {pile}", SMALL, on=WHITE, fill=ACCENT if pile == 0 else MUTED)


def _goal(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """The season card in words, whether the seat meets it as things stand, and the next slot's candidates."""
    k = view["season"]
    slot = view["seasons"][k]
    inner = panel(draw, box, f"Season card - {slot['slot']}: {slot['name']}", size=20)
    width = inner[2] - inner[0]
    text(draw, (inner[0], inner[1]), slot["goal"][:1].upper() + slot["goal"][1:] + ".", 17, on=WHITE, within=inner,
         smallest=SMALL)
    said = (inner[0], inner[1] + 24, inner[2], inner[1] + 24 + 2 * 22)
    if view["result"] is not None:
        paragraph(draw, said, "The game is over: survivors rank by chits in hand, then houses, then own road.", 17,
                  on=WHITE, fill=MUTED, step=22)
    elif not view["players"][seat]["alive"]:
        text(draw, (inner[0], inner[1] + 28), "You no longer take part.", 17, on=WHITE, fill=MUTED)
    else:
        ok, why = SE.standing(slot["card"], seat, view["players"])
        verdict = ("Met as things stand: " if ok else "Not met yet: ") + why + "."
        lines = wrap_text(verdict, 17, width - 2)
        if len(lines) > 2:  # two lines at most: the second cut with "..."
            lines = (lines[0], clip_text(" ".join(lines[1:]), 17, width - 2))
        for i, line in enumerate(lines):
            text(draw, (inner[0], said[1] + i * 22), line, 17, on=WHITE, fill=PASS_GREEN if ok else ACCENT, bold=True)
    if k + 1 < len(view["seasons"]) and view["result"] is None:
        nxt = view["seasons"][k + 1]
        names = ", ".join(SE.CARDS[c]["name"] for c in nxt["candidates"] if c in SE.CARDS)
        text(draw, (inner[0], inner[1] + 74), f"Next, {nxt['slot']}: one of {names} (face down).", SMALL, on=WHITE,
             fill=MUTED, within=(inner[0], inner[1] + 70, inner[2], inner[1] + 96), smallest=SMALL)


MINI = 52  # the private picture's placements: a small tile with its label under it
TILE_STEP = MINI + 30
PER_ROW = 9


def _tiles(img: Image.Image, view: dict[str, Any], box: tuple[int, int, int, int], seat: int,
           spots: list[tuple[int, int]]) -> None:
    """The drawn tile in every legal placement, labelled as the Place select names them (ROA-S41)."""
    draw = ImageDraw.Draw(img)
    drawn = view["drawn_tile"]
    title = "Your drawn tile"
    if spots:
        title += f": {drawn} - {plural(len(spots), 'legal placement')}"
    inner = panel(draw, box, title, size=20)
    if not spots:
        mine = view["active"] == seat and view["result"] is None
        msg = ("The game is over." if view["result"] is not None else
               "It fits nowhere." if mine and drawn is not None else
               "No tile pending: buy, trade or end your turn." if mine and view["phase"] == "main" else
               "Road tiles are drawn face up in your main step; where each may go will show here.")
        text(draw, (inner[0], inner[1]), msg, SMALL, on=WHITE, fill=MUTED, within=(*inner[:3], inner[1] + 24),
             smallest=SMALL)
    for i, (square, mask) in enumerate(spots):
        tx, ty = inner[0] + (i % PER_ROW) * TILE_STEP, inner[1] + (i // PER_ROW) * (MINI + 26)
        img.paste(road_tile(mask, seat, "net", False, MINI), (tx, ty))
        label = f"{B.label(square)} {B.edges_text(mask)}"
        text(draw, (tx + MINI / 2, ty + MINI + 12), label, SMALL, on=WHITE, smallest=SMALL,
             within=(tx + MINI / 2 - (TILE_STEP - 4) / 2, ty, tx + MINI / 2 + (TILE_STEP - 4) / 2, ty + MINI + 24),
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
        verdict = limit or ("you can afford it" if not short else f"short of {bundle(short)}")
        y = inner[1] + i * 46
        text(draw, (inner[0], y), label, 17, on=WHITE, bold=True)
        text(draw, (inner[2], y), count, SMALL, on=WHITE, fill=MUTED, anchor="ra")
        text(draw, (inner[0], y + 22), clip_text(verdict, SMALL, inner[2] - inner[0]), SMALL, on=WHITE,
             fill=PASS_GREEN if not short and not limit else MUTED)
    can = [r for r in RES if any(not _short(hand, generator_cost(r, w, f)) for w, f in SPLITS)]
    y = inner[1] + 92
    text(draw, (inner[0], y), "Generator: 4 of its resource + 2 wood/food", 17, on=WHITE, bold=True)
    text(draw, (inner[2], y), f"{gens} built", SMALL, on=WHITE, fill=MUTED, anchor="ra")
    free = houses > gens
    line = ("needs one of your houses without a generator" if not free else
            "you can afford one of: " + ", ".join(can) if can else "you cannot afford one yet")
    fits = clip_text(line, SMALL, inner[2] - inner[0])
    text(draw, (inner[0], y + 22), fits, SMALL, on=WHITE, fill=PASS_GREEN if free and can else MUTED)


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], seat: int) -> None:
    """The seat's road, links, houses, generators and upgrades, and which of them are cut off (idle)."""
    inner = panel(draw, box, "Your road and buildings", size=20)
    me = view["players"][seat]
    gens = me["generators"]
    net = set(view["nets"][seat])
    idle = sorted({lbl for lbl in [*me["houses"], *me["road_upgrades"]] if B.parse_label(lbl) not in net})
    others = [str(x + 1) for x in me["link_class"] if x != seat]
    houses = ", ".join(h + (f" ({gens[h]} generator)" if h in gens else "") for h in me["houses"])
    lines = [f"Road length {me['road_length']} (own road {plural(me['own_road'], 'tile')})",
             f"Linked with seat{'s' if len(others) > 1 else ''} {', '.join(others)}" if others else
             "Not linked with anyone yet",
             f"Houses: {houses or 'none'}",
             f"Road upgrades: {', '.join(me['road_upgrades']) or 'none'}"]
    if idle:
        lines.append(f"Cut off from your exit, idle: {', '.join(idle)}")
    for i, line in enumerate(lines):
        text(draw, (inner[0], inner[1] + i * 22), clip_text(line, SMALL, inner[2] - inner[0]), SMALL, on=WHITE,
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
    tiles_h = 56 + (rows * (MINI + 28) if spots else 30)
    y_goal = top + 160 + 12
    y_tiles = y_goal + 144 + 12
    y_buy = y_tiles + tiles_h + 12
    y_pieces = y_buy + 180 + 12
    img, draw = canvas(w, y_pieces + 166 + 14)
    out = not me["alive"]
    marker(draw, (38, 36), 16, seat, fill=DEAD_GREY if out else None)
    text(draw, (64, 36), f"Your colony - {seat_name(seat)}", 26, on=PAPER, anchor="lm", bold=True)
    text(draw, (w - 28, 36), "eliminated" if out else plural(me["chits"], "chit"), 26, on=PAPER,
         fill=ACCENT if out else INK, anchor="rm", bold=True)
    text(draw, (26, 66), _status(view, seat), 18, on=PAPER, within=(26, 62, w - 26, 90), smallest=SMALL)
    workers = ", ".join(f"{n} on {TITLES[m]}" for m, n in me["workers"].items()) or "none in the market"
    text(draw, (26, 94), f"Workers: {workers} - {me['reserve']} in reserve", SMALL, on=PAPER, fill=MUTED,
         within=(26, 84, w - 26, 112), smallest=SMALL)
    if mine:
        frame(draw, (16, 114, w - 16, 142), radius=6, fill=OFFER, outline=ACCENT, width=2)
        text(draw, (28, 128), _offer_line(offer, seat), SMALL, on=OFFER, fill=ACCENT, anchor="lm", bold=True,
             within=(22, 117, w - 22, 139), smallest=SMALL)
    _hand(draw, view, (12, top, w - 12, top + 160), seat)
    _goal(draw, view, (12, y_goal, w - 12, y_goal + 144), seat)
    _tiles(img, view, (12, y_tiles, w - 12, y_tiles + tiles_h), seat, spots)
    _buy(draw, view, (12, y_buy, w - 12, y_buy + 180), seat)
    _pieces(draw, view, (12, y_pieces, w - 12, y_pieces + 166), seat)
    return encode_png(img, palette())

