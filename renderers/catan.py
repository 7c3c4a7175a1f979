"""Catan pictures: the island with its labels, pieces and robber, a side panel of players; and a hand.

The island (sea, terrain, number tokens with pips, harbors and every label) depends only on
the layout, which never changes in a game, so it is drawn once per layout and reused; each
board then adds roads, buildings, the robber and the panel.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.catan.board import GEOMETRY, RESOURCES, pips
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    SEAT_COLOUR_NAMES,
    canvas,
    encode_png,
    panel,
    reference_palette,
    seat_colour,
    seat_marker,
    text,
)

WIDTH, HEIGHT = 1240, 880
SIZE = 80  # hex radius in px
CENTRE = (440, 440)
PANEL_X = 880
SEA = (70, 130, 180)
TERRAIN_FILL = {"forest": (34, 110, 60), "pasture": (150, 200, 90), "fields": (235, 200, 80),
                "hills": (190, 100, 60), "mountains": (140, 140, 150), "desert": (225, 205, 160)}
RESOURCE_FILL = {"lumber": TERRAIN_FILL["forest"], "wool": TERRAIN_FILL["pasture"], "grain": TERRAIN_FILL["fields"],
                 "brick": TERRAIN_FILL["hills"], "ore": TERRAIN_FILL["mountains"]}
TERRAIN_WORD = {"forest": "lumber", "pasture": "wool", "fields": "grain", "hills": "brick", "mountains": "ore",
                "desert": "desert"}


def _px(x: float, y: float) -> tuple[float, float]:
    return CENTRE[0] + x * SIZE, CENTRE[1] + y * SIZE


def _node(v: int) -> tuple[float, float]:
    return _px(*GEOMETRY.node_xy[v])


def _hex_centre(h: int) -> tuple[float, float]:
    return _px(*GEOMETRY.hex_xy(h))


@lru_cache(maxsize=1)
def _sea() -> Image.Image:
    """Paper and the round sea: the same under every board."""
    img, draw = canvas(WIDTH, HEIGHT, PAPER)
    r = 5.1 * SIZE
    draw.ellipse((CENTRE[0] - r, CENTRE[1] - r, CENTRE[0] + r, CENTRE[1] + r), fill=SEA)
    return img


@lru_cache(maxsize=128)
def _tile(terrain: str, token: int | None) -> Image.Image:
    """One hex with its terrain, word and number token, as a sprite with transparent corners.

    Boards are pasted together from these (a few dozen kinds in all), so that the picture of any
    game's island costs a few pastes and a few kilobytes, whatever the number of games in play.
    """
    w, h = int(math.sqrt(3) * SIZE) + 4, 2 * SIZE + 4
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    cx, cy = w / 2, h / 2
    corners = [(cx + SIZE * math.cos(math.radians(60 * k - 90)), cy + SIZE * math.sin(math.radians(60 * k - 90)))
               for k in range(6)]
    draw.polygon(corners, fill=TERRAIN_FILL[terrain], outline=(60, 50, 40), width=3)
    text(draw, (cx, cy + SIZE * 0.58), TERRAIN_WORD[terrain], 14, fill=(30, 30, 30), anchor="mm")
    if token is not None:
        _token(draw, (cx, cy), token)
    return tile


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every Catan board: every layout holds the same terrains and colours."""
    sample = _sea().copy()
    for h, terrain in enumerate(("forest", "pasture", "fields", "hills", "mountains", "desert") * 4):
        if h < 19:
            _paste_tile(sample, h, terrain, 6 if h % 2 else 9)
    return reference_palette(sample, [*RESOURCE_FILL.values(), (40, 40, 40), (250, 240, 215), (240, 230, 200)])


def _paste_tile(img: Image.Image, h: int, terrain: str, token: int | None) -> None:
    tile = _tile(terrain, token)
    cx, cy = _hex_centre(h)
    img.paste(tile, (round(cx - tile.width / 2), round(cy - tile.height / 2)), tile)


def _island(img: Image.Image, view: dict[str, Any]) -> None:
    """The layout of this game: harbors, hexes and their letters."""
    draw = ImageDraw.Draw(img)
    for path, kind in zip(GEOMETRY.harbor_paths, view["harbors"], strict=True):
        _harbor(draw, path, kind)
    for h, terrain in enumerate(view["terrain"]):
        _paste_tile(img, h, terrain, view["tokens"][h])
        cx, cy = _hex_centre(h)
        text(draw, (cx, cy - SIZE * 0.62), GEOMETRY.hex_labels[h], 18, fill=(255, 255, 255), anchor="mm", bold=True)


