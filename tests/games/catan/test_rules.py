"""One test (at least) per numbered rule of rules/catan.md, on hand-made positions."""

from __future__ import annotations

from collections import Counter

import pytest

from games.catan.board import GEOMETRY, HARBOR_KINDS, RESOURCES, TERRAIN_YIELD, TOKENS_SPIRAL, red_neighbours
from games.catan.game import DEV_DECK, Catan
from games.catan.roads import longest_road_holder, road_length
from tests.games.catan.positions import after_setup, clear_board, cut_point, empty_hands, give, next_roll, rolled, trail
from tests.support.properties import refused_unchanged


def hand(game: Catan, seat: int) -> dict[str, int]:
    return dict(zip(RESOURCES, game.s["hands"][seat], strict=True))


# -- components and board ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_cat_1_terrain_counts(seed: int) -> None:
    terrain = Counter(Catan.new(4, seed=seed).s["layout"]["terrain"])
    assert terrain == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}


@pytest.mark.parametrize("numbers", ["spiral", "random"])
def test_cat_2_number_tokens_and_no_token_on_the_desert(numbers: str) -> None:
    layout = Catan.new(3, seed=5, options={"numbers": numbers}).s["layout"]
    placed = [t for t in layout["tokens"] if t is not None]
    assert sorted(placed) == sorted(TOKENS_SPIRAL) and 7 not in placed
    assert layout["tokens"][layout["terrain"].index("desert")] is None


def test_cat_3_spiral_order_and_random_keeps_six_and_eight_apart() -> None:
    for seed in range(30):
        layout = Catan.new(4, seed=seed).s["layout"]
        along = [layout["tokens"][h] for h in GEOMETRY.spiral if layout["terrain"][h] != "desert"]
        assert along == list(TOKENS_SPIRAL)
        shuffled = Catan.new(4, seed=seed, options={"numbers": "random"}).s["layout"]["tokens"]
        assert red_neighbours(shuffled) == []


def test_cat_4_nine_harbors_each_on_two_coastal_intersections() -> None:
    game = Catan.new(4, seed=2)
    assert Counter(game.s["layout"]["harbors"]) == Counter(HARBOR_KINDS)
    nodes = [v for p in GEOMETRY.harbor_paths for v in GEOMETRY.paths[p]]
    assert len(nodes) == 18 and len(set(nodes)) == 18, "no intersection belongs to two harbors"
    assert all(len(GEOMETRY.node_hexes[v]) < 3 for v in nodes), "harbors sit on the coast"


def test_cat_5_topology() -> None:
    assert len(GEOMETRY.node_xy) == 54 and len(GEOMETRY.paths) == 72 and len(GEOMETRY.hexes) == 19
    assert {len(ps) for ps in GEOMETRY.node_paths} == {2, 3}


def test_cat_6_bank_holds_nineteen_of_each_and_cards_are_conserved() -> None:
    game = Catan.new(4, seed=3)
    assert game.s["bank"] == [19] * 5
    game = after_setup()
    for i in range(5):
        assert game.s["bank"][i] + sum(h[i] for h in game.s["hands"]) == 19


def test_cat_7_development_deck() -> None:
    assert Counter(Catan.new(4, seed=4).s["deck"]) == Counter(DEV_DECK)
    assert Counter(DEV_DECK) == {"knight": 14, "vp": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}


def test_cat_8_piece_limits_refuse_a_sixteenth_road() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    clear_board(game)
    paths, nodes = trail(15)
    for p in paths:
        game.s["roads"][p] = seat
    give(game, seat, brick=1, lumber=1)
    free = next(p for p in GEOMETRY.node_paths[nodes[-1]] if game.s["roads"][p] is None)
    err = refused_unchanged(game, seat, {"type": "build_road", "path": free})
    assert "15" in str(err)


def test_cat_9_the_robber_starts_on_the_desert() -> None:
    game = Catan.new(3, seed=9)
    assert game.s["robber"] == game.s["layout"]["terrain"].index("desert")


# -- setup ---------------------------------------------------------------------------------------------

def test_cat_10_snake_order() -> None:
    game = Catan.new(4, seed=11)
    start = game.s["start"]
    acting = []
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        acting.append(seat)
        game.apply(seat, game.legal_actions(seat)[0])
    forward = [(start + i) % 4 for i in range(4)]
    assert acting[::2] == forward + forward[::-1], "P1 P2 P3 P4 P4 P3 P2 P1, a settlement and a road each"


def test_cat_11_setup_settlements_need_no_road_but_keep_their_distance() -> None:
    game = Catan.new(3, seed=1)
    seat = game.current_seat()
    game.apply(seat, {"type": "build_settlement", "node": 20})
    game.apply(seat, game.legal_actions(seat)[0])
    other = game.current_seat()
    neighbour = GEOMETRY.node_neighbours[20][0]
    err = refused_unchanged(game, other, {"type": "build_settlement", "node": neighbour})
    assert "two intersections away" in str(err)
    coastal = next(v for v in range(54) if len(GEOMETRY.node_hexes[v]) == 1 and v not in (20, neighbour)
                   and all(u != 20 for u in GEOMETRY.node_neighbours[v]))
    game.apply(other, {"type": "build_settlement", "node": coastal})


