"""Refusals speak the player's words (issue 18, item 7): no rule id, no field name of the moves' JSON.

For every shipped engine, seeded random games are walked and, at many positions, refused moves of every
kind are put to `apply`: the shared junk of the junk contract (wrong JSON types, missing and extra fields),
moves of the player to move sent by the others (out of turn), moves that were legal earlier in the game
(stale buttons: a taken spot, a spent card, the wrong step), legal moves with one value swapped for
another value that field took elsewhere (an illegal place, card or partner), and moves after the end.
Every message those refusals produce is collected and checked by `tests.support.words`; the rule ids
the engine applied stay in the error's `rules`, for logs and tests.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.core import Game, RuleError, registry
from renderers.cast import Cast
from renderers.narrator import log
from tests.support.junk import junk_for, walk
from tests.support.shipped import SHIPPED
from tests.support.words import engine_keys, problems

SEEDS = range(4)
STALE = 24
"""Earlier legal moves put again at each position."""


def swapped(action: dict[str, Any], seen: dict[str, list[Any]], rng: random.Random) -> Iterator[dict[str, Any]]:
    """The action with one value replaced by another value its field took in this game."""
    for key in action:
        if key == "type":
            continue
        others = [v for v in seen.get(key, []) if v != action[key]]
        for value in rng.sample(others, min(3, len(others))):
            yield {**action, key: value}


def attempts(game: Game, seat: int, rng: random.Random, pool: list[dict[str, Any]],
             seen: dict[str, list[Any]]) -> Iterator[tuple[int, Any]]:
    """(seat, move) pairs to put to this position; most are refused."""
    for _, junk, _ in junk_for(game, seat, rng):
        yield seat, junk
    legal = game.legal_actions(seat)
    sample = rng.sample(legal, min(6, len(legal)))
    for other in range(game.num_players):
        if other not in game.to_move():
            for action in sample[:3]:
                yield other, action
    for action in rng.sample(pool, min(STALE, len(pool))):
        yield seat, action
    for action in sample:
        yield from ((seat, a) for a in swapped(action, seen, rng))


def refusals(cls: type[Game]) -> dict[str, str]:
    """Every message the refused attempts produced, with one move that produced it."""
    said: dict[str, str] = {}
    for seed in SEEDS:
        players = (cls.min_players, cls.max_players)[seed % 2]
        pool: list[dict[str, Any]] = []
        seen: dict[str, list[Any]] = defaultdict(list)
        last: Game | None = None
        for game, seat, rng in walk(cls, players, seed):
            before = json.dumps(game.to_dict())
            for who, move in attempts(game, seat, rng, pool, seen):
                probe = cls.from_dict(json.loads(before))
                try:
                    probe.apply(who, move)
                except RuleError as refusal:
                    said.setdefault(str(refusal), f"seat {who}: {move!r:.120}")
            for action in game.legal_actions(seat):
                pool.append(action)
                for key, value in action.items():
                    if key != "type" and value not in seen[key]:
                        seen[key].append(value)
            last = game
        if last is not None:
            said.update(after_the_end(cls, last, pool))
    return said


def after_the_end(cls: type[Game], game: Game, pool: list[dict[str, Any]]) -> dict[str, str]:
    """Play the game out with its first legal moves, then put earlier moves to the finished game."""
    game = cls.from_dict(game.to_dict())
    for _ in range(5000):
        if game.over or not game.to_move():
            break
        seat = min(game.to_move())
        game.apply(seat, game.legal_actions(seat)[0])
    said = {}
    for action in pool[-20:]:
        try:
            game.apply(0, action)
        except RuleError as refusal:
            said.setdefault(str(refusal), f"after the end: {action!r:.120}")
    return said


@pytest.mark.parametrize("game_id", SHIPPED)
def test_refusals_name_no_rule_id_and_no_field(game_id: str) -> None:
    cls = registry()[game_id]
    said = refusals(cls)
    assert len(said) >= 15, f"{game_id}: too few different refusals reached ({len(said)})"
    keys = engine_keys(cls)
    faults = [f"{message!r} ({', '.join(found)}), from {move}"
              for message, move in sorted(said.items()) if (found := problems(message, keys))]
    assert not faults, f"{len(faults)} of {len(said)} {game_id} refusals:\n" + "\n".join(faults)


def test_one_spelling_of_cannibalize() -> None:
    """COL-S13 says "cannibalize" (rules/colonies.md): labels, refusals, log lines and panels spell it so."""
    root = Path(__file__).resolve().parents[2]
    british = re.compile(r"annibalis(?:e|ed|es|ing)\b")
    mixed = [f"{path.relative_to(root)}:{n}" for folder in ("games", "bot", "cogs", "renderers")
             for path in sorted((root / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) if british.search(line)]
    assert not mixed, f"British spelling of cannibalize at {', '.join(mixed)}"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_rules_text_names_no_rule_id(game_id: str) -> None:
    """What `/game rules` and the resign question show: the summary, each option's help, what resigning means."""
    cls = registry()[game_id]
    said = [cls.summary, cls.resignation, *(option.help for option in cls.options)]
    faults = [f"{text!r}: {found}" for text in said if (found := problems(text, ()))]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_move_labels_and_log_lines_name_no_rule_id_and_no_field(game_id: str) -> None:
    """The move panel's labels and the channel log's sentences of a seeded game played to its end."""
    cls = registry()[game_id]
    keys, rng, faults = engine_keys(cls), random.Random(5), {}
    game = cls.new(cls.max_players, seed=5)
    for _ in range(3000):
        movers = sorted(game.to_move())
        if game.over or not movers:
            break
        seat = rng.choice(movers)
        legal = game.legal_actions(seat)
        said = [game.describe(a) for a in legal]
        said += log(game_id, game.apply(seat, rng.choice(legal)), Cast([]))
        faults |= {text: found for text in said if (found := problems(text, keys))}
    assert not faults, "\n".join(f"{text!r}: {found}" for text, found in faults.items())
