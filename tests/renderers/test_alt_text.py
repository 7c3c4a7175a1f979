"""Alt text and the words beside every picture (issue 27, item 6): made from the view the picture was drawn
from, within Discord's limit for an attachment's description, naming whose turn it is and the scores; a
hand's alt text reads only that seat's own view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from games.colours import seat_name
from renderers.text import DESCRIPTION_LIMIT, alt_text, clip, summary
from tests.support.states import states

SPEC = Path("/work/shared/discord-api/openapi.json")
PICTURES = ("board", "status", "replay", "recap")


def test_the_limit_is_discords() -> None:
    """MessageAttachmentRequest.description in Discord's OpenAPI spec (a copy ships in tests/openapi)."""
    spec_path = SPEC if SPEC.exists() else Path("tests/openapi/openapi.json")
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    field = spec["components"]["schemas"]["MessageAttachmentRequest"]["properties"]["description"]
    assert field["maxLength"] == DESCRIPTION_LIMIT


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_every_picture_has_alt_text_within_the_limit_naming_the_turn_and_the_scores(game_id: str) -> None:
    for game in states(game_id, 6, seed=2729):
        view = game.view(None)
        lines = summary(game_id, view)
        assert lines and all(isinstance(line, str) and line for line in lines)
        for picture in PICTURES:
            alt = alt_text(game_id, view, picture)
            assert 0 < len(alt) <= DESCRIPTION_LIMIT
            assert alt.startswith(view["title"])
            assert seat_name(0) in alt, f"{game_id} {picture}: the seats are named: {alt}"
        if not game.over and "to_move" in view:  # a view that says whose turn it is
            assert any(seat_name(s) in lines[0] for s in view["to_move"]), f"{game_id}: whose turn first: {lines[0]}"
        for seat in range(game.num_players):
            alt = alt_text(game_id, game.view(seat), "hand")
            assert 0 < len(alt) <= DESCRIPTION_LIMIT and seat_name(seat) in alt


def test_a_hands_alt_text_reads_only_that_seats_view() -> None:
    """Catan: seat 1's alt text names seat 1's cards, and is the same whatever another seat holds."""
    game = games.get_game("catan").new(3, seed=5)
    mine = game.view(0)
    alt = alt_text("catan", mine, "hand")
    assert all(f"{n} {r}" in alt for r, n in mine["hand"].items())
    game.s["hands"][1] = [7, 7, 7, 7, 7]
    assert alt_text("catan", game.view(0), "hand") == alt


def test_long_text_is_cut_at_a_word_within_the_limit() -> None:
    cut = clip("word " * 400)
    assert len(cut) <= DESCRIPTION_LIMIT and cut.endswith("…") and "wor…" not in cut
