"""ROAM's `apply` checks a move against only the part of the legal list that could hold it (and the choose and
place moves straight against the helpers the list uses): it must accept exactly the moves `legal_actions` lists.
Tried at every position of a seeded game for each variant: moves listed earlier in the game and the ones listed
now, to every seat (stale squares, characters since turned face down, artifacts already used, bids too low, the
wrong seat)."""

from __future__ import annotations

import json
import random

import pytest

from games.core import Action, RuleError
from games.roam.game import RoamGame

VARIANTS = ({}, {"outpost": True}, {"stacking": True})
TRIED = 10
"""Moves listed earlier in the game tried at each position, besides the ones listed there."""


@pytest.mark.parametrize("seed", range(3))
def test_apply_accepts_exactly_the_listed_moves(seed: int) -> None:
    game = RoamGame.new(2 + seed % 3, seed=seed, options=VARIANTS[seed % len(VARIANTS)])
    rng = random.Random(seed)
    seen: dict[str, Action] = {}
    while not game.over:
        listed = {seat: game.legal_actions(seat) for seat in range(game.num_players)}
        for moves in listed.values():
            seen.update((json.dumps(a, sort_keys=True), a) for a in moves)
        tried = rng.sample(sorted(seen), min(TRIED, len(seen)))
        for seat, moves in listed.items():
            for action in [*moves, *(seen[k] for k in tried)]:
                try:
                    game.copy().apply(seat, action)
                    accepted = True
                except RuleError:
                    accepted = False
                assert accepted == (action in moves), f"seed {seed}, seat {seat}, {action}: listed {action in moves}"
        seat = sorted(game.to_move())[0]
        game.apply(seat, rng.choice(listed[seat]))
