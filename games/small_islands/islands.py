"""Islands, islets, coasts, open and closed islands (rules B2 definitions).

An island is a connected group of landscape or starting tiles linked through shared land
edges; ship tiles are never part of one.  The engine keeps island membership up to date
as tiles are placed (`join`); `from_scratch` recomputes it by BFS for the property tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.small_islands.data import RESOURCES
from games.small_islands.tiles import EDGE, ORTHOGONAL, cell_of, key

Grid = dict[str, Any]


def is_land(tile: dict[str, Any] | None) -> bool:
    return tile is not None and tile.get("ship") is None


def coastal(tile: dict[str, Any]) -> bool:
    """B2: a landscape tile whose ring shows sea somewhere."""
    return is_land(tile) and "S" in tile["ring"]


def port_count(tile: dict[str, Any]) -> int:
    """Printed ports plus port tokens on a tile."""
    return tile["ports"] + len(tile["port_tokens"])


def land_neighbours(grid: Grid, k: str) -> list[str]:
    """Placed tiles sharing a land edge with the tile at k."""
    tile = grid[k]
    if not is_land(tile):
        return []
    x, y = cell_of(k)
    ring = tile["ring"]
    out = []
    for d in ORTHOGONAL:
        if ring[EDGE[d]] == "L" and is_land(grid.get(nk := key(x + d[0], y + d[1]))):
            out.append(nk)
    return out


def from_scratch(grid: Grid) -> list[frozenset[str]]:
    """B5.4 island_of: every island as a set of cell keys, by breadth-first search."""
    seen: set[str] = set()
    out = []
    for k in sorted(grid):
        if k in seen or not is_land(grid[k]):
            continue
        part = {k}
        todo = [k]
        while todo:
            for nk in land_neighbours(grid, todo.pop()):
                if nk not in part:
                    part.add(nk)
                    todo.append(nk)
        seen |= part
        out.append(frozenset(part))
    return out


def join(s: dict[str, Any], k: str, change: Callable[[str], dict[str, Any]]) -> None:
    """Put the newly placed land tile at k on an island, merging the islands it now links; `change` gives the
    tile at a key to change in place (the game clones one a copy still shares; the new tile is its own)."""
    grid, islands = s["grid"], s["islands"]
    ids = sorted({grid[nk]["island"] for nk in land_neighbours(grid, k)}, key=int)
    if not ids:
        new_id = str(s["next_island"])
        s["next_island"] += 1
        islands[new_id] = [k]
        grid[k]["island"] = new_id
        return
    keep = ids[0]
    grid[k]["island"] = keep
    islands[keep].append(k)
    for other in ids[1:]:
        for ok in islands.pop(other):
            change(ok)["island"] = keep
            islands[keep].append(ok)
    islands[keep].sort()


def stats(grid: Grid, cells: list[str]) -> dict[str, Any]:
    """What missions and rewards count on an island: tiles, each resource, temples, ports, symbols, houses."""
    out: dict[str, Any] = dict.fromkeys(RESOURCES, 0)
    houses: list[int] = []
    temple = port = symbols = 0
    for k in cells:  # plain sums, not a Counter: the houses' rewards ask this again and again
        t = grid[k]
        for r in t["res"]:
            out[r] += 1
        temple += t["temple"]
        port += t["ports"] + len(t["port_tokens"])
        symbols += t["symbols"]
        houses += t["houses"]
    out.update(tiles=len(cells), temple=temple, port=port, symbols=symbols, houses=sorted(houses))
    return out


def is_open(grid: Grid, cells: list[str]) -> bool:
    """B2: an island is open while one of its land edges faces an empty cell."""
    for k in cells:
        x, y = cell_of(k)
        ring = grid[k]["ring"]
        for d in ORTHOGONAL:
            if ring[EDGE[d]] == "L" and key(x + d[0], y + d[1]) not in grid:
                return True
    return False
