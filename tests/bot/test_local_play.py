"""`python -m bot play` and `selfplay`, driven on the test game."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.tools.local_play import LocalTable
from bot.tools.selfplay import run


def test_selfplay_plays_games_to_the_end_without_violations() -> None:
    report = run("testgame", games=300, seed=7, lineup="random")
    assert report.ok, report.errors + report.violations
    assert report.games == 300
    assert sum(report.wins.values()) >= 300  # every game has at least one winner
    assert report.to_dict()["actions"] == report.actions > 0


def test_local_play_takes_numbers_json_and_refusals_and_writes_pictures(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["x", "99", '{"type": "play", "card": 999}', "v"] + ["1"] * 10)
    table = LocalTable("testgame", players=3, seat=0, seed=3, options={"rounds": 3}, out=tmp_path,
                       ask=lambda prompt: next(answers), say=said.append)
    assert table.run() == 0
    text = "\n".join(said)
    assert "Choose a number from 1 to 3." in text
    assert "Refused: You do not hold a 999." in text
    assert "Game over." in text and "Winner(s):" in text
    assert Image.open(io.BytesIO((tmp_path / "board.png").read_bytes())).width >= 1000


def test_local_play_can_be_left(tmp_path: Path) -> None:
    said: list[str] = []
    table = LocalTable("testgame", players=2, seat=1, seed=3, options=None, out=tmp_path,
                       ask=lambda prompt: "q", say=said.append)
    assert table.run() == 0
    assert said[-1] == "Game left unfinished."
