"""End-of-round and end-of-game lines say why points were or were not scored (issue 27, item 3): the events
carry the parts of each score, and the sentences name them."""

from __future__ import annotations

from games.roam import text as roam_text
from games.roam.game import RoamGame
from games.roanoke import text as roanoke_text
from tests.games.roanoke.table import set_hand, started


def test_roa_s31_the_season_line_says_why_a_colony_failed() -> None:
    g = started()
    g.s["seasons"][0] = "Y1-SU3"  # Tools: hold at least 3 metal, 3 wood
    for seat in range(4):
        set_hand(g, seat, metal=3, wood=3)
    set_hand(g, 2, metal=1)
    g.events = []
    g.end_season()
    line = roanoke_text.describe_event(next(e for e in g.events if e["type"] == "season_checked"))
    assert line.endswith("Seat 1 (red), Seat 2 (blue), Seat 4 (green) pass; "
                         "Seat 3 (yellow) (you are short of 2 metal, 3 wood) fails.")


def test_roa_s37_the_final_line_ranks_survivors_by_resources_in_hand() -> None:
    g = started()
    set_hand(g, 0, food=5)
    set_hand(g, 1, wood=2)
    g.s["players"][2]["alive"] = g.s["players"][3]["alive"] = False
    g.events = []
    g.finish("final")
    line = roanoke_text.describe_event(g.events[-1])
    assert line == "Game over. Seat 1 (red) wins: survivors rank by resources in hand (Seat 1 (red) 5, " \
                   "Seat 2 (blue) 2), then houses, then own road.", "one name per seat in one message"


def test_a5_4_the_final_line_adds_up_cards_artifacts_and_the_outpost() -> None:
    g = RoamGame.new(2, seed=1, options={})
    parts = [g.score_parts(0), {"cards": 9, "artifacts": 2, "outpost": 3, "total": 14}]
    line = roam_text.TextMixin.describe_event(g, {"type": "game_over", "scores": [0, 14], "winners": [1],
                                                  "parts": parts, "coins": [4, 1]})
    assert line == "Game over. Winner: Seat 2. Points: Seat 1 0 (0 from cards), 4 coins; Seat 2 14 (9 from " \
                   "cards, 2 from artifacts, 3 for the Outpost), 1 coin. Equal points go to the most coins."
