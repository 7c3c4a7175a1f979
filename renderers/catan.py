"""Catan pictures: the island with its pieces and robber, made to be read in Discord's chat column; and a hand.

The board is the island alone (whose turn, scores, the bank and the last roll go beside it as text: see
renderers.text.catan), 840 px wide, so every word on it is at least 11 px tall shown 550 px wide.  Hexes are
named by their letter (the two-step pick's first step); intersections and paths by the engine numbers a move
takes, drawn on tags only where the player to move may build (`choices`), and on a zoomed picture of one hex
when the player picks in two steps.  The island (sea, terrain, number tokens with pips, harbors) depends
only on the layout, which never changes in a game, so it is drawn once per layout and reused.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.catan.board import GEOMETRY, RESOURCES, pips
from games.catan.table import DEV_NAMES
from games.core import Action
from renderers.cast import Cast
from renderers.common import (
    ACCENT,
    INK,
    PAPER,
    PHONE,
    SEAT_COLOUR_NAMES,
    WHITE,
    Point,
    canvas,
    encode_png,
    ink_on,
    legible,
    paste,
    reference_palette,
    seat_colour,
    seat_marker,
    tag,
    text,
    wrap_text,
    zoom,
)
from renderers.narrator.catan import told

WIDTH = HEIGHT = 840
SIZE = 80  # hex radius in px
CENTRE = (420, 420)
SMALL = legible(WIDTH)
"""The smallest text on the board: 17 px, 11 px at 550 px wide."""
SEA = (100, 115, 138)
TERRAIN_FILL = {"forest": (28, 55, 24), "pasture": (218, 249, 202), "fields": (255, 245, 190),
                "hills": (102, 56, 49), "mountains": (94, 92, 98), "desert": (255, 248, 226)}
"""Dark or pale, and never as bright as a seat colour: a piece stands out on every terrain under colour-vision
deficiency too (tests/renderers/test_colour_vision.py); the word on each hex names its resource."""
RESOURCE_FILL = {"lumber": TERRAIN_FILL["forest"], "wool": TERRAIN_FILL["pasture"], "grain": TERRAIN_FILL["fields"],
                 "brick": TERRAIN_FILL["hills"], "ore": TERRAIN_FILL["mountains"]}
TOKEN = (250, 240, 215)
ROBBER = (40, 40, 40)
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
    text(draw, (cx, cy + SIZE * 0.6), TERRAIN_WORD[terrain], SMALL, on=fill, fill=ink_on(fill), anchor="mm")
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
    paste(img, tile, (round(cx - tile.width / 2), round(cy - tile.height / 2)), tile)


@lru_cache(maxsize=1)  # the table just drawn: with many tables it never hits (a whole picture each)
def _island(terrain: tuple[str, ...], tokens: tuple[int | None, ...], harbors: tuple[str, ...]) -> Image.Image:
    """One game's layout, drawn once: sea, harbors, and hexes with their letters; each board draws its pieces
    over it."""
    img = _sea().copy()
    draw = ImageDraw.Draw(img)
    for path, kind in zip(GEOMETRY.harbor_paths, harbors, strict=True):
        _harbor(draw, path, kind)
    for h, kind in enumerate(terrain):
        _paste_tile(img, h, kind, tokens[h])
        cx, cy = _hex_centre(h)
        fill = TERRAIN_FILL[kind]
        text(draw, (cx, cy - SIZE * 0.55), GEOMETRY.hex_labels[h], 22, on=fill, fill=ink_on(fill), anchor="mm",
             bold=True)
    return img


def _token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], number: int) -> None:
    cx, cy = centre
    r = SIZE * 0.3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN, outline=(90, 80, 60), width=2)
    hot = number in (6, 8)
    text(draw, (cx, cy - 4), str(number), 26 if hot else 23, on=TOKEN, fill=ACCENT if hot else INK, anchor="mm",
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
    draw.ellipse((hx - 32, hy - 32, hx + 32, hy + 32), fill=fill, outline=INK, width=2)
    label = "3:1" if kind == "any" else "2:1"
    text(draw, (hx, hy - 9), label, SMALL, on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    text(draw, (hx, hy + 10), "any" if kind == "any" else kind, SMALL, on=fill, fill=ink_on(fill), anchor="mm")


def _road(draw: ImageDraw.ImageDraw, p: int, owner: int) -> None:
    """A road: the seat's colour inside a dark outline and a white halo, so it reads on every terrain."""
    a, b = (_node(v) for v in GEOMETRY.paths[p])
    draw.line((a, b), fill=WHITE, width=19)
    draw.line((a, b), fill=INK, width=13)
    draw.line((a, b), fill=seat_colour(owner), width=8)


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Roads, the robber, then buildings: each seat's colour in its own shape, a city on a dark plinth."""
    for p, owner in enumerate(view["roads"]):
        if owner is not None:
            _road(draw, p, owner)
    rx, ry = _hex_centre(view["robber"])
    rx += SIZE * 0.45
    draw.ellipse((rx - 15, ry - 22, rx + 15, ry + 22), fill=ROBBER, outline=(230, 230, 230), width=2)
    text(draw, (rx, ry), "R", 18, on=ROBBER, fill=WHITE, anchor="mm", bold=True)
    for v, building in enumerate(view["buildings"]):
        if building is None:
            continue
        x, y = _node(v)
        seat, level = building
        if level == 2:
            draw.rounded_rectangle((x - 25, y - 25, x + 25, y + 25), radius=7, fill=INK, outline=WHITE, width=2)
            seat_marker(draw, (x, y), 20, seat, outline=WHITE)
        else:
            seat_marker(draw, (x, y), 18, seat)


