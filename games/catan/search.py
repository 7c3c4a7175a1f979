"""The hooks a searching player needs (DESIGN §2 "For search"): a cheap copy, a game sampled from what
one seat knows, and an evaluation for playouts cut off before the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.ai import by_type
from games.catan.ai import CatanPlayer, node_value
from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, pips
from games.catan.table import COSTS, DEV_NAMES, INDEX, PIECES, TableMixin
from games.core import Action, ended_value, reshuffle, standing, with_fresh_dice
from games.learned import learned_value

PIPS_PER_POINT = 12
"""Production worth a victory point in the evaluation: a settlement on three good hexes (about 12 pips)
is worth about as much again as the point it scores.

The weights here are in points, set by hand. Weights fitted to who won (a softmax over the seats, 5,600
positions of 300 games of the normal level against itself) told the winner a little better (58 % against
57 %; points alone 49 %), weighing a resource kind 0.4, an open spot 0.4, a lacking card 0.15 and a
development card 0.2, but the search did no better with them: 24 wins of 96 against 30 (the same seeds,
the setup searched too)."""
KIND = 0.15
"""...and each resource a seat yields at all: one it lacks must be traded for at 4:1."""
SPOT = 0.3
"""Having an open settlement spot at the seat's roads' ends: a road that opens one pays."""
NEAR_SPOT = 0.1
"""Each further spot there or one road further (two at most count)."""
CARD = 0.08
"""A card in hand, up to seven (past seven a 7 takes half the hand: more count nothing)."""
LACKING = 0.05
"""Each card the nearest build (a settlement where one may go, a city, a development card) lacks."""
DEV = 0.3
"""An unplayed development card (a knight, or progress toward a build)."""
ROAD = 0.05
"""A segment of the seat's longest road, toward Longest Road."""
OPENING_CANDIDATES = 5
"""In the setup, the heuristic's best this many settlement spots (by `node_value`) are weighed against its pick."""


