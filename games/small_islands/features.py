"""What the learned evaluation reads of a Small Islands position (games/learned.py): per seat, from the
public view."""

from __future__ import annotations

from typing import Any

RAW = ("prestige", "houses_played", "houses_left", "discovery", "ship_ports", "hand", "bonus_left", "own_ship",
       "to_play")
"""Prestige points (the final score once shown); houses built and still to build; discovery tokens held
(their values are hidden); ports its ship reaches; tiles in hand; bonus actions left; its ship placed; how
soon it plays (1 for the seat to play, falling by turn order)."""
ROUNDS = 4


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