def _token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], number: int) -> None:
    cx, cy = centre
    r = SIZE * 0.3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 240, 215), outline=(90, 80, 60), width=2)
    hot = number in (6, 8)
    text(draw, (cx, cy - 4), str(number), 24 if hot else 21, fill=ACCENT if hot else INK, anchor="mm", bold=hot)
    dots = pips(number)
    for i in range(dots):
        dx = (i - (dots - 1) / 2) * 6
        draw.ellipse((cx + dx - 2, cy + 12, cx + dx + 2, cy + 16), fill=ACCENT if hot else INK)


def _harbor(draw: ImageDraw.ImageDraw, path: int, kind: str) -> None:
    a, b = (_node(v) for v in GEOMETRY.paths[path])
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = mx - CENTRE[0], my - CENTRE[1]
    norm = math.hypot(dx, dy) or 1.0
    hx, hy = mx + dx / norm * SIZE * 0.55, my + dy / norm * SIZE * 0.55
    for end in (a, b):
        draw.line((end, (hx, hy)), fill=(240, 230, 200), width=5)
    fill = RESOURCE_FILL.get(kind, (250, 250, 250))
    draw.ellipse((hx - 27, hy - 27, hx + 27, hy + 27), fill=fill, outline=INK, width=2)
    label = "3:1" if kind == "any" else "2:1"
    text(draw, (hx, hy - 7), label, 15, anchor="mm", bold=True)
    text(draw, (hx, hy + 9), "any" if kind == "any" else kind, 12, anchor="mm")


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for p, owner in enumerate(view["roads"]):
        if owner is not None:
            a, b = (_node(v) for v in GEOMETRY.paths[p])
            draw.line((a, b), fill=INK, width=13)
            draw.line((a, b), fill=seat_colour(owner), width=8)
    rx, ry = _hex_centre(view["robber"])
    rx += SIZE * 0.42
    draw.ellipse((rx - 15, ry - 22, rx + 15, ry + 22), fill=(40, 40, 40), outline=(230, 230, 230), width=2)
    text(draw, (rx, ry), "R", 16, fill=(255, 255, 255), anchor="mm", bold=True)
    for v, building in enumerate(view["buildings"]):
        x, y = _node(v)
        if building is None:  # the label players name intersections by
            draw.ellipse((x - 10, y - 8, x + 10, y + 8), fill=(250, 247, 240), outline=(90, 90, 90))
            text(draw, (x, y), str(v + 1), 11, fill=INK, anchor="mm")
            continue
        seat, level = building
        if level == 2:  # a city: the seat's shape on a larger dark plinth
            draw.rounded_rectangle((x - 21, y - 21, x + 21, y + 21), radius=6, fill=INK)
            seat_marker(draw, (x, y), 16, seat, outline=(255, 255, 255))
        else:
            seat_marker(draw, (x, y), 13, seat)
        text(draw, (x, y), str(v + 1), 11, fill=INK, anchor="mm")


