"""The Small Islands data set (rules B3): tiles, starting tiles, ships, tokens and cards.

Loaded once from `small_islands.json`, a copy of `shared/data/small_islands.json`, which
ships inside this package.  Everything here is read-only lookup tables.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

RAW: dict[str, Any] = json.loads(resources.files(__package__).joinpath("small_islands.json").read_text("utf-8"))

RESOURCES = ("flower", "fruit", "leaf")
COLOURS = tuple(ship["colour_side"] for ship in RAW["ship_tiles"])
"""Seat i sails the ship of COLOURS[i]; ships of unused colours are grey (B3.3)."""
SHIPS = len(RAW["ship_tiles"])
SEA_RING = "SSSSSSSS"

FACES: dict[str, dict[str, Any]] = {}
"""Every tile face by id: the 56 landscape tiles ("T01") and the starting sides ("ST1A", "ST1B")."""
for _t in RAW["landscape_tiles"]:
    FACES[_t["id"]] = dict(_t)
for _st in RAW["starting_tiles"]:
    for _side in ("A", "B"):
        FACES[_st["id"] + _side] = {"id": _st["id"], "side": _side, **_st[_side]}

LANDSCAPE: tuple[str, ...] = tuple(t["id"] for t in RAW["landscape_tiles"])
STARTING: tuple[str, ...] = tuple(t["id"] for t in RAW["starting_tiles"])
LAYOUTS: dict[str, list[dict[str, Any]]] = {"closed": RAW["default_start_layout"],
                                            "open": RAW["alt_start_layout_open"]}

DISCOVERY: dict[str, int] = {d["id"]: d["pp"] for d in RAW["discovery_tokens"]}
WORDS = {"M07": "Two different resource types present in equal amounts, at least 1 each"}
"""Card texts of the data set in the player's words where its own are a formula ("(each >= 1)")."""
MISSIONS: dict[str, dict[str, Any]] = {m["id"]: {**m, "text": WORDS.get(m["id"], m["text"])} for m in RAW["missions"]}
REWARDS: dict[str, dict[str, Any]] = {r["id"]: r for r in RAW["rewards"]}
OBJECTIVES: dict[str, dict[str, Any]] = {o["id"]: o for o in RAW["objectives"]}
BONUS_TOKENS: int = RAW["bonus_tokens_per_player"]
HOUSES_START: int = RAW["houses_per_player"]["start"]
HOUSES_RESERVE: int = RAW["houses_per_player"]["reserve"]
NAV_SIZE, ROW_SIZE, HAND_SIZE, HELD_CARDS = 6, 3, 2, 3
"""B1: 6 Navigation tiles, a row of 3, 2 tiles in hand, up to 3 objective cards held."""


def card_text(card: str) -> str:
    """The text of an objective, mission or reward card, in words a picture's font draws (no arrow)."""
    if card in OBJECTIVES:
        o = OBJECTIVES[card]
        return f"{MISSIONS[o['mission']]['text']}; reward {REWARDS[o['reward']]['text']}"
    if card in MISSIONS:
        return MISSIONS[card]["text"]
    return REWARDS[card]["text"]
