"""The operator's counters (issue 26) are bumped by the service where the thing happens: a committed move
counts once under its game, and every refusal of a change — a move or a table change — counts under its
game and its code; a refused change is not a move."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from bot.service import GameService
from games.core import RuleError
from tests.support.tables import CREATOR, FRIEND, STRANGER, running_game


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_moves_and_refusals_are_counted_by_game_and_code(service: GameService) -> None:
    game_id = await running_game(service)
    moves = sample("frontier_moves_total", game="testgame")
    hand = (await service.panel(game_id, CREATOR)).hand
    await service.act(game_id, CREATOR, {"type": "play", "card": hand["hand"][0]})
    assert sample("frontier_moves_total", game="testgame") == moves + 1

    refusals = {code: sample("frontier_refusals_total", game="testgame", code=code)
                for code in ("not_your_turn", "not_seated", "not_creator")}
    for refused in (service.act(game_id, CREATOR, {"type": "play", "card": hand["hand"][1]}),  # not her turn now
                    service.act(game_id, STRANGER, {"type": "play", "card": "1"}),  # the service's
                    service.abandon(game_id, FRIEND)):  # a table change, not a move
        with pytest.raises(RuleError):
            await refused
    assert {code: sample("frontier_refusals_total", game="testgame", code=code) - before
            for code, before in refusals.items()} == {"not_your_turn": 1, "not_seated": 1, "not_creator": 1}
    assert sample("frontier_moves_total", game="testgame") == moves + 1, "a refused move is not counted as one"
