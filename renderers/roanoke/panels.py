"""The Roanoke board's words: the header, the season strip, the market, the pile and drawn tile, the players."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import MARKET, MARKET_RES, TITLES, square_payout
from games.roanoke.table import HOUSES, ROUNDS
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    blend,
    clip_text,
    frame,
    ink_on,
    places,
    plural,
    text,
    text_width,
    wrap_text,
)
from renderers.roanoke.sprites import (
    BOXES,
    COLOUR_RGB,
    DEAD_GREY,
    OFFER,
    PASS_GREEN,
    PHASE_WORD,
    RES,
    RES_RGB,
    RES_SHORT,
    RX0,
    bundle,
    marker,
    resource_icon,
    road_tile,
    seat_name,
)

# -- the header and the season strip -------------------------------------------------------------


def draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    result = view["result"]
    season = f"{view['season_name']}, round {view['round']} of {ROUNDS}"
    if result is not None:
        winners = result["winners"]
        if winners:
            who = " and ".join(seat_name(x) for x in winners)
            chits = result["scores"][winners[0]]
            status = f"Game over - {who} win{'s' if len(winners) == 1 else ''} with {plural(chits, 'chit')}"
        else:
            status = "Game over - the colony is lost: nobody wins"
        text(draw, (170, 14), clip_text(status, 19, RX0 - 190), 19, on=PAPER, fill=ACCENT, bold=True)
        text(draw, (170, 45), f"Ended in {season}", 16, on=PAPER, fill=MUTED, anchor="lm")
    else:
        active = view["active"]
        text(draw, (170, 14), f"{season} - {seat_name(active)} to play", 19, on=PAPER, bold=True,
             within=(170, 4, RX0 - 20, 40))
        phase = PHASE_WORD.get(view["phase"], view["phase"])
        phase = phase[:1].upper() + phase[1:]
        if view["phase"] == "main":
            phase += f", {plural(view['placements_left'], 'placement')} left"
        x = 170
        text(draw, (x, 45), phase + ".   Order:", 16, on=PAPER, anchor="lm")
        x += text_width(phase + ".   Order:", 16) + 8
        first = view["first_seat"]
        waiting = set(still_to_play(view))
        for seat in ((first + i) % 4 for i in range(4)):
            out = not view["players"][seat]["alive"]
            marker(draw, (x + 8, 45), 8, seat, fill=DEAD_GREY if out else None)
            label = f"{seat + 1}" + (" out" if out else "")
            colour = INK if not out and (seat == active or seat in waiting) else MUTED
            text(draw, (x + 20, 45), label, 16, on=PAPER, fill=colour, anchor="lm", bold=seat == active)
            x += 28 + text_width(label, 16) + 8
        if x + 4 + text_width("(grey: has played)", 14) < RX0 - 20:
            text(draw, (x + 4, 45), "(grey: has played)", 14, on=PAPER, fill=MUTED, anchor="lm")
    offer = view["offer"]
    if offer is not None and result is None:
        line = (f"Offer open: {seat_name(offer['from'])} gives {bundle(offer['give'])} to {seat_name(offer['to'])} "
                f"for {bundle(offer['get'])} - waiting for Seat {offer['to'] + 1} to accept or decline")
        frame(draw, (20, 56, RX0 - 16, 80), radius=6, fill=OFFER, outline=ACCENT, width=1)
        text(draw, (30, 68), line, 15, on=OFFER, fill=ACCENT, anchor="lm", bold=True, within=(24, 58, RX0 - 22, 78))
    else:
        legend = ("Pale road: cut off from its exit (upgrades there idle) - grey road: an eliminated seat's - "
                  "dotted: where the drawn tile may go")
        text(draw, (20, 70), clip_text(legend, 14, RX0 - 40), 14, on=PAPER, fill=MUTED, anchor="lm")


def draw_seasons(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = BOXES["seasons"]
    gap = 8
    w = (x1 - x0 - gap * 7) / 8
    current, over = view["season"], view["result"] is not None
    for k, slot in enumerate(view["seasons"]):
        bx = x0 + k * (w + gap)
        box = (round(bx), y0, round(bx + w), y1)
        now = k == current and not over
        done = k < current or (over and k <= current)
        fill = OFFER if now else WHITE if slot["card"] else (240, 238, 232)
        frame(draw, box, radius=8, fill=fill, outline=ACCENT if now else MUTED, width=3 if now else 2)
        cx = (box[0] + box[2]) / 2
        text(draw, (box[0] + 8, y0 + 7), slot["slot"], 15, on=fill, bold=True)
        if now:
            tag = f"round {view['round']}/{ROUNDS}"
            text(draw, (box[2] - 8, y0 + 8), tag, 13, on=fill, fill=ACCENT, anchor="ra", bold=True)
        elif done:
            text(draw, (box[2] - 8, y0 + 8), "done", 13, on=fill, fill=MUTED, anchor="ra")
        inner = round(w) - 16
        if slot["card"] is None:
            text(draw, (cx, y0 + 44), "?", 30, on=fill, fill=MUTED, anchor="mm", bold=True)
            text(draw, (box[0] + 8, y0 + 66), "face down; one of:", 12, on=fill, fill=MUTED)
            for i, cand in enumerate(slot["candidates"]):
                name = SE.CARDS[cand]["name"] if cand in SE.CARDS else cand
                text(draw, (box[0] + 8, y0 + 84 + i * 16), clip_text(name, 13, inner), 13, on=fill, fill=MUTED)
            continue
        name = clip_text(slot["name"], 15, inner)
        text(draw, (box[0] + 8, y0 + 28), name, 15, on=fill, fill=ACCENT if now else INK, bold=True)
        lines = wrap_text(slot["goal"][:1].upper() + slot["goal"][1:] + ".", 13, inner)
        for i, line in enumerate(lines[:6]):
            text(draw, (box[0] + 8, y0 + 50 + i * 16), line, 13, on=fill)


# -- the right-hand column -----------------------------------------------------------------------


def draw_market(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, _ = BOXES["market"]
    active = view["active"]
    top = y0 + 40
    gap = 8
    w = (x1 - x0 - 24 - 3 * gap) / 4
    h = 96
    for i, name in enumerate(MARKET):
        res = MARKET_RES[i]
        col, row = i // 2, i % 2
        bx, by = x0 + 12 + col * (w + gap), top + row * (h + gap)
        box = (round(bx), by, round(bx + w), by + h)
        fill = RES_RGB[res]
        tint = blend(fill, WHITE, 0.82)
        frame(draw, box, radius=6, fill=tint, outline=blend(fill, INK, 0.4), width=2)
        draw.rounded_rectangle((box[0] + 2, by + 2, box[2] - 2, by + 24), radius=5, fill=fill,
                               corners=(True, True, False, False))
        text(draw, (box[0] + 8, by + 13), TITLES[name], 15, on=fill, fill=ink_on(fill), anchor="lm", bold=True)
        counts = view["market"][name]
        there = [s for s in range(4) if counts[s] > 0]
        if active is not None and view["phase"] != "setup" and counts[active] > 0:
            pays = square_payout(counts, active)
            badge = f"+{pays}"
            bw = text_width(badge, 14) + 10
            draw.rounded_rectangle((box[2] - 6 - bw, by + 4, box[2] - 6, by + 22), radius=5,
                                   fill=ACCENT if pays else WHITE, outline=INK)
            text(draw, (box[2] - 6 - bw / 2, by + 13), badge, 14, on=ACCENT if pays else WHITE,
                 fill=WHITE if pays else INK, anchor="mm", bold=True)
        for k, seat in enumerate(there):
            px, py = box[0] + 10 + (k % 2) * (w / 2), by + 40 + (k // 2) * 25
            marker(draw, (px + 7, py), 8, seat)
            text(draw, (px + 20, py), f"x{counts[seat]}", 17, on=tint, anchor="lm", bold=seat == active)
        if len(there) == 4:
            text(draw, ((box[0] + box[2]) / 2, by + h - 10), "4 colours: pays none", 12, on=tint, fill=ACCENT,
                 anchor="mm", bold=True)
        elif not there:
            text(draw, ((box[0] + box[2]) / 2, by + 56), "empty", 14, on=tint, fill=MUTED, anchor="mm")
    y = top + 2 * h + gap + 10
    if active is None:
        text(draw, (x0 + 14, y), "The market is closed: the game is over.", 15, on=WHITE, fill=MUTED)
        return
    pay, income = view["payout_preview"], view["income_preview"]
    extra = {r: income[r] - pay[r] for r in RES}
    width = x1 - x0 - 28
    if view["phase"] == "setup":
        setup = f"Setup: {seat_name(active)} puts a first worker anywhere, takes 1 chit of it."
        text(draw, (x0 + 14, y), clip_text(setup, 15, width), 15, on=WHITE, bold=True)
        text(draw, (x0 + 14, y + 21), "No market payout until each seat's first Collect.", 15, on=WHITE, fill=MUTED)
        return
    head = (f"{seat_name(active)} collects:" if view["phase"] == "market" else
            f"{seat_name(active)} has collected; income as things stand:")
    text(draw, (x0 + 14, y), clip_text(head, 15, width), 15, on=WHITE, bold=True)
    x = _amounts(draw, x0 + 14, y + 29, "market", pay)
    x = _amounts(draw, x + 14, y + 29, "+ nodes, generators", extra)
    if x + 14 + text_width("(pile permitting)", 13) < x1 - 14:
        text(draw, (x + 10, y + 29), "(pile permitting)", 13, on=WHITE, fill=MUTED, anchor="lm")


def _amounts(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, amounts: dict[str, int]) -> float:
    """`label` then an icon and a count per resource; returns where the line ends."""
    text(draw, (x, y), label, 15, on=WHITE, anchor="lm")
    x += text_width(label, 15) + 8
    shown = [(r, n) for r, n in amounts.items() if n]
    if not shown:
        text(draw, (x, y), "nothing", 15, on=WHITE, fill=MUTED, anchor="lm")
        return x + text_width("nothing", 15)
    for r, n in shown:
        resource_icon(draw, (x + 9, y), r, 9)
        text(draw, (x + 21, y), str(n), 15, on=WHITE, anchor="lm", bold=True)
        x += 27 + text_width(str(n), 15) + 4
    return x


def draw_supply(img: Image.Image, view: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = BOXES["supply"]
    text(draw, (x0 + 14, y0 + 10), "Pile", 18, on=WHITE, bold=True)
    for i, res in enumerate(RES):
        cx = x0 + 32 + i * 72
        resource_icon(draw, (cx, y0 + 52), res, 15)
        n = view["pile"][res]
        text(draw, (cx + 20, y0 + 52), str(n), 20, on=WHITE, fill=ACCENT if n == 0 else INK, anchor="lm", bold=True)
    text(draw, (x0 + 14, y0 + 78), "chits left to pay income from", 13, on=WHITE, fill=MUTED)
    text(draw, (x0 + 14, y0 + 100), f"Draw pile {plural(view['draw_pile'], 'tile')} - discard {len(view['discard'])}",
         16, on=WHITE)
    text(draw, (x0 + 14, y0 + 124), f"Houses left {view['houses_left']} of {HOUSES}", 16, on=WHITE)
    tx = x0 + 318
    draw.line((tx - 12, y0 + 10, tx - 12, y1 - 10), fill=(220, 220, 220), width=2)
    drawn = view["drawn_tile"]
    if drawn is None:
        text(draw, (tx, y0 + 10), "Drawn tile", 18, on=WHITE, bold=True)
        why = ("No tile drawn." if view["phase"] != "main" or view["result"] is not None
               else "No tile pending: buy, trade or end the turn.")
        for i, line in enumerate(wrap_text(why + " Tiles are drawn face up in the main step.", 14, x1 - tx - 14)):
            text(draw, (tx, y0 + 40 + i * 19), line, 14, on=WHITE, fill=MUTED)
        return
    seat = view["active"]
    big = 72
    mask = B.ORIENTATIONS[drawn][0]
    img.paste(road_tile(mask, seat, "net", False, big), (tx, y0 + 12))
    text(draw, (tx + big + 12, y0 + 12), f"Drawn: {drawn}", 18, on=WHITE, bold=True)
    turns = len(B.ORIENTATIONS[drawn])
    text(draw, (tx + big + 12, y0 + 38), f"{plural(turns, 'way')} to turn it", 14, on=WHITE, fill=MUTED)
    left = view["placements_left"]
    text(draw, (tx + big + 12, y0 + 58), f"{plural(left, 'placement')} left", 14, on=WHITE, fill=MUTED)
    spots = sorted(view["drawn_spots"], key=lambda lbl: (lbl[0], int(lbl[1:])))
    line = f"May go on ({len(spots)}): " + " ".join(spots) if spots else "Fits nowhere: it will be discarded."
    lines = wrap_text(line, 14, x1 - tx - 14)
    if len(lines) > 3:
        lines = (*lines[:2], clip_text(lines[2] + " ...", 14, x1 - tx - 14))
    for i, part in enumerate(lines):
        text(draw, (tx, y0 + 90 + i * 18), part, 14, on=WHITE, fill=ACCENT, bold=i == 0)


def still_to_play(view: dict[str, Any]) -> list[int]:
    """The seats still to take a turn this round after the active one, in order.  Setup runs once round
    the table from the first player (ROA-S11), so its order is worked out from the first seat."""
    if view["phase"] != "setup":
        return list(view["round_left"])
    active, first = view["active"], view["first_seat"]
    return [(active + i) % 4 for i in range(1, (first - active - 1) % 4 + 1)]


def draw_players(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x0, y0, x1, y1 = BOXES["players"]
    step = (y1 - y0 - 8) / 4
    placed = places(view["result"])
    to_move = set(view["to_move"])
    offer = view["offer"]
    for i, p in enumerate(view["players"]):
        seat = p["seat"]
        top = round(y0 + 4 + i * step)
        box = (x0 + 6, top, x1 - 6, round(top + step - 4))
        out = not p["alive"]
        tint = (238, 238, 238) if out else blend(COLOUR_RGB[seat], WHITE, 0.82)
        turn = seat == view["active"] and view["result"] is None
        frame(draw, box, radius=8, fill=tint, outline=ACCENT if seat in to_move else MUTED,
                               width=3 if seat in to_move else 1)
        ink = MUTED if out else INK
        marker(draw, (box[0] + 18, top + 16), 10, seat, fill=DEAD_GREY if out else None)
        name = seat_name(seat)
        text(draw, (box[0] + 36, top + 16), name, 17, on=tint, fill=ink, anchor="lm", bold=True)
        bx = box[0] + 44 + text_width(name, 17)
        badges: list[tuple[str, RGB]] = []
        if out:
            badges.append(("ELIMINATED", ACCENT))
        if turn:
            badges.append(("TO PLAY", ACCENT))
        if offer is not None and offer["to"] == seat and view["result"] is None:
            badges.append(("answers an offer", ACCENT))
        if seat in placed and not out:
            badges.append((placed[seat], PASS_GREEN if placed[seat] == "winner" else (90, 90, 90)))
        for label, fill in badges:
            w = text_width(label, 13) + 12
            draw.rounded_rectangle((bx, top + 7, bx + w, top + 25), radius=5, fill=fill)
            text(draw, (bx + w / 2, top + 16), label, 13, on=fill, fill=WHITE, anchor="mm", bold=True)
            bx += w + 6
        text(draw, (box[2] - 10, top + 16), plural(p['chits'], 'chit'), 18, on=tint, fill=ink, anchor="rm", bold=True)
        for k, res in enumerate(RES):
            cx = box[0] + 20 + k * 62
            resource_icon(draw, (cx, top + 39), res, 10)
            text(draw, (cx + 14, top + 39), str(p["hand"][res]), 17, on=tint, fill=ink, anchor="lm", bold=True)
        inside = (box[0] + 8, top + 2, box[2] - 8, box[3] - 2)
        workers = sum(p["workers"].values())
        text(draw, (box[0] + 268, top + 39), clip_text(f"workers: {workers} in market, {p['reserve']} in reserve", 14,
                                                    box[2] - box[0] - 278), 14, on=tint, fill=ink, anchor="lm")
        gens = list(p["generators"].values())
        houses, ups = len(p["houses"]), len(p["road_upgrades"])
        pieces = (f"{plural(houses, 'house')} - "
                  + (f"generators {' '.join(RES_SHORT[g] for g in gens)}" if gens else "no generator")
                  + f" - {plural(ups, 'road upgrade')}")
        others = [x + 1 for x in p["link_class"] if x != seat]
        linked = "linked with " + ", ".join(str(x) for x in others) if others else "not linked"
        text(draw, (box[0] + 12, top + 58), f"{pieces} - {linked}", 14, on=tint, fill=ink, anchor="lm", within=inside)
        nodes = " ".join(p["nodes"]) or "none"
        line = f"Road length {p['road_length']} (own road {p['own_road']}) - nodes reached: {nodes}"
        text(draw, (box[0] + 12, top + 76), line, 14, on=tint, fill=ink, anchor="lm", within=inside)

