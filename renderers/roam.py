"""ROAM pictures: the 6x6 map of six land cards, each with its character's plate (slot, name, points and
search pattern) beside it, coins and markers; and each player's map turned so that their own edge is at the
bottom, where patterns read as printed on the cards (A5.6), above a strip of that player's own characters.

Made for Discord's chat column: 800 px wide, no text on the board under 16 px (11 px at 550 px wide), none on a
player's own map under 26 px (11 px at a phone's 350 px), where its plates give slot, points and pattern and
leave the names to the board; the players, scores and artifacts go beside it as text (renderers.text.roam).
Every square is named in its corner; where the player to move may put a marker (`choices`) the name is on a
tag, as on the zoomed picture of one card.

A pattern is drawn as on the card: forward is up, a filled square is a marker, the dotted one is the
key marker (it goes on the anchor square), a hollow square is a blank (a coin to fill it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import Action
from games.roam.data import CARDS, short_name
from games.roam.geometry import EDGE_NAMES, parse_square, slot_of
from renderers.cast import Cast
from renderers.common import (
    ACCENT,
    COLOUR_RGB,
    INK,
    MUTED,
    PAPER,
    PHONE,
    RGB,
    WHITE,
    Point,
    canvas,
    encode_png,
    frame,
    icon_drawn,
    legible,
    panel,
    paste,
    plural,
    reference_palette,
    seat_marker,
    tag,
    text,
    text_width,
    wrap_text,
    zoom,
)

WIDTH = 800
SMALL = legible(WIDTH)
"""The smallest text of the board: 16 px, 11 px at 550 px wide."""
HAND_SMALL = legible(WIDTH, PHONE)
"""The smallest text of a player's own picture, read on a phone where they decide."""
PATTERN_CELL = 18
"""A pattern's square on a plate: 7.9 px at a phone's 350 px (its drawn square 7.4 px), where the book's pictures
and a player's own map are read; at 16 px the square drawn was 6.6 px and its key dot a smudge."""
CELL = 100
MAP_X, MAP_Y = 100, 60
PLATE = 88  # the band above each row of cards that holds their characters' plates: a pattern four squares tall
GOLD = (222, 172, 40)
LAND = ((255, 247, 230), (236, 255, 224))  # alternate slots, so the card edges show
PLATE_FILL = (250, 244, 226)
NO_CARD = (150, 150, 150)
COLUMNS = "ABCDEF"
HAND_STEP = 185
"""How far apart a player's characters stand in their strip."""


def _display(r: int, c: int, edge: str) -> tuple[int, int]:
    """Where map square (r, c) is drawn for a viewer at `edge`: their edge at the bottom."""
    if edge == "N":
        return 5 - r, 5 - c
    if edge == "W":
        return 5 - c, r
    if edge == "E":
        return c, 5 - r
    return r, c


def _card_rows(edge: str) -> int:
    """How many squares tall a card is drawn: 3 when the viewer sits north or south, else 2."""
    return 3 if edge in "NS" else 2


