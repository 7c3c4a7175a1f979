"""`python -m bot pictures docs/` (issue 20): the page shows a board, a private picture, a replay frame and a
recap of every game, each image written beside it, and stays small."""

from __future__ import annotations

import re
from pathlib import Path

import games
from bot.cli import main
from bot.tools.pictures import IMAGES, PAGE


def test_the_page_shows_every_games_four_pictures(tmp_path: Path) -> None:
    assert main(["pictures", str(tmp_path)]) == 0
    page = (tmp_path / PAGE).read_text(encoding="utf-8")
    linked = re.findall(r"\]\((pictures/[\w-]+\.png)\)", page)
    written = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / IMAGES).glob("*.png"))
    assert sorted(linked) == written
    for game_id in games.registry():
        for kind in ("board", "private", "replay", "recap"):
            assert f"{IMAGES}/{game_id}-{kind}.png" in linked
    assert sum((tmp_path / p).stat().st_size for p in written) < 4 * 1024 * 1024
    assert page.count("**How it went**") == len(games.registry())
