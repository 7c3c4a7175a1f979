"""Small Islands rules (rules/small_islands.md): each test names the section it checks
(B2 matching, B3.4 M07, B5.3 REWARD 2, B5.5 (b) ...).  Positions are built by hand on a real
game (`put_tile` joins islands as the engine does) and real actions go through `apply`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.core import RuleError
from games.small_islands import islands as I
from games.small_islands import rewards as R
from games.small_islands.data import DISCOVERY, FACES, LANDSCAPE, MISSIONS, OBJECTIVES, REWARDS
from games.small_islands.game import SmallIslands
from games.small_islands.tiles import MATCH, constraint, fits, key, placement_problem, rotate, valid_ring
from tests.support.properties import refused_unchanged

RULE = re.compile(r"B\d+(\.\d+)* ")

# -- helpers ------------------------------------------------------------------------------------


def new(n: int = 2, **options: Any) -> SmallIslands:
    return SmallIslands.new(n, seed=7, options=options or None)


def choose_all(g: SmallIslands) -> None:
    """PREP: every seat plays the first card it holds now and keeps the second."""
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])


def clear(g: SmallIslands) -> None:
    g.s["grid"], g.s["islands"], g.s["next_island"] = {}, {}, 1


def strip(g: SmallIslands, x: int, tiles: list[dict[str, Any]], y: int = 0) -> list[str]:
    """A vertical island of len(tiles) tiles in column x (an islet when 1), features as given.

    Each dict may set res (list), temple, ports, symbols; the defaults are none, 0, 0, 1.
    """
    n = len(tiles)
    keys = []
    for i, feat in enumerate(tiles):
        if n == 1:
            face, rot = "T01", 0                      # SSSSSSSS
        elif i == 0:
            face, rot = "T10", 2                      # cape, land to the south
        elif i == n - 1:
            face, rot = "T10", 0                      # cape, land to the north
        else:
            face, rot = "T30", 0                      # isthmus, land north and south
        k = g.put_tile(x, y + i, face, rot)
        t = g.s["grid"][k]
        t["res"] = list(feat.get("res", []))
        t["covered"] = [None] * len(t["res"])
        t["temple"], t["ports"], t["symbols"] = feat.get("temple", 0), feat.get("ports", 0), feat.get("symbols", 1)
        keys.append(k)
    return keys


def stats_of(g: SmallIslands, k: str) -> dict[str, Any]:
    return g.island_stats(g.s["grid"][k]["island"])


def give(g: SmallIslands, seat: int, objective: str) -> None:
    g.s["players"][seat]["now"] = {"objective": objective}


def reward_phase(g: SmallIslands, lander: int) -> None:
    g.events = []
    g.begin_reward(lander)


def refuse(g: SmallIslands, seat: int, action: dict[str, Any], words: str = "", code: str = "") -> str:
    err = refused_unchanged(g, seat, action)
    assert isinstance(err, RuleError)
    if words:  # a rule (B2 matching) is looked for among the rules the refusal applies, which the player does not read
        said = " ".join(err.rules) if RULE.match(words) else str(err)
        assert words in said, f"{err} {err.rules}"
    if code:
        assert err.code == code, err.code
    return str(err)


def at_turn(n: int = 2, **options: Any) -> SmallIslands:
    g = new(n, **options)
    choose_all(g)
    assert g.s["step"] == "turn"
    return g


# -- B2 geometry ----------------------------------------------------------------------------------


def test_b2_rotation_shifts_the_ring_right_by_two_per_quarter_turn() -> None:
    assert rotate("LSSSSSSS", 1) == "SSLSSSSS"          # north cape turned once faces east
    assert rotate("LLLSSSSS", 2) == "SSSSLLLS"
    assert rotate("LLLSSSSS", 4 % 4) == "LLLSSSSS"
    assert all(rotate(rotate(r, 1), 3) == r for r in ("LSLSSSSS", "LLLLLSSS", "LLLSLLLS"))


def test_b2_validity_every_tile_face_obeys_the_blob_rule() -> None:
    assert all(valid_ring(f["ring"]) for f in FACES.values())
    assert not valid_ring("SLSSSSSS")                   # a land corner between two sea edges
    assert not valid_ring("LLSSSSSS")
    assert valid_ring("LLLSSSSS")


@pytest.mark.parametrize("offset", list(MATCH))
def test_b2_matching_every_row_of_the_table(offset: tuple[int, int]) -> None:
    """For a neighbour at each offset, exactly the listed T positions are bound to the listed U positions."""
    pairs = MATCH[offset]
    for ti, ui in pairs:
        ring = "".join("L" if i == ui else "S" for i in range(8))
        grid = {key(*offset): {"ring": ring}}
        need = constraint(grid, 0, 0)
        assert need is not None
        expected = ["?"] * 8
        for tj, uj in pairs:
            expected[tj] = "L" if uj == ui else "S"
        assert need == "".join(expected), (offset, ti, ui, need)
        good = "".join("L" if need[i] == "L" else "S" for i in range(8))
        bad = "".join("S" if i == ti else good[i] for i in range(8))
        assert fits(good, need) and not fits(bad, need)


def test_b2_matching_table_is_symmetric() -> None:
    """Each row read from the other side is the opposite row (one terrain per point)."""
    for (dx, dy), pairs in MATCH.items():
        back = {(u, t) for t, u in MATCH[(-dx, -dy)]}
        assert set(pairs) == back


def test_b2_rule_1_needs_an_empty_cell_touching_edge_to_edge() -> None:
    grid = {key(0, 0): {"ring": "SSSSSSSS"}}
    assert "B2 is already taken" in placement_problem(grid, 0, 0, "SSSSSSSS", "B2")
    assert "edge to edge" in placement_problem(grid, 1, 1, "SSSSSSSS", "C3")     # diagonal only
    assert placement_problem(grid, 1, 0, "SSSSSSSS", "C2") is None


def test_b2_bad_input_a_tile_that_does_not_match_is_refused() -> None:
    g = at_turn()
    me = g.s["current"]
    clear(g)
    g.put_tile(0, 0, "T01", 0)                                   # an islet: sea all round
    s = g.s
    s["row"] = ["T54", "T02", "T03"]
    s["players"][me]["hand"] = ["T05", "T07"]
    g.apply(me, {"type": "take", "tile": "T54"})
    assert s["step"] == "place"
    refuse(g, me, {"type": "place", "tile": "T54", "rot": 0, "x": 1, "y": 0}, "does not match its neighbours",
           "illegal_place")
    refuse(g, me, {"type": "place", "tile": "T05", "rot": 3, "x": 1, "y": 0}, "does not match")  # cape west
    refuse(g, me, {"type": "place", "tile": "T05", "rot": 0, "x": 2, "y": 2}, "does not touch a placed")  # B2 rule 1
    refuse(g, me, {"type": "place", "tile": "T56", "rot": 0, "x": 1, "y": 0}, "not in your hand")
    g.apply(me, {"type": "place", "tile": "T05", "rot": 1, "x": 1, "y": 0})     # cape pointing east: sea to the west
    assert s["grid"]["1,0"]["ring"] == "SSLSSSSS"


def test_b2_islands_islets_coasts_open_and_closed() -> None:
    g = new(layout="closed")
    islands = I.from_scratch(g.s["grid"])
    assert len(islands) == 1 and len(islands[0]) == 4                  # B3.3 closed preset: one 2x2 island
    cells = g.s["islands"]["1"]
    assert not I.is_open(g.s["grid"], cells)
    assert I.stats(g.s["grid"], cells)["symbols"] == 2
    g2 = new(layout="open")
    parts = sorted(len(p) for p in I.from_scratch(g2.s["grid"]))
    assert parts == [2, 2]                                             # isthmus+cape strip, 2-tile coast
    assert all(I.is_open(g2.s["grid"], c) for c in g2.s["islands"].values())
    clear(g)
    strip(g, 0, [{}])
    assert len(g.s["islands"]["1"]) == 1                               # an islet
    assert I.coastal(g.s["grid"]["0,0"])
    g.put_tile(5, 5, "T54", 0)                                         # inland tile: not coastal, open all round
    assert not I.coastal(g.s["grid"]["5,5"]) and I.is_open(g.s["grid"], ["5,5"])


def test_b2_ships_are_never_part_of_an_island() -> None:
    g = new()
    clear(g)
    strip(g, 0, [{}, {}])
    g.put_ship(1, 0, 0, 0)
    assert sorted(len(p) for p in I.from_scratch(g.s["grid"])) == [2]
    assert g.s["grid"]["1,0"]["island"] is None


def test_b2_placing_a_tile_merges_the_islands_it_links() -> None:
    g = new()
    clear(g)
    g.put_tile(0, 0, "T10", 1)      # cape, land east
    g.put_tile(2, 0, "T10", 3)      # cape, land west
    assert len(g.s["islands"]) == 2
    g.put_tile(1, 0, "T30", 1)      # isthmus east-west joins them
    assert list(g.s["islands"].values()) == [["0,0", "1,0", "2,0"]]
    assert [sorted(p) for p in I.from_scratch(g.s["grid"])] == [["0,0", "1,0", "2,0"]]


# -- B3 data ------------------------------------------------------------------------------------


def test_b3_1_tile_set_totals() -> None:
    tiles = [FACES[t] for t in LANDSCAPE]
    assert len(tiles) == 56
    res = [r for t in tiles for r in t["resources"]]
    assert (res.count("flower"), res.count("fruit"), res.count("leaf")) == (22, 22, 22)
    assert sum(t["temple"] for t in tiles) == 15 and sum(t["port"] for t in tiles) == 12
    assert sum(t["house"] for t in tiles) == 43
    assert all("S" in t["ring"] for t in tiles if t["port"])           # printed ports are on coasts
    assert sorted(DISCOVERY.values()) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9]
    assert len(OBJECTIVES) == len(MISSIONS) == len(REWARDS) == 12


# -- B5.2 setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_b5_2_setup(n: int) -> None:
    g = new(n)
    s = g.s
    assert s["round"] == 1 and s["step"] == "prep"
    assert len(s["row"]) == 3 and len(s["nav"]) == 6
    assert len(s["reserve"]) == 56 - 3 - 2 * n - 6
    assert s["grey_ships"] == 4 - n
    for p in s["players"]:
        assert len(p["hand"]) == 2 and p["houses_hand"] == 4 and p["houses_reserve"] == 4
        assert p["bonus_left"] == 4 and p["own_ship"] and len(p["held"]["objective"]) == 3
    assert g.to_move() == frozenset(range(n))                          # simultaneous objective choice


def test_b5_2_step_0_the_first_player_is_drawn_from_the_seed() -> None:
    """B5.2 step 0 (updated): a random first player from the game's own seeded Rng, not always seat 0; the
    same seed gives the same first player, and turns run clockwise from them."""
    firsts = {SmallIslands.new(3, seed=seed).s["first_player"] for seed in range(12)}
    assert firsts == {0, 1, 2}
    assert all(SmallIslands.new(4, seed=s).s["first_player"] == SmallIslands.new(4, seed=s).s["first_player"]
               for s in range(5))
    g = next(g for g in (SmallIslands.new(3, seed=s) for s in range(12)) if g.s["first_player"] == 2)
    choose_all(g)
    assert g.s["step"] == "turn" and g.to_move() == {2} and g.s["current"] == 2
    free = next(g for g in (SmallIslands.new(2, seed=s, options={"layout": "free"}) for s in range(12))
                if g.s["first_player"] == 1)
    assert free.to_move() == {1}, "the first player arranges the starting tiles (B5.2 step 2)"


def test_b5_2_free_layout_first_tile_at_origin_then_placement_rules() -> None:
    g = new(layout="free")
    first = g.s["first_player"]
    assert g.s["step"] == "setup" and g.to_move() == {first}
    refuse(g, first, {"type": "start_tile", "tile": "ST1", "side": "A", "rot": 0, "x": 1, "y": 0}, "goes at A1")
    refuse(g, 1 - first, {"type": "start_tile", "tile": "ST1", "side": "A", "rot": 0, "x": 0, "y": 0},
           code="not_your_turn")
    g.apply(first, {"type": "start_tile", "tile": "ST4", "side": "B", "rot": 0, "x": 0, "y": 0})   # cape, land north
    refuse(g, first, {"type": "start_tile", "tile": "ST3", "side": "B", "rot": 1, "x": 1, "y": 0}, "does not match")
    refuse(g, first, {"type": "start_tile", "tile": "ST4", "side": "A", "rot": 0, "x": 1, "y": 0},
           "not a starting tile")
    g.apply(first, {"type": "start_tile", "tile": "ST3", "side": "B", "rot": 0, "x": 0, "y": -1})  # isthmus joins
    assert len(g.s["islands"]) == 1
    for _ in range(2):
        g.apply(first, g.legal_actions(first)[0])
    assert g.s["step"] == "prep" and len(g.s["grid"]) == 4 and not g.s["start_left"]


# -- B5.3 PREP --------------------------------------------------------------------------------------


def test_b5_3_prep_objective_choice_is_secret_and_simultaneous() -> None:
    g = new(3)
    p = g.s["players"][1]
    held = list(p["held"]["objective"])
    refuse(g, 1, {"type": "choose", "now": held[0], "next": held[0]}, "two different")
    refuse(g, 1, {"type": "choose", "now": "O99", "next": held[0]}, "among those you hold")
    deck_before = list(g.s["decks"]["objective"])
    events = g.apply(1, {"type": "choose", "now": held[0], "next": held[1]})
    assert events == [{"type": "chose", "seat": 1}]                    # nobody learns which
    assert p["now"] == {"objective": held[0]} and p["held"]["objective"] == [held[1]]
    assert g.s["decks"]["objective"] == [*deck_before, held[2]]        # the rest goes under the deck
    assert g.to_move() == {0, 2}
    refuse(g, 1, {"type": "choose", "now": held[1], "next": held[0]}, code="not_your_turn")
    view = g.view(0)
    assert view["players"][1]["revealed"] is None and held[0] not in str(view["now"])
    g.apply(0, g.legal_actions(0)[0])
    g.apply(2, g.legal_actions(2)[0])
    assert g.s["step"] == "turn" and g.to_move() == {g.s["first_player"]}


def test_b5_3_prep_advanced_mode_chooses_mission_and_reward() -> None:
    g = new(2, mode="advanced")
    p = g.s["players"][0]
    assert len(p["held"]["mission"]) == 3 and len(p["held"]["reward"]) == 3
    legal = g.legal_actions(0)
    assert len(legal) == 36
    a = legal[0]
    g.apply(0, a)
    assert g.mission_reward(0) == (a["mission"], a["reward"])
    refuse(g, 1, {"type": "choose", "now": "O01", "next": "O02"}, "and nothing else")


# -- B5.3 EXPLORE -----------------------------------------------------------------------------------


def test_b5_3_explore_take_place_bonus_and_refill_from_the_navigation_stack() -> None:
    g = at_turn()
    s = g.s
    seat = s["current"]
    tile = s["row"][0]
    nav_top = s["nav"][0]
    refuse(g, seat, {"type": "take", "tile": "T99"}, "face-up row")
    refuse(g, 1 - seat, {"type": "take", "tile": tile}, code="not_your_turn")
    g.apply(seat, {"type": "take", "tile": tile})
    assert tile in s["players"][seat]["hand"] and len(s["players"][seat]["hand"]) == 3 and len(s["row"]) == 2
    place = g.legal_actions(seat)[0]
    g.apply(seat, place)
    assert s["step"] == "bonus"
    g.apply(seat, {"type": "no_bonus"})
    assert s["row"][-1] == nav_top and len(s["nav"]) == 5            # refilled from the stack
    assert s["current"] == 1 - seat and s["step"] == "turn"


def test_b5_3_explore_refill_from_the_reserve_once_the_stack_is_empty() -> None:
    g = at_turn()
    s = g.s
    s["nav"] = []
    top = s["reserve"][0]
    seat = s["current"]
    g.apply(seat, {"type": "take", "tile": s["row"][0]})
    g.apply(seat, g.legal_actions(seat)[0])
    events = g.apply(seat, {"type": "no_bonus"})
    assert s["row"][-1] == top and {"type": "refilled", "tile": top, "source": "reserve", "nav_left": 0} in events


def test_b5_3_explore_3_stuck_hand_reveal_discard_and_draw() -> None:
    g = at_turn()
    clear(g)
    g.put_tile(0, 0, "T01", 0)                                   # only sea around: inland tiles never fit
    s = g.s
    seat = s["current"]
    s["players"][seat]["hand"] = ["T54", "T55"]
    s["row"] = ["T56", "T02", "T03"]
    s["reserve"] = ["T05"] + s["reserve"]
    events = g.apply(seat, {"type": "take", "tile": "T56"})
    assert s["step"] == "stuck" and events[-1] == {"type": "stuck", "seat": seat, "hand": ["T54", "T55", "T56"]}
    assert [a["type"] for a in g.legal_actions(seat)] == ["discard"] * 3
    refuse(g, seat, {"type": "place", "tile": "T54", "rot": 0, "x": 1, "y": 0}, code="wrong_step")
    events = g.apply(seat, {"type": "discard", "tile": "T55"})
    assert "T55" in s["box"] and sorted(s["players"][seat]["hand"]) == ["T05", "T54", "T56"]
    assert {"type": "drew", "seat": seat, "count": 1} in events
    assert all("T05" not in str(e) for e in events)                  # the drawn tile stays private
    assert s["step"] == "place"


def test_b5_3_bonus_port_token_rules_and_bad_input() -> None:
    g = at_turn()
    clear(g)
    s = g.s
    seat = s["current"]
    strip(g, 0, [{"ports": 2}, {"ports": 1}])
    g.put_tile(4, 0, "T54", 0)                                   # inland
    g.put_ship(6, 0, "grey", seat)
    s["step"] = "bonus"
    refuse(g, seat, {"type": "port", "x": 4, "y": 0}, "coastal")
    refuse(g, seat, {"type": "port", "x": 0, "y": 0}, "already has 2 ports")   # a third port
    refuse(g, seat, {"type": "port", "x": 6, "y": 0}, "not on ships")
    refuse(g, seat, {"type": "port", "x": 9, "y": 9}, "no tile")
    g.apply(seat, {"type": "port", "x": 0, "y": 1})
    assert I.port_count(s["grid"]["0,1"]) == 2 and s["players"][seat]["bonus_left"] == 3
    assert s["step"] == "turn" and s["current"] != seat               # one token per turn, then the turn ends


def test_b5_3_bonus_resource_token_replaces_an_icon() -> None:
    g = at_turn()
    clear(g)
    s = g.s
    seat = s["current"]
    strip(g, 0, [{"res": ["flower"]}, {"res": ["fruit", "leaf"]}])
    s["step"] = "bonus"
    refuse(g, seat, {"type": "convert", "x": 0, "y": 0, "icon": 0, "to": "flower"}, "already shows")
    refuse(g, seat, {"type": "convert", "x": 0, "y": 0, "icon": 1, "to": "leaf"}, "resource icon")
    refuse(g, seat, {"type": "convert", "x": 0, "y": 0, "icon": 0, "to": "gold"}, "flower, fruit or leaf")
    g.apply(seat, {"type": "convert", "x": 0, "y": 1, "icon": 1, "to": "fruit"})
    assert s["grid"]["0,1"]["res"] == ["fruit", "fruit"] and s["grid"]["0,1"]["covered"] == [None, seat]
    assert stats_of(g, "0,0")["fruit"] == 2 and stats_of(g, "0,0")["leaf"] == 0


def test_b5_3_no_bonus_step_without_tokens() -> None:
    g = at_turn()
    s = g.s
    seat = s["current"]
    s["players"][seat]["bonus_left"] = 0
    g.apply(seat, {"type": "take", "tile": s["row"][0]})
    g.apply(seat, g.legal_actions(seat)[0])
    assert s["step"] == "turn" and s["current"] != seat


# -- B5.3 Land ------------------------------------------------------------------------------------


def test_b5_3_land_refused_before_the_stack_is_empty() -> None:
    g = at_turn()
    seat = g.s["current"]
    cell = g.ship_cells()[0]
    assert not [a for a in g.legal_actions(seat) if a["type"] == "land"]
    refuse(g, seat, {"type": "land", "ship": "own", "x": cell[0], "y": cell[1]}, "Navigation stack is empty")


def test_b5_3_land_own_or_grey_ship_ends_the_round() -> None:
    g = at_turn(2)
    s = g.s
    s["nav"] = []
    seat = s["current"]
    clear(g)
    strip(g, 0, [{}, {}])
    g.put_tile(3, 0, "T54", 0)                                        # an inland tile: land on every edge
    refuse(g, seat, {"type": "land", "ship": "own", "x": 4, "y": 0}, "does not match")  # B2 matching
    refuse(g, seat, {"type": "land", "ship": "gold", "x": 1, "y": 0}, "own")
    legal = g.legal_actions(seat)
    assert {a["ship"] for a in legal if a["type"] == "land"} == {"own", "grey"}
    g.apply(seat, {"type": "land", "ship": "own", "x": 1, "y": 0})
    assert s["grid"]["1,0"]["ship"] == seat and not s["players"][seat]["own_ship"]
    assert s["first_player"] == seat and s["ships_placed"] == 1     # the lander starts the next round
    assert s["step"] == "prep" and s["round"] == 2  # REWARD had no house to place on these bare islands: next round
    s["step"], s["current"], s["nav"] = "turn", seat, []
    refuse(g, seat, {"type": "land", "ship": "own", "x": 1, "y": 1}, "already landed")
    g.apply(seat, {"type": "land", "ship": "grey", "x": 1, "y": 1})
    assert s["grid"]["1,1"]["ship"] == "grey" and s["grey_ships"] == 1


def test_b5_3_no_grey_ships_with_four_players() -> None:
    g = at_turn(4)
    s = g.s
    s["nav"] = []
    seat = s["current"]
    assert {a["ship"] for a in g.legal_actions(seat) if a["type"] == "land"} == {"own"}
    x, y = g.ship_cells()[0]
    refuse(g, seat, {"type": "land", "ship": "grey", "x": x, "y": y}, "No grey ship")


# -- B5.3 REWARD ------------------------------------------------------------------------------------


def reward_table(n: int = 2) -> SmallIslands:
    """Islands: A = (0,0)-(0,1) flower+flower+temple; B = (2,0)-(2,1) fruit; islet (4,0) flower x3."""
    g = at_turn(n)
    clear(g)
    strip(g, 0, [{"res": ["flower"], "temple": 1}, {"res": ["flower"]}])
    strip(g, 2, [{"res": ["fruit"]}, {"res": ["fruit"], "symbols": 0}])
    strip(g, 4, [{"res": ["flower", "flower", "flower"]}])
    return g


def test_b5_3_reward_order_from_the_lander_and_reveal() -> None:
    g = reward_table(3)
    g.s["grid"]["0,1"]["symbols"] = 0                               # island A: one house symbol only
    g.s["grid"]["2,1"]["res"] = ["flower", "flower"]                # island B: 2 flowers, 1 fruit
    for seat in range(3):
        give(g, seat, "O01")                                         # more flowers than fruits
    reward_phase(g, 1)
    s = g.s
    assert s["reward_seat"] == 1 and g.to_move() == {1}
    assert g.events[0] == {"type": "revealed", "seat": 1, "cards": {"objective": "O01"}}
    assert g.view(None)["players"][1]["revealed"] == {"objective": "O01"}
    assert g.view(None)["players"][2]["revealed"] is None          # revealed in turn, not before
    g.apply(1, {"type": "house", "x": 0, "y": 0})
    assert s["reward_seat"] == 1                                     # island B is still open to seat 1
    g.apply(1, {"type": "done"})
    assert s["reward_seat"] == 2 and g.to_move() == {2}
    refuse(g, 2, {"type": "house", "x": 0, "y": 0}, "symbol is taken")      # contested symbols (B3.1)
    g.apply(2, {"type": "house", "x": 2, "y": 0})
    assert s["round"] == 2 and s["first_player"] == 1                # seat 0 had nothing left: round over


def test_b5_3_reward_2_house_bad_input() -> None:
    g = reward_table()
    give(g, 0, "O01")
    give(g, 1, "O02")
    reward_phase(g, 0)
    refuse(g, 0, {"type": "house", "x": 4, "y": 0}, "not on an islet")
    refuse(g, 0, {"type": "house", "x": 2, "y": 0}, "does not satisfy your mission")
    refuse(g, 0, {"type": "house", "x": 7, "y": 7}, "no island tile")
    refuse(g, 0, {"type": "house", "x": 0, "y": 0, "resource": "flower"}, "names no resource")
    g.apply(0, {"type": "house", "x": 0, "y": 0})
    assert g.s["reward_seat"] == 1
    # the next round: seat 0 may not add a second house to island A, even on a free symbol
    g.s["grid"]["0,1"]["symbols"] = 1
    g.s["step"], g.s["reward_seat"], g.s["players"][0]["houses_hand"] = "houses", 0, 3
    refuse(g, 0, {"type": "house", "x": 0, "y": 1}, "one house per island per player")
    g.s["reward_seat"] = 1
    refuse(g, 1, {"type": "house", "x": 2, "y": 1}, "no house symbol")


def test_b5_3_reward_3_points_are_added_at_once() -> None:
    g = reward_table()
    give(g, 0, "O01")            # RW01: 1 per flower + 2
    give(g, 1, "O07")
    reward_phase(g, 0)
    events = g.apply(0, {"type": "house", "x": 0, "y": 0})
    assert g.s["players"][0]["pp"] == 4
    assert {"type": "house", "seat": 0, "x": 0, "y": 0, "island": g.s["grid"]["0,0"]["island"], "reward": "RW01",
            "pp": 4} in events
    assert g.s["players"][0]["houses_played"] == 1


def test_b5_3_reward_4_house_refill_from_reserve() -> None:
    g = reward_table()
    give(g, 0, "O01")
    give(g, 1, "O02")
    s = g.s
    s["players"][0]["houses_reserve"] = 1
    s["players"][0]["houses_hand"] = 3
    reward_phase(g, 0)
    g.apply(0, {"type": "house", "x": 0, "y": 0})                  # 2 left in hand, 1 in reserve
    assert s["players"][0]["houses_hand"] == 3 and s["players"][0]["houses_reserve"] == 0


def test_b5_3_reward_5_used_cards_go_back_and_next_round_starts_with_the_lander() -> None:
    g = reward_table()
    give(g, 0, "O01")
    give(g, 1, "O02")
    s = g.s
    deck = len(s["decks"]["objective"])
    reward_phase(g, 1)
    while s["step"] == "houses":
        g.apply(s["reward_seat"], {"type": "done"})
    assert s["round"] == 2 and s["first_player"] == 1 and s["step"] == "prep"
    assert all(p["now"]["objective"] is None for p in s["players"])
    assert len(s["decks"]["objective"]) == deck + 2 - 2 * 2         # 2 returned, each player drew 2
    assert all(len(p["held"]["objective"]) == 3 for p in s["players"])


def test_b3_4_rw07_discovery_draw_keep_one_return_the_rest_hidden() -> None:
    g = reward_table()
    g.s["grid"]["0,1"]["temple"] = 1                              # island A: 2 temples, 2 flowers
    give(g, 0, "O04")                                                # M04 temple + 2 flowers -> RW07
    give(g, 1, "O02")
    reward_phase(g, 0)
    top = g.s["discovery_pool"][:2]
    events = g.apply(0, {"type": "house", "x": 0, "y": 0})
    assert g.s["step"] == "keep" and g.s["pending"]["drawn"] == top
    assert all(t not in str(events) for t in top)
    assert [d["id"] for d in g.view(0)["discovery_drawn"]] == top
    assert "discovery_drawn" not in g.view(1) and all(t not in str(g.view(1)) for t in top)
    refuse(g, 0, {"type": "keep", "token": "D99"}, "Keep one")
    best = max(top, key=lambda t: DISCOVERY[t])
    g.apply(0, {"type": "keep", "token": best})
    assert g.s["players"][0]["discovery"] == [best] and len(g.s["discovery_pool"]) == 11
    assert g.s["players"][0]["pp"] == 0 and g.discovery_pp(0) == DISCOVERY[best]
    assert g.view(None)["players"][0]["discovery_count"] == 1


def test_b3_4_rw07_empty_pool_gives_nothing() -> None:
    g = reward_table()
    give(g, 0, "O04")
    give(g, 1, "O02")
    g.s["discovery_pool"] = []
    reward_phase(g, 0)
    g.apply(0, {"type": "house", "x": 0, "y": 0})
    assert g.s["players"][0]["discovery"] == [] and g.s["step"] == "houses"


def test_b3_4_rw08_names_a_resource() -> None:
    g = reward_table()
    g.s["grid"]["2,1"]["res"] = ["flower"]                        # island B: fruit + flower, M08 holds
    give(g, 0, "O12")
    give(g, 1, "O02")
    reward_phase(g, 0)
    refuse(g, 0, {"type": "house", "x": 2, "y": 0}, "name a resource")
    legal = g.legal_actions(0)
    assert {a.get("resource") for a in legal if a["type"] == "house"} == {"flower", "fruit", "leaf"}
    g.apply(0, {"type": "house", "x": 2, "y": 0, "resource": "fruit"})
    assert g.s["players"][0]["pp"] == 3


# -- B3.4 every mission and reward on hand-built islands ------------------------------------------

ISLANDS = {
    "flowery": [{"res": ["flower", "flower"], "temple": 1}, {"res": ["fruit"]}],
    "fruity": [{"res": ["fruit", "fruit"]}, {"res": ["leaf"], "temple": 1}],
    "leafy": [{"res": ["leaf", "leaf"], "temple": 1}, {"res": ["flower"]}],
    "mixed": [{"res": ["flower"], "ports": 1}, {"res": ["fruit"]}, {"res": ["leaf"], "ports": 1}, {"temple": 2}],
    "pair": [{"res": ["flower"]}, {"res": ["fruit"]}],
    "bare": [{}, {}],
}
MISSION_TRUTH = {
    "M01": {"flowery", "leafy"}, "M02": {"flowery", "fruity", "pair"}, "M03": {"fruity", "leafy"},
    "M04": {"flowery"}, "M05": {"fruity"}, "M06": {"leafy"},
    "M07": {"mixed", "pair"}, "M08": {"mixed", "pair"}, "M09": {"mixed"}, "M10": {"mixed"},
    "M11": {"mixed"}, "M12": {"mixed"},
}
REWARD_TRUTH = {   # island -> points for RW01..RW12 (RW07 pays tokens, RW08 with fruit)
    "RW01": {"flowery": 4, "mixed": 3, "bare": 2}, "RW02": {"fruity": 4, "pair": 3},
    "RW03": {"leafy": 4, "mixed": 3}, "RW04": {"flowery": 4, "mixed": 4, "bare": 2, "leafy": 4},
    "RW05": {"mixed": 6, "bare": 6}, "RW06": {"bare": 2, "mixed": 4}, "RW07": {"mixed": 0},
    "RW08": {"fruity": 4, "mixed": 3}, "RW09": {"mixed": 6, "bare": 2}, "RW10": {"mixed": 6, "bare": 0},
    "RW11": {"mixed": 6, "pair": 4, "bare": 0}, "RW12": {"mixed": 4, "pair": 2},
}


def built_islands() -> tuple[SmallIslands, dict[str, dict[str, Any]]]:
    g = new()
    clear(g)
    out = {}
    for i, (name, tiles) in enumerate(ISLANDS.items()):
        keys = strip(g, 2 * i, tiles)
        out[name] = stats_of(g, keys[0])
    return g, out


@pytest.mark.parametrize("mission", sorted(MISSION_TRUTH))
def test_b3_4_every_mission_on_hand_built_islands(mission: str) -> None:
    _, stats = built_islands()
    met = {name for name, st in stats.items() if R.satisfies(mission, st)}
    assert met == MISSION_TRUTH[mission], (mission, MISSIONS[mission]["text"])


def test_b3_4_missions_edge_cases() -> None:
    base = {"flower": 0, "fruit": 0, "leaf": 0, "temple": 0, "port": 0, "tiles": 2}
    assert not R.satisfies("M01", {**base, "flower": 1, "fruit": 1})       # strictly more
    assert not R.satisfies("M07", base)                                      # each >= 1: zeros are not equal
    assert R.satisfies("M07", {**base, "fruit": 2, "leaf": 2, "flower": 5})
    assert not R.satisfies("M08", {**base, "fruit": 2, "leaf": 2})           # flowers must be present
    assert R.satisfies("M08", {**base, "flower": 2, "leaf": 2})


@pytest.mark.parametrize("reward", sorted(REWARD_TRUTH))
def test_b3_4_every_reward_on_hand_built_islands(reward: str) -> None:
    _, stats = built_islands()
    for name, pp in REWARD_TRUTH[reward].items():
        resource = "fruit" if R.is_choice(reward) else None
        assert R.points(reward, stats[name], resource) == pp, (reward, name)


def test_b3_4_rw06_size_table_and_rw12_cap() -> None:
    st = {"flower": 0, "fruit": 0, "leaf": 0, "temple": 0, "port": 0}
    assert [R.points("RW06", {**st, "tiles": n}) for n in (2, 3, 5, 6, 9, 12, 20)] == [2, 4, 4, 6, 8, 10, 10]
    assert R.points("RW12", {**st, "tiles": 14}) == 10


@pytest.mark.parametrize("objective", sorted(OBJECTIVES))
def test_b3_4_every_objective_card_scores_through_a_house(objective: str) -> None:
    """Through the engine: the objective's mission decides eligibility, its reward the points."""
    g, stats = built_islands()
    mission, reward = OBJECTIVES[objective]["mission"], OBJECTIVES[objective]["reward"]
    name = sorted(MISSION_TRUTH[mission])[0]
    give(g, 0, objective)
    give(g, 1, objective)
    g.s["discovery_pool"] = ["D12", "D01", "D02"]
    reward_phase(g, 0)
    x = 2 * list(ISLANDS).index(name)
    action: dict[str, Any] = {"type": "house", "x": x, "y": 0}
    if R.is_choice(reward):
        action["resource"] = "fruit"
    g.apply(0, action)
    expected = R.points(reward, stats[name], action.get("resource"))
    assert g.s["players"][0]["pp"] == expected
    if R.is_discovery(reward):
        if g.s["step"] == "keep":
            g.apply(0, {"type": "keep", "token": "D12"})
        assert "D12" in g.s["players"][0]["discovery"]


