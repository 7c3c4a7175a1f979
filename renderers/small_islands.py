"""Small Islands pictures: the archipelago as little islands, and each seat's tiles, cards and tokens.

Every tile is drawn from its ring (B2): land at the centre, a tongue of land out through every land
edge and a filled quarter behind every land corner, softened into a coast with sand and shallows.
Where two tiles meet, the coast is shaped only by the ring points they share, so it runs on across
the seam.  Icons stay upright: resources, temples and house symbols on the land, ports (anchors) in
the sea beside it; houses, bonus tokens and ships are laid over the tiles in the seats' colours.

The map grows without bound, so the picture fits what has been built: the cell size steps down as
the map spreads and the canvas grows once cells would get too small to read.  Every empty cell a tile
may go to is framed and named by the (x,y) that /play takes; rulers name the columns and rows.

Tile sprites are drawn once per (tile, rotation, cell size), icons once per kind and size, so a
picture is mostly pastes.
"""

from __future__ import annotations

import itertools
import math
import random
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from games.small_islands.data import FACES, card_text
from games.small_islands.tiles import constraint, fits, key, rotate
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

OCEAN: RGB = (46, 110, 160)        # open water where no tile lies
TILE_SEA: RGB = (74, 146, 196)     # the sea printed on a tile
SEAM: RGB = (58, 126, 178)         # tile edges, seen in the sea only
SHALLOW: RGB = (128, 192, 222)
SAND: RGB = (238, 218, 166)
GRASS: RGB = (128, 180, 96)
BADGE: RGB = (252, 247, 228)       # the disc under an icon
FLOWER: RGB = (222, 78, 150)
FRUIT: RGB = (242, 140, 28)
LEAF: RGB = (46, 140, 60)
STONE: RGB = (236, 236, 236)
HULL: RGB = (120, 76, 40)
GREY_SHIP: RGB = (160, 160, 160)
RULER: RGB = (90, 90, 90)
GRID: RGB = (58, 122, 172)         # faint lines over the open sea
FRAME: RGB = (236, 246, 252)       # a free cell's dashed frame
BLOCKED: RGB = (120, 160, 195)     # the name of a cell no tile can fill
CARD_FILL: tuple[RGB, RGB] = ((255, 250, 235), (244, 244, 244))   # a card played now, a card held
TOKEN_FILL: tuple[RGB, RGB] = ((236, 210, 130), (250, 226, 140))  # a discovery token kept, one to choose
COLOUR_RGB: dict[str, RGB] = {"red": (213, 94, 0), "blue": (0, 114, 178), "yellow": (240, 228, 66),
                              "green": (0, 158, 115), "grey": GREY_SHIP}
"""The ship colours the rules name, in Okabe-Ito shades; every seat also keeps its own marker shape."""
RESOURCE_RGB = {"flower": FLOWER, "fruit": FRUIT, "leaf": LEAF}

WIDTH = 1440
HEIGHT = 1080
SIDE_W = 404                       # the right-hand column
MAP_X0, MAP_Y0 = 16, 62            # the map's box: rulers and water
RULE = 24                          # the rulers' band around the water
CELLS = (124, 112, 100, 88, 78, 70, 62, 54, 48)
"""Cell sizes in px, largest first: the largest that fits the map is used."""
READABLE = 70
"""Below this cell size the canvas grows instead, up to MAX_SIDE px in either direction."""
MAX_SIDE = 2000
ROW_CELL = 100
HAND_CELL = 116
PHASE_WORD = {"setup": "Setup", "prep": "Preparation", "explore": "Exploration", "reward": "Reward", "end": "Game over"}
ENDS = {"ships": "all four ships have landed", "reserve": "the tile reserve ran out",
        "row_empty": "the row was empty and no ship could land"}
TURN_WORD = ("as printed", "90° right", "180°", "90° left")


def _colour(player: dict[str, Any]) -> RGB:
    return COLOUR_RGB.get(player["colour"], MUTED)


def _seat_name(players: list[dict[str, Any]], seat: int) -> str:
    return f"Seat {seat + 1} ({players[seat]['colour']})" if 0 <= seat < len(players) else f"Seat {seat + 1}"


# -- icons ---------------------------------------------------------------------------------------
# Drawn four times too large and scaled down, so their edges are smooth; RGBA, pasted by their alpha.

SS = 4


def _shrink(img: Image.Image, d: int) -> Image.Image:
    return img.resize((d, d), Image.Resampling.LANCZOS)


