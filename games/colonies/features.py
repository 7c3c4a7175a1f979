"""What the learned evaluation reads of a Colonies position (games/learned.py): per seat, from the public view."""

from __future__ import annotations

from typing import Any

RAW = ("points", "cards", "livestock", "granary", "shipped", "eliminated", "mulligans", "to_play")
"""Points shown; cards the seat owns (hand, deck, discard and in play); livestock, granary and shipped
goods; eliminated; mulligans taken; how soon it plays (1 for the seat to play, falling by turn order)."""


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    current = view.get("current") or 0
    rows = [[float(p["score"]), float(p["hand_size"] + p["deck_size"] + len(p["discard"]) + len(p["in_play"])),
             float(p["livestock"]), float(p["granary"]), float(p["shipped"]), float(p["eliminated"]),
             float(p["mulligans"]), 1 - ((p["seat"] - current) % n) / n]
            for p in players]
    flipped, left = view["events_flipped"], view["events_left"]
    progress = 1.0 if view.get("final_round") else flipped / max(1, flipped + left)
    return rows, progress
