"""The hooks a searching player needs (DESIGN §2 "For search"): a game sampled from what one seat knows,
and an evaluation for playouts cut off before the end (the copy is `StateGame`'s)."""

from __future__ import annotations

import random
from typing import Any

from games.core import ended_value, reshuffle, standing, with_fresh_dice
from games.learned import learned_value
from games.roanoke import seasons as SE
from games.roanoke.table import MARKET_PHASE, TableMixin

CHITS_SHARPNESS = 0.2
"""How sharply a lead in chits (ROA-S37) turns into a share of the win: five chits is a factor of e."""


class SearchMixin(TableMixin):
    fixed = frozenset({"options"})

    def determinize(self, seat: int, rng: random.Random) -> Any:
        """Everything but the draw pile's order, the unrevealed season cards and the dice is public
        (ROA §7): those are drawn afresh (a season card from its slot's candidates, with the random deck;
        the designer decks are known)."""
        game = self.copy()
        s = game.s
        reshuffle(s["draw_pile"], rng, key=repr)
        if s["options"]["deck"] == "random":
            for k, shown in enumerate(s["revealed"]):
                if not shown:
                    s["seasons"][k] = rng.choice(list(SE.SLOTS[k]))
        return with_fresh_dice(game, rng)

    def left_to_guide(self, seat: int) -> bool:
        """The market step (ROA-S13) is the heuristic's: a worker may move any number of times, and the tree,
        weighing each move by the income it adds against noisy samples, walked the workers from square to
        square without end (at 1 s a decision, 200 moves in one turn). The heuristic moves one only for a gain."""
        return self.s["phase"] == MARKET_PHASE

    def evaluate(self, seat: int) -> float:
        """Chits in hand and a turn's income, against the other survivors' (the eliminated have no chance)."""
        if (ended := ended_value(self, seat)) is not None:
            return ended  # nobody wins when all are eliminated
        if (learned := learned_value(self, seat)) is not None:
            return learned
        alive = self.alive()
        if seat not in alive:
            return 0.0
        strengths = [self.chits(t) + sum(self.income(t).values()) + 2 * len(self.pieces(t, "house"))
                     for t in alive]
        return standing(strengths, alive.index(seat), CHITS_SHARPNESS)

