"""AI players (DESIGN §7).

A player chooses among the legal actions of its seat, seeing only that seat's view.
`RandomPlayer` plays any game; each game may register a heuristic policy in its own
`games/<id>/ai.py` with `register_policy`.  `policy_for` returns it; games/levels.py builds the
players of each level on it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from games.core import Action, Game

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

    def shrewd(self) -> Player:
        """The player the hard level's search follows: this one, unless it is kind to the table at its own
        cost (Roanoke's gifts), when it is the same player playing for itself alone."""
        return self


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


def has_policy(game_id: str) -> bool:
    """Whether the game has a heuristic player of its own (else its normal player is a random one)."""
    return game_id in _POLICIES


def policy_for(game_id: str) -> Player:
    """The game's heuristic player, or a random one where the game has none."""
    factory = _POLICIES.get(game_id)
    return factory() if factory else RandomPlayer()


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


def offer_waiting(game: Game, ai: set[int]) -> int | None:
    """The AI seat (of `ai`) whose turn it is while other seats answer its trade offer: it keeps its turn open
    for their answer, since its next move would close the offer (issue 27). None when no AI offer waits so."""
    turn = game.current_seat()
    movers = game.to_move()
    if turn in ai and turn in movers and movers - ai and game.view(None).get("offer") is not None:
        return turn
    return None
