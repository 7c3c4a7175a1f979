"""Log lines (issue 26): text as discord.py writes them, or JSON lines naming the game and kind of work."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from bot.logs import interaction_context, log_context, setup_logging


@pytest.fixture(autouse=True)
def root_logger() -> Iterator[None]:
    """setup_logging adds a handler to the root logger: put it back as it was."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_text_lines_keep_their_time_level_and_logger(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging("INFO", "text")
    logging.getLogger("bot.delivery").warning("delivery_retry game=%s", 7)
    (line,) = capsys.readouterr().err.splitlines()
    assert "WARNING" in line and "bot.delivery" in line and line.endswith("delivery_retry game=7"), line


def test_json_lines_name_the_game_and_kind_of_the_work_in_hand(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging("INFO", "json")
    with log_context(game_id=7):
        with log_context(kind="board"):
            logging.getLogger("bot.delivery").warning("delivery_retry")
        logging.getLogger("bot.delivery").info("between rows")
    logging.getLogger("discord.gateway").info("connected")
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [(x["level"], x["logger"], x["message"], x["game_id"], x["kind"]) for x in lines] == [
        ("WARNING", "bot.delivery", "delivery_retry", 7, "board"),
        ("INFO", "bot.delivery", "between rows", 7, None),
        ("INFO", "discord.gateway", "connected", None, None)]
    assert all("time" in x for x in lines)


def test_an_interaction_is_named_by_its_control_and_game_or_its_command() -> None:
    assert interaction_context({"data": {"custom_id": "fr:a:12:3:0:ab"}}) == {"game_id": 12, "kind": "button:a"}
    assert interaction_context({"data": {"name": "play"}}) == {"game_id": None, "kind": "command:play"}
