"""What the learned evaluations read of a Catan position (games/learned.py): per seat, from the public view for
what players are shown, from the game itself (hidden cards included) for the search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.catan.board import GEOMETRY, TERRAIN_YIELD, harbor_of_node, pips

RAW = ("points", "production", "kinds", "cards", "cards_over_7", "dev_cards", "knights", "road_length",
       "longest_road", "largest_army", "harbors", "open_spots", "cities", "to_play")
"""Victory points shown; pips the seat's buildings collect (a city twice, the robber's hex none); resource
kinds it yields; cards in hand and those past seven (a 7 takes half); development cards held, knights
played; its longest road and the two titles; harbors it sits on; empty spots its roads reach where a
settlement may go; cities; how soon it plays (1 for the seat to play, falling by turn order)."""
SEARCH_RAW = ("points", "strength", "production", "kinds", "cards", "cards_over_7", "dev_cards", "knights",
              "road_length", "cities", "to_play")
"""For the search, from a sampled world: victory points, hidden ones included; the hand-set evaluation's
`strength` (games/catan/search.py: production, room to settle, the cards toward the nearest build, development
cards, road), which values the seat's resource cards by what they build; pips collected and kinds yielded;
resource cards and those past seven; unplayed development cards (but victory points); knights played; its longest
road; cities; how soon it plays. Not the two titles: their two points are in the points, and the models fitted
with them (2026-11-27) weighed holding one at -1.6 and -1.2, so that taking Longest Road or Largest Army looked a
loss to the search: across games a title goes with losing it later, which is no reason not to take it."""
WIN_POINTS = 10

if TYPE_CHECKING:
    from games.catan.game import Catan


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


def search_raw(game: Catan) -> tuple[list[list[float]], float]:
    s, n = game.s, game.num_players
    to_play = game.current_seat() or 0
    rows = []
    for seat in range(n):
        made, devs, cards = game.production(seat), s["devs"][seat], sum(s["hands"][seat])
        rows.append([
            float(game.vp(seat)), game.strength(seat), float(sum(made)), float(sum(1 for m in made if m)),
            float(cards), float(max(0, cards - 7)), float(sum(devs.values()) - devs["vp"]), float(s["knights"][seat]),
            float(s["road_len"][seat]), float(game._count(seat, 2)), 1 - ((seat - to_play) % n) / n,
        ])
    return rows, min(1.0, max(row[0] for row in rows) / WIN_POINTS)