def _side(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0 = PANEL_X
    inner = panel(draw, (x0, 20, WIDTH - 20, HEIGHT - 20), "Catan", size=26)
    x, y = inner[0], inner[1]
    phase = {"setup": "setup", "roll": "to roll", "main": "trade & build", "discard": "discarding",
             "robber": "moving the robber", "road_building": "free roads", "over": "game over"}[view["phase"]]
    text(draw, (x, y), f"Turn {view['turn']} · {phase}", 18)
    if view["last_roll"]:
        d1, d2 = view["last_roll"]
        text(draw, (x, y + 26), f"Last roll: {d1} + {d2} = {d1 + d2}", 18)
    y += 62
    for p in view["players"]:
        t = p["seat"]
        active = t == view["active"] and view["phase"] != "over"
        if active or t in view["to_move"]:
            draw.rounded_rectangle((x - 6, y - 4, WIDTH - 38, y + 92), radius=8, outline=ACCENT, width=3)
        seat_marker(draw, (x + 12, y + 14), 12, t)
        won = " wins" if view.get("winner") == t else ""
        text(draw, (x + 32, y + 14), f"Seat {t + 1} ({SEAT_COLOUR_NAMES[t]}){won}", 17, anchor="lm", bold=True)
        text(draw, (WIDTH - 50, y + 14), f"{p['vp']} VP", 20, anchor="rm", bold=True)
        badges = [b for b, held in (("Longest Road", view["longest_road"] == t),
                                    ("Largest Army", view["largest_army"] == t)) if held]
        text(draw, (x + 32, y + 40), f"{p['cards']} cards · {p['dev_cards']} dev · {p['knights']} knights · "
                                    f"road {p['road_length']}", 16)
        text(draw, (x + 32, y + 62), f"pieces left: {5 - p['settlements']} settl., {4 - p['cities']} cities, "
                                    f"{15 - p['roads']} roads", 15, fill=MUTED)
        if badges:
            text(draw, (x + 32, y + 82), " + ".join(badges), 15, fill=ACCENT, bold=True)
        y += 108
    y += 6
    text(draw, (x, y), "Bank", 18, bold=True)
    for i, r in enumerate(RESOURCES):
        bx = x + i * 64
        draw.rounded_rectangle((bx, y + 26, bx + 58, y + 66), radius=6, fill=RESOURCE_FILL[r], outline=INK)
        text(draw, (bx + 29, y + 38), r, 12, anchor="mm")
        text(draw, (bx + 29, y + 55), str(view["bank"][i]), 16, anchor="mm", bold=True)
    text(draw, (x, y + 80), f"Development cards left: {view['deck']}", 16)
    y += 112
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer["to"] is None else f"Seat {offer['to'] + 1}"
        text(draw, (x, y), f"Offer #{offer['id']}: Seat {offer['from'] + 1} → {to}", 17, bold=True)
        text(draw, (x, y + 24), f"gives {_bundle(offer['give'])}", 16)
        text(draw, (x, y + 46), f"wants {_bundle(offer['get'])}", 16)
        y += 72
    if view["discards"]:
        due = ", ".join(f"Seat {int(t) + 1}: {n}" for t, n in view["discards"].items())
        text(draw, (x, y), f"To discard: {due}", 16, fill=ACCENT)
    text(draw, (x, HEIGHT - 58), "Places: hexes A–S, intersections 1–54, paths 'a-b'", 14, fill=MUTED)


def _bundle(cards: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cards.items()) or "nothing"


def board(view: dict[str, Any]) -> bytes:
    img = _sea().copy()
    _island(img, view)
    draw = ImageDraw.Draw(img)
    _pieces(draw, view)
    _side(draw, view)
    return encode_png(img, _palette())


def private(view: dict[str, Any]) -> bytes:
    """One player's hand: resource cards, development cards (new ones marked), trade rates, news."""
    img, draw = canvas(1000, 430)
    seat = view["seat"]
    seat_marker(draw, (36, 36), 16, seat)
    text(draw, (62, 36), f"Your hand — Seat {seat + 1} ({SEAT_COLOUR_NAMES[seat]}), {view['vp_total']} VP in all",
         24, anchor="lm", bold=True)
    for i, r in enumerate(RESOURCES):
        x = 24 + i * 130
        draw.rounded_rectangle((x, 70, x + 116, 190), radius=10, fill=RESOURCE_FILL[r], outline=INK, width=2)
        text(draw, (x + 58, 100), r, 18, anchor="mm", bold=True)
        text(draw, (x + 58, 145), str(view["hand"][r]), 40, anchor="mm", bold=True)
        text(draw, (x + 58, 178), f"bank {view['rates'][r]}:1", 14, anchor="mm")
    text(draw, (680, 80), "Development cards", 20, bold=True)
    names = {"knight": "Knight", "vp": "Victory Point", "road_building": "Road Building",
             "year_of_plenty": "Year of Plenty", "monopoly": "Monopoly"}
    rows = [(names[k], n, view["new_dev"].get(k, 0)) for k, n in view["dev_hand"].items()]
    for j, (name, n, new) in enumerate(rows or [("none", 0, 0)]):
        extra = f" ({new} new: not playable this turn)" if new and name != "Victory Point" else ""
        text(draw, (680, 112 + j * 26), f"{n} × {name}{extra}" if n else name, 16)
    text(draw, (24, 215), "Lately", 20, bold=True)
    for j, line in enumerate(view["news"][-5:]):
        text(draw, (24, 247 + j * 26), line, 17)
    return encode_png(img)
