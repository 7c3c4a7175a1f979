"""Drawing helpers every board picture shares.

Seat colours are the games' one palette of names (games.colours), drawn in shades of the Okabe–Ito hues
that stay distinct under the common forms of colour blindness, from each other and from the terrain; every
seat also has its own marker shape, so a seat can be told apart without colour at all.  Text is set in Atkinson
Hyperlegible (a dependency, fontpkg-atkinson-hyperlegible), whose I, l and 1 differ, so that no id is misread
("I2" is not "12"); no system font is needed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from fontpkg_atkinson_hyperlegible import ROOT as FONT_ROOT
from PIL import Image, ImageDraw, ImageFont

from games.colours import SEAT_COLOURS as SEAT_COLOUR_WORDS
from games.grammar import ordinal as ordinal
from games.grammar import plural as plural

RGB = tuple[int, int, int]

INK: RGB = (33, 33, 33)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 247, 240)
MUTED: RGB = (95, 95, 95)
"""Secondary text and frames: dark enough for WCAG AA on white, paper and the pale seat tints."""
ACCENT: RGB = (184, 48, 30)

COLOUR_RGB: dict[str, RGB] = {
    "red": (195, 55, 25),      # a deep vermillion: white text on it reads
    "blue": (21, 77, 132),
    "yellow": (236, 199, 32),
    "green": (32, 164, 104),   # bluish green
    "purple": (224, 136, 187), # reddish purple
    "sky blue": (100, 200, 253),
}
"""What each seat colour name (games.colours) is drawn as: Okabe–Ito hues, their lightness and chroma moved
until each stays apart from the others and from every ground a piece stands on, under deuteranopia,
protanopia and tritanopia (tests/renderers/test_colour_vision.py)."""
SEAT_COLOUR_NAMES: tuple[str, ...] = SEAT_COLOUR_WORDS
SEAT_COLOURS: tuple[RGB, ...] = tuple(COLOUR_RGB[name] for name in SEAT_COLOUR_NAMES)
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


FONT_FILE = FONT_ROOT / "files" / "AtkinsonHyperlegible-Regular.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The one typeface of every picture at `size` px; `bold` is drawn with a stroke by `text`."""
    return ImageFont.truetype(str(FONT_FILE), size)


@lru_cache(maxsize=1)
def cap_ratio() -> float:
    """How tall a capital letter stands, as a fraction of the font's size (the height of "H")."""
    return -font(1000).getbbox("H", anchor="ls")[1] / 1000


def cap_height(size: float) -> float:
    """The cap height (px) of text set at `size` px."""
    return size * cap_ratio()


# The typeface covers Latin text but not every typographic dash, arrow or tick.
_PLAIN = str.maketrans({"–": "-", "—": "-", "→": "->", "←": "<-", "✓": "+", "×": "x",
                        "·": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "…": "..."})


def plain(s: str) -> str:
    """`s` with characters the typeface lacks replaced by ones it has."""
    return s.translate(_PLAIN)


@cache
def _missing() -> tuple[tuple[int, int], bytes]:
    """How the typeface draws a character it has no glyph for (its empty box)."""
    mask = font(20).getmask("\uffff")
    return mask.size, bytes(mask)


@lru_cache(maxsize=256)
def drawable(s: str) -> bool:
    """Whether the typeface has a glyph for every character of `s` (a name in Arabic or Chinese script would be
    drawn as empty boxes). Cached: every picture asks it of every seat's name."""
    shape = font(20)
    for ch in plain(s):
        mask = shape.getmask(ch)
        if not ch.isspace() and (mask.size, bytes(mask)) == _missing():
            return False
    return True


# -- text: the one way words reach a picture ------------------------------------------------------

LEGIBLE_CAP = 7
"""The smallest cap height (px) a reader can read on a picture as Discord shows it: a phone's 350 px for what
a player decides on (close-ups, private pictures), a desktop's 550 px for the public board."""
LEGIBLE = math.ceil(LEGIBLE_CAP / cap_ratio())
"""The smallest font size (px) whose cap height is LEGIBLE_CAP."""
DESKTOP = 550
"""How wide (px) Discord's chat column shows a picture on a desktop."""
PHONE = 350
"""How wide (px) Discord shows a picture on a phone: close-ups and private pictures are made to be read there."""
MIN_WIDTH = 700
"""The narrowest board: room for the map.  Boards are drawn 700-900 px wide, so the least legible text is
14-17 px; only a sprawling Small Islands map grows wider, its text with it."""


