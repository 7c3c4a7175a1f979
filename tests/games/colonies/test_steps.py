"""Colonies step rules COL-S1 … COL-S29 of rules/colonies.md, one or more tests each, and the §9 scenarios 1–16.

Positions are hand-built with `tests.games.colonies.table`; dice are rigged with `rig`.  Refusals go
through `refused_unchanged`, so every refused move is also checked to leave the state untouched, and
the message is checked to name the reason.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from games.colonies.game import Colonies
from games.colonies.table import ACTED, MAIN, OVER, READY, SOLDIER, THREAT
from games.core import RuleError
from tests.games.colonies.table import hand, in_play, rig, table, zone
from tests.support.properties import refused_unchanged

RULE_ID = re.compile(r"COL-[SR]\d+")

STARTING_SET = Counter(food=5, farmer=2, soldier=1, coast=1, farmland=1)
SAFE_DECK = ["farmer", "coast"] * 6
"""A deck with Population in it, so a player who ends a turn is not eliminated by accident."""


def pl(game: Colonies, seat: int = 0) -> dict[str, Any]:
    return game.s["players"][seat]


def put(game: Colonies, *cards: str, seat: int = 0, state: str = READY) -> None:
    """Cards straight into play (as if played earlier this turn)."""
    for card in cards:
        pl(game, seat)["in_play"].append({"card": card, "state": state})


def states(game: Colonies, seat: int = 0) -> list[tuple[str, str]]:
    return [(e["card"], e["state"]) for e in pl(game, seat)["in_play"]]


def go(game: Colonies, action: dict[str, Any], seat: int = 0) -> list[dict[str, Any]]:
    return game.apply(seat, action)


def refuse(game: Colonies, action: dict[str, Any], *reason: str, seat: int = 0) -> str:
    """The move is refused, nothing changes, and the message contains every `reason` fragment; a rule id
    ("COL-S10") is looked for in the rules the refusal applies, which the player does not read."""
    err = refused_unchanged(game, seat, action)
    message, rules = str(err), " ".join(err.rules)
    for fragment in reason:
        said = rules if RULE_ID.fullmatch(fragment) else message
        assert fragment in said, f"refusal of {action} says {message!r} {err.rules}, expected {fragment!r}"
    return message


def play(card: str, **extra: Any) -> dict[str, Any]:
    return {"type": "play", "card": card, **extra}


def pop(card: str, food: str = "hand") -> dict[str, Any]:
    return {"type": "play", "card": card, "food": food}


def work(worker: str, land: str, **extra: Any) -> dict[str, Any]:
    return {"type": "work", "worker": worker, "land": land, **extra}


def end(granary: int = 0) -> dict[str, Any]:
    return {"type": "end_turn", "granary": granary}


def offer(give: list[str], want: list[str], partner: int = 1, **extra: Any) -> dict[str, Any]:
    """An offer to the player in seat `partner`; the engine numbers partners from 1, as on the board."""
    return {"type": "offer", "partner": partner + 1, "give": give, "want": want, **extra}


def supplies(game: Colonies) -> tuple[int, int]:
    return game.s["food_supply"], game.s["wealth_supply"]


# -- COL-S1 setup ---------------------------------------------------------------------------------------


def test_col_s1_setup_four_players_starting_sets_and_common_piles() -> None:
    # §9 scenario 1: 4p → 5 hand + 5 deck = the starting set; Pop 37, Land 22, Events 24, Threats 25,
    # Shipments 30, Food 40, Wealth 15, no event.  Every fact is gathered first and compared at once, so a
    # failure lists each fact that is wrong, not only the first.
    game = Colonies.new(4, seed=5)
    s = game.s
    seen: dict[str, Any] = {}
    wanted: dict[str, Any] = {}
    for seat in range(4):
        p = pl(game, seat)
        seen |= {f"seat {seat}: hand, deck": (len(p["hand"]), len(p["deck"])),
                 f"seat {seat}: hand + deck": Counter(p["hand"] + p["deck"]),
                 f"seat {seat}: 1-4 Food in hand (legal after any mulligan)": 0 < p["hand"].count("food") < 5,
                 f"seat {seat}: discard, in play, granary, shipped, livestock, eliminated":
                     (p["discard"], p["in_play"], p["granary"], p["shipped"], p["livestock"], p["eliminated"])}
        wanted |= {f"seat {seat}: hand, deck": (5, 5),
                   f"seat {seat}: hand + deck": STARTING_SET,
                   f"seat {seat}: 1-4 Food in hand (legal after any mulligan)": True,
                   f"seat {seat}: discard, in play, granary, shipped, livestock, eliminated": ([], [], 0, 0, 0, False)}
    seen |= {"pop deck, lineup": (len(s["pop_deck"]), len(s["lineup"])),
             "population cards": Counter(s["pop_deck"] + s["lineup"]),
             "land deck, frontier": (len(s["land_deck"]), len(s["frontier"])),
             "land cards": Counter(s["land_deck"] + s["frontier"]),
             "event deck": Counter(s["event_deck"]),
             "threat deck: size, copies of each": (len(s["threat_deck"]), set(Counter(s["threat_deck"]).values())),
             "shipment deck: size, copies of each, has laborers":
                 (len(s["shipment_deck"]), set(Counter(s["shipment_deck"]).values()), "laborers" in s["shipment_deck"]),
             "food, wealth supply": (s["food_supply"], s["wealth_supply"]),
             "active event, event discard, trash": (s["active_event"], s["event_discard"], s["trash"]),
             "round, current is the first settler, phase": (s["round"], s["current"] == s["first_settler"], s["phase"]),
             "to move": game.to_move()}
    wanted |= {"pop deck, lineup": (37, 3),
               "population cards": Counter(farmer=15, trader=5, trapper=5, miner=5, soldier=5, explorer=5),
               "land deck, frontier": (22, 3),
               "land cards": Counter(farmland=10, forest=5, mountains=5, coast=5),
               "event deck": Counter({e: 3 for e in ("witch_trials", "harsh_winter", "gold_rush", "pilgrimage",
                                                     "trade_winds", "strife", "vermin", "bountiful_harvest")}),
               "threat deck: size, copies of each": (25, {5}),
               "shipment deck: size, copies of each, has laborers": (30, {5}, True),
               "food, wealth supply": (40, 15),
               "active event, event discard, trash": (None, [], []),
               "round, current is the first settler, phase": (1, True, MAIN),
               "to move": frozenset({s["first_settler"]})}
    assert seen == wanted  # pytest lists every differing item


def test_col_s1_player_count_two_to_six() -> None:
    for n in (2, 6):
        game = Colonies.new(n, seed=2)
        assert len(game.s["players"]) == n
        assert len(game.s["pop_deck"]) == 37, "nothing but starting sets depends on the player count"
    for n in (1, 7):
        with pytest.raises(RuleError, match="2 to 6"):
            Colonies.new(n, seed=2)


def test_col_s1_first_settler_chosen_by_host_or_random() -> None:
    game = Colonies.new(4, seed=9, first_settler=2)
    assert game.s["first_settler"] == 2 and game.s["current"] == 2
    assert game.to_move() == frozenset({2})
    seen = {Colonies.new(4, seed=seed).s["first_settler"] for seed in range(60)}
    assert seen == {0, 1, 2, 3}


def test_col_s1_mulligan_all_food_hand_is_revealed_and_redrawn() -> None:
    # §9 scenario 2: opening hand 5 Food → revealed, reshuffled, redrawn; new hand with 2 Food accepted;
    # mulligans=1.  Searched over seeds so the test does not depend on one shuffle.
    for seed in range(1, 1000):
        game = Colonies.new(4, seed=seed)
        reveals = [e for e in game.events if e["type"] == "mulligan"]
        hit = next((e for e in reveals if e["cards"] == ["food"] * 5 and pl(game, e["seat"])["mulligans"] == 1
                    and pl(game, e["seat"])["hand"].count("food") == 2), None)
        if hit is not None:
            break
    else:
        pytest.fail("no seed gives an all-Food opening hand")
    p = pl(game, hit["seat"])
    assert len(p["hand"]) == 5 and len(p["deck"]) == 5
    assert Counter(p["hand"] + p["deck"]) == STARTING_SET
    assert [e["seat"] for e in reveals].count(hit["seat"]) == 1
    assert hit in game.view(None)["last"], "the reveal is in the public log"


def test_col_s1_mulligan_hand_without_food_is_redrawn_until_legal() -> None:
    game = table()
    p = pl(game)
    p["hand"], p["deck"], p["mulligans"] = [], ["farmer", "farmer", "soldier", "coast", "farmland"] + ["food"] * 5, 0
    game.events = []
    game.opening_hand(0)
    reveals = [e for e in game.events if e["type"] == "mulligan"]
    assert reveals and sorted(reveals[0]["cards"]) == ["coast", "farmer", "farmer", "farmland", "soldier"]
    assert p["mulligans"] == len(reveals) >= 1
    assert 0 < p["hand"].count("food") < 5 and len(p["hand"]) == 5
    assert Counter(p["hand"] + p["deck"]) == STARTING_SET


# -- COL-S2 draw -----------------------------------------------------------------------------------


def test_col_s2_draw_takes_the_top_card_of_the_deck() -> None:
    game = table(hand=["wealth"], deck=["forest", "food", "coast"])
    go(game, play("wealth"))
    assert hand(game) == ["forest"]
    assert pl(game)["deck"] == ["food", "coast"]


def test_col_s2_draw_shuffles_the_discard_into_a_new_deck_when_the_deck_is_empty() -> None:
    game = table(hand=["horses"], deck=["wealth"], discard=["food", "coast", "farmer"])
    events = go(game, play("horses"))
    p = pl(game)
    assert p["hand"][0] == "wealth", "the old deck is drawn first, one card at a time"
    assert len(p["hand"]) == 3 and len(p["deck"]) == 1 and p["discard"] == []
    assert Counter(p["hand"] + p["deck"]) == Counter(wealth=1, food=1, coast=1, farmer=1)
    assert {"type": "reshuffled", "seat": 0, "count": 3} in events
    assert in_play(game) == ["horses"]


def test_col_s2_draw_with_deck_and_discard_empty_does_nothing() -> None:
    # §9 scenario 32 (first half): deck 1, discard 0, Horses → 1 card drawn, the rest skipped.
    game = table(hand=["horses"], deck=["food"], discard=[])
    go(game, play("horses"))
    assert hand(game) == ["food"]
    assert zone(game, "deck") == [] and zone(game, "discard") == []


# -- COL-S3 gain ------------------------------------------------------------------------------------


def test_col_s3_gains_go_to_the_discard_pile_not_the_hand() -> None:
    game = table(hand=["farmland", "farmer", "food"], deck=["coast"], discard=[],
                 lineup=["miner", "trader", "farmer"])
    food_before, _ = supplies(game)
    go(game, play("farmland"))
    go(game, pop("farmer"))
    go(game, work("farmer", "farmland"))
    assert hand(game) == []
    assert zone(game, "discard") == ["food"] * 3
    assert game.s["food_supply"] == food_before + 1 - 3  # paid 1 back, gained 3


def test_col_s3_gain_from_line_up_and_frontier_goes_to_discard() -> None:
    game = table(hand=[], deck=["coast"], discard=[], lineup=["miner", "trader", "farmer"],
                 frontier=["forest", "coast", "farmland"], threat_deck=["disease", "pirates"])
    put(game, "farmer", "soldier")
    go(game, {"type": "reproduce", "worker": "farmer", "card": "miner"})
    go(game, {"type": "explore", "worker": "soldier", "card": "forest"})
    assert zone(game, "discard") == ["disease", "forest", "miner"]
    assert game.s["lineup"] == ["trader", "farmer"] and game.s["frontier"] == ["coast", "farmland"]
    assert hand(game) == []


def test_col_s3_wealth_short_group_gains_only_what_the_supply_holds() -> None:
    # §9 scenario 16: Wealth supply 2, group of 3 on Farmland → +2 Wealth, supply 0.
    game = table(hand=[], discard=[], wealth_supply=2)
    put(game, "farmland", state=ACTED)
    put(game, "farmer", "farmer", "soldier")
    go(game, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer", "soldier"]})
    assert game.s["wealth_supply"] == 0
    assert zone(game, "discard") == ["wealth", "wealth"]
    assert all(state == ACTED for _, state in states(game))


def test_col_s3_empty_source_gives_nothing() -> None:
    game = table(hand=[], discard=[], food_supply=1, threat_deck=[], frontier=["forest"])
    put(game, "farmland", state=ACTED)
    put(game, "farmer", "soldier")
    go(game, work("farmer", "farmland"))
    assert zone(game, "discard") == ["food"] and game.s["food_supply"] == 0
    go(game, {"type": "explore", "worker": "soldier", "card": "forest"})
    assert zone(game, "discard") == ["food", "forest"], "an empty Threat deck gives no Threat"


# -- COL-S4 trash ---------------------------------------------------------------------------------------


def test_col_s4_trashed_food_and_wealth_return_to_supply_other_cards_to_trash() -> None:
    game = table(hand=["crop_failure", "pirates", "disease", "food", "wealth", "farmer"],
                 deck=["coast", "coast", "coast"])
    food, wealth = supplies(game)
    go(game, play("crop_failure", target="food"))
    assert supplies(game) == (food + 1, wealth) and game.s["trash"] == []
    go(game, play("pirates", target="wealth"))
    assert supplies(game) == (food + 1, wealth + 1) and game.s["trash"] == []
    go(game, play("disease", target="farmer"))
    assert game.s["trash"] == ["farmer"]
    assert supplies(game) == (food + 1, wealth + 1)


def test_col_s4_trashed_land_and_shipment_stay_in_the_trash() -> None:
    game = table(hand=["warlike_tribe", "pirates", "forest", "horses", "food"], deck=["coast", "coast"])
    go(game, play("warlike_tribe", target="forest"))
    go(game, play("pirates", target="horses"))
    assert game.s["trash"] == ["forest", "horses"]
    assert "forest" not in hand(game) and "horses" not in hand(game)


# -- COL-S5 event flip ------------------------------------------------------------------------------------


def test_col_s5_event_flips_only_at_the_first_settlers_turn_from_round_two() -> None:
    # §9 scenario 3: round 1 no flip; round 2 First Settler's turn → Events 23, event active; other
    # seats' turns flip nothing.
    game = Colonies.new(3, seed=3, first_settler=1)
    for p in game.s["players"]:
        p["deck"] += ["farmer"] * 10  # nobody runs out of Population while the turns pass
    top = game.s["event_deck"][0]
    for seat in (1, 2, 0):
        assert game.s["current"] == seat and game.s["round"] == 1
        assert game.s["active_event"] is None and len(game.s["event_deck"]) == 24
        go(game, end(), seat)
    assert game.s["current"] == 1 and game.s["round"] == 2
    assert game.s["active_event"] == top and len(game.s["event_deck"]) == 23
    for seat in (1, 2, 0):
        assert game.s["current"] == seat and game.s["round"] == 2
        assert game.s["active_event"] == top and len(game.s["event_deck"]) == 23
        go(game, end(), seat)
    second = game.s["active_event"]
    assert game.s["round"] == 3 and len(game.s["event_deck"]) == 22
    assert game.s["event_discard"] == [top] and second is not None


def test_col_s5_previous_event_goes_to_event_discard_and_last_flip_sets_final_round() -> None:
    game = table(2, seat=1, first_settler=0, event="gold_rush", event_deck=["pilgrimage"], hand=[],
                 deck=SAFE_DECK)
    go(game, end(), 1)
    s = game.s
    assert s["current"] == 0 and s["round"] == 2
    assert s["active_event"] == "pilgrimage" and s["event_discard"] == ["gold_rush"]
    assert s["event_deck"] == [] and s["final_round"] is True


def test_col_s5_vermin_infestation_moves_every_granary_to_discard_on_reveal() -> None:
    game = table(3, seat=2, first_settler=0, event="trade_winds", event_deck=["vermin", "gold_rush"], hand=[],
                 deck=SAFE_DECK)
    pl(game, 0)["granary"], pl(game, 1)["granary"], pl(game, 2)["granary"] = 3, 0, 2
    before = [Counter(pl(game, seat)["discard"])["food"] for seat in range(3)]
    food_supply = game.s["food_supply"]
    events = go(game, end(), 2)
    assert game.s["active_event"] == "vermin" and game.s["current"] == 0
    assert [pl(game, seat)["granary"] for seat in range(3)] == [0, 0, 0]
    assert Counter(pl(game, 0)["discard"])["food"] == before[0] + 3
    assert Counter(pl(game, 1)["discard"])["food"] == before[1]
    # seat 2 cleaned up before the flip: its discard now holds its 2 granary Food as cards (and its
    # deck was drawn from, so count over all its zones)
    p2 = pl(game, 2)
    assert Counter(p2["discard"] + p2["hand"] + p2["deck"])["food"] == 2
    assert game.s["food_supply"] == food_supply, "granary Food goes to the discard pile, not the supply"
    assert {"type": "vermin", "seat": 0, "food": 3} in events
    assert game.s["final_round"] is False


# -- COL-S6 Soldier window ------------------------------------------------------------------------------


def test_col_s6_soldier_pre_empts_disease_by_combat_in_hand() -> None:
    # §9 scenario 8: hand [Disease, Soldier, Food, Farmer, Coast] → play Soldier (Food trashed), Combat
    # Disease in hand → Trash, no draw, threats_played=0; Farmer unaffordable → trashed at clean-up.
    game = table(hand=["disease", "soldier", "food", "farmer", "coast"], deck=["wealth"] * 8)
    assert game.s["phase"] == SOLDIER
    food = game.s["food_supply"]
    go(game, pop("soldier"))
    assert game.s["food_supply"] == food + 1 and states(game) == [("soldier", READY)]
    assert game.s["phase"] == SOLDIER
    go(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["disease"]
    assert hand(game) == ["coast", "farmer"], "no draw for a Threat that was never played"
    assert game.s["threats_played"] == 0 and in_play(game) == ["soldier"]
    assert game.s["phase"] == MAIN
    refuse(game, pop("farmer"), "COL-S10")
    refuse(game, pop("farmer", "granary"), "granary")
    go(game, end())
    assert game.s["trash"] == ["disease", "farmer"]
    assert "soldier" in pl(game)["discard"] and "coast" in pl(game)["discard"]


def test_col_s6_without_the_soldier_disease_trashes_a_chosen_population_and_draws() -> None:
    # §9 scenario 8 (second half).
    game = table(hand=["disease", "soldier", "food", "farmer", "coast"], deck=["wealth", "food"])
    go(game, play("disease", target="farmer"))
    assert game.s["trash"] == ["farmer"]
    assert hand(game) == ["coast", "food", "soldier", "wealth"]
    assert game.s["threats_played"] == 1 and in_play(game) == ["disease"]
    assert game.s["phase"] == MAIN


def test_col_s6_soldier_window_allows_only_soldier_plays() -> None:
    game = table(hand=["disease", "soldier", "farmer", "food", "food", "coast", "wealth"], deck=["food"] * 3)
    assert game.s["phase"] == SOLDIER
    for card in ("coast", "wealth"):
        refuse(game, play(card), "COL-S6")
    refuse(game, pop("farmer"), "COL-S6")
    refuse(game, end(), "Threats")
    go(game, pop("soldier"))
    assert in_play(game) == ["soldier"] and game.s["phase"] == SOLDIER


def test_col_s6_soldier_window_forbids_trade() -> None:
    game = table(hand=["disease", "soldier", "food", "food"], deck=["food"] * 3)
    go(game, pop("soldier"))
    pl(game, 1)["hand"] = ["wealth"]
    refuse(game, offer(["food"], ["wealth"], worker="soldier"),
           "main step")
    assert game.s["offer"] is None


def test_col_s6_soldier_window_allows_livestock_work_explore_and_reproduce() -> None:
    game = table(hand=["disease", "soldier", "soldier", "soldier", "food", "food", "food"], deck=["food"] * 3,
                 lineup=["miner", "farmer", "trader"], frontier=["forest", "coast", "farmland"],
                 threat_deck=["pirates", "warlike_tribe"])
    pl(game)["livestock"] = 1
    pl(game)["discard"] = []
    for _ in range(3):
        go(game, pop("soldier"))
    go(game, work("soldier", "livestock"))
    go(game, {"type": "explore", "worker": "soldier", "card": "forest"})
    go(game, {"type": "reproduce", "worker": "soldier", "card": "miner"})
    assert game.s["phase"] == SOLDIER, "the window stays open until a Threat is played"
    assert zone(game, "discard") == ["food", "forest", "miner", "pirates"]
    assert all(state == ACTED for _, state in states(game))


def test_col_s6_window_closes_at_the_first_threat_played() -> None:
    game = table(hand=["crop_failure", "disease", "soldier", "food", "food", "farmer"], deck=["coast"] * 3)
    go(game, play("crop_failure", target="food"))
    assert game.s["phase"] == THREAT
    refuse(game, pop("soldier"), "COL-S7")
    assert "soldier" in hand(game)


# -- COL-S7 THREAT step ------------------------------------------------------------------------------------


def test_col_s7_threat_chain_plays_every_threat_including_drawn_ones() -> None:
    # §9 scenario 9: hand [Crop Failure, Warlike Tribe, Food, Forest, Farmer], deck [Pirates, Wealth, …] →
    # Crop Failure trashes Food, draws Pirates; Pirates must be played (no target), draws Wealth; Warlike
    # trashes Forest, draws 1; then MAIN.
    game = table(hand=["crop_failure", "warlike_tribe", "food", "forest", "farmer"],
                 deck=["pirates", "wealth", "coast", "food"])
    food = game.s["food_supply"]
    go(game, play("crop_failure", target="food"))
    assert game.s["food_supply"] == food + 1
    assert hand(game) == ["farmer", "forest", "pirates", "warlike_tribe"]
    assert game.s["phase"] == THREAT
    refuse(game, {"type": "cannibalize", "card": "farmer"}, "Threats")
    refuse(game, end(), "Threats")
    go(game, play("pirates"))
    assert hand(game) == ["farmer", "forest", "warlike_tribe", "wealth"], "no target: nothing trashed, still a draw"
    assert game.s["phase"] == THREAT
    go(game, play("warlike_tribe", target="forest"))
    assert game.s["trash"] == ["forest"]
    assert hand(game) == ["coast", "farmer", "wealth"]
    assert game.s["phase"] == MAIN and game.s["threats_played"] == 3
    assert in_play(game) == ["crop_failure", "pirates", "warlike_tribe"]


def test_col_s7_threat_without_target_has_no_effect_but_still_draws() -> None:
    # §9 scenario 6: hand [Crop Failure, Farmer, Coast, Wealth, Soldier], deck top Food → nothing trashed;
    # the Food drawn stays.
    game = table(hand=["crop_failure", "farmer", "coast", "wealth", "soldier"], deck=["food", "coast"])
    refuse(game, play("crop_failure", target="farmer"), "Leave out the card it takes")
    go(game, play("crop_failure"))
    assert game.s["trash"] == []
    assert hand(game) == ["coast", "farmer", "food", "soldier", "wealth"]
    assert game.s["phase"] == MAIN and game.s["threats_played"] == 1
    assert in_play(game) == ["crop_failure"]


def test_col_s7_nothing_but_threats_in_the_threat_step() -> None:
    game = table(hand=["crop_failure", "disease", "soldier", "food", "food", "food", "coast"], deck=["coast"] * 3,
                 frontier=["forest"], lineup=["miner"])
    go(game, pop("soldier"))
    go(game, play("crop_failure", target="food"))
    assert game.s["phase"] == THREAT
    refuse(game, play("coast"), "COL-S7")
    refuse(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"}, "COL-S7")
    refuse(game, {"type": "explore", "worker": "soldier", "card": "forest"}, "COL-S7")
    refuse(game, {"type": "reproduce", "worker": "soldier", "card": "miner"}, "COL-S7")
    refuse(game, end(), "Threats")
    go(game, play("disease"))  # the Soldier is in play, so Disease finds no Population in hand
    assert game.s["phase"] == MAIN and game.s["threats_played"] == 2


# -- COL-S8 threat effects --------------------------------------------------------------------------------


@pytest.mark.parametrize(("threat", "rest", "target", "trashed", "drew"), [
    ("crop_failure", ["food", "farmer"], "food", [], True),
    ("disease", ["food", "farmer"], "farmer", ["farmer"], True),
    ("pirates", ["wealth", "food"], "wealth", [], True),
    ("pirates", ["arms", "food"], "arms", ["arms"], True),
    ("warlike_tribe", ["coast", "food"], "coast", ["coast"], True),
    ("peaceful_tribe", ["disease", "food"], "disease", [], False),
])
def test_col_s8_each_threat_takes_its_kind_of_card_from_hand(threat: str, rest: list[str], target: str,
                                                              trashed: list[str], drew: bool) -> None:
    game = table(hand=[threat, *rest], deck=["mountains", "mountains"], discard=[])
    food, wealth = supplies(game)
    go(game, play(threat, target=target))
    left = [c for c in rest if c != target]
    assert hand(game) == sorted(left + (["mountains"] if drew else []))
    assert game.s["trash"] == trashed
    if threat == "peaceful_tribe":
        assert zone(game, "discard") == [target], "Peaceful Tribe discards, it does not trash"
    else:
        assert zone(game, "discard") == []
    assert supplies(game) == (food + (target == "food"), wealth + (target == "wealth"))


@pytest.mark.parametrize(("threat", "wrong"), [
    ("crop_failure", "farmer"), ("disease", "food"), ("pirates", "coast"), ("warlike_tribe", "wealth")])
def test_col_s8_threat_target_of_the_wrong_kind_is_refused(threat: str, wrong: str) -> None:
    game = table(hand=[threat, "food", "farmer", "coast", "wealth", "horses"], deck=["coast"])
    refuse(game, play(threat, target=wrong), "COL-S8")


def test_col_s8_peaceful_tribe_discards_a_card_and_draws_nothing() -> None:
    # §9 scenario 7: hand [Peaceful Tribe, Food, Farmer] → discard Farmer; no draw; hand [Food].
    game = table(hand=["peaceful_tribe", "food", "farmer"], deck=["wealth", "coast"], discard=[])
    go(game, play("peaceful_tribe", target="farmer"))
    assert hand(game) == ["food"]
    assert zone(game, "discard") == ["farmer"]
    assert pl(game)["deck"] == ["wealth", "coast"]
    assert game.s["trash"] == [] and game.s["phase"] == MAIN


# -- COL-S9 threat lock -----------------------------------------------------------------------------------


def test_col_s9_threat_drawn_in_main_locks_card_plays_until_fought() -> None:
    # §9 scenario 10: MAIN, Farmer in play unacted; play Wealth draws Disease → play Land and endturn
    # rejected; Farmer Combats Disease in hand → Trash; Land now playable.
    game = table(hand=["farmer", "food", "wealth", "forest"], deck=["disease", "food"])
    go(game, pop("farmer"))
    go(game, play("wealth"))
    assert "disease" in hand(game) and game.s["phase"] == MAIN and game.view(0)["locked"] is True
    refuse(game, play("forest"), "COL-S9")
    refuse(game, end(), "COL-S9")
    go(game, {"type": "combat", "worker": "farmer", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["disease"] and game.s["threats_played"] == 0
    assert game.view(0)["locked"] is False
    go(game, play("forest"))
    assert in_play(game) == ["farmer", "wealth", "forest"]


def test_col_s9_lock_forbids_cannibalism_and_trade_until_the_threat_is_played() -> None:
    game = table(hand=["wealth", "farmer", "food", "food"], deck=["crop_failure", "coast", "coast"])
    put(game, "trader")
    pl(game, 1)["hand"] = ["wealth", "coast"]
    go(game, play("wealth"))
    refuse(game, {"type": "cannibalize", "card": "farmer"}, "COL-S13")
    refuse(game, offer(["food"], ["wealth"], worker="trader"),
           "COL-S9")
    go(game, play("crop_failure", target="food"))
    assert game.s["threats_played"] == 1 and in_play(game) == ["trader", "wealth", "crop_failure"]
    assert hand(game) == ["coast", "farmer", "food"] and game.s["phase"] == MAIN
    go(game, offer(["food"], ["wealth"], worker="trader"))
    assert game.s["offer"] is not None


def test_col_s9_r10_no_trade_completes_during_a_lock() -> None:
    # An offer made before the lock stands, but neither the partner's accept nor the offerer's
    # acceptance of a counter goes through until the Threat is played (COL-S9: no trades, COL-R10).
    game = table(hand=["wealth", "food", "food", "farmer"], deck=["crop_failure", "coast"], discard=[])
    put(game, "trader")
    pl(game, 1).update(hand=["wealth", "coast"], discard=[])
    go(game, offer(["food"], ["coast"], worker="trader"))
    go(game, play("wealth"))
    assert game.view(0)["locked"] is True and game.s["offer"] is not None
    refuse(game, {"type": "accept"}, "COL-S9", seat=1)
    assert {"type": "accept"} not in game.legal_actions(1)
    go(game, {"type": "counter", "give": ["wealth"]}, seat=1)
    refuse(game, {"type": "accept"}, "COL-S9")
    assert hand(game, 1) == ["coast", "wealth"] and states(game)[0] == ("trader", "reserved")
    go(game, play("crop_failure", target="food"))
    assert game.view(0)["locked"] is False
    go(game, {"type": "accept"})
    assert hand(game, 1) == ["coast", "food"] and "wealth" in hand(game)


def test_col_s9_lock_still_allows_population_actions() -> None:
    game = table(hand=["farmland", "farmer", "soldier", "food", "food", "wealth"], deck=["disease", "coast"],
                 discard=[], lineup=["miner"])
    go(game, play("farmland"))
    go(game, pop("farmer"))
    go(game, pop("soldier"))
    go(game, play("wealth"))
    assert "disease" in hand(game)
    go(game, work("farmer", "farmland"))
    go(game, {"type": "reproduce", "worker": "soldier", "card": "miner"})
    assert zone(game, "discard") == ["food", "food", "food", "miner"]
    refuse(game, end(), "COL-S9")


# -- COL-S10 play Population -------------------------------------------------------------------------------


def test_col_s10_population_paid_from_the_granary() -> None:
    # §9 scenario 4: hand without Food, granary 1 → play Farmer food:granary → granary 0, Food supply +1;
    # granary 0 → rejected.
    game = table(hand=["farmer", "farmer", "coast"])
    pl(game)["granary"] = 1
    food = game.s["food_supply"]
    refuse(game, pop("farmer", "hand"), "COL-S10")
    go(game, pop("farmer", "granary"))
    assert pl(game)["granary"] == 0 and game.s["food_supply"] == food + 1
    assert states(game) == [("farmer", READY)]
    refuse(game, pop("farmer", "granary"), "granary is empty")
    assert hand(game) == ["coast", "farmer"]


def test_col_s10_population_paid_from_hand_enters_play_unacted_and_is_not_trashed() -> None:
    game = table(hand=["farmer", "food", "coast"], deck=SAFE_DECK, discard=[])
    food = game.s["food_supply"]
    go(game, pop("farmer", "hand"))
    assert hand(game) == ["coast"] and game.s["food_supply"] == food + 1
    assert states(game) == [("farmer", READY)] and game.s["trash"] == []
    go(game, end())
    assert "farmer" in zone(game, "discard"), "a Population in play is discarded, not trashed"
    assert "farmer" not in game.s["trash"]


def test_col_s10_population_needs_a_food_source_named() -> None:
    game = table(hand=["farmer", "coast"])
    refuse(game, pop("farmer", "hand"), "COL-S10")
    refuse(game, pop("farmer", "granary"), "COL-S10")
    refuse(game, play("farmer", food="cellar"), "COL-S10")


def test_col_s10_food_source_defaults_to_hand() -> None:
    game = table(hand=["farmer", "food"])
    pl(game)["granary"] = 2
    go(game, play("farmer"))
    assert hand(game) == [] and pl(game)["granary"] == 2
    assert states(game) == [("farmer", READY)]


def test_col_s10_r43_granary_food_is_taken_when_it_is_the_only_source() -> None:
    # COL-S10 makes the hand the default source; with no Food free in hand and some in the granary the
    # granary is the one legal source, so COL-R43 has the engine take it.
    game = table(hand=["farmer", "coast"])
    pl(game)["granary"] = 1
    assert [a for a in game.legal_actions(0) if a["type"] == "play" and a["card"] == "farmer"] == [
        pop("farmer", "granary")]
    go(game, play("farmer"))
    assert pl(game)["granary"] == 0 and states(game) == [("farmer", READY)]
    refuse(game, play("coast", food="hand"), "Leave out where the Food comes from")
    empty = table(hand=["farmer", "coast"])
    refuse(empty, play("farmer"), "COL-S10")


# -- COL-S11 play Land / Wealth ------------------------------------------------------------------------------


def test_col_s11_land_goes_into_play_with_no_effect() -> None:
    game = table(hand=["coast", "food"], deck=["wealth"], discard=[])
    before = supplies(game)
    go(game, play("coast"))
    assert in_play(game) == ["coast"] and hand(game) == ["food"]
    assert pl(game)["deck"] == ["wealth"] and zone(game, "discard") == [] and supplies(game) == before


def test_col_s11_wealth_goes_into_play_and_draws_one() -> None:
    game = table(hand=["wealth"], deck=["forest", "food"])
    go(game, play("wealth"))
    assert in_play(game) == ["wealth"] and hand(game) == ["forest"] and pl(game)["deck"] == ["food"]


# -- COL-S12 shipments -------------------------------------------------------------------------------------


def test_col_s12_supplies_gains_five_food_and_is_trashed() -> None:
    game = table(hand=["supplies"], discard=[])
    food = game.s["food_supply"]
    go(game, play("supplies"))
    assert zone(game, "discard") == ["food"] * 5 and game.s["food_supply"] == food - 5
    assert in_play(game) == [] and game.s["trash"] == ["supplies"]


def test_col_s12_settlers_gains_the_top_three_population_and_is_trashed() -> None:
    game = table(hand=["settlers"], discard=[], pop_deck=["miner", "trader", "farmer", "explorer"])
    go(game, play("settlers"))
    assert zone(game, "discard") == ["farmer", "miner", "trader"]
    assert game.s["pop_deck"] == ["explorer"] and game.s["trash"] == ["settlers"] and in_play(game) == []


def test_col_s12_settlers_with_a_short_deck_gains_what_there_is() -> None:
    game = table(hand=["settlers"], discard=[], pop_deck=["miner", "trader"])
    go(game, play("settlers"))
    assert zone(game, "discard") == ["miner", "trader"] and game.s["pop_deck"] == []


def test_col_s12_horses_draws_three_and_is_discarded_at_cleanup() -> None:
    game = table(hand=["horses"], deck=["food", "coast", "wealth", *SAFE_DECK], discard=[])
    go(game, play("horses"))
    assert hand(game) == ["coast", "food", "wealth"] and in_play(game) == ["horses"]
    go(game, end())
    assert "horses" in zone(game, "discard") and "horses" not in game.s["trash"]


def test_col_s12_horses_drawing_a_threat_locks() -> None:
    game = table(hand=["horses", "coast"], deck=["food", "pirates", "wealth"])
    go(game, play("horses"))
    assert "pirates" in hand(game) and game.view(0)["locked"] is True
    refuse(game, play("coast"), "COL-S9")


def test_col_s12_livestock_stays_in_play_for_good() -> None:
    game = table(hand=["livestock", "farmer", "food"], deck=SAFE_DECK, discard=[])
    go(game, play("livestock"))
    assert pl(game)["livestock"] == 1 and in_play(game) == []
    go(game, pop("farmer"))
    go(game, work("farmer", "livestock"))
    assert zone(game, "discard") == ["food", "food"]
    go(game, end())
    assert pl(game)["livestock"] == 1
    assert "livestock" not in zone(game, "discard") and "livestock" not in game.s["trash"]


def test_col_s12_arms_trashes_a_threat_from_discard_and_is_discarded_at_cleanup() -> None:
    game = table(hand=["arms"], deck=SAFE_DECK, discard=["disease", "food"])
    go(game, play("arms", zone="discard", target="disease"))
    assert game.s["trash"] == ["disease"] and zone(game, "discard") == ["food"]
    assert in_play(game) == ["arms"]
    go(game, end())
    assert "arms" in zone(game, "discard") and "arms" not in game.s["trash"]


def test_col_s12_arms_trashes_a_threat_in_play_or_nothing() -> None:
    game = table(hand=["crop_failure", "arms", "food"], deck=["coast", "coast"], discard=[])
    go(game, play("crop_failure", target="food"))
    go(game, play("arms", zone="play", target="crop_failure"))
    assert game.s["trash"] == ["crop_failure"] and in_play(game) == ["arms"]
    quiet = table(hand=["arms"], discard=["food"])
    refuse(quiet, play("arms", zone="hand", target="disease"), "Leave out")
    go(quiet, play("arms"))
    assert in_play(quiet) == ["arms"] and quiet.s["trash"] == [] and zone(quiet, "discard") == ["food"]


def test_col_s12_laborers_works_a_land_without_population_bonus() -> None:
    game = table(hand=["laborers", "farmland"], discard=[])
    go(game, play("farmland"))
    go(game, play("laborers", land="farmland"))
    assert zone(game, "discard") == ["food", "food"], "no Farmer +1 for Laborers"
    assert in_play(game) == ["farmland", "laborers"]


# -- COL-S13 Cannibalism -----------------------------------------------------------------------------------


def test_col_s13_cannibalism_feeds_a_soldier_to_fight_the_threat() -> None:
    # §9 scenario 30: hand [Disease, Soldier, Farmer, Coast, Forest] → cannibalize Farmer (Food to hand, top
    # Threat to discard), play Soldier with it, Combat Disease.
    game = table(hand=["disease", "soldier", "farmer", "coast", "forest"], discard=[],
                 threat_deck=["pirates", "warlike_tribe"])
    assert game.s["phase"] == SOLDIER
    food = game.s["food_supply"]
    go(game, {"type": "cannibalize", "card": "farmer"})
    assert hand(game) == ["coast", "disease", "food", "forest", "soldier"]
    assert game.s["trash"] == ["farmer"] and game.s["food_supply"] == food - 1
    assert zone(game, "discard") == ["pirates"] and game.s["threat_deck"] == ["warlike_tribe"]
    go(game, pop("soldier"))
    go(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["farmer", "disease"] and game.s["phase"] == MAIN
    assert hand(game) == ["coast", "forest"] and game.s["food_supply"] == food


def test_col_s13_cannibalism_with_empty_threat_deck_gains_no_threat() -> None:
    game = table(hand=["farmer"], discard=[], threat_deck=[])
    go(game, {"type": "cannibalize", "card": "farmer"})
    assert hand(game) == ["food"] and zone(game, "discard") == []


@pytest.mark.parametrize(("setup", "reason"), [
    ({"event": "harsh_winter"}, "Harsh Winter"),
    ({"food_supply": 0}, "Food supply is empty"),
])
def test_col_s13_cannibalism_illegal_under_harsh_winter_or_empty_food_supply(setup: dict[str, Any],
                                                                            reason: str) -> None:
    game = table(hand=["farmer", "coast"], **setup)
    refuse(game, {"type": "cannibalize", "card": "farmer"}, reason)


def test_col_s13_cannibalism_only_of_population_and_not_in_the_threat_step() -> None:
    game = table(hand=["coast", "crop_failure", "disease", "farmer", "food"], deck=["coast"] * 3)
    refuse(game, {"type": "cannibalize", "card": "coast"}, "Population")
    go(game, play("crop_failure", target="food"))
    assert game.s["phase"] == THREAT
    refuse(game, {"type": "cannibalize", "card": "farmer"}, "COL-S13")


# -- COL-S14 one action per Population -----------------------------------------------------------------------


def test_col_s14_each_population_in_play_acts_once_per_turn() -> None:
    game = table(hand=["farmland", "farmer", "farmer", "food", "food"], discard=[], frontier=["forest"])
    go(game, play("farmland"))
    go(game, pop("farmer"))
    go(game, pop("farmer"))
    assert states(game) == [("farmland", ACTED), ("farmer", READY), ("farmer", READY)]
    go(game, work("farmer", "farmland"))
    assert states(game)[1:] == [("farmer", ACTED), ("farmer", READY)]
    go(game, work("farmer", "farmland"))
    assert states(game)[1:] == [("farmer", ACTED), ("farmer", ACTED)]
    refuse(game, work("farmer", "farmland"), "COL-S14")
    refuse(game, {"type": "explore", "worker": "farmer", "card": "forest"}, "COL-S14")
    assert zone(game, "discard") == ["food"] * 6


# -- COL-S15 work ------------------------------------------------------------------------------------------


def test_col_s15_farmland_coast_and_livestock_food() -> None:
    # §9 scenario 15 (first part): Farmer works Farmland → +3 Food.
    game = table(hand=[], discard=[])
    pl(game)["livestock"] = 1
    put(game, "farmland", "coast", state=ACTED)
    put(game, "farmer", "soldier", "farmer", "soldier", "farmer")
    got = []
    for action in (work("farmer", "farmland"), work("soldier", "farmland"), work("farmer", "coast", mode="food"),
                   work("farmer", "livestock"), work("soldier", "livestock")):
        before = len(pl(game)["discard"])
        go(game, action)
        got.append(len(pl(game)["discard"]) - before)
    assert got == [3, 2, 2, 2, 1]
    assert zone(game, "discard") == ["food"] * 10


def test_col_s15_only_mountains_and_forest_roll_a_die() -> None:
    # Seen: "No die rolled yet" after 52 turns in which only Farmland and Coast were worked.  COL-S15 rolls
    # a d6 only for Mountains and Forest; Farmland, Coast and Livestock give fixed amounts.
    game = table(hand=["wealth"], discard=[])
    pl(game)["livestock"] = 1
    put(game, "farmland", "coast", "mountains", state=ACTED)
    put(game, "farmer", "farmer", "farmer", "trader", "miner")
    for action in (work("farmer", "farmland"), work("farmer", "coast", mode="food"), work("farmer", "livestock"),
                   work("trader", "coast", mode="ship", wealth="hand")):
        events = go(game, action)
        assert game.s["last_roll"] is None and not [e for e in events if e["type"] == "roll"]
    rig(game, [4])
    go(game, work("miner", "mountains"))
    assert game.s["last_roll"] == {"die": 4, "mod": 1, "total": 5, "land": "mountains", "worker": "miner"}


@pytest.mark.parametrize(("worker", "roll", "wealth", "dies"), [
    ("soldier", 1, 0, True), ("soldier", 2, 0, False), ("soldier", 3, 2, False), ("soldier", 5, 2, False),
    ("soldier", 6, 3, False),
    ("miner", 1, 0, False),  # §9 scenario 12: roll 1 → 2, nothing, Miner survives
    ("miner", 5, 3, False),  # §9 scenario 12: roll 5 → 6, +3 Wealth
    ("miner", 2, 2, False), ("miner", 6, 3, False),
])
def test_col_s15_mountains_roll_table(worker: str, roll: int, wealth: int, dies: bool) -> None:
    game = table(hand=[], discard=[])
    put(game, "mountains", state=ACTED)
    put(game, worker)
    rig(game, [roll])
    wealth_supply = game.s["wealth_supply"]
    events = go(game, work(worker, "mountains"))
    assert zone(game, "discard") == ["wealth"] * wealth
    assert game.s["wealth_supply"] == wealth_supply - wealth
    assert (worker in game.s["trash"]) is dies and (worker in in_play(game)) is not dies
    mod = 1 if worker == "miner" else 0
    assert game.s["last_roll"]["die"] == roll and game.s["last_roll"]["total"] == roll + mod
    assert any(e["type"] == "roll" and e["die"] == roll for e in events)


@pytest.mark.parametrize(("worker", "roll", "food", "wealth", "dies"), [
    ("farmer", 1, 0, 0, True),  # §9 scenario 14: Farmer roll 1 → trashed
    ("farmer", 2, 2, 0, False), ("farmer", 3, 2, 0, False), ("farmer", 4, 0, 1, False), ("farmer", 5, 0, 1, False),
    ("farmer", 6, 2, 1, False),
    ("trapper", 5, 2, 1, False),  # §9 scenario 14: Trapper roll 5 → +2 Food +1 Wealth
    ("trapper", 1, 2, 0, False), ("trapper", 3, 0, 1, False),
])
def test_col_s15_forest_roll_table(worker: str, roll: int, food: int, wealth: int, dies: bool) -> None:
    game = table(hand=[], discard=[])
    put(game, "forest", state=ACTED)
    put(game, worker)
    rig(game, [roll])
    go(game, work(worker, "forest"))
    assert Counter(pl(game)["discard"]) == Counter(food=food, wealth=wealth)
    assert (worker in game.s["trash"]) is dies


def test_col_s15_forest_with_bountiful_harvest() -> None:
    # §9 scenario 14: with Bountiful Harvest a Trapper rolling 5 → +3 Food +1 Wealth.
    game = table(hand=[], discard=[], event="bountiful_harvest")
    put(game, "forest", "farmland", state=ACTED)
    put(game, "trapper", "farmer")
    rig(game, [5])
    go(game, work("trapper", "forest"))
    assert Counter(pl(game)["discard"]) == Counter(food=3, wealth=1)
    go(game, work("farmer", "farmland"))
    assert Counter(pl(game)["discard"]) == Counter(food=7, wealth=1)


def test_col_s15_harsh_winter_makes_food_gains_zero_and_gold_rush_adds_wealth() -> None:
    winter = table(hand=[], discard=[], event="harsh_winter")
    put(winter, "farmland", "coast", state=ACTED)
    put(winter, "farmer", "farmer")
    food = winter.s["food_supply"]
    go(winter, work("farmer", "farmland"))
    go(winter, work("farmer", "coast", mode="food"))
    assert zone(winter, "discard") == [] and winter.s["food_supply"] == food
    rush = table(hand=[], discard=[], event="gold_rush")
    put(rush, "mountains", state=ACTED)
    put(rush, "soldier", "soldier")
    rig(rush, [2, 1])
    go(rush, work("soldier", "mountains"))
    assert zone(rush, "discard") == ["wealth"]
    go(rush, work("soldier", "mountains"))
    assert zone(rush, "discard") == ["wealth", "wealth"] and rush.s["trash"] == ["soldier"]


def test_col_s15_ship_removes_the_wealth_from_the_game_for_a_shipment() -> None:
    game = table(hand=["wealth", "food"], discard=[], shipment_deck=["horses", "arms", "supplies"])
    put(game, "coast", state=ACTED)
    put(game, "farmer")
    wealth = game.s["wealth_supply"]
    go(game, work("farmer", "coast", mode="ship", wealth="hand"))
    assert pl(game)["shipped"] == 1 and game.s["wealth_supply"] == wealth
    assert hand(game) == ["food"] and zone(game, "discard") == ["horses"]
    assert game.s["shipment_deck"] == ["arms", "supplies"] and "wealth" not in game.s["trash"]


def test_col_s15_trader_ships_the_in_play_wealth_for_two_shipments() -> None:
    # §9 scenario 18 (cited for S11/S15): hand [Wealth, Trader, Food, Coast] → play Wealth, Coast, Trader;
    # the Trader ships the in-play Wealth → shipped=1, Wealth supply unchanged, top 2 Shipments in discard.
    game = table(hand=["wealth", "trader", "food", "coast"], deck=["mountains"], discard=[],
                 shipment_deck=["horses", "arms", "supplies"])
    wealth = game.s["wealth_supply"]
    go(game, play("wealth"))
    go(game, play("coast"))
    go(game, pop("trader"))
    go(game, work("trader", "coast", mode="ship", wealth="play"))
    assert pl(game)["shipped"] == 1 and game.s["wealth_supply"] == wealth
    assert zone(game, "discard") == ["arms", "horses"] and in_play(game) == ["coast", "trader"]
    assert game.score(0) >= 5


def test_col_s15_only_lands_in_play_can_be_worked() -> None:
    game = table(hand=["forest", "coast"], discard=[])
    put(game, "farmer")
    refuse(game, work("farmer", "forest"), "COL-R15")
    refuse(game, work("farmer", "livestock"), "COL-R15")


def test_col_s15_ship_is_illegal_under_strife_but_coast_food_is_fine() -> None:
    # §9 scenario 19 (cited for S15).
    game = table(hand=["wealth", "laborers"], discard=[], event="strife")
    put(game, "coast", state=ACTED)
    put(game, "trader")
    refuse(game, work("trader", "coast", mode="ship", wealth="hand"), "Strife")
    refuse(game, play("laborers", land="coast", mode="ship", wealth="hand"), "Strife")
    go(game, work("trader", "coast", mode="food"))
    assert zone(game, "discard") == ["food", "food"] and pl(game)["shipped"] == 0


def test_col_s15_same_land_worked_any_number_of_times() -> None:
    game = table(hand=[], discard=[])
    put(game, "farmland", state=ACTED)
    put(game, "soldier", "soldier", "soldier")
    for _ in range(3):
        go(game, work("soldier", "farmland"))
    assert zone(game, "discard") == ["food"] * 6


# -- COL-S16 Farmland group mode ---------------------------------------------------------------------------


def test_col_s16_group_work_on_farmland_gains_wealth_not_food() -> None:
    # §9 scenario 15: Farmer works → +3 Food; then Farmer+Farmer+Soldier group on the same Farmland → +3 Wealth,
    # no Food; group of 1 or including Laborers → rejected.
    game = table(hand=["farmland", "farmer", "farmer", "farmer", "soldier", "food", "food", "food", "food"],
                 discard=[])
    go(game, play("farmland"))
    for card in ("farmer", "farmer", "farmer", "soldier"):
        go(game, pop(card))
    go(game, work("farmer", "farmland"))
    assert zone(game, "discard") == ["food"] * 3
    refuse(game, {"type": "group", "land": "farmland", "workers": ["farmer"]}, "two or more")
    refuse(game, {"type": "group", "land": "farmland", "workers": ["farmer", "laborers"]}, "Laborers")
    wealth = game.s["wealth_supply"]
    go(game, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer", "soldier"]})
    assert Counter(pl(game)["discard"]) == Counter(food=3, wealth=3), "no Food for the group"
    assert game.s["wealth_supply"] == wealth - 3
    assert all(state == ACTED for _, state in states(game))


def test_col_s16_group_gets_no_farmer_or_bountiful_bonus_and_no_food() -> None:
    game = table(hand=[], discard=[], event="bountiful_harvest")
    put(game, "farmland", state=ACTED)
    put(game, "farmer", "farmer")
    food = game.s["food_supply"]
    go(game, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer"]})
    assert zone(game, "discard") == ["wealth", "wealth"] and game.s["food_supply"] == food


def test_col_s16_group_needs_unacted_population_and_a_farmland_in_play() -> None:
    game = table(hand=[], discard=[])
    put(game, "farmer", "soldier")
    refuse(game, {"type": "group", "land": "farmland", "workers": ["farmer", "soldier"]}, "Farmland in play")
    put(game, "farmland", state=ACTED)
    put(game, "miner", state=ACTED)
    refuse(game, {"type": "group", "land": "farmland", "workers": ["farmer", "miner"]}, "not acted")
    refuse(game, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer"]}, "not acted")


# -- COL-S17 trade -----------------------------------------------------------------------------------------


def test_col_s17_accepted_trader_trade_swaps_hand_to_hand_and_both_gain_wealth() -> None:
    game = table(hand=["trader", "food", "food"], discard=[])
    pl(game, 1).update(hand=["coast", "wealth"], discard=[])
    go(game, pop("trader"))
    go(game, offer(["food"], ["coast"], worker="trader"))
    assert states(game) == [("trader", "reserved")]
    assert game.to_move() == frozenset({0, 1})
    wealth = game.s["wealth_supply"]
    go(game, {"type": "accept"}, seat=1)
    assert hand(game) == ["coast"] and hand(game, 1) == ["food", "wealth"]
    assert states(game) == [("trader", ACTED)] and game.s["offer"] is None
    assert zone(game, "discard") == ["wealth"] and zone(game, "discard", 1) == ["wealth"]
    assert game.s["wealth_supply"] == wealth - 2


def test_col_s17_trader_bonus_with_one_wealth_left_goes_to_the_active_player() -> None:
    # §9 scenario 21 (cited for S17): Wealth supply 1 → A gains Wealth, B none.
    game = table(hand=["food"], discard=[], wealth_supply=1)
    put(game, "trader")
    pl(game, 1).update(hand=["coast"], discard=[])
    go(game, offer(["food"], ["coast"], worker="trader"))
    go(game, {"type": "accept"}, seat=1)
    assert zone(game, "discard") == ["wealth"] and zone(game, "discard", 1) == []
    assert game.s["wealth_supply"] == 0


def test_col_s17_non_trader_trade_gives_no_wealth_and_declined_trade_releases_everything() -> None:
    game = table(hand=["food", "food"], discard=[])
    put(game, "farmer")
    pl(game, 1).update(hand=["coast", "wealth"], discard=[])
    go(game, offer(["food"], ["coast"], worker="farmer"))
    refuse(game, play("food"), "never played")
    go(game, {"type": "decline"}, seat=1)
    assert game.s["offer"] is None and states(game) == [("farmer", READY)]
    assert hand(game) == ["food", "food"] and hand(game, 1) == ["coast", "wealth"]
    go(game, offer(["food"], ["wealth"], worker="farmer"))
    wealth = game.s["wealth_supply"]
    go(game, {"type": "accept"}, seat=1)
    assert hand(game) == ["food", "wealth"] and hand(game, 1) == ["coast", "food"]
    assert game.s["wealth_supply"] == wealth and zone(game, "discard") == []
    assert states(game) == [("farmer", ACTED)]


def test_col_s17_trade_needs_a_population_and_not_strife() -> None:
    game = table(hand=["food"])
    pl(game, 1)["hand"] = ["coast"]
    refuse(game, offer(["food"], ["coast"]), "COL-S17")
    refuse(game, offer(["food"], ["coast"], worker="trader"), "COL-S17")
    strife = table(hand=["food"], event="strife")
    put(strife, "trader")
    pl(strife, 1)["hand"] = ["coast"]
    refuse(strife, offer(["food"], ["coast"], worker="trader"), "Strife")


def test_col_s17_trade_winds_needs_no_population() -> None:
    # §9 scenario 23 (cited for S17): A, no Population in play, trades with B then C → both succeed, no
    # Wealth bonus.
    game = table(3, hand=["food", "food"], discard=[], event="trade_winds")
    pl(game, 1).update(hand=["coast"], discard=[])
    pl(game, 2).update(hand=["wealth"], discard=[])
    wealth = game.s["wealth_supply"]
    go(game, offer(["food"], ["coast"], partner=1))
    go(game, {"type": "accept"}, seat=1)
    go(game, offer(["food"], ["wealth"], partner=2))
    go(game, {"type": "accept"}, seat=2)
    assert hand(game) == ["coast", "wealth"] and hand(game, 1) == ["food"] and hand(game, 2) == ["food"]
    assert game.s["wealth_supply"] == wealth and in_play(game) == []


# -- COL-S18 explore ---------------------------------------------------------------------------------------


def test_col_s18_explore_gains_the_chosen_land_and_the_top_threat() -> None:
    # §9 scenario 24 (cited for S18/S23): Farmer takes Forest + top Threat to discard; Frontier shows 2 until
    # endturn, then 3.
    game = table(hand=[], deck=SAFE_DECK, discard=[], frontier=["coast", "forest", "farmland"],
                 land_deck=["mountains", "coast"], threat_deck=["disease", "pirates"])
    put(game, "farmer")
    go(game, {"type": "explore", "worker": "farmer", "card": "forest"})
    assert zone(game, "discard") == ["disease", "forest"]
    assert game.s["frontier"] == ["coast", "farmland"] and game.s["threat_deck"] == ["pirates"]
    assert states(game) == [("farmer", ACTED)]
    go(game, end())
    assert game.s["frontier"] == ["coast", "farmland", "mountains"] and game.s["land_deck"] == ["coast"]


def test_col_s18_explore_under_pilgrimage_also_gains_the_top_population() -> None:
    game = table(hand=[], discard=[], frontier=["forest"], threat_deck=["disease"], pop_deck=["miner", "farmer"],
                 event="pilgrimage")
    put(game, "soldier")
    go(game, {"type": "explore", "worker": "soldier", "card": "forest"})
    assert zone(game, "discard") == ["disease", "forest", "miner"] and game.s["pop_deck"] == ["farmer"]


def test_col_s18_explorer_sees_three_threats_keeps_one_returns_the_rest_in_order() -> None:
    game = table(hand=[], discard=[], frontier=["forest", "coast"],
                 threat_deck=["disease", "pirates", "crop_failure", "warlike_tribe"])
    put(game, "explorer")
    go(game, {"type": "explore", "worker": "explorer", "card": "coast"})
    assert game.view(0)["explorer_sees"] == ["disease", "pirates", "crop_failure"]
    assert "explorer_sees" not in game.view(1) and "explorer_sees" not in game.view(None)
    refuse(game, end(), "COL-R43")
    refuse(game, {"type": "pick", "card": "warlike_tribe"}, "COL-S18")
    go(game, {"type": "pick", "card": "pirates"})
    assert zone(game, "discard") == ["coast", "pirates"]
    assert game.s["threat_deck"] == ["disease", "crop_failure", "warlike_tribe"]
    assert game.s["pending"] is None


def test_col_s18_explore_needs_the_card_in_the_frontier() -> None:
    game = table(hand=[], frontier=["coast"])
    put(game, "farmer")
    refuse(game, {"type": "explore", "worker": "farmer", "card": "forest"}, "Frontier")
    empty = table(hand=[], frontier=[])
    put(empty, "farmer")
    refuse(empty, {"type": "explore", "worker": "farmer", "card": "forest"}, "Frontier")


# -- COL-S19 reproduce -------------------------------------------------------------------------------------


def test_col_s19_reproduce_gains_line_up_cards_until_it_is_empty() -> None:
    # §9 scenario 26 (cited for S19/S23): three Reproduces empty the Line-Up; a fourth is rejected; clean-up
    # refills to 3.
    game = table(hand=[], deck=SAFE_DECK, discard=[], lineup=["miner", "trader", "farmer"],
                 pop_deck=["explorer", "soldier", "trapper", "farmer"])
    put(game, "farmer", "farmer", "farmer", "farmer")
    for card in ("trader", "miner", "farmer"):
        go(game, {"type": "reproduce", "worker": "farmer", "card": card})
    assert game.s["lineup"] == [] and zone(game, "discard") == ["farmer", "miner", "trader"]
    refuse(game, {"type": "reproduce", "worker": "farmer", "card": "explorer"}, "Line-Up")
    go(game, end())
    assert game.s["lineup"] == ["explorer", "soldier", "trapper"] and game.s["pop_deck"] == ["farmer"]


# -- COL-S20 combat ----------------------------------------------------------------------------------------


def test_col_s20_combat_in_hand_means_the_threat_is_never_played() -> None:
    game = table(hand=["crop_failure", "food"], deck=["coast"], discard=[])
    put(game, "soldier")
    go(game, {"type": "combat", "worker": "soldier", "card": "crop_failure", "zone": "hand"})
    assert game.s["trash"] == ["crop_failure"] and hand(game) == ["food"]
    assert game.s["threats_played"] == 0 and pl(game)["deck"] == ["coast"] and game.s["phase"] == MAIN


def test_col_s20_combat_on_a_played_threat_removes_it_but_not_its_effect() -> None:
    game = table(hand=["crop_failure", "food", "soldier", "food"], deck=["coast"], discard=[])
    go(game, pop("soldier"))
    go(game, play("crop_failure", target="food"))
    assert hand(game) == ["coast"]
    go(game, {"type": "combat", "worker": "soldier", "card": "crop_failure", "zone": "play"})
    assert game.s["trash"] == ["crop_failure"] and in_play(game) == ["soldier"]
    assert hand(game) == ["coast"], "the trashed Food does not come back"
    refuse(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "play"}, "COL-S20")


def test_col_s20_combat_needs_a_threat_there() -> None:
    game = table(hand=["food"])
    put(game, "soldier")
    refuse(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"}, "COL-S20")
    refuse(game, {"type": "combat", "worker": "soldier", "card": "food", "zone": "hand"}, "COL-S20")
    refuse(game, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "deck"}, "COL-S20")


# -- COL-S21 end turn --------------------------------------------------------------------------------------


def test_col_s21_end_turn_passes_the_turn_in_main() -> None:
    game = table(hand=["food"], deck=SAFE_DECK)
    turn = game.s["turn_no"]
    go(game, end())
    assert game.s["current"] == 1 and game.s["turn_no"] == turn + 1
    assert game.to_move() == frozenset({1})
    refuse(game, end(), "not your turn", seat=0)


def test_col_s21_end_turn_refused_while_a_choice_is_pending() -> None:
    game = table(hand=[], deck=SAFE_DECK, frontier=["forest"], threat_deck=["disease", "pirates"])
    put(game, "explorer")
    go(game, {"type": "explore", "worker": "explorer", "card": "forest"})
    assert game.s["pending"] is not None
    refuse(game, end(), "First choose")
    go(game, {"type": "pick", "card": "disease"})
    go(game, end())
    assert game.s["current"] == 1


def test_col_s21_end_turn_cancels_a_pending_offer_first() -> None:
    game = table(hand=["food", "food"], deck=SAFE_DECK, discard=[])
    put(game, "farmer")
    pl(game, 1)["hand"] = ["coast"]
    go(game, offer(["food"], ["coast"], worker="farmer"))
    events = go(game, end())
    assert game.s["offer"] is None and hand(game, 1) == ["coast"]
    assert any(e["type"] == "offer_closed" and e["why"] == "lapsed" for e in events)
    assert "farmer" in zone(game, "discard"), "the reserved Population was released and discarded"
    assert Counter(pl(game)["discard"])["food"] == 2 and game.s["current"] == 1
    refuse(game, {"type": "accept"}, "no trade offer", seat=1)


# -- COL-S22 clean-up ---------------------------------------------------------------------------------------


def test_col_s22_cleanup_granary_hand_reveal_and_in_play_to_discard() -> None:
    # §9 scenario 5: hand [Food×3, Farmer, Forest, Wealth] → granary:2 rejected, granary:1 ok; Food×2, Forest,
    # Wealth and all in-play cards to discard; Farmer to Trash; draw 5.
    game = table(hand=["food", "food", "food", "farmer", "forest", "wealth"], deck=["mountains"] * 6, discard=[])
    put(game, "coast", state=ACTED)
    put(game, "soldier")
    pl(game)["livestock"] = 1
    refuse(game, end(2), "COL-R35")
    refuse(game, end(-1), "COL-R35")
    events = go(game, end(1))
    p = pl(game)
    assert p["granary"] == 1
    assert Counter(p["discard"]) == Counter(food=2, forest=1, wealth=1, coast=1, soldier=1)
    assert game.s["trash"] == ["farmer"] and p["in_play"] == [] and p["livestock"] == 1
    assert p["hand"] == ["mountains"] * 5 and len(p["deck"]) == 1
    cleanup = next(e for e in events if e["type"] == "cleanup")
    assert sorted(cleanup["revealed"]) == ["farmer", "food", "food", "forest", "wealth"]
    assert cleanup["trashed"] == ["farmer"]


def test_col_s22_land_and_shipment_left_in_hand_are_discarded() -> None:
    game = table(hand=["coast", "horses", "arms", "miner"], deck=["mountains"] * 5 + ["farmer"], discard=[])
    go(game, end())
    assert zone(game, "discard") == ["arms", "coast", "horses"] and game.s["trash"] == ["miner"]


def test_col_s22_threats_played_this_turn_go_to_the_discard_pile() -> None:
    game = table(hand=["crop_failure", "pirates", "food", "wealth"], deck=["coast", "farmer", *SAFE_DECK],
                 discard=[])
    go(game, play("crop_failure", target="food"))
    go(game, play("pirates", target="wealth"))
    assert in_play(game) == ["crop_failure", "pirates"]
    go(game, end())
    assert zone(game, "discard") == ["coast", "crop_failure", "pirates"]
    assert game.s["trash"] == ["farmer"], "only the Population left in hand is trashed"


def test_col_s22_granary_defaults_to_the_maximum() -> None:
    game = table(hand=["food"] * 5, deck=["mountains"] * 4 + ["farmer"], discard=[])
    go(game, {"type": "end_turn"})
    assert pl(game)["granary"] == 2 and zone(game, "discard") == ["food"] * 3


# -- COL-S23 refill ----------------------------------------------------------------------------------------


def test_col_s23_line_up_and_frontier_refill_to_three_at_cleanup() -> None:
    game = table(hand=[], deck=SAFE_DECK, lineup=["miner"], pop_deck=["farmer", "trader", "soldier"],
                 frontier=[], land_deck=["forest", "coast", "farmland", "mountains"])
    go(game, end())
    assert game.s["lineup"] == ["miner", "farmer", "trader"] and game.s["pop_deck"] == ["soldier"]
    assert game.s["frontier"] == ["forest", "coast", "farmland"] and game.s["land_deck"] == ["mountains"]


def test_col_s23_refill_stops_when_a_deck_runs_out() -> None:
    # §9 scenario 29 (cited for S23): a Line-Up gap stays unfilled at clean-up when the deck is empty.
    game = table(hand=["settlers"], deck=SAFE_DECK, discard=[], lineup=["miner"], pop_deck=["farmer", "trader"],
                 frontier=["forest"], land_deck=["coast"])
    go(game, play("settlers"))
    assert game.s["pop_deck"] == [] and game.s["trash"] == ["settlers"]
    go(game, end())
    assert game.s["lineup"] == ["miner"] and game.s["frontier"] == ["forest", "coast"]
    assert game.s["land_deck"] == []


# -- COL-S24 draw to five -----------------------------------------------------------------------------------


def test_col_s24_cleanup_draws_five_from_the_top() -> None:
    deck = ["farmer", "coast", "food", "wealth", "forest", "mountains", "food"]
    game = table(hand=["food"], deck=deck, discard=[])
    go(game, end())
    assert pl(game)["hand"] == deck[:5] and pl(game)["deck"] == deck[5:]
    assert zone(game, "discard") == ["food"]


def test_col_s24_cleanup_draw_reshuffles_the_discard() -> None:
    # §9 scenario 32 (second half): step 9 with deck 0, discard 8 → shuffle, draw 5.
    discard = ["food", "food", "farmer", "coast", "wealth", "forest", "soldier", "mountains"]
    game = table(hand=[], deck=[], discard=discard)
    events = go(game, end())
    p = pl(game)
    assert len(p["hand"]) == 5 and len(p["deck"]) == 3 and p["discard"] == []
    assert Counter(p["hand"] + p["deck"]) == Counter(discard)
    assert any(e["type"] == "reshuffled" and e["seat"] == 0 for e in events)


# -- COL-S25 elimination ------------------------------------------------------------------------------------


def test_col_s25_player_without_population_is_eliminated_and_loses_everything() -> None:
    game = table(3, hand=["food", "wealth"], deck=[], discard=["coast", "food"])
    p = pl(game)
    p.update(granary=2, livestock=1, shipped=1)
    food, wealth = supplies(game)
    events = go(game, end())
    assert p["eliminated"] is True
    assert (p["hand"], p["deck"], p["discard"], p["in_play"], p["livestock"], p["granary"]) == ([], [], [], [], 0, 0)
    assert supplies(game) == (food + 2 + 2, wealth + 1), "Food cards and granary Food return; Wealth too"
    assert sorted(game.s["trash"]) == ["coast", "livestock"]
    assert p["shipped"] == 1 and game.score(0) == 0
    assert {"type": "eliminated", "seat": 0} in events
    assert game.s["current"] == 1 and game.s["phase"] != OVER


def test_col_s25_population_in_deck_or_discard_keeps_the_player_in() -> None:
    game = table(3, hand=["farmer", "food"], deck=["coast"], discard=[])
    go(game, pop("farmer"))
    go(game, end())
    assert pl(game)["eliminated"] is False and "farmer" in pl(game)["hand"] + pl(game)["discard"] + pl(game)["deck"]


def test_col_s25_elimination_checked_after_the_draw() -> None:
    game = table(3, hand=["farmer"], deck=["coast", "food", "food", "wealth", "forest", "trader"], discard=[])
    go(game, end())
    assert game.s["trash"] == ["farmer"]
    assert pl(game)["eliminated"] is False, "the Trader still in the deck after the draw keeps the player in"


# -- COL-S26 next turn --------------------------------------------------------------------------------------


def test_col_s26_turns_pass_clockwise_and_the_round_advances_at_the_first_settler() -> None:
    game = table(3, seat=1, hand=[], deck=SAFE_DECK)
    for p in game.s["players"]:
        p["deck"] = list(SAFE_DECK) * 2
    seen = []
    for _ in range(4):
        seen.append((game.s["current"], game.s["round"], game.s["turn_no"]))
        go(game, end(), game.s["current"])
    assert seen == [(1, 1, 1), (2, 1, 2), (0, 1, 3), (1, 2, 4)]


def test_col_s26_eliminated_seats_are_skipped() -> None:
    game = table(3, seat=0, hand=[], deck=SAFE_DECK)
    pl(game, 1)["eliminated"] = True
    pl(game, 2).update(hand=[], deck=list(SAFE_DECK))
    go(game, end())
    assert game.s["current"] == 2 and game.s["round"] == 1
    go(game, end(), 2)
    assert game.s["current"] == 0 and game.s["round"] == 2


def test_col_s26_final_round_ends_after_the_seat_before_the_first_settler() -> None:
    game = table(3, seat=1, first_settler=0, final_round=True, hand=[], deck=SAFE_DECK)
    pl(game, 2)["deck"] = list(SAFE_DECK)
    go(game, end(), 1)
    assert game.s["current"] == 2 and game.s["phase"] != OVER
    pl(game, 2)["hand"] = []
    go(game, end(), 2)
    assert game.s["phase"] == OVER and game.over and game.to_move() == frozenset()
    assert game.result() is not None


def test_col_s26_final_round_last_surviving_seat_before_the_first_settler() -> None:
    game = table(3, seat=1, first_settler=0, final_round=True, hand=[], deck=SAFE_DECK)
    pl(game, 2)["eliminated"] = True
    go(game, end(), 1)
    assert game.s["phase"] == OVER


# -- COL-S27 end conditions ---------------------------------------------------------------------------------


def play_out_with_end_turns(game: Colonies) -> int:
    """End every turn at once (topping up Population so nobody is eliminated); return the turns played."""
    turns = 0
    while not game.over:
        p = pl(game, game.s["current"])
        p["hand"], p["deck"] = ["food"], ["farmer", "food", "food", "food", "food", "coast"]
        go(game, end(), game.s["current"])
        turns += 1
        assert turns < 500
    return turns


@pytest.mark.parametrize(("events", "rounds"), [(24, 25), (12, 13)])
def test_col_s27_the_game_lasts_one_round_more_than_the_event_deck(events: int, rounds: int) -> None:
    game = Colonies.new(2, seed=4, options={"events": events}, first_settler=1)
    turns = play_out_with_end_turns(game)
    assert turns == 2 * rounds and game.s["round"] == rounds
    assert game.s["event_deck"] == [] and len(game.s["event_discard"]) == events - 1
    assert game.s["final_round"] is True and game.s["phase"] == OVER


def test_col_s27_r21_four_players_with_twelve_events_play_52_turns_and_see_all_twelve() -> None:
    # Seen in a 4-player events=12 game: it ended after 52 turns and the board said "11 played".  That is
    # the rules: 12 flips (rounds 2-13), 13 rounds of 4 turns (COL-S27), and the twelfth event stays active
    # to the end (COL-R21), so the event discard holds 11 and the twelfth is the active event.
    game = Colonies.new(4, seed=4, options={"events": 12}, first_settler=0)
    turns = play_out_with_end_turns(game)
    assert turns == 52 and game.s["round"] == 13 and game.s["phase"] == OVER
    assert len(game.s["event_discard"]) == 11 and game.s["active_event"] is not None


def test_col_s27_empty_event_deck_after_a_flip_ends_the_game_after_that_round() -> None:
    game = table(2, seat=0, hand=[], deck=SAFE_DECK, event_deck=["gold_rush"])
    pl(game, 1)["deck"] = list(SAFE_DECK)
    go(game, end(), 0)
    pl(game, 1)["hand"] = []
    go(game, end(), 1)
    assert game.s["round"] == 2 and game.s["final_round"] is True and game.s["current"] == 0
    pl(game)["hand"] = []
    go(game, end(), 0)
    assert game.s["phase"] != OVER
    pl(game, 1)["hand"] = []
    go(game, end(), 1)
    assert game.s["phase"] == OVER and game.s["round"] == 2


def test_col_s27_last_survivor_wins_at_once_regardless_of_points() -> None:
    # §9 scenario 33 (cited for S25–S27): 2p, A ends a turn with no Population anywhere → eliminated,
    # Food/Wealth to supply; game over, B wins regardless of points.
    game = table(2, hand=["food", "wealth", "wealth"], deck=[], discard=["coast", "coast"])
    pl(game).update(shipped=4)
    pl(game, 1).update(hand=["farmer"], deck=[], discard=[])
    food, wealth = supplies(game)
    go(game, end())
    assert game.s["phase"] == OVER and game.to_move() == frozenset()
    assert supplies(game) == (food + 1, wealth + 2)
    result = game.result()
    assert result is not None and result.winners == [1]
    assert result.ranking == [[1], [0]]
    refuse(game, end(), "game is over", seat=1)


# -- COL-S28 scoring ----------------------------------------------------------------------------------------


def finish_with(game: Colonies) -> None:
    """Seat 1 ends the final round's last turn (its cards must sit in deck/discard, hand empty)."""
    game.s["final_round"] = True
    go(game, end(), 1)
    assert game.over


