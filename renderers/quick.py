"""A game's quick card as a picture: `games/<id>/quick.md` drawn on one page, to keep open beside the board.

Made to be read on a phone (350 px wide): the card is drawn MIN_WIDTH px wide with no text smaller than the
legible size at 350 px.  The card's markdown is the source of both its text and its picture, so they cannot
disagree: a first-level heading is the title, a bold line a heading, "1." a numbered step, "- " a bullet, and
any other line a paragraph; bold inside a line is drawn plain.
"""

from __future__ import annotations

import re

from PIL import ImageDraw

from games.rulebook import quick
from renderers.common import INK, MIN_WIDTH, MUTED, PAPER, PHONE, WHITE, canvas, encode_png, legible, text, wrap_text

WIDTH = MIN_WIDTH
MARGIN = 24
BODY = legible(WIDTH, PHONE)
"""The body text: the smallest size legible on a phone."""
HEADING = BODY + 4
TITLE = BODY + 10
BAND = TITLE + MARGIN // 2 + 4
"""The dark band under the title, from the title's top."""
INDENT = 34
"""Where a step's or a bullet's words start, right of its number or dot."""
STEP = re.compile(r"^(\d+)\.\s+(.*)$")
Line = tuple[str, str, str]
"""(kind, mark, words): kind "title", "heading", "step", "bullet", "text" or "gap"; mark a step's number."""


def parsed(card: str) -> list[Line]:
    """The card's lines as the picture lays them out."""
    out: list[Line] = []
    for raw in card.splitlines():
        line = raw.strip()
        words = line.replace("**", "")
        if not line:
            out.append(("gap", "", ""))
        elif line.startswith("# "):
            out.append(("title", "", words[2:]))
        elif line.startswith("**") and line.endswith("**") and line.count("**") == 2:
            out.append(("heading", "", words))
        elif found := STEP.match(words):
            out.append(("step", found.group(1), found.group(2)))
        elif line.startswith("- "):
            out.append(("bullet", "", words[2:]))
        else:
            out.append(("text", "", words))
    return out


def _height(lines: list[Line]) -> int:
    y = MARGIN
    for kind, _, words in lines:
        y += _advance(kind, words)
    return y + MARGIN


def _advance(kind: str, words: str) -> int:
    if kind == "gap":
        return BODY // 2
    if kind == "title":
        return BAND + 16
    if kind == "heading":
        return round(HEADING * 1.5)
    room = WIDTH - 2 * MARGIN - (INDENT if kind in ("step", "bullet") else 0)
    return len(wrap_text(words, BODY, room)) * round(BODY * 1.3) + 4


def card(game_id: str) -> bytes:
    """The quick card of a game (PNG)."""
    lines = parsed(quick(game_id))
    img, draw = canvas(WIDTH, _height(lines), PAPER)
    y = MARGIN
    for kind, mark, words in lines:
        _draw(draw, kind, mark, words, y)
        y += _advance(kind, words)
    return encode_png(img)


def _draw(draw: ImageDraw.ImageDraw, kind: str, mark: str, words: str, y: int) -> None:
    right = WIDTH - MARGIN
    if kind == "title":
        draw.rectangle((0, 0, WIDTH, y + BAND), fill=INK)
        text(draw, (MARGIN, y), words, TITLE, on=INK, fill=WHITE, bold=True, within=(MARGIN, 0, right, y + TITLE * 2))
        return
    if kind == "heading":
        text(draw, (MARGIN, y + 6), words, HEADING, on=PAPER, bold=True, within=(MARGIN, y, right, y + HEADING * 2))
        draw.line((MARGIN, y + HEADING + 12, right, y + HEADING + 12), fill=MUTED, width=1)
        return
    if kind == "gap":
        return
    left = MARGIN + (INDENT if kind in ("step", "bullet") else 0)
    if kind == "step":
        text(draw, (MARGIN, y), f"{mark}.", BODY, on=PAPER, bold=True)
    elif kind == "bullet":
        dot = BODY // 4
        middle = y + BODY * 0.55
        draw.ellipse((MARGIN + 6, middle - dot, MARGIN + 6 + 2 * dot, middle + dot), fill=INK)
    step = round(BODY * 1.3)
    for n, line in enumerate(wrap_text(words, BODY, right - left)):
        text(draw, (left, y + n * step), line, BODY, on=PAPER)
