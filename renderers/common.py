"""Drawing helpers every board picture shares.

Seat colours are the Okabe–Ito palette, which stays distinct under the common forms of
colour blindness; every seat also has its own marker shape, so a seat can be told apart
without colour at all.  Text uses the scalable font bundled with Pillow, so no system
font is needed.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

INK: RGB = (33, 33, 33)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 247, 240)
MUTED: RGB = (130, 130, 130)
ACCENT: RGB = (200, 60, 40)

SEAT_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
)
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")
SEAT_COLOUR_NAMES: tuple[str, ...] = ("orange", "sky blue", "green", "purple", "blue", "vermillion")


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font; `bold` is drawn with a stroke by `text`."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


# The bundled font covers Latin text but not typographic dashes, arrows or ticks.
_PLAIN = str.maketrans({"–": "-", "—": "-", "→": "->", "←": "<-", "✓": "+", "×": "x",
                        "·": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "…": "..."})


def plain(s: str) -> str:
    """`s` with characters the bundled font lacks replaced by ones it has."""
    return s.translate(_PLAIN)


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int,
         fill: RGB = INK, anchor: str = "la", bold: bool = False) -> None:
    """Draw a label.  Its antialiased mask is rendered once and reused: boards redraw the same
    labels (coordinates, names, numbers) every move, and FreeType rendering is the slow part."""
    mask, (dx, dy) = _label(s, size, anchor, bold)
    draw.bitmap((round(xy[0]) + dx, round(xy[1]) + dy), mask, fill=fill)


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
          fill: RGB = (255, 255, 255), size: int = 20) -> tuple[int, int, int, int]:
    """A framed panel with an optional title; returns the box left for its contents."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=MUTED, width=2)
    if not title:
        return (x0 + 10, y0 + 10, x1 - 10, y1 - 10)
    text(draw, (x0 + 12, y0 + 8), title, size, bold=True)
    return (x0 + 12, y0 + 16 + size, x1 - 12, y1 - 10)


def legend(draw: ImageDraw.ImageDraw, xy: tuple[float, float], rows: list[tuple[int, str]],
           size: int = 18) -> int:
    """One line per (seat, label): the seat marker then the label.  Returns the height used."""
    x, y = xy
    step = int(size * 1.6)
    for i, (seat, label) in enumerate(rows):
        cy = y + i * step + size / 2
        seat_marker(draw, (x + size / 2, cy), size / 2, seat)
        text(draw, (x + size * 1.5, cy), label, size, anchor="lm")
    return step * len(rows)


def reference_palette(reference: Image.Image, colours: list[RGB]) -> Image.Image:
    """A 256-colour palette for a family of pictures that share a static layer.

    Choosing a palette is the slow part of encoding (~20 ms for a board); mapping to a known one
    is ~3 ms.  The palette comes from the static layer plus a band of the colours drawn on top.
    """
    sample = reference.copy()
    draw = ImageDraw.Draw(sample)
    band = 12
    for i, colour in enumerate([*colours, *SEAT_COLOURS, INK, PAPER, MUTED, ACCENT, (255, 255, 255)]):
        draw.rectangle((i * band, 0, i * band + band - 1, band - 1), fill=colour)
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


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
    """Ink that reads on a fill: white on dark fills, ink on light ones."""
    return WHITE if 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] < 150 else INK


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


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
