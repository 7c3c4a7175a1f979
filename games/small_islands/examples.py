"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

One two-player game (seed 3, the closed starting layout) is played through its first round and on to the end:
each picture stops it at a moment the book explains.  The moves are written out, so a change to the rules that
made one of them illegal stops the build instead of silently drawing another board.
"""

from __future__ import annotations

from games.core import Action
from games.rulebook import Example
from games.small_islands.game import SmallIslands

SEED = 3

OPENING: tuple[tuple[int, Action], ...] = (
    (0, {"type": "choose", "now": "O07", "next": "O02"}),
    (1, {"type": "choose", "now": "O12", "next": "O05"}),
)
"""Round 1's preparation: each seat plays one objective now and keeps one for round 2."""

ROUND_1: tuple[tuple[str, str, int, int, int], ...] = (
    ("T10", "T43", 1, 0, 2),
    ("T55", "T55", 1, 0, 3),
    ("T44", "T48", 1, -1, 2),
    ("T35", "T31", 3, -2, 2),
    ("T41", "T41", 3, 0, 4),
    ("T09", "T09", 2, -1, 1),
)
"""Round 1's six explore turns, Seat 1 first: the row tile taken, then the hand tile placed, its turn and cell."""

REWARD_1: tuple[tuple[int, Action], ...] = (
    (0, {"type": "land", "ship": "own", "x": -2, "y": 3}),
    (0, {"type": "house", "x": 0, "y": 4}),
    (0, {"type": "house", "x": 0, "y": 0}),
    (1, {"type": "house", "x": -1, "y": 1, "resource": "leaf"}),
    (1, {"type": "house", "x": 1, "y": 1, "resource": "leaf"}),
)
"""Seat 1 lands and the round is rewarded: two houses each."""


def _play(game: SmallIslands, moves: tuple[tuple[int, Action], ...]) -> SmallIslands:
    for seat, action in moves:
        game.apply(seat, action)
    return game


def _explore(game: SmallIslands, turns: int, *, bonus: bool = True) -> SmallIslands:
    """The first `turns` explore turns of round 1 (the last without its bonus step when `bonus` is False)."""
    for n, (take, tile, rot, x, y) in enumerate(ROUND_1[:turns]):
        seat = n % 2
        game.apply(seat, {"type": "take", "tile": take})
        game.apply(seat, {"type": "place", "tile": tile, "rot": rot, "x": x, "y": y})
        if bonus or n < turns - 1:
            game.apply(seat, {"type": "no_bonus"})
    return game


def _new() -> SmallIslands:
    return SmallIslands.new(2, seed=SEED)


def _start() -> SmallIslands:
    return _play(_new(), OPENING)


def _objectives() -> SmallIslands:
    return _new()


def _placed() -> SmallIslands:
    return _explore(_start(), len(ROUND_1), bonus=False)


def _houses() -> SmallIslands:
    return _play(_explore(_start(), len(ROUND_1)), REWARD_1)


EXAMPLES: dict[str, Example] = {
    "start": Example(_start, caption=(
        "The map at the start: the four starting tiles make one closed island in the middle, with a flower, a "
        "fruit, a leaf, a temple and two house symbols; the dashed cells around it are where a tile may go. Under "
        "the map, the row offers T02, T55 and T10.")),
    "objectives": Example(_objectives, seat=0, caption=(
        "Seat 1's own picture in round 1's preparation: the two tiles in hand, each in its four turns with the "
        "cells where it fits, and three objective cards to choose from: one to play now, one to keep.")),
    "placed": Example(_placed, caption=(
        "Seat 2 has just placed T09, a cape, turned 180° at C3: its one land edge, to the south, meets the land "
        "of C4, and the island there now has 6 tiles. Everywhere else it shows sea, like D3 beside it and D2 and "
        "D4 across its corners.")),
    "houses": Example(_houses, caption=(
        "After round 1's reward: Seat 1 (red) landed its ship, then built at D6 (6 PP: 1 per tile of that "
        "6-tile island) and D2 (4 PP). Seat 2 (blue) built at C3 and E3, counting leaves: 4 + 2 = 6 PP and "
        "1 + 2 = 3 PP.")),
}
