"""Each seat's chance to win, learned from self-play (DESIGN §7 "Evaluations are learned").

A game's `features` module (games/<id>/features.py) reads a view and gives, per seat, a few numbers of the
game's own making (production, points, cards...) and how far the game has gone (0 at the start, 1 near the
end). The model is one linear score per seat over those numbers, each also weighted by the progress (a point
matters more near the end) and the seat's lead over the best other seat in the game's first number (its
points), and a softmax over the seats: the chances sum to 1 over the seats, whatever their number.

The weights ship beside each game's package as `chances.json`, made by `python -m bot train <game>` (which
records there the command, seed and data size that made them, and its held-out figures). This module needs
no numpy: the bot evaluates, only the training tool fits.

A second model serves the search (`search_chances.json`, `python -m bot train <game> --for search`): it reads
the game itself (`search_raw(game)` in the features module), every seat's cards included, as a sampled world
of the search holds them, and with them the worth the game's hand-set evaluation gives them (its `strength`).
The players are shown only the first, read from the public view.
"""

from __future__ import annotations

import importlib
import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any

from games.core import Game, get_game

WEIGHTS_FILES = {"public": "chances.json", "search": "search_chances.json"}
"""The weights' file name inside each game's package, per purpose: what players are shown (read from the public
view) and what the search evaluates (read from a sampled world, hidden cards included)."""
SEARCH_WITH_MODEL: set[str] = {"roam", "small_islands"}
"""The games whose search scores a playout cut off before the end by the learned chances (`learned_value`)
instead of the game's hand-set evaluation: where the hard level measured at least as strong with them (docs/AI.md,
"The learned evaluation in the hard level"). Not Catan and Colonies, where every learned variant tried lost more
games than the hand-set evaluation over the same seeds, though it forecasts the winner better; nor Roanoke, as
strong with it, but whose players' model gives a seat holding 36 chits at the first turn a 5 % chance (its lead
in chits weighs against it early on, far past the hoards it was fitted on)."""


def features_module(game_id: str) -> ModuleType:
    """The game's features module: `RAW` (the names of its numbers) and `raw(view)`, which gives the
    per-seat numbers (the first one the seat's points) and the game's progress in [0, 1]; and for the search
    `SEARCH_RAW` and `search_raw(game)`, the same read from the game itself, hidden cards included."""
    return importlib.import_module(f"games.{game_id}.features")


def feature_names(game_id: str, purpose: str = "public") -> list[str]:
    """The model's inputs: each raw number, each again times the progress, and the points lead (also times
    the progress)."""
    module = features_module(game_id)
    raw = list(module.RAW if purpose == "public" else module.SEARCH_RAW)
    return raw + [f"{name}×progress" for name in raw] + ["lead", "lead×progress"]


def _with_progress(rows: list[list[float]], progress: float) -> list[list[float]]:
    """Each seat's raw numbers, again times the progress, and its lead in the first (points) over the best
    other seat, also times the progress."""
    out = []
    for seat, row in enumerate(rows):
        others = [r[0] for t, r in enumerate(rows) if t != seat]
        lead = row[0] - max(others) if others else 0.0
        out.append([*row, *(x * progress for x in row), lead, lead * progress])
    return out


def seat_features(game_id: str, view: dict[str, Any]) -> list[list[float]]:
    """One row of `feature_names` per seat, from a view (a public view, or a seat's own)."""
    return _with_progress(*features_module(game_id).raw(view))


def search_features(game: Game) -> list[list[float]]:
    """One row of the search's `feature_names` per seat, from the game itself (a world the search sampled:
    every seat's cards are known there)."""
    return _with_progress(*features_module(game.id).search_raw(game))


def softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass(frozen=True)
class Model:
    """A game's fitted weights, one per feature, and the record of how they were made."""

    game: str
    names: tuple[str, ...]
    weights: tuple[float, ...]
    made: dict[str, Any]

    def chances(self, rows: list[list[float]]) -> list[float]:
        """Each seat's chance to win, from its feature rows."""
        return softmax([sum(w * x for w, x in zip(self.weights, row, strict=True)) for row in rows])

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Model:
        return cls(data["game"], tuple(data["features"]), tuple(float(w) for w in data["weights"]),
                   dict(data.get("made", {})))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "features": list(self.names), "weights": [round(w, 6) for w in self.weights],
                "made": self.made}


@cache
def model(game_id: str, purpose: str = "public") -> Model | None:
    """The shipped model of a game for a purpose ("public" or "search"), read once from its package; None
    for a game that ships none."""
    name = WEIGHTS_FILES[purpose]
    weights = resources.files(get_game(game_id).__module__.rpartition(".")[0]).joinpath(name)
    if not weights.is_file():
        return None
    found = Model.from_dict(json.loads(weights.read_text("utf-8")))
    if list(found.names) != feature_names(game_id, purpose):
        raise ValueError(f"{game_id}/{name} was fitted to other features: train it again")
    return found


def points_share(points: list[float]) -> list[float]:
    """Each seat's share of the points so far, one point added to each (so that nobody's chance is nought):
    the baseline the models are measured against, and the estimate of a game with no model."""
    shown = [max(0.0, float(p)) for p in points]
    total = sum(shown) + len(shown)
    return [(p + 1) / total for p in shown]


def win_chances(game_id: str, view: dict[str, Any]) -> list[float]:
    """Each seat's chance to win from a view, by the shipped model (else by its share of the public
    points); they sum to 1."""
    found = model(game_id)
    if found is None:
        return points_share(get_game(game_id).public_scores(view))
    return found.chances(seat_features(game_id, view))


def learned_value(game: Game, seat: int) -> float | None:
    """The seat's learned chance to win a position its search cut off, when the game is in
    `SEARCH_WITH_MODEL`: by the search's model (hidden cards included) where the game ships one, else from
    the public view by the players' model; None for a game not in it (its own evaluation)."""
    if game.id not in SEARCH_WITH_MODEL:
        return None
    found = model(game.id, "search")
    if found is None:
        return win_chances(game.id, game.view(None))[seat]
    return found.chances(search_features(game))[seat]
