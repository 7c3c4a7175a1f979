"""How good a move was, by the hard level's evaluation from the mover's own view (DESIGN §7): the coach's
feedback on a practice table and the review of a finished game ask it.

A move's worth is what the hard level's flat search (`games.search.Rollouts`) finds for it: the same worlds
sampled from what the seat could see (its hand and the public view, `Game.determinize`), the move played in
each, the game's shrewd heuristic playing every seat to the end of the turn, the position scored by the game's
evaluation for that seat. Comparing two moves over the same worlds tells them apart by the move, not by the
luck of their samples. Seeded: the same position and moves give the same worths."""

from __future__ import annotations

import random

from games.ai import policy_for
from games.core import Action, Game
from games.search import Budget, Rollouts, key

WORLDS = 8
"""The worlds each judged move is played in: enough that two moves' worths differ by the move (common random
numbers), few enough for a practice table's move to be judged at once."""


def worths(game: Game, seat: int, moves: list[Action], *, seed: int, worlds: int = WORLDS) -> list[float]:
    """Each move's mean value for `seat` in [0, 1] (1: it has won), over the same `worlds` sampled from the
    seat's view; a move that a world refuses (a free-form offer
    its cards do not allow) is worth 0."""
    distinct = list({key(m): m for m in moves}.values())
    search = Rollouts(game, seat, distinct[1:], distinct[0], policy_for(game.id).shrewd(), random.Random(seed))
    search.run(Budget(iterations=worlds * len(distinct)))
    return [max(0.0, search.totals[key(m)]) / search.samples for m in moves]