# -- B5.5 end of game and scoring -------------------------------------------------------------------


def test_b5_5_a_the_round_of_the_fourth_ship_ends_the_game_after_its_reward() -> None:
    g = reward_table()
    s = g.s
    give(g, 0, "O01")
    give(g, 1, "O02")
    s["ships_placed"] = 4
    reward_phase(g, 0)
    assert not g.over
    g.apply(0, {"type": "house", "x": 0, "y": 0})                    # the reward phase is played ...
    assert not g.over
    g.apply(1, {"type": "done"})
    assert g.over and s["end"] == "ships" and g.result() is not None  # ... then the game ends
    assert g.to_move() == frozenset() and g.legal_actions(0) == []
    refuse(g, 0, {"type": "done"}, "over", "game_over")


def test_b5_5_b_empty_reserve_ends_the_game_at_once() -> None:
    g = at_turn()
    s = g.s
    s["nav"], s["reserve"] = [], []
    seat = s["current"]
    g.apply(seat, {"type": "take", "tile": s["row"][0]})
    g.apply(seat, g.legal_actions(seat)[0])
    events = g.apply(seat, {"type": "no_bonus"})
    assert g.over and s["end"] == "reserve" and events[-1]["type"] == "game_over"
    assert all(p["houses_played"] == 0 for p in s["players"])        # no reward phase