def test_cat_12_a_round_two_road_must_touch_the_new_settlement() -> None:
    game = Catan.new(3, seed=1)
    first_node = {}
    while game.s["setup_step"] < 3:
        seat = game.current_seat()
        action = game.legal_actions(seat)[0]
        if action["type"] == "build_settlement":
            first_node[seat] = action["node"]
        game.apply(seat, action)
    seat = game.current_seat()
    second = game.legal_actions(seat)[-1]["node"]
    game.apply(seat, {"type": "build_settlement", "node": second})
    near_first = next(p for p in GEOMETRY.node_paths[first_node[seat]] if game.s["roads"][p] is None)
    assert "just placed" in str(refused_unchanged(game, seat, {"type": "build_road", "path": near_first}))
    assert all(second in GEOMETRY.paths[a["path"]] for a in game.legal_actions(seat))


def test_cat_13_only_the_second_settlement_yields_starting_cards() -> None:
    game = Catan.new(3, seed=8)
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        before = sum(game.s["hands"][seat])
        action = game.legal_actions(seat)[0]
        events = game.apply(seat, action)
        if action["type"] == "build_settlement":
            hexes = [h for h in GEOMETRY.node_hexes[action["node"]] if game.s["layout"]["terrain"][h] != "desert"]
            second = game.s["setup_step"] >= 3
            assert sum(game.s["hands"][seat]) - before == (len(hexes) if second else 0)
            if second:
                expected = Counter(TERRAIN_YIELD[game.s["layout"]["terrain"][h]] for h in hexes)
                assert events[-1]["cards"] == dict(expected)


def test_cat_14_the_start_player_takes_the_first_turn() -> None:
    game = after_setup(4, seed=6)
    assert game.s["phase"] == "roll" and game.s["active"] == game.s["start"] and game.s["turn"] == 1


# -- turn -------------------------------------------------------------------------------------------------

def test_cat_15_before_the_roll_only_the_roll_and_a_development_card() -> None:
    game = after_setup()
    seat = game.s["active"]
    game.s["devs"][seat]["knight"] = 1
    give(game, seat, brick=5, lumber=5, wool=5, grain=5, ore=5)
    assert {a["type"] for a in game.legal_actions(seat)} == {"roll", "play_knight"}
    assert "Roll the dice first" in str(refused_unchanged(game, seat, {"type": "buy_dev"}))
    assert "Roll the dice first" in str(refused_unchanged(game, seat, {"type": "end_turn"}))


def _production_board(game: Catan) -> tuple[int, int, int]:
    """A hex with a token, one settlement and one city on it; returns (hex, settlement node, city node)."""
    clear_board(game)
    empty_hands(game)
    h = next(h for h, t in enumerate(game.s["layout"]["tokens"]) if t is not None and h != game.s["robber"])
    a, b = GEOMETRY.hex_nodes[h][0], GEOMETRY.hex_nodes[h][3]
    game.s["buildings"][a] = [0, 1]
    game.s["buildings"][b] = [1, 2]
    return h, a, b


def test_cat_16_production_pays_one_per_settlement_two_per_city_unless_robbed() -> None:
    game = after_setup()
    h, _, _ = _production_board(game)
    resource = RESOURCES.index(TERRAIN_YIELD[game.s["layout"]["terrain"][h]])
    number = game.s["layout"]["tokens"][h]
    event = game._produce(number)
    assert game.s["hands"][0][resource] >= 1 and game.s["hands"][1][resource] >= 2
    assert event["gains"]["1"][RESOURCES[resource]] >= 2
    empty_hands(game)
    game.s["robber"] = h
    game._produce(number)
    got = [game.s["hands"][t][resource] for t in (0, 1)]
    others = [x for x, t in enumerate(game.s["layout"]["tokens"]) if t == number and x != h
              and any(v in GEOMETRY.hex_nodes[x] for v in (GEOMETRY.hex_nodes[h][0], GEOMETRY.hex_nodes[h][3]))]
    if not others:
        assert got == [0, 0], "the robber's hex pays nothing"


def test_cat_17_bank_shortage() -> None:
    game = after_setup()
    h, _, _ = _production_board(game)
    res = RESOURCES.index(TERRAIN_YIELD[game.s["layout"]["terrain"][h]])
    number = game.s["layout"]["tokens"][h]
    # Two players owed (1 + 2 = 3) with 2 left in the bank: nobody gets it.
    game.s["hands"][2][res] += game.s["bank"][res] - 2
    game.s["bank"][res] = 2
    event = game._produce(number)
    assert RESOURCES[res] in event["short"] and game.s["hands"][0][res] == game.s["hands"][1][res] == 0
    # Only one player owed: that player takes what is left.
    game.s["buildings"][GEOMETRY.hex_nodes[h][0]] = None
    for other in range(19):
        if other != h and game.s["layout"]["tokens"][other] == number:
            for v in GEOMETRY.hex_nodes[other]:
                game.s["buildings"][v] = None
    game._produce(number)
    assert game.s["hands"][1][res] == 2 and game.s["bank"][res] == 0
    for i in range(5):
        assert game.s["bank"][i] + sum(hh[i] for hh in game.s["hands"]) == 19


