"""What the engine remembers of its state between calls, each part under a stamp of what it was read from.

Random play and search ask the same questions of one state many times (which cells each hand tile fits,
which islands meet a mission), and a move changes little.  The memos live on the engine, never in the state;
a copy shares them until its own state moves on, when it makes new ones (never changing the shared ones).

Rings and needs are bit masks here, point i of the ring (`tiles`) as bit i: a ring is its land points, a
need the points it fixes and those it fixes to land, and a ring fits a need when `ring & fixed == land`.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from games.small_islands import islands as I
from games.small_islands.tiles import AROUND, MATCH, ORTHOGONAL, Cell, cell_of, rotate

Need = tuple[int, int]
"""(the ring points a cell fixes, those it fixes to land)."""


@lru_cache(maxsize=1024)
def land_bits(ring: str) -> int:
    return sum(1 << i for i, point in enumerate(ring) if point == "L")


def _asks(ring: int, pairs: tuple[tuple[int, int], ...]) -> Need:
    fixed = land = 0
    for ti, ui in pairs:
        fixed |= 1 << ti
        land |= (ring >> ui & 1) << ti
    return fixed, land


ASKS: dict[Cell, tuple[Need, ...]] = {d: tuple(_asks(r, pairs) for r in range(256)) for d, pairs in MATCH.items()}
"""What a neighbour at each offset (as `MATCH` names it) showing each ring asks of a cell (B2 matching)."""
ASKED: tuple[tuple[int, int, tuple[Need, ...]], ...] = tuple((dx, dy, asks) for (dx, dy), asks in ASKS.items())
"""`ASKS` as (dx, dy, asks) rows."""
AROUND_ASKS: tuple[tuple[int, int, tuple[Need, ...]], ...] = tuple((dx, dy, ASKS[(-dx, -dy)]) for dx, dy in AROUND)
"""The 8 cells around a tile as (dx, dy, what the tile asks of that cell by its ring)."""


@lru_cache(maxsize=256)
def turned(ring: str) -> tuple[int, ...]:
    """The ring turned 0 to 3 quarter-turns clockwise."""
    return tuple(land_bits(rotate(ring, q)) for q in range(4))


def _narrowed(need: Need, ask: Need) -> Need | None:
    """`need` with `ask` added; None when they disagree on a ring point (no tile can ever fill the cell)."""
    if (need[1] ^ ask[1]) & need[0] & ask[0]:
        return None
    return need[0] | ask[0], need[1] | ask[1]


def _need(land: dict[Cell, int], x: int, y: int) -> Need | None:
    """What every placed neighbour of (x, y) asks of it together (B2); None if they disagree (`_narrowed`, one
    neighbour after another)."""
    fixed = need = 0
    for dx, dy, asks in ASKED:
        ring = land.get((x + dx, y + dy))
        if ring is not None:
            ask_fixed, ask_land = asks[ring]
            if (need ^ ask_land) & fixed & ask_fixed:
                return None
            fixed |= ask_fixed
            need |= ask_land
    return fixed, need


@dataclass(slots=True, eq=False)
class MapMemo:
    """One map's tiles and open cells, stamped (placements, tiles on the map).  Never changed once made but for
    the `fitting` memo: a map one tile on is a new one (`placed`)."""

    stamp: tuple[int, int]
    land: dict[Cell, int]
    """Every placed tile's ring by (x, y)."""
    rows: list[tuple[int, int, str, bool]]
    """Every landscape tile (no ship) as (y, x, grid key, coastal), sorted: where bonus tokens go, row by row."""
    needs: dict[tuple[int, int], Need]
    """Every empty cell next to the map a tile could still fill (B2 rules 1 and 2), by (y, x) in that order."""
    fitting: dict[int, list[Cell]] = field(default_factory=dict)
    """The open cells, as (x, y) row by row, each ring asked for so far fits."""
    scan: list[tuple[int, int, Cell]] | None = None
    """`needs` as (fixed, land, (x, y)), once a ring is asked for."""

    @classmethod
    def read(cls, grid: dict[str, Any], stamp: tuple[int, int]) -> MapMemo:
        land = {cell_of(k): land_bits(t["ring"]) for k, t in grid.items()}
        rows = sorted((y, x, k, I.coastal(grid[k])) for k, (x, y) in zip(grid, land, strict=True) if I.is_land(grid[k]))
        edge = {(y + dy, x + dx) for x, y in land for dx, dy in ORTHOGONAL if (x + dx, y + dy) not in land}
        needs = {}
        for y, x in sorted(edge):
            if (need := _need(land, x, y)) is not None:
                needs[(y, x)] = need
        return cls(stamp, land, rows, needs)

    def placed(self, k: str, tile: dict[str, Any], stamp: tuple[int, int]) -> MapMemo:
        """This map with one tile more, at grid key k: only the 8 cells around it change."""
        x, y = cell_of(k)
        ring_land = land_bits(tile["ring"])
        land = self.land.copy()
        land[(x, y)] = ring_land
        rows = self.rows
        if I.is_land(tile):
            rows = rows.copy()
            insort(rows, (y, x, k, I.coastal(tile)))
        needs = self.needs.copy()
        needs.pop((y, x), None)
        added: list[tuple[tuple[int, int], Need]] = []
        for dx, dy, asks in AROUND_ASKS:
            cell = (y + dy, x + dx)
            had = needs.get(cell)
            if had is not None:  # the new tile narrows what the cell already needed
                if (need := _narrowed(had, asks[ring_land])) is None:
                    del needs[cell]
                else:
                    needs[cell] = need
            elif not (dx and dy) and (x + dx, y + dy) not in land \
                    and (need := _need(land, x + dx, y + dy)) is not None:  # an empty cell edge to edge: opened
                added.append((cell, need))
            # an empty cell not open (a diagonal one, or one whose neighbours already disagreed) stays so
        if added:  # a new cell goes in its row's place (the rest are in order already); updated ones keep theirs
            items = list(needs.items())
            for item in added:
                insort(items, item)
            needs = dict(items)
        return MapMemo(stamp, land, rows, needs)

    def fits(self, x: int, y: int, ring: str) -> bool:
        need = self.needs.get((y, x))
        return need is not None and land_bits(ring) & need[0] == need[1]

    def cells_for(self, bits: int) -> list[Cell]:
        """The open cells where a tile showing this (rotated) ring, as land bits, fits, row by row; remembered
        per ring, since every turn asks again for the same rings.  Read it, never change it."""
        cells = self.fitting.get(bits)
        if cells is None:
            if self.scan is None:
                self.scan = [(fixed, need, (x, y)) for (y, x), (fixed, need) in self.needs.items()]
            cells = self.fitting[bits] = [cell for fixed, need, cell in self.scan if bits & fixed == need]
        return cells


