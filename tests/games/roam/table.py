"""ROAM positions built for the rule and input tests: markers laid by hand, a turn ended where a test wants it."""

from __future__ import annotations

from games.roam.game import RoamGame
from games.roam.geometry import slot_squares


def fill_slot(g: RoamGame, slot: int, owners: list[int]) -> None:
    """The slot's six squares taken, one marker each from the owners' supplies, in order."""
    for (r, c), owner in zip(slot_squares(slot), owners, strict=True):
        g.map[r][c] = [owner]
        g.players[owner]["supply"] -= 1


def end_turn(g: RoamGame) -> list[dict]:
    """The active player's turn ended (slots scored, A5.3); its events."""
    events: list[dict] = []
    g._end_of_turn(events)
    return events


def tie_of_the_next_two(g: RoamGame) -> tuple[int, int, int]:
    """A three-player game's turn ended with slot 1's majority tied between the two players after the active one
    (three markers each), everyone holding three coins: (the active seat, the next, the one after)."""
    seat = g.current
    a, b = (seat + 1) % 3, (seat + 2) % 3
    for p in g.players:
        p["coins"] = 3
    fill_slot(g, 1, [b, b, b, a, a, a])
    end_turn(g)
    return seat, a, b
