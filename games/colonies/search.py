"""The hooks a searching player needs (DESIGN §2 "For search"): a game sampled from what one seat knows,
and an evaluation for playouts cut off before the end (the copy is `StateGame`'s)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.colonies import cards as C
from games.colonies.ai import CARD_VALUE, THREAT_PAIN, ColoniesPlayer
from games.colonies.table import SHIPPED_POINTS, TableMixin
from games.core import Action, ended_value, reshuffle, standing, with_fresh_dice
from games.learned import learned_value
from games.search import best_of_kind

CANDIDATES = 4
"""How many of the heuristic's best-scored moves of the kind it chose the search weighs against its choice."""
COMMON_DECKS = ("event_deck", "pop_deck", "land_deck", "threat_deck", "shipment_deck")
POINTS_SHARPNESS = 0.25
"""How sharply a lead in strength (about points, COL-S28) turns into a share of the win: four is a factor of e."""


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
        """The learned chance to win where the search uses the model (games/learned.py), else the hand-set
        value."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        if (learned := learned_value(self, seat)) is not None:
            return learned
        return self.hand_set_value(seat)

    def hand_set_value(self, seat: int) -> float:
        """What each survivor owns, valued as the heuristic values a card to hold (points and produce),
        shipped Wealth at its 5 points, against the other survivors'; a seat with no Population left
        is as good as eliminated (COL-S25)."""
        alive = [t for t in range(self.s["n"]) if not self.player(t)["eliminated"]]
        if seat not in alive:
            return 0.0
        return standing([self.strength(t) for t in alive], alive.index(seat), POINTS_SHARPNESS)

    def strength(self, seat: int) -> float:
        """Cards owned at what they are worth to hold (a Threat at minus its harm), shipped Wealth at its
        points, granary Food as Food; none at all without Population."""
        p, owned = self.player(seat), self.owned(seat)
        if not any(C.kind(c) == C.POPULATION for c in owned):
            return 0.0
        return (sum(CARD_VALUE.get(c, 0.0) - THREAT_PAIN.get(c, 0) for c in owned) + SHIPPED_POINTS * p["shipped"]
                + CARD_VALUE["food"] * p["granary"])

    def search_candidates(self, seat: int, legal: list[Action], hint: Action) -> list[Action]:
        """The heuristic's choice (an offer, for one) and its `CANDIDATES` best-scored moves of that kind: a
        search free to weigh any move against points played worse than the heuristic (see games/search.py)."""
        view, player = self.view(seat), ColoniesPlayer()
        return best_of_kind(legal, hint, lambda a: player.score(view, a), CANDIDATES)
