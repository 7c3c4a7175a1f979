"""Property checks every engine owes the runtime, run over many seeded random games.

One helper for all five games (DESIGN §9): a game's property test calls `random_games`
with its own invariant and view checks; the helper supplies what is the same everywhere:
someone is to move until the end, listed actions are accepted, refused actions raise
`RuleError` and change nothing, the state round-trips through JSON, views are JSON, the
same seed and actions replay to the same state, and every game ends with a result.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from games.core import Action, Game, RuleError
from tests.support.words import assert_plain

Invariant = Callable[[Game], None]
"""Raises AssertionError when the game state breaks one of the game's own invariants."""

ViewCheck = Callable[[Game, "int | None", dict[str, Any]], None]
"""Raises AssertionError when `view(seat)` shows what that seat may not see."""

Chooser = Callable[[Game, int, list[Action], random.Random], Action]


@dataclass
class PropertyRun:
    games: int = 0
    actions: int = 0


def _snapshot(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def _uniform(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def refused_unchanged(game: Game, seat: int, action: Action) -> RuleError:
    """Apply an action that must be refused; assert it raised RuleError and changed nothing."""
    before = _snapshot(game)
    try:
        game.apply(seat, action)
    except RuleError as err:
        assert _snapshot(game) == before, f"refused {action} from seat {seat} changed the state"
        assert str(err), f"refusal of {action} has no message"
        assert_plain(str(err), game)
        return err
    raise AssertionError(f"seat {seat} was allowed {action}, which it should not be")


def _illegal_variants(game: Game, seat: int, legal: list[Action]) -> list[tuple[int, Action]]:
    """Actions the engine must refuse: unknown types, extra keys, seats not to move."""
    sample = legal[0]
    variants: list[tuple[int, Action]] = [
        (seat, {"type": "no_such_action"}),
        (seat, {**sample, "unexpected": 1}),
    ]
    idle = [s for s in range(game.num_players) if s not in game.to_move()]
    if idle:
        variants.append((idle[0], sample))
    return variants


def deep_checks(game: Game, view_check: ViewCheck | None) -> None:
    """Round trip, JSON views, and the game's own view check for every seat and the public."""
    cls = type(game)
    text = _snapshot(game)
    again = cls.from_dict(json.loads(text))
    assert _snapshot(again) == text, "to_dict/from_dict does not round-trip"
    for seat in [None, *range(game.num_players)]:
        view = game.view(seat)
        json.dumps(view)
        if view_check:
            view_check(game, seat, view)


def random_games(cls: type[Game], *, seeds: Iterable[int], players: int | Callable[[int], int],
                 options: dict[str, Any] | None = None, invariant: Invariant | None = None,
                 view_check: ViewCheck | None = None, chooser: Chooser = _uniform,
                 deep_every: int = 40, max_actions: int = 20_000) -> PropertyRun:
    """Play one random game per seed, checking the contract as it goes.

    `invariant` runs after every action; the deep checks (round trip, views, refused
    actions) every `deep_every` actions and at the end; the replay check once per game.
    """
    run = PropertyRun()
    for seed in seeds:
        n = players(seed) if callable(players) else players
        game = cls.new(n, seed=seed, options=options)
        rng = random.Random(seed)
        log: list[tuple[int, Action]] = []
        while not game.over:
            seats = sorted(game.to_move())
            assert seats, f"seed {seed}: nobody to move but the game is not over"
            seat = rng.choice(seats)
            legal = game.legal_actions(seat)
            assert legal, f"seed {seed}: seat {seat} is to move with no legal action"
            if len(log) % deep_every == 0:
                for who, bad in _illegal_variants(game, seat, legal):
                    refused_unchanged(game, who, bad)
                deep_checks(game, view_check)
            action = chooser(game, seat, legal, rng)
            game.apply(seat, json.loads(json.dumps(action)))
            log.append((seat, action))
            if invariant:
                invariant(game)
            assert len(log) < max_actions, f"seed {seed}: no end after {max_actions} actions"
        assert game.to_move() == frozenset(), f"seed {seed}: seats to move after the end"
        assert game.result() is not None, f"seed {seed}: over without a result"
        deep_checks(game, view_check)
        replay = cls.new(n, seed=seed, options=options)
        for seat, action in log:
            replay.apply(seat, action)
        assert _snapshot(replay) == _snapshot(game), f"seed {seed}: replay differs"
        run.games += 1
        run.actions += len(log)
    return run
