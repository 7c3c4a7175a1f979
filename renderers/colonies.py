"""Colonies pictures: the table (Line-Up, Frontier, the event, the current player's cards in play or the final
ranking); and one seat's hand as readable cards, the playable ones framed (COL §6, §8).

Made for Discord's chat column: the table is 820 px wide and no text on it is under 17 px (11 px at 550 px
wide); supplies, decks, the die roll, offers, the players and the news go beside it as text
(renderers.text.colonies).

Cards are sprites drawn once per name, size and shade, so a picture is mostly pastes; the frames
and headings that never change are one cached layer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.colonies import cards as C
from games.core import Action
from renderers.cast import Cast
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    PHONE,
    RGB,
    WHITE,
    blend,
    canvas,
    clip_text,
    encode_png,
    ink_on,
    legible,
    ordinal,
    panel,
    plural,
    reference_palette,
    seat_marker,
    text,
    text_width,
    unrecorded,
    wrap_text,
)
from renderers.text.colonies import offer_lines

WIDTH = 820
SMALL = legible(WIDTH)
"""The smallest text on the table: 17 px."""
KIND_FILL: dict[str, RGB] = {
    C.FOOD: (238, 190, 70),         # wheat
    C.WEALTH: (162, 134, 216),      # violet
    C.POPULATION: (86, 150, 220),   # blue
    C.LAND: (95, 170, 85),          # green
    C.SHIPMENT: (196, 132, 82),     # crate brown
    C.THREAT: (200, 55, 50),        # red
    C.EVENT: (70, 80, 120),         # slate
}
"""Each kind's colour; every card also names its kind in words, so colour is never the only cue."""
KIND_WORD = {C.FOOD: "Food", C.WEALTH: "Wealth", C.POPULATION: "Population", C.LAND: "Land",
             C.SHIPMENT: "Shipment", C.THREAT: "Threat", C.EVENT: "Event"}
PHASE_WORD = {"soldier": "Soldier window (Threats in hand)", "threat": "Threat step", "main": "main step",
              "over": "game over"}
GREYED: RGB = (238, 238, 238)
OFFER: RGB = (253, 236, 230)  # behind a pending trade offer
BOARD_CARD = (250, 140)
CHIP = (150, 66)
BOLD_ROOM = 0.9
"""The share of a line's room a bold name is clipped to: `text_width` measures the regular face."""


# -- words that fit ----------------------------------------------------------------------------


def _fit_size(s: str, size: int, width: int, smallest: int) -> int:
    """The largest size up to `size` at which a bold one-line `s` fits `width`."""
    while size > smallest and text_width(s, size) + 2 > width:
        size -= 1
    return size


# -- card sprites ------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _card(name: str, w: int, h: int, dim: bool = False, smallest: int = SMALL) -> Image.Image:
    """A card as printed: its kind's colour band with the title, the kind in words, the effect text.
    A dimmed card is printed pale with grey ink, so it still reads but stands back.  No text on it is under
    `smallest` px (the least that reads on the picture it is pasted on)."""
    card = C.CARDS[name]
    fill = KIND_FILL[card.kind]
    band_fill = blend(fill, WHITE, 0.6) if dim else fill
    body_fill = blend(fill, (238, 238, 238), 0.93) if dim else blend(fill, WHITE, 0.82)
    ink = (95, 95, 95) if dim else INK
    img = Image.new("RGB", (w, h), WHITE)
    draw = ImageDraw.Draw(img)
    title_size, kind_size = max(20, smallest + 2), smallest
    band = title_size + 16
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=body_fill, outline=MUTED if dim else INK, width=2)
    draw.rounded_rectangle((2, 2, w - 3, band), radius=8, fill=band_fill, corners=(True, True, False, False))
    draw.line((2, band, w - 3, band), fill=MUTED if dim else INK, width=1)
    size = _fit_size(card.title, title_size, w - 12, smallest)
    text(draw, (w / 2, band / 2 + 2), card.title, size, on=band_fill, fill=(70, 70, 70) if dim else ink_on(fill),
         anchor="mm", bold=True)
    kind_ink = blend(fill, INK, 0.62)
    text(draw, (w / 2, band + 6), KIND_WORD[card.kind].upper(), kind_size, on=body_fill,
         fill=MUTED if dim else kind_ink, anchor="ma", bold=True)
    top = band + kind_size + 14
    body, lines = _effect(card.text, w, h - top - 6, smallest, max(20, smallest))
    for i, line in enumerate(lines):
        text(draw, (8, top + i * round(body * 1.22)), line, body, on=body_fill, fill=ink)
    return img