def test_cat_18_discards_on_a_seven() -> None:
    game = after_setup(4, seed=2)
    empty_hands(game)
    for seat, n in zip(range(4), (7, 8, 9, 15), strict=True):
        give(game, seat, ore=min(n, 4), grain=min(max(n - 4, 0), 4), wool=max(n - 8, 0))
    seat = game.s["active"]
    next_roll(game, 7)
    events = game.apply(seat, {"type": "roll"})
    assert events[-1] == {"type": "must_discard", "seats": {"1": 4, "2": 4, "3": 7}}
    assert game.to_move() == frozenset({1, 2, 3})
    assert "Discard exactly 4 cards" in str(refused_unchanged(game, 1, {"type": "discard", "cards": {"ore": 3}}))
    assert "Discard exactly 4 cards" in str(refused_unchanged(game, 1, {"type": "discard", "cards": {"ore": 4,
                                                                                                     "grain": 1}}))
    assert "hold only 0 brick" in str(refused_unchanged(game, 1, {"type": "discard", "cards": {"brick": 4}}))
    assert "hold only 4 ore" in str(refused_unchanged(game, 3, {"type": "discard", "cards": {"ore": 5, "wool": 2}}))
    assert "1 or more" in str(refused_unchanged(game, 1, {"type": "discard", "cards": {"ore": 4, "wool": 0}}))
    assert "not a resource" in str(refused_unchanged(game, 1, {"type": "discard", "cards": {"gold": 4}}))
    assert game.legal_actions(1) == [{"type": "discard", "cards": cards} for cards in (
        {"grain": 4}, {"grain": 3, "ore": 1}, {"grain": 2, "ore": 2}, {"grain": 1, "ore": 3}, {"ore": 4})]
    fifteen = game.legal_actions(3)  # 4 ore, 4 grain, 7 wool: every choice of 7, once
    assert len(fifteen) == len({str(a) for a in fifteen}) == sum(
        1 for w in range(8) for g in range(5) for o in range(5) if w + g + o == 7)
    events = game.apply(1, {"type": "discard", "cards": {"ore": 2, "grain": 2}})  # one move holds all four
    assert events == [{"type": "discarded", "seat": 1, "cards": {"grain": 2, "ore": 2}}]
    assert game.to_move() == frozenset({2, 3})
    game.apply(2, {"type": "discard", "cards": {"wool": 1, "ore": 3}})
    assert game.s["phase"] == "discard"
    game.apply(3, {"type": "discard", "cards": {"wool": 7}})
    assert [sum(h) for h in game.s["hands"]] == [7, 4, 5, 8]
    assert game.s["hands"][3] == [0, 0, 0, 4, 4]
    assert game.s["phase"] == "robber", "discards complete before the robber moves"


def test_cat_19_the_robber_must_move_to_another_land_hex() -> None:
    game = after_setup()
    game.s["phase"], game.s["resume"] = "robber", "main"
    seat = game.s["active"]
    here = game.s["robber"]
    victims = game.robber_victims(seat, here)
    victim = victims[0] if victims else None
    err = refused_unchanged(game, seat, {"type": "move_robber", "hex": here, "victim": victim})
    assert "different hex" in str(err)
    assert "no such hex" in str(refused_unchanged(game, seat, {"type": "move_robber", "hex": 19, "victim": None}))
    desert_ok = {a["hex"] for a in game.legal_actions(seat)}
    assert here not in desert_ok and len(desert_ok) == 18


def test_cat_20_steal_one_random_card_from_an_eligible_opponent() -> None:
    game = after_setup(3, seed=4)
    clear_board(game)
    empty_hands(game)
    seat = game.s["active"]
    other, broke = (seat + 1) % 3, (seat + 2) % 3
    h = next(h for h in range(19) if h != game.s["robber"])
    game.s["buildings"][GEOMETRY.hex_nodes[h][0]] = [other, 1]
    game.s["buildings"][GEOMETRY.hex_nodes[h][2]] = [broke, 1]
    game.s["buildings"][GEOMETRY.hex_nodes[h][4]] = [seat, 1]
    give(game, other, wool=2)
    game.s["phase"], game.s["resume"] = "robber", "main"
    assert game.robber_victims(seat, h) == [other], "the empty-handed and the thief are not eligible"
    assert "whom to rob" in str(refused_unchanged(game, seat, {"type": "move_robber", "hex": h, "victim": None}))
    refused_unchanged(game, seat, {"type": "move_robber", "hex": h, "victim": broke})
    game.apply(seat, {"type": "move_robber", "hex": h, "victim": other})
    assert hand(game, seat)["wool"] == 1 and hand(game, other)["wool"] == 1
    stolen = {"type": "steal", "seat": seat, "victim": other, "resource": "wool"}
    assert game.view(seat)["news"][-1] == game.view(other)["news"][-1] == stolen, "which card: for these two alone"
    assert "news" not in game.view(None)
    empty = next(x for x in range(19) if x != h and all(game.s["buildings"][v] is None for v in GEOMETRY.hex_nodes[x]))
    game.s["phase"], game.s["resume"] = "robber", "main"
    assert {"type": "move_robber", "hex": empty, "victim": None} in game.legal_actions(seat), "no one to rob"


