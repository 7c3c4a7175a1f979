"""The hooks a searching player needs (DESIGN §2 "For search"): a game sampled from what one seat knows,
and an evaluation for playouts cut off before the end (the copy is `TableMixin.copy`, which shares the map's tiles)."""

from __future__ import annotations

import random
from typing import Any

from games.core import ended_value, reshuffle, standing, with_fresh_dice
from games.learned import learned_value
from games.small_islands.table import TableMixin, kinds

POINTS_SHARPNESS = 0.3
"""How sharply a lead in points (B5.5) turns into a share of the win: about three points is a factor of e."""


def _deal(pool: list[Any], sizes: list[int]) -> list[list[Any]]:
    """`pool` cut into consecutive parts of these sizes (the pool holds exactly their sum)."""
    out, start = [], 0
    for size in sizes:
        out.append(pool[start:start + size])
        start += size
    return out


class SearchMixin(TableMixin):
    fixed = frozenset({"options"})

    def determinize(self, seat: int, rng: random.Random) -> Any:
        """What the seat cannot see drawn afresh, each part as large as it was: the others' tiles in hand
        with the face-down Navigation stack and the reserve; per kind of card, the others' cards (their
        cards for now too, until revealed) with the deck; the others' discovery tokens, and those another
        is choosing from, with the pool; new dice."""
        game = self.copy()
        s = game.s
        others = [p for t, p in enumerate(s["players"]) if t != seat]
        parts = [p["hand"] for p in others] + [s["nav"], s["reserve"]]
        pool = [tile for part in parts for tile in part]
        reshuffle(pool, rng, key=repr)
        dealt = _deal(pool, [len(part) for part in parts])
        for p, hand in zip(others, dealt, strict=False):
            p["hand"] = hand
        s["nav"], s["reserve"] = dealt[-2], dealt[-1]
        hidden_now = [p for t, p in enumerate(s["players"]) if t != seat and str(t) not in s["revealed"]]
        for kind in kinds(s["mode"]):
            nows = [p for p in hidden_now if p["now"][kind] is not None]
            cards = [c for p in others for c in p["held"][kind]] + [p["now"][kind] for p in nows] + s["decks"][kind]
            reshuffle(cards, rng, key=repr)
            dealt = _deal(cards, [len(p["held"][kind]) for p in others] + [1] * len(nows) + [len(s["decks"][kind])])
            for p, held in zip(others, dealt, strict=False):
                p["held"][kind] = held
            for p, now in zip(nows, dealt[len(others):], strict=False):
                p["now"][kind] = now[0]
            s["decks"][kind] = dealt[-1]
        pending = s["pending"] if s["pending"] is not None and s["pending"]["seat"] != seat else None
        parts = [p["discovery"] for p in others] + ([pending["drawn"]] if pending else []) + [s["discovery_pool"]]
        tokens = [t for part in parts for t in part]
        reshuffle(tokens, rng, key=repr)
        dealt = _deal(tokens, [len(part) for part in parts])
        for p, kept in zip(others, dealt, strict=False):
            p["discovery"] = kept
        if pending:
            pending["drawn"] = dealt[-2]
        s["discovery_pool"] = dealt[-1]
        return with_fresh_dice(game, rng)

    def evaluate(self, seat: int) -> float:
        """The learned chance to win where the search uses the model (games/learned.py), else the hand-set
        value."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        if (learned := learned_value(self, seat)) is not None:
            return learned
        return self.hand_set_value(seat)

    def hand_set_value(self, seat: int) -> float:
        """Points as the end would count them (B5.5), against the others'."""
        points = [p["pp"] + self.discovery_pp(t) + self.ship_ports(t) for t, p in enumerate(self.s["players"])]
        return standing(points, seat, POINTS_SHARPNESS)