def _effect(s: str, w: int, room: int, smallest: int, largest: int = 20) -> tuple[int, tuple[str, ...]]:
    """The largest text size (`largest` at most, `smallest` at least) at which `s` fits `room` px, and its lines."""
    body = largest
    lines = wrap_text(s, body, w - 16)
    while body > smallest and round(body * 1.22) * len(lines) > room:
        body -= 1
        lines = wrap_text(s, body, w - 16)
    return body, lines


@lru_cache(maxsize=128)
def _chip(name: str, state: str) -> Image.Image:
    """A card in play, small: kind colour, title, and what it is doing this turn."""
    w, h = CHIP
    kind = C.kind(name)
    fill = KIND_FILL[kind]
    img = Image.new("RGB", (w, h), WHITE)
    draw = ImageDraw.Draw(img)
    reserved = state == "reserved"
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=blend(fill, WHITE, 0.8),
                           outline=ACCENT if reserved else INK, width=3 if reserved else 2)
    draw.rounded_rectangle((2, 2, w - 3, 30), radius=6, fill=fill, corners=(True, True, False, False))
    title = C.title(name)
    size = _fit_size(title, 18, w - 10, SMALL)
    text(draw, (w / 2, 17), clip_text(title, size, w - 12), size, on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    if kind == C.POPULATION:
        label, colour = {"ready": ("ready", INK), "acted": ("acted", INK),
                         "reserved": ("reserved", ACCENT)}.get(state, (state, INK))
    else:
        label, colour = KIND_WORD[kind], blend(fill, INK, 0.62)
    text(draw, (w / 2, 48), label, SMALL, on=blend(fill, WHITE, 0.8), fill=colour, anchor="mm", bold=reserved)
    if kind == C.POPULATION and state == "acted":
        return Image.blend(img, Image.new("RGB", (w, h), WHITE), 0.58)
    return img


# -- the static layer and palette -------------------------------------------------------------

_ROW_H = 36 + BOARD_CARD[1] + 12
BOXES = {
    "lineup": (12, 12, WIDTH - 12, 12 + _ROW_H), "frontier": (12, 24 + _ROW_H, WIDTH - 12, 24 + 2 * _ROW_H),
    "event": (12, 36 + 2 * _ROW_H, WIDTH - 12, 36 + 3 * _ROW_H),
    "play": (12, 48 + 3 * _ROW_H, WIDTH - 12, 48 + 3 * _ROW_H + 232),
}
HEIGHT = BOXES["play"][3] + 12
TITLES = {"lineup": "Line-Up (Population)", "frontier": "Frontier (Land)", "event": "Event"}


def _inner(key: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = BOXES[key]
    return (x0 + 12, y0 + 16 + 20, x1 - 12, y1 - 10)


@lru_cache(maxsize=1)
def _frame() -> Image.Image:
    """Paper, panel frames and their headings: the same under every board."""
    img, draw = canvas(WIDTH, HEIGHT)
    for key, box in BOXES.items():
        panel(draw, box, TITLES.get(key, ""), size=SMALL + 3)
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every Colonies picture, from a sample of every card kind, plain and dimmed."""
    with unrecorded():  # the board draws (and records) its frame before it asks for the palette
        return _sampled()


def _sampled() -> Image.Image:
    sample = _frame().copy()
    names = [next(c.name for c in C.CARDS.values() if c.kind == k) for k in KIND_FILL]
    for i, name in enumerate(names):
        x, y = (i % 3) * 260, (i // 3) * 330
        for j, dim in enumerate((False, True)):  # a hand's cards are of the same colours
            sample.paste(_card(name, *BOARD_CARD, dim), (x + j * 20, y + j * 75))
        for j, state in enumerate(("ready", "acted", "reserved")):
            sample.paste(_chip(name, state), (x + j * 30, y + 260))
    return reference_palette(sample, [*KIND_FILL.values(), GREYED, (60, 60, 60)])


# -- the board -----------------------------------------------------------------------------------


def _card_row(img: Image.Image, view: dict[str, Any], key: str, row: str, deck: str, deck_word: str) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = _inner(key)
    text(draw, (x1, BOXES[key][1] + 10), f"{deck_word} deck: {view[deck]}", SMALL, on=WHITE, anchor="ra")
    w, h = BOARD_CARD
    cards = view[row]
    for i in range(3):
        x = x0 + i * (w + 8)
        if i < len(cards):
            img.paste(_card(cards[i], w, h), (x, y0))
        else:
            draw.rounded_rectangle((x, y0, x + w, y0 + h), radius=10, outline=MUTED, width=2)
            text(draw, (x + w / 2, y0 + h / 2), "empty", SMALL, on=WHITE, fill=MUTED, anchor="mm")


def _event(img: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, _, y1 = _inner("event")
    event = view["active_event"]
    cw, ch = BOARD_CARD
    if event:
        img.paste(_card(event, cw, ch), (x0, y0))
    else:
        draw.rounded_rectangle((x0, y0, x0 + cw, y1), radius=10, outline=MUTED, width=2)
        for i, line in enumerate(("No event yet: the First", "Settler flips one from", "round 2.")):
            text(draw, (x0 + cw / 2, y0 + 36 + i * 24), line, SMALL, on=WHITE, fill=MUTED, anchor="mm")
    cx = x0 + cw + 100
    text(draw, (cx, y0 + 4), "events left", SMALL, on=WHITE, anchor="ma")
    text(draw, (cx, y0 + 28), str(view["events_left"]), 34, on=WHITE, anchor="ma", bold=True)
    if view["final_round"] and view["result"] is None:
        draw.rounded_rectangle((cx - 56, y0 + 78, cx + 56, y0 + 124), radius=8, fill=ACCENT)
        text(draw, (cx, y0 + 90), "FINAL", SMALL, on=ACCENT, fill=WHITE, anchor="mm", bold=True)
        text(draw, (cx, y0 + 111), "ROUND", SMALL, on=ACCENT, fill=WHITE, anchor="mm", bold=True)


def _in_play(img: Image.Image, view: dict[str, Any], cast: Cast) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = BOXES["play"]
    seat = view["current"]
    p = view["players"][seat]
    seat_marker(draw, (x0 + 22, y0 + 21), 10, seat)
    note = (f"Livestock x{p['livestock']}  -  " if p["livestock"] else "") + "dimmed: acted"
    room = round((x1 - x0 - 64 - text_width(note, SMALL)) * BOLD_ROOM)
    text(draw, (x0 + 40, y0 + 21), clip_text(f"In play - {cast.full(seat)}", 20, room), 20, on=WHITE, anchor="lm",
         bold=True)
    text(draw, (x1 - 12, y0 + 21), note, SMALL, on=WHITE, anchor="rm", fill=MUTED)
    entries = p["in_play"]
    per_row, rows = (x1 - x0 - 28 + 6) // (CHIP[0] + 6), 2
    if not entries:
        text(draw, (x0 + 14, y0 + 60), "Nothing in play yet this turn.", SMALL, on=WHITE, fill=MUTED)
    shown = entries if len(entries) <= per_row * rows else entries[:per_row * rows - 1]
    for i, e in enumerate(shown):
        img.paste(_chip(e["card"], e["state"]), (x0 + 14 + (i % per_row) * (CHIP[0] + 6),
                                                  y0 + 44 + (i // per_row) * (CHIP[1] + 10)))
    if len(shown) < len(entries):
        i = len(shown)
        text(draw, (x0 + 14 + (i % per_row) * (CHIP[0] + 6) + CHIP[0] / 2, y0 + 44 + CHIP[1] + 10 + CHIP[1] / 2),
             f"+{len(entries) - len(shown)} more", SMALL, on=WHITE, anchor="mm", bold=True)
    counts = f"Threats played this turn: {view['threats_played']}"
    if view.get("locked"):
        counts += " - a Threat in hand locks all but Threats and Population actions"
    text(draw, (x0 + 14, y1 - 30), clip_text(counts, SMALL, x1 - x0 - 28), SMALL, on=WHITE, fill=MUTED)


def _ranking(draw: ImageDraw.ImageDraw, view: dict[str, Any], cast: Cast) -> None:
    x0, y0, x1, _ = BOXES["play"]
    result = view["result"]
    text(draw, (x0 + 12, y0 + 8), "Final ranking", 20, on=WHITE, bold=True)
    rows = {i: r for i, r in enumerate(result.get("details", {}).get("rows", []))}
    y, place = y0 + 40, 1
    step = 26 if view["num_players"] <= 5 else 24
    for seats in result["ranking"]:
        for seat in seats:
            row = rows.get(seat, {})
            won = seat in result["winners"]
            colour = MUTED if row.get("eliminated") else (ACCENT if won else INK)
            seat_marker(draw, (x0 + 62, y + 10), 9, seat, fill=GREYED if row.get("eliminated") else None)
            text(draw, (x0 + 14, y), ordinal(place), 18, on=WHITE, fill=colour, bold=won)
            tag = " - winner" if won else ""
            name = clip_text(cast.full(seat), 18, round((250 - text_width(tag, 18)) * BOLD_ROOM)) + tag
            text(draw, (x0 + 80, y), name, 18, on=WHITE, fill=colour, bold=won)
            if row.get("eliminated"):
                detail = "eliminated"
            else:
                detail = (f"{plural(result['scores'][seat], 'point')}: {row.get('population', 0)} Pop., "
                          f"{row.get('wealth', 0)} Wealth, {row.get('land', 0)} Land")
            text(draw, (x0 + 340, y), clip_text(detail, SMALL, x1 - x0 - 354), SMALL, on=WHITE, fill=colour)
            y += step
        place += len(seats)


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    """The table: Line-Up, Frontier, the event, and the current player's cards in play (or the ranking)."""
    img = _frame().copy()
    draw = ImageDraw.Draw(img)
    _card_row(img, view, "lineup", "lineup", "pop_deck", "Population")
    _card_row(img, view, "frontier", "frontier", "land_deck", "Land")
    _event(img, view)
    if view["result"] is not None:
        _ranking(draw, view, cast)
    elif view["current"] is not None:
        _in_play(img, view, cast)
    return encode_png(img, _palette())


# -- the hand ------------------------------------------------------------------------------------

PRIVATE_WIDTH = 800
PRIVATE_SMALL = legible(PRIVATE_WIDTH, PHONE)
"""The least text of a hand: it is read on a phone, where the player decides what to play."""
PER_ROW = 2
PRIVATE_CARD = (366, 4 * PRIVATE_SMALL + 3 * round(PRIVATE_SMALL * 1.22) + 36)
"""A card of the hand: wide enough for every card's effect in three lines of PRIVATE_SMALL."""


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """The seat's hand as cards, every word readable at a phone's 350 px: playable ones framed and tagged, the
    rest dimmed; and an Explorer's choice."""
    seat, small = view["seat"], PRIVATE_SMALL
    step = small + 8
    hand = view.get("hand", [])
    playable = set(view.get("playable", []))
    sees = view.get("explorer_sees") or []
    w, h = PRIVATE_CARD
    gap = 14
    rows = max(1, math.ceil(len(hand) / PER_ROW))
    hand_h = small + 40 + (rows * (h + small + 20) if hand else step)
    sees_h = small + 40 + math.ceil(len(sees) / PER_ROW) * (h + 14) if sees else 0
    me = view["players"][seat]
    if me["eliminated"]:
        status = "Your colony was eliminated: it has no cards left and scores nothing."
    elif view["result"] is not None:
        status = "The game is over: these are the cards you ended with."
    elif view["current"] == seat:
        status = (f"Your turn, {PHASE_WORD.get(view['phase'], view['phase'])}. "
                  "Cards you can play now are framed in red; the others are dimmed.")
    else:
        status = f"{cast.whose(view['current'])} turn: your cards are dimmed until yours."
    counts = () if me["eliminated"] else wrap_text(
        f"Deck {me['deck_size']} - Discard {len(me['discard'])} - Granary {me['granary']} Food - Shipped "
        f"{me['shipped']} Wealth", small, PRIVATE_WIDTH - 56)
    said = [*wrap_text(status, small, PRIVATE_WIDTH - 56), *counts]
    offer = view.get("offer")
    offered = wrap_text(" ".join(offer_lines(offer, cast)), small, PRIVATE_WIDTH - 56) \
        if offer and seat in (offer["from"], offer["to"]) else ()
    top = 70 + step * len(said) + (step * len(offered) + 16 if offered else 0) + 8
    img, draw = canvas(PRIVATE_WIDTH, top + hand_h + (sees_h + 16 if sees else 0) + 12)
    seat_marker(draw, (40, 38), 18, seat)
    text(draw, (66, 38), f"Your hand - {cast.player(seat).colour}", small + 4, on=PAPER, anchor="lm", bold=True)
    score = "eliminated" if me["eliminated"] else f"{me['score']} VP"
    text(draw, (PRIVATE_WIDTH - 30, 38), score, small + 4, on=PAPER, anchor="rm", bold=True)
    y = 70
    for n, line in enumerate(said):
        text(draw, (28, y), line, small, on=PAPER, fill=MUTED if n >= len(said) - len(counts) else INK)
        y += step
    if offered:
        draw.rounded_rectangle((16, y, PRIVATE_WIDTH - 16, y + step * len(offered) + 8), radius=6, fill=OFFER,
                               outline=ACCENT, width=2)
        for line in offered:
            text(draw, (28, y + 4), line, small, on=OFFER, bold=True)
            y += step
    inner = panel(draw, (12, top, PRIVATE_WIDTH - 12, top + hand_h), f"In your hand: {plural(len(hand), 'card')}",
                  size=small)
    x0, y0 = inner[0], inner[1]
    if not hand:
        text(draw, (x0, y0 + 6), "Your hand is empty.", small, on=WHITE, fill=MUTED)
    for i, name in enumerate(hand):
        x, y = x0 + (i % PER_ROW) * (w + gap) + 6, y0 + 4 + (i // PER_ROW) * (h + small + 20)
        can = name in playable
        img.paste(_card(name, w, h, not can, small), (x, y))
        if can:
            draw.rounded_rectangle((x - 5, y - 5, x + w + 4, y + h + 4), radius=13, outline=ACCENT, width=4)
            text(draw, (x + w / 2, y + h + 8), "PLAYABLE", small, on=WHITE, fill=ACCENT, anchor="ma", bold=True)
        else:
            text(draw, (x + w / 2, y + h + 8), "not now", small, on=WHITE, fill=MUTED, anchor="ma")
    if sees:
        y = top + hand_h + 16
        inner = panel(draw, (12, y, PRIVATE_WIDTH - 12, y + sees_h), "Your Explorer sees: keep one Threat",
                      size=small)
        for i, name in enumerate(sees):
            img.paste(_card(name, w, h, smallest=small),
                      (inner[0] + 6 + (i % PER_ROW) * (w + gap), inner[1] + 4 + (i // PER_ROW) * (h + 14)))
    return encode_png(img, _palette())
