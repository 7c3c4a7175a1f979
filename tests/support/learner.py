"""The learner of a practice game in tests: the coach's pick where it gives one, else what the game's heuristic
would play (seeded, so a test's game is the same each run)."""

from __future__ import annotations

import random

from games.ai import choose_for, policy_for
from games.core import Action, Game


def suggestion(game: Game, seat: int) -> Action:
    """The game's heuristic's choice for the seat, seeded by the table's size."""
    return choose_for(game, seat, policy_for(game.id), random.Random(game.num_players))
