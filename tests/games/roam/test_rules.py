"""ROAM rules by section and step of rules/roam.md (A2 geometry, A3 data, A5 turn, scoring, variants)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.roam.ai import RoamPlayer
from games.roam.data import ARTIFACTS, CARDS, LAND_IDS
from games.roam.game import RoamGame
from games.roam.geometry import local_to_map, parse_square, project, rotate, slot_of, slot_squares, square_name
from tests.games.roam.table import end_turn, fill_slot, tie_of_the_next_two
from tests.support.properties import refused_unchanged


def squares(edge: str, anchor: str, card: str) -> list[str]:
    normal = list(CARDS[card].normal)
    sq = parse_square(anchor)
    assert sq is not None
    return [square_name(s) for s in project(edge, sq, normal, normal)]


def game(players: int = 4, seed: int = 1, **options: bool) -> RoamGame:
    return RoamGame.new(players, seed=seed, options=options)


def put(g: RoamGame, seat: int, *names: str) -> None:
    """Markers from a seat's supply onto squares."""
    for name in names:
        r, c = parse_square(name)  # type: ignore[misc]
        g.map[r][c].append(seat)
        g.players[seat]["supply"] -= 1


def choose_and_place(g: RoamGame, seat: int, card: str, anchor: str) -> list[dict]:
    events = g.apply(seat, {"type": "choose", "card": card})
    return events + g.apply(seat, {"type": "place", "square": anchor})


# -- A2 geometry ------------------------------------------------------------------------------------

def test_a2_worked_examples_r13_forward_line() -> None:
    assert squares("S", "D6", "R13") == ["D6", "D5", "D4"]
    assert {slot_of(parse_square(s)) for s in squares("S", "D6", "R13")} == {4}  # slot 5
    assert squares("W", "A3", "R13") == ["A3", "B3", "C3"]
    assert [slot_of(parse_square(s)) + 1 for s in squares("W", "A3", "R13")] == [1, 1, 2]
    assert squares("N", "C1", "R13") == ["C1", "C2", "C3"]
    assert squares("E", "F4", "R13") == ["F4", "E4", "D4"]


def test_a2_worked_examples_r05_knight() -> None:
    assert squares("S", "B6", "R05") == ["B6", "C4"]
    assert squares("W", "A1", "R05") == ["A1", "C2"]
    assert squares("N", "E1", "R05") == ["E1", "D3"]
    assert squares("E", "F6", "R05") == ["F6", "D5"]


def test_a2_card_slots_and_the_south_row_turned() -> None:
    assert slot_of((0, 0)) == 0 and slot_of((5, 5)) == 5 and slot_of((3, 2)) == 4
    assert local_to_map(0, 0, 0) == (0, 0) and local_to_map(2, 2, 1) == (2, 5)
    assert local_to_map(3, 0, 0) == (5, 1), "slots 4-6 lie turned 180 degrees"
    assert sorted(slot_squares(4)) == [(3, 2), (3, 3), (4, 2), (4, 3), (5, 2), (5, 3)]


def test_a2_rotate_artifact_turns_clockwise_in_the_seat_frame() -> None:
    normal, _ = rotate([(0, 0), (0, 1), (0, 2)], [])
    assert sorted(normal) == [(0, 0), (1, 0), (2, 0)]
    assert rotate(*rotate(*rotate(*rotate([(0, 0), (1, 2)], [(0, 1)])))) == ([(0, 0), (1, 2)], [(0, 1)])


def test_a2_a_placement_needs_every_normal_cell_on_a_card() -> None:
    g = game()
    seat = g.current
    card = next(c["card"] for c in g.players[seat]["characters"])
    g.apply(seat, {"type": "choose", "card": card})
    anchors = {a["square"] for a in g.legal_actions(seat) if a["type"] == "place"}
    edge = g.players[seat]["edge"]
    normal = list(CARDS[card].normal)
    for r in range(6):
        for c in range(6):
            cells = project(edge, (r, c), normal, normal)
            fits = all(0 <= a < 6 and 0 <= b < 6 for a, b in cells)
            assert (square_name((r, c)) in anchors) == fits


# -- A3 data -----------------------------------------------------------------------------------------

