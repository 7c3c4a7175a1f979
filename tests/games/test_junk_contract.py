"""Every shipped engine refuses junk input the same way: a RuleError in plain words, and no change at all.

The actions come from a player's `/play` JSON or a stale button, so an engine meets anything JSON can
say: not an object, an object without a string "type", a legal action with one field of the wrong JSON
type (true where a number is meant: Python's True == 1 and 1.0 == 1 would slip through an `in` test),
a number far out of range, an extra or a missing field.  Each game plays seeded random games and puts
junk built from the legal actions of many positions to `apply`: a refusal must leave `to_dict()`
byte-identical; an accepted junk action must be one of `legal_actions` exactly (JSON types included),
or leave out a field whose default the game's rules document.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core import Game, RuleError, registry
from tests.support.junk import dump, junk_for, walk
from tests.support.shipped import SHIPPED

DEFAULTS: dict[str, set[tuple[str, str]]] = {
    "colonies": {("end_turn", "granary"), ("play", "food"), ("play", "target"), ("play", "zone")},
}
"""(action type, field) a command may leave out because the rules give its default (Colonies'
`with_defaults`): COL-R35 (the most Food to the granary), COL-S10 (Food from hand), COL-R43 (the only
legal target).  The engine still decides whether leaving it out is legal in that position."""
SEEDS = range(6)


def acceptable(game_id: str, legal: set[str], junk: dict[str, Any], source: dict[str, Any],
               free_form: bool) -> bool:
    """May `apply` take this junk?  Only if it is a legal action as listed (JSON types included), leaves out
    a field with a documented default, or (a trade offer, never listed) swaps a container for an empty one."""
    if dump(junk) in legal:
        return True
    missing = set(source) - set(junk)
    if missing and set(junk) < set(source):
        return all((source["type"], key) in DEFAULTS.get(game_id, set()) for key in missing)
    if free_form and set(junk) == set(source):
        changed = [k for k in source if dump(junk[k]) != dump(source[k])]
        return all(junk[k] in ([], {}) and type(junk[k]) is type(source[k]) for k in changed)
    return False


def check_position(cls: type[Game], game: Game, seat: int, rng: random.Random) -> list[str]:
    """What went wrong with the junk put to this seat in this position (nothing, when all is well)."""
    before = dump(game.to_dict())
    legal = {dump(a) for a in game.legal_actions(seat)}
    probe, faults = cls.from_dict(json.loads(before)), []
    for how, junk, source in junk_for(game, seat, rng):
        try:
            probe.apply(seat, junk)
        except RuleError as refusal:
            message = str(refusal)
            if not message.strip() or any(w in message for w in ("Traceback", "object has no", "unhashable")):
                faults.append(f"{how}: {junk!r:.120} refused in unclear words: {message!r}")
            if dump(probe.to_dict()) != before:
                faults.append(f"{how}: refused {junk!r:.120} changed the state")
                probe = cls.from_dict(json.loads(before))
            continue
        except Exception as crash:  # the point of the test: nothing but RuleError escapes
            faults.append(f"{how}: {junk!r:.120} raised {type(crash).__name__}: {crash}")
            probe = cls.from_dict(json.loads(before))
            continue
        free_form = source is not None and dump(source) not in legal
        if source is None or not acceptable(cls.id, legal, junk, source, free_form):
            faults.append(f"{how}: junk {junk!r:.120} was accepted")
        probe = cls.from_dict(json.loads(before))
    return faults


@pytest.mark.parametrize("game_id", SHIPPED)
def test_junk_actions_are_refused_and_change_nothing(game_id: str) -> None:
    cls = registry()[game_id]
    checked, faults = 0, []
    for seed in SEEDS:
        players = (cls.min_players, cls.max_players)[seed % 2]
        for game, seat, rng in walk(cls, players, seed):
            faults += [f"seed {seed}, seat {seat}: {f}" for f in check_position(cls, game, seat, rng)]
            checked += 1
    assert checked >= len(SEEDS) * 2, f"{game_id}: too few positions reached"
    assert not faults, f"{len(faults)} faults in {game_id}:\n" + "\n".join(faults[:40])


def test_every_shipped_game_is_checked() -> None:
    assert set(SHIPPED) >= {"catan", "colonies", "roanoke", "small_islands", "roam"}
