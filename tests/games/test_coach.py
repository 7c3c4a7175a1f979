"""The practice table's coach (games/coach, issue 35): its line names the heuristic's choice in the game's own
words, each mechanic is explained the first time its event shows and never again, and the closing lines."""

from __future__ import annotations

import random

import pytest

from games.coach import COACH, COACHES, SAID_MOST, advise, closing, coach_line, first_times, said_key, spoken
from games.coach.coaching import Reason
from games.core import Result, get_game


@pytest.mark.parametrize("game_id", sorted(COACHES))
def test_the_coach_line_names_the_heuristics_choice(game_id: str) -> None:
    cls = get_game(game_id)
    game = cls.new(cls.min_players, seed=3, options={})
    seat = min(game.to_move())
    advice = advise(game, seat)
    assert advice is not None
    line, sentences = coach_line(game, seat, advice, "the pick", {})
    assert advice.reason.text in sentences
    assert line is not None and line.startswith(f"{COACH} **Coach:**") and "**the pick**" in line
    assert len(line) < 600, "one short line"


def test_a_mechanic_is_explained_the_first_time_only() -> None:
    seven = {"type": "roll", "seat": 0, "dice": [3, 4]}
    discard = {"type": "must_discard", "seats": {"1": 4}}
    first = first_times("catan", [{"type": "roll", "seat": 1, "dice": [2, 4]}], [seven, discard])
    assert [line.split("**")[1] for line in first] == ["First time: the robber.", "First time: a discard."]
    assert "`/game rules game:catan section:CAT-19`" in first[0]
    assert first_times("catan", [seven], [{"type": "roll", "seat": 1, "dice": [6, 1]}]) == [], "said once a game"


def test_the_closing_lines_say_what_went_well_and_what_to_try() -> None:
    cls = get_game("catan")
    game = cls.new(3, seed=1, options={})
    game.result = lambda: Result(scores=[10, 7, 4], ranking=[[0], [1], [2]])  # type: ignore[method-assign]
    well, next_time = closing(game, 1, [{"type": "build_city"}, {"type": "build_road"}, {"type": "build_road"}])
    assert "built a road 2 times" in well and "finished 2nd of 3 with 7 points" in well
    assert next_time.startswith(f"{COACH} **In a real game, try:**")


def test_a_sentence_is_said_three_times_then_shorter_then_not() -> None:
    """Issue 44 item 2: the same sentence at most three times a game, later mentions shorter, then silence."""
    reason = Reason("Settle at 40: brick on 4, lumber on 5, grain on 8, 11 pips.", "Settle at 40: 11 pips.")
    said: dict[str, int] = {}
    heard = []
    for _ in range(8):
        words = spoken(reason, said)
        heard.append(words)
        if words is not None:
            said[said_key(words)] = said.get(said_key(words), 0) + 1
    assert heard == [reason.text] * SAID_MOST + [reason.short] * SAID_MOST + [None] * 2


@pytest.mark.parametrize("game_id", sorted(COACHES))
def test_every_kind_of_move_a_learner_meets_has_words(game_id: str) -> None:
    """Issue 44 item 2: each choice in a player's words: every action type listed over seeded random games of
    the practice table's size has the coach's words for it (no raw move name reaches the line)."""
    cls = get_game(game_id)
    kinds: set[str] = set()
    for seed in range(3):
        game = cls.new(cls.min_players, seed=seed, options={})
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            seat = min(game.to_move())
            legal = game.legal_actions(seat)
            kinds |= {str(a["type"]) for a in legal}
            game.apply(seat, rng.choice(legal))
    words = COACHES[game_id].choices
    assert kinds <= set(words), sorted(kinds - set(words))
    assert all("_" not in said for said in words.values())


def test_the_list_of_choices_leaves_resigning_out() -> None:
    """A learner's choices are the game's moves: resigning (a costly move, there on every Roanoke turn) is not
    one the coach lists."""
    cls = get_game("roanoke")
    game = cls.new(4, seed=2, options={})
    seat = min(game.to_move())
    while "resign" not in {a["type"] for a in game.legal_actions(seat)}:
        game.apply(seat, game.legal_actions(seat)[0])
        seat = min(game.to_move())
    line, _ = coach_line(game, seat, None, "", {})
    assert line is not None and "resign" not in line and COACHES["roanoke"].choices["resign"] not in line