def test_a3_data_set() -> None:
    assert len(LAND_IDS) == 43
    assert Counter(CARDS[c].vp for c in LAND_IDS) == {1: 10, 2: 17, 3: 6, 4: 8, 5: 2}
    assert sum(sum(sum(row) for row in CARDS[c].coins) for c in LAND_IDS) == 67
    starting = [c for c in CARDS.values() if c.flag]
    assert len(starting) == 12 and all(c.vp == 0 for c in starting)
    assert len(ARTIFACTS) == 24 and sum(a.vp for a in ARTIFACTS.values()) == 24
    assert Counter(a.kind for a in ARTIFACTS.values()) == dict.fromkeys(
        ("coin", "blank", "rotate", "slide", "flip", "replace"), 4)


# -- A5.2 setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a5_2_setup(players: int) -> None:
    g = game(players, seed=players)
    assert len([s for s in g.slots if s]) == 6 and len(g.deck) == 37
    coins = [g.players[(g.first + i) % players]["coins"] for i in range(players)]
    assert coins == [0, 1, 1, 2][:players], "starting coins by turn position"
    assert all(p["supply"] == 24 and len(p["characters"]) == 3 for p in g.players)
    assert len(g.row) == 4 and len(g.artifact_deck) == 20
    assert [p["edge"] for p in g.players] == {2: ["S", "N"], 3: ["S", "W", "N"], 4: ["S", "W", "N", "E"]}[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a5_2_step_3_edges_are_assigned_and_turns_go_clockwise_from_a_random_first_player(players: int) -> None:
    """A5.2 step 3 [CLARIFY]: the game assigns the edges (2: S, N; 3: S, W, N; 4: all), the first player
    is random, and turns run clockwise S -> W -> N -> E over the seated edges."""
    edges = {2: ["S", "N"], 3: ["S", "W", "N"], 4: ["S", "W", "N", "E"]}[players]
    firsts = set()
    for seed in range(12):
        g = game(players, seed=seed, artifacts=False)
        assert [p["edge"] for p in g.players] == edges
        firsts.add(g.first)
        order = []
        for _ in range(players + 1):
            order.append(g.players[g.current]["edge"])
            _turn(g, placing=True)
        start = edges.index(order[0])
        assert order == [edges[(start + i) % players] for i in range(players + 1)]
    assert firsts == set(range(players))


def test_a5_2_basic_game_has_no_artifacts_and_the_house_rule_gives_the_third_two_coins() -> None:
    assert game(artifacts=False).row == []
    g = game(3, seed=5, third_player_two_coins=True)
    assert g.players[(g.first + 2) % 3]["coins"] == 2


# -- A5.3 the turn ------------------------------------------------------------------------------------

def test_a5_3_step_0_all_face_down_rests_for_free() -> None:
    g = game()
    seat = g.current
    for ch in g.players[seat]["characters"]:
        ch["up"] = False
    events: list[dict] = []
    g._auto_rest(seat, events)
    assert events == [{"type": "rested", "seat": seat, "paid": 0}]
    assert all(ch["up"] for ch in g.players[seat]["characters"])


def test_a5_3_step_0_3_early_rest_costs_a_coin_per_face_up_character() -> None:
    g = game()
    seat = g.current
    g.players[seat]["characters"][0]["up"] = False
    g.players[seat]["coins"] = 1
    assert {"type": "early_rest"} not in g.legal_actions(seat), "two face up: 2 coins needed"
    refused_unchanged(g, seat, {"type": "early_rest"})
    g.players[seat]["coins"] = 3
    events = g.apply(seat, {"type": "early_rest"})
    assert {"type": "rested", "seat": seat, "paid": 2} in events and g.players[seat]["coins"] == 1
    assert all(ch["up"] for ch in g.players[seat]["characters"])


def test_a5_3_step_1_2_occupied_cells_are_skipped_and_coins_collected() -> None:
    g = game(2, seed=3)
    seat = g.current
    other = 1 - seat
    card = "S2-" + g.players[seat]["colour"]  # @#o: sideways pair
    edge = g.players[seat]["edge"]
    anchor = next(a["square"] for a in (g.apply(seat, {"type": "choose", "card": card}) and g.legal_actions(seat))
                  if a["type"] == "place")
    normal = list(CARDS[card].normal)
    cells = project(edge, parse_square(anchor), normal, normal)
    put(g, other, square_name(cells[1]))
    coins_before = g.players[seat]["coins"]
    expected = g.square_coins(cells[0])
    events = g.apply(seat, {"type": "place", "square": anchor})
    assert {"type": "skipped_cells", "seat": seat, "squares": [square_name(cells[1])]} in events
    assert g.map[cells[0][0]][cells[0][1]] == [seat] and g.map[cells[1][0]][cells[1][1]] == [other]
    assert g.players[seat]["coins"] >= coins_before + expected
    assert not next(ch for ch in g.players[seat]["characters"] if ch["card"] == card)["up"], "flipped face down"


def test_a5_3_step_1_3_a_blank_costs_two_coins_and_the_lantern_pays_for_one() -> None:
    g = game(2, seed=4)
    seat = g.current
    card = "S1-" + g.players[seat]["colour"]  # o/#/@: forward pair and an optional blank
    g.apply(seat, {"type": "choose", "card": card})
    anchor = next(a["square"] for a in g.legal_actions(seat)
                  if a["type"] == "place" and _blank_fits(g, seat, card, a["square"]))
    g.players[seat]["coins"] = 0
    g.apply(seat, {"type": "place", "square": anchor})
    if g.players[seat]["coins"] < 2:
        assert g.phase != "blanks", "with under 2 coins there is no blank to buy"
    paid = game(2, seed=4)
    s1 = paid.current
    paid.players[s1]["coins"] = 10
    paid.apply(s1, {"type": "choose", "card": card})
    paid.apply(s1, {"type": "place", "square": anchor})
    before = paid.players[s1]["coins"]
    blank = next(a for a in paid.legal_actions(s1) if a["type"] == "blank")
    paid.apply(s1, blank)
    assert paid.players[s1]["coins"] == before - 2 + paid.square_coins(parse_square(blank["square"]))
    lantern = game(2, seed=4)
    s2 = lantern.current
    lantern.players[s2]["artifacts"].append({"id": "A-blank-1", "up": True})
    lantern.players[s2]["coins"] = 0
    lantern.apply(s2, {"type": "choose", "card": card})
    lantern.apply(s2, {"type": "place", "square": anchor})
    free = next(a for a in lantern.legal_actions(s2) if a["type"] == "lantern")
    lantern.apply(s2, free)
    assert lantern.players[s2]["artifacts"][0]["up"] is False


def _blank_fits(g: RoamGame, seat: int, card: str, anchor: str) -> bool:
    c = CARDS[card]
    cells = project(g.players[seat]["edge"], parse_square(anchor), list(c.normal), list(c.blank))
    return all(g.has_card(s) for s in cells)


def test_a5_3_step_1_4_a_short_supply_places_what_it_can_normal_first() -> None:
    g = game(2, seed=6)
    seat = g.current
    g.players[seat]["supply"] = 1
    card = "S2-" + g.players[seat]["colour"]
    g.apply(seat, {"type": "choose", "card": card})
    anchor = next(a["square"] for a in g.legal_actions(seat) if a["type"] == "place")
    g.apply(seat, {"type": "place", "square": anchor})
    assert g.phase == "pick" and {a["type"] for a in g.legal_actions(seat)} == {"mark"}
    g.apply(seat, g.legal_actions(seat)[0])
    assert g.players[seat]["supply"] == 0


def test_a5_3_step_3_a_unique_majority_claims_the_card_with_consolation_and_refill() -> None:
    g = game(3, seed=7)
    seat = g.current
    a, b = (seat + 1) % 3, (seat + 2) % 3
    card = g.slots[0]
    next_card = g.deck[0]
    fill_slot(g, 0, [a, a, a, a, b, seat])
    events = end_turn(g)
    claimed = next(e for e in events if e["type"] == "claimed")
    assert claimed["seat"] == a and claimed["card"] == card and sorted(claimed["consoled"]) == sorted([b, seat])
    assert g.players[a]["characters"][-1] == {"card": card, "up": True}, "character side up, face up"
    assert g.slots[0] == next_card and all(not g.map[r][c] for r, c in slot_squares(0)), "markers go home"
    assert all(p["supply"] == 24 for p in g.players)


def test_a5_3_step_3_2_ties_are_bid_in_turn_order_from_the_active_player() -> None:
    g = game(3, seed=8)
    _, a, b = tie_of_the_next_two(g)
    assert g.phase == "bid" and g.bid["order"] == [a, b], "the active player is not tied: the next tied one starts"
    assert g.to_move() == frozenset({a})
    assert {"type": "bid", "amount": 0} in g.legal_actions(a), "the first bid may be 0"
    g.apply(a, {"type": "bid", "amount": 1})
    assert {"type": "bid", "amount": 1} not in g.legal_actions(b) and {"type": "bid", "amount": 2} in g.legal_actions(b)
    refused_unchanged(g, b, {"type": "bid", "amount": 4})
    g.apply(b, {"type": "bid", "amount": 2})
    assert g.players[b]["coins"] == 1 and g.players[b]["characters"][-1]["up"]
    assert g.players[a]["coins"] == 4, "the loser of the bid is consoled with 1 coin"


def test_a5_3_step_3_2_when_every_tied_player_passes_the_first_claims_for_free() -> None:
    g = game(2, seed=9)
    seat = g.current
    other = 1 - seat
    card = g.slots[2]
    for p in g.players:
        p["coins"] = 2
    fill_slot(g, 2, [seat, seat, seat, other, other, other])
    end_turn(g)
    g.apply(seat, {"type": "pass"})
    events = g.apply(other, {"type": "pass"})
    claimed = next(e for e in events if e["type"] == "claimed")
    assert (claimed["seat"], claimed["card"], claimed["paid"]) == (seat, card, 0)
    assert g.players[seat]["coins"] == 2 and g.players[other]["coins"] == 3


def test_a5_3_step_3_6_an_empty_deck_leaves_the_slot_off_the_map() -> None:
    g = game(2, seed=10)
    g.deck = []
    seat = g.current
    fill_slot(g, 5, [seat] * 6)
    end_turn(g)
    assert g.slots[5] is None and not g.has_card((5, 5))


def test_a5_3_step_4_buy_one_artifact_and_refill_the_row() -> None:
    g = game(2, seed=11)
    seat = g.current
    g.players[seat]["coins"] = 20
    end_turn(g)
    assert g.phase == "buy"
    first = g.legal_actions(seat)[0]
    revealed = g.artifact_deck[0]
    g.apply(seat, first)
    assert g.players[seat]["artifacts"] == [{"id": first["artifact"], "up": True}]
    assert revealed in g.row and g.current != seat, "one purchase ends the turn"


def test_a5_3_step_5_ten_cards_end_the_game_when_the_round_completes() -> None:
    g = game(3, seed=12)
    last = (g.first - 1) % 3
    g.current = (g.first + 1) % 3
    g.players[last]["characters"] += [{"card": c, "up": False} for c in g.deck[:7]]
    end_turn(g)
    g.apply(g.current, {"type": "end_turn"})
    assert g.end_triggered and not g.over, "a claim on someone else's turn triggers the end"
    events: list[dict] = []
    while not g.over:
        seat = g.current
        events = g.apply(seat, g.legal_actions(seat)[-1] if g.phase in ("buy", "free") else g.legal_actions(seat)[0])
    ended = [e["seat"] for e in events if e["type"] == "turn_ended"]
    assert ended[-1] == last, "the round completes: the player before the first player ends it"


def _holey_map(g: RoamGame, owner: int) -> None:
    """Every card's squares taken by `owner` but one (its local corner at the scroll): nothing completes."""
    for slot in range(6):
        for sq in slot_squares(slot)[1:]:
            g.map[sq[0]][sq[1]] = [owner]


def _turn_placing_nothing(g: RoamGame) -> list[dict]:
    """A real turn whose anchor falls only on taken squares (an absent seat could play it), no blanks."""
    return _turn(g, placing=False)


def _turn(g: RoamGame, *, placing: bool) -> list[dict]:
    """A real turn with the Scout or Ranger at the first anchor that places a marker (or none), no blanks."""
    seat = g.current
    card = next(a["card"] for a in g.legal_actions(seat) if a["type"] == "choose")
    events = g.apply(seat, {"type": "choose", "card": card})
    normal, _ = g._pattern()
    edge = g.players[seat]["edge"]
    events += g.apply(seat, next(a for a in g.legal_actions(seat) if a["type"] == "place" and placing == any(
        g.placeable(sq) for sq in project(edge, parse_square(a["square"]), normal, normal))))
    while g.current == seat and not g.over:
        events += g.apply(seat, next(a for a in g.legal_actions(seat) if a["type"] in ("done", "end_turn")))
    return events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a5_3_step_5_stall_guard_2n_turns_without_a_marker_or_claim_make_the_round_the_last(players: int) -> None:
    """A5.3 step 5 stall guard: "if 2n consecutive turns pass in which nobody places a marker or claims a
    card, the current round becomes the last (n = players)"; a turn that places a marker starts the count
    again."""
    g = game(players, seed=21, artifacts=False)
    _holey_map(g, g.first)
    _turn(g, placing=False)
    assert g.idle == 1
    for _ in range(players):                    # the others, then the first player of round 2, place
        _turn(g, placing=True)
    assert g.idle == 0, "a turn that places a marker starts the count again"
    for turn in range(2 * players - 1):
        _turn(g, placing=False)
        assert g.idle == turn + 1 and not g.end_triggered
    events = _turn(g, placing=False)            # the 2n-th: the first player's turn, the start of round 4
    assert {"type": "end_triggered", "reason": "stalled"} in events and g.end_triggered and not g.over
    while not g.over:
        events = _turn(g, placing=False)
    ended = [e["seat"] for e in events if e["type"] == "turn_ended"]
    assert ended[-1] == (g.first - 1) % players and g.round_no == 4, "the current round was the last"


def test_a5_3_step_5_the_ai_of_a_timed_out_turn_prefers_an_anchor_that_places_a_marker() -> None:
    """A5.3 step 5: "An AI playing a timed-out turn always prefers an anchor that places a marker."  Only
    the corner A1 is free; Brother Alder (a plus of five) cannot reach a corner, the Scout can."""
    g = game(2, seed=21, artifacts=False)
    seat = g.current
    colour = g.players[seat]["colour"]
    g.players[seat]["characters"] = [{"card": "R39", "up": True}, {"card": f"S1-{colour}", "up": True}]
    for r in range(6):
        for c in range(6):
            g.map[r][c] = [] if (r, c) == (0, 0) else [1 - seat]
    ai, rng = RoamPlayer(), random.Random(1)
    chosen = ai.choose(g.view(seat), g.legal_actions(seat), rng)
    assert chosen == {"type": "choose", "card": f"S1-{colour}"}, "the bigger pattern would place nothing"
    g.apply(seat, chosen)
    events = g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng))
    assert [e["square"] for e in events if e["type"] == "marker"] == ["A1"]


