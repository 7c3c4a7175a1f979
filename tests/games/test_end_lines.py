"""End-of-round and end-of-game lines say why points were or were not scored (issue 27, item 3): the events
carry the parts of each score, and the sentences name them."""

from __future__ import annotations

from games.catan import text as catan_text
from games.catan.game import Catan
from games.colonies.game import Colonies
from games.roanoke import text as roanoke_text
from games.small_islands.game import SmallIslands
from tests.games.colonies.table import table
from tests.games.roanoke.table import set_hand, started


def test_cat_38_the_winning_line_adds_up_the_victory_points() -> None:
    game = Catan.new(3, seed=1)
    game.s["longest"], game.s["devs"][1]["vp"] = 1, 2
    event = game._win(1)
    assert event["buildings"] == 0 and event["longest"] == 1 and event["largest"] is None
    line = catan_text.describe_event(event)
    assert line == "Seat 2 wins with 4 victory points: 0 from settlements and cities, 2 for Longest Road, " \
                   "2 from victory point cards!"
    stored_before = {k: v for k, v in event.items() if k not in ("buildings", "longest", "largest")}
    assert catan_text.describe_event(stored_before) == "Seat 2 wins with 4 victory points!"


def test_col_s28_the_final_scores_name_their_parts_and_an_eliminated_colony_scores_nothing() -> None:
    game = table(2, hand=["farmer", "wealth", "coast"], deck=["forest"], discard=[])
    game.s["players"][0]["shipped"] = 1
    game.eliminate(1)
    game.events = []
    game.finish()
    line = game.describe_event(game.events[-1])
    assert "Seat 1 11 (1 Population, 1 Wealth, 2 Land ×2, 1 shipped Wealth ×5)" in line
    assert "Seat 2 0 (eliminated: scores nothing)" in line
    assert isinstance(Colonies.from_dict(game.to_dict()), Colonies)


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


def test_b5_3_reward_2_a_player_with_no_island_for_the_mission_is_told_why_no_house_is_built() -> None:
    g = SmallIslands.new(2, seed=7)
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    g.s["players"][0]["now"] = {"objective": "O10"}  # M10: an island of at least 4 tiles
    g.s["grid"], g.s["islands"], g.s["next_island"] = {}, {}, 1  # no island at all
    g.events = []
    g.begin_reward(0)
    said = [g.describe_event(e) for e in g.events if e["type"] == "no_house" and e["seat"] == 0]
    assert said == ["Seat 1 builds no house this round: no island of 2 tiles or more meets the mission "
                    "(At least 4 tiles) with a free house symbol and no house of theirs."]


def test_b5_5_the_final_scores_add_up_prestige_discovery_and_ports() -> None:
    g = SmallIslands.new(2, seed=7)
    g.s["players"][1]["pp"] = 7
    g.events = []
    g.end_game("ships")
    line = g.describe_event(g.events[-1])
    assert "Seat 2 7 (7 PP from rewards, 0 from discovery tokens, 0 for ports by their ship)" in line


def test_b5_3_reward_3_a_house_line_names_the_reward_it_scores() -> None:
    line = SmallIslands.new(2, seed=7).describe_event(
        {"type": "house", "seat": 0, "x": 0, "y": 0, "island": "1", "reward": "RW01", "pp": 4})
    assert "scores 4 prestige points (PP), the reward 1 PP per Flower, +2." in line
