"""Catan pictures: the island with its labels, pieces and robber, a side panel of players; and a hand.

Every place is named on the picture by the id a move takes: intersections and paths by their engine
numbers (a JSON `{"type": "build_settlement", "node": 31}` builds on the disc marked 31, `"path": 40`
on the grey tag marked 40), hexes by their letter and number.  The island (sea, terrain, number tokens
with pips, harbors) depends only on the layout, which never changes in a game, so it is drawn once
per layout and reused; each board then adds roads, buildings, the robber and the panel.
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
    WHITE,
    canvas,
    encode_png,
    frame,
    ink_on,
    panel,
    plural,
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
                "hills": (176, 86, 50), "mountains": (140, 140, 150), "desert": (225, 205, 160)}
RESOURCE_FILL = {"lumber": TERRAIN_FILL["forest"], "wool": TERRAIN_FILL["pasture"], "grain": TERRAIN_FILL["fields"],
                 "brick": TERRAIN_FILL["hills"], "ore": TERRAIN_FILL["mountains"]}
TOKEN = (250, 240, 215)
ROBBER = (40, 40, 40)
PATH_TAG = (236, 236, 232)
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
    fill = TERRAIN_FILL[terrain]
    text(draw, (cx, cy + SIZE * 0.58), TERRAIN_WORD[terrain], 14, on=fill, fill=ink_on(fill), anchor="mm")
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


@lru_cache(maxsize=1)  # the table just drawn: with many tables it never hits (a whole picture each)
def _island(terrain: tuple[str, ...], tokens: tuple[int | None, ...], harbors: tuple[str, ...]) -> Image.Image:
    """One game's layout, drawn once: sea, harbors, hexes with their names, and every path's tag and every
    intersection's disc; each board draws its pieces over these (a road hides its tag, a building its disc)."""
    img = _sea().copy()
    draw = ImageDraw.Draw(img)
    for path, kind in zip(GEOMETRY.harbor_paths, harbors, strict=True):
        _harbor(draw, path, kind)
    for h, kind in enumerate(terrain):
        _paste_tile(img, h, kind, tokens[h])
        cx, cy = _hex_centre(h)
        fill = TERRAIN_FILL[kind]
        y = cy - SIZE * 0.47
        text(draw, (cx - 3, y), GEOMETRY.hex_labels[h], 18, on=fill, fill=ink_on(fill), anchor="rm", bold=True)
        text(draw, (cx + 1, y + 1), f"hex {h}", 13, on=fill, fill=ink_on(fill), anchor="lm")
    for p in range(len(GEOMETRY.paths)):
        _path_id(draw, p)
    for v in range(len(GEOMETRY.node_xy)):
        _disc(draw, v)
    return img


