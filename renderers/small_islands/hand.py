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
    panel,
    paragraph,
    plural,
    seat_marker,
    text,
    wrap_text,
)
from renderers.small_islands.picture import palette
from renderers.small_islands.side import status_line
from renderers.small_islands.style import CARD_FILL, HAND_CELL, TOKEN_FILL, TURN_WORD, player_rgb
from renderers.small_islands.tiles import face, shape_name, tile_sprite

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
    ring = face(tile)["ring"]
    return [[c for c, need in needs if fits(rotate(ring, q), need)] for q in range(4)]


def _features(tile: str) -> str:
    return ", ".join(features(tile)) or "no icons"


def _card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: str, tag: str, lit: bool) -> None:
    x0, y0, x1, y1 = box
    fill = CARD_FILL[0] if lit else CARD_FILL[1]
    frame(draw, box, radius=10, fill=fill, outline=ACCENT if lit else MUTED, width=3 if lit else 2)
    inside = (x0 + 8, y0 + 6, x1 - 8, y1 - 4)
    text(draw, (x0 + 12, y0 + 10), card, 18, on=fill, bold=True, within=inside)
    text(draw, (x1 - 12, y0 + 12), tag, 14, on=fill, fill=ACCENT if lit else MUTED, anchor="ra", bold=True)
    paragraph(draw, (x0 + 12, y0 + 38, x1 - 12, y1 - 4), card_text(card), 15, on=fill, step=19)


def _token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], pp: int, lit: bool) -> None:
    x, y = xy
    fill = TOKEN_FILL[1] if lit else TOKEN_FILL[0]
    draw.ellipse((x - 26, y - 26, x + 26, y + 26), fill=fill,
                 outline=ACCENT if lit else INK, width=3)
    text(draw, (x, y - 3), str(pp), 22, on=fill, anchor="mm", bold=True)
    text(draw, (x, y + 15), "PP", 12, on=fill, anchor="mm")


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
    seat_marker(draw, (36, 34), 14, seat, fill=player_rgb(me))
    text(draw, (60, 34), f"Your tiles, cards and tokens - Seat {seat + 1} ({me['colour']})", 24, on=PAPER,
         anchor="lm", bold=True)
    result = view.get("result")
    score = f"{result['scores'][seat]} PP final" if result and seat < len(result["scores"]) else f"{me['pp']} PP"
    text(draw, (PRIVATE_WIDTH - 24, 34), score, 24, on=PAPER, anchor="rm", bold=True)
    status = status_line(view)
    if seat in view["to_move"] and view["result"] is None:
        status = "Your move. " + status
    text(draw, (24, 64), status, 16, on=PAPER, fill=ACCENT if seat in view["to_move"] else INK,
         within=(24, 50, PRIVATE_WIDTH - 24, 84))

    x0, y0, x1, _ = panel(draw, (12, top, PRIVATE_WIDTH - 12, top + hand_h),
                          f"Tiles in your hand: {len(hand)}, in all four turns "
                          "(rot = quarter-turns right, as /play takes it)",
                          size=19)
    if not hand:
        text(draw, (x0, y0 + 10), "Your hand is empty.", 17, on=WHITE, fill=MUTED)
    for i, tile in enumerate(hand):
        y = y0 + i * tile_h + 4
        text(draw, (x0, y + 4), tile, 24, on=WHITE, bold=True)
        text(draw, (x0, y + 36), shape_name(tile), 17, on=WHITE)
        for j, line in enumerate(wrap_text(_features(tile), 15, 220)[:3]):
            text(draw, (x0, y + 62 + j * 20), line, 15, on=WHITE, fill=MUTED)
        where = _fits(view, tile) if view["grid"] else [[(0, 0)]] * 4
        for q in range(4):
            sx = x0 + 240 + q * slot_w
            cells = where[q]
            img.paste(tile_sprite(tile, q, HAND_CELL), (sx, y))
            draw.rectangle((sx, y, sx + HAND_CELL - 1, y + HAND_CELL - 1), outline=INK if cells else MUTED, width=1)
            text(draw, (sx + HAND_CELL + 8, y + 4), f"rot {q}", 17, on=WHITE, bold=True)
            text(draw, (sx + HAND_CELL + 8, y + 26), TURN_WORD[q], 13, on=WHITE, fill=MUTED)
            label = f"fits {plural(len(cells), 'cell')}" if cells else "fits nowhere"
            text(draw, (sx + HAND_CELL + 8, y + 48), label, 14, on=WHITE, fill=INK if cells else ACCENT)
            spots = " ".join(name_from(c[0], c[1], view["origin"]) for c in cells)
            lines = list(wrap_text(spots, 14, slot_w - 10))
            if len(lines) > 2:  # more cells than two lines hold: the rest are counted above
                lines = [lines[0], lines[1] + " ..."]
            for k, line in enumerate(lines):
                text(draw, (sx, y + HAND_CELL + 6 + k * 18), clip_text(line, 14, slot_w - 10), 14, on=WHITE)

    y = top + hand_h + 14
    title = "Your objective cards" if "objective" in kinds else "Your mission and reward cards"
    if view["phase"] == "prep" and not me["chosen"]:
        title += ": choose one to play now and one to keep for next round"
    x0, y0, x1, _ = panel(draw, (12, y, PRIVATE_WIDTH - 12, y + cards_h), title, size=19)
    if not rows:
        text(draw, (x0, y0 + 10), "No cards in hand.", 17, on=WHITE, fill=MUTED)
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
             16, on=WHITE, fill=MUTED)
    for i, t in enumerate(tokens[:18]):
        _token(draw, (x0 + 30 + i * 64, y0 + 32), t["pp"], False)
    if drawn:
        yy = y0 + 76
        text(draw, (x0, yy), "You drew these: keep one (the rest go back)", 17, on=WHITE, fill=ACCENT, bold=True)
        for i, t in enumerate(drawn):
            _token(draw, (x0 + 400 + i * 100, yy + 10), t["pp"], True)
            text(draw, (x0 + 400 + i * 100, yy + 48), t["id"], 13, on=WHITE, anchor="mm")
    return encode_png(img, palette())
