"""ROAM pictures: the 6x6 map of six land cards with coins, markers and square names, the players'
characters drawn as their patterns, coins and artifacts; and each player's map turned so that
their own edge is at the bottom, where patterns read as printed on the cards (A5.6)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import ACCENT, INK, MUTED, canvas, encode_png, panel, reference_palette, seat_marker, text

WIDTH, HEIGHT = 1400, 960
CELL = 118
MAP_X, MAP_Y = 40, 120
GOLD = (222, 172, 40)
LAND = ((236, 222, 186), (214, 228, 190))  # alternate slots, so the card edges show
NO_CARD = (150, 150, 150)
COLOUR_RGB = {"blue": (0, 114, 178), "red": (213, 94, 0), "yellow": (240, 228, 66), "green": (0, 158, 115)}
"""The colours the rules name, in Okabe-Ito shades; every seat also keeps its own marker shape."""
COLUMNS = "ABCDEF"
EDGE_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}


def _display(r: int, c: int, edge: str) -> tuple[int, int]:
    """Where map square (r, c) is drawn for a viewer at `edge`: their edge at the bottom."""
    if edge == "N":
        return 5 - r, 5 - c
    if edge == "W":
        return 5 - c, r
    if edge == "E":
        return c, 5 - r
    return r, c


def _box(r: int, c: int, edge: str) -> tuple[int, int, int, int]:
    dr, dc = _display(r, c, edge)
    x, y = MAP_X + dc * CELL, MAP_Y + dr * CELL
    return x, y, x + CELL, y + CELL


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, player: dict[str, Any]) -> None:
    seat_marker(draw, centre, radius, player["seat"], fill=COLOUR_RGB[player["colour"]])


def _map(draw: ImageDraw.ImageDraw, view: dict[str, Any], edge: str) -> None:
    players = view["players"]
    anchors = set((view.get("placing") or {}).get("anchors") or [])
    for r in range(6):
        for c in range(6):
            x0, y0, x1, y1 = _box(r, c, edge)
            slot = 3 * (r // 3) + c // 2
            coins = view["coins_map"][r][c]
            fill = NO_CARD if coins is None else LAND[(slot + slot // 3) % 2]
            draw.rectangle((x0, y0, x1, y1), fill=fill, outline=(120, 110, 90), width=1)
            name = f"{COLUMNS[c]}{r + 1}"
            text(draw, (x0 + 6, y0 + 4), name, 15, fill=MUTED)
            for i in range(coins or 0):
                cx, cy = x1 - 18 - i * 22, y0 + 16
                draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=GOLD, outline=INK)
            if name in anchors:
                draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=ACCENT, width=4)
            stack = view["map"][r][c]
            for k, owner in enumerate(stack):
                shift = (k - (len(stack) - 1) / 2) * 30
                _marker(draw, ((x0 + x1) / 2 + shift, (y0 + y1) / 2 + 10), 26, players[owner])
    for slot in range(6):  # card borders, and what each card is
        rows, cols = range(3 * (slot // 3), 3 * (slot // 3) + 3), range(2 * (slot % 3), 2 * (slot % 3) + 2)
        boxes = [_box(r, c, edge) for r in rows for c in cols]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=4)
        text(draw, (x0 + 8, y1 - 24), f"[{slot + 1}]", 17, fill=INK, bold=True)
    for side, label in _edge_labels(view, edge):
        text(draw, side, label, 17, anchor="mm", bold=True)


def _edge_labels(view: dict[str, Any], edge: str) -> list[tuple[tuple[float, float], str]]:
    """Each seat's name beside its edge of the map."""
    size = 6 * CELL
    mid_x, mid_y = MAP_X + size / 2, MAP_Y + size / 2
    where = {"S": (mid_x, MAP_Y + size + 18), "N": (mid_x, MAP_Y - 18),
             "W": (MAP_X - 22, mid_y), "E": (MAP_X + size + 22, mid_y)}
    turn = {"S": {"S": "S", "W": "W", "N": "N", "E": "E"}, "N": {"S": "N", "W": "E", "N": "S", "E": "W"},
            "W": {"S": "E", "W": "S", "N": "W", "E": "N"}, "E": {"S": "W", "W": "N", "N": "E", "E": "S"}}[edge]
    out = []
    for p in view["players"]:
        label = f"{p['edge']}: seat {p['seat'] + 1}"
        out.append((where[turn[p["edge"]]], label if turn[p["edge"]] in "SN" else p["edge"]))
    return out