def test_col_s28_scoring_population_wealth_land_and_shipped() -> None:
    # §9 scenario 35: A: 6 Population, 2 Wealth, 3 Land, 4 Food, granary 5, shipped 2 → 24; B: 24 with shipped 1
    # → A wins.
    game = table(2, seat=1, first_settler=0, hand=[], deck=["farmer"] * 7, discard=["wealth", "wealth"] + ["coast"] * 5)
    pl(game, 1)["shipped"] = 1
    a = pl(game, 0)
    a.update(hand=["farmer", "food", "coast"], deck=["miner", "soldier", "wealth", "food"],
             discard=["farmer", "trader", "explorer", "wealth", "forest", "farmland", "food", "food"],
             granary=5, shipped=2)
    finish_with(game)
    assert game.score(0) == 24 and game.score(1) == 24
    result = game.result()
    assert result is not None and result.scores == [24, 24] and result.winners == [0]


def test_col_s28_food_shipments_livestock_threats_and_granary_score_nothing() -> None:
    game = table(2, seat=1, first_settler=0, hand=[], deck=["farmer"])
    pl(game, 0).update(hand=["farmer"], deck=["food", "horses", "arms"], discard=["disease", "food", "livestock"],
                       granary=7, livestock=2, shipped=0)
    assert game.score(0) == 1
    finish_with(game)
    assert game.score(0) == 1 and game.result().scores[0] == 1


