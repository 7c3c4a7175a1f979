"""`python -m bot selfplay <game> --lineup hard,normal,normal,normal`: a tournament of AI levels, each
level's win rate with a 95 % Wilson interval and its decision times; the oracle seat that measures a game's
headroom."""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import redirect_stdout

import pytest

from bot.cli import main
from bot.tools.selfplay import ORACLE, Oracle, Thinking, level_player, levels_of, run, wilson
from games.levels import HARD_PLAYOUTS, player_for
from games.search import Budget, Rollouts, SearchPlayer
from tests.games.catan.positions import after_setup, give, rolled


def test_wilson_interval_matches_the_formula_at_known_points() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == pytest.approx(0.0, abs=1e-12) and round(high, 4) == 0.1611


def test_a_lineup_names_levels_or_a_contract_lineup() -> None:
    assert levels_of("hard,normal,easy") == ["hard", "normal", "easy"]
    assert levels_of("heuristic") is None
    assert levels_of("oracle,normal,normal") == [ORACLE, "normal", "normal"]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        levels_of("expert,normal")


def test_a_tournament_counts_each_levels_seat_games_wins_and_decisions() -> None:
    report = run("catan", games=4, seed=3, lineup="easy,normal,normal,normal")
    assert report.ok, report.errors + report.violations
    levels = report.to_dict()["levels"]
    assert levels["easy"]["seat_games"] == 4 and levels["normal"]["seat_games"] == 12
    assert levels["easy"]["wins"] + levels["normal"]["wins"] == pytest.approx(4)
    assert levels["easy"]["fair_shares"] == pytest.approx(4 * levels["easy"]["win_rate"], abs=0.01)  # 1 = 25 %
    for stats in levels.values():
        assert stats["decisions"] > 0 and stats["decision_ms"]["p95"] >= stats["decision_ms"]["median"] > 0
        low, high = stats["interval95"]
        assert low <= stats["win_rate"] <= high


def test_the_seats_rotate_so_no_level_keeps_the_first_seat() -> None:
    report = run("roam", games=3, seed=1, lineup="hard,normal,normal", thinking=Thinking(iterations=3))
    assert report.ok, report.errors + report.violations
    assert [r.seats for r in report.records] == [["hard", "normal", "normal"], ["normal", "normal", "hard"],
                                                 ["normal", "hard", "normal"]]
    hard = report.to_dict()["levels"]["hard"]
    assert hard["seat_games"] == 3 and hard["decisions"] > 0


def test_the_command_prints_each_level_and_refuses_an_unknown_one() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["selfplay", "roam", "--games", "2", "--lineup", "easy,normal,normal", "--json"]) == 0
    assert set(json.loads(out.getvalue())["levels"]) == {"easy", "normal"}
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["selfplay", "roam", "--games", "2", "--lineup", "easy,normal,normal"]) == 0
    assert re.search(r"easy: won [\d.]+ of 2 seat-games \(.*× a fair share\)", out.getvalue()), out.getvalue()
    assert main(["selfplay", "roam", "--lineup", "expert,normal,normal"]) == 2


def test_the_oracle_searches_the_true_game_with_ten_times_the_hard_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Built position: Catan after its roll, every seat holding cards the active seat cannot see. The worlds the
    oracle's search samples are the true game (every hand, the deck's order), only the dice to come drawn
    afresh; the hard level's samples deal the others' hands anew."""
    game = rolled(after_setup(4, seed=7))
    seat = game.s["active"]
    give(game, seat, brick=1, lumber=1)
    for other, cards in ((seat + 1) % 4, {"ore": 3, "grain": 2}), ((seat + 2) % 4, {"brick": 2, "wool": 3}):
        give(game, other, **cards)
    truth = game.to_dict()
    searched: list[tuple[dict, dict, Budget]] = []
    run_rollouts = Rollouts.run

    def watched(rollouts: Rollouts, budget: Budget) -> object:
        sampled = [rollouts.game.determinize(rollouts.seat, random.Random(k)).to_dict() for k in (1, 2)]
        searched.append((*sampled, budget))
        return run_rollouts(rollouts, budget)

    monkeypatch.setattr(Rollouts, "run", watched)
    oracle, hard = level_player("catan", ORACLE, Thinking(iterations=2)), player_for("catan", "hard")
    assert isinstance(oracle, Oracle) and isinstance(hard, SearchPlayer)
    assert type(oracle.guide) is type(hard.guide) and oracle.depth == hard.depth  # the hard level's search
    action = oracle.choose_in(game, seat, game.legal_actions(seat), random.Random(3))
    assert action in game.legal_actions(seat) and game.to_dict() == truth, "the real game is left as it was"
    (first, second, budget), = searched
    assert budget.iterations == 20  # ten times the two playouts asked for
    assert {k for k in truth if first[k] != truth[k]} == {"rng"}, "everything but the dice to come is the truth"
    assert first["rng"] != second["rng"] != truth["rng"]
    hard_sample = game.determinize(seat, random.Random(1)).to_dict()
    assert hard_sample["hands"] != truth["hands"], "the hard level's samples deal the others' hands afresh"
    shipped = level_player("catan", ORACLE, Thinking())
    assert isinstance(shipped, Oracle)
    assert shipped.budget.iterations == 10 * HARD_PLAYOUTS == 10 * hard.budget.iterations