def _disc(draw: ImageDraw.ImageDraw, D: int, fill: RGB = BADGE, ring: RGB = INK, width: float = 0.06) -> None:
    w = max(SS, round(D * width))
    draw.ellipse((w // 2, w // 2, D - 1 - w // 2, D - 1 - w // 2), fill=fill, outline=ring, width=w)


def _flower(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + r * 0.5 * math.cos(a), cy + r * 0.5 * math.sin(a)
        draw.ellipse((px - r * 0.42, py - r * 0.42, px + r * 0.42, py + r * 0.42), fill=FLOWER,
                     outline=blend(FLOWER, INK, 0.4), width=max(1, round(r * 0.06)))
    draw.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=(250, 210, 60))


def _fruit(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    line = max(1, round(r * 0.08))
    draw.line((cx, cy - r * 0.45, cx + r * 0.12, cy - r * 0.85), fill=HULL, width=max(1, round(r * 0.12)))
    draw.ellipse((cx - r * 0.72, cy - r * 0.55, cx + r * 0.72, cy + r * 0.85), fill=FRUIT,
                 outline=blend(FRUIT, INK, 0.45), width=line)
    draw.polygon([(cx + r * 0.1, cy - r * 0.62), (cx + r * 0.55, cy - r * 0.95), (cx + r * 0.75, cy - r * 0.6),
                  (cx + r * 0.3, cy - r * 0.45)], fill=LEAF)
    draw.ellipse((cx - r * 0.42, cy - r * 0.3, cx - r * 0.18, cy - r * 0.06), fill=(252, 200, 120))


def _leaf(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    pts = []
    for i in range(25):  # a pointed leaf: two arcs meeting at the tips, leaning to the right
        t = i / 24
        x = -r * 0.85 + 1.7 * r * t
        y = r * 0.55 * math.sin(math.pi * t)
        pts.append((x, y))
    pts += [(x, -y) for x, y in reversed(pts)]
    a = -math.pi / 4
    shape = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in pts]
    draw.polygon(shape, fill=LEAF, outline=blend(LEAF, INK, 0.5))
    tip, base = shape[24], shape[0]
    draw.line((base, tip), fill=(170, 220, 150), width=max(1, round(r * 0.08)))
    draw.line((base, (base[0] - r * 0.25, base[1] + r * 0.25)), fill=blend(LEAF, INK, 0.5),
              width=max(1, round(r * 0.1)))


def _temple(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    edge = blend(STONE, INK, 0.65)
    w = max(1, round(r * 0.07))
    draw.polygon([(cx - r * 0.85, cy - r * 0.35), (cx, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.35)],
                 fill=STONE, outline=edge, width=w)
    for i in range(4):
        x = cx - r * 0.6 + i * r * 0.4
        draw.rectangle((x - r * 0.09, cy - r * 0.3, x + r * 0.09, cy + r * 0.5), fill=STONE, outline=edge, width=w)
    draw.rectangle((cx - r * 0.85, cy + r * 0.5, cx + r * 0.85, cy + r * 0.72), fill=STONE, outline=edge, width=w)


def _anchor(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB = INK) -> None:
    w = max(2, round(r * 0.16))
    draw.ellipse((cx - r * 0.2, cy - r * 0.8, cx + r * 0.2, cy - r * 0.4), outline=ink, width=w)
    draw.line((cx, cy - r * 0.4, cx, cy + r * 0.72), fill=ink, width=w)
    draw.line((cx - r * 0.42, cy - r * 0.2, cx + r * 0.42, cy - r * 0.2), fill=ink, width=w)
    draw.arc((cx - r * 0.72, cy - r * 0.25, cx + r * 0.72, cy + r * 0.78), 20, 160, fill=ink, width=w)
    for sx in (-1, 1):
        x = cx + sx * r * 0.7
        draw.polygon([(x - sx * r * 0.05, cy + r * 0.1), (x + sx * r * 0.14, cy + r * 0.42),
                      (x - sx * r * 0.25, cy + r * 0.34)], fill=ink)


def _house_shape(draw: ImageDraw.ImageDraw, D: int, fill: RGB | None, dashed: bool) -> None:
    m = D * 0.12
    pts = [(m, D * 0.45), (D / 2, m * 0.8), (D - m, D * 0.45), (D - m - D * 0.06, D - m), (m + D * 0.06, D - m)]
    if dashed:
        draw.polygon(pts, fill=WHITE)
        for (x0, y0), (x1, y1) in itertools.pairwise([*pts, pts[0]]):
            length = math.hypot(x1 - x0, y1 - y0)
            steps = max(2, int(length / (D * 0.09)))
            for i in range(0, steps, 2):
                a, b = i / steps, min(1, (i + 1) / steps)
                draw.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                          fill=INK, width=max(SS, round(D * 0.06)))
    else:
        draw.polygon(pts, fill=fill, outline=INK, width=max(SS, round(D * 0.08)))


@lru_cache(maxsize=512)
def _icon(kind: str, d: int, seat: int = -1, colour: str = "") -> Image.Image:
    """An icon d px wide: "flower", "fruit", "leaf", "temple", "port", "symbol" (an empty house
    symbol), "house" (a seat's house), "token:<res>" (a resource bonus token), "port_token"."""
    D = d * SS
    img = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c, r = D / 2, D / 2 * 0.78
    seat_rgb = COLOUR_RGB.get(colour, MUTED)
    if kind in RESOURCE_RGB or kind.startswith("token:"):
        res = kind.split(":")[-1]
        if kind.startswith("token:"):
            _disc(draw, D, fill=WHITE, ring=seat_rgb, width=0.16)
            r *= 0.82
        else:
            _disc(draw, D, width=0.05)
        {"flower": _flower, "fruit": _fruit, "leaf": _leaf}[res](draw, c, c + r * 0.05, r * 0.9)
    elif kind == "temple":
        _disc(draw, D, fill=(214, 226, 240), width=0.05)
        _temple(draw, c, c, r * 0.95)
    elif kind in ("port", "port_token"):
        _disc(draw, D, fill=WHITE if kind == "port" else blend(seat_rgb, WHITE, 0.55),
              ring=(30, 60, 110) if kind == "port" else seat_rgb, width=0.08 if kind == "port" else 0.16)
        _anchor(draw, c, c + r * 0.04, r * (0.95 if kind == "port" else 0.8), ink=(20, 45, 90))
    elif kind == "symbol":
        _house_shape(draw, D, None, dashed=True)
    elif kind == "house":
        _house_shape(draw, D, seat_rgb, dashed=False)
    return _shrink(img, d)


@lru_cache(maxsize=64)
def _house(d: int, seat: int, colour: str) -> Image.Image:
    """A seat's house: its colour, outlined, with the seat's number on it."""
    img = _icon("house", d, seat, colour).copy()
    fill = COLOUR_RGB.get(colour, MUTED)
    text(ImageDraw.Draw(img), (d / 2, d * 0.64), str(seat + 1), max(10, round(d * 0.5)), fill=ink_on(fill),
         anchor="mm", bold=True)
    return img


@lru_cache(maxsize=64)
def _ship(d: int, colour: str, seat: int) -> Image.Image:
    """A ship on the water: hull, mast and a sail in the owner's colour (grey for nobody)."""
    D = d * SS
    img = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    sail = COLOUR_RGB.get(colour, GREY_SHIP)
    w = max(SS, round(D * 0.025))
    for i in range(3):  # wake
        y = D * (0.84 + i * 0.05)
        draw.arc((D * (0.1 + i * 0.04), y - D * 0.05, D * (0.9 - i * 0.04), y + D * 0.05), 20, 160,
                 fill=(200, 230, 245), width=w)
    draw.polygon([(D * 0.14, D * 0.66), (D * 0.86, D * 0.66), (D * 0.74, D * 0.82), (D * 0.26, D * 0.82)],
                 fill=HULL, outline=INK, width=w)
    draw.line((D * 0.5, D * 0.12, D * 0.5, D * 0.66), fill=INK, width=w * 2)
    draw.polygon([(D * 0.53, D * 0.14), (D * 0.53, D * 0.6), (D * 0.84, D * 0.6)], fill=sail, outline=INK, width=w)
    draw.polygon([(D * 0.47, D * 0.2), (D * 0.47, D * 0.6), (D * 0.2, D * 0.6)], fill=blend(sail, WHITE, 0.35),
                 outline=INK, width=w)
    img = _shrink(img, d)
    if seat >= 0:
        rr = max(5, round(d * 0.11))
        seat_marker(ImageDraw.Draw(img), (d * 0.67, d * 0.44), rr, seat, fill=sail)
    return img


# -- tiles ---------------------------------------------------------------------------------------

BLOB = 0.34    # the centre's land, as a fraction of the cell
BAND = 0.46    # the width of land crossing a land edge
EDGE_DIR = {0: (0, -1), 2: (1, 0), 4: (0, 1), 6: (-1, 0)}
CORNER_DIR = {1: (1, -1), 3: (1, 1), 5: (-1, 1), 7: (-1, -1)}


def _ramp(t: int, k: int) -> list[int]:
    return [0 if v <= t - k else 255 if v >= t + k else round((v - (t - k)) * 255 / (2 * k)) for v in range(256)]


SHALLOW_LUT, SAND_LUT, GRASS_LUT = _ramp(26, 14), _ramp(128, 14), _ramp(212, 14)


@lru_cache(maxsize=512)
def _land(ring: str, s: int) -> Image.Image:
    """The tile's sea and land, s px square: a central blob, land tongues and corners, softened.

    The hard shape is drawn on a margin beyond the tile where every land edge and corner carries on
    straight, as it does in the neighbour that must match it; so after blurring, the coast meets the
    tile's border exactly where the neighbour's coast does."""
    blur = max(2.0, s * 0.06)
    pad = math.ceil(blur * 3) + 2
    full = s + 2 * pad
    hard = Image.new("L", (full, full), 0)
    draw = ImageDraw.Draw(hard)
    c = pad + s / 2
    rng = random.Random(ring)
    phase = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
    pts = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        ca, sa = math.cos(a), math.sin(a)
        superellipse = 1 / (abs(ca) ** 3 + abs(sa) ** 3) ** (1 / 3)  # a rounded square
        wobble = 1 + 0.05 * math.sin(3 * a + phase[0]) + 0.035 * math.sin(5 * a + phase[1])
        rad = s * BLOB * superellipse * wobble
        pts.append((c + rad * ca, c + rad * sa))
    draw.polygon(pts, fill=255)
    half = s * BAND / 2
    for i, (dx, dy) in EDGE_DIR.items():
        if ring[i] != "L":
            continue
        if dx:
            x0, x1 = (c, full) if dx > 0 else (0, c)
            draw.rectangle((x0, c - half, x1, c + half), fill=255)
        else:
            y0, y1 = (c, full) if dy > 0 else (0, c)
            draw.rectangle((c - half, y0, c + half, y1), fill=255)
    for i, (dx, dy) in CORNER_DIR.items():
        if ring[i] == "L":
            x0, x1 = (c, full) if dx > 0 else (0, c)
            y0, y1 = (c, full) if dy > 0 else (0, c)
            draw.rectangle((x0, y0, x1, y1), fill=255)
    soft = hard.filter(ImageFilter.GaussianBlur(blur)).crop((pad, pad, pad + s, pad + s))
    img = Image.new("RGB", (s, s), TILE_SEA)
    ImageDraw.Draw(img).rectangle((0, 0, s - 1, s - 1), outline=SEAM, width=1)
    box = (0, 0, s, s)
    img.paste(SHALLOW, box, soft.point(SHALLOW_LUT))
    img.paste(SAND, box, soft.point(SAND_LUT))
    img.paste(GRASS, box, soft.point(GRASS_LUT))
    return img


def _face(tile: str) -> dict[str, Any]:
    return FACES.get(tile) or {"resources": [], "temple": 0, "port": 0, "house": 0, "ring": "SSSSSSSS"}


def _shape(tile: str) -> str:
    return str(_face(tile).get("shape", "")).replace("_", " ")


def _land_items(tile: str) -> list[str]:
    f = _face(tile)
    return [*f["resources"], *(["temple"] * f["temple"]), *(["symbol"] * f["house"])]


def _slots(n: int) -> list[tuple[float, float]]:
    """Where n land icons sit, as offsets from the centre in cells: a compact upright cluster."""
    a = 0.15
    return {0: [], 1: [(0.0, 0.0)], 2: [(-0.13, 0.0), (0.13, 0.0)], 3: [(-a, -a), (a, -a), (0.0, a)],
            4: [(-a, -a), (a, -a), (-a, a), (a, a)]}.get(n, [(-a, -a), (a, -a), (-a, a), (a, a)])


def _icon_size(s: int, n: int) -> int:
    return max(12, round(s * (0.3 if n <= 1 else 0.27)))


def _port_spots(ring: str) -> list[tuple[float, float]]:
    """Where a tile's ports sit, in cells from its top left: the sea edges (north and south first, clear of
    a row of icons), then the sea corners."""
    out = [(0.5 + dx * 0.39, 0.5 + dy * 0.39) for i in (0, 4, 2, 6) if ring[i] == "S" for dx, dy in [EDGE_DIR[i]]]
    out += [(0.5 + dx * 0.36, 0.5 + dy * 0.36) for i, (dx, dy) in CORNER_DIR.items() if ring[i] == "S"]
    return out or [(0.5, 0.5)]


@lru_cache(maxsize=1024)
def _sprite(tile: str, rot: int, s: int) -> Image.Image:
    """A landscape or starting tile as printed, turned `rot` quarter-turns: land, icons, printed ports."""
    f = _face(tile)
    ring = rotate(f["ring"], rot)
    img = _land(ring, s).copy()
    items = _land_items(tile)
    d = _icon_size(s, len(items))
    for item, (ox, oy) in zip(items, _slots(len(items)), strict=False):
        icon = _icon(item, d)
        img.paste(icon, (round(s * (0.5 + ox) - d / 2), round(s * (0.5 + oy) - d / 2)), icon)
    pd = _port_size(s)
    for (px, py) in _port_spots(ring)[:f["port"]]:
        icon = _icon("port", pd)
        img.paste(icon, (round(s * px - pd / 2), round(s * py - pd / 2)), icon)
    return img


def _port_size(s: int) -> int:
    return max(16, round(s * 0.24))


@lru_cache(maxsize=64)
def _sea_tile(s: int) -> Image.Image:
    img = Image.new("RGB", (s, s), TILE_SEA)
    ImageDraw.Draw(img).rectangle((0, 0, s - 1, s - 1), outline=SEAM, width=1)
    return img


def _ship_tile(s: int, colour: str, seat: int) -> Image.Image:
    img = _sea_tile(s).copy()
    ship = _ship(round(s * 0.9), colour, seat)
    img.paste(ship, (round(s * 0.05), round(s * 0.05)), ship)
    return img


def _overlays(img: Image.Image, t: dict[str, Any], x: int, y: int, s: int, players: list[dict[str, Any]]) -> None:
    """What players added to a tile: houses on its symbols, resource and port tokens."""
    items = _land_items(t["tile"])
    slots = _slots(len(items))
    d = _icon_size(s, len(items))
    res_i = 0
    for item, (ox, oy) in zip(items, slots, strict=False):
        cx, cy = x + s * (0.5 + ox), y + s * (0.5 + oy)
        if item == "symbol":
            continue
        if item in RESOURCE_RGB:
            covered = t["covered"][res_i] if res_i < len(t["covered"]) else None
            if covered is not None and res_i < len(t["res"]):
                colour = players[covered]["colour"] if 0 <= covered < len(players) else ""
                token = _icon(f"token:{t['res'][res_i]}", d, covered, colour)
                img.paste(token, (round(cx - d / 2), round(cy - d / 2)), token)
            res_i += 1
    symbols = [slot for item, slot in zip(items, slots, strict=False) if item == "symbol"]
    for n, seat in enumerate(t["houses"]):
        ox, oy = symbols[n] if n < len(symbols) else (0.0, 0.3)
        hd = round(d * 1.15)
        colour = players[seat]["colour"] if 0 <= seat < len(players) else ""
        house = _house(hd, seat, colour)
        img.paste(house, (round(x + s * (0.5 + ox) - hd / 2), round(y + s * (0.5 + oy) - hd / 2 - d * 0.08)), house)
    if t["port_tokens"]:
        spots = _port_spots(t["ring"])
        pd = _port_size(s)
        for n, seat in enumerate(t["port_tokens"]):
            px, py = spots[(t["ports"] + n) % len(spots)]
            colour = players[seat]["colour"] if 0 <= seat < len(players) else ""
            token = _icon("port_token", pd, seat, colour)
            img.paste(token, (round(x + s * px - pd / 2), round(y + s * py - pd / 2)), token)


# -- the map -------------------------------------------------------------------------------------


class Layout:
    """Where the map goes: its cells' bounds, the cell size and the picture's size."""

    def __init__(self, view: dict[str, Any]) -> None:
        cells = [(t["x"], t["y"]) for t in view["grid"]] + [tuple(c) for c in view["candidates"]]
        if not cells:
            cells = [(0, 0)]
        self.x0, self.x1 = min(c[0] for c in cells), max(c[0] for c in cells)
        self.y0, self.y1 = min(c[1] for c in cells), max(c[1] for c in cells)
        cols, rows = self.x1 - self.x0 + 1, self.y1 - self.y0 + 1
        extra_w, extra_h = MAP_X0 + 2 * RULE + 16 + SIDE_W, MAP_Y0 + 2 * RULE + 16
        self.s = CELLS[-1]
        for s in CELLS:  # the largest cell that fits the usual canvas, else a readable one on a larger canvas
            w, h = cols * s + extra_w, rows * s + extra_h
            if (w <= WIDTH and h <= HEIGHT) or (s <= READABLE and w <= MAX_SIDE and h <= MAX_SIDE):
                self.s = s
                break
        map_w, map_h = cols * self.s, rows * self.s
        self.width = max(WIDTH, map_w + extra_w)
        self.height = max(HEIGHT, map_h + extra_h)
        area_w = self.width - SIDE_W - MAP_X0 - 16 - 2 * RULE
        area_h = self.height - MAP_Y0 - 16 - 2 * RULE
        self.ox = MAP_X0 + RULE + (area_w - map_w) // 2
        self.oy = MAP_Y0 + RULE + (area_h - map_h) // 2
        self.cols, self.rows = cols, rows

    def at(self, x: int, y: int) -> tuple[int, int]:
        return self.ox + (x - self.x0) * self.s, self.oy + (y - self.y0) * self.s


def _rulers(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    s = lay.s
    size = 15 if s >= 60 else 13
    right, bottom = lay.ox + lay.cols * s, lay.oy + lay.rows * s
    for x in range(lay.x0, lay.x1 + 1):
        cx = lay.at(x, lay.y0)[0] + s / 2
        text(draw, (cx, lay.oy - RULE / 2), f"x {x}" if s >= 60 else str(x), size, fill=RULER, anchor="mm", bold=True)
        text(draw, (cx, bottom + RULE / 2), f"x {x}" if s >= 60 else str(x), size, fill=RULER, anchor="mm",
             bold=True)
    for y in range(lay.y0, lay.y1 + 1):
        cy = lay.at(lay.x0, y)[1] + s / 2
        text(draw, (lay.ox - RULE / 2, cy), str(y), size, fill=RULER, anchor="mm", bold=True)
        text(draw, (right + RULE / 2, cy), str(y), size, fill=RULER, anchor="mm", bold=True)
    text(draw, (lay.ox - RULE / 2, lay.oy - RULE / 2), "y", size, fill=RULER, anchor="mm", bold=True)


def _dashed_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, width: int) -> None:
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
    _dashed_box(ImageDraw.Draw(img), (inset, inset, s - 1 - inset, s - 1 - inset), FRAME, 2)
    return img


def _map(img: Image.Image, view: dict[str, Any], lay: Layout) -> None:
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
            img.paste(_ship_tile(s, t["colour"] or "grey", seat), (px, py))
        else:
            img.paste(_sprite(t["tile"], t["rot"] % 4, s), (px, py))
            if t["houses"] or t["port_tokens"] or any(c is not None for c in t["covered"]):
                _overlays(img, t, px, py, s, players)
    _candidates(img, view, lay, grid)


def _candidates(img: Image.Image, view: dict[str, Any], lay: Layout, grid: dict[str, Any]) -> None:
    """Every empty cell next to a tile, named as /play names it; framed if some tile could match it,
    with a little ship where a ship may land."""
    draw = ImageDraw.Draw(img)
    s = lay.s
    cells = [tuple(c) for c in view["candidates"]] or ([(0, 0)] if not grid else [])
    landing = view["phase"] == "explore" and view["nav"] == 0
    size = 17 if s >= 88 else 15 if s >= 68 else 13
    for x, y in cells:
        px, py = lay.at(x, y)
        need = constraint(grid, x, y) if grid else "????????"
        label = f"{x},{y}"
        if need is None:  # the neighbours disagree: no tile can ever go here
            text(draw, (px + s / 2, py + s / 2), label, size - 2, fill=BLOCKED, anchor="mm")
            continue
        inset = max(4, s // 12)
        frame = _frame(s, inset)
        img.paste(frame, (px, py), frame)
        text(draw, (px + s / 2, py + s / 2), label, size, fill=WHITE, anchor="mm", bold=True)
        if landing and "L" not in need:
            d = max(16, round(s * 0.34))
            ship = _ship(d, "grey", -1)
            img.paste(ship, (round(px + s / 2 - d / 2), round(py + s - inset - d - 2)), ship)


# -- the side column -----------------------------------------------------------------------------


def _status(view: dict[str, Any]) -> str:
    players = view["players"]
    step = view["step"]
    result = view.get("result")
    if result is not None or step == "over":
        return f"Game over: {ENDS.get(view.get('end') or '', view.get('end') or 'finished')}."
    movers = view["to_move"]
    who = _seat_name(players, movers[0]) if movers else ""
    if step == "setup":
        return f"{who} arranges the starting tiles ({len(view['start_left'])} left): dashed cells are free."
    if step == "prep":
        waiting = ", ".join(str(s + 1) for s in movers)
        return f"Everyone chooses an objective in secret; waiting for seat{'s' if len(movers) > 1 else ''} {waiting}."
    if step == "turn":
        land = " or land a ship (ends the round)" if view["nav"] == 0 else ""
        return f"{who}: take a tile from the row{land}."
    if step == "place":
        return f"{who} places a tile on a dashed cell."
    if step == "stuck":
        return f"{who} has no tile that fits: discards one and draws."
    if step == "bonus":
        return f"{who} may place a bonus token (port or resource)."
    if step == "houses":
        return f"Reward: {who} places houses on islands fulfilling the objective."
    if step == "keep":
        return f"Reward: {who} keeps one discovery token."
    return f"{who} to play."


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], width: int) -> None:
    text(draw, (MAP_X0 + 4, 18), "Small Islands", 28, bold=True)
    mode = "advanced" if view["mode"] == "advanced" else "normal"
    round_word = f"Round {view['round']} of 4" if view["round"] else "Before round 1"
    head = f"{round_word} - {PHASE_WORD.get(view['phase'], view['phase'])} - {mode} mode"
    x = MAP_X0 + 4 + text_width("Small Islands", 28) + 24
    room = width - SIDE_W - x - 20
    text(draw, (x, 14), clip_text(head, 17, room), 17, bold=True)
    text(draw, (x, 36), clip_text(_status(view), 16, room), 16, fill=ACCENT if view["result"] is None else INK)


def _row(img: Image.Image, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = panel(draw, box, "Row: take one", size=18)
    text(draw, (x1, box[1] + 10), f"Navigation {view['nav']} - reserve {view['reserve']}", 15, anchor="ra")
    gap = (x1 - x0 - 3 * ROW_CELL) // 2
    for i in range(3):
        x = x0 + i * (ROW_CELL + gap)
        if i < len(view["row"]):
            tile = view["row"][i]
            img.paste(_sprite(tile, 0, ROW_CELL), (x, y0))
            draw.rectangle((x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), outline=INK, width=1)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL + 12), tile, 15, anchor="mm", bold=True)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL + 30), clip_text(_shape(tile), 13, ROW_CELL + gap - 6), 13,
                 anchor="mm", fill=MUTED)
        else:
            _dashed_box(draw, (x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), MUTED, 2)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL / 2), "empty", 15, fill=MUTED, anchor="mm")