# -- COL-S29 tiebreak ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b", "winners"), [
    # equal score (5); equal shipped; A has more Land
    (["coast", "coast", "farmer"], ["coast", "farmer", "farmer", "farmer"], [0]),
    # equal score, shipped and Land; B has more Population
    (["coast", "wealth", "wealth", "farmer"], ["coast", "farmer", "farmer", "wealth"], [1]),
    # everything equal: shared victory
    (["coast", "farmer", "wealth"], ["forest", "miner", "wealth"], [0, 1]),
])
def test_col_s29_tiebreak_land_then_population_then_shared(a: list[str], b: list[str], winners: list[int]) -> None:
    game = table(2, seat=1, first_settler=0, hand=[], deck=b, discard=[])
    pl(game, 0).update(hand=[], deck=a, discard=[])
    finish_with(game)
    assert game.score(0) == game.score(1)
    assert game.result().winners == winners


def test_col_s29_tiebreak_shipped_wealth_first() -> None:
    game = table(2, seat=1, first_settler=0, hand=[], deck=["farmer"] * 6 + ["coast"] * 5, discard=[])
    pl(game, 1)["shipped"] = 1
    pl(game, 0).update(hand=[], deck=["farmer"] + ["coast"] * 5, discard=[], shipped=2)
    finish_with(game)
    assert game.score(0) == game.score(1) == 21
    assert game.result().winners == [0]
