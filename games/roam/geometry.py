"""The 6x6 map, its six card slots and each seat's pattern frame (rules A2).

A square is (row, col), row 0 at the North edge, col 0 at the West edge; it is written
`C4` (column letter, row number).  Patterns are cells (x right, y forward) in the seat's
own frame; `offset` turns one into a map step for a seat's edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

Square = tuple[int, int]
Cell = tuple[int, int]

SIZE = 6
EDGES: tuple[str, ...] = ("S", "W", "N", "E")
"""Clockwise seen from above (A2 Seats)."""
EDGE_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
"""Each edge as the pictures and words name it."""
DEFAULT_EDGES: dict[int, tuple[str, ...]] = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
COLUMNS = "ABCDEF"


_SQUARE_NAMES = [[f"{column}{row + 1}" for column in COLUMNS] for row in range(SIZE)]
"""Each square's name by row and column, written once: placements name squares by the thousand."""


def square_name(sq: Square) -> str:
    return _SQUARE_NAMES[sq[0]][sq[1]]


_SQUARE_OF = {_SQUARE_NAMES[r][c]: (r, c) for r in range(SIZE) for c in range(SIZE)}
"""Each square by its name as we write it: the engine reads back the names it wrote at every move."""


def parse_square(name: object) -> Square | None:
    """`C4` -> (3, 2); None for anything that is not a map square."""
    if not isinstance(name, str) or len(name) != 2:
        return None
    if (sq := _SQUARE_OF.get(name)) is not None:
        return sq
    col, row = COLUMNS.find(name[0].upper()), name[1]
    if col < 0 or not row.isdigit() or not 1 <= int(row) <= SIZE:
        return None
    return (int(row) - 1, col)


def on_map(sq: Square) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def slot_of(sq: Square) -> int:
    """0-based slot of a square: 3 * (row // 3) + col // 2."""
    return 3 * (sq[0] // 3) + sq[1] // 2


SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
"""Every map square, row by row."""
SLOT_AT = {sq: slot_of(sq) for sq in SQUARES}
"""The slot of each map square, and no entry off the map: one look-up tells both, for every pattern cell placed."""


def local_to_map(slot: int, local_row: int, local_col: int) -> Square:
    """A card's land grid (row 0 at its scroll) to the map; the south row lies turned 180 degrees."""
    k = slot % 3
    if slot < 3:
        return (local_row, 2 * k + local_col)
    return (5 - local_row, 2 * k + 1 - local_col)


_SLOT_SQUARES = tuple(tuple(local_to_map(slot, r, c) for r in range(3) for c in range(2)) for slot in range(6))
"""Each slot's six squares, worked out once: the end of every turn looks for complete cards."""


def slot_squares(slot: int) -> tuple[Square, ...]:
    return _SLOT_SQUARES[slot]


_LAND_CELLS = {local_to_map(slot, r, c): (r, c) for slot in range(6) for r in range(3) for c in range(2)}


def land_cell(sq: Square) -> tuple[int, int]:
    """The cell (row, column) of its card's land grid a map square shows: `local_to_map` read backwards,
    worked out once, since every marker put collects the coins there."""
    return _LAND_CELLS[sq]


def offset(edge: str, cell: Cell) -> tuple[int, int]:
    """A pattern cell (x right, y forward) as a map step (dRow south, dCol east) for a seat's edge."""
    x, y = cell
    if edge == "S":
        return (-y, x)
    if edge == "W":
        return (x, y)
    if edge == "N":
        return (y, -x)
    return (-x, -y)


def normalise(cells: Sequence[Cell]) -> list[Cell]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return [(x - mx, y - my) for x, y in cells]


def rotate(normal: Sequence[Cell], blank: Sequence[Cell]) -> tuple[list[Cell], list[Cell]]:
    """The Wizard's Hat: (x, y) -> (y, -x), 90 degrees clockwise in the seat's frame, re-normalised together."""
    turned = normalise([(y, -x) for x, y in [*normal, *blank]])
    return turned[:len(normal)], turned[len(normal):]


_FRAME = {"S": (0, -1, 1, 0), "W": (1, 0, 0, 1), "N": (0, 1, -1, 0), "E": (-1, 0, 0, -1)}
"""`offset` as a matrix per edge, (dRow, dCol) = (a x + b y, c x + d y): `project` turns whole patterns."""


def project(edge: str, anchor: Square, normal: Sequence[Cell], cells: Sequence[Cell]) -> list[Square]:
    """Map squares of `cells` when the key marker (first normal cell) lies on `anchor`; may leave the map."""
    a, b, c, d = _FRAME[edge]
    kx, ky = normal[0]
    r0 = anchor[0] - a * kx - b * ky
    c0 = anchor[1] - c * kx - d * ky
    return [(r0 + a * x + b * y, c0 + c * x + d * y) for x, y in cells]


@lru_cache(maxsize=8192)
def anchor_squares(edge: str, normal: tuple[Cell, ...], filled: tuple[bool, ...]) -> tuple[Square, ...]:
    """Key-marker squares where every normal cell lands on a card, for the slots that hold one.

    A pure function of the seat's edge, the pattern and which slots are filled, so it is cached:
    listing moves asks it for every face-up character on every turn.
    """
    kx, ky = normal[0]
    steps = [offset(edge, (x - kx, y - ky)) for x, y in normal]
    cards = {(r, c) for r in range(SIZE) for c in range(SIZE) if filled[slot_of((r, c))]}
    return tuple((r, c) for r in range(SIZE) for c in range(SIZE)
                 if all((r + dr, c + dc) in cards for dr, dc in steps))


@lru_cache(maxsize=8192)
def anchor_names(edge: str, normal: tuple[Cell, ...], filled: tuple[bool, ...]) -> tuple[str, ...]:
    """The names of `anchor_squares`, cached alike: the place moves of the anchor phase list them all."""
    return tuple(square_name(sq) for sq in anchor_squares(edge, normal, filled))


def neighbours8(sq: Square) -> list[Square]:
    r, c = sq
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def neighbours4(sq: Square) -> tuple[Square, ...]:
    """The squares beside a map square, worked out once: the Walking Stick lists every marker's moves."""
    return _NEIGHBOURS4[sq]


_NEIGHBOURS4 = {(r, c): tuple(s for s in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_map(s))
                for r in range(SIZE) for c in range(SIZE)}
