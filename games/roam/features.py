"""What the learned evaluation reads of a ROAM position (games/learned.py): per seat, from the public view."""

from __future__ import annotations

from typing import Any

RAW = ("points", "coins", "markers", "supply", "characters", "characters_up", "artifacts", "to_play")
"""Points shown; coins; markers on the map and left in supply; character cards held and those face up
(ready to use); artifacts; how soon it plays (1 for the seat to play, falling by turn order)."""


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    markers = [0] * n
    for row in view["map"]:
        for cell in row:
            for seat in cell:
                markers[seat] += 1
    current = view.get("current") or 0
    rows = [[float(p["score"]), float(p["coins"]), float(markers[p["seat"]]), float(p["supply"]),
             float(len(p["characters"])), float(sum(c["up"] for c in p["characters"])), float(len(p["artifacts"])),
             1 - ((p["seat"] - current) % n) / n]
            for p in players]
    progress = max(m / max(1, m + p["supply"]) for m, p in zip(markers, players, strict=True))
    return rows, progress
