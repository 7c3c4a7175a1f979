"""Fit a game's learned evaluation (games/learned.py) from self-play: `python -m bot train <game>`.

The normal level plays `games` games against itself (seeds `seed`, `seed + 1`, ...; the number of seats
cycles through those the game allows), and from each a few positions are sampled at random, each read as
its public view and labelled with who won (a shared win shares the label). The first four games in five
train a softmax over the seats of a linear score per seat (Newton's method, a little L2 on standardised
features); the fifth is held out to measure it: Brier score and log loss, against a baseline that gives
each seat its share of the points so far (plus one each, so that nobody's chance is nought), and a
calibration table. The weights, with the command, seed, data size and figures, go to the game's
`chances.json`. Needs numpy (the `[train]` extra); the bot itself does not.

`--for search` fits the search's model instead (`search_chances.json`): the same games and positions, each
read from the game itself (`search_features`: every seat's cards, as a world the search samples holds them),
and measured against the game's own hand-set evaluation too (its `evaluate`, the one the search would
otherwise use, its chances normalised over the seats).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import games
from bot.tools.selfplay import lineup_players, play_one
from games.core import Game, get_game, outcome
from games.learned import WEIGHTS_FILES, Model, feature_names, points_share, search_features, seat_features

POSITIONS_PER_GAME = 12
"""Positions sampled from each game: more from one game would mostly repeat its outcome."""
HELD_OUT_EVERY = 5
"""Every fifth game is held out to measure the model."""
L2 = 0.01
"""The ridge on the standardised weights, per training position: keeps rarely-seen features small."""
NEWTON_STEPS = 30
BINS = 10


@dataclass
class Position:
    """One sampled position: each seat's features, public points and (for the search's model) the game's own
    evaluation, and its share of the win."""

    rows: list[list[float]]
    points: list[float]
    own: list[float] | None
    won: list[float] = field(default_factory=list)


@dataclass
class Data:
    train: list[Position] = field(default_factory=list)
    test: list[Position] = field(default_factory=list)
    train_games: int = 0
    test_games: int = 0


def read(game: Game, purpose: str) -> Position:
    """A position as a model of this purpose reads it: the public view's features for the players' model,
    the game's own (hidden cards included) and its hand-set evaluation for the search's."""
    if purpose == "public":
        view = game.view(None)
        return Position(seat_features(game.id, view), [float(x) for x in game.public_scores(view)], None)
    own = [game.hand_set_value(s) for s in range(game.num_players)]
    return Position(search_features(game), [float(x) for x in game.public_scores(game.view(None))],
                    [v / sum(own) for v in own])


def sample_game(cls: type[Game], game_id: str, players: int, seed: int,
                per_game: int = POSITIONS_PER_GAME, purpose: str = "public") -> list[Position]:
    """Play one game of the normal level and keep `per_game` positions drawn evenly over its actions
    (reservoir sampling: a position is read only when kept for now)."""
    rng = random.Random(f"train {seed}")
    kept: list[tuple[int, Position]] = []

    def watch(game: Game, actions: int) -> None:
        if game.over:
            return
        if len(kept) < per_game:
            kept.append((actions, read(game, purpose)))
        elif (slot := rng.randrange(actions)) < per_game:
            kept[slot] = (actions, read(game, purpose))

    game, _, problems = play_one(cls, lineup_players("heuristic", game_id, players), seed, watch=watch)
    result = game.result()
    if problems or result is None:
        raise RuntimeError(f"{game_id} seed {seed} did not end cleanly: {problems[:1]}")
    won = [outcome(result, s) for s in range(players)]
    positions = [position for _, position in sorted(kept, key=lambda k: k[0])]
    for position in positions:
        position.won = won
    return positions


def collect(game_id: str, games_count: int, seed: int, per_game: int = POSITIONS_PER_GAME,
            purpose: str = "public") -> Data:
    cls = get_game(game_id)
    counts = list(range(cls.min_players, cls.max_players + 1))
    data = Data()
    for i in range(games_count):
        positions = sample_game(cls, game_id, counts[i % len(counts)], seed + i, per_game, purpose)
        if i % HELD_OUT_EVERY == HELD_OUT_EVERY - 1:
            data.test.extend(positions)
            data.test_games += 1
        else:
            data.train.extend(positions)
            data.train_games += 1
    return data


def _arrays(positions: list[Position]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions × seats × features), a mask of the seats present, and the labels; padded to
    the most seats."""
    seats = max(len(p.rows) for p in positions)
    width = len(positions[0].rows[0])
    x = np.zeros((len(positions), seats, width))
    mask = np.zeros((len(positions), seats), dtype=bool)
    y = np.zeros((len(positions), seats))
    for i, p in enumerate(positions):
        n = len(p.rows)
        x[i, :n], mask[i, :n], y[i, :n] = p.rows, True, p.won
    return x, mask, y


