"""The hooks a searching player needs (DESIGN §2 "For search"): a game sampled from what one seat knows,
and an evaluation for playouts cut off before the end (the copy is `StateGame`'s)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.colonies import cards as C
from games.colonies.table import TableMixin
from games.core import Rng, outcome, standing

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
                p["deck"].sort()  # from the cards alone, not their hidden order: the result follows the view
                rng.shuffle(p["deck"])
                continue
            shown = Counter(offer["give"] if offer and offer["from"] == t else
                            offer["counter"] if offer and offer["to"] == t and offer["counter"] else [])
            shown += Counter(c for c in p["hand"] if C.kind(c) == C.THREAT)  # a Threat in hand locks it (COL-S9)
            kept = Counter(c for c in p["deck"] if C.kind(c) == C.THREAT)
            pool = sorted((Counter(p["hand"] + p["deck"]) - shown - kept).elements())
            rng.shuffle(pool)
            free = len(p["hand"]) - shown.total()
            p["hand"], p["deck"] = sorted(shown.elements()) + pool[:free], pool[free:] + sorted(kept.elements())
            rng.shuffle(p["deck"])
        for deck in COMMON_DECKS:
            s[deck].sort()
            rng.shuffle(s[deck])
        pending = s["pending"]
        if pending is not None and pending["kind"] == "explorer" and pending["seat"] != seat:
            pool = sorted(pending["seen"] + s["threat_deck"])
            rng.shuffle(pool)
            pending["seen"], s["threat_deck"] = pool[:len(pending["seen"])], pool[len(pending["seen"]):]
        game.rng = Rng(rng.getrandbits(62))
        return game

    def evaluate(self, seat: int) -> float:
        """Points against the other survivors' (an eliminated player has none and no chance)."""
        if self.over:
            result = self.result()
            assert result is not None
            return outcome(result, seat)
        alive = [t for t in range(self.s["n"]) if not self.player(t)["eliminated"]]
        if seat not in alive:
            return 0.0
        return standing([self.score(t) for t in alive], alive.index(seat), POINTS_SHARPNESS)
