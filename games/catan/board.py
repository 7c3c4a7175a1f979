"""The fixed geometry of the base-game board, and a fresh layout of it from a game's RNG.

Nineteen pointy-top hexes in axial coordinates (|q|, |r|, |q+r| ≤ 2).  Their corners are
the 54 intersections and their sides the 72 paths (CAT-5).  Labels are short and stable,
read top to bottom and left to right: hexes A–S, intersections 1–54, and a path by its two
intersections ("12-13"), so the picture and `/play` name the same places.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from games.core import Rng

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
TERRAIN_YIELD = {"hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain", "mountains": "ore"}
TERRAINS = ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("hills",) * 3 + ("mountains",) * 3 + ("desert",)
"""CAT-1: 19 land hexes."""
TOKENS_SPIRAL = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""CAT-2/CAT-3: the tokens A–R, laid along the spiral skipping the desert."""
HARBOR_KINDS = ("any",) * 4 + RESOURCES
"""CAT-4: four generic 3:1 harbors and one 2:1 harbor per resource."""
HARBOR_GAPS = (3, 4, 3, 3, 4, 3, 3, 4, 3)
"""Coastal sides between consecutive harbors, going round the island (30 sides in all)."""

_SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Geometry:
    hexes: tuple[tuple[int, int], ...]
    """Axial (q, r) per hex index, in label order."""
    hex_labels: tuple[str, ...]
    hex_nodes: tuple[tuple[int, ...], ...]
    """The six intersections round each hex."""
    hex_neighbours: tuple[frozenset[int], ...]
    node_xy: tuple[tuple[float, float], ...]
    """Centre-relative position of each intersection (hex size 1), for drawing."""
    node_hexes: tuple[tuple[int, ...], ...]
    node_paths: tuple[tuple[int, ...], ...]
    node_neighbours: tuple[tuple[int, ...], ...]
    paths: tuple[tuple[int, int], ...]
    """Each path's two intersections, lower index first."""
    path_labels: tuple[str, ...]
    spiral: tuple[int, ...]
    """Hex indices from a corner hex round the rim toward the centre (CAT-3)."""
    harbor_paths: tuple[int, ...]
    """The nine coastal paths that carry a harbor."""

    def hex_xy(self, h: int) -> tuple[float, float]:
        q, r = self.hexes[h]
        return _SQRT3 * (q + r / 2), 1.5 * r

    def path_index(self, label: str) -> int | None:
        return _PATH_BY_LABEL.get(label)


def _build() -> Geometry:
    axial = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2]
    axial.sort(key=lambda c: (c[1], c[0]))
    corner_ids: dict[tuple[int, int], int] = {}
    raw_xy: list[tuple[float, float]] = []
    hex_corners: list[list[int]] = []
    for q, r in axial:
        cx, cy = _SQRT3 * (q + r / 2), 1.5 * r
        ids = []
        for k in range(6):
            angle = math.radians(60 * k - 90)
            x, y = cx + math.cos(angle), cy + math.sin(angle)
            key = (round(x * 1000), round(y * 1000))
            if key not in corner_ids:
                corner_ids[key] = len(raw_xy)
                raw_xy.append((x, y))
            ids.append(corner_ids[key])
        hex_corners.append(ids)
    # Renumber intersections in reading order: top to bottom, then left to right.
    order = sorted(range(len(raw_xy)), key=lambda i: (round(raw_xy[i][1], 3), raw_xy[i][0]))
    renum = {old: new for new, old in enumerate(order)}
    node_xy = tuple(raw_xy[old] for old in order)
    hex_nodes = tuple(tuple(renum[c] for c in corners) for corners in hex_corners)
    path_set: set[tuple[int, int]] = set()
    for corners in hex_nodes:
        for k in range(6):
            a, b = corners[k], corners[(k + 1) % 6]
            path_set.add((min(a, b), max(a, b)))
    paths = tuple(sorted(path_set))
    n = len(node_xy)
    node_paths = tuple(tuple(i for i, p in enumerate(paths) if v in p) for v in range(n))
    node_neighbours = tuple(tuple(sorted(p[0] + p[1] - v for p in (paths[i] for i in node_paths[v])))
                            for v in range(n))
    node_hexes = tuple(tuple(h for h, corners in enumerate(hex_nodes) if v in corners) for v in range(n))
    index = {c: i for i, c in enumerate(axial)}
    directions = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    hex_neighbours = tuple(frozenset(index[(q + dq, r + dr)] for dq, dr in directions if (q + dq, r + dr) in index)
                           for q, r in axial)
    spiral = _spiral(index)
    coastal = [i for i, p in enumerate(paths) if sum(1 for c in hex_nodes if p[0] in c and p[1] in c) == 1]

    def angle(i: int) -> float:
        (ax, ay), (bx, by) = node_xy[paths[i][0]], node_xy[paths[i][1]]
        return math.atan2((ay + by) / 2, (ax + bx) / 2)

    coastal.sort(key=angle)
    harbor_paths, at = [], 0
    for gap in HARBOR_GAPS:
        harbor_paths.append(coastal[at])
        at += gap
    return Geometry(
        hexes=tuple(axial), hex_labels=tuple(chr(ord("A") + i) for i in range(len(axial))), hex_nodes=hex_nodes,
        hex_neighbours=hex_neighbours, node_xy=node_xy, node_hexes=node_hexes, node_paths=node_paths,
        node_neighbours=node_neighbours, paths=paths, path_labels=tuple(f"{a}-{b}" for a, b in paths),
        spiral=spiral, harbor_paths=tuple(harbor_paths))


