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
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Game, RuleError, registry

SHIPPED = sorted(gid for gid, cls in registry().items() if cls.__module__.startswith("games."))
"""The games the bot ships (the tests' own test game is left out)."""
DEFAULTS: dict[str, set[tuple[str, str]]] = {
    "colonies": {("end_turn", "granary"), ("play", "food"), ("play", "target"), ("play", "zone")},
}
"""(action type, field) a command may leave out because the rules give its default (Colonies'
`with_defaults`): COL-R35 (the most Food to the granary), COL-S10 (Food from hand), COL-R43 (the only
legal target).  The engine still decides whether leaving it out is legal in that position."""
WRONG = [True, False, 1.5, "junk", "", [], {}, None, 10**30, -1, -(10**30), [1], {"a": 1}]
"""Values of every JSON type, and integers no board has, put in place of a field."""
NOT_OBJECTS: list[Any] = [None, "roll", "{\"type\": \"roll\"}", 7, 1.5, True, False, [], [{"type": "end_turn"}]]
SEEDS = range(6)
POSITIONS = 6
"""Positions checked per seeded game, spread over its first few hundred moves."""
ACTIONS_PER_POSITION = 8


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def twisted(value: Any) -> list[Any]:
    """The same value in the wrong JSON type (1 -> 1.0, "1", true), then the generic junk."""
    out: list[Any] = []
    if isinstance(value, int) and not isinstance(value, bool):
        out += [float(value), str(value), bool(value), [value], -value - 1]
    elif isinstance(value, str):
        out += [[value], {value: 1}, value.upper() + "?"]
    return out + [w for w in WRONG if dump(w) != dump(value)]


def mutants(action: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(how, junk action) built from one well-formed action."""
    yield "extra key", {**action, "junk": 1}
    yield "type in a list", {**action, "type": [action["type"]]}
    for key, value in action.items():
        if key == "type":
            continue
        yield f"no {key}", {k: v for k, v in action.items() if k != key}
        for junk in twisted(value):
            yield f"{key}={junk!r:.40}", {**action, key: junk}
        if isinstance(value, list):
            for i, item in enumerate(value):
                for junk in twisted(item):
                    yield f"{key}[{i}]={junk!r:.40}", {**action, key: [*value[:i], junk, *value[i + 1:]]}
        elif isinstance(value, dict):
            yield f"{key} with a junk key", {**action, key: {**value, "junk": 1}}
            for k, item in value.items():
                for junk in twisted(item):
                    yield f"{key}.{k}={junk!r:.40}", {**action, key: {**value, k: junk}}


def examples(game: Game, seat: int) -> list[dict[str, Any]]:
    """The free-form actions (trade offers) that `action_shapes` gives as a JSON example."""
    out = []
    for shape in game.action_shapes(seat):
        try:
            example = json.loads(shape["help"].split(" — ")[0])
        except ValueError:
            continue
        if isinstance(example, dict):
            out.append(example)
    return out


def junk_for(game: Game, seat: int, rng: random.Random) -> Iterator[tuple[str, Any, dict[str, Any] | None]]:
    """(how, junk, the well-formed action it was made from or None)."""
    for junk in NOT_OBJECTS:
        yield "not an object", junk, None
    for kind in (None, [], {}, 3, True, ["end_turn"]):
        yield "type not text", {"type": kind}, None
    yield "no type", {}, None
    legal = game.legal_actions(seat)
    sources = rng.sample(legal, min(ACTIONS_PER_POSITION, len(legal))) + examples(game, seat)
    for action in sources:
        untyped = {k: v for k, v in action.items() if k != "type"}
        yield "no type", untyped, None
        for how, junk in mutants(action):
            yield how, junk, action


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


def walk(cls: type[Game], players: int, seed: int) -> Iterator[tuple[Game, int, random.Random]]:
    """Positions of one seeded random game.  Trade offers are made now and then so that answers get
    checked too, and a move that would end the game (a resignation, a starving colony) is passed over
    while another is left, so that play reaches later rounds."""
    rng = random.Random(seed)
    game, checked = cls.new(players, seed=seed), 0
    for _ in range(300):
        movers = sorted(game.to_move())
        if game.over or not movers or checked == POSITIONS:
            return
        seat = rng.choice(movers)
        if rng.random() < POSITIONS / 60:
            yield game, seat, rng
            checked += 1
        offers = examples(game, seat)
        if offers and rng.random() < 0.3:
            try:
                game.apply(seat, offers[0])
                continue
            except RuleError:
                pass
        legal = game.legal_actions(seat)
        rng.shuffle(legal)
        saved = game.to_dict()
        for action in legal:
            game.apply(seat, action)
            if not game.over or action is legal[-1]:
                break
            game = cls.from_dict(saved)
        if not legal:
            return


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
