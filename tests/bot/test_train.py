"""`python -m bot train <game>` and the learned win chances it ships (games/learned.py, DESIGN §7)."""

from __future__ import annotations

import json
import random

import pytest

from bot.cli import main
from bot.tools.train import train
from games.core import get_game
from games.learned import Model, feature_names, model, seat_features, win_chances
from tests.support.shipped import SHIPPED


def test_a_tiny_model_is_the_same_for_the_same_seed_and_gives_chances_that_sum_to_one() -> None:
    first = train("small_islands", games_count=5, seed=7, per_game=4)
    again = train("small_islands", games_count=5, seed=7, per_game=4)
    assert first.weights == again.weights and first.made == again.made
    assert len(first.weights) == len(feature_names("small_islands"))
    assert first.made["train"] == {"games": 4, "positions": 16} and first.made["held_out"]["positions"] == 4
    view = get_game("small_islands").new(3, seed=1).view(None)
    chances = first.chances(seat_features("small_islands", view))
    assert len(chances) == 3 and sum(chances) == pytest.approx(1.0)


def test_train_writes_a_weights_file_with_the_command_seed_and_data_size(tmp_path, capsys) -> None:
    out = tmp_path / "chances.json"
    assert main(["train", "roam", "--games", "5", "--seed", "2", "--positions", "3", "--out", str(out)]) == 0
    written = Model.from_dict(json.loads(out.read_text()))
    assert written.made["command"] == "python -m bot train roam --games 5 --seed 2 --positions 3"
    assert written.made["seed"] == 2 and written.made["games"] == 5
    assert {"model", "baseline", "calibration"} <= set(written.made["held_out"])
    assert "| model |" in capsys.readouterr().out


def _midgame_view(game_id: str, players: int, actions: int) -> dict:
    """A public view some moves into a seeded game (the first listed move each time, so no AI runs)."""
    game = get_game(game_id).new(players, seed=5)
    rng = random.Random(5)
    for _ in range(actions):
        if game.over:
            break
        seat = min(game.to_move())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.view(None)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_shipped_weights_load_and_give_each_seat_a_chance_summing_to_one(game_id: str) -> None:
    shipped = model(game_id)
    assert shipped is not None
    assert shipped.made["held_out"]["model"]["brier"] < shipped.made["held_out"]["baseline"]["brier"]
    cls = get_game(game_id)
    for players in (cls.min_players, cls.max_players):
        for actions in (0, 40):
            chances = win_chances(game_id, _midgame_view(game_id, players, actions))
            assert len(chances) == players
            assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)
