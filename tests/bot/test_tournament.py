"""`python -m bot selfplay <game> --lineup hard,normal,normal,normal`: a tournament of AI levels, each
level's win rate with a 95 % Wilson interval and its decision times."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout

import pytest

from bot.cli import main
from bot.tools.selfplay import Thinking, levels_of, run, wilson


def test_wilson_interval_matches_the_formula_at_known_points() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == pytest.approx(0.0, abs=1e-12) and round(high, 4) == 0.1611


def test_a_lineup_names_levels_or_a_contract_lineup() -> None:
    assert levels_of("hard,normal,easy") == ["hard", "normal", "easy"]
    assert levels_of("heuristic") is None
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
