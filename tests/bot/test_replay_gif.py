"""`python -m bot replay ID --gif out.gif` (issue 20): a stored game as an animated board, one frame per
turn, within 8 MB."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from PIL import Image

from bot import history
from bot.cli import main
from bot.storage import open_storage
from bot.tools import replay
from tests.support.stored import stored_game


async def test_the_command_writes_one_frame_per_turn_of_a_stored_game(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "frontier.sqlite3"
    storage = await open_storage(database)
    game_id = await stored_game(storage, "roam", 2, user_id=7, guild_id=1, channel_id=2)
    turns = len(await history.story(storage, await storage.load(game_id)))
    await storage.close()
    monkeypatch.setenv("DATABASE_PATH", str(database))
    out = tmp_path / "game.gif"
    assert await asyncio.to_thread(main, ["replay", str(game_id), "--gif", str(out)]) == 0  # its own event loop
    assert f"{turns} turns" in capsys.readouterr().out
    picture = Image.open(out)
    assert picture.format == "GIF" and picture.n_frames == turns
    assert out.stat().st_size <= replay.LIMIT


def test_a_gif_too_large_is_drawn_smaller_until_it_fits() -> None:
    _, log = history.ai_log("catan", 3, 5, max_actions=60)
    story = history.frames("catan", 3, 5, {}, log)
    full = replay.gif("catan", story)
    small = replay.gif("catan", story, limit=len(full) - 1)
    assert len(small) < len(full)
    assert Image.open(io.BytesIO(small)).width < Image.open(io.BytesIO(full)).width


def test_an_unknown_game_is_said_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "empty.sqlite3"))
    assert main(["replay", "99", "--gif", str(tmp_path / "x.gif")]) == 2
    assert "no started game #99" in capsys.readouterr().err