def _probabilities(x: np.ndarray, mask: np.ndarray, w: np.ndarray) -> np.ndarray:
    scores = np.where(mask, x @ w, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def fit(positions: list[Position]) -> list[float]:
    """The weights of the softmax over seats that best tell the winners, by Newton's method on the log
    likelihood with a ridge; the features standardised over the seats, the weights scaled back."""
    x, mask, y = _arrays(positions)
    seen = x[mask]
    scale = seen.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale  # a shift common to all seats changes no softmax, so only the scale matters
    m, width = len(positions), x.shape[2]
    w = np.zeros(width)
    for _ in range(NEWTON_STEPS):
        p = _probabilities(z, mask, w)
        grad = np.einsum("ms,msf->f", p - y, z) + L2 * m * w
        mean = np.einsum("ms,msf->mf", p, z)
        hess = np.einsum("ms,msf,msg->fg", p, z, z) - np.einsum("mf,mg->fg", mean, mean) + L2 * m * np.eye(width)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return [float(v) for v in w / scale]


def measure(predicted: list[list[float]], positions: list[Position]) -> dict[str, float]:
    """Brier score (per seat, the mean squared error of its chance) and log loss (per position, the
    negative log chance given to the winners)."""
    squares = [(q - y) ** 2 for ps, pos in zip(predicted, positions, strict=True)
               for q, y in zip(ps, pos.won, strict=True)]
    losses = [-sum(y * math.log(max(q, 1e-9)) for q, y in zip(ps, pos.won, strict=True))
              for ps, pos in zip(predicted, positions, strict=True)]
    return {"brier": round(sum(squares) / len(squares), 4), "log_loss": round(sum(losses) / len(losses), 4)}


def calibration(predicted: list[list[float]], positions: list[Position]) -> list[dict[str, Any]]:
    """Per tenth of predicted chance: how many seat-positions, their mean chance and how often they won."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for ps, pos in zip(predicted, positions, strict=True):
        for q, y in zip(ps, pos.won, strict=True):
            bins[min(BINS - 1, int(q * BINS))].append((q, y))
    return [{"bin": f"{10 * k}–{10 * (k + 1)} %", "count": len(b),
             "predicted": round(sum(q for q, _ in b) / len(b), 3) if b else None,
             "observed": round(sum(y for _, y in b) / len(b), 3) if b else None}
            for k, b in enumerate(bins)]


def train(game_id: str, *, games_count: int, seed: int, per_game: int = POSITIONS_PER_GAME,
          purpose: str = "public") -> Model:
    """Play, fit and measure; the model carries its record (`made`)."""
    data = collect(game_id, games_count, seed, per_game, purpose)
    if not data.train or not data.test:
        raise ValueError(f"train needs at least {HELD_OUT_EVERY} games: one in {HELD_OUT_EVERY} is held out")
    names = feature_names(game_id, purpose)
    model = Model(game_id, tuple(names), tuple(fit(data.train)), {})
    predicted = [model.chances(p.rows) for p in data.test]
    held_out = {"games": data.test_games, "positions": len(data.test), "model": measure(predicted, data.test),
                "baseline": measure([points_share(p.points) for p in data.test], data.test)}
    if purpose == "search":
        held_out["hand_set"] = measure([p.own for p in data.test if p.own is not None], data.test)
    made = {"command": f"python -m bot train {game_id} --games {games_count} --seed {seed}"
                       + (f" --positions {per_game}" if per_game != POSITIONS_PER_GAME else "")
                       + (f" --for {purpose}" if purpose != "public" else ""),
            "seed": seed, "games": games_count, "players": "normal level, all seats",
            "train": {"games": data.train_games, "positions": len(data.train)},
            "held_out": {**held_out, "calibration": calibration(predicted, data.test)}}
    return Model(game_id, model.names, model.weights, made)


def weights_path(game_id: str, purpose: str = "public") -> Path:
    """Where a game's shipped weights of a purpose live: beside its package."""
    return Path(games.__file__).parent / game_id / WEIGHTS_FILES[purpose]


def write(model: Model, path: Path) -> None:
    path.write_text(json.dumps(model.to_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def report(model: Model) -> str:
    """The figures as docs/AI.md shows them: data, scores against the baseline, calibration."""
    made = model.made
    held = made["held_out"]
    lines = [f"`{made['command']}`: {made['train']['positions']} positions of {made['train']['games']} games to fit, "
             f"{held['positions']} of {held['games']} held out.", "",
             "| held out | Brier | log loss |", "|---|---|---|",
             f"| model | {held['model']['brier']:.4f} | {held['model']['log_loss']:.4f} |",
             f"| baseline (share of points) | {held['baseline']['brier']:.4f} | {held['baseline']['log_loss']:.4f} |",
             *([f"| the game's hand-set evaluation | {held['hand_set']['brier']:.4f} | "
                f"{held['hand_set']['log_loss']:.4f} |"] if "hand_set" in held else []),
             "", "| predicted | seat-positions | mean predicted | observed |", "|---|---|---|---|"]
    for row in held["calibration"]:
        if row["count"]:
            lines.append(f"| {row['bin']} | {row['count']} | {row['predicted']:.1%} | {row['observed']:.1%} |")
    return "\n".join(lines)
