"""The Small Islands board's right-hand column and header: status, the row, counts, players, log, legend."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.small_islands.data import card_text
from games.small_islands.names import name_from
from renderers.common import (
    ACCENT,
    INK,
    MUTED,
    PAPER,
    WHITE,
    clip_text,
    frame,
    panel,
    places,
    plural,
    seat_marker,
    text,
    text_width,
    wrap_text,
)
from renderers.small_islands.icons import icon
from renderers.small_islands.map import dashed_box
from renderers.small_islands.style import ENDS, MAP_X0, PHASE_WORD, ROW_CELL, SIDE_W, player_rgb, seat_name
from renderers.small_islands.tiles import shape_name, tile_sprite

# -- the side column -----------------------------------------------------------------------------


def status_line(view: dict[str, Any]) -> str:
    players = view["players"]
    step = view["step"]
    result = view.get("result")
    if result is not None or step == "over":
        return f"Game over: {ENDS.get(view.get('end') or '', view.get('end') or 'finished')}."
    movers = view["to_move"]
    who = seat_name(players, movers[0]) if movers else ""
    if step == "setup":
        return f"{who} arranges the starting tiles ({len(view['start_left'])} left): dashed cells are free."
    if step == "prep":
        waiting = ", ".join(str(s + 1) for s in movers)
        return f"Everyone chooses an objective in secret; waiting for seat{'s' if len(movers) > 1 else ''} {waiting}."
    if step == "turn":
        land = " or land a ship (ends the round)" if view["nav"] == 0 else ""
        return f"{who}: take a tile from the row{land}."
    if step == "place":
        return f"{who} places a tile on a dashed cell."
    if step == "stuck":
        return f"{who} has no tile that fits: discards one and draws."
    if step == "bonus":
        return f"{who} may place a bonus token (port or resource)."
    if step == "houses":
        return f"Reward: {who} places houses on islands fulfilling the objective."
    if step == "keep":
        return f"Reward: {who} keeps one discovery token."
    return f"{who} to play."


def draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any], width: int) -> None:
    text(draw, (MAP_X0 + 4, 18), "Small Islands", 28, on=PAPER, bold=True)
    mode = "advanced" if view["mode"] == "advanced" else "normal"
    round_word = f"Round {view['round']} of 4" if view["round"] else "Before round 1"
    head = f"{round_word} - {PHASE_WORD.get(view['phase'], view['phase'])} - {mode} mode"
    x = MAP_X0 + 4 + text_width("Small Islands", 28) + 24
    room = width - SIDE_W - x - 20
    text(draw, (x, 14), head, 17, on=PAPER, bold=True, within=(x, 4, x + room, 38))
    text(draw, (x, 36), status_line(view), 16, on=PAPER, fill=ACCENT if view["result"] is None else INK,
         within=(x, 32, x + room, 60))


def draw_row(img: Image.Image, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = panel(draw, box, "Row: take one", size=18)
    text(draw, (x1, box[1] + 10), f"Navigation {view['nav']} - reserve {view['reserve']}", 15, on=WHITE, anchor="ra")
    gap = (x1 - x0 - 3 * ROW_CELL) // 2
    for i in range(3):
        x = x0 + i * (ROW_CELL + gap)
        if i < len(view["row"]):
            tile = view["row"][i]
            img.paste(tile_sprite(tile, 0, ROW_CELL), (x, y0))
            draw.rectangle((x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), outline=INK, width=1)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL + 12), tile, 15, on=WHITE, anchor="mm", bold=True)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL + 30), clip_text(shape_name(tile), 13, ROW_CELL + gap - 6), 13,
                 on=WHITE, anchor="mm", fill=MUTED)
        else:
            dashed_box(draw, (x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), MUTED, 2)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL / 2), "empty", 15, on=WHITE, fill=MUTED, anchor="mm")


def draw_counts(draw: ImageDraw.ImageDraw, view: dict[str, Any], xy: tuple[int, int], width: int) -> int:
    x, y = xy
    grey = view["grey_ships"]
    lines = [f"Ships landed {view['ships_placed']} of 4 - grey ships left {grey}",
             f"Discovery tokens left {view['discovery_pool']} - tiles in the box {len(view['box'])}"]
    for i, line in enumerate(lines):
        text(draw, (x, y + i * 21), clip_text(line, 15, width), 15, on=PAPER)
    return 21 * len(lines)


def _ship_at(view: dict[str, Any], seat: int) -> tuple[int, int] | None:
    for t in view["grid"]:
        if t["ship"] == seat:
            return t["x"], t["y"]
    return None


def _objective_words(cards: dict[str, Any] | None) -> str:
    if not cards:
        return ""
    return " + ".join(f"{c}: {card_text(c)}" for c in cards.values() if c)


def draw_players(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = panel(draw, box, "Players", size=18)
    players = view["players"]
    result = view.get("result")
    placed = places(result)
    rows: list[dict[str, Any]] = (result.get("details") or {}).get("rows") or [] if result else []
    step = min(130, (y1 - y0 - 6) // max(1, len(players)))
    width = x1 - x0
    for i, p in enumerate(players):
        seat = p["seat"]
        top = y0 + 6 + i * step
        if seat in view["to_move"] and result is None:
            frame(draw, (x0 - 6, top - 4, x1 + 6, top + step - 8), radius=8, outline=ACCENT, width=3)
        seat_marker(draw, (x0 + 11, top + 12), 10, seat, fill=player_rgb(p))
        text(draw, (x0 + 28, top + 12), f"Seat {seat + 1} - {p['colour']}", 18, on=WHITE, anchor="lm", bold=True)
        score = f"{result['scores'][seat] if result and seat < len(result['scores']) else p['pp']} PP"
        text(draw, (x1, top + 12), score, 20, on=WHITE, anchor="rm", bold=True)
        if seat in placed:
            label = placed[seat]
            w = text_width(label, 14) + 14
            bx = x1 - text_width(score, 20) - w - 10
            badge = (40, 120, 60) if label == "winner" else (110, 110, 110)
            draw.rounded_rectangle((bx, top + 2, bx + w, top + 22), radius=6, fill=badge)
            text(draw, (bx + w / 2, top + 12), label, 14, on=badge, fill=WHITE, anchor="mm", bold=True)
        lines = [f"Houses: {p['houses_hand']} in hand, {p['houses_reserve']} in reserve, {p['houses_played']} built",
                 f"Bonus tokens {p['bonus_left']} - tiles in hand {p['hand_size']} - "
                 f"discovery tokens {p['discovery_count']}"]
        at = _ship_at(view, seat)
        if at is not None:
            where = name_from(at[0], at[1], view["origin"])
            lines.append(f"Ship landed at {where}: {plural(p['ship_ports'], 'port')} around it")
        else:
            lines.append("Ship not landed yet" if p["own_ship"] else "Ship: none")
        if result and seat < len(rows):
            r = rows[seat]
            lines.append(f"Final: {r.get('pp', 0)} PP + {r.get('discovery', 0)} discovery + "
                         f"{r.get('ship_ports', 0)} ship ports")
        elif p["revealed"]:
            lines += wrap_text("Objective " + _objective_words(p["revealed"]), 14, width - 28)
        elif view["phase"] == "prep":
            lines.append("has chosen objectives" if p["chosen"] else "choosing objectives in secret...")
        room = max(1, (step - 34) // 18)
        if len(lines) > room:
            lines = [*lines[:room - 1], clip_text(" ".join(lines[room - 1:]), 14, width - 28)]
        for j, line in enumerate(lines):
            text(draw, (x0 + 28, top + 28 + j * 18), clip_text(line, 14, width - 28), 14, on=WHITE,
                 fill=MUTED if j == 3 and not result and not p["revealed"] else INK)


def draw_log(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    """The latest log lines that fit, newest at the bottom in ink, each wrapped whole rather than cut."""
    x0, y0, x1, y1 = panel(draw, box, "Latest", size=18)
    step, width = 18, x1 - x0
    room = max(1, (y1 - y0 + 4) // step)
    shown: list[tuple[str, ...]] = []
    for line in reversed(view["last"]):
        wrapped = wrap_text(line, 14, width)
        if sum(map(len, shown)) + len(wrapped) > room:
            break
        shown.insert(0, wrapped)
    if not shown and view["last"]:  # one entry longer than the box: its start, as much as fits
        shown = [wrap_text(view["last"][-1], 14, width)[:room]]
    y = y0
    for k, wrapped in enumerate(shown):
        for line in wrapped:
            text(draw, (x0, y), line, 14, on=WHITE, fill=INK if k == len(shown) - 1 else MUTED,
                 within=(x0, y0 - 4, x1, y1 + 6))
            y += step


LEGEND = (("flower", "flower"), ("fruit", "fruit"), ("leaf", "leaf"), ("temple", "temple"),
          ("port", "port"), ("symbol", "house symbol"))


def draw_legend(img: Image.Image, xy: tuple[int, int], width: int) -> int:
    """The icons and their names, in two lines."""
    draw = ImageDraw.Draw(img)
    x, y = xy
    per_row = 3
    col = width // per_row
    for i, (kind, word) in enumerate(LEGEND):
        cx, cy = x + (i % per_row) * col, y + (i // per_row) * 28
        sprite = icon(kind, 24)
        img.paste(sprite, (cx, cy), sprite)
        text(draw, (cx + 30, cy + 12), word, 14, on=PAPER, anchor="lm")
    return 2 * 28
