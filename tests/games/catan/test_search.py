"""Catan's search hooks: a sampled game changes only what the seat cannot see, and keeps every count
it can (CAT-6, CAT-7); the evaluation ranks a won position above a lost one."""

from __future__ import annotations

import random

from games.catan.board import GEOMETRY
from games.catan.game import DEV_DECK, Catan
from tests.games.catan.positions import after_setup, give, rolled

HIDDEN = {"hands", "devs", "new_devs", "deck", "news", "rng"}


def a_middle_game() -> Catan:
    game = rolled(after_setup(4, seed=7))
    give(game, 1, ore=3, grain=2, wool=1)
    give(game, 2, brick=2, lumber=4)
    give(game, 3, wool=3, ore=1)
    for seat, card in ((1, "knight"), (2, "vp"), (3, "monopoly"), (3, "knight"), (0, "year_of_plenty")):
        game.s["deck"].remove(card)
        game.s["devs"][seat][card] += 1
    game.s["news"][1].append("You stole 1 ore from Seat 3.")
    return game


def test_determinize_redeals_only_the_hidden_cards() -> None:
    game = a_middle_game()
    original = game.to_dict()
    sampled = game.determinize(0, random.Random(3)).to_dict()
    assert {k for k in original if original[k] != sampled[k]} <= HIDDEN
    assert sampled["hands"][0] == original["hands"][0] and sampled["devs"][0] == original["devs"][0]
    for t in (1, 2, 3):
        assert sum(sampled["hands"][t]) == sum(original["hands"][t])
        assert sum(sampled["devs"][t].values()) == sum(original["devs"][t].values())
        assert sampled["news"][t] == []
    for i in range(5):  # CAT-6: the cards the seat cannot place are the same cards, dealt afresh
        assert sum(h[i] for h in sampled["hands"]) == sum(h[i] for h in original["hands"])
    held = sum(sum(d.values()) for d in sampled["devs"])
    assert held + len(sampled["deck"]) == len(DEV_DECK)  # CAT-7
    assert sorted(sampled["deck"] + [c for d in sampled["devs"][1:] for c, k in d.items() for _ in range(k)]) \
        == sorted(original["deck"] + [c for d in original["devs"][1:] for c, k in d.items() for _ in range(k)])
    samples = {str(game.determinize(0, random.Random(seed)).s["hands"]) for seed in range(20)}
    assert len(samples) > 1, "the others' hands are drawn afresh"
    assert game.determinize(0, random.Random(1)).rng.seed != game.rng.seed, "the dice to come are not the real ones"


def test_evaluate_ranks_a_won_position_above_a_lost_one() -> None:
    game = a_middle_game()
    for v in [v for v, b in enumerate(game.s["buildings"]) if b is not None and b[0] == 0][:2]:
        game.s["buildings"][v] = [0, 2]  # seat 0's settlements become cities
    leader, behind = game.evaluate(0), game.evaluate(1)
    assert 0 <= behind < leader <= 1
    assert abs(sum(game.evaluate(t) for t in range(4)) - 1) < 1e-9
    game.s["phase"], game.s["winner"] = "over", 1  # CAT-39: seat 1 won
    assert game.evaluate(1) == 1.0 and game.evaluate(0) == 0.0


def test_production_counts_pips_of_own_buildings_not_under_the_robber() -> None:
    game = after_setup(4, seed=7)
    v = next(v for v, b in enumerate(game.s["buildings"]) if b is not None and b[0] == 0)
    hexes = [h for h in GEOMETRY.node_hexes[v] if game.s["layout"]["terrain"][h] != "desert"]
    before = game.production(0)
    game.s["robber"] = hexes[0]
    token = game.s["layout"]["tokens"][hexes[0]]
    on_hex = sum(b[1] for u in GEOMETRY.hex_nodes[hexes[0]] if (b := game.s["buildings"][u]) and b[0] == 0)
    assert game.production(0) == before - on_hex * (6 - abs(7 - token))
