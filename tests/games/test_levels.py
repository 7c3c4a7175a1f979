"""The AI levels (DESIGN §7): one place maps a level name to a player of a game."""

from __future__ import annotations

import random

import pytest

from games.ai import Player, policy_for
from games.core import Action, get_game
from games.levels import LEVELS, Beginner, player_for, policy_name
from games.search import SearchPlayer


class First(Player):
    """Always the first listed move: a stand-in heuristic whose choice is known."""

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        return legal[0]


@pytest.mark.parametrize("game_id", ["catan", "colonies", "roam", "roanoke", "small_islands"])
def test_each_level_of_each_game_has_its_player(game_id: str) -> None:
    assert isinstance(player_for(game_id, "easy"), Beginner)
    assert type(player_for(game_id, "normal")) is type(policy_for(game_id))
    hard = player_for(game_id, "hard")
    assert isinstance(hard, SearchPlayer)
    assert type(hard.guide) is type(policy_for(game_id))
    assert LEVELS == ("easy", "normal", "hard")


def test_the_hard_level_follows_the_heuristics_shrewd_self() -> None:
    """Roanoke's heuristic gifts for the table's sake; the search it guides at the hard level does not."""
    roanoke = player_for("roanoke", "hard")
    assert isinstance(roanoke, SearchPlayer)
    assert policy_for("roanoke").generous and not roanoke.guide.generous
    catan = policy_for("catan")
    assert catan.shrewd() is catan


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no AI level 'expert'"):
        player_for("catan", "expert")


def test_levels_are_rated_as_players_of_their_own_and_normal_keeps_its_name() -> None:
    assert [policy_name("catan", level) for level in LEVELS] == ["easy", "heuristic", "hard"]


def test_the_beginner_slips_to_any_move_but_never_resigns_by_mistake() -> None:
    game = get_game("roam")
    legal = [{"type": "resign"}, {"type": "pass"}, {"type": "place", "square": "A1"}]
    always = Beginner(game, First(), mistakes=1.0)
    slips = {always.choose({}, legal, random.Random(seed))["type"] for seed in range(30)}
    assert slips == {"pass", "place"}
    never = Beginner(game, First(), mistakes=0.0)
    assert never.choose({}, legal, random.Random(1)) == legal[0]  # the heuristic's own choice stands
