"""Small Islands tiles as printed (land, coast, icons, ports) and what players lay on them."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from games.small_islands.data import FACES
from games.small_islands.tiles import rotate
from renderers.common import icon_drawn
from renderers.small_islands.icons import house_icon, icon, ship_icon
from renderers.small_islands.style import GRASS, RESOURCE_RGB, SAND, SEAM, SHALLOW, TILE_SEA

# -- tiles ---------------------------------------------------------------------------------------

BLOB = 0.34    # the centre's land, as a fraction of the cell
BAND = 0.46    # the width of land crossing a land edge
EDGE_DIR = {0: (0, -1), 2: (1, 0), 4: (0, 1), 6: (-1, 0)}
CORNER_DIR = {1: (1, -1), 3: (1, 1), 5: (-1, 1), 7: (-1, -1)}


def _ramp(t: int, k: int) -> list[int]:
    return [0 if v <= t - k else 255 if v >= t + k else round((v - (t - k)) * 255 / (2 * k)) for v in range(256)]


SHALLOW_LUT, SAND_LUT, GRASS_LUT = _ramp(26, 14), _ramp(128, 14), _ramp(212, 14)


@lru_cache(maxsize=512)
def land(ring: str, s: int) -> Image.Image:
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


def face(tile: str) -> dict[str, Any]:
    return FACES.get(tile) or {"resources": [], "temple": 0, "port": 0, "house": 0, "ring": "SSSSSSSS"}


def land_items(tile: str) -> list[str]:
    f = face(tile)
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


@lru_cache(maxsize=256)  # ~50 KB each: the tiles of a few maps at their cell sizes
def tile_sprite(tile: str, rot: int, s: int) -> Image.Image:
    """A landscape or starting tile as printed, turned `rot` quarter-turns: land, icons, printed ports."""
    f = face(tile)
    ring = rotate(f["ring"], rot)
    img = land(ring, s).copy()
    items = land_items(tile)
    d = _icon_size(s, len(items))
    draw = ImageDraw.Draw(img)
    for item, (ox, oy) in zip(items, _slots(len(items)), strict=False):
        sprite = icon(item, d)
        x, y = round(s * (0.5 + ox) - d / 2), round(s * (0.5 + oy) - d / 2)
        img.paste(sprite, (x, y), sprite)
        icon_drawn(draw, (x, y, x + d, y + d), item, d)
    pd = _port_size(s)
    for (px, py) in _port_spots(ring)[:f["port"]]:
        port = icon("port", pd)
        img.paste(port, (round(s * px - pd / 2), round(s * py - pd / 2)), port)
    return img


def icon_spots(t: dict[str, Any]) -> list[tuple[float, float, float]]:
    """Where a laid tile's icons are, as (x, y, half their size) in cells from its top left: its land icons, then its
    ports, printed and tokens (as `tile_sprite` and `overlays` draw them)."""
    items = land_items(t["tile"])
    half = _icon_size(100, len(items)) / 200
    spots = _port_spots(t["ring"])
    ports = [spots[n % len(spots)] for n in range(t["ports"] + len(t["port_tokens"]))]
    return [(0.5 + ox, 0.5 + oy, half) for ox, oy in _slots(len(items))[:len(items)]] + \
        [(px, py, _port_size(100) / 200) for px, py in ports]


def _port_size(s: int) -> int:
    return max(16, round(s * 0.24))


@lru_cache(maxsize=64)
def _sea_tile(s: int) -> Image.Image:
    img = Image.new("RGB", (s, s), TILE_SEA)
    ImageDraw.Draw(img).rectangle((0, 0, s - 1, s - 1), outline=SEAM, width=1)
    return img


def ship_tile(s: int, colour: str, seat: int) -> Image.Image:
    img = _sea_tile(s).copy()
    ship = ship_icon(round(s * 0.9), colour, seat)
    img.paste(ship, (round(s * 0.05), round(s * 0.05)), ship)
    return img


def overlays(img: Image.Image, t: dict[str, Any], x: int, y: int, s: int, players: list[dict[str, Any]]) -> None:
    """What players added to a tile: houses on its symbols, resource and port tokens."""
    items = land_items(t["tile"])
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
                token = icon(f"token:{t['res'][res_i]}", d, covered, colour)
                img.paste(token, (round(cx - d / 2), round(cy - d / 2)), token)
            res_i += 1
    symbols = [slot for item, slot in zip(items, slots, strict=False) if item == "symbol"]
    for n, seat in enumerate(t["houses"]):
        ox, oy = symbols[n] if n < len(symbols) else (0.0, 0.3)
        hd = round(d * 1.15)
        colour = players[seat]["colour"] if 0 <= seat < len(players) else ""
        house = house_icon(hd, seat, colour)
        img.paste(house, (round(x + s * (0.5 + ox) - hd / 2), round(y + s * (0.5 + oy) - hd / 2 - d * 0.08)), house)
    if t["port_tokens"]:
        spots = _port_spots(t["ring"])
        pd = _port_size(s)
        for n, seat in enumerate(t["port_tokens"]):
            px, py = spots[(t["ports"] + n) % len(spots)]
            colour = players[seat]["colour"] if 0 <= seat < len(players) else ""
            token = icon("port_token", pd, seat, colour)
            img.paste(token, (round(x + s * px - pd / 2), round(y + s * py - pd / 2)), token)