def place_label(view: dict[str, Any], action: Action) -> str | None:
    """The id the picture shows for the place an action names (the same in every view)."""
    return _label(action)


def _label(action: Action) -> str | None:
    """The id the picture shows for the place an action names: an intersection or path number, a hex letter."""
    if "node" in action:
        return str(action["node"])
    if "path" in action:
        return str(action["path"])
    if "hex" in action:
        return GEOMETRY.hex_labels[action["hex"]]
    return None


def _place_xy(action: Action) -> Point | None:
    if "node" in action:
        return _node(action["node"])
    if "path" in action:
        (ax, ay), (bx, by) = (_node(v) for v in GEOMETRY.paths[action["path"]])
        return (ax + bx) / 2, (ay + by) / 2
    if "hex" in action:
        x, y = _hex_centre(action["hex"])
        return x, y - SIZE * 0.55
    return None


def _tags(choices: Sequence[Action], *, hexes: bool) -> list[tuple[Point, str]]:
    """Each place the choices name, once, with its id; hexes only when asked (the board letters them all)."""
    out: dict[str, tuple[Point, str]] = {}
    for action in choices:
        xy, label = _place_xy(action), _label(action)
        if xy is not None and label is not None and (hexes or "hex" not in action):
            out[label] = (xy, label)
    return list(out.values())


def _map(view: dict[str, Any]) -> Image.Image:
    img = _island(tuple(view["terrain"]), tuple(view["tokens"]), tuple(view["harbors"])).copy()
    _pieces(ImageDraw.Draw(img), view)
    return img


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    """The island with its pieces; the ids of the intersections and paths `choices` name on tags."""
    img = _map(view)
    draw = ImageDraw.Draw(img)
    for xy, label in _tags(choices, hexes=False):
        tag(draw, xy, label, SMALL)
    return encode_png(img, _palette())


def area(view: dict[str, Any], name: str, choices: Sequence[Action]) -> bytes:
    """The hex `name` ("hex K") and its edges zoomed, with the id of every place `choices` name there."""
    h = GEOMETRY.hex_labels.index(name.removeprefix("hex "))
    cx, cy = _hex_centre(h)
    r = SIZE * 1.4
    return zoom(_map(view), (cx - r, cy - r, cx + r, cy + r), _tags(choices, hexes=True))


PRIVATE_WIDTH = 700
PRIVATE_SMALL = legible(PRIVATE_WIDTH, PHONE)
"""The smallest text of a hand: it is read on a phone, where a player decides what to build and trade."""


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """One player's hand: resource cards, development cards (new ones marked), trade rates, news (told to the
    cast's reader: "bob stole 1 wool from you"); every word readable at a phone's 350 px."""
    width, small, step = PRIVATE_WIDTH, PRIVATE_SMALL, PRIVATE_SMALL + 10
    news = told(view["news"][-4:], cast, view)
    rows = [(DEV_NAMES[k], n, view["new_dev"].get(k, 0)) for k, n in view["dev_hand"].items()]
    lines = [wrap_text(f"{n} x {name}" + (f" ({new} new: not playable this turn)" if new and name != "Victory Point"
                                           else "") if n else name, small, width - 40)
             for name, n, new in rows or [("none", 0, 0)]]
    wrapped = [wrap_text(line, small, width - 40) for line in news]
    height = 300 + step * sum(map(len, lines)) + (50 + step * sum(map(len, wrapped)) if news else 0)
    img, draw = canvas(width, height)
    seat = view["seat"]
    seat_marker(draw, (34, 36), 18, seat)
    text(draw, (62, 36), f"Your hand ({SEAT_COLOUR_NAMES[seat]}), {view['vp_total']} VP",
         small + 4, on=PAPER, anchor="lm", bold=True, within=(62, 8, width - 16, 64), smallest=small)
    for i, r in enumerate(RESOURCES):
        x = 16 + i * 136
        fill = RESOURCE_FILL[r]
        ink = ink_on(fill)
        draw.rounded_rectangle((x, 72, x + 128, 222), radius=10, fill=fill, outline=INK, width=2)
        text(draw, (x + 64, 100), r, small, on=fill, fill=ink, anchor="mm", bold=True)
        text(draw, (x + 64, 148), str(view["hand"][r]), 44, on=fill, fill=ink, anchor="mm", bold=True)
        text(draw, (x + 64, 198), f"bank {view['rates'][r]}:1", small, on=fill, fill=ink, anchor="mm")
    y = 240 - 14
    for heading, blocks in [("Development cards", lines), *([("Lately", wrapped)] if news else [])]:
        y += 14
        text(draw, (20, y), heading, small, on=PAPER, bold=True)
        y += step + 6
        for line in (line for block in blocks for line in block):
            text(draw, (20, y), line, small, on=PAPER)
            y += step
    return encode_png(img)