def test_b5_5_b_reward_on_abort_plays_the_reward_phase_first() -> None:
    g = at_turn(reward_on_abort=True)
    s = g.s
    s["nav"], s["reserve"] = [], []
    seat = s["current"]
    g.apply(seat, {"type": "take", "tile": s["row"][0]})
    g.apply(seat, g.legal_actions(seat)[0])
    g.apply(seat, {"type": "no_bonus"})
    assert s["ending"] == "reserve"
    while not g.over:
        who = min(g.to_move())
        g.apply(who, g.legal_actions(who)[-1])
    assert s["end"] == "reserve"


def test_b5_5_b_stuck_draw_from_an_empty_reserve_ends_the_game() -> None:
    g = at_turn()
    clear(g)
    g.put_tile(0, 0, "T01", 0)
    s = g.s
    seat = s["current"]
    s["players"][seat]["hand"] = ["T54", "T55"]
    s["row"] = ["T56"]
    s["reserve"] = []
    g.apply(seat, {"type": "take", "tile": "T56"})
    g.apply(seat, {"type": "discard", "tile": "T54"})
    assert g.over and s["end"] == "reserve"


def test_b5_5_c_empty_row_and_no_ship_ends_the_game() -> None:
    g = at_turn()
    s = g.s
    seat = s["current"]
    s["row"] = []
    s["nav"] = ["T05"]                                                # cannot land yet
    g.events = []
    g.start_turn()
    assert g.over and s["end"] == "row_empty"
    g2 = at_turn()
    g2.s["row"], g2.s["nav"] = [], []                                 # but a ship may still land: play on
    g2.start_turn()
    assert not g2.over and [a["type"] for a in g2.legal_actions(g2.s["current"])] == ["land"] * len(
        g2.legal_actions(g2.s["current"]))
    assert seat in (0, 1)


