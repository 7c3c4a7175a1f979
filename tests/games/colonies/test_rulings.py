"""Colonies rulings COL-R1 … COL-R45 (rules/colonies.md §7), the §9 scenarios 18–35 and the bad-input list.

Every test builds a position by hand (tests/games/colonies/table.py), plays real moves through
`Colonies.apply` and checks what the rules say must follow: zones, counters, phase and events.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from games.colonies import cards as C
from games.colonies.game import Colonies
from games.colonies.table import ACTED, MAIN, OVER, READY, RESERVED, SOLDIER, THREAT
from games.core import RuleError
from tests.games.colonies.table import hand, in_play, rig, table, zone
from tests.support.properties import refused_unchanged

RULE_ID = re.compile(r"COL-[SR]\d+")


def cited(err: RuleError) -> set[str]:
    """The rule ids a refusal applies (its `rules`, which the player does not read); "COL-S10–S12" cites
    COL-S10 only, as written."""
    return {m.group(0) for rule in err.rules for m in RULE_ID.finditer(rule)}


# -- helpers ------------------------------------------------------------------------------------


def P(game: Colonies, seat: int = 0) -> dict[str, Any]:
    return game.s["players"][seat]


def put(game: Colonies, *cards: str, seat: int = 0) -> None:
    """Cards already in play this turn: a Population ready to act, anything else done with."""
    for c in cards:
        state = READY if C.kind(c) == C.POPULATION else ACTED
        P(game, seat)["in_play"].append({"card": c, "state": state})


def state_of(game: Colonies, card: str, seat: int = 0) -> list[str]:
    return [e["state"] for e in P(game, seat)["in_play"] if e["card"] == card]


def quiet(game: Colonies, *seats: int) -> None:
    """Seats whose turns are plain: no Threat, no Population in hand, a Farmer deep in the deck."""
    for seat in seats:
        p = P(game, seat)
        p["hand"] = ["food", "food", "coast", "farmland", "food"]
        p["deck"] = ["food"] * 40 + ["farmer"]
        p["discard"] = []


def end(game: Colonies, granary: int = 0) -> list[dict[str, Any]]:
    return game.apply(game.s["current"], {"type": "end_turn", "granary": granary})


def refuse(game: Colonies, seat: int, action: dict[str, Any], rule: str | None = None) -> str:
    """The action is refused with a RuleError, nothing changes, and (if given) the message cites `rule`."""
    err = refused_unchanged(game, seat, action)
    assert isinstance(err, RuleError)
    message = str(err)
    if rule is not None:
        assert rule in cited(err), f"{action}: {message!r} does not cite {rule} but {err.rules}"
    return message


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def play(card: str, **kw: Any) -> dict[str, Any]:
    return {"type": "play", "card": card, **kw}


def work(worker: str, land: str, **kw: Any) -> dict[str, Any]:
    return {"type": "work", "worker": worker, "land": land, **kw}


def offer(to: int, give: list[str], want: list[str], worker: str | None = None) -> dict[str, Any]:
    """An offer to the player in seat `to` (the command numbers seats from 1, as the board does)."""
    a: dict[str, Any] = {"type": "offer", "partner": to + 1, "give": give, "want": want}
    if worker is not None:
        a["worker"] = worker
    return a


# -- COL-R1 supply run-out ----------------------------------------------------------------------


def test_col_r1_a_short_wealth_supply_gives_what_it_has():
    # §9 scenario 16: Wealth supply 2, a group of 3 on Farmland → +2 Wealth, supply 0.
    game = table(2, hand=["food"], discard=[], wealth_supply=2)
    put(game, "farmland", "farmer", "farmer", "soldier")
    game.apply(0, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer", "soldier"]})
    assert zone(game, "discard") == ["wealth", "wealth"]
    assert game.s["wealth_supply"] == 0
    assert state_of(game, "farmer") == [ACTED, ACTED] and state_of(game, "soldier") == [ACTED]


def test_col_r1_an_empty_food_supply_gives_nothing_and_trashed_food_returns_past_its_start():
    game = table(2, hand=["farmer", "food"], discard=[], food_supply=0)
    put(game, "farmland", "farmer")
    game.apply(0, work("farmer", "farmland"))
    assert zone(game, "discard") == [] and game.s["food_supply"] == 0
    game.s["food_supply"] = 40
    game.apply(0, play("farmer", food="hand"))  # the starting-set Food goes back to the supply
    assert game.s["food_supply"] == 41


def test_col_r1_trashed_wealth_returns_to_its_supply():
    game = table(2, hand=["pirates", "wealth", "food"], deck=["coast"], discard=[], trash=[], wealth_supply=15)
    game.apply(0, play("pirates", target="wealth"))
    assert game.s["wealth_supply"] == 16 and game.s["trash"] == [] and hand(game) == ["coast", "food"]


def test_col_r1_active_player_gains_first_when_the_supply_is_short():
    # §9 scenario 21: a Trader's 1-for-1 trade with Wealth supply 1 → A gains the Wealth, B none.
    game = table(2, hand=["food", "coast"], discard=[], wealth_supply=1)
    put(game, "trader")
    P(game, 1).update(hand=["wealth", "farmer", "food"], discard=[])
    game.apply(0, offer(1, ["food"], ["wealth"], "trader"))
    game.apply(1, {"type": "accept"})
    assert hand(game, 0) == ["coast", "wealth"] and hand(game, 1) == ["farmer", "food", "food"]
    assert zone(game, "discard", 0) == ["wealth"] and zone(game, "discard", 1) == []
    assert game.s["wealth_supply"] == 0
    assert state_of(game, "trader") == [ACTED]


# -- COL-R2 player count ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 7])
def test_col_r2_fewer_than_two_or_more_than_six_players_are_refused(n):
    with pytest.raises(RuleError):
        Colonies.new(n, seed=1)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_col_r2_every_common_card_is_used_at_any_count(n):
    game = Colonies.new(n, seed=n)
    s = game.s
    assert (len(s["pop_deck"]), len(s["lineup"]), len(s["land_deck"]), len(s["frontier"])) == (37, 3, 22, 3)
    assert (len(s["event_deck"]), len(s["threat_deck"]), len(s["shipment_deck"])) == (24, 25, 30)
    assert (s["food_supply"], s["wealth_supply"], s["active_event"]) == (40, 15, None)
    for seat in range(n):
        p = P(game, seat)
        assert len(p["hand"]) == 5 and len(p["deck"]) == 5
        assert Counter(p["hand"] + p["deck"]) == Counter(C.STARTING_SET)


def test_col_r2_the_host_may_choose_a_twelve_event_game():
    game = Colonies.new(2, seed=3, options={"events": 12})
    assert len(game.s["event_deck"]) == 12
    assert len(game.s["threat_deck"]) == 25 and len(game.s["pop_deck"]) == 37
    with pytest.raises(RuleError):
        Colonies.new(2, seed=3, options={"events": 10})


# -- COL-R3 gain --------------------------------------------------------------------------------


def test_col_r3_gains_go_to_the_discard_pile_but_cannibal_food_to_hand():
    game = table(2, hand=["trader"], discard=[], threat_deck=["disease", "pirates"])
    put(game, "farmland", "farmer")
    game.apply(0, work("farmer", "farmland"))
    assert zone(game, "discard") == ["food"] * 3 and hand(game) == ["trader"]
    game.apply(0, {"type": "cannibalize", "card": "trader"})
    assert hand(game) == ["food"]
    assert zone(game, "discard") == ["disease", "food", "food", "food"]


def test_col_r3_traded_cards_are_not_gained_so_harsh_winter_does_not_block_them():
    game = table(2, hand=["wealth"], discard=[], event="harsh_winter")
    put(game, "farmer")
    P(game, 1).update(hand=["food", "food", "coast"], discard=[])
    supply = game.s["food_supply"]
    game.apply(0, offer(1, ["wealth"], ["food"], "farmer"))
    game.apply(1, {"type": "accept"})
    assert hand(game, 0) == ["food"] and hand(game, 1) == ["coast", "food", "wealth"]
    assert game.s["food_supply"] == supply and zone(game, "discard") == []


# -- COL-R4 empty deck and discard --------------------------------------------------------------


def test_col_r4_a_draw_from_an_empty_deck_and_discard_does_nothing():
    # §9 scenario 32: deck 1, discard 0, Horses → 1 card drawn, the rest skipped;
    # step 9 with deck 0 and discard 8 → shuffle, draw 5.
    game = table(2, hand=["horses"], deck=["mountains"], discard=[])
    events = game.apply(0, play("horses"))
    assert hand(game) == ["mountains"] and P(game)["deck"] == [] and P(game)["discard"] == []
    assert [e["count"] for e in events if e["type"] == "drew"] == [1]
    assert "reshuffled" not in types(events)
    quiet(game, 1)
    P(game)["discard"] = ["food", "food", "farmer", "soldier", "coast", "wealth", "farmland"]
    P(game)["hand"] = []
    events = end(game)  # Horses and the Mountains in hand join the discard: 8 cards, no deck
    assert "reshuffled" in types(events)
    assert len(P(game)["hand"]) == 5 and len(P(game)["deck"]) == 3 and P(game)["discard"] == []
    assert not P(game)["eliminated"]


# -- COL-R5 common decks running out ------------------------------------------------------------


def test_col_r5_empty_common_decks_give_nothing_and_never_end_the_game():
    game = table(2, hand=["settlers", "trader", "food"], discard=[], pop_deck=["miner", "trapper"],
                 threat_deck=[], shipment_deck=[], trash=["disease"])
    put(game, "farmer", "coast", "wealth")
    game.apply(0, play("settlers"))  # §9 scenario 29: Pop deck 2 → gain 2, Settlers trashed
    assert zone(game, "discard") == ["miner", "trapper"] and game.s["pop_deck"] == []
    assert game.s["trash"] == ["disease", "settlers"]
    game.apply(0, {"type": "cannibalize", "card": "trader"})  # no Threat to gain
    assert zone(game, "discard") == ["miner", "trapper"] and hand(game) == ["food", "food"]
    game.apply(0, work("farmer", "coast", mode="ship", wealth="play"))  # no Shipment to gain
    assert P(game)["shipped"] == 1 and zone(game, "discard") == ["miner", "trapper"]
    assert game.s["phase"] == MAIN and not game.over
    quiet(game, 1)
    lineup = list(game.s["lineup"])
    end(game)
    assert game.s["lineup"] == lineup  # nothing to refill from, a gap is no end
    assert not game.over and game.s["current"] == 1
    assert game.s["trash"] == ["disease", "settlers", "trader"]  # the trash never recycles


# -- COL-R6 refill timing -----------------------------------------------------------------------


def test_col_r6_frontier_refills_only_at_clean_up():
    # §9 scenario 24: Farmer takes Forest + the top Threat; Frontier shows 2 until end_turn, then 3.
    game = table(2, hand=["food"], discard=[], frontier=["forest", "coast", "farmland"],
                 land_deck=["mountains", "farmland"], threat_deck=["pirates", "disease"])
    put(game, "farmer", "trader")
    game.apply(0, {"type": "explore", "worker": "farmer", "card": "forest"})
    assert zone(game, "discard") == ["forest", "pirates"]
    assert game.s["frontier"] == ["coast", "farmland"] and game.s["threat_deck"] == ["disease"]
    game.apply(0, {"type": "explore", "worker": "trader", "card": "coast"})
    assert game.s["frontier"] == ["farmland"]
    quiet(game, 1)
    end(game)
    assert game.s["frontier"] == ["farmland", "mountains", "farmland"] and game.s["land_deck"] == []


def test_col_r6_three_reproduces_empty_the_line_up_until_clean_up():
    # §9 scenario 26: three Reproduces empty the Line-Up; a fourth is rejected; clean-up refills to 3.
    game = table(2, hand=["food"], discard=[], lineup=["miner", "trader", "farmer"],
                 pop_deck=["explorer", "soldier", "trapper", "farmer"])
    put(game, "farmer", "farmer", "soldier", "trader")
    for worker, card in (("farmer", "miner"), ("farmer", "trader"), ("soldier", "farmer")):
        game.apply(0, {"type": "reproduce", "worker": worker, "card": card})
    assert game.s["lineup"] == [] and zone(game, "discard") == ["farmer", "miner", "trader"]
    refuse(game, 0, {"type": "reproduce", "worker": "trader", "card": "farmer"}, "COL-R30")
    quiet(game, 1)
    end(game)
    assert game.s["lineup"] == ["explorer", "soldier", "trapper"] and game.s["pop_deck"] == ["farmer"]


# -- COL-R7 Land left in hand -------------------------------------------------------------------


def test_col_r7_land_left_in_hand_is_discarded_at_clean_up():
    # §9 scenario 5: hand [Food×3, Farmer, Forest, Wealth] → granary 2 rejected, 1 ok.
    game = table(2, hand=["food", "food", "food", "farmer", "forest", "wealth"], deck=["coast"] * 5 + ["miner"],
                 discard=[], trash=[])
    put(game, "coast")
    quiet(game, 1)
    refuse(game, 0, {"type": "end_turn", "granary": 2}, "COL-R35")
    events = end(game, 1)
    assert sorted(zone(game, "discard")) == ["coast", "food", "food", "forest", "wealth"]
    assert game.s["trash"] == ["farmer"] and P(game)["granary"] == 1
    assert hand(game) == ["coast"] * 5 and P(game)["in_play"] == []
    cleanup = next(e for e in events if e["type"] == "cleanup")
    assert sorted(cleanup["revealed"]) == ["farmer", "food", "food", "forest", "wealth"]


# -- COL-R8 Peaceful Tribe ----------------------------------------------------------------------


def test_col_r8_peaceful_tribe_discards_a_card_and_draws_nothing():
    # §9 scenario 7: hand [Peaceful Tribe, Food, Farmer] → discard Farmer; no draw; hand [Food].
    game = table(2, hand=["peaceful_tribe", "food", "farmer"], deck=["coast", "coast"], discard=[])
    assert game.s["phase"] == SOLDIER
    events = game.apply(0, play("peaceful_tribe", target="farmer"))
    assert hand(game) == ["food"] and zone(game, "discard") == ["farmer"]
    assert P(game)["deck"] == ["coast", "coast"] and "drew" not in types(events)
    assert in_play(game) == ["peaceful_tribe"] and game.s["threats_played"] == 1
    assert game.s["phase"] == MAIN


def test_col_r8_peaceful_tribe_may_discard_another_threat_which_is_then_never_played():
    game = table(2, hand=["peaceful_tribe", "disease", "farmer"], deck=["coast"], discard=[])
    game.apply(0, play("peaceful_tribe", target="disease"))
    assert hand(game) == ["farmer"] and zone(game, "discard") == ["disease"]
    assert game.s["threats_played"] == 1 and game.s["phase"] == MAIN


def test_col_r8_peaceful_tribe_with_an_empty_hand_does_nothing():
    game = table(2, hand=["peaceful_tribe"], deck=["coast"], discard=[])
    events = game.apply(0, play("peaceful_tribe"))
    assert hand(game) == [] and zone(game, "discard") == [] and P(game)["deck"] == ["coast"]
    assert "discarded" not in types(events) and game.s["phase"] == MAIN


# -- COL-R9 a Threat that cannot do what it says ------------------------------------------------


def test_col_r9_a_threat_with_no_target_does_nothing_but_still_draws():
    # §9 scenario 6: hand [Crop Failure, Farmer, Coast, Wealth, Soldier], deck top Food.
    game = table(2, hand=["crop_failure", "farmer", "coast", "wealth", "soldier"], deck=["food", "coast"],
                 discard=[], trash=[])
    refuse(game, 0, play("crop_failure", target="farmer"))
    game.apply(0, play("crop_failure"))
    assert hand(game) == ["coast", "farmer", "food", "soldier", "wealth"]
    assert game.s["trash"] == [] and game.s["phase"] == MAIN


def test_col_r9_the_target_is_judged_before_the_draw():
    game = table(2, hand=["crop_failure", "farmer"], deck=["food"], discard=[])
    refuse(game, 0, play("crop_failure", target="food"))  # the Food is still in the deck
    game.apply(0, play("crop_failure"))
    assert hand(game) == ["farmer", "food"]


def test_col_r9_the_threat_itself_is_not_its_own_target():
    game = table(2, hand=["peaceful_tribe", "peaceful_tribe"], deck=["coast"], discard=[])
    game.apply(0, play("peaceful_tribe", target="peaceful_tribe"))
    assert hand(game) == [] and zone(game, "discard") == ["peaceful_tribe"]
    assert in_play(game) == ["peaceful_tribe"] and game.s["phase"] == MAIN


# -- COL-R10 Threat drawn mid-turn --------------------------------------------------------------


def test_col_r10_a_threat_drawn_in_main_locks_cards_but_not_population_actions():
    # §9 scenario 10: play Wealth draws Disease → Land and end_turn rejected; Farmer Combats it.
    game = table(2, hand=["wealth", "forest", "trader", "food"], deck=["disease", "coast"], discard=[],
                 lineup=["miner"], frontier=["mountains"])
    put(game, "farmer", "soldier", "explorer")
    game.apply(0, play("wealth"))
    assert game.locked() and game.s["phase"] == MAIN
    refuse(game, 0, play("forest"), "COL-S9")
    refuse(game, 0, play("trader", food="hand"), "COL-S9")
    refuse(game, 0, {"type": "cannibalize", "card": "trader"})
    refuse(game, 0, {"type": "end_turn", "granary": 0})
    refuse(game, 0, offer(1, ["food"], ["food"], "soldier"))
    game.apply(0, {"type": "reproduce", "worker": "soldier", "card": "miner"})  # actions stay legal
    assert zone(game, "discard") == ["miner"]
    game.apply(0, {"type": "combat", "worker": "farmer", "card": "disease", "zone": "hand"})
    assert "disease" in game.s["trash"] and not game.locked()
    assert game.s["threats_played"] == 0
    game.apply(0, play("forest"))
    assert in_play(game)[-1] == "forest"


# -- COL-R11 Soldier window ---------------------------------------------------------------------


def test_col_r11_soldier_pre_emption():
    # §9 scenario 8: play Soldier (Food trashed), Combat Disease in hand → Trash, no draw,
    # threats_played 0; the Farmer is unaffordable and is trashed at clean-up.
    game = table(2, hand=["disease", "soldier", "food", "farmer", "coast"], deck=["forest"] * 6, discard=[],
                 trash=[])
    assert game.s["phase"] == SOLDIER
    refuse(game, 0, play("farmer", food="hand"), "COL-S6")
    refuse(game, 0, play("coast"), "COL-S6")
    food = game.s["food_supply"]
    game.apply(0, play("soldier", food="hand"))
    assert game.s["food_supply"] == food + 1 and game.s["phase"] == SOLDIER
    events = game.apply(0, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["disease"] and "drew" not in types(events)
    assert game.s["threats_played"] == 0 and game.s["phase"] == MAIN
    assert hand(game) == ["coast", "farmer"]
    refuse(game, 0, play("farmer", food="hand"), "COL-S10")
    quiet(game, 1)
    end(game)
    assert game.s["trash"] == ["disease", "farmer"]
    assert zone(game, "discard") == ["coast", "soldier"]


def test_col_r11_without_the_soldier_disease_takes_a_chosen_population_and_draws():
    game = table(2, hand=["disease", "soldier", "food", "farmer", "coast"], deck=["forest"], discard=[],
                 trash=[])
    game.apply(0, play("disease", target="farmer"))
    assert game.s["trash"] == ["farmer"]
    assert hand(game) == ["coast", "food", "forest", "soldier"] and game.s["phase"] == MAIN


def test_col_r11_soldiers_still_cost_food_and_the_window_allows_no_trade():
    game = table(2, hand=["disease", "soldier", "coast"], deck=["forest"], discard=[], event="trade_winds")
    refuse(game, 0, play("soldier", food="hand"), "COL-S10")
    refuse(game, 0, offer(1, ["coast"], ["food"]), "COL-R11")
    P(game)["granary"] = 1
    game.apply(0, play("soldier", food="granary"))
    assert P(game)["granary"] == 0 and in_play(game) == ["soldier"] and game.s["phase"] == SOLDIER


def test_col_r11_the_window_closes_at_the_first_threat_and_a_soldier_drawn_later_waits_for_main():
    game = table(2, hand=["crop_failure", "pirates", "food", "food"], deck=["soldier", "coast"], discard=[])
    game.apply(0, play("crop_failure", target="food"))
    assert game.s["phase"] == THREAT and "soldier" in hand(game)
    refuse(game, 0, play("soldier", food="hand"), "COL-S7")
    game.apply(0, play("pirates"))
    assert game.s["phase"] == MAIN
    game.apply(0, play("soldier", food="hand"))
    assert in_play(game) == ["crop_failure", "pirates", "soldier"]


# -- COL-R12 Combat -----------------------------------------------------------------------------


def test_col_r12_combat_on_a_threat_in_hand_means_it_is_never_played():
    game = table(2, hand=["disease", "soldier", "food", "farmer"], deck=["trader", "coast"],
                 discard=["miner"], event="witch_trials", trash=[])
    game.apply(0, play("soldier", food="hand"))
    events = game.apply(0, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["disease"] and hand(game) == ["farmer"]
    assert zone(game, "discard") == ["miner"]  # no Witch Trials
    assert "drew" not in types(events) and game.s["threats_played"] == 0 and game.s["pending"] is None


def test_col_r12_a_fought_threat_is_not_the_first_played_so_witch_trials_waits_for_the_next():
    game = table(2, hand=["disease", "pirates", "soldier", "food", "farmer"], deck=["coast", "coast"],
                 discard=["miner"], event="witch_trials", trash=[])
    game.apply(0, play("soldier", food="hand"))
    game.apply(0, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["pending"] is None and game.s["phase"] == SOLDIER
    game.apply(0, play("pirates"))
    assert game.s["threats_played"] == 1 and game.s["pending"]["kind"] == "witch"
    game.apply(0, {"type": "witch", "zone": "discard", "card": "miner"})
    assert game.s["trash"] == ["disease", "miner"] and hand(game) == ["coast", "farmer"]


def test_col_r12_combat_on_a_played_threat_removes_it_without_undoing_its_effect():
    game = table(2, hand=["crop_failure", "soldier", "food", "food"], deck=["coast"] * 6, discard=[],
                 trash=[])
    game.apply(0, play("soldier", food="hand"))
    supply = game.s["food_supply"]
    game.apply(0, play("crop_failure", target="food"))
    assert game.s["food_supply"] == supply + 1 and game.s["phase"] == MAIN
    game.apply(0, {"type": "combat", "worker": "soldier", "card": "crop_failure", "zone": "play"})
    assert game.s["trash"] == ["crop_failure"] and in_play(game) == ["soldier"]
    assert "food" not in hand(game) and game.s["food_supply"] == supply + 1
    quiet(game, 1)
    end(game)
    assert "crop_failure" not in zone(game, "discard") and game.s["trash"] == ["crop_failure"]


# -- COL-R13 Arms -------------------------------------------------------------------------------


def test_col_r13_arms_trashes_a_threat_from_the_discard_pile_and_is_discarded_at_clean_up():
    # §9 scenario 29 (Arms): Arms with Disease in discard → Disease to Trash, Arms discarded at clean-up.
    game = table(2, hand=["arms"], deck=["coast"] * 5 + ["miner"], discard=["disease", "food"], trash=[])
    refuse(game, 0, play("arms", zone="hand", target="disease"), "COL-R13")
    game.apply(0, play("arms", zone="discard", target="disease"))
    assert game.s["trash"] == ["disease"] and zone(game, "discard") == ["food"]
    assert in_play(game) == ["arms"]
    quiet(game, 1)
    end(game)
    assert zone(game, "discard") == ["arms", "food"] and game.s["trash"] == ["disease"]


def test_col_r13_arms_trashes_a_threat_played_this_turn():
    game = table(2, hand=["crop_failure", "food", "arms"], deck=["coast"], discard=[], trash=[])
    game.apply(0, play("crop_failure", target="food"))
    game.apply(0, play("arms", zone="play", target="crop_failure"))
    assert game.s["trash"] == ["crop_failure"] and in_play(game) == ["arms"]


def test_col_r13_arms_with_no_target_does_nothing():
    game = table(2, hand=["arms", "food"], deck=["coast"], discard=["food"], trash=[])
    refuse(game, 0, play("arms", zone="discard", target="food"))
    game.apply(0, play("arms"))
    assert in_play(game) == ["arms"] and game.s["trash"] == [] and zone(game, "discard") == ["food"]


# -- COL-R14 Livestock --------------------------------------------------------------------------


def test_col_r14_livestock_stays_in_play_and_is_worked_any_number_of_times():
    # §9 scenario 27: played turn N → still in play after clean-up; turn N+1 a Farmer works it
    # → +2 Food; Laborers may work it; it scores 0.
    game = table(2, hand=["livestock", "food"], deck=["farmer", "food", "laborers", "coast", "food"],
                 discard=[])
    score = game.score(0)
    game.apply(0, play("livestock"))
    assert P(game)["livestock"] == 1 and in_play(game) == [] and game.score(0) == score
    quiet(game, 1)
    end(game)
    end(game)  # seat 1
    assert game.s["current"] == 0 and P(game)["livestock"] == 1
    assert "livestock" not in zone(game, "discard")
    P(game)["discard"] = []
    game.apply(0, play("farmer", food="hand"))
    game.apply(0, work("farmer", "livestock"))
    assert zone(game, "discard") == ["food", "food"]
    game.apply(0, play("laborers", land="livestock"))
    assert zone(game, "discard") == ["food"] * 3
    assert in_play(game) == ["farmer", "laborers"]


def test_col_r14_livestock_is_not_a_land_for_warlike_tribe_group_work_or_scoring():
    game = table(2, hand=["warlike_tribe", "livestock", "food"], deck=["coast"], discard=[], trash=[])
    game.apply(0, play("warlike_tribe"))  # no Land in hand: no target
    assert hand(game) == ["coast", "food", "livestock"] and game.s["trash"] == []
    game.apply(0, play("livestock"))
    put(game, "farmer", "soldier")
    refuse(game, 0, {"type": "group", "land": "livestock", "workers": ["farmer", "soldier"]}, "COL-S16")
    before, lands = game.score(0), game.tally(0)["land"]
    P(game)["livestock"] = 3
    P(game)["deck"] += ["livestock"] * 2
    assert game.score(0) == before and game.tally(0)["land"] == lands


# -- COL-R15 working Lands ----------------------------------------------------------------------


def test_col_r15_several_population_work_one_land_separately_and_lands_never_exhaust():
    game = table(2, hand=["farmland"], discard=[])
    put(game, "farmer", "farmer", "trader")
    refuse(game, 0, work("farmer", "farmland"), "COL-R15")  # still in hand
    game.apply(0, play("farmland"))
    for worker in ("farmer", "farmer", "trader"):
        game.apply(0, work(worker, "farmland"))
    assert zone(game, "discard") == ["food"] * 8  # 3 + 3 + 2
    assert state_of(game, "farmer") == [ACTED, ACTED] and state_of(game, "trader") == [ACTED]


def test_col_r15_only_lands_in_play_can_be_worked():
    game = table(2, hand=["food"], discard=["coast", "farmland"])
    put(game, "farmer")
    refuse(game, 0, work("farmer", "farmland"), "COL-R15")
    refuse(game, 0, work("farmer", "coast", mode="food"), "COL-R15")


# -- COL-R16 Farmland group mode ----------------------------------------------------------------


def test_col_r16_farmland_single_and_group_work():
    # §9 scenario 15: Farmer works → +3 Food; then Farmer+Farmer+Soldier group on the same
    # Farmland → +3 Wealth, no Food; a group of 1 or including Laborers → rejected.
    game = table(2, hand=["laborers"], discard=[], wealth_supply=15)
    put(game, "farmland", "farmer", "farmer", "farmer", "soldier")
    game.apply(0, work("farmer", "farmland"))
    assert zone(game, "discard") == ["food"] * 3
    refuse(game, 0, {"type": "group", "land": "farmland", "workers": ["soldier"]}, "COL-R16")
    refuse(game, 0, {"type": "group", "land": "farmland", "workers": ["soldier", "laborers"]}, "COL-R32")
    refuse(game, 0, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer", "farmer"]})
    game.apply(0, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer", "soldier"]})
    assert zone(game, "discard") == ["food"] * 3 + ["wealth"] * 3
    assert game.s["wealth_supply"] == 12
    assert state_of(game, "farmer") == [ACTED] * 3 and state_of(game, "soldier") == [ACTED]


def test_col_r16_group_work_gets_no_food_and_no_bountiful_bonus():
    game = table(2, hand=[], discard=[], event="bountiful_harvest")
    put(game, "farmland", "farmer", "farmer")
    game.apply(0, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer"]})
    assert zone(game, "discard") == ["wealth", "wealth"]


# -- COL-R17 Miner / Trapper --------------------------------------------------------------------


def test_col_r17_a_miner_in_the_mountains_never_dies():
    # §9 scenario 12: roll 1 → 2, nothing, the Miner survives; roll 5 → 6, +3 Wealth.
    game = table(2, hand=[], discard=[], trash=[])
    put(game, "mountains", "miner", "miner")
    rig(game, [1, 5])
    game.apply(0, work("miner", "mountains"))
    assert zone(game, "discard") == [] and game.s["trash"] == [] and in_play(game).count("miner") == 2
    assert game.s["last_roll"]["total"] == 2
    game.apply(0, work("miner", "mountains"))
    assert zone(game, "discard") == ["wealth"] * 3 and game.s["last_roll"]["total"] == 6


def test_col_r17_a_trapper_in_the_forest_and_six_plus_includes_seven():
    # §9 scenario 14: Trapper roll 5 → +2 Food +1 Wealth; a Farmer rolling 1 is trashed.
    game = table(2, hand=[], discard=[], trash=[])
    put(game, "forest", "trapper", "trapper", "farmer")
    rig(game, [5, 6, 1])
    game.apply(0, work("trapper", "forest"))
    assert zone(game, "discard") == ["food", "food", "wealth"]
    game.apply(0, work("trapper", "forest"))  # 6 + 1 = 7 reads as 6+
    assert zone(game, "discard") == ["food"] * 4 + ["wealth"] * 2
    game.apply(0, work("farmer", "forest"))
    assert game.s["trash"] == ["farmer"] and "farmer" not in in_play(game)


@pytest.mark.parametrize("worker, land", [("miner", "forest"), ("trapper", "mountains")])
def test_col_r17_each_bonus_applies_only_to_its_own_land(worker, land):
    game = table(2, hand=[], discard=[], trash=[])
    put(game, land, worker)
    rig(game, [1])
    game.apply(0, work(worker, land))
    assert game.s["last_roll"]["mod"] == 0 and game.s["trash"] == [worker] and in_play(game) == [land]


# -- COL-R18 Gold Rush --------------------------------------------------------------------------


def test_col_r18_gold_rush_adds_a_wealth_on_every_mountains_work():
    game = table(2, hand=["laborers"], discard=[], trash=[], event="gold_rush")
    put(game, "mountains", "farmer", "soldier")
    rig(game, [1, 2, 3])
    game.apply(0, work("farmer", "mountains"))  # dies, still +1
    assert game.s["trash"] == ["farmer"] and zone(game, "discard") == ["wealth"]
    game.apply(0, work("soldier", "mountains"))  # nothing, +1
    assert zone(game, "discard") == ["wealth"] * 2
    game.apply(0, play("laborers", land="mountains"))  # 3 → 2, +1
    assert zone(game, "discard") == ["wealth"] * 5


def test_col_r18_gold_rush_is_only_for_mountains():
    game = table(2, hand=[], discard=[], event="gold_rush")
    put(game, "forest", "trapper")
    rig(game, [3])
    game.apply(0, work("trapper", "forest"))  # 4 → 1 Wealth only
    assert zone(game, "discard") == ["wealth"]


# -- COL-R19 Bountiful Harvest ------------------------------------------------------------------


def test_col_r19_bountiful_harvest_adds_one_food_per_work_that_gains_food():
    game = table(2, hand=["laborers"], discard=[], event="bountiful_harvest", livestock=0)
    P(game)["livestock"] = 1
    put(game, "farmland", "coast", "forest", "farmer", "farmer", "trader", "trapper", "soldier")
    rig(game, [5, 3])
    game.apply(0, work("farmer", "farmland"))  # 2 + 1 + 1
    assert zone(game, "discard").count("food") == 4
    game.apply(0, work("farmer", "livestock"))  # 1 + 1 + 1
    assert zone(game, "discard").count("food") == 7
    game.apply(0, work("trader", "coast", mode="food"))  # 2 + 1
    assert zone(game, "discard").count("food") == 10
    game.apply(0, work("trapper", "forest"))  # 6: 2 + 1 Food, 1 Wealth (§9 scenario 14)
    assert Counter(zone(game, "discard")) == Counter(food=13, wealth=1)
    game.apply(0, work("soldier", "forest"))  # 3 → 2 + 1 Food
    assert zone(game, "discard").count("food") == 16
    game.apply(0, play("laborers", land="farmland"))  # 2 + 1, no Farmer bonus
    assert zone(game, "discard").count("food") == 19


def test_col_r19_no_bonus_without_food_or_on_supplies_cannibalism_and_trades():
    game = table(2, hand=["supplies", "trader", "wealth"], discard=[], event="bountiful_harvest")
    put(game, "forest", "trapper", "farmer")
    rig(game, [3])
    game.apply(0, work("trapper", "forest"))  # 4: 1 Wealth, no Food so no bonus
    assert zone(game, "discard") == ["wealth"]
    game.apply(0, play("supplies"))
    assert zone(game, "discard") == ["food"] * 5 + ["wealth"]
    game.apply(0, {"type": "cannibalize", "card": "trader"})
    assert hand(game).count("food") == 1
    P(game, 1).update(hand=["food", "coast"])
    game.apply(0, offer(1, ["wealth"], ["food"], "farmer"))
    game.apply(1, {"type": "accept"})
    assert hand(game).count("food") == 2


# -- COL-R20 Harsh Winter -----------------------------------------------------------------------


def test_col_r20_harsh_winter_blocks_every_food_gain():
    game = table(2, hand=["supplies", "laborers", "trader"], discard=[], trash=[], event="harsh_winter")
    P(game)["livestock"] = 1
    put(game, "farmland", "coast", "forest", "farmer", "farmer", "trapper")
    rig(game, [6])
    game.apply(0, work("farmer", "farmland"))
    game.apply(0, work("farmer", "livestock"))
    events = game.apply(0, play("laborers", land="coast", mode="food"))
    assert "winter" in types(events)
    assert zone(game, "discard") == []
    game.apply(0, work("trapper", "forest"))  # 7: the Wealth still comes, the Food does not
    assert zone(game, "discard") == ["wealth"]
    supply = game.s["food_supply"]
    game.apply(0, play("supplies"))  # playable, trashed for nothing
    assert game.s["trash"] == ["supplies"] and zone(game, "discard") == ["wealth"]
    assert game.s["food_supply"] == supply
    refuse(game, 0, {"type": "cannibalize", "card": "trader"}, "COL-R20")


def test_col_r20_paying_food_and_the_granary_are_unaffected_by_harsh_winter():
    game = table(2, hand=["farmer", "trader", "food", "food", "food", "food"], deck=["coast"] * 5,
                 discard=[], event="harsh_winter")
    P(game)["granary"] = 1
    game.apply(0, play("farmer", food="hand"))
    game.apply(0, play("trader", food="granary"))
    assert in_play(game) == ["farmer", "trader"] and P(game)["granary"] == 0
    quiet(game, 1)
    end(game, 1)
    assert P(game)["granary"] == 1


# -- COL-R21 event duration ---------------------------------------------------------------------


def test_col_r21_no_event_in_round_one_then_one_event_for_every_turn_of_the_round():
    # §9 scenario 3.
    game = table(3, hand=["food"], discard=[])
    quiet(game, 0, 1, 2)
    top = game.s["event_deck"][0]
    for seat in (0, 1, 2):
        assert game.s["current"] == seat and game.s["active_event"] is None
        end(game)
    assert game.s["round"] == 2 and game.s["current"] == 0
    assert game.s["active_event"] == top and len(game.s["event_deck"]) == 23
    end(game)
    assert game.s["current"] == 1 and game.s["active_event"] == top and len(game.s["event_deck"]) == 23
    end(game)
    end(game)
    assert game.s["round"] == 3 and game.s["event_discard"] == [top] and len(game.s["event_deck"]) == 22


def test_col_r21_the_last_event_lasts_to_the_end():
    game = table(2, hand=["food"], discard=[], event_deck=["gold_rush"], round=1)
    quiet(game, 0, 1)
    end(game)
    end(game)
    assert game.s["active_event"] == "gold_rush" and game.s["final_round"] and game.s["event_deck"] == []
    end(game)
    assert game.s["active_event"] == "gold_rush" and game.s["current"] == 1
    end(game)
    assert game.over and game.s["active_event"] == "gold_rush"


# -- COL-R22 Vermin -----------------------------------------------------------------------------


def test_col_r22_vermin_empties_every_granary_into_its_discard_pile():
    game = table(3, hand=["food"], discard=[], event_deck=["vermin", "gold_rush"])
    quiet(game, 0, 1, 2)
    for seat, g in ((0, 2), (1, 0), (2, 3)):
        P(game, seat)["granary"] = g
    end(game)
    end(game)
    supply = game.s["food_supply"]
    food = [zone(game, "discard", s).count("food") for s in range(3)]
    events = end(game)
    assert game.s["active_event"] == "vermin"
    assert [P(game, s)["granary"] for s in range(3)] == [0, 0, 0]
    assert [zone(game, "discard", s).count("food") for s in (0, 1)] == [food[0] + 2, food[1]]
    assert zone(game, "discard", 2).count("food") == 3 + 3  # seat 2's clean-up, then its granary
    assert game.s["food_supply"] == supply
    assert sorted((e["seat"], e["food"]) for e in events if e["type"] == "vermin") == [(0, 2), (2, 3)]


# -- COL-R23 Witch Trials -----------------------------------------------------------------------


def test_col_r23_witch_trials_on_the_first_threat_only_after_its_effect_and_before_its_draw():
    game = table(2, hand=["disease", "crop_failure", "farmer", "trader", "food"],
                 deck=["soldier", "coast", "coast"], discard=["miner"], event="witch_trials", trash=[])
    game.apply(0, play("disease", target="farmer"))
    assert game.s["trash"] == ["farmer"]
    pending = game.s["pending"]
    assert pending is not None and pending["kind"] == "witch"
    assert "soldier" not in hand(game)  # no draw yet
    assert sorted(map(tuple, game.witch_options(0))) == [("discard", "miner"), ("hand", "trader")]
    refuse(game, 0, play("crop_failure", target="food"), "COL-R43")
    game.apply(0, {"type": "witch", "zone": "discard", "card": "miner"})
    assert game.s["trash"] == ["farmer", "miner"] and game.s["pending"] is None
    assert hand(game) == ["crop_failure", "food", "soldier", "trader"]  # the draw came after
    game.apply(0, play("crop_failure", target="food"))  # a later Threat: no Witch Trials
    assert game.s["pending"] is None and game.s["trash"] == ["farmer", "miner"]
    assert hand(game) == ["coast", "soldier", "trader"]


def test_col_r23_witch_trials_also_on_a_threat_played_in_a_lock():
    game = table(2, hand=["wealth", "food"], deck=["disease", "coast"], discard=["farmer"],
                 event="witch_trials", trash=[])
    game.apply(0, play("wealth"))
    assert game.locked()
    game.apply(0, play("disease"))  # no Population in hand: no effect
    assert game.s["trash"] == ["farmer"] and zone(game, "discard") == []  # the only option, taken
    assert hand(game) == ["coast", "food"]


def test_col_r23_witch_trials_with_no_population_anywhere_does_nothing():
    game = table(2, hand=["pirates", "food"], deck=["coast"], discard=["food"], event="witch_trials",
                 trash=[])
    game.apply(0, play("pirates"))
    assert game.s["trash"] == [] and game.s["pending"] is None and hand(game) == ["coast", "food"]


# -- COL-R24 Pilgrimage -------------------------------------------------------------------------


def test_col_r24_pilgrimage_adds_the_top_population_to_each_explore():
    # §9 scenario 24 (Pilgrimage part), and the Explorer too.
    game = table(2, hand=[], discard=[], event="pilgrimage", frontier=["forest", "coast", "mountains"],
                 pop_deck=["miner", "trader", "soldier"],
                 threat_deck=["pirates", "disease", "crop_failure", "peaceful_tribe"])
    put(game, "farmer", "explorer")
    game.apply(0, {"type": "explore", "worker": "farmer", "card": "forest"})
    assert zone(game, "discard") == ["forest", "miner", "pirates"]
    game.apply(0, {"type": "explore", "worker": "explorer", "card": "coast"})
    assert zone(game, "discard") == ["coast", "forest", "miner", "pirates", "trader"]
    assert game.s["pending"]["kind"] == "explorer" and game.s["pop_deck"] == ["soldier"]


# -- COL-R25 Trade Winds ------------------------------------------------------------------------


def test_col_r25_trade_winds_trades_need_no_population_and_give_no_bonus():
    # §9 scenario 23: A, no Population in play, trades with B then C → both succeed, no bonus.
    game = table(3, hand=["food", "coast"], discard=[], event="trade_winds", wealth_supply=15)
    P(game, 1).update(hand=["wealth", "food"], discard=[])
    P(game, 2).update(hand=["forest", "farmer"], discard=[])
    game.apply(0, offer(1, ["food"], ["wealth"]))
    game.apply(1, {"type": "accept"})
    game.apply(0, offer(2, ["coast"], ["forest"]))
    game.apply(2, {"type": "accept"})
    assert hand(game, 0) == ["forest", "wealth"]
    assert hand(game, 1) == ["food", "food"] and hand(game, 2) == ["coast", "farmer"]
    assert game.s["wealth_supply"] == 15
    assert all(zone(game, "discard", s) == [] for s in range(3))


def test_col_r25_the_trader_bonus_still_needs_a_traders_trade():
    game = table(2, hand=["food"], discard=[], event="trade_winds", wealth_supply=15)
    put(game, "trader")
    P(game, 1).update(hand=["coast"], discard=[])
    game.apply(0, offer(1, ["food"], ["coast"], "trader"))
    game.apply(1, {"type": "accept"})
    assert zone(game, "discard", 0) == ["wealth"] and zone(game, "discard", 1) == ["wealth"]
    assert state_of(game, "trader") == [ACTED]


# -- COL-R26 Strife -----------------------------------------------------------------------------


def test_col_r26_strife_forbids_trading_and_shipping_but_not_coast_for_food():
    # §9 scenario 19.
    game = table(2, hand=["wealth", "laborers", "food"], discard=[], event="strife")
    put(game, "coast", "trader", "farmer")
    refuse(game, 0, work("trader", "coast", mode="ship", wealth="hand"), "COL-R26")
    refuse(game, 0, play("laborers", land="coast", mode="ship", wealth="hand"), "COL-R26")
    refuse(game, 0, offer(1, ["food"], ["food"], "farmer"),
           "COL-R26")
    game.apply(0, work("trader", "coast", mode="food"))
    assert zone(game, "discard") == ["food", "food"] and P(game)["shipped"] == 0


# -- COL-R27 trade protocol ---------------------------------------------------------------------


def test_col_r27_invalid_offers_are_refused():
    # §9 scenario 22: a Threat offered; 2 give vs 1 want; an eliminated partner; during a lock.
    game = table(3, hand=["food", "food", "disease"], deck=["coast"], discard=[])
    P(game, 2)["eliminated"] = True
    game.s["phase"] = MAIN  # a Threat in hand in MAIN: the lock
    put(game, "trader")
    refuse(game, 0, offer(1, ["food"], ["wealth"], "trader"),
           "COL-S9")
    P(game)["hand"] = ["food", "food", "wealth"]
    game.s["threat_deck"] = ["disease"]
    refuse(game, 0, offer(1, ["disease"], ["wealth"], "trader"),
           "COL-R27")
    refuse(game, 0, offer(1, ["food"], ["disease"], "trader"),
           "COL-R27")
    refuse(game, 0, offer(1, ["food", "food"], ["wealth"], "trader"), "COL-R27")
    refuse(game, 0, offer(2, ["food"], ["wealth"], "trader"),
           "COL-R27")
    refuse(game, 0, offer(1, [], [], "trader"))
    refuse(game, 0, offer(1, ["food"], ["wealth"]), "COL-R25")


def test_col_r27_an_unknown_card_name_is_named_in_the_refusal():
    game = table(2, hand=["food", "coast"], discard=[])
    put(game, "trader")
    message = refuse(game, 0, offer(1, ["food"], ["gold"], "trader"), "COL-R27")
    assert "'gold'" in message and "want" in message and "list of one or more" not in message
    assert "'gold'" in refuse(game, 0, offer(1, ["gold", "food"], ["wealth", "coast"], "trader"))
    assert "one or more card names" in refuse(game, 0, offer(1, [], ["wealth"], "trader"))
    P(game, 1)["hand"] = ["coast"]
    game.apply(0, offer(1, ["food"], ["wealth"], "trader"))
    assert "'silver'" in refuse(game, 1, {"type": "counter", "give": ["silver"]})


def test_col_r27_accept_needs_the_named_cards_and_a_decline_moves_nothing():
    # §9 scenario 22: B lacks "Wealth" → Accept rejected; B declines → nothing moves, Trader unacted.
    game = table(2, hand=["food", "coast"], discard=[])
    put(game, "trader")
    P(game, 1).update(hand=["food", "farmer"], discard=[])
    game.apply(0, offer(1, ["food"], ["wealth"], "trader"))
    assert state_of(game, "trader") == [RESERVED] and game.to_move() == frozenset({0, 1})
    refuse(game, 1, {"type": "accept"}, "COL-R27")
    events = game.apply(1, {"type": "decline"})
    assert "offer_closed" in types(events) and game.s["offer"] is None
    assert hand(game, 0) == ["coast", "food"] and hand(game, 1) == ["farmer", "food"]
    assert state_of(game, "trader") == [READY] and game.to_move() == frozenset({0})


def test_col_r27_offered_cards_are_locked_and_one_offer_stands_at_a_time():
    game = table(3, hand=["wealth", "food", "farmer"], deck=["coast"], discard=[])
    put(game, "trader", "coast")
    game.apply(0, offer(1, ["wealth"], ["food"], "trader"))
    refuse(game, 0, play("wealth"), "COL-R27")
    refuse(game, 0, work("trader", "coast", mode="food"))  # reserved by the offer
    game.s["active_event"] = "trade_winds"
    refuse(game, 0, offer(2, ["food"], ["food"]), "COL-R27")
    game.apply(0, play("farmer", food="hand"))  # other cards stay playable
    game.apply(0, {"type": "withdraw"})
    assert game.s["offer"] is None and state_of(game, "trader") == [READY]
    game.apply(0, play("wealth"))
    assert "wealth" in in_play(game)


def test_col_r27_counter_once_then_the_active_player_answers_and_the_cards_are_usable_at_once():
    game = table(2, hand=["wealth", "coast"], discard=[])
    put(game, "trader")
    P(game, 1).update(hand=["farmer", "forest", "food"], discard=[])
    game.apply(0, offer(1, ["wealth"], ["food"], "trader"))
    refuse(game, 0, {"type": "counter", "give": ["coast"]})
    refuse(game, 1, {"type": "counter", "give": ["forest", "food"]}, "COL-R27")  # same count
    P(game, 1)["hand"].append("disease")
    refuse(game, 1, {"type": "counter", "give": ["disease"]}, "COL-R27")  # no Threats
    P(game, 1)["hand"].remove("disease")
    game.apply(1, {"type": "counter", "give": ["farmer"]})
    assert game.s["offer"]["waiting"] == 0
    refuse(game, 1, {"type": "accept"})
    refuse(game, 0, {"type": "counter", "give": ["coast"]}, "COL-R27")
    events = game.apply(0, {"type": "accept"})
    assert "traded" in types(events)
    assert hand(game, 0) == ["coast", "farmer"] and hand(game, 1) == ["food", "forest", "wealth"]
    P(game)["granary"] = 1
    game.apply(0, play("farmer", food="granary"))  # received into hand: usable at once
    assert in_play(game) == ["trader", "farmer"]


def test_col_r27_an_offer_dies_at_end_turn():
    game = table(2, hand=["food", "coast"], deck=["coast"] * 5, discard=[])
    put(game, "trader")
    P(game, 1).update(hand=["food", "farmer"], deck=["coast"] * 10, discard=[])
    game.apply(0, offer(1, ["food"], ["food"], "trader"))
    events = end(game)
    closed = [e for e in events if e["type"] == "offer_closed"]
    assert closed and closed[0]["why"] == "lapsed"
    assert game.s["offer"] is None and game.s["current"] == 1
    assert hand(game, 1) == ["farmer", "food"]


# -- COL-R28 Trader -----------------------------------------------------------------------------


def test_col_r28_a_trader_ships_for_the_top_two_shipments():
    # §9 scenario 18: hand [Wealth, Trader, Food, Coast] → play Wealth (draw 1), Coast, Trader;
    # the Trader ships the Wealth in play → shipped 1, Wealth supply unchanged, top 2 Shipments gained.
    game = table(2, hand=["wealth", "trader", "food", "coast"], deck=["forest", "coast"], discard=[],
                 shipment_deck=["horses", "arms", "supplies"])
    supply = game.s["wealth_supply"]
    game.apply(0, play("wealth"))
    assert hand(game) == ["coast", "food", "forest", "trader"]
    game.apply(0, play("coast"))
    game.apply(0, play("trader", food="hand"))
    game.apply(0, work("trader", "coast", mode="ship", wealth="play"))
    assert P(game)["shipped"] == 1 and game.s["wealth_supply"] == supply
    assert zone(game, "discard") == ["arms", "horses"] and game.s["shipment_deck"] == ["supplies"]
    assert "wealth" not in in_play(game) and game.score(0) >= 5


def test_col_r28_any_other_worker_ships_for_one_shipment():
    game = table(2, hand=["wealth"], discard=[], shipment_deck=["horses", "arms"])
    put(game, "coast", "farmer")
    game.apply(0, work("farmer", "coast", mode="ship", wealth="hand"))
    assert zone(game, "discard") == ["horses"] and P(game)["shipped"] == 1 and hand(game) == []


# -- COL-R29 Explore ----------------------------------------------------------------------------


def test_col_r29_explore_needs_a_frontier_card_and_an_empty_threat_deck_gives_no_threat():
    game = table(2, hand=[], discard=[], frontier=["forest"], threat_deck=[])
    put(game, "farmer", "soldier")
    refuse(game, 0, {"type": "explore", "worker": "farmer", "card": "coast"}, "COL-R29")
    game.apply(0, {"type": "explore", "worker": "farmer", "card": "forest"})
    assert zone(game, "discard") == ["forest"] and game.s["frontier"] == []
    refuse(game, 0, {"type": "explore", "worker": "soldier", "card": "forest"}, "COL-R29")


def test_col_r29_an_explorer_sees_three_threats_keeps_one_and_returns_the_rest_in_order():
    game = table(2, hand=[], discard=[], frontier=["forest", "coast"],
                 threat_deck=["disease", "pirates", "crop_failure", "warlike_tribe"])
    put(game, "explorer")
    game.apply(0, {"type": "explore", "worker": "explorer", "card": "forest"})
    assert game.s["pending"]["seen"] == ["disease", "pirates", "crop_failure"]
    assert game.view(0)["explorer_sees"] == ["disease", "pirates", "crop_failure"]
    assert "explorer_sees" not in game.view(1) and "explorer_sees" not in game.view(None)
    refuse(game, 0, {"type": "pick", "card": "warlike_tribe"})
    game.apply(0, {"type": "pick", "card": "pirates"})
    assert zone(game, "discard") == ["forest", "pirates"]
    assert game.s["threat_deck"] == ["disease", "crop_failure", "warlike_tribe"]


def test_col_r29_an_explorer_seeing_fewer_than_three_takes_one_of_them():
    game = table(2, hand=[], discard=[], frontier=["forest"], threat_deck=["disease", "pirates"])
    put(game, "explorer")
    game.apply(0, {"type": "explore", "worker": "explorer", "card": "forest"})
    assert game.s["pending"]["seen"] == ["disease", "pirates"] and game.s["threat_deck"] == []
    game.apply(0, {"type": "pick", "card": "disease"})
    assert zone(game, "discard") == ["disease", "forest"] and game.s["threat_deck"] == ["pirates"]


# -- COL-R30 Reproduce / Settlers ---------------------------------------------------------------


def test_col_r30_settlers_take_what_the_deck_has_and_the_gap_stays_unfilled():
    # §9 scenario 29 (Settlers): Pop deck 2 → gain 2, Settlers trashed, a Line-Up gap stays unfilled.
    game = table(2, hand=["settlers"], deck=["coast"] * 5, discard=[], trash=[],
                 pop_deck=["miner", "explorer"], lineup=["farmer", "trader", "soldier"])
    put(game, "farmer")
    game.apply(0, play("settlers"))
    assert zone(game, "discard") == ["explorer", "miner"] and game.s["pop_deck"] == []
    assert game.s["trash"] == ["settlers"] and in_play(game) == ["farmer"]
    game.apply(0, {"type": "reproduce", "worker": "farmer", "card": "trader"})
    assert game.s["lineup"] == ["farmer", "soldier"]
    quiet(game, 1)
    end(game)
    assert game.s["lineup"] == ["farmer", "soldier"]


def test_col_r30_reproduce_needs_a_line_up_card():
    game = table(2, hand=[], discard=[], lineup=[])
    put(game, "farmer")
    refuse(game, 0, {"type": "reproduce", "worker": "farmer", "card": "farmer"}, "COL-R30")


# -- COL-R31 Ship -------------------------------------------------------------------------------


def test_col_r31_ship_from_hand_or_play_even_with_an_empty_shipment_deck():
    game = table(2, hand=["wealth", "wealth"], deck=["food", "coast"], discard=[], shipment_deck=[])
    put(game, "coast", "farmer", "soldier")
    supply = game.s["wealth_supply"]
    refuse(game, 0, work("farmer", "coast", mode="ship", wealth="play"))  # no Wealth in play yet
    game.apply(0, play("wealth"))
    game.apply(0, work("farmer", "coast", mode="ship", wealth="play"))
    game.apply(0, work("soldier", "coast", mode="ship", wealth="hand"))
    assert P(game)["shipped"] == 2 and game.s["wealth_supply"] == supply
    assert zone(game, "discard") == [] and "wealth" not in hand(game) + in_play(game)


# -- COL-R32 Laborers ---------------------------------------------------------------------------


def test_col_r32_laborers_work_with_no_population_bonus_and_may_ship():
    game = table(2, hand=["laborers", "laborers", "wealth"], discard=[], shipment_deck=["horses", "arms"])
    put(game, "farmland", "coast")
    game.apply(0, play("laborers", land="farmland"))
    assert zone(game, "discard") == ["food", "food"]
    game.apply(0, play("laborers", land="coast", mode="ship", wealth="hand"))
    assert P(game)["shipped"] == 1 and zone(game, "discard") == ["food", "food", "horses"]
    assert in_play(game) == ["farmland", "coast", "laborers", "laborers"]


@pytest.mark.parametrize("land", ["mountains", "forest"])
def test_col_r32_laborers_rolling_one_are_trashed(land):
    game = table(2, hand=["laborers"], discard=[], trash=[])
    put(game, land)
    rig(game, [1])
    game.apply(0, play("laborers", land=land))
    assert game.s["trash"] == ["laborers"] and in_play(game) == [land]


def test_col_r32_laborers_with_nothing_to_work_do_nothing_and_are_discarded():
    game = table(2, hand=["laborers"], deck=["coast"] * 5 + ["miner"], discard=[])
    refuse(game, 0, play("laborers", land="farmland"))
    game.apply(0, play("laborers"))
    assert in_play(game) == ["laborers"] and zone(game, "discard") == []
    quiet(game, 1)
    end(game)
    assert zone(game, "discard") == ["laborers"]


# -- COL-R33 Cannibalism ------------------------------------------------------------------------


def test_col_r33_cannibalism_pays_for_a_soldier_in_the_window():
    # §9 scenario 30: hand [Disease, Soldier, Farmer, Coast, Forest] → cannibalize the Farmer
    # (Food to hand, top Threat to discard), play the Soldier with it, Combat the Disease.
    game = table(2, hand=["disease", "soldier", "farmer", "coast", "forest"], discard=[], trash=[],
                 threat_deck=["pirates", "crop_failure"])
    assert game.s["phase"] == SOLDIER
    supply = game.s["food_supply"]
    game.apply(0, {"type": "cannibalize", "card": "farmer"})
    assert hand(game) == ["coast", "disease", "food", "forest", "soldier"]
    assert zone(game, "discard") == ["pirates"] and game.s["trash"] == ["farmer"]
    assert game.s["food_supply"] == supply - 1 and game.s["phase"] == SOLDIER
    game.apply(0, play("soldier", food="hand"))
    game.apply(0, {"type": "combat", "worker": "soldier", "card": "disease", "zone": "hand"})
    assert game.s["trash"] == ["farmer", "disease"] and game.s["phase"] == MAIN
    assert hand(game) == ["coast", "forest"] and game.s["food_supply"] == supply


def test_col_r33_any_number_per_turn_and_never_in_a_lock_or_with_no_food():
    game = table(2, hand=["farmer", "trader", "miner", "wealth"], deck=["disease", "coast"], discard=[],
                 threat_deck=["pirates", "pirates", "pirates"])
    game.apply(0, {"type": "cannibalize", "card": "farmer"})
    game.apply(0, {"type": "cannibalize", "card": "trader"})
    assert hand(game) == ["food", "food", "miner", "wealth"] and zone(game, "discard") == ["pirates"] * 2
    game.s["food_supply"] = 0
    refuse(game, 0, {"type": "cannibalize", "card": "miner"}, "COL-R33")
    game.s["food_supply"] = 10
    refuse(game, 0, {"type": "cannibalize", "card": "food"}, "COL-S13")
    game.apply(0, play("wealth"))  # draws the Disease: a lock
    refuse(game, 0, {"type": "cannibalize", "card": "miner"})


def test_col_r33_no_cannibalism_once_the_threat_step_has_begun():
    game = table(2, hand=["crop_failure", "pirates", "farmer", "food"], deck=["coast"], discard=[])
    game.apply(0, {"type": "cannibalize", "card": "farmer"})  # the Soldier window: fine
    game.s["players"][0]["hand"].append("trader")
    game.apply(0, play("crop_failure", target="food"))
    assert game.s["phase"] == THREAT
    refuse(game, 0, {"type": "cannibalize", "card": "trader"})


# -- COL-R34 zero actions -----------------------------------------------------------------------


def test_col_r34_a_player_may_only_play_threats_and_end_the_turn():
    game = table(2, hand=["crop_failure", "food", "food", "farmer"], deck=["coast"] * 6, discard=[],
                 trash=[])
    put(game, "farmer")
    game.apply(0, play("crop_failure", target="food"))
    assert game.s["phase"] == MAIN
    quiet(game, 1)
    end(game)
    assert game.s["current"] == 1
    assert zone(game, "discard", 0) == ["coast", "crop_failure", "farmer", "food"]
    assert game.s["trash"] == ["farmer"]  # only the one left in hand


# -- COL-R35 granary ----------------------------------------------------------------------------


def test_col_r35_granary_pays_for_population_and_only_up_to_half_the_food_is_stored():
    # §9 scenario 4: granary 1 → play Farmer food:granary → granary 0, Food supply +1; granary 0 → rejected.
    game = table(2, hand=["farmer", "trader", "food", "food", "food", "coast"], deck=["coast"] * 5,
                 discard=[])
    P(game)["granary"] = 1
    supply = game.s["food_supply"]
    game.apply(0, play("farmer", food="granary"))
    assert P(game)["granary"] == 0 and game.s["food_supply"] == supply + 1 and hand(game).count("food") == 3
    refuse(game, 0, play("trader", food="granary"), "COL-S10")
    quiet(game, 1)
    refuse(game, 0, {"type": "end_turn", "granary": 2}, "COL-R35")
    refuse(game, 0, {"type": "end_turn", "granary": -1}, "COL-R35")
    end(game, 1)
    assert P(game)["granary"] == 1 and zone(game, "discard").count("food") == 2


def test_col_r35_granary_food_is_safe_from_crop_failure_not_tradable_and_scores_nothing():
    game = table(2, hand=["crop_failure", "coast"], deck=["forest"], discard=[], trash=[])
    P(game)["granary"] = 4
    game.apply(0, play("crop_failure"))
    assert P(game)["granary"] == 4 and game.s["trash"] == []
    put(game, "farmer")
    refuse(game, 0, offer(1, ["food"], ["wealth"], "farmer"))
    score = game.score(0)
    P(game)["granary"] = 0
    assert game.score(0) == score


def test_col_r35_the_granary_defaults_to_the_maximum():
    game = table(2, hand=["food"] * 5, deck=["coast"] * 4 + ["farmer"], discard=[])
    quiet(game, 1)
    game.apply(0, {"type": "end_turn"})
    assert P(game)["granary"] == 2


# -- COL-R36 mulligan ---------------------------------------------------------------------------


def test_col_r36_an_opening_hand_of_only_food_is_revealed_and_redrawn():
    # §9 scenario 2 (the mulligan rule, as COL-R36 puts it).
    game = table(2)
    p = P(game)
    p["hand"], p["mulligans"] = [], 0
    p["deck"] = ["food"] * 5 + ["farmer", "food", "coast", "soldier", "farmland"]
    game.events = []
    game.opening_hand(0)
    reveals = [e for e in game.events if e["type"] == "mulligan"]
    assert reveals and reveals[0]["cards"] == ["food"] * 5
    assert p["mulligans"] == len(reveals) >= 1
    assert 0 < p["hand"].count("food") < 5 and len(p["hand"]) == 5 and len(p["deck"]) == 5


def test_col_r36_every_new_game_opens_with_legal_hands_and_logs_each_reveal():
    seen = 0
    for seed in range(60):
        game = Colonies.new(4, seed=seed)
        for seat in range(4):
            p = P(game, seat)
            assert 0 < p["hand"].count("food") < 5
            reveals = [e for e in game.events if e["type"] == "mulligan" and e["seat"] == seat]
            assert len(reveals) == p["mulligans"]
            assert all(e["cards"].count("food") in (0, 5) for e in reveals)
            seen += p["mulligans"]
    assert seen > 0


def test_col_r36_no_mulligan_after_the_opening_hand():
    game = table(2, hand=["food", "food"], deck=["food"] * 5 + ["farmer"], discard=[])
    quiet(game, 1)
    events = end(game)
    assert hand(game) == ["food"] * 5 and P(game)["mulligans"] == 0 and "mulligan" not in types(events)


# -- COL-R37 seating ----------------------------------------------------------------------------


def test_col_r37_turns_pass_clockwise_and_the_game_ends_after_the_seat_before_the_first_settler():
    game = table(3, seat=1, hand=["food"], discard=[], event_deck=["gold_rush"])
    quiet(game, 0, 1, 2)
    order = []
    while not game.over:
        order.append((game.s["round"], game.s["current"]))
        end(game)
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]
    assert game.s["phase"] == OVER and game.to_move() == frozenset()


def test_col_r37_the_first_settler_is_random_by_default():
    firsts = {Colonies.new(4, seed=seed).s["first_settler"] for seed in range(40)}
    assert len(firsts) > 1 and firsts <= {0, 1, 2, 3}
    game = Colonies.new(4, seed=5, first_settler=2)
    assert game.s["first_settler"] == 2 and game.s["current"] == 2


# -- COL-R38 First Settler eliminated -----------------------------------------------------------


def test_col_r38_an_eliminated_first_settler_hands_the_role_on():
    game = table(3, hand=["food"], deck=[], discard=[], event_deck=["gold_rush", "strife"])
    quiet(game, 1, 2)
    P(game)["hand"], P(game)["deck"] = ["food", "coast"], []
    end(game)
    assert P(game)["eliminated"] and game.s["current"] == 1 and game.s["round"] == 1
    end(game)
    end(game)
    assert game.s["current"] == 1 and game.s["round"] == 2 and game.s["first_settler"] == 1
    assert game.s["active_event"] == "gold_rush"  # the new First Settler flips


# -- COL-R39 elimination ------------------------------------------------------------------------


def test_col_r39_elimination_is_checked_only_at_the_end_of_the_own_turn():
    game = table(3, hand=["farmer", "food"], deck=[], discard=[])
    quiet(game, 2)
    P(game, 1).update(hand=["food", "coast"], deck=[], discard=[])
    game.apply(0, play("farmer", food="hand"))  # no Population in hand, deck or discard now
    assert not P(game)["eliminated"]
    end(game)  # the Farmer in play goes to the discard first
    assert not P(game)["eliminated"] and not P(game, 1)["eliminated"]
    assert game.s["current"] == 1
    end(game)
    assert P(game, 1)["eliminated"] and game.s["current"] == 2


def test_col_r39_all_cards_leave_the_game_and_shipped_wealth_stays_out():
    game = table(3, hand=["food", "wealth", "coast"], deck=["food", "forest"], discard=["wealth", "disease"],
                 trash=[])
    quiet(game, 1, 2)
    p = P(game)
    p.update(granary=2, livestock=1, shipped=1)
    food, wealth = game.s["food_supply"], game.s["wealth_supply"]
    events = end(game)
    assert p["eliminated"] and "eliminated" in types(events)
    assert (p["hand"], p["deck"], p["discard"], p["livestock"], p["granary"]) == ([], [], [], 0, 0)
    assert game.s["food_supply"] == food + 2 + 2 and game.s["wealth_supply"] == wealth + 2
    assert sorted(game.s["trash"]) == ["coast", "disease", "forest", "livestock"]
    assert p["shipped"] == 1 and game.score(0) == 0 and game.s["current"] == 1


# -- COL-R40 last survivor ----------------------------------------------------------------------


def test_col_r40_the_last_survivor_wins_regardless_of_points():
    # §9 scenario 33: 2p, A ends a turn with no Population anywhere → eliminated, Food/Wealth to
    # supply; game over, B wins regardless of points.
    game = table(2, hand=["food", "wealth", "coast", "coast"], deck=[], discard=["food"])
    P(game).update(shipped=5)
    P(game, 1).update(hand=["farmer"], deck=[], discard=[])
    assert game.score(0) > game.score(1)
    food, wealth = game.s["food_supply"], game.s["wealth_supply"]
    events = end(game)
    assert P(game)["eliminated"] and game.over and game.s["phase"] == OVER
    assert game.s["food_supply"] == food + 2 and game.s["wealth_supply"] == wealth + 1
    assert "game_over" in types(events)
    result = game.result()
    assert result is not None and result.winners == [1] and result.ranking[0] == [1]
    assert game.to_move() == frozenset()


# -- COL-R41 tiebreak ---------------------------------------------------------------------------


def finished(a: list[str], b: list[str], *, shipped: tuple[int, int] = (0, 0), granary: tuple[int, int] = (0, 0)):
    """A 2p game whose two players own exactly these cards, played to its end."""
    game = table(2, hand=[], deck=a, discard=[], final_round=True)
    P(game, 1).update(hand=[], deck=b, discard=[])
    for seat in (0, 1):
        P(game, seat).update(shipped=shipped[seat], granary=granary[seat])
    end(game)
    end(game)
    assert game.over
    return game


def test_col_r41_scoring_and_shipped_wealth_breaks_a_tie():
    # §9 scenario 35: A 6 Population, 2 Wealth, 3 Land, 4 Food, granary 5, shipped 2 → 24;
    # B 24 with shipped 1 → A wins.
    a = ["farmer"] * 4 + ["trader", "soldier"] + ["wealth"] * 2 + ["coast", "forest", "farmland"] + ["food"] * 4
    b = ["farmer"] * 6 + ["wealth"] * 7 + ["mountains", "coast", "farmland"] + ["livestock", "disease"]
    game = finished(a, b, shipped=(2, 1), granary=(5, 0))
    result = game.result()
    assert result is not None
    assert result.scores == [24, 24] and result.ranking == [[0], [1]]


@pytest.mark.parametrize("a, b, ranking", [
    (["coast"] * 4 + ["farmer"] * 2, ["coast"] * 3 + ["wealth"] * 2 + ["farmer"] * 2, [[0], [1]]),  # Land
    (["coast"] * 2 + ["farmer"] * 3 + ["food"], ["coast"] * 2 + ["farmer"] * 2 + ["wealth"], [[0], [1]]),
    (["coast", "farmer", "wealth"], ["forest", "miner", "wealth"], [[0, 1]]),  # shared victory
])
def test_col_r41_then_land_then_population_then_a_shared_victory(a, b, ranking):
    game = finished(a, b, shipped=(1, 1))
    result = game.result()
    assert result is not None and result.scores[0] == result.scores[1] and result.ranking == ranking


# -- COL-R42 Food is never played ---------------------------------------------------------------


def test_col_r42_food_is_never_played():
    game = table(2, hand=["food", "farmer"], discard=[])
    refuse(game, 0, play("food"), "COL-R42")
    assert all(a["card"] != "food" for a in game.legal_actions(0) if a["type"] == "play")


# -- COL-R43 choices ----------------------------------------------------------------------------


def test_col_r43_an_explorer_pick_blocks_every_other_command():
    game = table(2, hand=["coast"], discard=[], frontier=["forest"],
                 threat_deck=["disease", "pirates", "crop_failure"])
    put(game, "explorer", "farmer")
    game.apply(0, {"type": "explore", "worker": "explorer", "card": "forest"})
    assert {a["type"] for a in game.legal_actions(0)} == {"pick"}
    refuse(game, 0, play("coast"), "COL-R43")
    refuse(game, 0, {"type": "end_turn", "granary": 0}, "COL-R43")
    refuse(game, 0, {"type": "witch", "zone": "hand", "card": "farmer"})
    game.apply(0, {"type": "pick", "card": "crop_failure"})
    assert game.s["pending"] is None
    game.apply(0, play("coast"))


def test_col_r43_with_one_legal_option_the_engine_picks_it():
    game = table(2, hand=[], discard=[], frontier=["forest"], threat_deck=["disease", "disease", "disease", "x"])
    game.s["threat_deck"] = ["disease", "disease", "disease", "pirates"]
    put(game, "explorer")
    game.apply(0, {"type": "explore", "worker": "explorer", "card": "forest"})
    assert game.s["pending"] is None and zone(game, "discard") == ["disease", "forest"]
    assert game.s["threat_deck"] == ["disease", "disease", "pirates"]
    game = table(2, hand=["disease", "farmer", "farmer"], deck=["coast"], discard=[], event="witch_trials",
                 trash=[])
    game.apply(0, play("disease", target="farmer"))
    assert game.s["pending"] is None and game.s["trash"] == ["farmer", "farmer"]


def test_col_r43_a_witch_trials_victim_blocks_every_other_command():
    game = table(2, hand=["pirates", "farmer", "wealth"], deck=["coast"], discard=["trader"],
                 event="witch_trials", trash=[])
    game.apply(0, play("pirates", target="wealth"))
    assert {a["type"] for a in game.legal_actions(0)} == {"witch"}
    refuse(game, 0, {"type": "cannibalize", "card": "farmer"}, "COL-R43")
    refuse(game, 0, {"type": "witch", "zone": "hand", "card": "wealth"}, "COL-R23")
    game.apply(0, {"type": "witch", "zone": "hand", "card": "farmer"})
    assert game.s["trash"] == ["farmer"] and hand(game) == ["coast"]


def test_col_r43_threat_targets_are_command_arguments():
    game = table(2, hand=["disease", "farmer", "trader"], deck=["coast"], discard=[], trash=[])
    targets = sorted(a["target"] for a in game.legal_actions(0) if a["type"] == "play")
    assert targets == ["farmer", "trader"]
    refuse(game, 0, play("disease"), "COL-S8")
    game.apply(0, play("disease", target="trader"))
    assert game.s["trash"] == ["trader"]


def test_col_r43_an_omitted_argument_with_one_legal_option_is_picked():
    game = table(2, hand=["crop_failure", "food", "farmer"], deck=["coast"], discard=[], trash=[])
    game.apply(0, play("crop_failure"))
    assert hand(game) == ["coast", "farmer"]


# -- COL-R44 Threats drawn in step 9 ------------------------------------------------------------


def test_col_r44_threats_drawn_in_step_nine_wait_for_the_next_turns_threat_step():
    game = table(2, hand=["food"], deck=["disease", "farmer", "food", "coast", "food", "food"], discard=[])
    quiet(game, 1)
    end(game)
    assert "disease" in hand(game) and game.s["current"] == 1 and game.s["phase"] == MAIN
    end(game)
    assert game.s["current"] == 0 and game.s["phase"] == SOLDIER and "disease" in hand(game)
    assert game.s["threats_played"] == 0
    refuse(game, 0, {"type": "end_turn", "granary": 0})
    game.apply(0, play("disease", target="farmer"))
    assert game.s["phase"] == MAIN and game.s["threats_played"] == 1


# -- COL-R45 public discard piles and trades ----------------------------------------------------


def test_col_r45_discard_piles_and_trades_are_public():
    game = table(2, hand=["food", "coast"], discard=["forest", "disease"])
    put(game, "trader")
    P(game, 1).update(hand=["wealth"], discard=[])
    for viewer in (None, 1):
        view = game.view(viewer)
        assert view["players"][0]["discard"] == ["forest", "disease"]
        assert "hand" not in view["players"][0] and view["players"][0]["hand_size"] == 2
    assert "hand" not in game.view(None) and game.view(1)["hand"] == ["wealth"]
    made = game.apply(0, offer(1, ["food"], ["wealth"], "trader"))
    assert next(e for e in made if e["type"] == "offer")["give"] == ["food"]
    assert game.view(None)["offer"]["give"] == ["food"] and game.view(None)["offer"]["want"] == ["wealth"]
    traded = game.apply(1, {"type": "accept"})
    assert next(e for e in traded if e["type"] == "traded")["got"] == ["wealth"]
    assert next(e for e in traded if e["type"] == "traded") in game.view(None)["last"], "the trade is public"


# -- bad input (rules §9 "Bad input") -------------------------------------------------------------


def _card_not_in_hand() -> tuple[Colonies, int, dict[str, Any]]:
    return table(2, hand=["food", "coast"], discard=[]), 0, play("farmer", food="hand")


def _population_without_food() -> tuple[Colonies, int, dict[str, Any]]:
    return table(2, hand=["farmer", "coast"], discard=[]), 0, play("farmer", food="hand")


def _second_action() -> tuple[Colonies, int, dict[str, Any]]:
    game = table(2, hand=[], discard=[])
    put(game, "farmland", "farmer")
    game.apply(0, work("farmer", "farmland"))
    return game, 0, work("farmer", "farmland")


def _trade_under_strife() -> tuple[Colonies, int, dict[str, Any]]:
    game = table(2, hand=["food"], discard=[], event="strife")
    put(game, "trader")
    return game, 0, offer(1, ["food"], ["wealth"], "trader")


def _trade_with_eliminated() -> tuple[Colonies, int, dict[str, Any]]:
    game = table(3, hand=["food"], discard=[])
    put(game, "trader")
    P(game, 2)["eliminated"] = True
    return game, 0, offer(2, ["food"], ["wealth"], "trader")


def _accept_without_cards() -> tuple[Colonies, int, dict[str, Any]]:
    game = table(2, hand=["food"], discard=[])
    put(game, "trader")
    P(game, 1)["hand"] = ["food", "coast"]
    game.apply(0, offer(1, ["food"], ["wealth"], "trader"))
    return game, 1, {"type": "accept"}


def _other_players_turn() -> tuple[Colonies, int, dict[str, Any]]:
    game = table(2, hand=["food", "coast"], discard=[])
    P(game, 1)["hand"] = ["farmer", "food", "coast"]
    return game, 1, play("coast")


BAD_INPUT = {
    "card_not_in_hand": _card_not_in_hand,
    "population_without_food": _population_without_food,
    "second_action_for_one_population": _second_action,
    "trade_under_strife": _trade_under_strife,
    "trade_with_an_eliminated_player": _trade_with_eliminated,
    "accept_without_the_named_cards": _accept_without_cards,
    "acting_in_another_players_turn": _other_players_turn,
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_is_refused_and_changes_nothing(case):
    game, seat, action = BAD_INPUT[case]()
    refused_unchanged(game, seat, action)
    assert action not in game.legal_actions(seat)


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_refusal_names_the_rule(case):
    game, seat, action = BAD_INPUT[case]()
    err = refused_unchanged(game, seat, action)
    assert cited(err), f"{err} cites no rule"
