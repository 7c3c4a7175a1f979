"""Roanoke rules ROA-S1…S41 and rulings ROA-R1…R39 of rules/roanoke.md, one or more tests each,
and the §10 scenarios (cited as "scenario n").  Positions are built with `table`; refusals go
through `refused_unchanged`, which also checks that nothing changed."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.core import RuleError
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.game import Roanoke
from games.roanoke.market import MARKET, payout, square_payout
from tests.games.roanoke.table import (
    SETUP_SQUARES,
    cell,
    end_season,
    main_for,
    new,
    play_turn,
    put,
    quiet_market,
    set_hand,
    sq,
    started,
    turn_of,
    types,
)
from tests.support.properties import refused_unchanged

RULE_ID = re.compile(r"ROA-[SR]\d+")

NS, EW, CROSS = B.N | B.S, B.E | B.W, 15


def places(g: Roanoke, seat: int = 0) -> set[str]:
    return {f"{B.label(B.sq(a['row'], a['col']))} {B.edges_text(a['mask'])}"
            for a in g.legal_actions(seat) if a["type"] == "place"}


def place(label: str, mask: int) -> dict[str, int | str]:
    r, c = B.rc(sq(label))
    return {"type": "place", "row": r, "col": c, "mask": mask}


def refused(g: Roanoke, seat: int, action: dict, *words: str) -> str:
    """Refused and unchanged; each of `words` is in the message, or (a rule id such as ROA-S5) among the
    rules the refusal applies, which the player does not read."""
    err = refused_unchanged(g, seat, action)
    msg = str(err)
    for w in words:
        said = " ".join(err.rules) if RULE_ID.fullmatch(w) else msg
        assert w in said, f"{w!r} not in {msg!r} {err.rules}"
    return msg


def link_0_and_1(g: Roanoke) -> None:
    """Seat 0's road east along row 2 to L2, seat 1's road north from L7 up to L3: linked at L2–L3."""
    for col in "HIJK":
        put(g, f"{col}2", EW, 0)
    put(g, "L2", B.W | B.S, 0)
    for row in (3, 4, 5, 6):
        put(g, f"L{row}", NS, 1)


def everyone_passes(g: Roanoke) -> None:
    """Hands that meet Provisions (Y1-SP2: hold 2 each of 3 types)."""
    for seat in range(4):
        set_hand(g, seat, food=2, water=2, metal=2)


def conserved(g: Roanoke) -> None:
    for r in B.RESOURCES:
        hands = sum(p["hand"][r] for p in g.s["players"])
        gens = sum(1 for c in g.s["board"] if c and c.get("gen") == r)
        assert g.s["pile"][r] + hands + gens == 40


# -- §2 board geometry --------------------------------------------------------------------------------

def test_roa_s1_squares_and_labels() -> None:
    assert B.label(B.sq(6, 6)) == "G7"
    assert B.label(B.sq(0, 0)) == "A1" and B.label(B.sq(12, 12)) == "M13"
    assert all(B.parse_label(B.label(x)) == x for x in range(169))
    assert B.parse_label("N1") is None and B.parse_label("A14") is None
    assert len(new().view(None)["board"]) == 169


def test_roa_s2_fixed_squares_scenario_1() -> None:
    g = new()
    board = g.s["board"]
    assert [B.label(x) for x in B.EXITS] == ["G1", "M7", "G13", "A7"]
    assert [board[x]["mask"] for x in B.EXITS] == [B.S, B.W, B.N, B.E]
    assert [(B.label(x), board[x]["owner"]) for x in B.CROSSES] == [("G2", 0), ("L7", 1), ("G12", 2), ("B7", 3)]
    assert {B.label(x): board[x]["res"] for x in B.NODES} == {"D4": "wood", "J4": "metal", "J10": "food",
                                                               "D10": "water"}
    assert sum(1 for c in board if c is None) == 157


def test_roa_s2_node_layout_random_shuffles_the_resources() -> None:
    layouts = {tuple(new(seed, node_layout="random").s["board"][x]["res"] for x in B.NODES) for seed in range(12)}
    assert len(layouts) > 1
    assert all(sorted(lay) == sorted(B.RESOURCES) for lay in layouts)


def test_roa_s3_market_is_eight_squares_off_the_grid() -> None:
    g = started()
    assert MARKET == ("food1", "food2", "water1", "water2", "metal1", "metal2", "wood1", "wood2")
    assert set(g.view(None)["market"]) == set(MARKET)
    main_for(g, 0, "straight")
    set_hand(g, 0, food=2, water=2, metal=2, wood=2)
    refused(g, 0, {"type": "buy_house", "square": "food1"}, "not a square")


def test_roa_s4_tile_kinds_orientations_and_counts_scenario_1() -> None:
    g = new()
    pile = g.s["draw_pile"]
    assert len(pile) == 172 and all(pile.count(k) == 43 for k in B.TILE_KINDS)
    assert {k: len(m) for k, m in B.ORIENTATIONS.items()} == {"straight": 2, "elbow": 4, "T": 4, "cross": 1}
    assert B.edges_text(B.E | B.S | B.W) == "E-S-W"
    g = started()
    main_for(g, 0, "straight")
    refused(g, 0, place("G3", B.N | B.E), "straight", "N-S, E-W", "ROA-S4")


def test_roa_s5_matching_fresh_board_straight_scenario_3() -> None:
    g = started()
    main_for(g, 0, "straight")
    assert places(g) == {"F2 E-W", "H2 E-W", "G3 N-S"}
    refused(g, 0, place("F2", NS), "E edge", "ROA-S5")


def test_roa_s6_connection_scenario_4() -> None:
    g = started()
    put(g, "G3", NS, 0)
    main_for(g, 0, "straight")
    for kind, masks in B.ORIENTATIONS.items():
        g.s["drawn_tile"] = kind
        for m in masks:
            with pytest.raises(RuleError):
                g.apply(0, place("F3", m))
        assert not any(lbl.startswith("F3") for lbl in places(g))
    g.s["drawn_tile"] = "straight"
    refused(g, 0, place("F3", EW), "ROA-S5")
    refused(g, 0, place("F3", NS), "ROA-S6")


def test_roa_s7_paving_another_players_bare_tile() -> None:
    g = started()
    put(g, "G3", NS, 0)
    put(g, "G4", CROSS, 0)
    put(g, "H4", EW, 1)
    main_for(g, 1, "cross")
    discard_before = len(g.s["discard"])
    events = g.apply(1, place("G4", CROSS))
    assert cell(g, "G4")["owner"] == 1
    assert len(g.s["discard"]) == discard_before + 1 and g.s["discard"][-1] == "cross"
    assert events[0]["paved"] == {"owner": 0, "upgrade_lost": False}


def test_roa_s7_refusals_scenario_8() -> None:
    g = started()
    put(g, "G3", NS, 0)
    put(g, "G4", NS, 0)
    put(g, "G5", NS, 0, house=True)
    main_for(g, 1, "cross")
    refused(g, 1, place("G5", CROSS), "house", "ROA-S7")
    refused(g, 1, place("G2", CROSS), "starting cross", "ROA-R32")
    refused(g, 1, place("G1", CROSS), "exit", "ROA-R32")
    refused(g, 1, place("D4", CROSS), "node")
    main_for(g, 0, "straight")
    refused(g, 0, place("G3", NS), "your own tile", "ROA-R33")


def test_roa_s8_own_networks_and_links() -> None:
    g = started()
    assert g.s["nets"][0] == sorted([sq("G1"), sq("G2")])
    assert g.s["links"] == [0, 1, 2, 3]
    link_0_and_1(g)
    assert sq("L3") in g.s["nets"][1] and sq("K2") in g.s["nets"][0]
    assert g.s["links"][:2] == [0, 0] and g.link_class(1) == [0, 1]
    assert g.super_road(0) == set(g.s["nets"][0]) | set(g.s["nets"][1])


def test_roa_s8_link_through_a_shared_node() -> None:
    g = started()
    for label, mask in (("G3", NS), ("G4", B.N | B.W), ("F4", EW), ("E4", EW)):
        put(g, label, mask, 0)
    for label, mask in (("C7", EW), ("D7", B.N | B.W), ("D6", NS), ("D5", NS)):
        put(g, label, mask, 3)
    assert sq("D4") in g.s["nets"][0] and sq("D4") in g.s["nets"][3]
    assert g.s["links"][0] == g.s["links"][3] == 0 and g.s["links"][1] == 1


def test_roa_s9_active_upgrades_only_on_the_own_net() -> None:
    g = started()
    put(g, "G3", NS, 0)
    put(g, "E5", NS, 0, house=True, gen="metal")  # disconnected from seat 0's exit
    g.s["pile"]["metal"] -= 1
    quiet_market(g)
    assert g.active_pieces(0, "gen") == [] and g.pieces(0, "gen") == [sq("E5")]
    assert g.income(0)["metal"] == 0
    g.s["board"][sq("G3")]["house"] = True
    g.s["board"][sq("G3")]["gen"] = "wood"
    g.s["pile"]["wood"] -= 1
    assert g.income(0)["wood"] == 1


def test_roa_s10_road_length_counts_road_tiles_only() -> None:
    g = started()
    assert g.road_length(0) == 1  # the starting cross; the exit is not a road tile
    put(g, "G3", NS, 0)
    put(g, "G4", NS, 0)
    assert g.road_length(0) == 3 and g.own_road(0) == 3
    link_0_and_1(g)
    assert g.road_length(0) == g.road_length(1) == 3 + 5 + 4 + 1


# -- §3 setup -------------------------------------------------------------------------------------

def test_roa_s11_setup_scenario_1_and_2() -> None:
    g = new()
    assert g.s["phase"] == "setup" and g.to_move() == {0}
    assert g.s["pile"] == {r: 40 for r in B.RESOURCES} and g.s["houses_left"] == 20
    assert g.s["revealed"] == [True] + [False] * 7
    for seat, square in enumerate(["food1", "food1", "metal1", "wood2"]):
        g.apply(seat, {"type": "market_add", "square": square})
        if seat == 2:
            assert g.s["market"][MARKET.index("metal1")][2] == 1
            assert g.s["pile"]["metal"] == 39 and g.s["players"][2]["reserve"] == 9
    assert g.s["phase"] == "market" and g.s["active"] == 0 and g.s["first_seat"] == 0
    assert all(p["reserve"] == 9 for p in g.s["players"])


# -- §4 the turn ------------------------------------------------------------------------------------

def test_roa_s12_rounds_seasons_and_rotating_first_seat() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SP2"
    everyone_passes(g)
    order = []
    for _ in range(12):
        order.append((g.s["season_idx"], g.s["round"], g.s["active"]))
        play_turn(g)
    assert order[:4] == [(0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 1, 3)]
    assert order[4] == (0, 2, 0) and order[8] == (0, 3, 0)
    assert g.s["season_idx"] == 1 and g.s["first_seat"] == 1 and g.s["active"] == 1


def test_roa_s12_first_seat_of_season_5_scenario_29() -> None:
    g = started()
    everyone_passes(g)
    end_season(g, 4, "Y1-SP2")
    assert g.s["season_idx"] == 5 and g.s["first_seat"] == 1 and g.s["active"] == 1


def test_roa_s13_market_add_and_move() -> None:
    g = started()
    g.apply(0, {"type": "market_add", "square": "water2"})
    g.apply(0, {"type": "market_move", "from": "food1", "to": "metal2"})
    g.apply(0, {"type": "market_move", "from": "water2", "to": "metal2"})
    assert g.s["market"][MARKET.index("metal2")][0] == 2 and g.s["players"][0]["reserve"] == 8
    refused(g, 0, {"type": "market_move", "from": "food1", "to": "water1"}, "no worker")
    g.apply(0, {"type": "collect"})
    assert g.s["phase"] == "main"
    refused(g, 0, {"type": "market_move", "from": "metal2", "to": "food1"}, "market step")
    assert sum(g.s["market"][i][0] for i in range(8)) + g.s["players"][0]["reserve"] == 10


def test_roa_s14_payout_scenario_9() -> None:
    g = started()
    quiet_market(g)
    g.s["market"][MARKET.index("food1")] = [2, 1, 0, 0]
    events = g.apply(0, {"type": "collect"})
    assert events[0]["received"]["food"] == 2 and g.s["players"][0]["hand"]["food"] == 1 + 2  # 1 from setup
    assert square_payout([2, 1, 0, 0], 1) == 0
    assert square_payout([1, 1, 1, 1], 0) == 0 and square_payout([3, 1, 1, 0], 0) == 2


def test_roa_s15_node_and_generator_income_capped_by_pile() -> None:
    g = started()
    quiet_market(g)
    put(g, "G3", NS, 0)
    put(g, "G4", B.N | B.W, 0)
    put(g, "F4", EW, 0)
    put(g, "E4", EW, 0)  # reaches the wood node D4
    g.s["board"][sq("G3")].update(house=True, gen="metal")
    g.s["pile"]["metal"] -= 1
    set_hand(g, 1, wood=39)  # with seat 4's setup wood, the pile has none left
    events = g.apply(0, {"type": "collect"})
    got = next(e for e in events if e["type"] == "collected")
    assert got["entitled"] == {"food": 0, "water": 0, "metal": 1, "wood": 1}
    assert got["received"] == {"food": 0, "water": 0, "metal": 1, "wood": 0}


def test_roa_s16_main_phase_draws_face_up() -> None:
    g = started()
    events = main_for(g, 0, "elbow")
    assert types(events)[-1] == "tile_drawn" and events[-1]["tile"] == "elbow"
    assert g.s["phase"] == "main" and g.s["placements_left"] == 1 and g.s["drawn_tile"] == "elbow"
    g.apply(0, place("G3", B.N | B.E))
    assert g.s["placements_left"] == 0 and g.s["drawn_tile"] is None


def test_roa_s17_purchase_costs_scenario_16() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=3, water=6, metal=2, wood=3)
    g.apply(0, {"type": "buy_house", "square": "G2"})
    assert cell(g, "G2")["house"] and g.s["houses_left"] == 19
    assert g.s["players"][0]["hand"] == {"food": 1, "water": 4, "metal": 0, "wood": 1}
    pile = dict(g.s["pile"])
    g.apply(0, {"type": "buy_generator", "square": "G2", "res": "water", "wood": 1, "food": 1})
    assert g.s["pile"]["water"] == pile["water"] + 3 and g.s["pile"]["wood"] == pile["wood"] + 1
    assert g.s["pile"]["food"] == pile["food"] + 1 and cell(g, "G2")["gen"] == "water"
    conserved(g)


def test_roa_s17_purchase_refusals() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=1, water=2, metal=2, wood=2)
    refused(g, 0, {"type": "buy_house", "square": "G2"}, "short of 1 food")
    refused(g, 0, {"type": "buy_house", "square": "L7"}, "not one of your road tiles")
    refused(g, 0, {"type": "buy_generator", "square": "G2", "res": "wood", "wood": 2, "food": 0}, "houses")
    refused(g, 0, {"type": "buy_road_upgrade", "square": "G2"}, "4 wood")


def test_roa_s18_trade_gift_scenario_21() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=3)
    before = g.s["players"][2]["hand"]["food"]
    g.apply(0, {"type": "offer", "to": 3, "give": {"food": 3}, "get": {}})
    assert g.to_move() == {0, 2}
    refused(g, 1, {"type": "offer", "to": 1, "give": {}, "get": {"food": 1}}, "not your turn")
    g.apply(2, {"type": "accept"})
    assert g.s["players"][0]["hand"]["food"] == 0 and g.s["players"][2]["hand"]["food"] == before + 3
    assert g.s["offer"] is None and g.to_move() == {0}


def test_roa_s18_offer_checks_and_cancel() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=1)
    refused(g, 0, {"type": "offer", "to": 2, "give": {"food": 2}, "get": {}}, "only offer what you hold")
    refused(g, 0, {"type": "offer", "to": 1, "give": {"food": 1}, "get": {}}, "another seat")
    refused(g, 0, {"type": "offer", "to": 2, "give": {"gold": 1}, "get": {}}, "not a resource")
    g.apply(0, {"type": "offer", "to": 2, "give": {}, "get": {"water": 5}})
    refused(g, 1, {"type": "accept"}, "do not hold")
    refused(g, 0, {"type": "offer", "to": 3, "give": {"food": 1}, "get": {}}, "One offer at a time")
    g.apply(0, {"type": "cancel"})
    assert g.s["offer"] is None


def test_roa_s18_s19_an_offer_the_offerer_can_no_longer_pay_is_void() -> None:
    # The offerer spends what it offered (a house): the offer cannot be met any more, so it is void at
    # once with an event saying so, and the target is no longer kept in to_move (ROA-S18, S19).
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=2, water=2, metal=2, wood=2)
    g.apply(0, {"type": "offer", "to": 3, "give": {"wood": 1}, "get": {"water": 1}})
    assert g.to_move() == {0, 2}
    events = g.apply(0, {"type": "buy_house", "square": "G2"})
    closed = [e for e in events if e["type"] == "offer_closed"]
    assert closed == [{"type": "offer_closed", "seat": 0, "to": 2, "why": "void"}]
    assert g.s["offer"] is None and g.to_move() == {0}
    refused(g, 2, {"type": "accept"}, "not your turn")


def test_roa_s18_an_offer_still_payable_after_a_purchase_stands() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=3, water=2, metal=2, wood=2)
    g.apply(0, {"type": "offer", "to": 3, "give": {"food": 1}, "get": {}})
    g.apply(0, {"type": "buy_house", "square": "G2"})
    assert g.s["offer"] is not None and g.to_move() == {0, 2}
    g.apply(2, {"type": "accept"})
    assert g.s["players"][0]["hand"]["food"] == 0


def test_roa_s19_end_turn() -> None:
    g = started()
    main_for(g, 0, "straight")
    refused(g, 0, {"type": "end_turn"}, "drawn tile")
    g.apply(0, {"type": "offer", "to": 2, "give": {}, "get": {"water": 1}})
    g.apply(0, {"type": "discard"})
    events = g.apply(0, {"type": "end_turn"})
    assert "offer_closed" in types(events) and g.s["offer"] is None
    assert g.s["active"] == 1 and g.s["phase"] == "market"


def test_roa_s20_legal_actions_enumerable_and_accepted() -> None:
    g = started()
    for m in MARKET[1:]:
        g.s["market"][MARKET.index(m)][0] += 1
        g.s["players"][0]["reserve"] -= 1
    legal = g.legal_actions(0)
    kinds = [a["type"] for a in legal]
    assert kinds.count("market_add") == 8 and kinds.count("market_move") == 56 and kinds.count("collect") == 1
    for a in legal:
        Roanoke.from_dict(g.to_dict()).apply(0, a)
    main_for(g, 0, "T")
    legal = g.legal_actions(0)
    assert {"place", "discard", "resign"} <= {a["type"] for a in legal}
    assert "end_turn" not in {a["type"] for a in legal}  # the drawn tile is still pending
    for a in legal:
        Roanoke.from_dict(g.to_dict()).apply(0, a)


# -- §5 seasons ---------------------------------------------------------------------------------------

def test_roa_s30_dealing_and_hidden_cards_scenario_33() -> None:
    g = new(3)
    assert all(card in SE.SLOTS[k] for k, card in enumerate(g.s["seasons"]))
    assert new(3, deck="designer").s["seasons"] == [next(c for c in slot if SE.CARDS[c].get("star"))
                                                    for slot in SE.SLOTS]
    orig = new(3, deck="designer_original").s["seasons"]
    assert orig[3] == "Y1-WI1-original" and SE.CARDS[orig[3]]["amounts"] == {r: 20 for r in B.RESOURCES}
    assert SE.CARDS[orig[6]]["types"] == 2 and SE.CARDS[orig[5]]["amounts"]["water"] == 10
    view = g.view(None)
    assert [v["card"] is None for v in view["seasons"]] == [False] + [True] * 7
    assert isinstance(view["draw_pile"], int)
    text = json.dumps(view)
    for k in range(1, 8):  # a hidden card's id shows only once: among its slot's public candidates
        assert text.count(f'"{g.s["seasons"][k]}"') == 1
    assert g.view(2) == {**g.view(None), "seat": 2}


def test_roa_s30_same_seed_same_game_scenario_33() -> None:
    def play(seed: int) -> str:
        g = new(seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.over:
                break
            seat = min(g.to_move())
            legal = [a for a in g.legal_actions(seat) if a["type"] != "resign"]
            g.apply(seat, rng.choice(legal))
        return json.dumps(g.to_dict(), sort_keys=True)

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_roa_s31_end_of_season_scenario_23() -> None:
    g = started()
    set_hand(g, 0, food=2, water=2, wood=2)
    set_hand(g, 1, water=1, metal=3)
    set_hand(g, 2, food=3, water=3, wood=3)
    set_hand(g, 3, food=2, water=2, wood=2, metal=1)
    pile = dict(g.s["pile"])
    events = end_season(g, 1, "Y1-SU1")
    check = next(e for e in events if e["type"] == "season_checked")
    assert check["failed"] == [1] and check["passed"] == [0, 2, 3]
    assert g.s["players"][0]["hand"] == {"food": 0, "water": 0, "metal": 0, "wood": 0}
    assert g.s["players"][2]["hand"] == {"food": 1, "water": 2, "metal": 3, "wood": 1}
    assert g.s["pile"]["food"] == pile["food"] + 6 and not g.s["players"][1]["alive"]
    assert g.s["season_idx"] == 2 and g.s["revealed"][2]
    conserved(g)


def test_roa_s32_card_kinds() -> None:
    g = started()
    set_hand(g, 0, food=2, water=2, metal=2)
    assert g.passes(0, "Y1-SP2") and not g.passes(0, "Y1-SP3")
    assert not g.passes(0, "Y1-SP1")
    put(g, "E5", NS, 0, house=True)  # disconnected: still counts for an own card
    assert g.passes(0, "Y1-SP1")
    set_hand(g, 1, food=10)
    assert g.passes(1, "Y1-FA1") and not g.passes(0, "Y1-FA1")
    set_hand(g, 2, metal=3, wood=3)
    assert g.passes(2, "Y1-SU3")
    assert g.passes(1, "Y2-FA1") and g.passes(2, "Y2-FA1")  # food for 1; metal, wood for 2
    set_hand(g, 3, food=10)
    assert not g.passes(1, "Y2-FA1")
    assert not g.passes(0, "Y1-FA2")
    put(g, "G3", NS, 0)
    put(g, "G4", B.N | B.W, 0)
    put(g, "F4", EW, 0)
    put(g, "E4", EW, 0)
    assert g.passes(0, "Y1-FA2")
    assert not g.passes(0, "Y2-WI2") and not g.passes(0, "Y2-WI1")


def test_roa_s33_deck_table() -> None:
    assert len(SE.SLOTS) == 8 and all(len(slot) == 3 for slot in SE.SLOTS)
    assert all(sum(1 for c in slot if SE.CARDS[c].get("star")) == 1 for slot in SE.SLOTS)
    assert SE.CARDS["Y1-WI1"]["amounts"] == {r: 5 for r in B.RESOURCES}
    assert SE.CARDS["Y2-SU2"]["amounts"] == {"food": 5, "water": 9}
    assert SE.CARDS["Y2-WI1"]["n"] == 60 and SE.CARDS["Y2-FA1"]["types"] == 1
    assert SE.goal_text("Y1-SU1") == "pay 2 food, 2 water, 2 wood"


# -- §6 extinction and the end ---------------------------------------------------------------------

def test_roa_s35_elimination_hand_passes_left_pieces_stay() -> None:
    g = started()
    put(g, "L6", NS, 1, house=True)
    everyone_passes(g)
    set_hand(g, 1, water=3)
    before = dict(g.s["players"][2]["hand"])
    events = end_season(g, 0, "Y1-SP2")
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone["seat"] == 1 and gone["heir"] == 2 and gone["hand"] == {"water": 3}
    assert g.s["players"][2]["hand"]["water"] == before["water"] + 3
    assert not g.s["players"][1]["alive"] and all(g.s["market"][i][1] == 0 for i in range(8))
    assert cell(g, "L6")["house"] and cell(g, "L6")["owner"] == 1
    for _ in range(8):
        assert 1 not in g.to_move()
        play_turn(g)


def test_roa_s36_everyone_gone_scenario_26() -> None:
    g = started()
    for seat in range(4):
        set_hand(g, seat, food=1)
    build_59(g)
    assert g.road_length(0) == 59
    events = end_season(g, 7, "Y2-WI1")
    assert g.over and g.alive() == []
    result = g.result()
    assert result is not None and result.winners == [] and result.details["survivors"] == 0
    assert events[-1]["type"] == "game_over"


def build_59(g: Roanoke) -> None:
    """Crosses filling rows 2–5 and F6…K6 (with the cross G2): one OwnNet of 59 road tiles."""
    for row in range(1, 5):
        for col in range(13):
            if g.s["board"][B.sq(row, col)] is None:
                put(g, B.label(B.sq(row, col)), CROSS, 0)
    for col in range(2, 11):
        put(g, B.label(B.sq(5, col)), CROSS, 0)


def test_roa_s37_final_scoring_scenario_30() -> None:
    g = started()
    set_hand(g, 0, food=10, water=10, metal=5, wood=5)
    set_hand(g, 2, food=5, water=5, metal=10, wood=10)
    set_hand(g, 1, food=3, water=3, metal=3)
    set_hand(g, 3, food=3, water=3, wood=3)
    put(g, "G3", NS, 0, house=True)
    put(g, "G4", NS, 0, house=True)
    cell(g, "G2")["house"] = True
    put(g, "G11", NS, 2, house=True)
    cell(g, "G12")["house"] = True
    end_season(g, 7, "Y1-SP2")
    result = g.result()
    assert result is not None and result.winners == [0] and result.ranking[:2] == [[0], [2]]
    assert result.scores[0] == result.scores[2] == 30 and result.details["survivors"] == 4


# -- §9 digital interaction ---------------------------------------------------------------------------

def test_roa_s40_view_holds_what_the_picture_needs() -> None:
    g = started()
    main_for(g, 0, "straight")
    v = g.view(None)
    assert v["drawn_tile"] == "straight" and v["drawn_spots"] == ["F2", "G3", "H2"]
    assert v["labels"]["exits"][0] == "G1" and v["seasons"][0]["goal"] and v["seasons"][1]["card"] is None
    p = v["players"][0]
    assert {"hand", "reserve", "road_length", "link_class", "houses", "generators", "road_upgrades"} <= set(p)
    assert v["payout_preview"] is not None and v["round"] == 1 and v["first_seat"] == 0


def test_roa_s41_controls_and_labels() -> None:
    g = started()
    assert g.describe(place("G5", B.E | B.S | B.W)) == "Place at G5 ┬ E-S-W"
    assert g.describe({"type": "collect"}) == "Collect income (2 food)"
    assert "Food 1" in g.describe({"type": "market_add", "square": "food1"})
    main_for(g, 0, "straight")
    assert g.action_shapes(0)[0]["type"] == "offer" and g.action_shapes(1) == []
    assert {"place", "discard", "resign"} <= {a["type"] for a in g.legal_actions(0)}
    assert all(g.describe(a) for a in g.legal_actions(0))


# -- §8 rulings -------------------------------------------------------------------------------------

def test_roa_r1_limited_pile_shortfall_lost() -> None:
    g = started()
    quiet_market(g)
    g.s["market"][MARKET.index("food1")] = [2, 0, 0, 0]
    set_hand(g, 3, food=38)  # the pile keeps 1 food
    events = g.apply(0, {"type": "collect"})
    got = next(e for e in events if e["type"] == "collected")
    assert got["entitled"]["food"] == 2 and got["received"]["food"] == 1 and g.s["pile"]["food"] == 0
    conserved(g)


def test_roa_r2_exits_open_only_inward_scenario_5() -> None:
    g = started()
    put(g, "B6", B.S | B.W, 3)
    main_for(g, 3, "straight")
    assert "A6 E-W" in places(g, 3)
    g.apply(3, place("A6", EW))
    assert cell(g, "A6")["owner"] == 3
    assert g.s["board"][sq("A7")]["mask"] == B.E


def test_roa_r3_nodes_five_steps_from_both_neighbours() -> None:
    for x in B.NODES:
        r, c = B.rc(x)
        dists = sorted(abs(r - B.rc(y)[0]) + abs(c - B.rc(y)[1]) for y in B.CROSSES)
        assert dists[:2] == [5, 5]


def test_roa_r4_market_is_a_separate_panel() -> None:
    g = started()
    assert all(c is None or c["kind"] in ("exit", "cross", "node") for c in g.s["board"])
    assert all(m not in {B.label(x) for x in range(169)} for m in MARKET)


def test_roa_r5_open_edges_may_face_the_edge_or_empty() -> None:
    g = started()
    put(g, "B6", B.S | B.W, 3)
    main_for(g, 3, "straight")
    g.apply(3, place("A6", EW))  # west edge points off the board
    assert B.fit_problem(g.s["board"], sq("A5"), NS, 3) is not None
    assert "H2 E-W" not in places(g, 3)


def test_roa_r6_every_shared_edge_must_match() -> None:
    g = started()
    put(g, "G3", NS, 0)
    main_for(g, 0, "T")
    refused(g, 0, place("F3", B.E | B.S | B.W), "E edge", "ROA-R6")
    assert "G4 N-E-S" in places(g) or "G4 N-S-W" in places(g)


def test_roa_r7_node_anchor_scenario_6() -> None:
    g = started()
    put(g, "E4", EW, 0)
    main_for(g, 0, "straight")
    assert "D5 N-S" in places(g)
    g2 = started()
    put(g2, "E4", EW, 1)
    main_for(g2, 0, "straight")
    assert not any(p.startswith("D5") for p in places(g2))
    refused(g2, 0, place("D5", NS), "ROA-S6")


def test_roa_r8_anchor_need_not_reach_the_exit() -> None:
    g = started()
    put(g, "J7", NS, 0)  # far from seat 0's road
    main_for(g, 0, "straight")
    assert "J8 N-S" in places(g) and "J6 N-S" in places(g)
    g.apply(0, place("J8", NS))
    assert sq("J8") not in g.s["nets"][0]


def test_roa_r9_upgrade_marker_destroyed_when_paved_scenario_18() -> None:
    g = started()
    put(g, "G3", NS, 0)
    put(g, "G4", CROSS, 0, up=True)
    put(g, "H4", EW, 1)
    main_for(g, 1, "cross")
    events = g.apply(1, place("G4", CROSS))
    assert events[0]["paved"]["upgrade_lost"] and not cell(g, "G4")["up"] and g.pieces(0, "up") == []


def test_roa_r10_paving_cuts_the_own_net() -> None:
    g = started()
    put(g, "G3", NS, 0)
    put(g, "G4", CROSS, 0)
    put(g, "G5", NS, 0)
    put(g, "H4", EW, 1)
    assert sq("G5") in g.s["nets"][0]
    main_for(g, 1, "cross")
    g.apply(1, place("G4", CROSS))
    assert sq("G5") not in g.s["nets"][0] and sq("G3") in g.s["nets"][0]
    assert sq("G4") not in g.s["nets"][1]  # seat 1's H4 is not joined to seat 1's exit


def test_roa_r11_road_length_is_a_tile_count() -> None:
    g = started()
    put(g, "F2", EW, 0)
    put(g, "H2", EW, 0)
    put(g, "G3", NS, 0)
    assert g.road_length(0) == 4  # a tree, not a path: every road tile counts


def test_roa_s11_r12_the_seed_seats_the_players_and_seat_1_always_starts() -> None:
    """ROA-S11 steps 1 and 5 / R12: the randomness is in who sits where (`seating`), never a shifted start:
    the setup and season 0 begin at seat 0 whatever the seed or the seat_order option."""
    assert Roanoke.seating(4, 3, {"seat_order": "join"}) == [0, 1, 2, 3]
    orders = {tuple(Roanoke.seating(4, s)) for s in range(20)}
    assert len(orders) > 3 and all(sorted(o) == [0, 1, 2, 3] for o in orders), "random seats from the seed"
    assert Roanoke.seating(4, 11) == Roanoke.seating(4, 11), "the same seed seats the same way"
    for seed in range(8):
        game = Roanoke.new(4, seed=seed)
        assert game.to_move() == frozenset({0}) and game.s["first_seat"] == 0
        order = []
        while game.s["phase"] == "setup":
            seat = min(game.to_move())
            order.append(seat)
            game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "market_add"))
        assert order == [0, 1, 2, 3] and game.s["first_seat"] == 0 and game.s["active"] == 0


def test_roa_s12_season_k_starts_at_seat_k_mod_4_whatever_the_seed() -> None:
    for seed in range(6):
        g = Roanoke.new(4, seed=seed)
        for seat, square in enumerate(SETUP_SQUARES):
            g.apply(seat, {"type": "market_add", "square": square})
        for k in range(1, 8):
            everyone_passes(g)
            end_season(g, k - 1, "Y1-SP2")
            if g.over:
                break
            assert g.s["season_idx"] == k and g.s["first_seat"] == k % 4 == g.s["active"]


def test_roa_r13_start_player_rotates_and_skips_the_eliminated_scenario_29() -> None:
    g = started()
    everyone_passes(g)
    end_season(g, 4, "Y1-SP2")
    assert g.s["first_seat"] == 1
    g.eliminate([1], "season")
    end_season(g, 4, "Y1-SP2")
    assert g.s["first_seat"] == 2 and g.s["active"] == 2


def test_roa_r14_one_worker_added_per_turn_scenario_12() -> None:
    g = started()
    g.apply(0, {"type": "market_add", "square": "wood1"})
    refused(g, 0, {"type": "market_add", "square": "wood2"}, "already added", "ROA-R14")
    g2 = started()
    g2.s["players"][0]["reserve"] = 0
    refused(g2, 0, {"type": "market_add", "square": "wood2"}, "reserve is empty")


def test_roa_r15_ties_dead_squares_and_own_turn_only_scenario_10() -> None:
    g = started()
    quiet_market(g)
    g.s["market"][MARKET.index("water1")] = [1, 0, 1, 0]
    g.s["market"][MARKET.index("metal1")] = [1, 1, 1, 1]
    assert payout(g.s["market"], 0)["water"] == 1 and payout(g.s["market"], 2)["water"] == 1
    assert payout(g.s["market"], 0)["metal"] == 0
    before = g.s["players"][2]["hand"]["water"]
    g.apply(0, {"type": "collect"})
    assert g.s["players"][0]["hand"]["water"] == 1 and g.s["players"][2]["hand"]["water"] == before
    main_for(g, 2, "straight")
    assert g.s["players"][2]["hand"]["water"] == before + 1


def test_roa_r16_road_upgrades_scenario_17() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, wood=12, metal=12)
    g.apply(0, {"type": "buy_road_upgrade", "square": "G2"})
    assert g.s["placements_left"] == 1
    main_for(g, 0, "straight", "straight")
    assert g.s["placements_left"] == 2
    g2 = started()
    link_0_and_1(g2)
    for label in ("G2", "H2", "L7"):
        cell(g2, label)["up"] = True
    main_for(g2, 0, "straight", "straight", "straight")
    assert g2.s["placements_left"] == 3
    set_hand(g2, 0, wood=4, metal=4)
    refused(g2, 0, {"type": "buy_road_upgrade", "square": "I2"}, "2 road upgrades")


def test_roa_r17_unplaceable_draw_scenario_19() -> None:
    g = started()
    for label in ("F2", "H2", "G3"):
        put(g, label, CROSS, 1, house=True)
    left = len(g.s["draw_pile"])
    events = main_for(g, 0, "straight", "elbow")
    assert types(events)[-2:] == ["tile_drawn", "tile_unplaceable"]
    assert g.s["placements_left"] == 0 and g.s["drawn_tile"] is None
    assert len(g.s["draw_pile"]) == left - 1 and g.s["discard"][-1] == "straight"
    g2 = started()
    main_for(g2, 0, "straight")
    g2.apply(0, {"type": "discard"})
    assert g2.s["placements_left"] == 0 and g2.s["discard"] == ["straight"]


def test_roa_r18_purchases_any_time_in_main() -> None:
    g = started()
    set_hand(g, 0, food=2, water=2, metal=2, wood=2)
    refused(g, 0, {"type": "buy_house", "square": "G2"}, "main step")
    main_for(g, 0, "straight")
    g.apply(0, {"type": "buy_house", "square": "G2"})  # while the tile is still to place
    assert g.s["drawn_tile"] == "straight"


def test_roa_r19_house_limits_scenario_20() -> None:
    g = started()
    for label in ("G3", "G4", "G5", "G6"):
        put(g, label, NS, 0, house=True)
    cell(g, "G2")["house"] = True
    put(g, "G7", NS, 0)
    main_for(g, 0, "straight")
    set_hand(g, 0, food=2, water=2, metal=2, wood=2)
    refused(g, 0, {"type": "buy_house", "square": "G7"}, "5 houses")
    refused(g, 0, {"type": "buy_house", "square": "G3"}, "already has a house")
    g2 = started()
    put(g2, "G3", NS, 0)
    g2.s["houses_left"] = 0
    main_for(g2, 0, "straight")
    set_hand(g2, 0, food=2, water=2, metal=2, wood=2)
    refused(g2, 0, {"type": "buy_house", "square": "G3"}, "20 house")


def test_roa_r20_generator_marker_stays_under_the_house_scenario_16() -> None:
    g = started()
    cell(g, "G2")["house"] = True
    main_for(g, 0, "straight")
    set_hand(g, 0, water=4, wood=1, food=1)
    refused(g, 0, {"type": "buy_generator", "square": "G2", "res": "water", "wood": 2, "food": 1}, "wood+food = 2")
    pile = dict(g.s["pile"])
    g.apply(0, {"type": "buy_generator", "square": "G2", "res": "water", "wood": 1, "food": 1})
    assert {r: g.s["pile"][r] - pile[r] for r in B.RESOURCES} == {"food": 1, "water": 3, "metal": 0, "wood": 1}
    assert cell(g, "G2")["gen"] == "water"
    conserved(g)
    set_hand(g, 0, water=4, wood=2)
    refused(g, 0, {"type": "buy_generator", "square": "G2", "res": "water", "wood": 2, "food": 0}, "one per house")


def test_roa_r21_requests_and_any_multisets() -> None:
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=1)
    set_hand(g, 3, metal=2, wood=1)
    g.apply(0, {"type": "offer", "to": 4, "give": {"food": 1}, "get": {"metal": 2, "wood": 1}})
    g.apply(3, {"type": "accept"})
    assert g.s["players"][0]["hand"] == {"food": 0, "water": 0, "metal": 2, "wood": 1}
    refused(g, 0, {"type": "offer", "to": 2, "give": {}, "get": {}}, "give or ask")


def test_roa_r22_only_the_active_player_trades() -> None:
    g = started()
    refused(g, 0, {"type": "offer", "to": 2, "give": {}, "get": {"food": 1}}, "main step")
    main_for(g, 0, "straight")
    refused(g, 2, {"type": "offer", "to": 4, "give": {}, "get": {"food": 1}}, "not your turn")
    set_hand(g, 1, food=1)
    g.apply(0, {"type": "offer", "to": 3, "give": {}, "get": {"food": 1}})
    refused(g, 2, {"type": "offer", "to": 2, "give": {}, "get": {"food": 1}}, "accept or decline")
    g.apply(2, {"type": "decline"})
    assert g.s["offer"] is None


def test_roa_r23_eliminated_workers_leave_the_market() -> None:
    g = started()
    g.s["market"][MARKET.index("wood2")][2] += 3
    g.s["players"][2]["reserve"] -= 3
    g.eliminate([2], "season")
    assert all(counts[2] == 0 for counts in g.s["market"])
    assert g.s["players"][2]["hand"] == {r: 0 for r in B.RESOURCES}


def test_roa_r24_dead_roads_still_serve_and_may_be_paved() -> None:
    g = started()
    link_0_and_1(g)
    cell(g, "L4").update(house=True, gen="food")
    g.s["pile"]["food"] -= 1
    g.eliminate([1], "season")
    quiet_market(g)
    assert g.income(0)["food"] == 1 and g.road_length(0) == 6 + 5
    assert B.pave_problem(g.s["board"], sq("L3"), 2) is None
    assert B.pave_problem(g.s["board"], sq("L4"), 2) is not None


def test_roa_r25_shared_generator_pays_every_linked_member_scenario_15() -> None:
    g = started()
    link_0_and_1(g)
    cell(g, "H2").update(house=True, gen="metal")
    g.s["pile"]["metal"] -= 1
    quiet_market(g)
    e0 = g.apply(0, {"type": "collect"})
    assert e0[0]["received"]["metal"] == 1
    e1 = main_for(g, 1, "straight")
    assert e1[0]["received"]["metal"] == 1
    assert g.income(2)["metal"] == 0


def test_roa_r26_collective_card_fails_for_all_scenario_26() -> None:
    g = started()
    for seat in range(4):
        set_hand(g, seat, water=2)
    events = end_season(g, 7, "Y2-WI2")
    check = next(e for e in events if e["type"] == "season_checked")
    assert check["failed"] == [0, 1, 2, 3] and g.over and g.result().winners == []  # type: ignore[union-attr]
    g2 = started()
    build_59(g2)
    put(g2, "L6", CROSS, 0)  # links seat 1's cross: 61 road tiles in one super-road
    assert g2.road_length(1) >= 60
    end_season(g2, 7, "Y2-WI1")
    assert len(g2.alive()) == 4 and g2.over


def test_roa_r27_build_n_homes_counts_earlier_houses() -> None:
    g = started()
    cell(g, "G2")["house"] = True
    put(g, "G3", NS, 0, house=True)
    assert not g.passes(0, "Y2-SP1")
    put(g, "E9", NS, 0, house=True)
    assert g.passes(0, "Y2-SP1")


def test_roa_r28_resign_in_turn_scenario_32() -> None:
    g = started()
    set_hand(g, 2, food=4, wood=1)
    before = dict(g.s["players"][3]["hand"])
    turn_of(g, 2)
    events = g.apply(2, {"type": "resign"})
    assert not g.s["players"][2]["alive"] and g.s["players"][3]["hand"]["food"] == before["food"] + 4
    assert g.s["active"] == 3 and "eliminated" in types(events)


def test_roa_r29_lone_survivor_plays_on() -> None:
    g = started()
    set_hand(g, 2, food=2, water=2, wood=2)
    end_season(g, 1, "Y1-SU1")
    assert g.alive() == [2] and not g.over
    assert g.s["active"] == 2
    play_turn(g)
    assert g.s["active"] == 2 and g.s["round"] == 2


def test_roa_r30_tiebreaks() -> None:
    g = started()
    for seat in range(4):
        set_hand(g, seat, food=3, water=3, metal=3)
    put(g, "G3", NS, 0)
    end_season(g, 7, "Y1-SP2")
    result = g.result()
    assert result is not None and result.winners == [0]  # own road 2 vs 1
    g2 = started()
    for seat in range(4):
        set_hand(g2, seat, food=3, water=3, metal=3)
    end_season(g2, 7, "Y1-SP2")
    assert g2.result().winners == [0, 1, 2, 3]  # type: ignore[union-attr]


def test_roa_r31_eliminated_players_cannot_act() -> None:
    g = started()
    g.eliminate([1], "season")
    turn_of(g, 0)
    refused(g, 1, {"type": "collect"}, "not your turn")
    refused(g, 1, {"type": "resign"}, "not your turn")


def test_roa_r32_exits_and_starting_crosses_are_never_paved() -> None:
    g = started()
    for x in (*B.EXITS, *B.CROSSES):
        assert B.pave_problem(g.s["board"], x, 1 if x != B.CROSSES[1] else 0) is not None
    main_for(g, 1, "cross")
    refused(g, 1, place("G2", CROSS), "ROA-R32")


def test_roa_r33_own_tiles_never_paved_dead_players_tiles_may_be() -> None:
    g = started()
    put(g, "G3", NS, 0)
    assert "own tile" in (B.pave_problem(g.s["board"], sq("G3"), 0) or "")
    g.eliminate([0], "season")
    assert B.pave_problem(g.s["board"], sq("G3"), 2) is None


def test_roa_r34_disconnection_suspends_and_reconnection_restores() -> None:
    g = started()
    quiet_market(g)
    put(g, "G4", NS, 0, house=True, gen="wood")
    g.s["pile"]["wood"] -= 1
    assert g.income(0)["wood"] == 0
    put(g, "G3", NS, 0)
    assert g.income(0)["wood"] == 1


def test_roa_r35_checked_once_failers_pay_nothing() -> None:
    g = started()
    for seat in range(4):
        set_hand(g, seat, food=3, water=4)
    set_hand(g, 0, food=5, water=3)
    g.s["round"] = 1
    events = end_season(g, 1, "Y1-SU2")
    check = next(e for e in events if e["type"] == "season_checked")
    assert check["failed"] == [0]
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone["hand"] == {"food": 5, "water": 3} and gone["heir"] == 1
    assert g.s["players"][1]["hand"] == {"food": 1 + 5, "water": 0 + 3, "metal": 0, "wood": 0}


def test_roa_r36_empty_draw_pile_refilled_from_the_discard() -> None:
    g = started()
    g.s["discard"] = g.s["draw_pile"]
    g.s["draw_pile"] = []
    events = g.apply(0, {"type": "collect"})
    assert "reshuffled" in types(events)
    assert len(g.s["draw_pile"]) + len(g.s["discard"]) + (g.s["drawn_tile"] is not None) == 172
    g2 = started()
    g2.s["draw_pile"] = []
    events = g2.apply(0, {"type": "collect"})
    assert "no_tiles" in types(events) and g2.s["placements_left"] == 0


def test_roa_r37_hands_pass_to_the_nearest_surviving_left_scenario_24() -> None:
    g = started()
    set_hand(g, 0, food=1, water=1, metal=1, wood=1)
    set_hand(g, 1, metal=2)
    set_hand(g, 2, wood=3)
    set_hand(g, 3, food=2, water=1, metal=1, wood=1)
    events = end_season(g, 0, "Y1-SP3")
    heirs = {e["seat"]: e["heir"] for e in events if e["type"] == "eliminated"}
    assert heirs == {1: 3, 2: 3}
    assert g.s["players"][3]["hand"] == {"food": 1, "water": 0, "metal": 2, "wood": 3}
    conserved(g)
    g2 = started()
    set_hand(g2, 1, metal=2)
    end_season(g2, 0, "Y1-SP3")
    assert g2.over and g2.s["pile"] == {r: 40 for r in B.RESOURCES}  # nobody survives: hands to the pile




def test_roa_r38_exactly_four_seats() -> None:
    for n in (2, 3, 5):
        with pytest.raises(RuleError) as err:
            Roanoke.new(n, seed=1)
        assert err.value.code == "player_count" and "exactly 4" in str(err.value)
    assert Roanoke.min_players == Roanoke.max_players == 4


def test_roa_r39_setup_worker_anywhere_one_chit_no_payout() -> None:
    g = new()
    g.apply(0, {"type": "market_add", "square": "water2"})
    events = g.apply(1, {"type": "market_add", "square": "water2"})  # shared with seat 1's
    assert events[0]["type"] == "setup_worker"
    assert g.s["players"][1]["hand"] == {"food": 0, "water": 1, "metal": 0, "wood": 0}
    assert g.s["players"][0]["hand"]["water"] == 1  # no payout at setup
    refused(g, 2, {"type": "collect"}, "Setup")
    refused(g, 2, {"type": "market_move", "from": "water2", "to": "food1"}, "Setup")
