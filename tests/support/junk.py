"""Junk actions for the engines' contract tests: from the legal actions of a position, everything JSON can
say wrongly (not an object, no string "type", a field of the wrong JSON type, a number out of range, an extra
or a missing field), and the positions of seeded random games to put them to. Used by the junk contract
(tests/games/test_junk_contract.py) and the refusal words (tests/games/test_refusal_words.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from games.core import Game, RuleError

WRONG = [True, False, 1.5, "junk", "", [], {}, None, 10**30, -1, -(10**30), [1], {"a": 1}]
"""Values of every JSON type, and integers no board has, put in place of a field."""
NOT_OBJECTS: list[Any] = [None, "roll", "{\"type\": \"roll\"}", 7, 1.5, True, False, [], [{"type": "end_turn"}]]
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
