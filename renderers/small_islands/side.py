"""The Small Islands board's words: the status line (beside the picture as text) and the row under the map."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.small_islands.text import ENDS, shape
from renderers.cast import Cast
from renderers.common import (
    INK,
    MUTED,
    PAPER,
    text,
    text_width,
)
from renderers.small_islands.map import dashed_box
from renderers.small_islands.style import ROW_CELL
from renderers.small_islands.tiles import tile_sprite


def status_line(view: dict[str, Any], cast: Cast) -> str:
    """Who may do what now, in the cast's names ("alice (red) is to take a tile from the row"; "You are to…" for
    the reader)."""
    step = view["step"]
    if view.get("result") is not None or step == "over":
        return f"Game over: {ENDS.get(view.get('end') or '', view.get('end') or 'finished')}."
    movers = view["to_move"]
    if step == "prep":
        return f"Everyone chooses an objective in secret; waiting for {cast.names(movers)}."
    if not movers:
        return ""
    seat = movers[0]
    who, is_ = cast.Name(seat), cast.verb(seat, "is")
    if step == "setup":
        return f"{who} {is_} to arrange the starting tiles ({len(view['start_left'])} left) on dashed cells."
    if step == "turn":
        land = " or land a ship, which ends the round" if view["nav"] == 0 else ""
        return f"{who} {is_} to take a tile from the row{land}."
    if step == "place":
        return f"{who} {is_} to place a tile on a dashed cell."
    if step == "stuck":
        return f"{who} {cast.verb(seat, 'has')} no tile that fits and {is_} to put one back and draw another."
    if step == "bonus":
        return f"{who} may place a bonus token (a port or a resource token) or go without."
    if step == "houses":
        return f"Reward: {who} may build houses on islands that meet {cast.own(seat)} " \
            "objective."
    if step == "keep":
        return f"Reward: {who} {is_} to keep one discovery token."
    return f"{who} {is_} to play."


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
            text(draw, (words[0], y0 + 60), shape(tile), size, on=PAPER, anchor="lm", fill=MUTED, within=words,
                 smallest=size)
        else:
            dashed_box(draw, (x, y0, x + ROW_CELL - 1, y0 + ROW_CELL - 1), MUTED, 2)
            text(draw, (x + ROW_CELL / 2, y0 + ROW_CELL / 2), "empty", size, on=PAPER, fill=MUTED, anchor="mm")
