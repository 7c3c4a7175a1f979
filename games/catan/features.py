"""What the learned evaluation reads of a Catan position (games/learned.py): per seat, from the public view."""

from __future__ import annotations

from typing import Any

from games.catan.board import GEOMETRY, TERRAIN_YIELD, harbor_of_node, pips

RAW = ("points", "production", "kinds", "cards", "cards_over_7", "dev_cards", "knights", "road_length",
       "longest_road", "largest_army", "harbors", "open_spots", "cities", "to_play")
"""Victory points shown; pips the seat's buildings collect (a city twice, the robber's hex none); resource
kinds it yields; cards in hand and those past seven (a 7 takes half); development cards held, knights
played; its longest road and the two titles; harbors it sits on; empty spots its roads reach where a
settlement may go; cities; how soon it plays (1 for the seat to play, falling by turn order)."""
WIN_POINTS = 10


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    buildings, roads, robber = view["buildings"], view["roads"], view["robber"]
    harbor_nodes = harbor_of_node(view["harbors"])
    production = [0.0] * n
    kinds: list[set[str]] = [set() for _ in range(n)]
    harbors = [0] * n
    for node, building in enumerate(buildings):
        if building is None:
            continue
        seat, level = building
        harbors[seat] += node in harbor_nodes
        for h in GEOMETRY.node_hexes[node]:
            terrain = view["terrain"][h]
            if terrain in TERRAIN_YIELD:
                kinds[seat].add(terrain)
                if h != robber:
                    production[seat] += level * pips(view["tokens"][h])
    spots = [0] * n
    for node, building in enumerate(buildings):
        if building is not None or any(buildings[m] is not None for m in GEOMETRY.node_neighbours[node]):
            continue
        for seat in {roads[p] for p in GEOMETRY.node_paths[node] if roads[p] is not None}:
            spots[seat] += 1
    active = view.get("active") or 0
    rows = []
    for seat, p in enumerate(players):
        rows.append([
            float(p["vp"]), production[seat], float(len(kinds[seat])), float(p["cards"]),
            float(max(0, p["cards"] - 7)), float(p["dev_cards"]), float(p["knights"]), float(p["road_length"]),
            float(view.get("longest_road") == seat), float(view.get("largest_army") == seat), float(harbors[seat]),
            float(min(spots[seat], 3)), float(p["cities"]), 1 - ((seat - active) % n) / n,
        ])
    progress = min(1.0, max(p["vp"] for p in players) / WIN_POINTS)
    return rows, progress