def legible(width: int, shown_at: int = DESKTOP) -> int:
    """The smallest font size (px) that stays LEGIBLE on a picture `width` px wide shown `shown_at` px wide."""
    return math.ceil(LEGIBLE * width / shown_at)


Box = tuple[float, float, float, float]
LARGE_TEXT = 18
"""From this size (px) text counts as large for WCAG AA, and needs 3:1 contrast instead of 4.5:1."""


class IllegibleText(ValueError):
    """Text that a reader could not read: too little contrast with what is under it, or no room."""


def _channel(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def contrast(a: RGB, b: RGB) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    la, lb = ((0.2126 * _channel(c[0]) + 0.7152 * _channel(c[1]) + 0.0722 * _channel(c[2])) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def needed_contrast(size: int) -> float:
    """WCAG AA: 4.5:1 for text under LARGE_TEXT px, 3:1 for larger."""
    return 3.0 if size >= LARGE_TEXT else 4.5


@dataclass(frozen=True)
class Drawn:
    """One text or frame drawn while a recorder listens: where, on which picture, in which colours."""

    surface: int
    box: Box
    kind: str = "text"     # "text", or "frame" for a bordered box
    s: str = ""
    size: int = 0
    fill: RGB = INK
    on: RGB = PAPER
    under: RGB | None = None  # the colour most of the picture had under the text before it was drawn
    width: int = 0            # a frame's border width


_recorders: list[list[Drawn]] = []


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Every text and frame drawn inside the block, for tests that check what a picture says."""
    seen: list[Drawn] = []
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Nothing drawn inside the block is recorded: a sample drawn only to choose a palette from."""
    held = _recorders[:]
    _recorders.clear()
    try:
        yield
    finally:
        _recorders[:] = held


def _surface(draw: ImageDraw.ImageDraw) -> int:
    return id(draw.im)


def _under(draw: ImageDraw.ImageDraw, box: Box) -> RGB | None:
    """The commonest opaque colour inside `box` as the picture stands (only while recording)."""
    image: Image.Image | None = getattr(draw, "_image", None)
    if image is None:
        return None
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = image.crop((max(0, x0), max(0, y0), min(image.width, x1), min(image.height, y1)))
    if crop.width <= 0 or crop.height <= 0:
        return None
    colours = crop.convert("RGBA").getcolors(crop.width * crop.height) or []
    opaque = [(n, c) for n, c in colours if c[3] == 255]
    return max(opaque)[1][:3] if opaque else None


def frame(draw: ImageDraw.ImageDraw, box: Box, *, outline: RGB, width: int = 2, fill: RGB | None = None,
          radius: int = 8) -> None:
    """A bordered box.  Recorded, so tests can check that no text is drawn across its border."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    if _recorders:
        drawn = Drawn(_surface(draw), box, "frame", width=width)
        for seen in _recorders:
            seen.append(drawn)


def icon_drawn(draw: ImageDraw.ImageDraw, box: Box, name: str, size: float) -> None:
    """Record an icon or diagram drawn in `box` (a pattern, a resource's icon), whose smallest part a reader must
    make out is `size` px tall, so that tests measure it as they measure text."""
    if _recorders:
        drawn = Drawn(_surface(draw), box, "icon", name, round(size))
        for seen in _recorders:
            seen.append(drawn)


def paste(target: Image.Image, sprite: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """`sprite` pasted onto `target` at `xy`; while recording, what was drawn on the sprite is recorded where it
    now stands, so a close-up of `target` measures the words and icons of its sprites too."""
    target.paste(sprite, xy, mask)
    if _recorders:
        surface, source, (dx, dy) = id(target.im), id(sprite.im), xy
        for seen in _recorders:
            seen += [Drawn(surface, (d.box[0] + dx, d.box[1] + dy, d.box[2] + dx, d.box[3] + dy), d.kind, d.s,
                           d.size, d.fill, d.on) for d in list(seen) if d.surface == source and d.kind != "frame"]


def _room(xy: tuple[float, float], anchor: str, within: Box) -> float:
    """How wide a line anchored at `xy` may be and stay inside `within`."""
    x = xy[0]
    if anchor[0] == "l":
        return within[2] - x
    if anchor[0] == "r":
        return x - within[0]
    return 2 * min(x - within[0], within[2] - x)


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, *, on: RGB,
         fill: RGB = INK, anchor: str = "la", bold: bool = False, within: Box | None = None,
         smallest: int = 11) -> Box:
    """Draw one line of text on the colour `on`; every word on every picture goes through here.

    Refuses (IllegibleText) a fill that falls below WCAG AA contrast with `on`.  With `within`, the line
    is fitted inside that box: set smaller (down to `smallest`), then cut with "..."; a line whose height
    leaves the box is refused.  Returns the box the ink covers.  Masks are cached: boards redraw the
    same labels every move, and FreeType rendering is the slow part."""
    if contrast(fill, on) < needed_contrast(size):
        raise IllegibleText(f"{s!r} at {size} px: {fill} on {on} is {contrast(fill, on):.2f}:1, "
                            f"below {needed_contrast(size)}:1")
    if within is not None:
        room = _room(xy, anchor, within)
        size = fit_size(s, size, room, smallest, bold)
        s = clip_text(s, size, round(room) - (2 if bold else 0))
    mask, (dx, dy) = _label(s, size, anchor, bold)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    box = (x, y, x + mask.width, y + mask.height)
    if within is not None and (box[1] < within[1] - 0.5 or box[3] > within[3] + 0.5):
        raise IllegibleText(f"{s!r} at {size} px does not fit the height of {within}")
    if _recorders:
        drawn = Drawn(_surface(draw), box, "text", s, size, fill, on, _under(draw, box))
        for seen in _recorders:
            seen.append(drawn)
    draw.bitmap((x, y), mask, fill=fill)
    return box


def paragraph(draw: ImageDraw.ImageDraw, within: Box, s: str, size: int, *, on: RGB, fill: RGB = INK,
              bold: bool = False, step: float | None = None) -> float:
    """`s` wrapped to the width of `within` from its top left; returns the y below the last line.
    Lines that would leave the box are refused (see `text`): size the box from `wrap_text` first."""
    step = step or round(size * 1.25)
    y = within[1]
    for line in wrap_text(s, size, round(within[2] - within[0]) - (2 if bold else 0)):
        text(draw, (within[0], y), line, size, on=on, fill=fill, bold=bold, within=within)
        y += step
    return y


@lru_cache(maxsize=4096)
def fit_size(s: str, size: int, width: float, smallest: int = 11, bold: bool = False) -> int:
    """The largest size up to `size` (at least `smallest`) at which one line of `s` fits `width`."""
    extra = 2 if bold else 0
    while size > smallest and text_width(s, size) + extra > width:
        size -= 1
    return size


@lru_cache(maxsize=4096)
def _label(s: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The label's mask and its offset from the anchor point."""
    f, stroke, shown = font(size), 1 if bold else 0, plain(s)
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(shown, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), shown, font=f, fill=255, anchor=anchor,
                              stroke_width=stroke, stroke_fill=255)
    return mask, (x0, y0)


@lru_cache(maxsize=8192)
def text_width(s: str, size: int) -> float:
    return font(size).getlength(plain(s))


def _polygon(center: tuple[float, float], radius: float, sides: int, rotation: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + radius * math.cos(rotation + 2 * math.pi * i / sides),
             cy + radius * math.sin(rotation + 2 * math.pi * i / sides)) for i in range(sides)]


def seat_marker(draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, seat: int,
                outline: RGB = INK, fill: RGB | None = None) -> None:
    """The seat's token: its colour (or a game's own colour for it) filled into its own shape, outlined."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    fill = seat_colour(seat) if fill is None else fill
    cx, cy = center
    width = max(1, round(radius / 6))
    if shape == "circle":
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline=outline, width=width)
        return
    if shape == "square":
        r = radius * 0.88
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    sides, rotation = {"triangle": (3, -math.pi / 2), "diamond": (4, 0.0),
                       "pentagon": (5, -math.pi / 2), "hexagon": (6, 0.0)}[shape]
    draw.polygon(_polygon(center, radius * (1.15 if sides == 3 else 1.0), sides, rotation),
                 fill=fill, outline=outline, width=width)


def canvas(width: int, height: int, background: RGB = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), background)
    return img, ImageDraw.Draw(img)


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str = "",
          fill: RGB = WHITE, size: int = 20) -> tuple[int, int, int, int]:
    """A framed panel with an optional title; returns the box left for its contents."""
    x0, y0, x1, y1 = box
    frame(draw, box, radius=10, fill=fill, outline=MUTED, width=2)
    if not title:
        return (x0 + 10, y0 + 10, x1 - 10, y1 - 10)
    text(draw, (x0 + 12, y0 + 8), title, size, on=fill, bold=True, within=(x0 + 4, y0 + 4, x1 - 10, y1 - 4))
    return (x0 + 12, y0 + 16 + size, x1 - 12, y1 - 10)


def reference_palette(reference: Image.Image, colours: list[RGB]) -> Image.Image:
    """A 256-colour palette for a family of pictures that share a static layer.

    Choosing a palette is the slow part of encoding (~20 ms for a board); mapping to a known one
    is ~3 ms.  The palette comes from the static layer plus a band of the colours drawn on top.
    """
    sample = reference.copy()
    draw = ImageDraw.Draw(sample)
    band = 12
    for i, colour in enumerate(colours):
        draw.rectangle((i * band, 0, i * band + band - 1, band - 1), fill=colour)
    exact = [PAPER, WHITE, INK, MUTED, ACCENT, *SEAT_COLOURS]  # the grounds and inks of most text, kept exact
    palette = sample.quantize(colors=256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.putpalette([*palette.getpalette()[:3 * (256 - len(exact))], *(v for c in exact for v in c)])
    return palette


def encode_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes; a quantised palette keeps board pictures small and fast to encode."""
    out = io.BytesIO()
    if img.mode == "RGB":
        img = (img.quantize(palette=palette, dither=Image.Dither.NONE) if palette is not None else
               img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
    img.save(out, format="PNG", compress_level=3)
    return out.getvalue()


# -- colours and words that fit, for the panels of text every table picture has --------------------


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """a moved a fraction t of the way towards b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def ink_on(fill: RGB) -> RGB:
    """Ink that reads on a fill: white or ink, whichever contrasts more with it."""
    return WHITE if contrast(WHITE, fill) > contrast(INK, fill) else INK


def places(result: dict[str, Any] | None) -> dict[int, str]:
    """Each ranked seat's word at game end: "winner", or its place ("2nd"), tied seats sharing one."""
    out: dict[int, str] = {}
    if not result:
        return out
    place = 1
    for seats in result["ranking"]:
        for seat in seats:
            out[seat] = "winner" if seat in result["winners"] else ordinal(place)
        place += len(seats)
    return out


@lru_cache(maxsize=2048)
def wrap_text(s: str, size: int, width: int) -> tuple[str, ...]:
    """`s` broken into lines no wider than `width` (a single too-long word keeps its own line)."""
    lines: list[str] = []
    line = ""
    for word in plain(s).split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)


@lru_cache(maxsize=2048)
def clip_text(s: str, size: int, width: int) -> str:
    """One line of `s` no wider than `width`, cut with an ellipsis when it has to be."""
    s = plain(s)
    if text_width(s, size) <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if text_width(s[:mid].rstrip() + "...", size) <= width else (lo, mid - 1)
    return s[:lo].rstrip() + "..."


# -- ids a move names, and zoomed pick pictures -------------------------------------------------------

Point = tuple[float, float]
TAG = (255, 253, 231)
"""The pale ground of an id tag: the place a move names, drawn where the player may pick it."""


def tag(draw: ImageDraw.ImageDraw, xy: Point, s: str, size: int) -> Box:
    """An id a move names (an intersection, a square), on a pale outlined pill centred at `xy`."""
    w = text_width(s, size) + size * 0.7
    h = size * 1.35
    x, y = xy
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    draw.rounded_rectangle(box, radius=round(h / 2), fill=TAG, outline=INK, width=max(2, size // 9))
    text(draw, (x, y), s, size, on=TAG, anchor="mm", bold=True)
    return box


ZOOM_WIDTH = 700
"""How wide a zoomed pick picture is drawn: ids on it are `legible(ZOOM_WIDTH, PHONE)` px."""
ZOOM_TALL = 1.5
"""A close-up is at most this many times as tall as it is wide: a phone shows it whole, without scrolling."""

Rulers = tuple[list[tuple[float, str]], list[tuple[float, str]]]
"""The names of a board's columns (x of each centre, its name) and rows (y, name), for a close-up's margins."""


def compact(box: Box, within: Box) -> Box:
    """`box` widened about its centre, inside `within`, until it is at most ZOOM_TALL times as tall as wide."""
    x0, y0, x1, y1 = max(box[0], within[0]), max(box[1], within[1]), min(box[2], within[2]), min(box[3], within[3])
    need = (y1 - y0) / ZOOM_TALL
    if x1 - x0 >= need:
        return x0, y0, x1, y1
    grow = (need - (x1 - x0)) / 2
    x0, x1 = x0 - grow, x1 + grow
    shift = max(0.0, within[0] - x0) - max(0.0, x1 - within[2])
    x0, x1 = max(within[0], x0 + shift), min(within[2], x1 + shift)
    if (y1 - y0) > ZOOM_TALL * (x1 - x0):  # the board itself is too narrow: keep the rows round the middle
        mid, half = (y0 + y1) / 2, ZOOM_TALL * (x1 - x0) / 2
        y0, y1 = mid - half, mid + half
    return x0, y0, x1, y1


def zoom(picture: Image.Image, box: Box, tags: list[tuple[Point, str]], *, within: Box | None = None,
         rulers: Rulers | None = None) -> bytes:
    """A zoomed pick picture: the part `box` of a board drawn without ids (widened inside `within`, the
    board's map, to be compact), enlarged to ZOOM_WIDTH, with the id of every place the player may pick there
    on a tag large enough to read on a phone, and with `rulers` the names of its columns and rows in margins."""
    size = round(1.5 * legible(ZOOM_WIDTH, PHONE))  # well above the least: a phone is where picks are made
    band = round(size * 1.6) if rulers else 0
    edge = within or (0, 0, picture.width, picture.height)
    left, top, right, bottom = compact(box, (max(0, edge[0]), max(0, edge[1]), min(picture.width, edge[2]),
                                            min(picture.height, edge[3])))
    x0, y0, x1, y1 = math.floor(left), math.ceil(top), math.ceil(right), math.floor(bottom)
    factor = (ZOOM_WIDTH - band) / (x1 - x0)
    crop = picture.crop((x0, y0, x1, y1)).convert("RGB").resize(
        (ZOOM_WIDTH - band, round((y1 - y0) * factor)), Image.Resampling.LANCZOS)
    img, draw = canvas(ZOOM_WIDTH, crop.height + band)
    img.paste(crop, (band, band))

    def at(x: float, y: float) -> Point:
        return band + (x - x0) * factor, band + (y - y0) * factor

    if _recorders:  # what the board drew inside the crop is on the close-up too, enlarged
        source, surface = id(picture.im), _surface(draw)
        for seen in _recorders:
            seen += [Drawn(surface, (*at(d.box[0], d.box[1]), *at(d.box[2], d.box[3])), d.kind, d.s,
                           round(d.size * factor), d.fill, d.on)
                     for d in list(seen) if d.surface == source and d.kind != "frame"
                     and x0 <= d.box[0] and y0 <= d.box[1] and d.box[2] <= x1 and d.box[3] <= y1]
    if rulers:
        columns, rows = rulers
        for x, name in columns:
            if x0 <= x <= x1:
                text(draw, (at(x, y0)[0], band / 2), name, size, on=PAPER, anchor="mm", bold=True)
        for y, name in rows:
            if y0 <= y <= y1:
                text(draw, (band / 2, at(x0, y)[1]), name, round(size * 0.8), on=PAPER, anchor="mm", bold=True)
    for (x, y), s in tags:
        tag(draw, at(x, y), s, size)
    return encode_png(img)
