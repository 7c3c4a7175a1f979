"""What the learned evaluation reads of a Roanoke position (games/learned.py): per seat, from the public view."""

from __future__ import annotations

from typing import Any

from games.roanoke.recap import ROUNDS_PER_SEASON

RAW = ("chits", "alive", "resources", "reserve", "workers", "houses", "generators", "road_length",
       "road_upgrades", "to_play")
"""Chits (an eliminated colony's count nothing); alive; resources in hand; workers in reserve and on the
market; houses and generators; its road's length and upgrades; how soon it plays (1 for the seat to play,
falling by turn order)."""
SEASONS = 8


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    active = view.get("active") or 0
    rows = [[float(p["chits"] if p["alive"] else 0), float(p["alive"]), float(sum(p["hand"].values())),
             float(p["reserve"]), float(sum(p["workers"].values())), float(len(p["houses"])),
             float(len(p["generators"])), float(p["road_length"]), float(len(p["road_upgrades"])),
             1 - ((p["seat"] - active) % n) / n]
            for p in players]
    progress = min(1.0, (int(view["season"]) * ROUNDS_PER_SEASON + int(view["round"])) / (SEASONS * ROUNDS_PER_SEASON))
    return rows, progress
