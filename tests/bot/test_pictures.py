"""`python -m bot pictures docs/` (issues 20, 27): the page shows a board (also at 550 and 350 px wide), a
zoomed pick picture where a game picks places in two steps, a private picture, a replay frame and a recap of
every game, each image written beside it, and stays small."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

import games
from bot.cli import main
from bot.tools.pictures import IMAGES, PAGE, QUICK_CARDS, quick_section
from games.core import Game
from renderers.common import DESKTOP, PHONE
from tests.support.shipped import SHIPPED


def test_the_page_shows_every_games_pictures(tmp_path: Path) -> None:
    assert main(["pictures", str(tmp_path)]) == 0
    page = (tmp_path / PAGE).read_text(encoding="utf-8")
    linked = re.findall(r"\]\((pictures/[\w-]+\.png)\)", page)
    written = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / IMAGES).glob("*.png"))
    assert sorted(linked) == written
    for game_id in games.registry():
        for kind in ("board", "board-550", "board-350", "private", "replay", "recap"):
            assert f"{IMAGES}/{game_id}-{kind}.png" in linked
        if games.get_game(game_id).areas is not Game.areas:
            assert {f"{IMAGES}/{game_id}-pick.png", f"{IMAGES}/{game_id}-pick-350.png"} <= set(linked)
    for small, width in (("board-550", DESKTOP), ("board-350", PHONE), ("pick-350", PHONE)):
        assert all(Image.open(tmp_path / p).width == width for p in written if p.endswith(f"-{small}.png"))
    assert sum((tmp_path / p).stat().st_size for p in written) < 6 * 1024 * 1024
    assert page.count("**How it went**") == len(games.registry())


def test_the_page_shows_each_quick_card_also_at_350_px(tmp_path: Path) -> None:
    """Issue 44, item 5: the quick cards on the page, each written beside it, and as a phone shows it."""
    lines = quick_section(tmp_path)
    assert lines[0] == QUICK_CARDS
    linked = re.findall(r"\]\((pictures/[\w-]+\.png)\)", "\n".join(lines))
    assert linked == [f"{IMAGES}/{g}-{kind}.png" for g in SHIPPED for kind in ("quick", "quick-350")]
    for game_id in SHIPPED:
        assert Image.open(tmp_path / f"{game_id}-quick.png").width > PHONE
        assert Image.open(tmp_path / f"{game_id}-quick-350.png").width == PHONE
