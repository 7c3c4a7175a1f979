"""The Small Islands private picture: one seat's tiles in all four turns, its cards and its tokens."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from games.small_islands.data import card_text
from games.small_islands.names import name_from
from games.small_islands.text import features
from games.small_islands.tiles import constraint, fits, key, rotate
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    WHITE,
    canvas,
    clip_text,
    encode_png,
    frame,
    legible,
    panel,
    plural,
    seat_marker,
    text,
    text_width,
    wrap_text,
)
from renderers.small_islands.picture import palette
from renderers.small_islands.side import status_line
from renderers.small_islands.style import CARD_FILL, TOKEN_FILL, TURN_WORD, player_rgb
from renderers.small_islands.tiles import face, shape_name, tile_sprite

# -- the private picture -------------------------------------------------------------------------

PRIVATE_WIDTH = 760
SMALL = legible(PRIVATE_WIDTH)
"""The smallest text: 16 px, 11 px at 550 px wide."""
TURN_CELL = 92
"""A hand tile in one of its four turns."""
SLOT_W = (PRIVATE_WIDTH - 48) // 4
CARD_STEP = 21


def _fits(view: dict[str, Any], tile: str) -> list[list[tuple[int, int]]]:
    """For each rotation of a hand tile, the cells where it matches its neighbours (B2)."""
    grid = {key(t["x"], t["y"]): t for t in view["grid"]}
    needs = []
    for x, y in (tuple(c) for c in view["candidates"]):
        need = constraint(grid, x, y)
        if need is not None:
            needs.append(((x, y), need))
    ring = face(tile)["ring"]
    return [[c for c, need in needs if fits(rotate(ring, q), need)] for q in range(4)]


def _features(tile: str) -> str:
    return ", ".join(features(tile)) or "no icons"


def _card_lines(card: str, width: int) -> tuple[str, ...]:
    return wrap_text(card_text(card), SMALL, width)


def _card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: str, tag: str, lit: bool) -> None:
    x0, y0, x1, _ = box
    fill = CARD_FILL[0] if lit else CARD_FILL[1]
    frame(draw, box, radius=10, fill=fill, outline=ACCENT if lit else MUTED, width=3 if lit else 2)
    text(draw, (x0 + 12, y0 + 8), card, 18, on=fill, bold=True)
    text(draw, (x1 - 12, y0 + 10), tag, SMALL, on=fill, fill=ACCENT if lit else MUTED, anchor="ra", bold=True)
    for k, line in enumerate(_card_lines(card, x1 - x0 - 24)):
        text(draw, (x0 + 12, y0 + 34 + k * CARD_STEP), line, SMALL, on=fill)


def _token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], pp: int, lit: bool) -> None:
    x, y = xy
    fill = TOKEN_FILL[1] if lit else TOKEN_FILL[0]
    draw.ellipse((x - 30, y - 30, x + 30, y + 30), fill=fill, outline=ACCENT if lit else INK, width=3)
    text(draw, (x, y - 6), str(pp), 22, on=fill, anchor="mm", bold=True)
    text(draw, (x, y + 15), "PP", SMALL, on=fill, anchor="mm")


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
    w = PRIVATE_WIDTH
    tile_h = 30 + TURN_CELL + 2 * 20 + 12
    hand_h = 48 + max(1, len(hand)) * tile_h
    kinds = [k for k in ("objective", "mission", "reward") if k in held or k in now]
    rows = [[(k, c, "play now") for c in [now.get(k)] if c] + [(k, c, "held") for c in held.get(k, [])]
            for k in kinds]
    cards = [c for row in rows for c in row[:3]]  # per kind at most 3 (PREP) or now + next
    card_hs = [42 + CARD_STEP * len(_card_lines(card, w - 48)) for _, card, _ in cards]
    cards_h = 48 + (sum(h + 10 for h in card_hs) if cards else 30)
    tokens_h = 48 + 76 + (110 if drawn else 0)
    top = 96
    height = top + hand_h + 14 + cards_h + 14 + tokens_h + 16
    img, draw = canvas(w, height)
    seat_marker(draw, (36, 34), 14, seat, fill=player_rgb(me))
    result = view.get("result")
    score = f"{result['scores'][seat]} PP final" if result and seat < len(result["scores"]) else f"{me['pp']} PP"
    text(draw, (w - 24, 34), score, 24, on=PAPER, anchor="rm", bold=True)
    right = w - 36 - round(text_width(score, 24))
    text(draw, (60, 34), f"Your hand - Seat {seat + 1} ({me['colour']})", 24, on=PAPER, anchor="lm", bold=True,
         within=(60, 14, right, 56), smallest=SMALL)
    status = status_line(view)
    if seat in view["to_move"] and view["result"] is None:
        status = "Your move. " + status
    text(draw, (24, 64), status, SMALL, on=PAPER, fill=ACCENT if seat in view["to_move"] else INK,
         within=(24, 60, w - 24, 88), smallest=SMALL)

    x0, y0, x1, _ = panel(draw, (12, top, w - 12, top + hand_h),
                          f"Your tiles: {len(hand)}, in four turns (rot = quarter-turns right)", size=19)
    if not hand:
        text(draw, (x0, y0 + 10), "Your hand is empty.", 17, on=WHITE, fill=MUTED)
    for i, tile in enumerate(hand):
        y = y0 + i * tile_h
        text(draw, (x0, y), f"{tile} - {shape_name(tile)}: {_features(tile)}", 18, on=WHITE, bold=True,
             within=(x0, y - 2, x1, y + 26), smallest=SMALL)
        y += 30
        where = _fits(view, tile) if view["grid"] else [[(0, 0)]] * 4
        for q in range(4):
            sx = x0 + q * SLOT_W
            cells = where[q]
            img.paste(tile_sprite(tile, q, TURN_CELL), (sx, y))
            draw.rectangle((sx, y, sx + TURN_CELL - 1, y + TURN_CELL - 1), outline=INK if cells else MUTED, width=1)
            words = (sx + TURN_CELL + 6, y, sx + SLOT_W - 4, y + TURN_CELL)
            text(draw, (words[0], y + 2), f"rot {q}", 17, on=WHITE, bold=True, within=words, smallest=SMALL)
            for k, word in enumerate(TURN_WORD[q].split(" ")):
                text(draw, (words[0], y + 26 + k * 20), word, SMALL, on=WHITE, fill=MUTED, within=words,
                     smallest=SMALL)
            label = f"fits {plural(len(cells), 'cell')}:" if cells else "fits nowhere"
            spots = " ".join(name_from(c[0], c[1], view["origin"]) for c in cells)
            lines = list(wrap_text(f"{label} {spots}", SMALL, SLOT_W - 10))
            if len(lines) > 2:  # more cells than two lines hold: the rest are counted
                lines = [lines[0], lines[1] + " ..."]
            for k, line in enumerate(lines):
                text(draw, (sx, y + TURN_CELL + 4 + k * 20), clip_text(line, SMALL, SLOT_W - 10), SMALL, on=WHITE,
                     fill=INK if cells else ACCENT)

    y = top + hand_h + 14
    title = "Your objective cards" if "objective" in kinds else "Your mission and reward cards"
    if view["phase"] == "prep" and not me["chosen"]:
        title += ": choose one to play now, one to keep"
    x0, y0, x1, _ = panel(draw, (12, y, w - 12, y + cards_h), title, size=19)
    if not cards:
        text(draw, (x0, y0 + 4), "No cards in hand.", 17, on=WHITE, fill=MUTED)
    cy = y0
    for (kind, card, tag), h in zip(cards, card_hs, strict=True):
        label = f"{kind} - {tag}" if kind != "objective" else tag
        _card(draw, (x0, cy, x1, cy + h), card, label, tag == "play now")
        cy += h + 10

    y += cards_h + 14
    total = sum(t["pp"] for t in tokens)
    x0, y0, x1, _ = panel(draw, (12, y, w - 12, y + tokens_h),
                          f"Your discovery tokens: {len(tokens)}, {total} PP at the end (secret)", size=19)
    if not tokens:
        text(draw, (x0, y0 + 20), "None yet: a Discovery reward draws one per temple on the island; you keep one.",
             SMALL, on=WHITE, fill=MUTED, within=(x0, y0 + 16, x1, y0 + 44), smallest=SMALL)
    for i, t in enumerate(tokens[:10]):
        _token(draw, (x0 + 32 + i * 68, y0 + 36), t["pp"], False)
    if drawn:
        yy = y0 + 80
        text(draw, (x0, yy), "You drew these: keep one (the rest go back)", 17, on=WHITE, fill=ACCENT, bold=True)
        for i, t in enumerate(drawn):
            _token(draw, (x0 + 32 + i * 100, yy + 50), t["pp"], True)
            text(draw, (x0 + 72 + i * 100, yy + 50), t["id"], SMALL, on=WHITE, anchor="lm")
    return encode_png(img, palette())
