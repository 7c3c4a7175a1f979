"""The turn message warns a colony short of the season card before the card is checked (issue 27, item 3;
ROA-S31 checks the card after round 3, ROA-S35 eliminates whoever fails it)."""

from __future__ import annotations

from tests.games.roanoke.table import play_turn, set_hand, started
from tests.support.words import rule_ids


def test_roa_s31_a_colony_short_of_the_season_card_is_warned_on_each_turn_before_the_check() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SU3"  # Tools: hold at least 3 metal, 3 wood; seat 1's market worker earns food only
    set_hand(g, 0)
    warned: list[tuple[int, list[str]]] = []
    while g.s["season_idx"] == 0 and not g.over:
        if g.s["active"] == 0:
            warned.append((g.s["round"], g.warnings(0)))
        play_turn(g)
    assert not g.s["players"][0]["alive"]  # ROA-S35: the check came, and it eliminated
    assert [r for r, _ in warned] == [1, 2, 3]
    for _round, said in warned:
        assert len(said) == 1
        assert "not met yet. Tools: hold at least 3 metal, 3 wood; you are short of 3 metal, 3 wood." in said[0]
        assert "checked at the end of round 3 of Y1 Spring, once green has played" in said[0]
        assert "is eliminated" in said[0] and not rule_ids(said[0])
    assert "you have 3 turns left, this one included" in warned[0][1][0]
    assert "you have 2 turns left, this one included" in warned[1][1][0]
    assert "this is your last turn before then" in warned[2][1][0]


def test_roa_s31_waiting_seats_count_their_turns_and_a_met_card_warns_nobody() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SU3"
    set_hand(g, 0, metal=3, wood=3)
    set_hand(g, 2)
    assert g.warnings(0) == []
    assert "you have 3 turns left before then" in g.warnings(2)[0]
    for _ in range(3):
        play_turn(g)  # seats 1-3 have played round 1; seat 3 (Seat 4) is on its turn... then round 2 begins
    assert g.s["round"] == 1 and g.s["active"] == 3
    assert "you have 2 turns left before then" in g.warnings(2)[0]


def test_roa_r26_a_collective_card_warns_that_every_colony_is_lost() -> None:
    g = started()
    g.s["seasons"][0] = "Y2-WI1"  # The Great Road: some survivor's road reaches 60
    said = g.warnings(1)
    assert len(said) == 1 and "the longest super-road is " in said[0] and " of 60. It is checked" in said[0]
    assert "every colony is eliminated and nobody wins" in said[0]


def test_roa_s35_an_eliminated_colony_and_a_finished_game_are_warned_of_nothing() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SU3"
    g.s["players"][2]["alive"] = False
    assert g.warnings(2) == []
    g.s["phase"] = "over"
    assert g.warnings(0) == []
