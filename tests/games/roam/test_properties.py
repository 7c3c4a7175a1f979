"""ROAM over 1,000 seeded games (2-4 players, every variant): markers are conserved, squares never
overfill, coins never go negative, and the engine contract holds after every action."""

from __future__ import annotations

import random

import pytest

from games.ai import choose_for
from games.core import Action, Game
from games.roam.ai import RoamPlayer
from games.roam.game import MARKERS, RoamGame
from tests.support.properties import random_games

SMART = RoamPlayer()
CHUNKS, PER_CHUNK = 10, 100
VARIANTS = ({}, {"artifacts": False}, {"outpost": True}, {"stacking": True})


def invariant(game: Game) -> None:
    assert isinstance(game, RoamGame)
    cap = 2 if game.opts["stacking"] else 1
    on_map = [0] * game.num_players
    for row in game.map:
        for cell in row:
            assert len(cell) <= cap, "a square holds too many markers"
            for owner in cell:
                on_map[owner] += 1
    for seat, player in enumerate(game.players):
        assert on_map[seat] + player["supply"] == MARKERS, "markers on the map + supply = 24"
        assert player["coins"] >= 0, "coins never negative"


def view_check(game: Game, seat: int | None, view: dict) -> None:
    assert "deck" not in view and "artifact_deck" not in view and "rng" not in view, "deck orders stay hidden"


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if rng.random() < 0.25:
        return rng.choice(legal)
    return choose_for(game, seat, SMART, rng, legal)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_markers_squares_and_coins_hold_over_a_thousand_games(chunk: int) -> None:
    options = VARIANTS[chunk % len(VARIANTS)]
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    run = random_games(RoamGame, seeds=seeds, players=lambda seed: 2 + seed % 3, options=options,
                       invariant=invariant, view_check=view_check, chooser=chooser, deep_every=50)
    assert run.games == PER_CHUNK