def over_with(g: SmallIslands, rows: list[dict[str, int]]) -> None:
    for p, row in zip(g.s["players"], rows, strict=True):
        p.update(row)
    g.s["step"], g.s["end"] = "over", "ships"


def test_b5_5_final_score_counts_discovery_and_ports_around_the_own_ship() -> None:
    g = new()
    clear(g)
    strip(g, 0, [{"ports": 1}, {"ports": 2}])
    g.put_ship(1, 0, 0, 0)                                            # seat 1's (index 0) ship beside 3 ports
    g.put_ship(1, 2, "grey", 1)                                       # a grey ship scores for nobody
    g.s["grid"]["0,1"]["port_tokens"] = []
    g.put_tile(2, 1, "T01", 0)                                        # an islet placed after landing, 1 port
    over_with(g, [{"pp": 10, "discovery": ["D12"]}, {"pp": 25, "discovery": []}])
    assert g.ship_ports(0) == 1 + 2 + 1 and g.ship_ports(1) == 0
    res = g.result()
    assert res is not None and res.scores == [10 + 9 + 4, 25] and res.winners == [1]


def test_b5_5_tiebreak_1_most_houses_played() -> None:
    g = new()
    over_with(g, [{"pp": 12, "houses_played": 3, "last_tile": 1}, {"pp": 12, "houses_played": 4, "last_tile": 0}])
    assert g.result().ranking == [[1], [0]]


