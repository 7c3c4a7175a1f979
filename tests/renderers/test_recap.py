"""The recap picture (issues 20, 27, 37): the final board above the score chart and the chance-of-winning chart,
every word on it readable (WCAG AA, inside its frame, at least 11 px at 550 px wide), the chart's numbered rings
one per moment the message lists, the turning point marked."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot import history
from renderers import render_board
from renderers.cast import Cast
from renderers.common import DESKTOP, LEGIBLE, recording
from tests.support.legibility import unreadable


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_every_word_of_every_recap_reads_and_the_board_is_above_the_chart(game_id: str) -> None:
    players = min(4, games.get_game(game_id).max_players)
    _, log = history.ai_log(game_id, players, 31)
    story = history.frames(game_id, players, 31, {}, log)
    with recording() as seen:
        picture, lines = history.recap(game_id, story, Cast([]))
    assert not unreadable(seen), "; ".join(unreadable(seen)[:8])
    rings = {d.s for d in seen if d.kind == "text" and d.s.isdigit() and d.on == (255, 255, 255)}
    assert {str(n) for n in range(1, len(lines))} <= rings
    recap = Image.open(io.BytesIO(picture))
    board = Image.open(io.BytesIO(render_board(game_id, story[-1].view)))
    assert recap.width == board.width and recap.height > board.height
    small = [f"{d.s!r} {d.size}px" for d in seen if d.kind == "text" and d.size * DESKTOP / recap.width < LEGIBLE]
    assert not small, "; ".join(small[:8])
    assert any(d.s == f"{Cast([]).short(0)}: {story[-1].scores[0]:g}" for d in seen), "the legend names the seats"
    words = [d.s for d in seen if d.kind == "text"]
    assert "Chance of winning (estimated from the public board)" in words and "100%" in words
    assert "turning point" in words
