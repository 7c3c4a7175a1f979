"""The hard level searches Catan's opening placements (CAT-10, CAT-11; issue 37): the heuristic's best few
settlement spots, each played out in sampled worlds and valued once the heuristic has placed the rest of
the setup, every seat's (games/catan/search.py `setup_done`)."""

from __future__ import annotations

import random

from games.ai import choose_for, policy_for
from games.catan.ai import node_value
from games.catan.game import Catan
from games.catan.search import OPENING_CANDIDATES
from games.levels import player_for
from games.search import Rollouts, key


def _opening() -> tuple[Catan, int, list[dict], dict]:
    """A new four-seat game, its first seat to place, the legal spots and the heuristic's pick."""
    game = Catan.new(4, seed=1)
    seat = game.current_seat()
    assert seat is not None
    legal = game.legal_actions(seat)
    return game, seat, legal, policy_for("catan").choose_in(game, seat, legal, random.Random(1))


def test_cat_10_the_opening_candidates_are_the_heuristics_best_spots() -> None:
    game, seat, legal, hint = _opening()
    view = game.view(seat)
    candidates = game.search_candidates(seat, legal, hint)
    best = sorted(legal, key=lambda a: node_value(view, a["node"]), reverse=True)[:OPENING_CANDIDATES]
    assert candidates == [hint, *best] and len({a["node"] for a in candidates}) > 1


def test_cat_10_the_hard_levels_opening_spot_is_the_searchs_choice() -> None:
    """Played out in the same sampled worlds, another of the best spots does better than the heuristic's
    (seed 1): the hard level settles there."""
    game, seat, legal, hint = _opening()
    candidates = game.search_candidates(seat, legal, hint)
    rollouts = Rollouts(game, seat, candidates, hint, policy_for("catan").shrewd(), random.Random(1))
    searched = rollouts.run(player_for("catan", "hard").budget)
    chosen = choose_for(game, seat, player_for("catan", "hard"), random.Random(1))
    assert chosen == searched != hint
    assert rollouts.totals[key(chosen)] > rollouts.totals[key(hint)]


def test_cat_11_a_setup_position_is_valued_with_the_rest_of_the_setup_placed() -> None:
    """The cut-off position of an opening is valued after the heuristic's placements of every seat, on a
    copy: the game itself stays in its setup, and the finished setup is remembered for its pieces."""
    game, seat, _, hint = _opening()
    game.apply(seat, hint)
    done = game.setup_done()
    assert game.s["phase"] == "setup" and done.s["phase"] != "setup"
    assert sum(b is not None for b in done.s["buildings"]) == 2 * game.num_players
    assert game.setup_done() is done and game.copy().setup_done() is not done
    assert [game.evaluate(s) for s in range(4)] == [done.evaluate(s) for s in range(4)]
