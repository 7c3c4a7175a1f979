"""The recap and the replay show nothing hidden (issue 20): every frame they are drawn from is the public
view of its state, and no seat's view reaches them: a secret planted in every seat's view, where hands and
hidden objectives live, never turns up in a frame, a score, a moment, the recap's words or its picture."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from bot import history
from games.core import Game, get_game
from games.learned import win_chances
from renderers import render_board
from renderers.cast import Cast, Player

SEATS = {"catan": 4, "colonies": 3, "roanoke": 4, "small_islands": 4, "roam": 3}
SECRET = "PLANTED-SECRET"


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """Every seat's view of every game carries a planted secret; returns the seats views were asked for."""
    asked: list[int | None] = []
    for game_id in SEATS:
        cls = get_game(game_id)
        original = cls.view

        def view(self: Game, seat: int | None, original: Any = original) -> dict[str, Any]:
            asked.append(seat)
            seen = original(self, seat)
            return seen if seat is None else {**seen, "secret": f"{SECRET}-{seat}"}

        monkeypatch.setattr(cls, "view", view)
    return asked


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_no_frame_or_recap_holds_what_a_seat_view_hides(game_id: str, planted: list[int | None]) -> None:
    players = SEATS[game_id]
    _, log = history.ai_log(game_id, players, 21)
    planted.clear()  # the AI players see their own views; the story must not
    story = history.frames(game_id, players, 21, {}, log)
    picture, lines = history.recap(game_id, story, Cast([]))
    assert set(planted) == {None}, "a frame was read from a seat's view"
    told = json.dumps([[f.view, f.scores, [m.text for m in f.moments]] for f in story]) + "\n".join(lines)
    assert SECRET not in told
    assert SECRET.encode() not in picture


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_frame_is_the_public_view_of_its_state(game_id: str) -> None:
    """A replay frame's picture is the public board picture of the state after that many actions."""
    players = SEATS[game_id]
    _, log = history.ai_log(game_id, players, 22)
    story = history.frames(game_id, players, 22, {}, log)
    cls = get_game(game_id)
    for frame in [*story[::max(1, len(story) // 6)], story[-1]]:
        game = cls.new(players, seed=22)
        for seat, action in log[:frame.step]:
            game.apply(seat, action)
        public = game.view(None)
        assert frame.view == public
        for seat in range(players):  # what only a seat sees is nowhere in the frame
            private = {k: v for k, v in game.view(seat).items() if public.get(k) != v and k != "seat"}
            assert not set(private) & set(frame.view)
    assert render_board(game_id, story[-1].view) == render_board(game_id, game.view(None))


def test_hidden_information_exists_for_the_leak_test_to_catch() -> None:
    """The games with hands and hidden objectives do show them to their seats (so the tests above would
    see a frame built from a seat's view)."""
    for game_id, key in (("catan", "hand"), ("colonies", "hand"), ("small_islands", "hand")):
        game, _ = history.ai_log(game_id, SEATS[game_id], 23, max_actions=40)
        assert key in game.view(0) and key not in game.view(None)


def test_the_lead_taken_for_good_is_a_moment() -> None:
    _, log = history.ai_log("catan", 4, 21)
    story = history.frames("catan", 4, 21, {}, log)
    winner = history.leader(story[-1].scores)
    marked = [i for i, f in enumerate(story) for m in f.moments if m.text == "takes the lead for good"]
    assert len(marked) == 1 and all(history.leader(f.scores) == winner for f in story[marked[0]:])
    assert history.leader(story[marked[0] - 1].scores) != winner


def test_the_recap_lists_the_last_moments_numbered_as_on_the_chart() -> None:
    _, log = history.ai_log("roam", 3, 21)
    story = history.frames("roam", 3, 21, {}, log)
    _, lines = history.recap("roam", story, Cast([]))
    assert lines[0].startswith("**How it went**")
    assert [line.split(".")[0] for line in lines[1:]] == [str(n) for n in range(1, len(lines))]
    assert len(lines) - 1 == min(history.MOMENTS_SHOWN, sum(len(f.moments) for f in story))


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_running_games_chances_are_read_from_its_public_views_only(game_id: str,
                                                                      planted: list[int | None]) -> None:
    """The replay of a game still being played shows each seat's chance of winning at every step, estimated
    from the public view of that step and nothing else."""
    players = SEATS[game_id]
    _, log = history.ai_log(game_id, players, 24, max_actions=60)
    planted.clear()
    story = history.frames(game_id, players, 24, {}, log)
    assert set(planted) == {None}, "a chance was read from a seat's view"
    for at, frame in enumerate(story):
        assert frame.chances == win_chances(game_id, frame.view) and sum(frame.chances) == pytest.approx(1.0)
        said = history.caption("Game", 1, story, at, Cast([]))
        assert f"Chance of winning (estimated from the public board): {Cast([]).full(0)} " in said
        assert f"{Cast([]).full(players - 1)} {frame.chances[-1]:.0%}" in said


def test_the_turning_point_is_the_largest_swing_over_a_round_and_the_recap_keeps_it() -> None:
    game, log = history.ai_log("catan", 4, 21)
    story = history.frames("catan", 4, 21, {}, log)
    turn = history.turning(story)
    assert turn is not None and story[turn.since].round > 0 and story[turn.at].round == story[turn.since].round + 1
    ends = [i for i in range(len(story) - 1) if story[i + 1].round != story[i].round and story[i].round > 0]

    def swing(a: int, b: int) -> float:
        return max(abs(x - y) for x, y in zip(story[a].chances, story[b].chances, strict=True))

    assert all(swing(turn.since, turn.at) >= swing(a, b) for a, b in pairwise(ends))
    gains = [now - was for was, now in zip(story[turn.since].chances, story[turn.at].chances, strict=True)]
    assert gains[turn.seat] == max(gains)
    turned = [m for m in story[turn.at].moments if m.text.startswith(history.TURNING)]
    assert len(turned) == 1 and turned[0].seat == turn.seat
    assert (turn.at, turned[0]) in history.decisive(story, limit=1)
    told = history.chances_told(story, Cast([Player("Ada", "red")] * 4))
    assert "had the best chance of winning for most of the game" in told
    assert f"it turned in round {story[turn.at].round}, when Ada's chance went {turn.said(story)}." in told
    assert story[-1].chances == [float(s in game.result().winners) for s in range(4)]  # the end settles them
