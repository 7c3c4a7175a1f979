"""Card and artifact data: our own designed set (rules A3), loaded from roam.json beside this module."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.colours import SEAT_COLOURS

Cell = tuple[int, int]


@dataclass(frozen=True)
class Card:
    """A land/character card or a starting card; `coins` is None for starting cards (no land side)."""

    id: str
    name: str
    vp: int
    normal: tuple[Cell, ...]
    blank: tuple[Cell, ...]
    coins: tuple[tuple[int, int], ...] | None
    flag: bool


@dataclass(frozen=True)
class Artifact:
    id: str
    kind: str
    name: str
    cost: int
    vp: int
    text: str


COLOURS: tuple[str, ...] = SEAT_COLOURS[:4]
"""Blue, red, yellow and green (A3.1), seated in the order every game gives them: seat 1 is red."""
ARTIFACT_KINDS: tuple[str, ...] = ("coin", "blank", "rotate", "slide", "flip", "replace")


def _cells(raw: list[list[int]]) -> tuple[Cell, ...]:
    return tuple((int(x), int(y)) for x, y in raw)


def _load() -> tuple[dict[str, Card], dict[str, Artifact], list[str]]:
    raw = json.loads((Path(__file__).with_name("roam.json")).read_text(encoding="utf-8"))
    cards: dict[str, Card] = {}
    land: list[str] = []
    for c in raw["land_character_cards"]:
        coins = tuple((int(a), int(b)) for a, b in c["land"]["coins"])
        cards[c["id"]] = Card(c["id"], c["name"], int(c["vp"]), _cells(c["pattern"]["normal"]),
                              _cells(c["pattern"]["blank"]), coins, False)
        land.append(c["id"])
    for c in raw["starting_cards"]:
        cards[c["id"]] = Card(c["id"], c["name"], int(c["vp"]), _cells(c["pattern"]["normal"]),
                              _cells(c["pattern"]["blank"]), None, True)
    artifacts = {a["id"]: Artifact(a["id"], a["kind"], a["name"], int(a["cost"]), int(a["vp"]), a["text"])
                 for a in raw["artifacts"]}
    return cards, artifacts, land


CARDS, ARTIFACTS, LAND_IDS = _load()


def starting_ids(colour: str) -> list[str]:
    """The three flagged starting cards of a colour (rules A3.1)."""
    return [f"S{i}-{colour}" for i in (1, 2, 3)]


def short_name(card_id: str) -> str:
    """Starting cards without their colour ("Scout"), other cards by their full name."""
    card = CARDS[card_id]
    return card.name.split(" ", 1)[1] if card.flag else card.name