def test_cat_21_a_knight_brings_no_discards() -> None:
    game = after_setup()
    seat = game.s["active"]
    give(game, seat, ore=9)
    game.s["devs"][seat]["knight"] = 1
    game.apply(seat, {"type": "play_knight"})
    assert game.s["phase"] == "robber" and not game.s["discards"] and sum(game.s["hands"][seat]) >= 9


# -- building -------------------------------------------------------------------------------------------------

def test_cat_22_the_distance_rule_after_setup() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    clear_board(game)
    paths, nodes = trail(3, start=10)
    for p in paths:
        game.s["roads"][p] = seat
    game.s["buildings"][10] = [seat, 1]
    give(game, seat, brick=2, lumber=2, wool=2, grain=2)
    err = refused_unchanged(game, seat, {"type": "build_settlement", "node": nodes[1]})
    assert "touches your settlement at 10" in str(err)
    game.apply(seat, {"type": "build_settlement", "node": nodes[2]})


def test_cat_23_costs_return_to_the_bank() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    empty_hands(game)
    give(game, seat, brick=1, lumber=1, wool=1, grain=1, ore=1)
    game.apply(seat, {"type": "buy_dev"})
    assert hand(game, seat) == {"brick": 1, "lumber": 1, "wool": 0, "grain": 0, "ore": 0}
    road = next(a for a in game.legal_actions(seat) if a["type"] == "build_road")
    game.apply(seat, road)
    assert sum(game.s["hands"][seat]) == 0 and game.s["bank"] == [19] * 5
    give(game, seat, grain=2, ore=3)
    node = next(v for v, b in enumerate(game.s["buildings"]) if b == [seat, 1])
    game.apply(seat, {"type": "build_city", "node": node})
    assert sum(game.s["hands"][seat]) == 0


def test_cat_24_roads_connect_but_not_through_an_opponents_building() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    other = (seat + 1) % 4
    clear_board(game)
    paths, nodes = trail(3, start=0)
    game.s["roads"][paths[0]] = seat
    game.s["roads"][paths[1]] = seat
    game.s["buildings"][nodes[2]] = [other, 1]
    give(game, seat, brick=3, lumber=3)
    assert "would not connect" in str(refused_unchanged(game, seat, {"type": "build_road", "path": paths[2]}))
    lonely = next(p for p in range(72) if not set(GEOMETRY.paths[p]) & set(nodes))
    refused_unchanged(game, seat, {"type": "build_road", "path": lonely})
    game.s["buildings"][nodes[2]] = None
    game.apply(seat, {"type": "build_road", "path": paths[2]})


def test_cat_25_settlements_need_a_road_and_at_most_five() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    give(game, seat, brick=4, lumber=4, wool=4, grain=4)
    bare = next(v for v in range(54) if game._settle_problem(seat, v, setup=True) is None
                and not any(game.s["roads"][p] == seat for p in GEOMETRY.node_paths[v]))
    assert "needs one of your roads" in str(refused_unchanged(game, seat, {"type": "build_settlement", "node": bare}))
    clear_board(game)
    spots = [0, 2, 4, 6, 8]
    for v in spots[:5]:
        game.s["buildings"][v] = [seat, 1]
    spare = next(v for v in range(20, 54) if game._settle_problem(seat, v, setup=True) is None)
    game.s["roads"][GEOMETRY.node_paths[spare][0]] = seat
    err = refused_unchanged(game, seat, {"type": "build_settlement", "node": spare})
    assert "All 5" in str(err)
    assert {"type": "build_settlement", "node": spare} not in game.legal_actions(seat), "listed all the same"


def test_cat_26_a_city_replaces_a_settlement_which_returns_to_supply() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    give(game, seat, grain=4, ore=6)
    node = next(v for v, b in enumerate(game.s["buildings"]) if b == [seat, 1])
    empty = next(v for v, b in enumerate(game.s["buildings"]) if b is None)
    assert "holds none" in str(refused_unchanged(game, seat, {"type": "build_city", "node": empty}))
    before = game.view(None)["players"][seat]
    game.apply(seat, {"type": "build_city", "node": node})
    after = game.view(None)["players"][seat]
    assert (after["settlements"], after["cities"]) == (before["settlements"] - 1, before["cities"] + 1)
    game.s["buildings"][node] = [seat, 2]
    clear_board(game)
    for v in (0, 2, 4, 6):
        game.s["buildings"][v] = [seat, 2]
    game.s["buildings"][8] = [seat, 1]
    assert "All 4" in str(refused_unchanged(game, seat, {"type": "build_city", "node": 8}))
    assert {"type": "build_city", "node": 8} not in game.legal_actions(seat), "listed all the same"


def test_cat_27_no_purchase_from_an_empty_deck() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    give(game, seat, wool=1, grain=1, ore=1)
    game.s["deck"] = []
    assert "empty" in str(refused_unchanged(game, seat, {"type": "buy_dev"}))
    assert {"type": "buy_dev"} not in game.legal_actions(seat)


# -- development cards -----------------------------------------------------------------------------------------

def test_cat_28_a_played_knight_stays_and_counts_toward_largest_army() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["devs"][seat]["knight"] = 1
    game.apply(seat, {"type": "play_knight"})
    assert game.s["knights"][seat] == 1 and game.view(None)["players"][seat]["knights"] == 1
    assert game.s["devs"][seat]["knight"] == 0 and game.s["resume"] == "main"