def test_a5_4_scoring_and_the_coin_tiebreak() -> None:
    g = game(2, seed=13)
    g.players[0]["characters"].append({"card": "R01", "up": True})  # 4 VP
    g.players[1]["characters"].append({"card": "R05", "up": True})  # 5 VP
    g.players[0]["artifacts"].append({"id": "A-coin-2", "up": True})  # 1 VP
    g.players[0]["coins"], g.players[1]["coins"] = 3, 1
    g.finished = True
    result = g.result()
    assert result is not None and result.scores == [5, 5] and result.winners == [0], "the most coins breaks the tie"
    g.players[1]["coins"] = 3
    assert g.result().winners == [0, 1], "then the victory is shared"


# -- artifacts ----------------------------------------------------------------------------------------------

def test_a3_3_backpack_walking_stick_hourglass_wizards_hat_and_stone_hammer() -> None:
    g = game(2, seed=14)
    seat = g.current
    other = 1 - seat
    for aid in ("A-coin-1", "A-slide-1", "A-flip-1", "A-rotate-1", "A-replace-1"):
        g.players[seat]["artifacts"].append({"id": aid, "up": True})
    coins = g.players[seat]["coins"]
    g.apply(seat, {"type": "backpack"})
    assert g.players[seat]["coins"] == coins + 1
    card = g.players[seat]["characters"][0]["card"]
    g.apply(seat, {"type": "choose", "card": card})
    assert {"type": "rotate"} in g.legal_actions(seat)
    g.apply(seat, {"type": "rotate"})
    assert g.turn["rotations"] == 1
    put(g, other, *[a["square"] for a in g.legal_actions(seat) if a["type"] == "place"][:1])
    hammer = next(a for a in g.legal_actions(seat) if a["type"] == "hammer")
    supply = g.players[other]["supply"]
    g.apply(seat, hammer)
    target = parse_square(hammer["target"])
    assert seat in g.map[target[0]][target[1]] and other not in g.map[target[0]][target[1]]
    assert g.players[other]["supply"] == supply + 1, "the replaced marker goes home"
    used = {a["id"]: a["up"] for a in g.players[seat]["artifacts"]}
    assert not used["A-coin-1"] and not used["A-rotate-1"] and not used["A-replace-1"]