def test_b5_5_tiebreak_2_most_ports_around_the_own_ship() -> None:
    g = new()
    clear(g)
    strip(g, 0, [{"ports": 1}, {}])
    g.put_ship(1, 0, 1, 1)
    over_with(g, [{"pp": 12, "houses_played": 2, "last_tile": 9}, {"pp": 11, "houses_played": 2, "last_tile": 1}])
    res = g.result()
    assert res.scores == [12, 12] and res.ranking == [[1], [0]]


def test_b5_5_tiebreak_3_the_most_recent_tile() -> None:
    g = new()
    over_with(g, [{"pp": 12, "houses_played": 2, "last_tile": 30}, {"pp": 12, "houses_played": 2, "last_tile": 31}])
    assert g.result().ranking == [[1], [0]]
    over_with(g, [{"pp": 12, "houses_played": 2, "last_tile": 0}, {"pp": 12, "houses_played": 2, "last_tile": 0}])
    assert g.result().ranking == [[0, 1]]                             # a full tie shares the place


def test_b5_5_tiebreak_3_landing_a_ship_counts_as_placing_a_tile() -> None:
    """B5.5 tie-break 3 (updated): "landing a ship tile counts as placing a tile"."""
    g = at_turn(2)
    s = g.s
    s["nav"] = []
    lander = s["current"]
    other = 1 - lander
    clear(g)
    strip(g, 0, [{}, {}])
    s["players"][other]["last_tile"] = s["placements"]               # the other seat placed the latest tile
    g.apply(lander, {"type": "land", "ship": "own", "x": 1, "y": 0})
    assert s["players"][lander]["last_tile"] > s["players"][other]["last_tile"]
    for p in s["players"]:
        p.update(pp=12, houses_played=2, discovery=[])
    s["step"], s["end"] = "over", "ships"
    assert g.ship_ports(0) == g.ship_ports(1) == 0
    assert g.result().ranking == [[lander], [other]]


