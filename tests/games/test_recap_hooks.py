"""The recap hooks of every game (issue 20): public scores, rounds and the moments that decided a game,
all read from public views; and `turn_states`, the states along a stored log."""

from __future__ import annotations

import copy
from itertools import pairwise

import pytest

import games  # noqa: F401  (registers the games)
from bot.history import ai_log
from games.core import Moment, get_game, turn_states

GAMES = ("catan", "colonies", "roanoke", "small_islands", "roam")
SEATS = {"catan": 4, "colonies": 3, "roanoke": 4, "small_islands": 4, "roam": 4}


def _views(game_id: str, seed: int = 7) -> list[dict]:
    _, log = ai_log(game_id, SEATS[game_id], seed)
    return [g.view(None) for _, g in turn_states(get_game(game_id).new(SEATS[game_id], seed=seed), log)]


@pytest.mark.parametrize("game_id", GAMES)
def test_turn_states_replay_a_log_to_the_same_end_one_state_per_turn(game_id: str) -> None:
    played, log = ai_log(game_id, SEATS[game_id], 3)
    cls = get_game(game_id)
    seen = [(step, game.current_seat()) for step, game in turn_states(cls.new(SEATS[game_id], seed=3), log)]
    assert seen[0][0] == 0 and seen[-1][0] == len(log)
    assert all(a[1] != b[1] for a, b in pairwise(seen)), "each turn once"
    *_, (_, last) = turn_states(cls.new(SEATS[game_id], seed=3), log)
    assert last.to_dict() == played.to_dict()


def test_turn_states_end_on_the_last_action_of_an_unfinished_log() -> None:
    _, log = ai_log("catan", 4, 3)
    steps = [step for step, _ in turn_states(get_game("catan").new(4, seed=3), log[:5])]
    assert steps[-1] == 5


@pytest.mark.parametrize("game_id", GAMES)
def test_public_scores_end_with_the_result(game_id: str) -> None:
    played, _ = ai_log(game_id, SEATS[game_id], 11)
    final = _views(game_id, 11)[-1]
    scores = get_game(game_id).public_scores(final)
    assert len(scores) == SEATS[game_id]
    result = played.result()
    assert result is not None
    best = max(scores)
    assert all(scores[w] == best for w in result.winners), (scores, result.winners)


@pytest.mark.parametrize("game_id", GAMES)
def test_rounds_never_go_back(game_id: str) -> None:
    rounds = [get_game(game_id).round_of(v) for v in _views(game_id)]
    assert rounds == sorted(rounds) and rounds[-1] > rounds[0]


def test_catan_longest_road_and_largest_army_changing_hands_are_moments_CAT_35_CAT_37() -> None:
    cls = get_game("catan")
    before = _views("catan")[-1]
    after = copy.deepcopy(before)
    before["longest_road"], after["longest_road"] = 1, 2
    before["largest_army"], after["largest_army"] = None, 0
    after["players"][2]["road_length"], after["players"][0]["knights"] = 7, 3
    before["winner"] = after["winner"]
    assert cls.moments(before, after) == [Moment("takes Longest Road from blue (7 roads)", 2),
                                          Moment("takes Largest Army (3 knights)", 0)]
    after["longest_road"] = None
    assert Moment("Longest Road is broken; nobody holds it now") in cls.moments(before, after)


def test_catan_the_win_is_a_moment_CAT_39() -> None:
    views = _views("catan")
    cls = get_game("catan")
    winner = views[-1]["winner"]
    assert Moment(f"reaches {views[-1]['players'][winner]['vp']} points and wins", winner) \
        in cls.moments(views[-2], views[-1])


def test_catan_round_zero_is_the_setup() -> None:
    cls = get_game("catan")
    views = _views("catan")
    assert cls.round_of(views[0]) == 0
    assert cls.round_of(views[-1]) == -(-views[-1]["turn"] // 4)


def test_roanoke_eliminations_and_season_cards_are_moments_ROA_S35_ROA_S30() -> None:
    cls = get_game("roanoke")
    before = _views("roanoke")[0]
    after = copy.deepcopy(before)
    after["players"][1]["alive"] = False
    after["seasons"][1].update(card="X", name="Tools", goal="hold at least 3 metal")
    before["seasons"][1]["card"] = None
    assert cls.moments(before, after) == [Moment("is eliminated", 1),
                                          Moment(f"{after['seasons'][1]['slot']}: Tools — hold at least 3 metal")]
    assert cls.public_scores(after)[1] == 0, "an eliminated colony's resources passed on"


def test_roanoke_rounds_count_across_seasons_ROA_S12() -> None:
    view = _views("roanoke")[-1]
    assert get_game("roanoke").round_of(view) == view["season"] * 3 + view["round"]


def test_colonies_shipping_eliminations_and_the_final_round_are_moments_COL_S28_COL_R39() -> None:
    cls = get_game("colonies")
    before = _views("colonies")[0]
    after = copy.deepcopy(before)
    after["players"][0]["shipped"] += 2
    after["players"][2]["eliminated"] = True
    after["final_round"] = True
    assert cls.moments(before, after) == [Moment("ships 2 Wealth (+10 points)", 0), Moment("is eliminated", 2),
                                          Moment("The Event deck is out: the final round begins")]


def test_small_islands_landings_and_prestige_are_moments_B5() -> None:
    cls = get_game("small_islands")
    views = _views("small_islands")
    found = [m for a, b in pairwise(views) for m in cls.moments(a, b)]
    assert sum(m.text.startswith("lands a ship") for m in found) == 4
    assert any(m.text.startswith("scores") and "for “" in m.text for m in found)


def test_roam_claimed_cards_and_bought_artifacts_are_moments() -> None:
    cls = get_game("roam")
    views = _views("roam")
    found = [m for a, b in pairwise(views) for m in cls.moments(a, b)]
    claims = [m for m in found if m.text.startswith("claims ")]
    final = views[-1]
    assert len(claims) == sum(len(p["characters"]) for p in final["players"]) \
        - sum(len(p["characters"]) for p in views[0]["players"])
    assert any(m.text.startswith("buys the ") for m in found)
