"""Small Islands icons, drawn large and scaled down: resources, temples, ports, houses, tokens and ships."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    blend,
    seat_marker,
)
from renderers.small_islands.style import BADGE, COLOUR_RGB, FLOWER, FRUIT, GREY_SHIP, HULL, LEAF, RESOURCE_RGB, STONE

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
def icon(kind: str, d: int, seat: int = -1, colour: str = "") -> Image.Image:
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
def house_icon(d: int, seat: int, colour: str) -> Image.Image:
    """A seat's house: its colour, outlined, with the seat's own marker shape on it in white, so houses are
    told apart without colour (a number would be too small to read on the map)."""
    img = icon("house", d, seat, colour).copy()
    seat_marker(ImageDraw.Draw(img), (d / 2, d * 0.64), max(3, d * 0.2), seat, fill=WHITE)
    return img


@lru_cache(maxsize=64)
def ship_icon(d: int, colour: str, seat: int) -> Image.Image:
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
