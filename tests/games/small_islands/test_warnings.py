"""The turn message warns a player whose mission no island meets while the round may soon end (issue 27,
item 3): at the reward (B5.3 REWARD 2) a house goes only on an island of 2 tiles or more that meets the
mission, so such a player would score nothing that round."""

from __future__ import annotations

from typing import Any

from games.small_islands.game import SmallIslands
from tests.support.words import rule_ids


def explore_turn(n: int = 2) -> SmallIslands:
    """The first explore turn, every seat's objective chosen, the map cleared for hand-built islands."""
    g = SmallIslands.new(n, seed=7)
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    g.s["grid"], g.s["islands"], g.s["next_island"] = {}, {}, 1
    return g


def island(g: SmallIslands, x: int, length: int) -> None:
    """A vertical island of `length` tiles (capes at both ends), each with a free house symbol."""
    for i in range(length):
        face, rot = ("T10", 2) if i == 0 else ("T10", 0) if i == length - 1 else ("T30", 0)
        k = g.put_tile(x, i, face, rot)
        t: dict[str, Any] = g.s["grid"][k]
        t["res"], t["covered"], t["symbols"] = [], [], 1


def test_b5_3_reward_2_a_mission_no_island_meets_is_warned_once_the_round_may_end() -> None:
    g = explore_turn()
    g.s["players"][0]["now"] = {"objective": "O10"}  # M10: an island of at least 4 tiles
    island(g, 0, 2)
    assert len(g.s["nav"]) > 2 and g.warnings(0) == [], "six tiles to go: the round cannot end yet"
    g.s["nav"] = g.s["nav"][:2]
    said = g.warnings(0)
    assert len(said) == 1 and "no island meets your mission yet (At least 4 tiles)" in said[0]
    assert "The Navigation stack holds 2 tiles" in said[0] and not rule_ids(said[0])
    g.s["nav"] = []
    assert "any player may land a ship on their turn" in g.warnings(0)[0]
    g.events = []
    g.begin_reward(0)  # the round ends now: the warned player has nowhere to put a house
    assert not [a for a in g.legal_actions(0) if a["type"] == "house"]


def test_b5_3_reward_2_an_island_meeting_the_mission_lifts_the_warning() -> None:
    g = explore_turn()
    g.s["players"][0]["now"] = {"objective": "O10"}
    g.s["nav"] = []
    island(g, 0, 4)
    assert g.warnings(0) == []
    g.events = []
    g.begin_reward(0)
    assert [a for a in g.legal_actions(0) if a["type"] == "house"]