def test_b5_5_a_whole_game_lasts_four_rounds_with_four_ships() -> None:
    import random

    from games.ai import choose_for
    from games.small_islands.ai import SmallIslandsPlayer
    g = new(3)
    rng = random.Random(3)
    ai = SmallIslandsPlayer()
    while not g.over:
        seat = min(g.to_move())
        g.apply(seat, choose_for(g, seat, ai, rng))
    assert g.s["end"] == "ships" and g.s["round"] == 4 and g.s["ships_placed"] == 4


# -- B5.6 hidden information and the contract ---------------------------------------------------------


def test_b5_6_views_hide_hands_cards_tokens_and_orders() -> None:
    g = at_turn(3)
    s = g.s
    s["players"][1]["discovery"] = ["D12"]
    public = g.view(None)
    assert "hand" not in public and "held" not in public and isinstance(public["reserve"], int)
    assert isinstance(public["nav"], int) and "D12" not in str(public)
    mine = g.view(1)
    assert mine["hand"] == s["players"][1]["hand"] and mine["discovery"] == [{"id": "D12", "pp": 9}]
    other = g.view(2)
    assert other["hand"] == s["players"][2]["hand"] and "D12" not in str(other)
    assert other["players"][1]["hand_size"] == 2 and other["players"][1]["discovery_count"] == 1
    for t in s["players"][1]["hand"]:
        assert t not in other["hand"]


