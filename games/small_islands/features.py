"""What the learned evaluations read of a Small Islands position (games/learned.py): per seat, from the
public view for what players are shown, from the game itself (hidden tokens and tiles included) for the search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

RAW = ("prestige", "houses_played", "houses_left", "discovery", "ship_ports", "hand", "bonus_left", "own_ship",
       "to_play")
"""Prestige points (the final score once shown); houses built and still to build; discovery tokens held
(their values are hidden); ports its ship reaches; tiles in hand; bonus actions left; its ship placed; how
soon it plays (1 for the seat to play, falling by turn order)."""
SEARCH_RAW = ("points", "prestige", "discovery_pp", "houses_played", "houses_left", "discovery", "ship_ports",
              "hand", "bonus_left", "own_ship", "to_play")
"""For the search, from a sampled world: the points the end would count (B5.5: prestige, discovery tokens'
values, ports around the own ship: the hand-set evaluation's measure), prestige and the tokens' values apart;
then as for the players."""
ROUNDS = 4

if TYPE_CHECKING:
    from games.small_islands.game import SmallIslands


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    current = view.get("current") or 0
    final = view["result"]["scores"] if view.get("result") else None
    rows = [[float(final[p["seat"]] if final else p["pp"]), float(p["houses_played"]),
             float(p["houses_hand"] + p["houses_reserve"]), float(p["discovery_count"]), float(p["ship_ports"]),
             float(p["hand_size"]), float(p["bonus_left"]), float(p["own_ship"]), 1 - ((p["seat"] - current) % n) / n]
            for p in players]
    return rows, min(1.0, int(view.get("round") or 0) / ROUNDS)


def search_raw(game: SmallIslands) -> tuple[list[list[float]], float]:
    s = game.s
    n, current = s["n"], s["current"]
    rows = []
    for seat, p in enumerate(s["players"]):
        discovery, ports = game.discovery_pp(seat), game.ship_ports(seat)
        rows.append([float(p["pp"] + discovery + ports), float(p["pp"]), float(discovery), float(p["houses_played"]),
                     float(p["houses_hand"] + p["houses_reserve"]), float(len(p["discovery"])), float(ports),
                     float(len(p["hand"])), float(p["bonus_left"]), float(p["own_ship"]),
                     1 - ((seat - current) % n) / n])
    return rows, min(1.0, int(s["round"]) / ROUNDS)
