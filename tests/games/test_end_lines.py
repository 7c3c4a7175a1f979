"""End-of-round and end-of-game lines say why points were or were not scored (issue 27, item 3): the events
carry the parts of each score, and the narrator names them (the why of a failed check to that colony alone)."""

from __future__ import annotations

from renderers.cast import Cast
from renderers.narrator import sentence
from tests.games.roanoke.table import set_hand, started


def test_roa_s31_the_season_line_says_why_a_colony_failed() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SU3"  # Tools: hold at least 3 metal, 3 wood
    for seat in range(4):
        set_hand(g, seat, metal=3, wood=3)
    set_hand(g, 2, metal=1)
    g.events = []
    g.end_season()
    checked = next(e for e in g.events if e["type"] == "season_checked")
    assert sentence("roanoke", checked, Cast([])).endswith("Tools: Red, Blue and Green passed; Yellow failed.")
    assert sentence("roanoke", checked, Cast([], 2)).endswith(
        "Tools: Red, Blue and Green passed; you failed (you are short of 2 metal, 3 wood).")


def test_roa_s37_the_final_line_ranks_survivors_by_resources_in_hand() -> None:
    g = started()
    set_hand(g, 0, food=5)
    set_hand(g, 1, wood=2)
    g.s["players"][2]["alive"] = g.s["players"][3]["alive"] = False
    g.events = []
    g.finish("final")
    assert sentence("roanoke", g.events[-1], Cast([])) == \
        "Game over: Red won. Chits in hand: Red 5, Blue 2 (survivors rank by chits, then houses, then own road)."
