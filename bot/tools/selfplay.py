"""AI-against-AI games through the engine alone, checking the contract as they go.

Used by `python -m bot selfplay` and by the benchmark.  The checks are the ones every
engine owes the runtime (DESIGN §2): someone is to move until the game is over, every
seat to move has a legal action, listed actions are accepted, the state survives a
JSON round trip, views are JSON, and the game ends.

A lineup of levels ("hard,normal,normal,normal") is a tournament: the seats rotate from
game to game (so no level keeps the first seat), and the report gives each level's win
rate with a 95 % Wilson interval and its decision times.  Besides the levels a table may
ask for, a lineup may seat the `ORACLE`: a yardstick of how much room a game leaves above
the hard level, never a player of the bot.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.ai import Player, RandomPlayer, choose_for, policy_for
from games.core import Action, Game, RuleError, get_game, with_fresh_dice
from games.levels import HARD_PLAYOUTS, LEVELS, player_for
from games.search import Budget, SearchPlayer

LINEUPS = ("heuristic-vs-random", "heuristic", "random")
"""The contract-checking lineups; any comma-separated list of levels (and "random" or "oracle") is a tournament."""
ORACLE = "oracle"
"""A tournament seat that measures a game's headroom (issue 37): the hard level's search, seeing every hidden
card and thinking `ORACLE_FACTOR` times longer."""
ORACLE_FACTOR = 10
"""How many times the hard level's budget the oracle searches."""
Z95 = statistics.NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Thinking:
    """How long the hard level thinks per decision: at most `iterations`, and at most `seconds` when given."""

    iterations: int = HARD_PLAYOUTS
    seconds: float | None = None


def levels_of(lineup: str) -> list[str] | None:
    """The seats' levels of a tournament lineup ("hard,normal,normal"), or None for a contract lineup.
    Refuses unknown names."""
    if lineup in LINEUPS:
        return None
    names = [name.strip() for name in lineup.split(",")]
    unknown = [n for n in names if n not in (*LEVELS, "random", ORACLE)]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}: use {', '.join(LEVELS)}, random or {ORACLE}, comma-separated")
    return names


def wilson(wins: float, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if trials == 0:
        return 0.0, 1.0
    p = wins / trials
    centre = p + Z95 * Z95 / (2 * trials)
    spread = Z95 * math.sqrt(p * (1 - p) / trials + Z95 * Z95 / (4 * trials * trials))
    scale = 1 + Z95 * Z95 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass
class LevelStats:
    """One level's tournament record: seat-games played, wins (a shared win counts its share), and the
    seconds each of its decisions took."""

    seat_games: int = 0
    wins: float = 0.0
    decisions: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seat_games)
        times = sorted(self.decisions)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 else sum(times)
        return {"seat_games": self.seat_games, "wins": round(self.wins, 2),
                "win_rate": self.wins / self.seat_games if self.seat_games else 0.0,
                "interval95": [round(low, 4), round(high, 4)], "decisions": len(times),
                "decision_ms": {"median": round(1000 * statistics.median(times), 2) if times else 0.0,
                                "p95": round(1000 * p95, 2)}}


@dataclass
class GameRecord:
    seed: int
    actions: int
    winners: list[int]
    details: dict[str, Any]
    seats: list[str] = field(default_factory=list)
    """In a tournament, each seat's level."""


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
    levels: dict[str, LevelStats] = field(default_factory=lambda: defaultdict(LevelStats))

    @property
    def ok(self) -> bool:
        return not self.errors and not self.violations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_type, "players": self.players, "lineup": self.lineup,
            "games": self.games, "actions": self.actions, "seconds": round(self.seconds, 3),
            "wins_by_seat": {str(s): self.wins[s] for s in range(self.players)},
            "errors": self.errors, "violations": self.violations,
        } | ({"levels": {name: self._level(stats) for name, stats in self.levels.items()}} if self.levels else {})

    def _level(self, stats: LevelStats) -> dict[str, Any]:
        """A level's record, with its win rate in fair shares (1 is 1/players: a level no stronger than the table)."""
        record = stats.to_dict()
        return record | {"fair_shares": round(self.players * record["win_rate"], 2)}


