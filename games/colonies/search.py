"""The hooks a searching player needs (DESIGN §2 "For search"): a game sampled from what one seat knows,
and an evaluation for playouts cut off before the end (the copy is `StateGame`'s)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.colonies import cards as C
from games.colonies.table import TableMixin
from games.core import ended_value, reshuffle, standing, with_fresh_dice

COMMON_DECKS = ("event_deck", "pop_deck", "land_deck", "threat_deck", "shipment_deck")
POINTS_SHARPNESS = 0.25
"""How sharply a lead in points (COL-S28) turns into a share of the win: four points is a factor of e."""


class SearchMixin(TableMixin):
    def determinize(self, seat: int, rng: random.Random) -> Any:
        """Each other player's hand and deck dealt afresh from their own cards (everyone can count what a
        player owns, not where it lies), but for cards a standing offer shows in their hand and Threats,
        which stay where they are (whether a hand holds one is public: it locks the turn); every deck's
        order drawn afresh, the seat's own included; the Threats another's Explorer is looking at drawn
        afresh from the Threat deck; new dice."""
        game = self.copy()
        s = game.s
        offer = s["offer"]
        for t, p in enumerate(s["players"]):
            if t == seat:
                reshuffle(p["deck"], rng)
                continue
            shown = Counter(offer["give"] if offer and offer["from"] == t else
                            offer["counter"] if offer and offer["to"] == t and offer["counter"] else [])
            shown += Counter(c for c in p["hand"] if C.kind(c) == C.THREAT)  # a Threat in hand locks it (COL-S9)
            kept = Counter(c for c in p["deck"] if C.kind(c) == C.THREAT)
            pool = list((Counter(p["hand"] + p["deck"]) - shown - kept).elements())
            reshuffle(pool, rng)
            free = len(p["hand"]) - shown.total()
            p["hand"], p["deck"] = sorted(shown.elements()) + pool[:free], pool[free:] + sorted(kept.elements())
            rng.shuffle(p["deck"])
        for deck in COMMON_DECKS:
            reshuffle(s[deck], rng)
        pending = s["pending"]
        if pending is not None and pending["kind"] == "explorer" and pending["seat"] != seat:
            pool = pending["seen"] + s["threat_deck"]
            reshuffle(pool, rng)
            pending["seen"], s["threat_deck"] = pool[:len(pending["seen"])], pool[len(pending["seen"]):]
        return with_fresh_dice(game, rng)

    def evaluate(self, seat: int) -> float:
        """Points against the other survivors' (an eliminated player has none and no chance)."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        alive = [t for t in range(self.s["n"]) if not self.player(t)["eliminated"]]
        if seat not in alive:
            return 0.0
        return standing([self.score(t) for t in alive], alive.index(seat), POINTS_SHARPNESS)