def test_cat_29_progress_cards() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["devs"][seat].update(road_building=1)
    roads_before = sum(1 for r in game.s["roads"] if r == seat)
    game.apply(seat, {"type": "play_road_building"})
    for _ in range(2):
        assert game.s["phase"] == "road_building"
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.s["phase"] == "main" and sum(1 for r in game.s["roads"] if r == seat) == roads_before + 2
    # One road piece left: one free road only.
    game = rolled(after_setup())
    seat = game.s["active"]
    clear_board(game)
    for p in trail(14)[0]:
        game.s["roads"][p] = seat
    game.s["devs"][seat]["road_building"] = 1
    game.apply(seat, {"type": "play_road_building"})
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.s["phase"] == "main"
    # No road can be placed: not playable.
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["roads"] = [seat if r == seat else (r if r is not None else (seat + 1) % 4) for r in game.s["roads"]]
    game.s["devs"][seat]["road_building"] = 1
    assert "cannot be played" in str(refused_unchanged(game, seat, {"type": "play_road_building"}))
    # Year of Plenty: two of a kind allowed; with one card left in the bank, take what exists.
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["devs"][seat]["year_of_plenty"] = 2
    before = hand(game, seat)["ore"]
    game.apply(seat, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]})
    assert hand(game, seat)["ore"] == before + 2
    game.s["dev_played"] = False
    empty_hands(game)
    game.s["hands"][(seat + 1) % 4] = [19, 19, 19, 19, 18]
    game.s["bank"] = [0, 0, 0, 0, 1]
    assert game._plenty_choices() == [["ore"]]
    game.apply(seat, {"type": "play_year_of_plenty", "resources": ["ore"]})
    # Monopoly: every other player hands over all of that resource.
    game = rolled(after_setup())
    seat = game.s["active"]
    empty_hands(game)
    for t in range(4):
        give(game, t, wool=t + 1)
    game.s["devs"][seat]["monopoly"] = 1
    game.apply(seat, {"type": "play_monopoly", "resource": "wool"})
    assert hand(game, seat)["wool"] == 10 and all(hand(game, t)["wool"] == 0 for t in range(4) if t != seat)


def test_cat_29_year_of_plenty_names_its_two_resources_in_either_order() -> None:
    for wanted in (["ore", "grain"], ["grain", "ore"]):
        game = rolled(after_setup())
        seat = game.s["active"]
        game.s["devs"][seat]["year_of_plenty"] = 1
        before = hand(game, seat)
        game.apply(seat, {"type": "play_year_of_plenty", "resources": wanted})
        after = hand(game, seat)
        assert (after["ore"] - before["ore"], after["grain"] - before["grain"]) == (1, 1), wanted


def test_cat_30_one_card_per_turn_and_not_the_one_just_bought() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["devs"][seat]["knight"] = 1
    game.s["deck"].append("knight")
    give(game, seat, wool=1, grain=1, ore=1)
    game.apply(seat, {"type": "buy_dev"})
    assert game.s["devs"][seat]["knight"] == 2
    plays = [a for a in game.legal_actions(seat) if a["type"] == "play_knight"]
    assert len(plays) == 1, "the old knight is playable, once"
    game.apply(seat, {"type": "play_knight"})
    game.apply(seat, game.legal_actions(seat)[0])
    assert "already played" in str(refused_unchanged(game, seat, {"type": "play_knight"}))
    fresh = rolled(after_setup())
    s2 = fresh.s["active"]
    fresh.s["deck"].append("monopoly")
    give(fresh, s2, wool=1, grain=1, ore=1)
    fresh.apply(s2, {"type": "buy_dev"})
    assert "until your next turn" in str(refused_unchanged(fresh, s2, {"type": "play_monopoly", "resource": "ore"}))


def test_cat_31_victory_point_cards_count_hidden_and_win_on_the_turn_bought() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    public = game.public_vp(seat)
    game.s["devs"][seat]["vp"] = 9 - public
    assert game.view(None)["players"][seat]["vp"] == public, "VP cards stay hidden"
    assert game.view(seat)["vp_total"] == 9
    game.s["deck"].append("vp")
    give(game, seat, wool=1, grain=1, ore=1)
    events = game.apply(seat, {"type": "buy_dev"})
    assert events[-1]["type"] == "won" and game.over and game.s["winner"] == seat
    assert game.view(None)["players"][seat]["vp"] == 10, "revealed at the end"


# -- trade ---------------------------------------------------------------------------------------------------------

def test_cat_32_domestic_trade_rules() -> None:
    game = after_setup()
    seat = game.s["active"]
    other = (seat + 1) % 4
    give(game, seat, brick=2, wool=2)
    give(game, other, ore=2)
    offer = {"type": "offer", "to": other + 1, "give": {"brick": 1}, "get": {"ore": 1}}
    assert "after rolling" in str(refused_unchanged(game, seat, offer))
    rolled(game)
    assert "no gifts" in str(refused_unchanged(game, seat, {**offer, "get": {}}))
    assert "wool for wool" in str(refused_unchanged(game, seat, {**offer, "give": {"wool": 1}, "get": {"wool": 1}}))
    assert "do not hold" in str(refused_unchanged(game, seat, {**offer, "give": {"lumber": 5}}))
    assert "not your move" in str(refused_unchanged(game, other, offer)).lower()
    game.apply(seat, offer)
    assert game.to_move() == frozenset({other, seat})  # the offerer may withdraw meanwhile
    game.apply(other, {"type": "accept", "offer": 1})
    assert game.to_move() == frozenset({seat})
    game.apply(seat, {"type": "confirm", "offer": 1, "with": other})
    assert hand(game, seat)["ore"] >= 1 and game.s["offer"] is None


