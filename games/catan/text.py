"""Catan in words: the labels of moves.

The engine names no one: a label that names a seat says its colour ("rob blue"); the narrator
(`renderers.narrator.catan`) says the same labels with people's names, through `who`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.colours import colour_of
from games.core import Action


def words(bundle: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in bundle.items() if n)


COST_WORDS = {"build_road": "costs brick, lumber", "build_settlement": "costs brick, lumber, wool, grain",
              "build_city": "costs 2 grain, 3 ore", "buy_dev": "costs wool, grain, ore"}
"""CAT-23's prices, as a label says them."""


def produces(hexes: Iterable[int], layout: dict[str, Any]) -> str:
    """"makes ore on 8, grain on 5": what the hexes around a place yield, and on which roll (the desert, nothing)."""
    made = [f"{TERRAIN_YIELD[layout['terrain'][h]]} on {layout['tokens'][h]}" for h in hexes
            if layout["terrain"][h] != "desert"]
    return "makes " + ", ".join(made) if made else "makes nothing"


def robber_label(action: Action, who: Callable[[int], str], layout: dict[str, Any], buildings: list[Any],
                 active: int) -> str:
    """"Robber to K, rob blue (makes ore on 8; your own hex too)": where it goes, whom it robs (named by `who`),
    what the hex makes, and whether the mover blocks their own building there. `layout` holds the terrain and
    tokens (a state's layout, or a view)."""
    victim = action["victim"]
    said = f"Robber to {GEOMETRY.hex_labels[action['hex']]}" + (f", rob {who(victim)}" if victim is not None
                                                                   else " (no one to rob)")
    mine = any(b is not None and b[0] == active for b in (buildings[v] for v in GEOMETRY.hex_nodes[action["hex"]]))
    return f"{said} ({produces((action['hex'],), layout)}" + ("; your own hex too)" if mine else ")")


def confirm_label(action: Action, who: Callable[[int], str]) -> str:
    """"Trade with blue": the partner of an accepted offer, named by `who`."""
    return f"Trade with {who(action['with'])}"


def describe(action: Action, phase: str, rate: Callable[[str], int]) -> str:
    """A move's label; `rate` is what the active player pays the bank for one card of a resource."""
    kind = action.get("type")
    if kind == "build_settlement":
        return f"{'Settle' if phase == 'setup' else 'Build a settlement'} at {action['node']}"
    if kind == "build_road":
        free = " (free)" if phase in ("setup", "road_building") else ""
        return f"Road on path {action['path']} ({GEOMETRY.path_labels[action['path']]}){free}"
    if kind == "build_city":
        return f"City at {action['node']}"
    if kind == "maritime":
        n = rate(action["give"])
        return f"Trade {n} {action['give']} for 1 {action['get']}"
    if kind == "discard":
        return f"Discard {words(action['cards'])}"
    if kind == "play_year_of_plenty":
        return "Year of Plenty: " + " + ".join(action["resources"])
    if kind == "play_monopoly":
        return f"Monopoly on {action['resource']}"
    if kind in ("accept", "decline", "withdraw"):
        return f"{kind.capitalize()} offer #{action['offer']}"
    if kind == "confirm":
        return confirm_label(action, colour_of)
    if kind in ("offer", "counter"):
        return f"{kind.capitalize()}: give {words(action['give'])}, get {words(action['get'])}"
    return {"roll": "Roll the dice", "end_turn": "End your turn", "buy_dev": "Buy a development card",
            "play_knight": "Play a Knight", "play_road_building": "Play Road Building"}.get(kind, str(kind))