def _counts(draw: ImageDraw.ImageDraw, view: dict[str, Any], xy: tuple[int, int], width: int) -> int:
    x, y = xy
    grey = view["grey_ships"]
    lines = [f"Ships landed {view['ships_placed']} of 4 - grey ships left {grey}",
             f"Discovery tokens left {view['discovery_pool']} - tiles in the box {len(view['box'])}"]
    for i, line in enumerate(lines):
        text(draw, (x, y + i * 21), clip_text(line, 15, width), 15)
    return 21 * len(lines)


def _ship_at(view: dict[str, Any], seat: int) -> tuple[int, int] | None:
    for t in view["grid"]:
        if t["ship"] == seat:
            return t["x"], t["y"]
    return None


def _objective_words(cards: dict[str, Any] | None) -> str:
    if not cards:
        return ""
    return " + ".join(f"{c}: {card_text(c)}" for c in cards.values() if c)


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = panel(draw, box, "Players", size=18)
    players = view["players"]
    result = view.get("result")
    places: dict[int, str] = {}
    rows: list[dict[str, Any]] = []
    if result:
        place = 1
        for seats in result["ranking"]:
            for seat in seats:
                places[seat] = "winner" if seat in result["winners"] else ordinal(place)
            place += len(seats)
        rows = (result.get("details") or {}).get("rows") or []
    step = min(130, (y1 - y0) // max(1, len(players)))
    width = x1 - x0
    for i, p in enumerate(players):
        seat = p["seat"]
        top = y0 + i * step
        if seat in view["to_move"] and result is None:
            draw.rounded_rectangle((x0 - 6, top - 4, x1 + 6, top + step - 8), radius=8, outline=ACCENT, width=3)
        seat_marker(draw, (x0 + 11, top + 12), 10, seat, fill=_colour(p))
        text(draw, (x0 + 28, top + 12), f"Seat {seat + 1} - {p['colour']}", 18, anchor="lm", bold=True)
        score = f"{result['scores'][seat] if result and seat < len(result['scores']) else p['pp']} PP"
        text(draw, (x1, top + 12), score, 20, anchor="rm", bold=True)
        if seat in places:
            label = places[seat]
            w = text_width(label, 14) + 14
            bx = x1 - text_width(score, 20) - w - 10
            draw.rounded_rectangle((bx, top + 2, bx + w, top + 22), radius=6,
                                   fill=(40, 120, 60) if label == "winner" else (110, 110, 110))
            text(draw, (bx + w / 2, top + 12), label, 14, fill=WHITE, anchor="mm", bold=True)
        lines = [f"Houses: {p['houses_hand']} in hand, {p['houses_reserve']} in reserve, {p['houses_played']} built",
                 f"Bonus tokens {p['bonus_left']} - tiles in hand {p['hand_size']} - "
                 f"discovery tokens {p['discovery_count']}"]
        at = _ship_at(view, seat)
        if at is not None:
            lines.append(f"Ship landed at ({at[0]},{at[1]}): {p['ship_ports']} port(s) around it")
        else:
            lines.append("Ship not landed yet" if p["own_ship"] else "Ship: none")
        if result and seat < len(rows):
            r = rows[seat]
            lines.append(f"Final: {r.get('pp', 0)} PP + {r.get('discovery', 0)} discovery + "
                         f"{r.get('ship_ports', 0)} ship ports")
        elif p["revealed"]:
            lines += wrap_text("Objective " + _objective_words(p["revealed"]), 14, width - 28)
        elif view["phase"] == "prep":
            lines.append("has chosen objectives" if p["chosen"] else "choosing objectives in secret...")
        room = max(1, (step - 34) // 18)
        if len(lines) > room:
            lines = [*lines[:room - 1], clip_text(" ".join(lines[room - 1:]), 14, width - 28)]
        for j, line in enumerate(lines):
            text(draw, (x0 + 28, top + 28 + j * 18), clip_text(line, 14, width - 28), 14,
                 fill=MUTED if j == 3 and not result and not p["revealed"] else INK)


def _log(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = panel(draw, box, "Latest", size=18)
    room = max(1, (y1 - y0 + 4) // 19)
    for i, line in enumerate(view["last"][-room:]):
        text(draw, (x0, y0 + i * 19), clip_text(line, 14, x1 - x0), 14, fill=MUTED if i < len(view["last"][-room:]) - 1
             else INK)


LEGEND = (("flower", "flower"), ("fruit", "fruit"), ("leaf", "leaf"), ("temple", "temple"),
          ("port", "port"), ("symbol", "house symbol"))


def _legend(img: Image.Image, xy: tuple[int, int], width: int) -> int:
    """The icons and their names, in two lines."""
    draw = ImageDraw.Draw(img)
    x, y = xy
    per_row = 3
    col = width // per_row
    for i, (kind, word) in enumerate(LEGEND):
        cx, cy = x + (i % per_row) * col, y + (i // per_row) * 28
        icon = _icon(kind, 24)
        img.paste(icon, (cx, cy), icon)
        text(draw, (cx + 30, cy + 12), word, 14, anchor="lm")
    return 2 * 28


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every Small Islands picture, from a sample of every tile shape and icon."""
    sample, draw = canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, 900, 900), fill=OCEAN)
    for i, tile in enumerate(sorted(FACES)[:72]):
        x, y = (i % 9) * 100, (i // 9) * 100
        sample.paste(_sprite(tile, i % 4, 100), (x, y))
    for i, (colour, seat) in enumerate((c, n) for n, c in enumerate(("red", "blue", "yellow", "green"))):
        sample.paste(_ship_tile(100, colour, seat), (920, i * 110))
        house = _house(40, seat, colour)
        sample.paste(house, (1040, i * 110), house)
        for j, res in enumerate(RESOURCE_RGB):
            token = _icon(f"token:{res}", 40, seat, colour)
            sample.paste(token, (1090 + j * 44, i * 110), token)
        token = _icon("port_token", 40, seat, colour)
        sample.paste(token, (1230, i * 110), token)
    return reference_palette(sample, [OCEAN, TILE_SEA, SEAM, SHALLOW, SAND, GRASS, BADGE, *COLOUR_RGB.values(),
                                      GRID, FRAME, BLOCKED, RULER, *CARD_FILL, *TOKEN_FILL])


def board(view: dict[str, Any]) -> bytes:
    lay = Layout(view)
    img, draw = canvas(lay.width, lay.height)
    _header(draw, view, lay.width)
    _rulers(draw, lay)
    _map(img, view, lay)
    sx0, sx1 = lay.width - SIDE_W, lay.width - 16
    _row(img, view, (sx0, 16, sx1, 206))
    inner_w = sx1 - sx0 - 24
    _counts(draw, view, (sx0 + 12, 214), inner_w)
    n = len(view["players"])
    players_h = 44 + n * 130
    _players(draw, view, (sx0, 262, sx1, 262 + players_h))
    legend_y = lay.height - 16 - 62
    _log(draw, view, (sx0, 262 + players_h + 10, sx1, legend_y - 8))
    _legend(img, (sx0 + 10, legend_y + 8), inner_w)
    return encode_png(img, _palette())


# -- the private picture -------------------------------------------------------------------------

PRIVATE_WIDTH = 1200


def _fits(view: dict[str, Any], tile: str) -> list[list[tuple[int, int]]]:
    """For each rotation of a hand tile, the cells where it matches its neighbours (B2)."""
    grid = {key(t["x"], t["y"]): t for t in view["grid"]}
    needs = []
    for x, y in (tuple(c) for c in view["candidates"]):
        need = constraint(grid, x, y)
        if need is not None:
            needs.append(((x, y), need))
    ring = _face(tile)["ring"]
    return [[c for c, need in needs if fits(rotate(ring, q), need)] for q in range(4)]


def _features(tile: str) -> str:
    f = _face(tile)
    bits = list(f["resources"])
    if f["temple"]:
        bits.append("temple")
    if f["port"]:
        bits.append("port")
    if f["house"]:
        bits.append("house symbol")
    return ", ".join(bits) or "no icons"


def _card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: str, tag: str, lit: bool) -> None:
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=CARD_FILL[0] if lit else CARD_FILL[1],
                           outline=ACCENT if lit else MUTED, width=3 if lit else 2)
    text(draw, (x0 + 12, y0 + 10), card, 18, bold=True)
    text(draw, (x1 - 12, y0 + 12), tag, 14, fill=ACCENT if lit else MUTED, anchor="ra", bold=True)
    lines = wrap_text(card_text(card), 15, x1 - x0 - 24)
    for i, line in enumerate(lines[:4]):
        text(draw, (x0 + 12, y0 + 38 + i * 19), line, 15)


def _token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], pp: int, lit: bool) -> None:
    x, y = xy
    draw.ellipse((x - 26, y - 26, x + 26, y + 26), fill=TOKEN_FILL[1] if lit else TOKEN_FILL[0],
                 outline=ACCENT if lit else INK, width=3)
    text(draw, (x, y - 3), str(pp), 22, anchor="mm", bold=True)
    text(draw, (x, y + 15), "PP", 11, anchor="mm")


def private(view: dict[str, Any]) -> bytes:
    """The seat's hand tiles in all four rotations with where each fits, its objective cards and its
    discovery tokens."""
    seat = view["seat"]
    players = view["players"]
    me = players[seat]
    hand = list(view.get("hand", []))
    held = view.get("held") or {}
    now = view.get("now") or {}
    tokens = view.get("discovery") or []
    drawn = view.get("discovery_drawn") or []
    slot_w = (PRIVATE_WIDTH - 40 - 250) // 4
    tile_h = HAND_CELL + 66
    hand_h = 48 + max(1, len(hand)) * tile_h
    kinds = [k for k in ("objective", "mission", "reward") if k in held or k in now]
    rows = [[(k, c, "play now") for c in [now.get(k)] if c] + [(k, c, "held") for c in held.get(k, [])]
            for k in kinds]
    rows = [r[:3] for r in rows if r]  # one row per kind of card: at most 3 (PREP) or now + next
    card_rows = max(1, len(rows))
    cards_h = 48 + card_rows * 128
    tokens_h = 48 + 70 + (90 if drawn else 0)
    top = 96
    height = top + hand_h + 14 + cards_h + 14 + tokens_h + 16
    img, draw = canvas(PRIVATE_WIDTH, height)
    seat_marker(draw, (36, 34), 14, seat, fill=_colour(me))
    text(draw, (60, 34), f"Your tiles, cards and tokens - Seat {seat + 1} ({me['colour']})", 24, anchor="lm",
         bold=True)
    result = view.get("result")
    score = f"{result['scores'][seat]} PP final" if result and seat < len(result["scores"]) else f"{me['pp']} PP"
    text(draw, (PRIVATE_WIDTH - 24, 34), score, 24, anchor="rm", bold=True)
    status = _status(view)
    if seat in view["to_move"] and view["result"] is None:
        status = "Your move. " + status
    text(draw, (24, 64), clip_text(status, 16, PRIVATE_WIDTH - 48), 16, fill=ACCENT if seat in view["to_move"] else INK)

    x0, y0, x1, _ = panel(draw, (12, top, PRIVATE_WIDTH - 12, top + hand_h),
                          f"Tiles in your hand: {len(hand)}, in all four turns "
                          "(rot = quarter-turns right, as /play takes it)",
                          size=19)
    if not hand:
        text(draw, (x0, y0 + 10), "Your hand is empty.", 17, fill=MUTED)
    for i, tile in enumerate(hand):
        y = y0 + i * tile_h + 4
        text(draw, (x0, y + 4), tile, 24, bold=True)
        text(draw, (x0, y + 36), _shape(tile), 17)
        for j, line in enumerate(wrap_text(_features(tile), 15, 220)[:3]):
            text(draw, (x0, y + 62 + j * 20), line, 15, fill=MUTED)
        where = _fits(view, tile) if view["grid"] else [[(0, 0)]] * 4
        for q in range(4):
            sx = x0 + 240 + q * slot_w
            cells = where[q]
            img.paste(_sprite(tile, q, HAND_CELL), (sx, y))
            draw.rectangle((sx, y, sx + HAND_CELL - 1, y + HAND_CELL - 1), outline=INK if cells else MUTED, width=1)
            text(draw, (sx + HAND_CELL + 8, y + 4), f"rot {q}", 17, bold=True)
            text(draw, (sx + HAND_CELL + 8, y + 26), TURN_WORD[q], 13, fill=MUTED)
            label = f"fits {len(cells)} cell{'s' if len(cells) != 1 else ''}" if cells else "fits nowhere"
            text(draw, (sx + HAND_CELL + 8, y + 48), label, 14, fill=INK if cells else ACCENT)
            spots = " ".join(f"({c[0]},{c[1]})" for c in cells)
            lines = list(wrap_text(spots, 14, slot_w - 10))
            if len(lines) > 2:  # more cells than two lines hold: the rest are counted above
                lines = [lines[0], lines[1] + " ..."]
            for k, line in enumerate(lines):
                text(draw, (sx, y + HAND_CELL + 6 + k * 18), clip_text(line, 14, slot_w - 10), 14)

    y = top + hand_h + 14
    title = "Your objective cards" if "objective" in kinds else "Your mission and reward cards"
    if view["phase"] == "prep" and not me["chosen"]:
        title += ": choose one to play now and one to keep for next round"
    x0, y0, x1, _ = panel(draw, (12, y, PRIVATE_WIDTH - 12, y + cards_h), title, size=19)
    if not rows:
        text(draw, (x0, y0 + 10), "No cards in hand.", 17, fill=MUTED)
    card_w = (x1 - x0 - 24) // 3
    for i, j, (kind, card, tag) in ((i, j, c) for i, row in enumerate(rows) for j, c in enumerate(row)):
        cx, cy = x0 + j * (card_w + 12), y0 + i * 128
        label = f"{kind} - {tag}" if kind != "objective" else tag
        _card(draw, (cx, cy, cx + card_w, cy + 116), card, label, tag == "play now")

    y += cards_h + 14
    total = sum(t["pp"] for t in tokens)
    x0, y0, x1, _ = panel(draw, (12, y, PRIVATE_WIDTH - 12, y + tokens_h),
                          f"Your discovery tokens: {len(tokens)}, worth {total} PP at the end (secret)", size=19)
    if not tokens:
        text(draw, (x0, y0 + 20), "None yet: Discovery rewards draw one per temple on the island, you keep one.",
             16, fill=MUTED)
    for i, t in enumerate(tokens[:18]):
        _token(draw, (x0 + 30 + i * 64, y0 + 32), t["pp"], False)
    if drawn:
        yy = y0 + 76
        text(draw, (x0, yy), "You drew these: keep one (the rest go back)", 17, fill=ACCENT, bold=True)
        for i, t in enumerate(drawn):
            _token(draw, (x0 + 400 + i * 100, yy + 10), t["pp"], True)
            text(draw, (x0 + 400 + i * 100, yy + 48), t["id"], 13, anchor="mm")
    return encode_png(img, _palette())