def test_a3_3_walking_stick_slides_any_marker_to_an_empty_neighbour() -> None:
    g = game(2, seed=15)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-slide-1", "up": True})
    put(g, 1 - seat, "C3")
    slide = next(a for a in g.legal_actions(seat) if a["type"] == "slide" and a["from"] == "C3")
    coins = g.players[seat]["coins"]
    g.apply(seat, slide)
    to = parse_square(slide["to"])
    assert g.map[2][2] == [] and g.map[to[0]][to[1]] == [1 - seat] and g.players[seat]["coins"] == coins


def test_a3_3_hourglass_flips_a_character_at_the_start_of_the_turn() -> None:
    g = game(2, seed=16)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-flip-1", "up": True})
    card = g.players[seat]["characters"][1]["card"]
    g.apply(seat, {"type": "hourglass", "card": card})
    assert g.players[seat]["characters"][1]["up"] is False
    assert not [a for a in g.legal_actions(seat) if a["type"] == "hourglass"], "once, at the very start"


# -- A5.5 variants ------------------------------------------------------------------------------------------

def test_a5_5_outpost_surrounding_an_opponent_marker_scores_three() -> None:
    g = game(2, seed=17, outpost=True)
    seat = g.current
    put(g, 1 - seat, "C3")
    put(g, seat, "B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4")
    events = end_turn(g)
    assert {"type": "outpost", "seat": seat, "square": "C3"} in events and g.score_parts(seat)["outpost"] == 3
    edge = game(2, seed=17, outpost=True)
    put(edge, 1 - edge.current, "A1")
    put(edge, edge.current, "A2", "B1", "B2")
    end_turn(edge)
    assert edge.outpost is None, "a marker on the map edge cannot be surrounded"