def _spiral(index: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """From the top-left corner hex, counter-clockwise round the rim, then the inner ring, then the centre."""
    steps = ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0))
    out: list[int] = []
    for radius, start in ((2, (0, -2)), (1, (0, -1))):
        q, r = start
        for dq, dr in steps:
            for _ in range(radius):
                out.append(index[(q, r)])
                q, r = q + dq, r + dr
    out.append(index[(0, 0)])
    return tuple(out)


GEOMETRY = _build()
_PATH_BY_LABEL = {label: i for i, label in enumerate(GEOMETRY.path_labels)}


def new_layout(rng: Rng, numbers: str) -> dict[str, Any]:
    """Terrain shuffled; tokens by the spiral (CAT-3) or at random with no 6 or 8 side by side."""
    g = GEOMETRY
    terrain = list(TERRAINS)
    rng.shuffle(terrain)
    tokens: list[int | None] = [None] * len(terrain)
    if numbers == "spiral":
        land = [h for h in g.spiral if terrain[h] != "desert"]
        for h, token in zip(land, TOKENS_SPIRAL, strict=True):
            tokens[h] = token
    else:
        land = [h for h in range(len(terrain)) if terrain[h] != "desert"]
        while True:
            shuffled = list(TOKENS_SPIRAL)
            rng.shuffle(shuffled)
            tokens = [None] * len(terrain)
            for h, token in zip(land, shuffled, strict=True):
                tokens[h] = token
            if not red_neighbours(tokens):
                break
    harbors = list(HARBOR_KINDS)
    rng.shuffle(harbors)
    return {"terrain": terrain, "tokens": tokens, "harbors": harbors}


def red_neighbours(tokens: list[int | None]) -> list[tuple[int, int]]:
    """Pairs of adjacent hexes that both hold a 6 or an 8."""
    red = {h for h, t in enumerate(tokens) if t in (6, 8)}
    return [(a, b) for a in red for b in GEOMETRY.hex_neighbours[a] if b in red and a < b]


def harbor_of_node(harbors: list[str]) -> dict[int, str]:
    """Intersection -> the kind of harbor it touches ("any" or a resource)."""
    out: dict[int, str] = {}
    for path, kind in zip(GEOMETRY.harbor_paths, harbors, strict=True):
        for v in GEOMETRY.paths[path]:
            out[v] = kind
    return out


def pips(token: int | None) -> int:
    """How many of the 36 rolls make this number (the dots under it)."""
    return 0 if token is None else 6 - abs(7 - token)