def brick_for_ore_offered(brick: int, **b_holds: int) -> tuple[Catan, int, int, int]:
    """Three seats after setup and the roll, hands emptied; the active seat holds `brick` brick and offers
    everyone one for an ore; the next seat, a, holds one ore and the last, b, `b_holds`. (Game, seat, a, b.)"""
    game = rolled(after_setup(3, seed=2))
    seat = game.s["active"]
    a, b = (seat + 1) % 3, (seat + 2) % 3
    empty_hands(game)
    give(game, seat, brick=brick)
    give(game, a, ore=1)
    give(game, b, **b_holds)
    game.apply(seat, {"type": "offer", "to": "all", "give": {"brick": 1}, "get": {"ore": 1}})
    return game, seat, a, b


def test_cat_32_offers_to_all_counters_and_revalidation() -> None:
    game, seat, a, b = brick_for_ore_offered(2, grain=2)
    assert game.to_move() == frozenset({a, b, seat})
    assert "do not hold" in str(refused_unchanged(game, b, {"type": "accept", "offer": 1}))
    game.apply(a, {"type": "accept", "offer": 1})
    game.apply(b, {"type": "counter", "offer": 1, "give": {"grain": 2}, "get": {"brick": 2}})
    game.s["hands"][a][RESOURCES.index("ore")] = 0  # a's hand changed since: re-validated at confirmation
    game.s["bank"][RESOURCES.index("ore")] += 1
    assert "no longer hold" in str(refused_unchanged(game, seat, {"type": "confirm", "offer": 1, "with": a}))
    game.apply(seat, {"type": "confirm", "offer": 1, "with": b})
    assert hand(game, seat) == {"brick": 0, "lumber": 0, "wool": 0, "grain": 2, "ore": 0}


def test_cat_32_an_offer_closes_when_all_decline_and_lapses_never_open_past_the_turn() -> None:
    game = rolled(after_setup(3, seed=2))
    seat = game.s["active"]
    give(game, seat, brick=1)
    game.apply(seat, {"type": "offer", "to": "all", "give": {"brick": 1}, "get": {"ore": 1}})
    assert seat in game.to_move(), "the offerer may still confirm or withdraw"
    assert "offer is open" in str(refused_unchanged(game, seat, {"type": "end_turn"}))
    for t in sorted(game.to_move() - {seat}):
        game.apply(t, {"type": "decline", "offer": 1})
    assert game.s["offer"] is None and game.to_move() == frozenset({seat})
    game.apply(seat, {"type": "end_turn"})


def test_cat_32_the_offerer_may_withdraw_while_answers_are_pending() -> None:
    # Digital play: while the addressees answer, the active player waits or withdraws the offer.
    game, seat, a, b = brick_for_ore_offered(1)
    assert game.to_move() == frozenset({seat, a, b})
    assert game.legal_actions(seat) == [{"type": "withdraw", "offer": 1}]
    game.apply(a, {"type": "accept", "offer": 1})
    assert game.to_move() == frozenset({seat, b})  # b stays silent
    assert "withdraw" in str(refused_unchanged(game, seat, {"type": "confirm", "offer": 1, "with": a}))
    game.apply(seat, {"type": "withdraw", "offer": 1})
    assert game.s["offer"] is None and game.to_move() == frozenset({seat})
    assert "no longer open" in str(refused_unchanged(game, b, {"type": "decline", "offer": 1})) \
        or b not in game.to_move()
    game.apply(seat, {"type": "end_turn"})


def test_cat_33_maritime_rates_and_an_empty_bank() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    empty_hands(game)
    clear_board(game)
    give(game, seat, ore=4)
    game.apply(seat, {"type": "maritime", "give": "ore", "get": "wool"})
    assert hand(game, seat) == {"brick": 0, "lumber": 0, "wool": 1, "grain": 0, "ore": 0}
    harbors = game.s["layout"]["harbors"]
    specific = next(i for i, k in enumerate(harbors) if k != "any")
    kind = harbors[specific]
    node = GEOMETRY.paths[GEOMETRY.harbor_paths[specific]][0]
    game.s["roads"][GEOMETRY.node_paths[node][0]] = seat
    give(game, seat, brick=1, lumber=1, wool=1, grain=1)
    game.apply(seat, {"type": "build_settlement", "node": node})
    empty_hands(game)
    give(game, seat, **{kind: 2})
    get = next(r for r in RESOURCES if r != kind)
    game.apply(seat, {"type": "maritime", "give": kind, "get": get})  # the harbor works the turn it is settled
    assert hand(game, seat)[get] == 1
    generic_rate = game.rate(seat, get)
    assert generic_rate == 4
    give(game, seat, **{kind: 2})
    game.s["hands"][(seat + 1) % 4][RESOURCES.index(get)] += game.s["bank"][RESOURCES.index(get)]
    game.s["bank"][RESOURCES.index(get)] = 0
    assert "no " + get in str(refused_unchanged(game, seat, {"type": "maritime", "give": kind, "get": get}))
    listed = [a for a in game.legal_actions(seat) if a["type"] == "maritime"]
    assert listed == [{"type": "maritime", "give": kind, "get": r} for r in RESOURCES if r not in (kind, get)], \
        "listed at 2:1, for every card the bank still holds"
    assert "4 ore" in str(refused_unchanged(game, seat, {"type": "maritime", "give": "ore", "get": kind}))



