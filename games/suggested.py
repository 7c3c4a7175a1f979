"""Trades worth one tap (issue 43): what a seat could build next with one more card, and the trade that gets
that card. Read from what the seat sees (its own hand), so a suggestion never tells a secret; each is checked
against the engine's `apply` on a copy, so a button never offers a move the game refuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from games.core import Action, Game, RuleError


class Short(NamedTuple):
    """A build one card short: what it is in the player's words ("a road"), the kind lacking, and the cards the
    hand holds beyond the build's cost (what it can spare for that card), most held first."""

    what: str
    lacking: str
    spare: dict[str, int]


def one_short(hand: Mapping[str, int], costs: Mapping[str, Mapping[str, int]]) -> list[Short]:
    """Each build of `costs` (by its words) that `hand` lacks exactly one card of and can spare a card for."""
    out: list[Short] = []
    for what, cost in costs.items():
        lacking = [kind for kind, n in cost.items() if hand.get(kind, 0) < n]
        if len(lacking) != 1 or cost[lacking[0]] - hand.get(lacking[0], 0) != 1:
            continue
        spare = {kind: n - cost.get(kind, 0) for kind, n in hand.items() if n > cost.get(kind, 0)}
        if spare:
            out.append(Short(what, lacking[0], dict(sorted(spare.items(), key=lambda kv: -kv[1]))))
    return out


def accepted(game: Game, seat: int, action: Action) -> bool:
    """Whether `apply` takes the move as it is now (tried on a copy)."""
    try:
        game.copy().apply(seat, action)
    except RuleError:
        return False
    return True


def kept(game: Game, seat: int, found: list[tuple[Action, str]]) -> list[tuple[Action, str]]:
    """The suggestions `apply` accepts, each move once (the first purpose found for it)."""
    out: list[tuple[Action, str]] = []
    for action, what in found:
        if all(action != a for a, _ in out) and accepted(game, seat, action):
            out.append((action, what))
    return out
