"""Catan's search hooks: a sampled game changes only what the seat cannot see, and keeps every count
it can (CAT-6, CAT-7); the evaluation ranks a won position above a lost one."""

from __future__ import annotations

import random

from games.catan.board import GEOMETRY
from games.catan.game import DEV_DECK, Catan
from tests.games.catan.positions import after_setup, clear_board, empty_hands, give, rolled

HIDDEN = {"hands", "devs", "new_devs", "deck", "news", "rng"}


def a_middle_game() -> Catan:
    game = rolled(after_setup(4, seed=7))
    give(game, 1, ore=3, grain=2, wool=1)
    give(game, 2, brick=2, lumber=4)
    give(game, 3, wool=3, ore=1)
    for seat, card in ((1, "knight"), (2, "vp"), (3, "monopoly"), (3, "knight"), (0, "year_of_plenty")):
        game.s["deck"].remove(card)
        game.s["devs"][seat][card] += 1
    game.s["news"][1].append({"type": "steal", "seat": 1, "victim": 2, "resource": "ore"})
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
    before = sum(game.production(0))
    game.s["robber"] = hexes[0]
    token = game.s["layout"]["tokens"][hexes[0]]
    on_hex = sum(b[1] for u in GEOMETRY.hex_nodes[hexes[0]] if (b := game.s["buildings"][u]) and b[0] == 0)
    assert sum(game.production(0)) == before - on_hex * (6 - abs(7 - token))


def a_turn_to_build() -> tuple[Catan, int]:
    """The active seat in its build phase, alone on the board with one settlement and its road, with empty
    hands all round."""
    game = rolled(after_setup(4, seed=7))
    empty_hands(game)
    clear_board(game)
    me, v = game.s["active"], 20
    game.s["buildings"][v] = [me, 1]
    game.s["roads"][GEOMETRY.node_paths[v][0]] = me
    game.s["road_len"][me] = 1
    return game, me


def built(game: Catan, seat: int, action: dict, **cost: int) -> Catan:
    """A copy of the game in which the seat was given `cost` and paid it for `action`."""
    after = game.copy()
    give(after, seat, **cost)
    after.apply(seat, action)
    return after


def road_opening_a_spot(game: Catan, seat: int) -> int:
    """A path the seat may build on whose far end is an intersection it may then settle."""
    paid = game.copy()
    give(paid, seat, brick=1, lumber=1)
    for a in paid.legal_actions(seat):
        if a["type"] != "build_road":
            continue
        trial = built(game, seat, a, brick=1, lumber=1)
        give(trial, seat, brick=1, lumber=1, wool=1, grain=1)
        if any(b["type"] == "build_settlement" for b in trial.legal_actions(seat)):
            return a["path"]
    raise AssertionError("no road opens a spot")


def test_evaluate_ranks_a_road_to_a_new_spot_above_the_cards_it_cost() -> None:
    """The search's evaluation once valued two cards in hand over the road they pay for (CAT-24): a road
    that opens a place to settle is worth more than its brick and lumber."""
    game, me = a_turn_to_build()
    p = road_opening_a_spot(game, me)
    holding = game.copy()
    give(holding, me, brick=1, lumber=1)
    road = built(game, me, {"type": "build_road", "path": p}, brick=1, lumber=1)
    assert road.evaluate(me) > holding.evaluate(me)


def test_evaluate_ranks_a_new_settlement_above_the_cards_it_cost() -> None:
    game, me = a_turn_to_build()
    p = road_opening_a_spot(game, me)
    game = built(game, me, {"type": "build_road", "path": p}, brick=1, lumber=1)
    holding = game.copy()
    give(holding, me, brick=1, lumber=1, wool=1, grain=1)
    spot = next(a for a in holding.legal_actions(me) if a["type"] == "build_settlement")
    settled = built(game, me, spot, brick=1, lumber=1, wool=1, grain=1)
    assert settled.vp(me) == game.vp(me) + 1
    assert settled.evaluate(me) > holding.evaluate(me)


def test_evaluate_counts_the_cards_a_build_lacks_and_no_card_past_seven() -> None:
    """Of two hands of four cards the one a build needs ranks higher; an eighth card adds nothing (a 7
    would take half the hand, CAT-18)."""
    game, me = a_turn_to_build()
    needed, spare = game.copy(), game.copy()
    give(needed, me, ore=3, grain=1)  # a city (the seat has no spot to settle) lacks one grain
    give(spare, me, wool=4)
    assert needed.evaluate(me) > spare.evaluate(me)
    six, seven, eight = game.copy(), game.copy(), game.copy()
    give(six, me, wool=6)
    give(seven, me, wool=7)
    give(eight, me, wool=8)
    assert six.strength(me) < seven.strength(me) == eight.strength(me)
