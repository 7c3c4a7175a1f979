"""`python -m bot play` and `selfplay`, driven on the test game and on real games."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main
from bot.tools.local_play import LocalTable
from bot.tools.selfplay import run
from games.ai import choose_for, policy_for
from games.catan.board import RESOURCES
from games.core import Game, RuleError, get_game
from games.search import SearchPlayer
from tests.support.pictures import MIN_WIDTH


def test_selfplay_plays_games_to_the_end_without_violations() -> None:
    report = run("testgame", games=300, seed=7, lineup="random")
    assert report.ok, report.errors + report.violations
    assert report.games == 300
    assert sum(report.wins.values()) >= 300  # every game has at least one winner
    assert report.to_dict()["actions"] == report.actions > 0


def _play(tmp_path: Path, game: str, answers: Iterable[str], *, players: int, seat: int = 0,
          seed: int = 3, start: Game | None = None) -> tuple[LocalTable, list[str]]:
    """Run a terminal game on scripted answers; every prompt is recorded in the lines as '>'."""
    said: list[str] = []
    script = iter(answers)

    def ask(prompt: str) -> str:
        said.append(">")
        return next(script, "q")

    table = LocalTable(game, players=players, seat=seat, seed=seed, options=None, out=tmp_path,
                       ask=ask, say=said.append)
    if start is not None:
        table.game = start
    assert table.run() == 0
    return table, said


def test_local_play_takes_numbers_json_and_refusals_and_writes_pictures(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["x", "99", '{"type": "play", "card": 999}', "v"] + ["1"] * 10)
    table = LocalTable("testgame", players=3, seat=0, seed=3, options={"rounds": 3}, out=tmp_path,
                       ask=lambda prompt: next(answers), say=said.append)
    assert table.run() == 0
    text = "\n".join(said)
    assert "Choose a number from 1 to 3." in text
    assert "Refused: You do not hold a 999." in text
    assert "Final scores:" in text and ("Winner: seat" in text or "Winners: seat" in text)
    assert Image.open(io.BytesIO((tmp_path / "board.png").read_bytes())).width >= MIN_WIDTH


def test_local_play_can_be_left(tmp_path: Path) -> None:
    _, said = _play(tmp_path, "testgame", ["q"], players=2, seat=1)
    assert said[-1] == "Game left unfinished."


@pytest.mark.parametrize("seat", ["0", "3", "-1"])
def test_play_refuses_a_seat_outside_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               seat: str) -> None:
    """Issue 17: seats are 1-based as a person reads them; 0 or past the last seat is refused,
    not an all-AI game (0) or an IndexError (3)."""
    code = main(["play", "testgame", "--players", "2", "--seat", seat, "--out", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert f"There is no seat {seat}" in err and "seats 1 to 2" in err


def _before_an_offer(game_type: str, players: int) -> tuple[Game, dict[str, Any]]:
    """AI moves for every seat until seat 1 (index 0) may make a trade offer to seat 2; that offer."""
    game = get_game(game_type).new(players, seed=1)
    rng, policy = random.Random(1), policy_for(game_type)
    while not game.over:
        shapes = game.action_shapes(0)
        if shapes:
            offer = json.loads(shapes[0]["help"].split(" — ")[0])  # the example the game gives
            try:
                type(game).from_dict(game.to_dict()).apply(0, offer)
            except RuleError:
                pass  # e.g. no Population in play to trade yet
            else:
                return game, offer
        seat = min(game.to_move())
        game.apply(seat, choose_for(game, seat, policy, rng))
    raise AssertionError(f"seat 1 never could make an offer in {game_type}")


@pytest.mark.parametrize(("game_type", "players"), [("colonies", 2), ("roanoke", 4)])
def test_ai_seats_answer_offers_made_to_them(tmp_path: Path, game_type: str, players: int) -> None:
    """Issue 17: an offer to an AI seat is answered by its policy, as on Discord, before the person
    (who may withdraw meanwhile) is asked again."""
    start, offer = _before_an_offer(game_type, players)
    asked: list[list[int]] = []
    table = LocalTable(game_type, players=players, seat=0, seed=1, options=None, out=tmp_path,
                       ask=lambda prompt: (asked.append(sorted(table.game.to_move())),
                                           json.dumps(offer) if len(asked) == 1 else "q")[1],
                       say=lambda line: None)
    table.game = start
    table.run()
    assert len(asked) == 2
    assert 1 not in asked[1], "seat 2 still had the offer to answer when seat 1 was asked"


def test_ai_moves_are_told_by_their_public_events_only(tmp_path: Path) -> None:
    """Issue 17: an AI seat's hidden choice (the test game's card put down) is never printed."""
    _, said = _play(tmp_path, "testgame", ["1"] * 3, players=2)
    ai_lines = [line for line in said if line.strip().startswith("Basil")]
    assert ai_lines and all("Play your" not in line for line in ai_lines)
    assert "   Basil put a card down." in said, "the AI seat by its own name, from its public event"


def test_your_move_is_worded_before_it_is_applied(tmp_path: Path) -> None:
    """Issue 17: Catan's last setup road is free; its label must say so although the move ends setup.
    With seed 1 of three seats seat 2 places last (order 2, 3, 1, 1, 3, 2)."""
    _, said = _play(tmp_path, "catan", ["1"] * 4, players=3, seat=1, seed=1)
    roads = [line for line in said if line.startswith("You: Road on")]
    assert len(roads) == 2 and all(line.endswith("(free)") for line in roads), roads


def test_game_over_is_said_once(tmp_path: Path) -> None:
    _, said = _play(tmp_path, "testgame", ["1"] * 10, players=2)
    assert sum("Game over" in line for line in said) == 1
    assert any(line.startswith("Final scores:") for line in said)


def test_bad_input_says_what_was_wrong_and_what_may_be_typed(tmp_path: Path) -> None:
    """Issue 17: an unknown word and broken JSON are told apart, with the move types of the moment."""
    _, said = _play(tmp_path, "testgame", ["x", '{"type": '], players=2)
    word = next(line for line in said if line.startswith("Unknown input 'x'."))
    broken = next(line for line in said if line.startswith("That is not valid JSON: Expecting value"))
    assert "a number from 1 to 3" in word and "of type play" in word and "of type play" in broken

    start, _ = _before_an_offer("colonies", 2)
    _, said = _play(tmp_path, "colonies", ["trade"], players=2, start=start)
    word = next(line for line in said if line.startswith("Unknown input 'trade'."))
    assert "free-form JSON move of type offer" in word and "end_turn" in word


def test_local_play_seats_ai_of_the_level_asked(tmp_path: Path) -> None:
    """`--level hard` seats the searching player, which plays a whole game against the person; its budget
    here is a millisecond a move (on the terminal it is the bot's second)."""
    game = get_game("roam").new(2, seed=5)
    hard = LocalTable("roam", players=2, seat=0, seed=5, options=None, out=tmp_path, level="hard",
                      think_seconds=0.001, ask=lambda prompt: "1", say=lambda line: None)
    hard.game = game
    assert hard.run() == 0 and game.over
    assert isinstance(hard.ai, SearchPlayer)
    normal = LocalTable("roam", players=2, seat=0, seed=5, options=None, out=tmp_path,
                        ask=lambda prompt: "q", say=lambda line: None)
    assert isinstance(normal.ai, type(policy_for("roam")))
    with pytest.raises(SystemExit):
        main(["play", "roam", "--level", "expert"])


def _ai_offered_to_the_person() -> Game:
    """A 3-seat Catan past setup, on the AI's (seat 2's) turn, with its offer of ore for lumber open to seat 1."""
    game = get_game("catan").new(3, seed=1)
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    game.s["phase"], game.s["active"] = "main", 1
    for seat, resource in ((1, "ore"), (0, "lumber")):
        game.s["hands"][seat][RESOURCES.index(resource)] += 1
    game.apply(1, {"type": "offer", "to": 1, "give": {"ore": 1}, "get": {"lumber": 1}})
    return game


def test_an_ai_offer_waits_for_the_persons_answer(tmp_path: Path) -> None:
    """Issue 35: the AI whose turn it is keeps its offer open while the person answers it (its next move would
    close the offer), as on Discord; the person is asked first, with Accept among the moves."""
    asked: list[tuple[bool, list[str]]] = []

    def ask(prompt: str) -> str:
        asked.append((table.game.view(None)["offer"] is not None,
                      [a["type"] for a in table.game.legal_actions(0)]))
        return "q"

    table = LocalTable("catan", players=3, seat=0, seed=1, options=None, out=tmp_path, ask=ask,
                       say=lambda line: None)
    table.game = _ai_offered_to_the_person()
    table.run()
    open_, moves = asked[0]
    assert open_ and "accept" in moves, "the AI closed its offer before the person could answer"


def test_v_shows_the_table_and_the_hand_in_words(tmp_path: Path) -> None:
    """Issue 35: `v` prints what the seat sees as sentences (the board's lines and the hand), not JSON."""
    _, said = _play(tmp_path, "catan", ["v"], players=3, seed=1)
    shown = said[said.index(">") + 1:]
    shown = shown[:shown.index(">")]
    assert not any(line.lstrip().startswith(("{", "[", '"')) for line in shown), shown
    assert shown[0].startswith("Setup: you are to place") and "Your hand:" in shown
    assert any(line.startswith("Cards: ") for line in shown)
