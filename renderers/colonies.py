"""Colonies pictures: the table (Line-Up, Frontier, event, supplies and decks, the current player's
cards in play, the last die roll, a pending trade, the latest log lines, a panel per player and the
final ranking); and one seat's hand as readable cards, the playable ones framed (COL §6, §8).

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
from games.colonies.text import cards as card_list
from games.core import Action
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    RGB,
    SEAT_COLOUR_NAMES,
    WHITE,
    blend,
    canvas,
    clip_text,
    encode_png,
    frame,
    ink_on,
    ordinal,
    panel,
    places,
    plain,
    plural,
    reference_palette,
    seat_colour,
    seat_marker,
    text,
    text_width,
    wrap_text,
)

WIDTH, HEIGHT = 1400, 1000
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
BOARD_CARD = (130, 160)
HAND_CARD = (190, 196)
CHIP = (100, 62)
LEFT_X1 = 900  # the left column ends here; the players' column fills the rest
PLAYERS_X = 916


def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1} ({SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]})"


# -- words that fit ----------------------------------------------------------------------------


def _fit_size(s: str, size: int, width: int, smallest: int = 11) -> int:
    """The largest size up to `size` at which a bold one-line `s` fits `width`."""
    while size > smallest and text_width(s, size) + 2 > width:
        size -= 1
    return size


# -- card sprites ------------------------------------------------------------------------------


def _sizes(w: int) -> tuple[int, int, int]:
    """Title, kind-word and largest effect-text sizes for a card this wide."""
    if w >= 180:
        return 20, 14, 20
    return 15, 12, 15


@lru_cache(maxsize=256)
def _card(name: str, w: int, h: int, dim: bool = False) -> Image.Image:
    """A card as printed: its kind's colour band with the title, the kind in words, the effect text.
    A dimmed card is printed pale with grey ink, so it still reads but stands back."""
    card = C.CARDS[name]
    fill = KIND_FILL[card.kind]
    band_fill = blend(fill, WHITE, 0.6) if dim else fill
    body_fill = blend(fill, (238, 238, 238), 0.93) if dim else blend(fill, WHITE, 0.82)
    ink = (95, 95, 95) if dim else INK
    img = Image.new("RGB", (w, h), WHITE)
    draw = ImageDraw.Draw(img)
    title_size, kind_size, body = _sizes(w)
    band = title_size + 16
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=body_fill, outline=MUTED if dim else INK, width=2)
    draw.rounded_rectangle((2, 2, w - 3, band), radius=8, fill=band_fill, corners=(True, True, False, False))
    draw.line((2, band, w - 3, band), fill=MUTED if dim else INK, width=1)
    size = _fit_size(card.title, title_size, w - 12)
    text(draw, (w / 2, band / 2 + 2), card.title, size, on=band_fill, fill=(70, 70, 70) if dim else ink_on(fill),
         anchor="mm", bold=True)
    kind_ink = blend(fill, INK, 0.62)
    text(draw, (w / 2, band + 6), KIND_WORD[card.kind].upper(), kind_size, on=body_fill,
         fill=MUTED if dim else kind_ink, anchor="ma", bold=True)
    top = band + kind_size + 14
    body, lines = _effect(card.text, w, h - top - 6)
    for i, line in enumerate(lines):
        text(draw, (8, top + i * round(body * 1.22)), line, body, on=body_fill, fill=ink)
    return img


def _effect(s: str, w: int, room: int) -> tuple[int, tuple[str, ...]]:
    """The largest text size (at most the card's own, at least 10) at which `s` fits `room` px, and its lines."""
    body = _sizes(w)[2]
    lines = wrap_text(s, body, w - 16)
    while body > 10 and round(body * 1.22) * len(lines) > room:
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
    draw.rounded_rectangle((2, 2, w - 3, 28), radius=6, fill=fill, corners=(True, True, False, False))
    title = C.title(name)
    text(draw, (w / 2, 16), title, _fit_size(title, 15, w - 10), on=fill, fill=ink_on(fill), anchor="mm", bold=True)
    if kind == C.POPULATION:
        label, colour = {"ready": ("ready", INK), "acted": ("acted", INK),
                         "reserved": ("reserved", ACCENT)}.get(state, (state, INK))
    else:
        label, colour = KIND_WORD[kind], blend(fill, INK, 0.62)
    text(draw, (w / 2, 45), label, 14, on=blend(fill, WHITE, 0.8), fill=colour, anchor="mm", bold=reserved)
    if kind == C.POPULATION and state == "acted":
        return Image.blend(img, Image.new("RGB", (w, h), WHITE), 0.58)
    return img


# -- the static layer and palette -------------------------------------------------------------

BOXES = {
    "lineup": (20, 70, 452, 284), "frontier": (468, 70, LEFT_X1, 284),
    "event": (20, 296, 420, 516), "supply": (436, 296, LEFT_X1, 516),
    "play": (20, 528, LEFT_X1, 744), "roll": (20, 756, 260, HEIGHT - 20), "news": (276, 756, LEFT_X1, HEIGHT - 20),
    "players": (PLAYERS_X, 20, WIDTH - 20, HEIGHT - 20),
}
TITLES = {"lineup": "Line-Up (Population)", "frontier": "Frontier (Land)", "event": "Event",
          "supply": "Supplies and decks", "roll": "Last die roll", "news": "Latest", "players": "Players"}


def _inner(key: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = BOXES[key]
    return (x0 + 12, y0 + 16 + 20, x1 - 12, y1 - 10)


@lru_cache(maxsize=1)
def _frame() -> Image.Image:
    """Paper, panel frames and their headings: the same under every board."""
    img, draw = canvas(WIDTH, HEIGHT)
    for key, box in BOXES.items():
        panel(draw, box, TITLES.get(key, ""))
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for every Colonies picture, from a sample of every card kind, plain and dimmed."""
    sample = _frame().copy()
    names = [next(c.name for c in C.CARDS.values() if c.kind == k) for k in KIND_FILL]
    for i, name in enumerate(names):
        x = 20 + i * 195
        for j, (dim, (w, h)) in enumerate((d, size) for size in (BOARD_CARD, HAND_CARD) for d in (False, True)):
            sample.paste(_card(name, w, h, dim), (x, 20 + j * 200))
        for j, state in enumerate(("ready", "acted", "reserved")):
            sample.paste(_chip(name, state), (x, 820 + j * 60) if j < 2 else (x + 100, 820))
    tints = [blend(seat_colour(s), WHITE, 0.8) for s in range(6)]
    draw = ImageDraw.Draw(sample)
    for i, fill in enumerate([*tints, GREYED]):  # the players' panels: large flat areas, so exact colours
        draw.rectangle((1380 - 60 * (i + 1), 620, 1380 - 60 * i - 1, 700), fill=fill)
    return reference_palette(sample, [*KIND_FILL.values(), *tints, GREYED, (60, 60, 60)])


# -- the board -----------------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    text(draw, (24, 22), "Colonies", 30, on=PAPER, bold=True)
    parts = [f"Round {view['round']}", f"turn {view['turn']}"]
    if view["result"] is not None:
        parts.append("game over")
    elif view["current"] is not None:
        parts.append(f"Seat {view['current'] + 1} to play, {PHASE_WORD.get(view['phase'], view['phase'])}")
    text(draw, (190, 20), clip_text(" - ".join(parts), 19, LEFT_X1 - 190), 19, on=PAPER, bold=True)
    pending = view.get("pending")
    if pending and view["result"] is None:
        what = ("picks which of the Threats their Explorer saw to keep" if pending["kind"] == "explorer" else
                "picks the Population Witch Trials takes")
        text(draw, (190, 46), clip_text(f"Waiting: Seat {pending['seat'] + 1} {what}", 16, LEFT_X1 - 190), 16, on=PAPER,
             fill=ACCENT)


def _card_row(img: Image.Image, view: dict[str, Any], key: str, row: str, deck: str, deck_word: str) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = _inner(key)
    text(draw, (x1, BOXES[key][1] + 10), f"{deck_word} deck: {view[deck]}", 16, on=WHITE, anchor="ra")
    w, h = BOARD_CARD
    cards = view[row]
    for i in range(3):
        x = x0 + i * (w + 9)
        if i < len(cards):
            img.paste(_card(cards[i], w, h), (x, y0))
        else:
            draw.rounded_rectangle((x, y0, x + w, y0 + h), radius=10, outline=MUTED, width=2)
            text(draw, (x + w / 2, y0 + h / 2), "empty", 15, on=WHITE, fill=MUTED, anchor="mm")


def _event(img: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = _inner("event")
    event = view["active_event"]
    cw, ch = 250, y1 - y0
    if event:
        img.paste(_card(event, cw, ch), (x0, y0))
    else:
        draw.rounded_rectangle((x0, y0, x0 + cw, y1), radius=10, outline=MUTED, width=2)
        for i, line in enumerate(("No event yet:", "the First Settler", "flips one from", "round 2.")):
            text(draw, (x0 + cw / 2, y0 + 40 + i * 24), line, 16, on=WHITE, fill=MUTED, anchor="mm")
    cx = (x0 + cw + x1) / 2 + 4
    text(draw, (cx, y0 + 8), "events left", 15, on=WHITE, anchor="ma")
    text(draw, (cx, y0 + 30), str(view["events_left"]), 34, on=WHITE, anchor="ma", bold=True)
    text(draw, (cx, y0 + 74), f"{len(view['event_discard'])} played", 15, on=WHITE, fill=MUTED, anchor="ma")
    if view["final_round"] and view["result"] is None:
        draw.rounded_rectangle((cx - 56, y0 + 104, cx + 56, y0 + 150), radius=8, fill=ACCENT)
        text(draw, (cx, y0 + 116), "FINAL", 17, on=ACCENT, fill=WHITE, anchor="mm", bold=True)
        text(draw, (cx, y0 + 137), "ROUND", 17, on=ACCENT, fill=WHITE, anchor="mm", bold=True)


def _pile(draw: ImageDraw.ImageDraw, xy: tuple[int, int], fill: RGB, count: int, label: str, big: bool = False) -> None:
    """A counter: a small stack of cards in the pile's colour, its count and its name."""
    x, y = xy
    for k in (2, 1, 0):
        draw.rounded_rectangle((x + 3 * k, y + 3 * (2 - k), x + 24 + 3 * k, y + 34 + 3 * (2 - k)), radius=4,
                               fill=fill if k == 0 else blend(fill, WHITE, 0.4), outline=INK)
    text(draw, (x + 38, y + 2), str(count), 26 if big else 22, on=WHITE, bold=True)
    text(draw, (x + 38, y + (32 if big else 28)), label, 14, on=WHITE, fill=MUTED)


def _supply(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, _, _ = _inner("supply")
    _pile(draw, (x0, y0), KIND_FILL[C.FOOD], view["food_supply"], "Food supply", big=True)
    _pile(draw, (x0 + 150, y0), KIND_FILL[C.WEALTH], view["wealth_supply"], "Wealth supply", big=True)
    piles = [(KIND_FILL[C.POPULATION], view["pop_deck"], "Population deck"),
             (KIND_FILL[C.LAND], view["land_deck"], "Land deck"),
             (KIND_FILL[C.THREAT], view["threat_deck"], "Threat deck"),
             (KIND_FILL[C.SHIPMENT], view["shipment_deck"], "Shipment deck"),
             ((90, 90, 90), len(view["trash"]), "Trash"),
             (KIND_FILL[C.EVENT], len(view["event_discard"]), "Events played")]
    for i, (fill, count, label) in enumerate(piles):
        _pile(draw, (x0 + (i % 3) * 150, y0 + 64 + (i // 3) * 58), fill, count, label)


def _in_play(img: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = BOXES["play"]
    seat = view["current"]
    p = view["players"][seat]
    seat_marker(draw, (x0 + 22, y0 + 21), 10, seat)
    text(draw, (x0 + 40, y0 + 21), f"In play - {_seat_name(seat)}", 20, on=WHITE, anchor="lm", bold=True)
    note = f"Livestock x{p['livestock']}" if p["livestock"] else ""
    text(draw, (x1 - 12, y0 + 21), note + ("  -  " if note else "") + "dimmed: acted this turn", 15, on=WHITE,
         anchor="rm", fill=MUTED)
    entries = p["in_play"]
    per_row, rows = (x1 - x0 - 28 + 6) // (CHIP[0] + 6), 2
    if not entries:
        text(draw, (x0 + 14, y0 + 60), "Nothing in play yet this turn.", 16, on=WHITE, fill=MUTED)
    shown = entries if len(entries) <= per_row * rows else entries[:per_row * rows - 1]
    for i, e in enumerate(shown):
        img.paste(_chip(e["card"], e["state"]), (x0 + 14 + (i % per_row) * (CHIP[0] + 6),
                                                  y0 + 44 + (i // per_row) * (CHIP[1] + 10)))
    if len(shown) < len(entries):
        i = len(shown)
        text(draw, (x0 + 14 + (i % per_row) * (CHIP[0] + 6) + CHIP[0] / 2, y0 + 44 + CHIP[1] + 10 + CHIP[1] / 2),
             f"+{len(entries) - len(shown)} more", 16, on=WHITE, anchor="mm", bold=True)
    counts = f"Threats played this turn: {view['threats_played']}"
    if view.get("locked"):
        counts += " - a Threat in hand locks all but Threats and Population actions"
    text(draw, (x0 + 14, y1 - 30), clip_text(counts, 15, x1 - x0 - 28), 15, on=WHITE, fill=MUTED)


def _ranking(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
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
            seat_marker(draw, (x0 + 70, y + 10), 9, seat, fill=GREYED if row.get("eliminated") else None)
            text(draw, (x0 + 14, y), ordinal(place), 18, on=WHITE, fill=colour, bold=won)
            name = _seat_name(seat) + (" - winner" if won else "")
            text(draw, (x0 + 88, y), name, 18, on=WHITE, fill=colour, bold=won)
            if row.get("eliminated"):
                detail = "eliminated"
            else:
                detail = (f"{plural(result['scores'][seat], 'point')}: {row.get('population', 0)} Population, "
                          f"{row.get('wealth', 0)} Wealth, {row.get('land', 0)} Land, {row.get('shipped', 0)} shipped")
            text(draw, (x0 + 380, y), clip_text(detail, 16, x1 - x0 - 394), 16, on=WHITE, fill=colour)
            y += step
        place += len(seats)


def _die(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], face: int) -> None:
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=INK, width=3)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
             5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)]}
    cell = (x1 - x0) / 4
    for cx, cy in spots.get(face, []):
        px, py = x0 + cell * (cx + 1), y0 + cell * (cy + 1)
        r = cell * 0.36
        draw.ellipse((px - r, py - r, px + r, py + r), fill=INK)


def _roll(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, _ = _inner("roll")
    roll = view["last_roll"]
    if not roll:
        text(draw, (x0, y0 + 4), "No die rolled yet.", 16, on=WHITE, fill=MUTED)
        return
    _die(draw, (x0, y0 + 2, x0 + 76, y0 + 78), roll["die"])
    mod = roll.get("mod", 0)
    sign = "+" if mod >= 0 else "-"
    text(draw, (x0 + 92, y0 + 4), f"{sign} {abs(mod)}", 22, on=WHITE, bold=True)
    text(draw, (x0 + 92, y0 + 40), f"= {roll['total']}", 30, on=WHITE, bold=True)
    text(draw, (x0, y0 + 96), clip_text(f"{C.title(roll['worker'])} works", 17, x1 - x0), 17, on=WHITE)
    text(draw, (x0, y0 + 120), clip_text(C.title(roll["land"]), 17, x1 - x0), 17, on=WHITE, bold=True)
    text(draw, (x0, y0 + 148), "die + modifier", 14, on=WHITE, fill=MUTED)


def _offer_lines(offer: dict[str, Any]) -> list[str]:
    by, to = offer["from"] + 1, offer["to"] + 1
    worker = f" (by a {C.title(offer['worker'])})" if offer.get("worker") else " (Trade Winds)"
    lines = [f"Trade offer{worker}: Seat {by} gives {card_list(offer['give'])} "
             f"to Seat {to} for {card_list(offer['want'])}."]
    if offer.get("counter") is not None:
        lines.append(f"Seat {to} counters with {card_list(offer['counter'])}.")
    lines.append(f"Waiting for Seat {offer['waiting'] + 1} to answer.")
    return lines


def _news(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = _inner("news")
    width = x1 - x0
    y = y0
    offer = view.get("offer")
    if offer:
        lines = [ln for s in _offer_lines(offer) for ln in wrap_text(s, 16, width - 16)]
        draw.rounded_rectangle((x0 - 4, y - 4, x1 + 2, y + 22 * len(lines) + 2), radius=6,
                               fill=OFFER, outline=ACCENT, width=2)
        for line in lines:
            text(draw, (x0 + 4, y), line, 16, on=OFFER, bold=line.startswith("Trade offer"))
            y += 22
        y += 10
    room = max(0, (y1 - y) // 21)
    for line in view["last"][-room:] if room else []:
        text(draw, (x0, y), clip_text(line.replace("\U0001f3b2 ", "Roll: "), 16, width), 16, on=WHITE)
        y += 21


def _player(draw: ImageDraw.ImageDraw, view: dict[str, Any], p: dict[str, Any], box: tuple[int, int, int, int],
            place: str) -> None:
    seat = p["seat"]
    x0, y0, x1, y1 = box
    out = p["eliminated"]
    result = view["result"]
    current = view["current"] == seat and result is None
    colour = seat_colour(seat)
    ink = MUTED if out else INK
    tint = GREYED if out else blend(colour, WHITE, 0.8)
    frame(draw, box, radius=8, fill=tint, outline=ACCENT if current else (MUTED if out else colour),
          width=4 if current else 2)
    draw.rectangle((x0 + 3, y0 + 8, x0 + 11, y1 - 8), fill=MUTED if out else colour)
    seat_marker(draw, (x0 + 32, y0 + 22), 13, seat, fill=GREYED if out else None)
    name = _seat_name(seat)
    text(draw, (x0 + 54, y0 + 22), name, 19, on=tint, fill=ink, anchor="lm", bold=True)
    if out:
        width = text_width(plain(name), 19)
        draw.line((x0 + 50, y0 + 23, x0 + 58 + width, y0 + 23), fill=INK, width=3)
        text(draw, (x1 - 12, y0 + 22), "ELIMINATED", 18, on=tint, fill=ACCENT, anchor="rm", bold=True)
    else:
        text(draw, (x1 - 12, y0 + 22), f"{p['score']} VP", 22, on=tint, anchor="rm", bold=True)
    badges: list[tuple[str, RGB, RGB]] = []
    if current:
        badges.append(("> TO PLAY", ACCENT, WHITE))
    offer = view.get("offer")
    if offer and offer["waiting"] == seat and not current:
        badges.append(("answering the offer", ACCENT, WHITE))
    if view["first_settler"] == seat and not out:
        badges.append(("First Settler", INK, WHITE))
    if place:
        badges.append((place, (40, 120, 60) if place == "winner" else (90, 90, 90), WHITE))
    bx = x0 + 54
    for label, badge, badge_ink in badges:
        w = text_width(label, 14) + 16
        draw.rounded_rectangle((bx, y0 + 38, bx + w, y0 + 60), radius=6, fill=badge)
        text(draw, (bx + w / 2, y0 + 49), label, 14, on=badge, fill=badge_ink, anchor="mm", bold=True)
        bx += w + 8
    line_y = y0 + 68 if badges else y0 + 44
    text(draw, (x0 + 22, line_y), f"Hand {p['hand_size']} - Deck {p['deck_size']} - Discard {len(p['discard'])}",
         17, on=tint, fill=ink)
    text(draw, (x0 + 22, line_y + 23), f"Granary {p['granary']} Food - Shipped {p['shipped']} Wealth - "
                                       f"Livestock {p['livestock']}", 17, on=tint, fill=ink)
    if line_y + 46 + 16 <= y1:
        discard = "Discard: " + (card_list(sorted(p["discard"], key=lambda c: (C.kind(c), c))) if p["discard"]
                                 else "empty")
        text(draw, (x0 + 22, line_y + 47), clip_text(discard, 14, x1 - x0 - 34), 14, on=tint, fill=MUTED)


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = _inner("players")
    players = view["players"]
    step = min(156, (y1 - y0 + 8) // max(1, len(players)))
    result = view["result"]
    placed = places(result)
    for i, p in enumerate(players):
        top = y0 + i * step
        shown = placed.get(p["seat"], "") if not p["eliminated"] or result is None else ""
        _player(draw, view, p, (x0 - 4, top, x1 + 4, top + step - 10), shown)


def board(view: dict[str, Any], choices: Sequence[Action] = ()) -> bytes:
    img = _frame().copy()
    draw = ImageDraw.Draw(img)
    _header(draw, view)
    _card_row(img, view, "lineup", "lineup", "pop_deck", "Population")
    _card_row(img, view, "frontier", "frontier", "land_deck", "Land")
    _event(img, view)
    _supply(draw, view)
    if view["result"] is not None:
        _ranking(draw, view)
    elif view["current"] is not None:
        _in_play(img, view)
    _roll(draw, view)
    _news(draw, view)
    _players(draw, view)
    return encode_png(img, _palette())


# -- the hand ------------------------------------------------------------------------------------

PRIVATE_WIDTH = 1280
PER_ROW = 6


def private(view: dict[str, Any]) -> bytes:
    """The seat's hand as cards: playable ones framed and tagged, the rest dimmed; and an Explorer's choice."""
    seat = view["seat"]
    hand = view.get("hand", [])
    playable = set(view.get("playable", []))
    sees = view.get("explorer_sees") or []
    w, h = HAND_CARD
    gap = 14
    rows = max(1, math.ceil(len(hand) / PER_ROW))
    hand_h = 50 + (rows * (h + 40) if hand else 40)
    sees_h = 54 + h + 14 if sees else 0
    offer = view.get("offer")
    mine = bool(offer) and seat in (offer["from"], offer["to"])
    top = 156 if mine else 126
    img, draw = canvas(PRIVATE_WIDTH, top + hand_h + (sees_h + 16 if sees else 0) + 12)
    me = view["players"][seat]
    seat_marker(draw, (40, 38), 16, seat)
    text(draw, (66, 38), f"Your hand - {_seat_name(seat)}", 26, on=PAPER, anchor="lm", bold=True)
    score = "eliminated" if me["eliminated"] else f"{me['score']} VP"
    text(draw, (PRIVATE_WIDTH - 30, 38), score, 26, on=PAPER, anchor="rm", bold=True)
    if view["result"] is not None:
        status = "The game is over: these are the cards you ended with."
    elif view["current"] == seat:
        status = (f"Your turn, {PHASE_WORD.get(view['phase'], view['phase'])}. "
                  "Cards you can play now are framed in red; the others are dimmed.")
    else:
        status = f"Seat {view['current'] + 1}'s turn: your cards are dimmed until yours."
    text(draw, (28, 72), clip_text(status, 17, PRIVATE_WIDTH - 56), 17, on=PAPER)
    text(draw, (28, 98), f"Deck {me['deck_size']} - Discard {len(me['discard'])} - Granary {me['granary']} Food - "
                         f"Shipped {me['shipped']} Wealth", 17, on=PAPER, fill=MUTED)
    if mine:
        draw.rounded_rectangle((16, 120, PRIVATE_WIDTH - 16, 148), radius=6, fill=OFFER, outline=ACCENT,
                               width=2)
        text(draw, (28, 134), " ".join(_offer_lines(offer)), 16, on=OFFER, anchor="lm", bold=True,
             within=(24, 122, PRIVATE_WIDTH - 24, 146))
    inner = panel(draw, (12, top, PRIVATE_WIDTH - 12, top + hand_h), f"In your hand: {plural(len(hand), 'card')}",
                  size=20)
    x0, y0 = inner[0], inner[1]
    if not hand:
        text(draw, (x0, y0 + 6), "Your hand is empty.", 18, on=WHITE, fill=MUTED)
    for i, name in enumerate(hand):
        x, y = x0 + (i % PER_ROW) * (w + gap) + 6, y0 + 4 + (i // PER_ROW) * (h + 40)
        can = name in playable
        img.paste(_card(name, w, h, dim=not can), (x, y))
        if can:
            draw.rounded_rectangle((x - 5, y - 5, x + w + 4, y + h + 4), radius=13, outline=ACCENT, width=4)
            text(draw, (x + w / 2, y + h + 18), "PLAYABLE", 16, on=WHITE, fill=ACCENT, anchor="mm", bold=True)
        else:
            text(draw, (x + w / 2, y + h + 18), "not now", 15, on=WHITE, fill=MUTED, anchor="mm")
    if sees:
        y = top + hand_h + 16
        inner = panel(draw, (12, y, PRIVATE_WIDTH - 12, y + sees_h),
                      "Your Explorer sees these Threats: keep one (it goes to your discard), the rest go back", size=20)
        for i, name in enumerate(sees):
            img.paste(_card(name, w, h), (inner[0] + 6 + i * (w + gap), inner[1] + 4))
    return encode_png(img, _palette())