def test_contract_unknown_actions_and_extra_fields_are_refused() -> None:
    g = at_turn()
    seat = g.s["current"]
    refuse(g, seat, {"type": "fly"}, "no Small Islands action", "bad_action")
    refuse(g, seat, {"type": "take", "tile": g.s["row"][0], "extra": 1}, "and nothing else")
    refuse(g, seat, {"type": "take", "tile": 3}, "must be text")
    refuse(g, seat, {"type": "done"}, code="wrong_step")


def test_contract_describe_texts_read_well() -> None:
    g = at_turn()
    seat = g.s["current"]
    labels = [g.describe(a) for a in g.legal_actions(seat)]
    assert labels[0].startswith("Take T") and "from the row" in labels[0]
    assert g.describe({"type": "place", "tile": "T05", "rot": 1, "x": 2, "y": -1}) == (  # the free row is 1
        "Place T05 cape (fruit, temple, house symbol) turned 90° at D1")


def test_contract_undo_only_without_reveals() -> None:
    g = at_turn()
    seat = g.s["current"]
    take = {"type": "take", "tile": g.s["row"][0]}
    events = g.apply(seat, take)
    assert g.undoable(take, events) == (g.s["step"] == "place")
    place = g.legal_actions(seat)[0]
    assert g.undoable(place, g.apply(seat, place))
    assert not g.undoable({"type": "no_bonus"}, g.apply(seat, {"type": "no_bonus"}))     # the refill shows a tile
