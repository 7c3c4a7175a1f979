"""Tile geometry (rules B2): the 8-point ring, rotations, the matching table, legal cells.

A ring lists the terrain ('L' land, 'S' sea) clockwise from North: 0=N edge, 1=NE corner,
2=E edge, 3=SE corner, 4=S edge, 5=SW corner, 6=W edge, 7=NW corner.  The grid is
unbounded; cells are (x, y) with x growing east and y growing south, stored under the
key "x,y".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

Cell = tuple[int, int]

MATCH: dict[Cell, tuple[tuple[int, int], ...]] = {
    (0, -1): ((0, 4), (1, 3), (7, 5)),   # north
    (1, 0): ((2, 6), (1, 7), (3, 5)),    # east
    (0, 1): ((4, 0), (3, 1), (5, 7)),    # south
    (-1, 0): ((6, 2), (7, 1), (5, 3)),   # west
    (1, -1): ((1, 5),),                  # north-east
    (1, 1): ((3, 7),),                   # south-east
    (-1, 1): ((5, 1),),                  # south-west
    (-1, -1): ((7, 3),),                 # north-west
}
"""B2 matching: for a neighbour U at each offset, the pairs (T index, U index) that must be equal."""

ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
EDGE: dict[Cell, int] = {(0, -1): 0, (1, 0): 2, (0, 1): 4, (-1, 0): 6}
"""The ring index of the edge that faces each orthogonal neighbour."""
AROUND: tuple[Cell, ...] = tuple(MATCH)
"""The 8 cells around a cell (a ship's scoring area, B2)."""


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def cell_of(k: str) -> Cell:
    x, y = k.split(",")
    return int(x), int(y)


def rotate(ring: str, q: int) -> str:
    """B2 rotation: q quarter-turns clockwise shift the ring right by 2q."""
    shift = (2 * q) % 8
    return ring[-shift:] + ring[:-shift] if shift else ring


def valid_ring(ring: str) -> bool:
    """B2 validity: a corner may be land only if both edges beside it are land."""
    return len(ring) == 8 and set(ring) <= {"L", "S"} and all(
        ring[c] == "S" or (ring[c - 1] == "L" and ring[(c + 1) % 8] == "L") for c in (1, 3, 5, 7))


def constraint(grid: dict[str, Any], x: int, y: int) -> str | None:
    """What a tile at (x, y) must show at each ring point ('?' = free); None if the neighbours disagree."""
    need = ["?"] * 8
    for (dx, dy), pairs in MATCH.items():
        u = grid.get(key(x + dx, y + dy))
        if u is not None and not narrow(need, u["ring"], pairs):
            return None
    return "".join(need)


def narrow(need: list[str], ring: str, pairs: tuple[tuple[int, int], ...]) -> bool:
    """Add to `need` (in place) what one neighbour showing `ring` asks at the `pairs` of its offset (B2);
    False if it disagrees with what `need` holds.  A tile placed beside a cell only narrows the cell's need,
    so the map's needs are kept up to date with this alone."""
    for ti, ui in pairs:
        v = ring[ui]
        now = need[ti]
        if now == "?":
            need[ti] = v
        elif now != v:
            return False
    return True


@lru_cache(maxsize=8192)
def fits(ring: str, need: str) -> bool:
    return all(n == "?" or n == r for r, n in zip(ring, need, strict=True))


def frontier(grid: dict[str, Any]) -> list[Cell]:
    """B2 rule 1: empty cells orthogonally next to a placed tile, sorted (y, x)."""
    out: set[Cell] = set()
    for k in grid:
        x, y = cell_of(k)
        for dx, dy in ORTHOGONAL:
            if key(x + dx, y + dy) not in grid:
                out.add((x + dx, y + dy))
    return sorted(out, key=lambda c: (c[1], c[0]))


def placement_problem(grid: dict[str, Any], x: int, y: int, ring: str, at: str) -> str | None:
    """Why a tile with this (rotated) ring may not go at (x, y), named `at` for the player (B2 rules 1
    and 2); None if it may."""
    if key(x, y) in grid:
        return f"Cell {at} is already taken."
    if not any(key(x + dx, y + dy) in grid for dx, dy in ORTHOGONAL):
        return f"Cell {at} does not touch a placed tile edge to edge."
    need = constraint(grid, x, y)
    if need is None or not fits(ring, need):
        return (f"That tile turned this way does not match its neighbours at {at}: every edge and corner "
                "must show the same land or sea as the tiles around it.")
    return None