class SearchMixin(TableMixin):
    fixed = frozenset({"n", "options", "layout"})

    def copy(self) -> Any:
        other = super().copy()
        other._placed = None if self._placed is None else self._placed.copy()
        other._pinned = False
        other.__dict__.pop("_setup_done", None)
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

    def _node_yields(self) -> list[list[tuple[int, int, int]]]:
        """Each intersection's (hex, resource index, pips): fixed for the game, worked out once and shared
        by its copies."""
        found: list[list[tuple[int, int, int]]] | None = self.__dict__.get("_yields_at")
        if found is None:
            layout = self.s["layout"]
            found = [[(h, INDEX[TERRAIN_YIELD[layout["terrain"][h]]], pips(layout["tokens"][h]))
                      for h in GEOMETRY.node_hexes[v] if layout["terrain"][h] != "desert"]
                     for v in range(len(GEOMETRY.node_xy))]
            self.__dict__["_yields_at"] = found
        return found

    def production(self, seat: int) -> list[int]:
        """The seat's pips of each resource: how many of 36 rolls pay it one card of it, a city counting
        twice, the robbed hex not."""
        yields, robber = self._node_yields(), self.s["robber"]
        total = [0] * 5
        for v, b in enumerate(self.s["buildings"]):
            if b is not None and b[0] == seat:
                for h, r, n in yields[v]:
                    if h != robber:
                        total[r] += b[1] * n
        return total

    def open_spots(self, seat: int) -> tuple[int, int]:
        """Where the seat could settle: empty intersections obeying the distance rule at its roads' ends,
        and those one more road away."""
        s = self.s
        buildings, roads = s["buildings"], s["roads"]
        ends = {v for p, owner in enumerate(roads) if owner == seat for v in GEOMETRY.paths[p]}
        ends = {v for v in ends if buildings[v] is None or buildings[v][0] == seat}
        near = {sum(GEOMETRY.paths[p]) - v for v in ends for p in GEOMETRY.node_paths[v] if roads[p] is None} - ends

        def free(v: int) -> bool:
            return buildings[v] is None and all(buildings[u] is None for u in GEOMETRY.node_neighbours[v])

        return sum(map(free, ends)), sum(map(free, near))

    def strength(self, seat: int) -> float:
        """The seat's standing in victory points: its points (hidden ones included: a determinized game
        holds its own), then what makes points: production (pips, a kind more for each resource it
        yields), room to settle (an open spot at its roads' ends, a little for more and those one road
        further), the cards toward its nearest build (a card it lacks costs more than a spare card is
        worth; past seven more count nothing), unplayed development cards, and road length toward Longest
        Road."""
        s = self.s
        made = self.production(seat)
        value = self.vp(seat) + sum(made) / PIPS_PER_POINT + KIND * sum(1 for n in made if n)
        settlements = self._count(seat, 1)
        builds = [COSTS["dev"]]
        if settlements < PIECES["settlement"]:
            ends, near = self.open_spots(seat)
            value += SPOT * min(ends, 1) + NEAR_SPOT * min(max(ends - 1, 0) + near, 2)
            builds += [COSTS["settlement"]] if ends else []
        if settlements and self._count(seat, 2) < PIECES["city"]:
            builds.append(COSTS["city"])
        hand = s["hands"][seat]
        cards = sum(hand)
        lacking = min(sum(max(0, c - h) for c, h in zip(cost, hand, strict=True)) for cost in builds)
        value += CARD * min(cards, 7) - LACKING * lacking
        devs = s["devs"][seat]
        return value + DEV * (sum(devs.values()) - devs["vp"]) + ROAD * min(s["road_len"][seat], 8)

    def evaluate(self, seat: int) -> float:
        """The learned chance to win where the search uses the model (games/learned.py), else the hand-set
        value; a position of the setup valued once the heuristic has placed the rest of it (`setup_done`)."""
        if (ended := ended_value(self, seat)) is not None:
            return ended
        if self.s["phase"] == "setup":
            return self.setup_done().evaluate(seat)
        if (learned := learned_value(self, seat)) is not None:
            return learned
        return self.hand_set_value(seat)

    def hand_set_value(self, seat: int) -> float:
        """Each seat's strength against the others'."""
        return standing([self.strength(t) for t in range(self.num_players)], seat)

    def setup_done(self) -> Any:
        """This game with the rest of its setup placed by the heuristic, every seat's: what an opening spot
        is worth shows once the others have answered it and the seat has made its second settlement.
        Remembered for the pieces placed (every seat's evaluation of a cut-off position reads it)."""
        s = self.s
        placed = (s["setup_step"], s["buildings"].count(None), s["roads"].count(None))
        done = self.__dict__.get("_setup_done")
        if done is not None and done[0] == placed:
            return done[1]
        game, player, rng = self.copy(), CatanPlayer(), random.Random(s["setup_step"])
        while game.s["phase"] == "setup":
            seat = game.current_seat()
            game.apply(seat, player.choose_in(game, seat, game.legal_actions(seat), rng))
        self.__dict__["_setup_done"] = (placed, game)
        return game

    def search_candidates(self, seat: int, legal: list[Action], hint: Action) -> list[Action]:
        """The moves worth weighing against the heuristic's `hint`: the heuristic's best of each kind (the
        best few hexes for the robber), ending the turn, a development card, the bank trades toward a
        build, and the answers to an offer; never the dozens of roads and trades nobody would pick.  In
        the setup, its best few settlement spots (`OPENING_CANDIDATES`), each valued once the rest of the
        setup is placed (`evaluate`); its road there alone."""
        view, player = self.view(seat), CatanPlayer()
        if view["phase"] == "setup":
            spots = sorted(by_type(legal).get("build_settlement", []), key=lambda a: node_value(view, a["node"]),
                           reverse=True)
            return [hint, *spots[:OPENING_CANDIDATES]]
        moves = by_type(legal)
        picks = [hint]

        def best(kind: str, value: Callable[[Action], float], k: int = 1) -> None:
            picks.extend(sorted(moves.get(kind, []), key=value, reverse=True)[:k])

        best("build_settlement", lambda a: node_value(view, a["node"]))
        best("build_city", lambda a: node_value(view, a["node"]))
        best("build_road", lambda a: player.road_value(view, a["path"]), 2)
        best("move_robber", lambda a: player.robber_value(view, a), 3)
        for kind in ("end_turn", "buy_dev", "play_knight", "accept", "decline", "withdraw", "confirm"):
            picks.extend(moves.get(kind, [])[:3 if kind == "confirm" else 1])
        hand = [view["hand"][r] for r in RESOURCES]
        for build in ("settlement", "city", "dev"):
            need = [max(0, c - h) for c, h in zip(COSTS[build], hand, strict=True)]
            if sum(need) == 1:  # one trade away
                picks.extend(a for a in moves.get("maritime", []) if need[INDEX[a["get"]]]
                             and hand[INDEX[a["give"]]] - COSTS[build][INDEX[a["give"]]] >= view["rates"][a["give"]])
        return picks
