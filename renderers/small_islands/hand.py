"""The Small Islands private picture: one seat's tiles in all four turns, its cards and its tokens."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from games.small_islands.data import card_text
from games.small_islands.names import name_from
from games.small_islands.text import TURNS, features, shape
from games.small_islands.tiles import constraint, fits, key, rotate
from renderers.cast import Cast
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    PHONE,
    WHITE,
    canvas,
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
from renderers.small_islands.tiles import face, tile_sprite

# -- the private picture -------------------------------------------------------------------------

PRIVATE_WIDTH = 760
SMALL = legible(PRIVATE_WIDTH, PHONE)
"""The smallest text of a hand: read on a phone, where the player decides where a tile goes."""
TITLE = SMALL + 2
STEP = SMALL + 6
"""From one line of text to the next."""
TURN_CELL = 104
"""A hand tile in one of its four turns."""
SLOT_W = (PRIVATE_WIDTH - 48) // 2
"""Two turns of a tile to a row."""
WORDS_W = SLOT_W - TURN_CELL - 16
TOKEN_R = 36


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
    text(draw, (x0 + 12, y0 + 8), card, TITLE, on=fill, bold=True)
    text(draw, (x1 - 12, y0 + 10), tag, SMALL, on=fill, fill=ACCENT if lit else MUTED, anchor="ra", bold=True)
    for k, line in enumerate(_card_lines(card, x1 - x0 - 24)):
        text(draw, (x0 + 12, y0 + TITLE + 16 + k * STEP), line, SMALL, on=fill)


def _token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], pp: int, lit: bool) -> None:
    x, y = xy
    fill = TOKEN_FILL[1] if lit else TOKEN_FILL[0]
    r = TOKEN_R
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=ACCENT if lit else INK, width=3)
    text(draw, (x, y - 9), str(pp), SMALL + 2, on=fill, anchor="mm", bold=True)
    text(draw, (x, y + 16), "PP", SMALL, on=fill, anchor="mm")


Turn = tuple[str, str, tuple[str, ...], bool]
"""A tile's turn as the hand shows it: as the move labels name it ("turned 90°"), that turn in everyday words, where
it fits (lines), whether it does."""


def _turns(view: dict[str, Any], tile: str) -> list[Turn]:
    where = _fits(view, tile) if view["grid"] else [[(0, 0)]] * 4
    out = []
    for q in range(4):
        cells = where[q]
        label = f"fits {plural(len(cells), 'cell')}:" if cells else "fits nowhere"
        spots = " ".join(name_from(c[0], c[1], view["origin"]) for c in cells)
        named = TURNS[q].strip() or "as printed"
        out.append((named, TURN_WORD[q], wrap_text(f"{label} {spots}", SMALL, WORDS_W), bool(cells)))
    return out


def _row_h(pair: list[Turn]) -> int:
    """A row of two turns: the tile, or its words beside it if they are taller."""
    return max(TURN_CELL, max(2 * STEP + STEP * len(lines) for _, _, lines, _ in pair)) + 12


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """The seat's hand tiles in all four rotations with where each fits, its objective cards and its
    discovery tokens; every word readable at a phone's 350 px."""
    seat = view["seat"]
    players = view["players"]
    me = players[seat]
    hand = list(view.get("hand", []))
    held = view.get("held") or {}
    now = view.get("now") or {}
    tokens = view.get("discovery") or []
    drawn = view.get("discovery_drawn") or []
    w = PRIVATE_WIDTH
    turns = {tile: _turns(view, tile) for tile in hand}
    heads = {tile: wrap_text(f"{tile} - {shape(tile)}: {_features(tile)}", SMALL, w - 52) for tile in hand}
    tile_hs = {tile: STEP * len(heads[tile]) + 6 + _row_h(turns[tile][:2]) + _row_h(turns[tile][2:]) for tile in hand}
    hand_h = TITLE + 34 + (sum(tile_hs.values()) if hand else STEP)
    kinds = [k for k in ("objective", "mission", "reward") if k in held or k in now]
    rows = [[(k, c, "play now") for c in [now.get(k)] if c] + [(k, c, "held") for c in held.get(k, [])]
            for k in kinds]
    cards = [c for row in rows for c in row[:3]]  # per kind at most 3 (PREP) or now + next
    card_hs = [TITLE + 26 + STEP * len(_card_lines(card, w - 72)) for _, card, _ in cards]
    cards_h = TITLE + 34 + (sum(h + 10 for h in card_hs) if cards else STEP)
    title = "Your objective cards" if "objective" in kinds else "Your mission and reward cards"
    if view["phase"] == "prep" and not me["chosen"]:
        title += ": choose one to play now, one to keep"
    titles = wrap_text(title, TITLE, w - 60)
    none_yet = wrap_text("None yet: a Discovery reward draws one per temple on the island; you keep one.", SMALL,
                         w - 52) if not tokens else ()
    tokens_h = TITLE + 34 + (STEP * len(none_yet) if none_yet else 2 * TOKEN_R + 8) + \
        (STEP + 2 * TOKEN_R + 24 if drawn else 0)
    said = wrap_text(status_line(view, cast.reading(seat)), SMALL, w - 48)
    top = 62 + STEP * len(said) + 8
    height = top + hand_h + 14 + cards_h + (STEP * (len(titles) - 1)) + 14 + tokens_h + 16
    img, draw = canvas(w, height)
    seat_marker(draw, (36, 32), 16, seat, fill=player_rgb(me))
    result = view.get("result")
    score = f"{result['scores'][seat]} PP final" if result and seat < len(result["scores"]) else f"{me['pp']} PP"
    text(draw, (w - 24, 32), score, TITLE + 2, on=PAPER, anchor="rm", bold=True)
    right = w - 36 - round(text_width(score, TITLE + 2))
    text(draw, (62, 32), f"Your hand ({me['colour']})", TITLE + 2, on=PAPER, anchor="lm", bold=True,
         within=(62, 10, right, 56), smallest=SMALL)
    for k, line in enumerate(said):
        text(draw, (24, 60 + k * STEP), line, SMALL, on=PAPER, fill=ACCENT if seat in view["to_move"] else INK)

    x0, y0, x1, _ = panel(draw, (12, top, w - 12, top + hand_h),
                          f"Your tiles: {len(hand)}, in four turns", size=TITLE)
    if not hand:
        text(draw, (x0, y0 + 4), "Your hand is empty.", SMALL, on=WHITE, fill=MUTED)
    y = y0
    for tile in hand:
        for line in heads[tile]:
            text(draw, (x0, y), line, SMALL, on=WHITE, bold=True)
            y += STEP
        y += 6
        for pair in (turns[tile][:2], turns[tile][2:]):
            for n, (rot, word, lines, fit) in enumerate(pair):
                q = (0 if pair is turns[tile][:2] else 2) + n
                sx = x0 + n * (SLOT_W + 8)
                img.paste(tile_sprite(tile, q, TURN_CELL), (sx, y))
                draw.rectangle((sx, y, sx + TURN_CELL - 1, y + TURN_CELL - 1), outline=INK if fit else MUTED, width=1)
                wx = sx + TURN_CELL + 10
                text(draw, (wx, y), rot, SMALL, on=WHITE, bold=True)
                text(draw, (wx, y + STEP), word, SMALL, on=WHITE, fill=MUTED)
                for k, line in enumerate(lines):
                    text(draw, (wx, y + (2 + k) * STEP), line, SMALL, on=WHITE, fill=INK if fit else ACCENT)
            y += _row_h(pair)

    y = top + hand_h + 14
    x0, y0, x1, _ = panel(draw, (12, y, w - 12, y + cards_h + STEP * (len(titles) - 1)), titles[0], size=TITLE)
    for k, line in enumerate(titles[1:], start=1):
        text(draw, (x0, y0 - 4 + (k - 1) * STEP), line, TITLE, on=WHITE, bold=True)
    y0 += STEP * (len(titles) - 1)
    if not cards:
        text(draw, (x0, y0 + 4), "No cards in hand.", SMALL, on=WHITE, fill=MUTED)
    cy = y0
    for (kind, card, tag), h in zip(cards, card_hs, strict=True):
        label = f"{kind} - {tag}" if kind != "objective" else tag
        _card(draw, (x0, cy, x1, cy + h), card, label, tag == "play now")
        cy += h + 10

    y += cards_h + STEP * (len(titles) - 1) + 14
    total = sum(t["pp"] for t in tokens)
    x0, y0, x1, _ = panel(draw, (12, y, w - 12, y + tokens_h),
                          f"Discovery tokens: {len(tokens)}, {total} PP (secret)", size=TITLE)
    for k, line in enumerate(none_yet):
        text(draw, (x0, y0 + k * STEP), line, SMALL, on=WHITE, fill=MUTED)
    for i, t in enumerate(tokens[:8]):
        _token(draw, (x0 + TOKEN_R + 2 + i * (2 * TOKEN_R + 12), y0 + TOKEN_R + 2), t["pp"], False)
    if drawn:
        yy = y0 + (STEP * len(none_yet) if none_yet else 2 * TOKEN_R + 8)
        text(draw, (x0, yy), "You drew these: keep one (the rest go back)", SMALL, on=WHITE, fill=ACCENT, bold=True)
        for i, t in enumerate(drawn):
            cx = x0 + TOKEN_R + 2 + i * 150
            _token(draw, (cx, yy + STEP + TOKEN_R + 4), t["pp"], True)
            text(draw, (cx + TOKEN_R + 8, yy + STEP + TOKEN_R + 4), t["id"], SMALL, on=WHITE, anchor="lm")
    return encode_png(img, palette())
