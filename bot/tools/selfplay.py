"""AI-against-AI games through the engine alone, checking the contract as they go.

Used by `python -m bot selfplay` and by the benchmark.  The checks are the ones every
engine owes the runtime (DESIGN §2): someone is to move until the game is over, every
seat to move has a legal action, listed actions are accepted, the state survives a
JSON round trip, views are JSON, and the game ends.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.ai import Player, RandomPlayer, choose_for, policy_for
from games.core import Game, RuleError, get_game


@dataclass
class GameRecord:
    seed: int
    actions: int
    winners: list[int]
    details: dict[str, Any]


@dataclass
class SelfplayReport:
    game_type: str
    players: int
    lineup: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: Counter[int] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    records: list[GameRecord] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.violations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_type, "players": self.players, "lineup": self.lineup,
            "games": self.games, "actions": self.actions, "seconds": round(self.seconds, 3),
            "wins_by_seat": {str(s): self.wins[s] for s in range(self.players)},
            "errors": self.errors, "violations": self.violations,
        }


def lineup_players(lineup: str, game_type: str, players: int) -> list[Player]:
    """Seat 0 heuristic against random seats, all heuristic, or all random."""
    if lineup == "heuristic":
        return [policy_for(game_type) for _ in range(players)]
    if lineup == "random":
        return [RandomPlayer() for _ in range(players)]
    return [policy_for(game_type)] + [RandomPlayer() for _ in range(players - 1)]


def play_one(cls: type[Game], players: list[Player], seed: int, *, options: dict[str, Any] | None = None,
             check_every: int = 0, max_actions: int = 50_000) -> tuple[Game, int, list[str]]:
    """Play one game to its end; returns the game, the number of actions and contract violations.

    `check_every` > 0 also checks the round trip and view serialisation every that many actions.
    """
    game = cls.new(len(players), seed=seed, options=options)
    rng = random.Random(seed)
    violations: list[str] = []
    actions = 0
    while not game.over:
        seats = sorted(game.to_move())
        if not seats:
            violations.append(f"seed {seed}: nobody to move but the game is not over")
            break
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        legal = game.legal_actions(seat)
        if not legal:
            violations.append(f"seed {seed}: seat {seat} is to move with no legal action")
            break
        action = choose_for(game, seat, players[seat], rng, legal)
        try:
            game.apply(seat, action)
        except RuleError as err:
            violations.append(f"seed {seed}: listed action {action} refused: {err}")
            break
        actions += 1
        if check_every and actions % check_every == 0:
            violations.extend(_contract_checks(cls, game, seed))
        if actions >= max_actions:
            violations.append(f"seed {seed}: no end after {max_actions} actions")
            break
    if game.over and game.result() is None:
        violations.append(f"seed {seed}: game over without a result")
    return game, actions, violations


def _contract_checks(cls: type[Game], game: Game, seed: int) -> list[str]:
    problems = []
    state = game.to_dict()
    text = json.dumps(state, sort_keys=True)
    if json.dumps(cls.from_dict(json.loads(text)).to_dict(), sort_keys=True) != text:
        problems.append(f"seed {seed}: to_dict/from_dict does not round-trip")
    for seat in [None, *range(game.num_players)]:
        try:
            json.dumps(game.view(seat))
        except (TypeError, ValueError) as err:
            problems.append(f"seed {seed}: view({seat}) is not JSON: {err}")
    return problems


def run(game_type: str, *, games: int, seed: int, players: int | None = None,
        lineup: str = "heuristic-vs-random", options: dict[str, Any] | None = None,
        check_every: int = 25) -> SelfplayReport:
    cls = get_game(game_type)
    n = players or cls.max_players
    cls.check_players(n)
    report = SelfplayReport(game_type, n, lineup)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            game, actions, violations = play_one(cls, lineup_players(lineup, game_type, n), game_seed,
                                                 options=options, check_every=check_every)
        except Exception as err:  # a crash in an engine is a finding to report, not to hide
            report.errors.append(f"seed {game_seed}: {type(err).__name__}: {err}")
            continue
        report.games += 1
        report.actions += actions
        report.violations.extend(violations)
        result = game.result()
        if result is not None:
            report.wins.update(result.winners)
            report.records.append(GameRecord(game_seed, actions, result.winners, result.details))
    report.seconds = time.perf_counter() - start
    return report
