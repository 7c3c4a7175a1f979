"""The AI levels (DESIGN §7): easy (a beginner), normal (the game's heuristic), hard (the search, guided by
the heuristic's shrewd self). The one place that maps a level to a player of a game, asked by selfplay and
the bot; apart from games/ai.py, on which both the heuristics and the search build."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai import Player, ViewT, has_policy, policy_for
from games.core import Action, Game, get_game
from games.search import Budget, SearchPlayer

LEVELS = ("easy", "normal", "hard")
"""The AI levels a table may ask for: a beginner, the heuristic, the search."""
MISTAKES = 0.25
"""How often the easy level plays any legal move instead of the heuristic's."""
HARD_PLAYOUTS = 40
"""The hard level's search iterations (playouts) a decision, on any machine: the budget its strength was
measured at (docs/AI.md).  A clock only caps it on a slow host.  More is not stronger: searching for
1 s a decision (a thousand iterations and more), Roanoke's tree overruled its guide's purchases and placements
on the short sight of its evaluation, and its seat was eliminated in both games looked at."""


def policy_name(game_id: str, level: str = "normal") -> str:
    """The name of the player `player_for` gives: AI seats are rated under it, as a player of their own.
    The normal level keeps the name its ratings already have ("heuristic", or "random" without one)."""
    if level == "normal":
        return "heuristic" if has_policy(game_id) else "random"
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


def player_for(game_id: str, level: str = "normal", *, iterations: int = HARD_PLAYOUTS,
               seconds: float | None = None, clock: Callable[[], float] | None = None) -> Player:
    """The player of a level for a game.  The hard level searches for at most `iterations` and, given
    the caller's `clock` (games/ reads none), at most `seconds` per decision."""
    if level == "easy":
        return Beginner(get_game(game_id), policy_for(game_id))
    if level == "normal":
        return policy_for(game_id)
    if level == "hard":
        return SearchPlayer(policy_for(game_id).shrewd(), Budget(iterations, seconds, clock))
    raise ValueError(f"no AI level {level!r}: levels are {', '.join(LEVELS)}")