def test_cat_33_an_offer_to_the_bank_trades_lots_at_the_offerers_rates() -> None:
    """The trade builder's bank trade: an offer "to": "bank" is taken at once, one card per lot of 4 (or the
    harbour's 3 or 2) identical cards; a wrong rate, lots that do not match the cards asked, mixed cards and an
    empty bank are refused in words that say why."""
    game = rolled(after_setup())
    seat = game.s["active"]
    empty_hands(game)
    clear_board(game)
    give(game, seat, ore=8, wool=3)
    assert [a for a in game.legal_actions(seat) if a["type"] == "maritime"] == [
        {"type": "maritime", "give": "ore", "get": r} for r in ("brick", "lumber", "wool", "grain")
    ], "each one-card bank trade the rate allows is listed too; the builder makes several at once"
    bank = {"type": "offer", "to": "bank"}
    assert "lots of 4, not 3" in str(refused_unchanged(game, seat, {**bank, "give": {"ore": 3}, "get": {"wool": 1}}))
    assert "lots of 4, not 3" in str(refused_unchanged(game, seat, {**bank, "give": {"wool": 3}, "get": {"ore": 1}}))
    assert "8 ore at 4:1 buy 2 cards, not 1" in str(
        refused_unchanged(game, seat, {**bank, "give": {"ore": 8}, "get": {"grain": 1}}))
    assert "no gifts" in str(refused_unchanged(game, seat, {**bank, "give": {"ore": 4}, "get": {}}))
    events = game.apply(seat, {**bank, "give": {"ore": 8}, "get": {"grain": 1, "brick": 1}})
    assert [(e["type"], e["count"], e["get"]) for e in events] == [("maritime", 4, "brick"), ("maritime", 4, "grain")]
    assert hand(game, seat) == {"brick": 1, "lumber": 0, "wool": 3, "grain": 1, "ore": 0}
    assert game.undoable({**bank, "give": {"ore": 8}, "get": {"grain": 1, "brick": 1}}, events)
    harbors = game.s["layout"]["harbors"]
    specific = next(i for i, k in enumerate(harbors) if k != "any")
    kind = harbors[specific]
    game.s["buildings"][GEOMETRY.paths[GEOMETRY.harbor_paths[specific]][0]] = [seat, 1]
    empty_hands(game)
    give(game, seat, **{kind: 2})
    get = next(r for r in RESOURCES if r != kind)
    assert game.rates(seat)[kind] == 2 and game.rates(seat)[get] == 4
    game.s["bank"][RESOURCES.index(get)], moved = 0, game.s["bank"][RESOURCES.index(get)]
    game.s["hands"][(seat + 1) % 4][RESOURCES.index(get)] += moved
    assert f"only 0 {get}" in str(refused_unchanged(game, seat, {**bank, "give": {kind: 2}, "get": {get: 1}}))
    other = next(r for r in RESOURCES if r not in (kind, get))
    game.apply(seat, {**bank, "give": {kind: 2}, "get": {other: 1}})
    assert hand(game, seat)[other] == 1 and hand(game, seat)[kind] == 0

# -- special cards and victory ---------------------------------------------------------------------------------

def test_cat_34_road_length() -> None:
    game = after_setup()
    clear_board(game)
    paths, nodes = trail(6, start=0)
    for p in paths:
        game.s["roads"][p] = 0
    assert road_length(0, game.s["roads"], game.s["buildings"]) == 6
    middle = nodes[3]
    game.s["buildings"][middle] = [0, 1]
    assert road_length(0, game.s["roads"], game.s["buildings"]) == 6, "own buildings do not split"
    game.s["buildings"][middle] = [1, 1]
    assert road_length(0, game.s["roads"], game.s["buildings"]) == 3, "an opponent's building splits"
    game.s["buildings"][middle] = None
    ring = list(GEOMETRY.hex_nodes[9])
    clear_board(game)
    for k in range(6):
        a, b = ring[k], ring[(k + 1) % 6]
        game.s["roads"][GEOMETRY.path_index(f"{min(a, b)}-{max(a, b)}")] = 0
    assert road_length(0, game.s["roads"], game.s["buildings"]) == 6, "a cycle counts each segment once"


def test_cat_35_longest_road_award_and_ties() -> None:
    assert longest_road_holder(None, [4, 3, 0]) is None
    assert longest_road_holder(None, [5, 3, 0]) == 0
    assert longest_road_holder(0, [5, 5, 0]) == 0, "a tie keeps the holder"
    assert longest_road_holder(0, [5, 6, 0]) == 1, "strictly longer takes it"
    game = rolled(after_setup())
    seat = game.s["active"]
    clear_board(game)
    paths, _ = trail(5, start=0)
    for p in paths[:4]:
        game.s["roads"][p] = seat
    give(game, seat, brick=1, lumber=1)
    events = game.apply(seat, {"type": "build_road", "path": paths[4]})
    assert events[-1] == {"type": "longest_road", "seat": seat, "length": 5, "from": None} \
        and game.public_vp(seat) == 2


