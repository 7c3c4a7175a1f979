"""Hand-built Colonies positions for the rule tests: a fresh game with chosen hands, decks and dice.

`table(...)` starts a real game and then rewrites the zones a test cares about, so every
other part of the state stays what the engine built.  Dice are rigged by replacing the
game's Rng with one that answers `randint` from a list (shuffles still work as usual).
"""

from __future__ import annotations

from typing import Any

from games.colonies import cards as C
from games.colonies.game import Colonies
from games.colonies.table import MAIN, SOLDIER
from games.core import Rng


class Dice(Rng):
    """An Rng whose d6 rolls come from a list, in order; everything else is seeded as usual."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def table(n: int = 2, *, hand: list[str] | None = None, deck: list[str] | None = None,
          discard: list[str] | None = None, event: str | None = None, seat: int = 0,
          **state: Any) -> Colonies:
    """A game in seat `seat`'s turn with that seat's zones set as given.

    The phase is recomputed as at the start of a turn (the Soldier window opens when the hand
    holds a Threat).  Other keyword arguments overwrite top-level state keys (`food_supply=2`,
    `lineup=[...]`, `round=3`, ...).
    """
    game = Colonies.new(n, seed=1, first_settler=seat)
    s = game.s
    p = s["players"][seat]
    if hand is not None:
        p["hand"] = list(hand)
    if deck is not None:
        p["deck"] = list(deck)
    if discard is not None:
        p["discard"] = list(discard)
    s["active_event"] = event
    s.update(state)
    s["phase"] = SOLDIER if any(C.kind(c) == C.THREAT for c in p["hand"]) else MAIN
    return game


def rig(game: Colonies, rolls: list[int]) -> None:
    """The next d6 rolls of this game."""
    game.rng = Dice(rolls)


def hand(game: Colonies, seat: int = 0) -> list[str]:
    return sorted(game.s["players"][seat]["hand"])


def zone(game: Colonies, name: str, seat: int = 0) -> list[str]:
    return sorted(game.s["players"][seat][name])


def in_play(game: Colonies, seat: int = 0) -> list[str]:
    return [e["card"] for e in game.s["players"][seat]["in_play"]]