@dataclass(slots=True, eq=False)
class IslandMemo:
    """The islands' statistics, stamped (placements, tiles on the map, houses played, bonus tokens left): a
    house, a port token or a resource token changes them without a tile.  It holds island ids and numbers,
    never the state's own lists, which the game it was read from may change after a copy took the memo."""

    stamp: tuple[int, int, int, int]
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)
    """`islands.stats` of each island asked for so far, by island id."""
    big: list[str] | None = None
    """The ids of the islands of 2 tiles or more (no islets), in order, once asked for."""
    open_to: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    """The ids of `house_islands` by (seat, mission)."""

    def stats_of(self, island: str, s: dict[str, Any]) -> dict[str, Any]:
        """`islands.stats` of one island of the state `s` this memo was stamped from."""
        st = self.stats.get(island)
        if st is None:
            st = self.stats[island] = I.stats(s["grid"], s["islands"][island])
        return st

    def islands(self, s: dict[str, Any]) -> list[str]:
        """The ids of the islands of 2 tiles or more of the state `s` this memo was stamped from."""
        if self.big is None:
            self.big = sorted((i for i, cells in s["islands"].items() if len(cells) >= 2), key=int)
        return self.big

    def after_house(self, island: str, stamp: tuple[int, int, int, int]) -> IslandMemo:
        """This memo once a house went on `island`: only that island's statistics change."""
        return IslandMemo(stamp, {i: st for i, st in self.stats.items() if i != island}, self.big)
