"""The recap picture of a finished game: the final board above a chart of each seat's score over the game, and
under it each seat's estimated chance of winning (games/learned.py) with the turning point marked.

Stacked, not side by side, so it is as wide as the board and reads in Discord's chat column: every word on
it is at least 11 px tall shown 550 px wide.

It is drawn from public data only: the board is the picture of the final public view, and the charts'
scores and chances were read from the public view of every turn (see `bot/history.py`). Numbered rings on
the score chart mark the moments the message lists, in the same order.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from renderers import drawn, render_board, seat_colours
from renderers.cast import Cast
from renderers.common import (
    INK,
    MUTED,
    PAPER,
    PHONE,
    RGB,
    WHITE,
    blend,
    canvas,
    encode_png,
    legible,
    panel,
    seat_colour,
    seat_marker,
    text,
)

CHART_HEIGHT = 480
CHANCES_HEIGHT = 320
GRID: RGB = (222, 218, 208)
MARK = 15
"""The radius of a moment's numbered ring."""


def _board_image(game_id: str, view: dict[str, Any], cast: Cast) -> Image.Image:
    """The board as the channel shows it: a palette picture, whose palette the recap reuses."""
    return Image.open(io.BytesIO(render_board(game_id, view, (), cast)))


def _step(top: float) -> int:
    """A tick spacing giving at most about six lines up to `top`."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 6:
            return step
    return 1000


Plot = Callable[[int, float], tuple[float, float]]


def _plot(draw: ImageDraw.ImageDraw, area: tuple[float, float, float, float], rows: list[list[float]],
          rounds: list[int], colours: list[RGB], size: int, *, top: float, step: float,
          label: Callable[[float], str]) -> Plot:
    """Grid lines every `step` up to `top` (labelled by `label`), the rounds along the bottom and each seat's
    line of `rows[frame][seat]` in `area`; returns where a (frame, value) is drawn."""
    x0, y0, x1, y1 = area
    frames = max(1, len(rows) - 1)

    def at(frame: int, value: float) -> tuple[float, float]:
        return x0 + (x1 - x0) * frame / frames, y1 - (y1 - y0) * value / top

    tick = 0.0
    while tick <= top + 1e-9:
        y = at(0, tick)[1]
        draw.line((x0, y, x1, y), fill=GRID, width=1)
        text(draw, (x0 - 6, y), label(tick), size, on=WHITE, fill=MUTED, anchor="rm")
        tick += step
    every = _step(len(set(rounds)) * 6 / max(1, (x1 - x0) / 50))  # labels at least ~50 px apart
    for frame, rnd in enumerate(rounds):
        if rnd % every == 0 and rnd != (rounds[frame - 1] if frame else None):
            x = at(frame, 0)[0]
            draw.line((x, y1, x, y1 + 4), fill=MUTED, width=1)
            text(draw, (x, y1 + 6), str(rnd), size, on=WHITE, fill=MUTED, anchor="ma")
    text(draw, ((x0 + x1) / 2, y1 + 28), "round", size, on=WHITE, fill=MUTED, anchor="ma")
    for seat, colour in enumerate(colours):
        points = [at(frame, row[seat]) for frame, row in enumerate(rows)]
        draw.line(points, fill=blend(colour, INK, 0.15), width=3, joint="curve")
        seat_marker(draw, points[-1], 7, seat, fill=colour)
    return at


def _chart(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], scores: list[list[float]],
           rounds: list[int], marks: list[tuple[int, int | None]], colours: list[RGB], size: int, cast: Cast) -> None:
    """The score chart in `box`, its smallest words `size` px, its legend naming the seats by `cast`."""
    inner = panel(draw, box, "Score over the game", fill=WHITE, size=size + 4)
    area = (inner[0] + 40, inner[1] + 10, inner[2] - 10, inner[3] - 56 - 30 * ((len(colours) + 2) // 3))
    top = max([1.0, *(s for row in scores for s in row)])
    step = _step(top)
    at = _plot(draw, area, scores, rounds, colours, size, top=-(-top // step) * step, step=step,
               label=lambda tick: f"{tick:g}")
    y0, y1 = area[1], area[3]
    placed: list[tuple[float, float]] = []
    for number, (frame, seat) in enumerate(marks, start=1):
        x, y = at(frame, scores[frame][seat]) if seat is not None else (at(frame, 0)[0], y0 + MARK)
        away = -1 if y > (y0 + y1) / 2 else 1  # rings never hide each other: step towards the roomier side
        while any(abs(x - px) < 2 * MARK and abs(y - py) < 2 * MARK for px, py in placed):
            y += away * (2 * MARK + 2)
        placed.append((x, y))
        draw.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=WHITE, outline=INK, width=2)
        text(draw, (x, y + 1), str(number), size, on=WHITE, anchor="mm", bold=True)
    legend_top = y1 + 56
    final = scores[-1] if scores else [0.0] * len(colours)
    column = (inner[2] - inner[0]) // 3
    for seat, colour in enumerate(colours):
        lx = inner[0] + column * (seat % 3)
        ly = legend_top + 30 * (seat // 3)
        seat_marker(draw, (lx + 10, ly + 11), 9, seat, fill=colour)
        score = final[seat]
        shown_score = int(score) if float(score).is_integer() else round(score, 1)
        text(draw, (lx + 26, ly), f"{cast.short(seat)}: {shown_score}", size + 1, on=WHITE,
             within=(lx + 26, ly - 2, lx + column - 8, ly + 26), smallest=size)


def _chances_chart(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], chances: list[list[float]],
                   rounds: list[int], turn: int | None, colours: list[RGB], size: int) -> None:
    """Each seat's estimated chance of winning in `box`, the turning point (`turn`, a frame) marked."""
    inner = panel(draw, box, "Chance of winning (estimated from the public board)", fill=WHITE, size=size + 4)
    area = (inner[0] + 56, inner[1] + 10 + (size + 8 if turn is not None else 0), inner[2] - 10, inner[3] - 50)
    at = _plot(draw, area, chances, rounds, colours, size, top=1.0, step=0.25, label=lambda tick: f"{tick:.0%}")
    if turn is not None:
        x = at(turn, 0)[0]
        for y in range(int(area[1]), int(area[3]), 8):  # dashed, so the seats' lines stay in front
            draw.line((x, y, x, min(y + 4, area[3])), fill=INK, width=2)
        anchor = "la" if x < (area[0] + area[2]) / 2 else "ra"
        text(draw, (x, inner[1] + 4), "turning point", size, on=WHITE, anchor=anchor, bold=True)


