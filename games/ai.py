"""AI players (DESIGN §7).

A player chooses among the legal actions of its seat, seeing only that seat's view.
`RandomPlayer` plays any game; each game may register a heuristic policy in its own
`games/<id>/ai.py` with `register_policy`.  `policy_for` returns it; `player_for` maps a level
(easy, normal, hard) to a player of a game: the one place selfplay and the bot ask.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from games.core import Action, Game, get_game

LEVELS = ("easy", "normal", "hard")
"""The AI levels a table may ask for: a beginner, the heuristic, the search."""
MISTAKES = 0.25
"""How often the easy level plays any legal move instead of the heuristic's."""

ViewT = dict[str, Any]


class Player(ABC):
    """Chooses one action from `legal` given what the seat may see."""

    sees: bool = True
    """False for players that ignore the view, so that nobody spends time drawing it up."""

    @abstractmethod
    def choose(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action: ...

    def choose_in(self, game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """Choose for `seat` in `game`: from the seat's view, unless the player searches (games.search)."""
        return self.choose(game.view(seat) if self.sees else {}, legal, rng)


class RandomPlayer(Player):
    """Uniform over the legal actions: the fuzzing opponent and the baseline."""

    sees = False

    def choose(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


_POLICIES: dict[str, Callable[[], Player]] = {}


def register_policy(game_id: str) -> Callable[[type[Player]], type[Player]]:
    """Class decorator: the heuristic player for a game."""

    def deco(cls: type[Player]) -> type[Player]:
        _POLICIES[game_id] = cls
        return cls

    return deco


def policy_for(game_id: str) -> Player:
    """The game's heuristic player, or a random one where the game has none."""
    factory = _POLICIES.get(game_id)
    return factory() if factory else RandomPlayer()


def policy_name(game_id: str, level: str = "normal") -> str:
    """The name of the player `player_for` gives: AI seats are rated under it, as a player of their own.
    The normal level keeps the name its ratings already have ("heuristic", or "random" without one)."""
    if level == "normal":
        return "heuristic" if game_id in _POLICIES else "random"
    return level


class Beginner(Player):
    """The easy level: the heuristic, except that now and then it plays any legal move, as a beginner
    overlooks the better one.  Never a costly move (resigning) by mistake."""

    def __init__(self, game: type[Game], base: Player, mistakes: float = MISTAKES) -> None:
        self.game, self.base, self.mistakes = game, base, mistakes

    def choose(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action:
        slips = [a for a in legal if not self.game.costly(a)]
        if slips and rng.random() < self.mistakes:
            return rng.choice(slips)
        return self.base.choose(view, legal, rng)


def player_for(game_id: str, level: str = "normal", *, iterations: int = 200, seconds: float | None = None,
               clock: Callable[[], float] | None = None) -> Player:
    """The player of a level for a game.  The hard level searches for at most `iterations` and, given
    the caller's `clock` (games/ reads none), at most `seconds` per decision."""
    from games.search import Budget, SearchPlayer  # the search builds on this module

    if level == "easy":
        return Beginner(get_game(game_id), policy_for(game_id))
    if level == "normal":
        return policy_for(game_id)
    if level == "hard":
        return SearchPlayer(policy_for(game_id), Budget(iterations, seconds, clock))
    raise ValueError(f"no AI level {level!r}: levels are {', '.join(LEVELS)}")


def by_type(legal: list[Action]) -> dict[str, list[Action]]:
    """Legal actions grouped by their type, in listing order: how heuristic players read a menu."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action["type"], []).append(action)
    return groups


def choose_for(game: Game, seat: int, player: Player, rng: random.Random,
               legal: list[Action] | None = None) -> Action:
    """One move of `player` for `seat`, from its own view only."""
    legal = game.legal_actions(seat) if legal is None else legal
    if not legal:
        raise RuntimeError(f"seat {seat} is to move in {game.id} but has no listed action")
    return player.choose_in(game, seat, legal, rng)
