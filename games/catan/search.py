"""The hooks a searching player needs (DESIGN §2 "For search"): a cheap copy, a game sampled from what
one seat knows, and an evaluation for playouts cut off before the end."""

from __future__ import annotations

import random
from typing import Any

from games.catan.board import GEOMETRY, pips
from games.catan.table import DEV_NAMES, TableMixin
from games.core import ended_value, reshuffle, standing, with_fresh_dice

PIPS_PER_POINT = 12
"""Production worth a victory point in the evaluation: a settlement on three good hexes (about 12 pips)
is worth about as much again as the point it scores."""


class SearchMixin(TableMixin):
    fixed = frozenset({"n", "options", "layout"})

    def copy(self) -> Any:
        other = super().copy()
        other._placed = None if self._placed is None else self._placed.copy()
        other._pinned = False
        return other

    def copied_state(self) -> dict[str, Any]:
        """Field by field: the shape of each is known, so no generic walk is needed."""
        s = self.s
        t = dict(s)  # numbers, words, and the fixed layout and options, shared
        t["buildings"] = list(s["buildings"])  # each building's list is replaced, never changed
        t["roads"], t["bank"], t["deck"] = list(s["roads"]), list(s["bank"]), list(s["deck"])
        t["hands"] = [list(h) for h in s["hands"]]
        t["devs"], t["new_devs"] = [dict(d) for d in s["devs"]], [dict(d) for d in s["new_devs"]]
        t["knights"], t["road_len"], t["played"] = list(s["knights"]), list(s["road_len"]), dict(s["played"])
        t["discards"], t["news"] = dict(s["discards"]), [list(n) for n in s["news"]]
        if s["offer"] is not None:
            t["offer"] = {**s["offer"], "give": dict(s["offer"]["give"]), "get": dict(s["offer"]["get"]),
                          "answers": {k: v if isinstance(v, str) else {"give": dict(v["give"]), "get": dict(v["get"])}
                                      for k, v in s["offer"]["answers"].items()}}
        return t

    def determinize(self, seat: int, rng: random.Random) -> Any:
        """Others' resource cards dealt afresh from the cards the seat cannot place (each keeps their count),
        others' development cards and the deck's order drawn from those not seen, new dice; others' private
        notes dropped (they would tell what was stolen)."""
        game = self.copy()
        s, n = game.s, self.num_players
        others = [t for t in range(n) if t != seat]
        pool = [i for i in range(5) for t in others for _ in range(s["hands"][t][i])]
        rng.shuffle(pool)
        for t in others:
            count = sum(s["hands"][t])
            hand = [0] * 5
            for i in pool[:count]:
                hand[i] += 1
            s["hands"][t], pool = hand, pool[count:]
        unseen = [c for t in others for c, k in s["devs"][t].items() for _ in range(k)] + s["deck"]
        reshuffle(unseen, rng)
        for t in others:
            held, new = sum(s["devs"][t].values()), sum(s["new_devs"][t].values())
            devs, bought = dict.fromkeys(DEV_NAMES, 0), dict.fromkeys(DEV_NAMES, 0)
            for k, card in enumerate(unseen[:held]):
                devs[card] += 1
                bought[card] += k < new  # the cards bought this turn, as many as were
            s["devs"][t], s["new_devs"][t], unseen = devs, bought, unseen[held:]
            s["news"][t] = []
        s["deck"] = unseen
        return with_fresh_dice(game, rng)

    def production(self, seat: int) -> int:
        """The seat's pips: how many of 36 rolls pay it one card, a city counting twice, the robbed hex not."""
        s = self.s
        terrain, tokens, robber = s["layout"]["terrain"], s["layout"]["tokens"], s["robber"]
        total = 0
        for v, b in enumerate(s["buildings"]):
            if b is not None and b[0] == seat:
                total += b[1] * sum(pips(tokens[h]) for h in GEOMETRY.node_hexes[v]
                                    if h != robber and terrain[h] != "desert")
        return total

    def evaluate(self, seat: int) -> float:
        """Points (hidden ones included: a determinized game holds its own), production and cards in hand
        toward the next build, each seat against the others."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        s = self.s
        strengths = [self.vp(t) + self.production(t) / PIPS_PER_POINT + 0.1 * min(sum(s["hands"][t]), 7)
                     + 0.3 * (sum(s["devs"][t].values()) - s["devs"][t]["vp"]) for t in range(self.num_players)]
        return standing(strengths, seat)