def recap(game_id: str, view: dict[str, Any], scores: list[list[float]], rounds: list[int],
          marks: list[tuple[int, int | None]], chances: list[list[float]], turn: int | None,
          cast: Cast | None = None) -> bytes:
    """The recap picture (PNG): the final public `view`'s board, under it each seat's score at every
    frame (`scores[frame][seat]`, the frames' `rounds` along the bottom) with the numbered `marks`
    (frame, seat or None) of the moments listed with it, and under that each seat's chance of winning
    (`chances[frame][seat]`) with the turning point's frame `turn` marked; `cast` names the seats (by colour
    when None)."""
    cast = drawn(cast)
    board = _board_image(game_id, view, cast)
    img, draw = canvas(board.width, board.height + CHART_HEIGHT + CHANCES_HEIGHT, PAPER)
    img.paste(board.convert("RGB"), (0, 0))
    worn = seat_colours(game_id, view)
    colours = [worn[s] if s < len(worn) else seat_colour(s) for s in range(len(scores[-1]) if scores else 0)]
    _chart(draw, (10, board.height, board.width - 10, board.height + CHART_HEIGHT - 10), scores, rounds, marks,
           colours, legible(board.width), cast)
    top = board.height + CHART_HEIGHT
    _chances_chart(draw, (10, top, board.width - 10, top + CHANCES_HEIGHT - 10), chances, rounds, turn, colours,
                   legible(board.width))
    return encode_png(img, board if board.mode == "P" else None)


REVIEW_WIDTH = 700
"""The review's chart is drawn this wide and read on a phone (DESIGN §5: a private picture is legible at 350 px)."""
REVIEW_HEIGHT = 460


def review_chart(game_id: str, view: dict[str, Any], chances: list[list[float]], rounds: list[int], seat: int,
                 marks: list[int], cast: Cast | None = None) -> bytes:
    """A person's review picture (PNG): each seat's estimated chance of winning over the game (`chances[frame]
    [seat]`, the frames' `rounds` along the bottom), as the recap charts it, with the person's decisions that the
    review names marked on their own line at their frames (`marks`, in the order the review numbers them), each a
    numbered ring in their colour; the legend names the seats by `cast`. Drawn to be read on a phone: every word
    is at least 7 px tall at 350 px wide. `view` (the final public view) gives the seats' colours."""
    cast = drawn(cast)
    size = legible(REVIEW_WIDTH, PHONE)
    seats = len(chances[-1]) if chances else 0
    legend = 34 * ((seats + 2) // 3)
    img, draw = canvas(REVIEW_WIDTH, REVIEW_HEIGHT + legend, PAPER)
    worn = seat_colours(game_id, view)
    colours = [worn[s] if s < len(worn) else seat_colour(s) for s in range(seats)]
    inner = panel(draw, (10, 10, REVIEW_WIDTH - 10, REVIEW_HEIGHT + legend - 10),
                  "Chance of winning: your decisions numbered", fill=WHITE, size=size + 4)
    area = (inner[0] + 8 + size * 3, inner[1] + MARK + 6, inner[2] - MARK - 4, inner[3] - 50 - legend)
    at = _plot(draw, area, chances, rounds, colours, size, top=1.0, step=0.25, label=lambda tick: f"{tick:.0%}")
    colour = colours[seat] if seat < len(colours) else seat_colour(seat)
    if seat < seats:  # the person's own line again, over the others and thicker: the one the marks sit on
        draw.line([at(frame, row[seat]) for frame, row in enumerate(chances)], fill=blend(colour, INK, 0.15), width=6,
                  joint="curve")
        seat_marker(draw, at(len(chances) - 1, chances[-1][seat]), 9, seat, fill=colour)
    placed: list[tuple[float, float]] = []
    for number, frame in enumerate(marks, start=1):
        x, y = at(frame, chances[frame][seat])
        while any(abs(x - px) < 2 * MARK and abs(y - py) < 2 * MARK for px, py in placed):
            y += (2 * MARK + 2) * (1 if y < (area[1] + area[3]) / 2 else -1)
        placed.append((x, y))
        draw.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=WHITE, outline=colour, width=4)
        text(draw, (x, y + 1), str(number), size, on=WHITE, anchor="mm", bold=True)
    column = (inner[2] - inner[0]) // 3
    for s in range(seats):
        lx = inner[0] + column * (s % 3)
        ly = inner[3] - legend + 34 * (s // 3)
        seat_marker(draw, (lx + 11, ly + 12), 10, s, fill=colours[s])
        text(draw, (lx + 28, ly), "You" if s == seat else cast.short(s), size, on=WHITE, bold=s == seat,
             within=(lx + 28, ly - 2, lx + column - 6, ly + 30), smallest=size)
    return encode_png(img)