def test_cat_36_longest_road_after_a_break() -> None:
    assert longest_road_holder(0, [4, 5, 0]) == 1, "broken holder: the unique longest takes it"
    assert longest_road_holder(0, [4, 5, 5]) is None, "a tie: set aside"
    assert longest_road_holder(0, [3, 4, 0]) is None, "nobody at 5: set aside"
    assert longest_road_holder(None, [5, 4, 4]) == 0, "re-enters with one unique longest"
    game = rolled(after_setup())
    seat = game.s["active"]
    holder = (seat + 1) % 4
    clear_board(game)
    paths, nodes = trail(6, start=0)
    for p in paths:
        game.s["roads"][p] = holder
    game.s["road_len"][holder], game.s["longest"] = 6, holder
    cut, beside = cut_point(nodes, game.s["roads"])
    game.s["roads"][beside] = seat
    give(game, seat, brick=1, lumber=1, wool=1, grain=1)
    events = game.apply(seat, {"type": "build_settlement", "node": cut})
    assert events[-1] == {"type": "longest_road", "seat": None, "length": 4, "from": holder} \
        and game.s["longest"] is None


def test_cat_37_largest_army() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    other = (seat + 1) % 4
    game.s["knights"][other] = 3
    game.s["largest"] = other
    game.s["knights"][seat] = 2
    game.s["devs"][seat]["knight"] = 1
    game.apply(seat, {"type": "play_knight"})
    assert game.s["largest"] == other, "equal knights do not take it"
    game.s["knights"][seat] = 3
    game.s["dev_played"] = False
    game.s["phase"] = "main"
    game.s["devs"][seat]["knight"] = 1
    events = game.apply(seat, {"type": "play_knight"})
    assert game.s["largest"] == seat and events[-1] == {"type": "largest_army", "seat": seat, "knights": 4,
                                                         "from": other}


def test_cat_38_scoring() -> None:
    game = after_setup()
    clear_board(game)
    game.s["buildings"][0] = [1, 1]
    game.s["buildings"][2] = [1, 2]
    game.s["longest"], game.s["largest"] = 1, 1
    game.s["devs"][1]["vp"] = 2
    assert game.vp(1) == 1 + 2 + 2 + 2 + 2 and game.public_vp(1) == 7


def test_cat_39_a_win_only_on_ones_own_turn() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    other = (seat + 1) % 4
    game.s["devs"][other]["vp"] = 10
    assert not game.over, "the other player is at 10 during someone else's turn"
    give(game, seat, brick=1, lumber=1)
    road = next(a for a in game.legal_actions(seat) if a["type"] == "build_road")
    game.apply(seat, road)
    assert not game.over
    events = game.apply(seat, {"type": "end_turn"})
    assert game.over and game.s["winner"] == other and events[-1]["type"] == "won"
    result = game.result()
    assert result is not None and result.winners == [other]


def test_cat_39_longest_road_taken_on_another_turn_wins_on_the_next_own_turn() -> None:
    game = rolled(after_setup(3, seed=3))
    seat = game.s["active"]
    holder, taker = (seat + 1) % 3, (seat + 2) % 3
    clear_board(game)
    long_paths, long_nodes = trail(7, start=0)
    for p in long_paths:
        game.s["roads"][p] = holder
    short_paths, _ = trail(6, start=40)
    assert not set(short_paths) & set(long_paths)
    for p in short_paths:
        game.s["roads"][p] = taker
    game.s["road_len"][holder], game.s["road_len"][taker], game.s["longest"] = 7, 6, holder
    game.s["devs"][taker]["vp"] = 8
    cut, beside = cut_point(long_nodes, game.s["roads"])
    game.s["roads"][beside] = seat
    give(game, seat, brick=1, lumber=1, wool=1, grain=1)
    game.apply(seat, {"type": "build_settlement", "node": cut})
    assert game.s["longest"] == taker and game.vp(taker) == 10 and not game.over
    game.apply(seat, {"type": "end_turn"})
    assert not game.over, "the next player is not the taker"
    game.s["phase"] = "main"
    game.apply(holder, {"type": "end_turn"})
    assert game.over and game.s["winner"] == taker


def test_cat_40_three_players_use_the_same_board() -> None:
    three, four = Catan.new(3, seed=1), Catan.new(4, seed=1)
    assert three.s["layout"] == four.s["layout"] and len(three.s["hands"]) == 3
    with pytest.raises(Exception, match="3 to 4"):
        Catan.new(2, seed=1)


def test_cat_41_seeded_randomness_replays_and_events_record_it() -> None:
    a, b = after_setup(4, seed=12), after_setup(4, seed=12)
    assert a.to_dict() == b.to_dict()
    seat = a.s["active"]
    ea, eb = a.apply(seat, {"type": "roll"}), b.apply(seat, {"type": "roll"})
    assert ea == eb and ea[0]["dice"] == a.s["last_roll"]
    assert Catan.from_dict(a.to_dict()).to_dict() == a.to_dict()