def test_a5_5_stacking_two_markers_per_square_and_majority_counts_all() -> None:
    g = game(2, seed=18, stacking=True)
    seat = g.current
    other = 1 - seat
    assert g.placeable((0, 0))
    put(g, other, "A1")
    assert g.placeable((0, 0))
    put(g, seat, "A1")
    assert not g.placeable((0, 0)), "two markers fill a square"
    counts_before = g.counts(0)
    assert counts_before[seat] == 1 and counts_before[other] == 1


# -- A5.6 views -----------------------------------------------------------------------------------------------

def test_a5_6_everything_is_public_but_the_deck_orders() -> None:
    g = game(3, seed=19)
    view = g.view(None)
    assert "deck" not in view and view["deck_left"] == len(g.deck)
    assert "artifact_deck" not in view and view["artifact_deck_left"] == len(g.artifact_deck)
    assert {k: v for k, v in g.view(1).items() if k != "seat"} == view


def test_a5_3_step_3_2_a_tied_player_without_coins_for_the_minimum_passes_at_once() -> None:
    g = game(2, seed=20)
    seat = g.current
    other = 1 - seat
    g.players[seat]["coins"], g.players[other]["coins"] = 2, 0
    fill_slot(g, 0, [seat, seat, seat, other, other, other])
    end_turn(g)
    g.apply(seat, {"type": "bid", "amount": 1})
    assert g.bid is None and g.players[seat]["coins"] == 1, "the other player cannot bid 2 and passes at once"
    assert g.players[seat]["characters"][-1]["up"]


def test_a5_3_step_3_simultaneous_completions_resolve_in_slot_order() -> None:
    g = game(2, seed=21)
    seat = g.current
    other = 1 - seat
    first, second = g.slots[4], g.slots[1]
    fill_slot(g, 4, [other] * 4 + [seat] * 2)
    fill_slot(g, 1, [seat] * 4 + [other] * 2)
    events = end_turn(g)
    claims = [(e["slot"], e["seat"], e["card"]) for e in events if e["type"] == "claimed"]
    assert claims == [(2, seat, second), (5, other, first)], "slot 2 before slot 5"
