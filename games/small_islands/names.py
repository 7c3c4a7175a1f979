"""What players call a cell: a column letter and a row number, counted from the map's top-left ("C4").

The rules' coordinates (B2) start at the first starting tile and run negative to the west and north;
the picture, the move labels, the log and the refusals all name cells this way instead, so that what a
player reads on the rulers is what they type.  The map's top-left is the free row and column around the
tiles laid, so a name moves on only when the map grows west or north, and always with a new picture.
"""

from __future__ import annotations

from typing import Any

from games.small_islands.tiles import Cell, cell_of


def origin(grid: dict[str, Any]) -> Cell:
    """The cell named A1: one column west and one row north of the westmost and northmost tiles."""
    if not grid:
        return (0, 0)
    cells = [cell_of(k) for k in grid]
    return min(x for x, _ in cells) - 1, min(y for _, y in cells) - 1


def column(index: int) -> str:
    """A, B, … Z, AA, AB, …: a column's letters from its index (0 is A)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_name(x: int, grid: dict[str, Any]) -> str:
    x0 = origin(grid)[0]
    return column(x - x0) if x >= x0 else "off the map"


def name_from(x: int, y: int, top_left: Cell) -> str:
    """ "C4": the cell's column letters and row number counted from the map's top-left cell."""
    return f"{column(x - top_left[0])}{y - top_left[1] + 1}"


def cell_name(x: int, y: int, grid: dict[str, Any]) -> str:
    """ "C4" for a cell on the map; a cell west or north of it (only ever typed by hand) is off the map."""
    x0, y0 = origin(grid)
    return name_from(x, y, (x0, y0)) if x >= x0 and y >= y0 else "a cell off the map"