def lineup_players(lineup: str, game_type: str, players: int, thinking: Thinking = Thinking()) -> list[Player]:
    """Seat 0 heuristic against random seats, all heuristic, all random, or the levels a tournament names."""
    levels = levels_of(lineup)
    if levels is not None:
        return [level_player(game_type, level, thinking) for level in levels]
    if lineup == "heuristic":
        return [policy_for(game_type) for _ in range(players)]
    if lineup == "random":
        return [RandomPlayer() for _ in range(players)]
    return [policy_for(game_type)] + [RandomPlayer() for _ in range(players - 1)]


def level_player(game_type: str, level: str, thinking: Thinking) -> Player:
    if level == "random":
        return RandomPlayer()
    if level == ORACLE:
        return Oracle(game_type, thinking)
    return player_for(game_type, level, iterations=thinking.iterations, seconds=thinking.seconds,
                      clock=time.perf_counter)


class Oracle(SearchPlayer):
    """The hard level's search (its guide, its candidates) with every hidden card in sight and `ORACLE_FACTOR`
    times its budget: each sample it searches is the true game, every hand and every deck's order as they lie,
    only the dice to come drawn afresh (chance not yet decided is no card to see).  If even this seat does
    no better than normal seats, the game leaves the hard level no room to gain."""

    def __init__(self, game_type: str, thinking: Thinking) -> None:
        hard = player_for(game_type, "hard")
        assert isinstance(hard, SearchPlayer)
        seconds = None if thinking.seconds is None else ORACLE_FACTOR * thinking.seconds
        super().__init__(hard.guide, Budget(ORACLE_FACTOR * thinking.iterations, seconds, time.perf_counter),
                         depth=hard.depth)

    def choose_in(self, game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return super().choose_in(sighted(game), seat, legal, rng)


def sighted(game: Game) -> Game:
    """A copy of `game` whose `determinize` gives the game itself (a fresh copy) with new dice, not a sample of
    what a seat's view leaves open."""
    seen = game.copy()
    seen.determinize = lambda seat, rng: with_fresh_dice(game.copy(), rng)  # type: ignore[method-assign]
    return seen


def play_one(cls: type[Game], players: list[Player], seed: int, *, options: dict[str, Any] | None = None,
             check_every: int = 0, max_actions: int = 50_000,
             timings: list[list[float]] | None = None,
             watch: Callable[[Game, int], None] | None = None) -> tuple[Game, int, list[str]]:
    """Play one game to its end; returns the game, the number of actions and contract violations.

    `check_every` > 0 also checks the round trip and view serialisation every that many actions;
    `timings`, one list per seat, collects how long each decision took; `watch` sees the game after each
    action, with the number of actions so far (the trainer samples positions with it).
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
        started = time.perf_counter()
        action = choose_for(game, seat, players[seat], rng, legal)
        if timings is not None:
            timings[seat].append(time.perf_counter() - started)
        try:
            game.apply(seat, action)
        except RuleError as err:
            violations.append(f"seed {seed}: listed action {action} refused: {err}")
            break
        actions += 1
        if watch is not None:
            watch(game, actions)
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
        check_every: int = 25, thinking: Thinking = Thinking()) -> SelfplayReport:
    cls = get_game(game_type)
    levels = levels_of(lineup)
    n = players or (len(levels) if levels else cls.max_players)
    cls.check_players(n)
    if levels is not None and len(levels) != n:
        raise ValueError(f"the lineup names {len(levels)} levels for {n} players")
    report = SelfplayReport(game_type, n, lineup)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seats = [levels[(s + i) % n] for s in range(n)] if levels else None  # seats rotate game by game
        timings: list[list[float]] = [[] for _ in range(n)]
        try:
            lineup_now = ",".join(seats) if seats else lineup
            game, actions, violations = play_one(cls, lineup_players(lineup_now, game_type, n, thinking), game_seed,
                                                 options=options, check_every=check_every, timings=timings)
        except Exception as err:  # a crash in an engine is a finding to report, not to hide
            report.errors.append(f"seed {game_seed}: {type(err).__name__}: {err}")
            continue
        report.games += 1
        report.actions += actions
        report.violations.extend(violations)
        result = game.result()
        if result is not None:
            report.wins.update(result.winners)
            report.records.append(GameRecord(game_seed, actions, result.winners, result.details, seats or []))
        for seat, level in enumerate(seats or []):
            stats = report.levels[level]
            stats.seat_games += 1
            stats.decisions.extend(timings[seat])
            if result is not None and seat in result.winners:
                stats.wins += 1 / len(result.winners)
    report.seconds = time.perf_counter() - start
    return report