def _token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], number: int) -> None:
    cx, cy = centre
    r = SIZE * 0.3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN, outline=(90, 80, 60), width=2)
    hot = number in (6, 8)
    text(draw, (cx, cy - 4), str(number), 24 if hot else 21, on=TOKEN, fill=ACCENT if hot else INK, anchor="mm",
         bold=hot)
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
    text(draw, (hx, hy - 7), label, 15, on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    text(draw, (hx, hy + 9), "any" if kind == "any" else kind, 12, on=fill, fill=ink_on(fill), anchor="mm")


def _road(draw: ImageDraw.ImageDraw, p: int, owner: int) -> None:
    """A road: the seat's colour inside a dark outline and a white halo, so it reads on every terrain."""
    a, b = (_node(v) for v in GEOMETRY.paths[p])
    draw.line((a, b), fill=WHITE, width=19)
    draw.line((a, b), fill=INK, width=13)
    draw.line((a, b), fill=seat_colour(owner), width=8)


def _path_id(draw: ImageDraw.ImageDraw, p: int) -> None:
    """The number `build_road` takes for an empty path, on a small grey tag at its middle (round discs are
    intersections)."""
    (ax, ay), (bx, by) = (_node(v) for v in GEOMETRY.paths[p])
    x, y = (ax + bx) / 2, (ay + by) / 2
    w = 6 if p < 10 else 9
    draw.rectangle((x - w, y - 6, x + w, y + 6), fill=PATH_TAG, outline=MUTED)
    text(draw, (x, y), str(p), 11, on=PATH_TAG, fill=MUTED, anchor="mm")


def _disc(draw: ImageDraw.ImageDraw, v: int) -> None:
    """An empty intersection: a round disc with the number `build_settlement` takes."""
    x, y = _node(v)
    draw.ellipse((x - 12, y - 11, x + 12, y + 11), fill=PAPER, outline=INK, width=2)
    text(draw, (x, y), str(v), 12, on=PAPER, anchor="mm", bold=True)


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Roads, the robber, then buildings, each larger than the disc it stands on and numbered on top, so no
    id is ever hidden; an empty intersection a road runs into gets its disc back over the road."""
    ends = set()
    for p, owner in enumerate(view["roads"]):
        if owner is not None:
            _road(draw, p, owner)
            ends.update(GEOMETRY.paths[p])
    rx, ry = _hex_centre(view["robber"])
    rx += SIZE * 0.42
    draw.ellipse((rx - 15, ry - 22, rx + 15, ry + 22), fill=ROBBER, outline=(230, 230, 230), width=2)
    text(draw, (rx, ry), "R", 16, on=ROBBER, fill=WHITE, anchor="mm", bold=True)
    for v, building in enumerate(view["buildings"]):
        if building is None:
            if v in ends:
                _disc(draw, v)
            continue
        x, y = _node(v)
        seat, level = building
        fill = seat_colour(seat)
        if level == 2:  # a city: the seat's shape on a larger dark plinth
            draw.rounded_rectangle((x - 25, y - 25, x + 25, y + 25), radius=7, fill=INK, outline=WHITE, width=2)
            seat_marker(draw, (x, y), 20, seat, outline=WHITE)
        else:
            seat_marker(draw, (x, y), 18, seat)
        text(draw, (x, y), str(v), 18, on=fill, fill=ink_on(fill), anchor="mm", bold=True)


def _side(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0 = PANEL_X
    inner = panel(draw, (x0, 20, WIDTH - 20, HEIGHT - 20), "Catan", size=26)
    x, y = inner[0], inner[1]
    right = WIDTH - 38
    phase = {"setup": "setup", "roll": "to roll", "main": "trade & build", "discard": "discarding",
             "robber": "moving the robber", "road_building": "free roads", "over": "game over"}[view["phase"]]
    text(draw, (x, y), f"Turn {view['turn']} · {phase}", 18, on=WHITE)
    if view["last_roll"]:
        d1, d2 = view["last_roll"]
        text(draw, (x, y + 26), f"Last roll: {d1} + {d2} = {d1 + d2}", 18, on=WHITE)
    y += 58
    to_move = set(view["to_move"]) if view["phase"] != "over" else set()
    for p in view["players"]:
        t = p["seat"]
        row = (x - 6, y - 4, right, y + 104)
        if t in to_move:
            frame(draw, row, outline=ACCENT, width=3)
        seat_marker(draw, (x + 12, y + 14), 12, t)
        won = " wins" if view.get("winner") == t else ""
        inside = (x - 2, y, right - 4, y + 100)
        text(draw, (x + 32, y + 14), f"Seat {t + 1} ({SEAT_COLOUR_NAMES[t]}){won}", 17, on=WHITE, anchor="lm",
             bold=True, within=(x + 32, y, right - 80, y + 30))
        text(draw, (right - 12, y + 14), f"{p['vp']} VP", 20, on=WHITE, anchor="rm", bold=True)
        badges = [b for b, held in (("Longest Road", view["longest_road"] == t),
                                    ("Largest Army", view["largest_army"] == t)) if held]
        text(draw, (x + 32, y + 40), f"{plural(p['cards'], 'card')} · {p['dev_cards']} dev · "
                                    f"{plural(p['knights'], 'knight')} · road {p['road_length']}", 16, on=WHITE,
             within=inside)
        text(draw, (x + 32, y + 62), f"pieces left: {5 - p['settlements']} settl., {4 - p['cities']} "
                                    f"{'city' if 4 - p['cities'] == 1 else 'cities'}, "
                                    f"{plural(15 - p['roads'], 'road')}", 15, on=WHITE, fill=MUTED, within=inside)
        if badges:
            text(draw, (x + 32, y + 80), " + ".join(badges), 15, on=WHITE, fill=ACCENT, bold=True, within=inside)
        y += 112
    y += 2
    text(draw, (x, y), "Bank", 18, on=WHITE, bold=True)
    for i, r in enumerate(RESOURCES):
        bx = x + i * 64
        fill = RESOURCE_FILL[r]
        draw.rounded_rectangle((bx, y + 26, bx + 58, y + 66), radius=6, fill=fill, outline=INK)
        text(draw, (bx + 29, y + 38), r, 12, on=fill, fill=ink_on(fill), anchor="mm")
        text(draw, (bx + 29, y + 55), str(view["bank"][i]), 16, on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    text(draw, (x, y + 80), f"Development cards left: {view['deck']}", 16, on=WHITE)
    y += 108
    room = (x, y, WIDTH - 32, HEIGHT - 64)
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer["to"] is None else f"Seat {offer['to'] + 1}"
        text(draw, (x, y), f"Offer #{offer['id']}: Seat {offer['from'] + 1} → {to}", 17, on=WHITE, bold=True,
             within=room)
        text(draw, (x, y + 24), f"gives {_bundle(offer['give'])}", 16, on=WHITE, within=room)
        text(draw, (x, y + 46), f"wants {_bundle(offer['get'])}", 16, on=WHITE, within=room)
        y += 72
    if view["discards"]:
        due = ", ".join(f"Seat {int(t) + 1}: {n}" for t, n in view["discards"].items())
        text(draw, (x, y), f"To discard: {due}", 16, on=WHITE, fill=ACCENT, within=room)
    foot = (x, HEIGHT - 66, WIDTH - 32, HEIGHT - 24)
    text(draw, (x, HEIGHT - 60), "Ids as moves take them: hex A-S (0-18),", 14, on=WHITE, fill=MUTED, within=foot)
    text(draw, (x, HEIGHT - 42), "intersections 0-53 (discs), paths 0-71 (tags)", 14, on=WHITE, fill=MUTED,
         within=foot)


def _bundle(cards: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cards.items()) or "nothing"


def board(view: dict[str, Any]) -> bytes:
    img = _island(tuple(view["terrain"]), tuple(view["tokens"]), tuple(view["harbors"])).copy()
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
         24, on=PAPER, anchor="lm", bold=True, within=(62, 10, 980, 62))
    for i, r in enumerate(RESOURCES):
        x = 24 + i * 130
        fill = RESOURCE_FILL[r]
        ink = ink_on(fill)
        draw.rounded_rectangle((x, 70, x + 116, 190), radius=10, fill=fill, outline=INK, width=2)
        text(draw, (x + 58, 100), r, 18, on=fill, fill=ink, anchor="mm", bold=True)
        text(draw, (x + 58, 145), str(view["hand"][r]), 40, on=fill, fill=ink, anchor="mm", bold=True)
        text(draw, (x + 58, 178), f"bank {view['rates'][r]}:1", 14, on=fill, fill=ink, anchor="mm")
    text(draw, (680, 80), "Development cards", 20, on=PAPER, bold=True)
    names = {"knight": "Knight", "vp": "Victory Point", "road_building": "Road Building",
             "year_of_plenty": "Year of Plenty", "monopoly": "Monopoly"}
    rows = [(names[k], n, view["new_dev"].get(k, 0)) for k, n in view["dev_hand"].items()]
    for j, (name, n, new) in enumerate(rows or [("none", 0, 0)]):
        extra = f" ({new} new: not playable this turn)" if new and name != "Victory Point" else ""
        text(draw, (680, 112 + j * 26), f"{n} × {name}{extra}" if n else name, 16, on=PAPER,
             within=(680, 100, 990, 210))
    text(draw, (24, 215), "Lately", 20, on=PAPER, bold=True)
    for j, line in enumerate(view["news"][-5:]):
        text(draw, (24, 247 + j * 26), line, 17, on=PAPER, within=(24, 240, 990, 420))
    return encode_png(img)