def _row_y(dr: int, edge: str) -> int:
    """The top of display row `dr`: each row of cards has its plate band above it."""
    return MAP_Y + dr * CELL + PLATE * (dr // _card_rows(edge) + 1)


def _map_bottom(edge: str) -> int:
    return _row_y(5, edge) + CELL


def _height(edge: str) -> int:
    """The picture's height for a viewer at `edge`: turned east or west, the map has three rows of plates."""
    return _map_bottom(edge) + 42


HEIGHT = _height("S")
"""The board's height: the map from the south edge."""


def _box(r: int, c: int, edge: str) -> tuple[int, int, int, int]:
    dr, dc = _display(r, c, edge)
    x, y = MAP_X + dc * CELL, _row_y(dr, edge)
    return x, y, x + CELL, y + CELL


def _slot_box(slot: int, edge: str) -> tuple[int, int, int, int]:
    rows, cols = range(3 * (slot // 3), 3 * (slot // 3) + 3), range(2 * (slot % 3), 2 * (slot % 3) + 2)
    boxes = [_box(r, c, edge) for r in rows for c in cols]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, player: dict[str, Any]) -> None:
    seat_marker(draw, centre, radius, player["seat"], fill=COLOUR_RGB[player["colour"]])


def _pattern_size(normal: list[list[int]] | tuple[tuple[int, int], ...],
                  blank: list[list[int]] | tuple[tuple[int, int], ...], cell: int) -> tuple[int, int]:
    cells = [*normal, *blank]
    return ((max(x for x, _ in cells) + 1) * cell, (max(y for _, y in cells) + 1) * cell)


def _pattern(draw: ImageDraw.ImageDraw, xy: tuple[int, int], normal: list[list[int]] | tuple[tuple[int, int], ...],
             blank: list[list[int]] | tuple[tuple[int, int], ...], colour: tuple[int, int, int], cell: int = 12,
             up: bool = True) -> None:
    """A character's pattern as on the card: forward is up, the key marker dotted, blanks hollow."""
    cells = [(x, y, "n") for x, y in normal] + [(x, y, "b") for x, y in blank]
    top = max(y for _, y, _ in cells)
    key = tuple(normal[0])
    for x, y, kind in cells:
        cx, cy = xy[0] + x * cell, xy[1] + (top - y) * cell
        if kind == "n":
            draw.rectangle((cx, cy, cx + cell - 2, cy + cell - 2), fill=colour if up else MUTED, outline=INK)
            if (x, y) == key:  # a white dot: the key marker, which goes on the anchor square
                r, mx, my = max(2, cell // 4), cx + (cell - 2) / 2, cy + (cell - 2) / 2
                draw.ellipse((mx - r, my - r, mx + r, my + r), fill=WHITE, outline=INK)
        else:
            draw.rectangle((cx + 1, cy + 1, cx + cell - 3, cy + cell - 3), fill=WHITE, outline=INK)
    width, height = _pattern_size(normal, blank, cell)  # measured by its drawn square, a pixel short of a cell
    icon_drawn(draw, (xy[0], xy[1], xy[0] + width, xy[1] + height), "pattern", cell - 1)


def _plate(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], slot: int,
           card: tuple[str, str, int] | None, small: int) -> None:
    """A land card's character as it may be claimed: slot, name, points and pattern, above the card; with text
    as large as a phone needs (`small` above SMALL), the slot and points only, the name being on the board."""
    x0, y0, x1, y1 = box
    frame(draw, box, outline=INK, width=2, fill=PLATE_FILL, radius=6)
    inside = (x0 + 6, y0 + 4, x1 - 6, y1 - 4)
    if card is None:
        text(draw, (x0 + 8, y0 + 8), f"[{slot + 1}] no card" if small > SMALL else f"[{slot + 1}] no card: none to "
             "claim", small, on=PLATE_FILL, fill=MUTED, within=inside, smallest=small)
        return
    card_id, name, vp = card
    data = CARDS.get(card_id)
    pw = 0
    if data is not None:
        pw, ph = _pattern_size(data.normal, data.blank, PATTERN_CELL)
        _pattern(draw, (x1 - 8 - pw, y0 + (y1 - y0 - ph) // 2), data.normal, data.blank, (120, 120, 120),
                 PATTERN_CELL)
    words = (x0 + 6, y0 + 4, x1 - 14 - pw, y1 - 4)
    if small > SMALL:
        text(draw, (x0 + 8, y0 + 4), f"[{slot + 1}]", small, on=PLATE_FILL, bold=True, within=words, smallest=small)
        text(draw, (x0 + 8, y0 + 6 + small), plural(vp, "point"), small, on=PLATE_FILL, within=words, smallest=small)
        return
    text(draw, (x0 + 8, y0 + 4), f"[{slot + 1}] {plural(vp, 'point')}", 18, on=PLATE_FILL, bold=True,
         within=words, smallest=SMALL)
    for i, line in enumerate(wrap_text(name, SMALL, words[2] - words[0] - 4)[:2]):
        text(draw, (x0 + 8, y0 + 25 + i * 18), line, SMALL, on=PLATE_FILL, within=words, smallest=SMALL)


Slots = tuple[tuple[str, str, int] | None, ...]
"""Each slot's card as (id, name, points), or None: what the fixed part of the map depends on."""


@lru_cache(maxsize=1)  # the view just drawn: with many tables it never hits (a whole picture each)
def _land(edge: str, slots: Slots, small: int) -> Image.Image:
    """The map's fixed part for a viewer at `edge`: the title, squares and their names, card borders and each
    card's plate, words `small` px at least.  Coins, markers, anchors and the seats' names change; they go on
    top."""
    img, draw = canvas(WIDTH, _height(edge))
    _title(draw, edge, small)
    for r in range(6):
        for c in range(6):
            x0, y0, x1, y1 = _box(r, c, edge)
            slot = 3 * (r // 3) + c // 2
            fill = NO_CARD if slots[slot] is None else LAND[(slot + slot // 3) % 2]
            draw.rectangle((x0, y0, x1, y1), fill=fill, outline=(120, 110, 90), width=1)
            text(draw, (x0 + 6, y0 + 4), f"{COLUMNS[c]}{r + 1}", small, on=fill,
                 fill=INK if slots[slot] is None else MUTED)
    for slot in range(6):  # card borders, and each card's character on its plate
        x0, y0, x1, y1 = _slot_box(slot, edge)
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=4)
        _plate(draw, (x0 + 2, y0 - PLATE + 4, x1 - 2, y0 - 4), slot, slots[slot], small)
    return img


def _names(draw: ImageDraw.ImageDraw, view: dict[str, Any], edge: str, cast: Cast, small: int) -> None:
    """Each seat's name (as `cast` says it: "you" on a player's own picture) at its edge of the map, cut to the
    room beside the map."""
    bottom = _map_bottom(edge)
    mid_x, mid_y = MAP_X + 3 * CELL, (MAP_Y + bottom) / 2
    where = {"S": ((mid_x, bottom + 18), "mm"), "N": ((mid_x, MAP_Y - 14), "mm"),
             "W": ((MAP_X - 10, mid_y), "rm"), "E": ((MAP_X + 6 * CELL + 10, mid_y), "lm")}
    size = max(18, small)
    room = (4, 0, WIDTH - 4, _height(edge))
    seats = tuple((p["edge"], cast.short(p["seat"])) for p in view["players"])
    for side, label in _edge_labels(seats, edge):
        (x, y), anchor = where[side]
        lines = [label] if side in "NS" else label.split(" ", 1)  # beside the map: the edge above the name
        for i, line in enumerate(lines):
            text(draw, (x, y + (i - (len(lines) - 1) / 2) * (size + 4)), line, size, on=PAPER, anchor=anchor,
                 bold=True, within=room, smallest=small)


def _map(img: Image.Image, view: dict[str, Any], edge: str, cast: Cast, small: int = SMALL) -> None:
    """The fixed part of the map, then the seats' names, the coins, the anchors a chosen character may take, and
    the markers."""
    slots = tuple((s["card"], s["name"], s["vp"]) if s else None for s in view["slots"])
    paste(img, _land(edge, slots, small), (0, 0))
    draw = ImageDraw.Draw(img)
    _names(draw, view, edge, cast, small)
    players = view["players"]
    anchors = set((view.get("placing") or {}).get("anchors") or [])
    for r in range(6):
        for c in range(6):
            x0, y0, x1, y1 = _box(r, c, edge)
            for i in range(view["coins_map"][r][c] or 0):
                cx, cy = x1 - 16 - i * 22, y0 + 14
                draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=GOLD, outline=INK)
            if f"{COLUMNS[c]}{r + 1}" in anchors:
                draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=ACCENT, width=4)
            stack = view["map"][r][c]
            for k, owner in enumerate(stack):
                shift = (k - (len(stack) - 1) / 2) * 28
                _marker(draw, ((x0 + x1) / 2 + shift, (y0 + y1) / 2 + 10), 24, players[owner])


def _edge_labels(seats: tuple[tuple[str, str], ...], edge: str) -> list[tuple[str, str]]:
    """Each seat's name beside its edge of the map ("W: alice"), as the map is turned: (drawn side, label)."""
    turn = {"S": {"S": "S", "W": "W", "N": "N", "E": "E"}, "N": {"S": "N", "W": "E", "N": "S", "E": "W"},
            "W": {"S": "E", "W": "S", "N": "W", "E": "N"}, "E": {"S": "W", "W": "N", "N": "E", "E": "S"}}[edge]
    return [(turn[side], f"{side}: {name}") for side, name in seats]


def _strip_rows(p: dict[str, Any]) -> int:
    return max(1, -(-len(p["characters"]) // ((WIDTH - 64) // HAND_STEP)))


HAND_CELL = 24
"""A pattern's square in a player's strip of characters."""
HAND_ROW = 4 * HAND_CELL + 3 * HAND_SMALL + 24
"""The height of a row of the strip: the tallest pattern, the points and a name on two lines."""


def _strip_height(p: dict[str, Any]) -> int:
    return HAND_SMALL + 40 + HAND_ROW * _strip_rows(p)


def _characters(draw: ImageDraw.ImageDraw, xy: tuple[int, int], right: int, p: dict[str, Any]) -> None:
    """A player's characters in rows, each its pattern (as large as a phone needs), its points and its name as the
    moves that choose it say it ("Scout"): the three starting ones too."""
    colour = COLOUR_RGB[p["colour"]]
    per = max(1, (right - xy[0]) // HAND_STEP)
    for i, card in enumerate(p["characters"]):
        cx, y = xy[0] + (i % per) * HAND_STEP, xy[1] + (i // per) * HAND_ROW
        _pattern(draw, (cx, y), card["normal"], card["blank"], colour, HAND_CELL, card["up"])
        top = y + 4 * HAND_CELL + 6
        room = (cx - 2, top, cx + HAND_STEP - 8, y + HAND_ROW)
        text(draw, (cx, top), plural(card["vp"], "point"), HAND_SMALL, on=WHITE, fill=INK if card["up"] else MUTED,
             within=room, smallest=HAND_SMALL)
        for k, line in enumerate(wrap_text(short_name(card["card"]), HAND_SMALL, HAND_STEP - 12)[:2]):
            text(draw, (cx, top + (k + 1) * (HAND_SMALL + 4)), line, HAND_SMALL, on=WHITE, within=room,
                 smallest=HAND_SMALL)


def _title(draw: ImageDraw.ImageDraw, edge: str, small: int) -> None:
    turned = "" if edge == "S" else f" - turned: the {EDGE_NAMES[edge]} edge at the bottom"
    text(draw, (20, 4), "ROAM" + turned, max(20, small), on=PAPER, bold=True)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every ROAM picture (choosing one per picture costs ~20 ms)."""
    sample, _ = canvas(WIDTH, _height("W") + 400)
    return reference_palette(sample, [*LAND, NO_CARD, GOLD, PLATE_FILL, *COLOUR_RGB.values(), (120, 110, 90),
                                      (120, 120, 120)])


def _picture(view: dict[str, Any], edge: str, cast: Cast, extra: int = 0, small: int = SMALL
             ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img, draw = canvas(WIDTH, _height(edge) + extra)
    _map(img, view, edge, cast, small)
    return img, draw


def place_label(view: dict[str, Any], action: Action) -> str | None:
    """The id the picture shows for the place an action names (the same in every view)."""
    return _label(action)


def _label(action: Action) -> str | None:
    """The square an action names ("C4"), as the picture shows it: a Walking Stick's, the marker it moves."""
    name = action.get("square", action.get("from"))
    return name.upper() if parse_square(name) is not None else None


def _tags(choices: Sequence[Action], edge: str) -> list[tuple[Point, str]]:
    out: dict[str, tuple[Point, str]] = {}
    for action in choices:
        label = _label(action)
        square = parse_square(label)
        if square is not None and label is not None:
            x0, y0, _, _ = _box(*square, edge)
            # over the corner name (coins sit top right, markers in the middle)
            out[label] = ((x0 + 8 + text_width(label, SMALL) / 2, y0 + 6 + SMALL / 2), label)
    return list(out.values())


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    """The map from the south edge; the squares `choices` name carry their names on tags."""
    img, draw = _picture(view, "S", cast)
    for xy, label in _tags(choices, "S"):
        tag(draw, xy, label, SMALL)
    return encode_png(img, _palette())


def area(view: dict[str, Any], name: str, choices: Sequence[Action]) -> bytes:
    """One land card ("card 3") and its plate zoomed, with the name of every square `choices` name there."""
    slot = int(name.removeprefix("card ")) - 1
    x0, y0, x1, y1 = _slot_box(slot, "S")
    img, _ = _picture(view, "S", Cast([]))
    inside = [c for c in choices if (sq := parse_square(_label(c))) is not None and slot_of(sq) == slot]
    return zoom(img, (x0 - 8, y0 - PLATE, x1 + 8, y1 + 8), _tags(inside, "S"))


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """The map turned so this player's edge is at the bottom, and this player's characters named below it, every
    word and pattern large enough to read on a phone."""
    me = view["players"][view["seat"]]
    strip = _strip_height(me)
    img, draw = _picture(view, me["edge"], cast, strip, HAND_SMALL)
    top = _height(me["edge"])
    box = (20, top - 6, WIDTH - 20, top + strip - 14)
    inner = panel(draw, box, f"Your characters ({me['colour']}) - grey: used", size=HAND_SMALL)
    _characters(draw, (inner[0], inner[1] + 4), inner[2], me)
    return encode_png(img, _palette())


def seat_rgb(view: dict[str, Any]) -> list[RGB]:
    return [COLOUR_RGB[p["colour"]] for p in view["players"]]
