"""The Small Islands board's words: the status line (beside the picture as text) and the row under the map."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.common import (
    INK,
    MUTED,
    PAPER,
    text,
    text_width,
)
from renderers.small_islands.map import dashed_box
from renderers.small_islands.style import ENDS, ROW_CELL, seat_name
from renderers.small_islands.tiles import shape_name, tile_sprite


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
        waiting = ", ".join(seat_name(players, s) for s in movers)
        return f"Everyone chooses an objective in secret; waiting for {waiting}."
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


def draw_row(img: Image.Image, view: dict[str, Any], xy: tuple[int, int], size: int) -> None:
    """The row of tiles to take, under the map: each tile with its id and shape, `size` px text."""
    draw = ImageDraw.Draw(img)
    x0, y0 = xy
    text(draw, (x0, y0 + ROW_CELL / 2), "Row:", size + 2, on=PAPER, anchor="lm", bold=True)
    x0 += round(text_width("Row:", size + 2)) + 16
    step = ROW_CELL + 2 * size + 40
    for i in range(3):
        x = x0 + i * step
        if i < len(view["row"]):
            tile = view["row"][i]
            img.paste(tile_sprite(tile, 0, ROW_CELL), (x, y0))
            draw.rectangle((x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), outline=INK, width=1)
            words = (x + ROW_CELL + 6, y0, x + step - 8, y0 + ROW_CELL)
            text(draw, (words[0], y0 + 30), tile, size + 2, on=PAPER, anchor="lm", bold=True, within=words,
                 smallest=size)
            text(draw, (words[0], y0 + 60), shape_name(tile), size, on=PAPER, anchor="lm", fill=MUTED, within=words,
                 smallest=size)
        else:
            dashed_box(draw, (x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), MUTED, 2)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL / 2), "empty", size, on=PAPER, fill=MUTED, anchor="mm")
