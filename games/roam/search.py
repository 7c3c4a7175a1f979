"""The hooks a searching player needs (DESIGN §2 "For search"): a cheap copy, a game sampled from what one
seat knows, and an evaluation for playouts cut off before the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Result, Rng, clone, ended_value, reshuffle, standing, with_fresh_dice
from games.learned import learned_value

POINTS_SHARPNESS = 0.3
"""How sharply a lead in points (A5.4) turns into a share of the win: about three points is a factor of e."""


class SearchMixin:
    """Mixed into RoamGame, whose state attributes it uses."""

    rng: Rng
    deck: list[str]
    artifact_deck: list[str]
    num_players: int
    players: list[dict[str, Any]]
    over: bool
    result: Callable[[], Result | None]
    score_parts: Callable[[int], dict[str, int]]

    def copy(self) -> Any:
        """Every attribute cloned (they are all JSON data) but the options, which never change, and the Rng."""
        other = object.__new__(type(self))
        other.__dict__.update(clone({k: v for k, v in self.__dict__.items() if k not in ("opts", "rng")}))
        other.opts, other.rng = self.opts, Rng(self.rng.seed, self.rng.counter)
        return other

    def determinize(self, seat: int, rng: random.Random) -> Any:
        """Only the orders of the two decks are hidden (A5.6): they are drawn afresh, with new dice."""
        game = self.copy()
        for deck in (game.deck, game.artifact_deck):
            reshuffle(deck, rng)
        return with_fresh_dice(game, rng)

    def evaluate(self, seat: int) -> float:
        """Points as the end would count them, against the others'."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        if (learned := learned_value(self, seat)) is not None:
            return learned
        return standing([self.score_parts(t)["total"] for t in range(self.num_players)], seat, POINTS_SHARPNESS)