def _pattern(draw: ImageDraw.ImageDraw, xy: tuple[int, int], card: dict[str, Any], colour: tuple[int, int, int],
             cell: int = 10) -> None:
    """A character's pattern as on the card: forward is up, the key marker ringed."""
    cells = [(x, y, "n") for x, y in card["normal"]] + [(x, y, "b") for x, y in card["blank"]]
    top = max(y for _, y, _ in cells)
    key = tuple(card["normal"][0])
    for x, y, kind in cells:
        cx, cy = xy[0] + x * cell, xy[1] + (top - y) * cell
        if kind == "n":
            draw.rectangle((cx, cy, cx + cell - 2, cy + cell - 2), fill=colour if card["up"] else MUTED,
                           outline=ACCENT if (x, y) == key else INK, width=2 if (x, y) == key else 1)
        else:
            draw.rectangle((cx + 1, cy + 1, cx + cell - 3, cy + cell - 3), outline=INK)


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], x0: int) -> None:
    inner = panel(draw, (x0, 20, WIDTH - 20, HEIGHT - 20), "ROAM", size=26)
    x, y = inner[0], inner[1]
    status = f"Round {view['round']}, turn {view['turn']}"
    if view["end_triggered"] and view["result"] is None:
        status += " - last round"
    text(draw, (x, y), status, 18)
    y += 30
    for p in view["players"]:
        seat = p["seat"]
        colour = COLOUR_RGB[p["colour"]]
        if seat in view["to_move"]:
            draw.rounded_rectangle((x - 6, y - 4, WIDTH - 38, y + 120), radius=8, outline=ACCENT, width=3)
        _marker(draw, (x + 12, y + 14), 12, p)
        won = " - winner" if view["result"] and seat in view["result"]["winners"] else ""
        text(draw, (x + 32, y + 14), f"Seat {seat + 1}, {p['colour']}, {EDGE_NAMES[p['edge']]} edge{won}", 18,
             anchor="lm", bold=True)
        text(draw, (WIDTH - 50, y + 14), f"{p['score']} pts", 19, anchor="rm", bold=True)
        text(draw, (x + 32, y + 36), f"{p['coins']} coins - {p['supply']} markers left"
             + (" - Outpost" if p["outpost"] else ""), 15)
        for i, card in enumerate(p["characters"][:11]):
            cx = x + 32 + i * 50
            _pattern(draw, (cx, y + 56), card, colour, cell=11)
            if card["vp"]:
                text(draw, (cx + 20, y + 114), f"{card['vp']}pt", 12, anchor="mm", fill=MUTED)
        arts = ", ".join(f"{a['name']}{'' if a['up'] else ' (used)'}" for a in p["artifacts"])
        if arts:
            text(draw, (x + 32, y + 124), arts, 13, fill=MUTED)
            y += 18
        y += 132
    row = view["artifact_row"]
    if row:
        text(draw, (x, y), "Artifacts for sale (cost -> points)", 17, bold=True)
        for i, a in enumerate(row):
            text(draw, (x + (i % 2) * 250, y + 24 + (i // 2) * 22), f"{a['name']} {a['cost']} -> {a['vp']}", 15)
        y += 74
    bid = view.get("bid")
    if bid:
        high = "no bid yet" if bid["high"] is None else f"seat {bid['high'] + 1} bids {bid['amount']}"
        text(draw, (x, y), f"Tie on card [{bid['slot'] + 1}]: {high}", 16, fill=ACCENT, bold=True)
        y += 24
    for line in view["last"][-4:]:
        text(draw, (x, y), line[:62], 14, fill=MUTED)
        y += 20


def _cards_line(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    names = [f"[{i + 1}] {s['name']} {s['vp']}pt" if s else f"[{i + 1}] -" for i, s in enumerate(view["slots"])]
    text(draw, (MAP_X, 22), "  ".join(names[:3]), 15)
    text(draw, (MAP_X, 44), "  ".join(names[3:]), 15)
    text(draw, (MAP_X, 70), f"Land deck: {view['deck_left']} - markers go on the key square (ringed)", 14, fill=MUTED)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every ROAM picture (choosing one per picture costs ~20 ms)."""
    sample, _ = canvas(WIDTH, HEIGHT)
    return reference_palette(sample, [*LAND, NO_CARD, GOLD, *COLOUR_RGB.values(), (120, 110, 90)])


def _picture(view: dict[str, Any], edge: str) -> bytes:
    img, draw = canvas(WIDTH, HEIGHT)
    _cards_line(draw, view)
    _map(draw, view, edge)
    _players(draw, view, MAP_X + 6 * CELL + 50)
    return encode_png(img, _palette())


def board(view: dict[str, Any]) -> bytes:
    return _picture(view, "S")


def private(view: dict[str, Any]) -> bytes:
    """The same picture with the map turned so this player's edge is at the bottom."""
    return _picture(view, view["players"][view["seat"]]["edge"])
