"""Random play ends, always (DESIGN §7: a random player works for every game through `legal_actions`):
uniform random seats, through the same `play_one` that `python -m bot selfplay --lineup random` runs, end
every seeded game of every title with a result, at every player count, and never meet a seat to move with
nothing listed or a listed move refused. Catan's seeds 1, 5 and 11 once never ended, with the bank trades
left out of the list."""

from __future__ import annotations

import pytest

import games
from bot.tools.selfplay import lineup_players, play_one

GAMES_PER_TITLE, CHUNKS = 200, 4
"""200 seeded games per title, in chunks that pytest-xdist can spread."""
LIMIT = 20_000
"""Actions after which a game counts as never ending: random games of every title end in far fewer."""


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", ["catan", "colonies", "roam", "roanoke", "small_islands"])
def test_random_games_of_every_title_end(game_id: str, chunk: int) -> None:
    cls = games.get_game(game_id)
    sizes = range(cls.min_players, cls.max_players + 1)
    per = GAMES_PER_TITLE // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        players = sizes[seed % len(sizes)]
        game, actions, violations = play_one(cls, lineup_players("random", game_id, players), seed,
                                             max_actions=LIMIT)
        assert violations == [], violations
        assert game.over and game.result() is not None, f"{game_id} seed {seed}: no end after {actions} actions"
