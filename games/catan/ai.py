"""A heuristic Catan player (the normal level): settle on rich intersections, build toward the next
settlement or city, lay roads toward open intersections and for Longest Road, trade to finish a build
(first with the other players, then the bank), rob the leader, and discard from plenty.

It trades by what cards are worth to its next build: it offers everyone one spare card for one it lacks
(when none of them was asked this round, never on terms an unchanged hand declined), accepts an offer that
brings its build closer, counters an offer that one card changed would make good, and confirms the best
answer to its own offer.  It reads only its own view."""

from __future__ import annotations

import random
from typing import Any

from games import asks
from games.ai import Player, by_type, register_policy
from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, pips
from games.catan.roads import road_length
from games.catan.table import COSTS, PIECES
from games.core import Action

View = dict[str, Any]
SHORT = 2.0
"""What a card the next build lacks is worth, over the half point every card is worth in hand."""
LEADER_VP = 8
"""Nobody trades with a player this close to winning."""


def node_value(view: View, v: int) -> float:
    """What an intersection yields: pips of its hexes, plus a little for variety."""
    kinds = set()
    total = 0.0
    for h in GEOMETRY.node_hexes[v]:
        terrain = view["terrain"][h]
        if terrain == "desert":
            continue
        weight = pips(view["tokens"][h]) * (0.3 if h == view["robber"] else 1.0)
        total += weight * (1.2 if TERRAIN_YIELD[terrain] in ("ore", "grain") else 1.0)
        kinds.add(TERRAIN_YIELD[terrain])
    return total + 0.8 * len(kinds)


def _hand(view: View) -> list[int]:
    return [view["hand"][r] for r in RESOURCES]


def counts(bundle: dict[str, int]) -> list[int]:
    return [bundle.get(r, 0) for r in RESOURCES]


def named(cards: list[int]) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, cards, strict=True) if n}


def hand_value(hand: list[int], target: tuple[int, ...]) -> float:
    """A hand's worth toward the next build: half a point a card, less `SHORT` for each card it lacks."""
    return 0.5 * sum(hand) - SHORT * sum(max(0, t - h) for t, h in zip(target, hand, strict=True))


def worth(hand: list[int], target: tuple[int, ...], gets: list[int], gives: list[int]) -> float:
    """What a trade (cards got and given, in RESOURCES order) is worth to the hand; < 0 for a bad one."""
    after = [h + g - n for h, g, n in zip(hand, gets, gives, strict=True)]
    return hand_value(after, target) - hand_value(hand, target)


@register_policy("catan")
class CatanPlayer(Player):
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        moves = by_type(legal)
        if "decline" in moves:  # an offer addressed to us
            return self._answer(view, moves)
        if "withdraw" in moves:  # our own offer, answered
            return self._close(view, moves)
        if "discard" in moves:
            return self._discard(view, moves["discard"], rng)
        if "move_robber" in moves:
            return max(moves["move_robber"], key=lambda a: self.robber_value(view, a) + rng.random() * 0.01)
        if view["phase"] == "setup":
            return self._setup(view, moves, rng)
        if "play_knight" in moves and self._robbed(view):
            return moves["play_knight"][0]
        if "roll" in moves:
            return moves["roll"][0]
        return self._build(view, moves, rng)

    def _setup(self, view: View, moves: dict[str, list[Action]], rng: random.Random) -> Action:
        if "build_settlement" in moves:
            return max(moves["build_settlement"], key=lambda a: node_value(view, a["node"]) + rng.random() * 0.1)
        return max(moves["build_road"], key=lambda a: self.road_value(view, a["path"]) + rng.random() * 0.1)

    def _build(self, view: View, moves: dict[str, list[Action]], rng: random.Random) -> Action:
        for kind in ("build_city", "build_settlement"):
            if kind in moves:
                return max(moves[kind], key=lambda a: node_value(view, a["node"]))
        for kind in ("play_road_building", "play_year_of_plenty", "play_monopoly"):
            if kind in moves:
                return self._progress(view, moves[kind])
        if "end_turn" in moves:
            offer = self._offer(view)
            if offer is not None:
                return offer
        trade = self._bank_trade(view, moves.get("maritime", []))
        if trade is not None:
            return trade
        if "build_road" in moves and self._wants_road(view):
            return max(moves["build_road"], key=lambda a: self.road_value(view, a["path"]) + rng.random() * 0.1)
        if "buy_dev" in moves and self._spare(view, COSTS["dev"]):
            return moves["buy_dev"][0]
        return moves["end_turn"][0] if "end_turn" in moves else rng.choice(next(iter(moves.values())))

    def _discard(self, view: View, discards: list[Action], rng: random.Random) -> Action:
        """The cards owed taken one by one from the largest pile (ties at random): the listed discard of them."""
        hand, chosen = dict(view["hand"]), dict.fromkeys(RESOURCES, 0)
        for _ in range(sum(discards[0]["cards"].values())):
            pile = max(RESOURCES, key=lambda r: (hand[r], rng.random()))
            hand[pile] -= 1
            chosen[pile] += 1
        return next(a for a in discards if a["cards"] == {r: n for r, n in chosen.items() if n})

    def _target(self, view: View) -> tuple[int, ...]:
        """The next build: a settlement where one may go; else a city, unless roads would open a settlement
        sooner; a road when nothing else is left; else a development card."""
        mine = view["players"][view["seat"]]
        spots = self._settle_spots(view)
        if spots and mine["settlements"] < PIECES["settlement"]:
            return COSTS["settlement"]
        city = mine["settlements"] and mine["cities"] < PIECES["city"]
        hand = _hand(view)
        if city and sum(max(0, c - h) for c, h in zip(COSTS["city"], hand, strict=True)) <= 1:
            return COSTS["city"]
        if mine["roads"] < PIECES["road"] and mine["settlements"] < PIECES["settlement"]:
            return COSTS["road"]
        return COSTS["city"] if city else COSTS["dev"]

    def _spare(self, view: View, cost: tuple[int, ...]) -> bool:
        """Does paying `cost` leave the next build no further off (or is the hand big enough to fear a 7)?"""
        hand, target = _hand(view), self._target(view)
        if sum(hand) > 7:
            return True
        after = [h - c for h, c in zip(hand, cost, strict=True)]
        return hand_value(after, target) + 0.5 * sum(cost) >= hand_value(hand, target)

    def _wants_road(self, view: View) -> bool:
        """A road when no settlement spot is open at our roads' ends, when the road's cards are spare, or when
        Longest Road is within reach."""
        if not self._settle_spots(view) or self._spare(view, COSTS["road"]):
            return True
        mine = view["players"][view["seat"]]
        best = max(p["road_length"] for p in view["players"])
        return view["longest_road"] != view["seat"] and mine["road_length"] >= max(3, best - 1)

    # -- trading with the other players (CAT-32) -----------------------------------------------

    def _offer(self, view: View) -> Action | None:
        """One spare card for one the next build lacks, to everyone, when the build is two cards off or
        closer; two spare cards for it where one was declined. It asks everyone, so only when nobody was asked
        this round (issue 43: a person hears at most one offer a round), never on terms anyone declined with the
        hand they hold now (games/asks.py), nor an offer that closed unmade this turn."""
        hand, target = _hand(view), self._target(view)
        short = [max(0, t - h) for t, h in zip(target, hand, strict=True)]
        spare = [max(0, h - t) for t, h in zip(target, hand, strict=True)]
        record, others = view.get("asks", []), [p["seat"] for p in view["players"] if p["seat"] != view["seat"]]
        if not 0 < sum(short) <= 2 or not any(spare) \
                or any(asks.asked_this_round(record, view["turn"], len(view["players"]), t) for t in others):
            return None
        want = short.index(max(short))
        plenty = spare.index(max(spare))
        gets = [int(i == want) for i in range(5)]
        tried = [{"to": d["to"], "give": d["give"], "get": d["get"]} for d in view.get("declined", [])]
        for lot in (1, 2):
            if spare[plenty] < lot:
                break
            gives = [lot * (i == plenty) for i in range(5)]
            terms = {"to": None, "give": named(gives), "get": named(gets)}
            if terms not in tried and not any(asks.refused(record, t, {"give": terms["give"], "get": terms["get"]})
                                              for t in others):
                return {"type": "offer", "to": "all", "give": terms["give"], "get": terms["get"]}
        return None

    def _answer(self, view: View, moves: dict[str, list[Action]]) -> Action:
        """Accept what brings the next build closer; else counter if one card changed would; else decline.
        Nobody trades with a player about to win."""
        offer = view["offer"]
        if view["players"][offer["from"]]["vp"] >= LEADER_VP:
            return moves["decline"][0]
        hand, target = _hand(view), self._target(view)
        gets, gives = counts(offer["give"]), counts(offer["get"])
        if "accept" in moves and worth(hand, target, gets, gives) > 0:
            return moves["accept"][0]
        counter = self._counter(hand, target, gets, gives)
        if counter is None:
            return moves["decline"][0]
        return {"type": "counter", "offer": offer["id"], "give": named(counter[1]), "get": named(counter[0])}

    @staticmethod
    def _counter(hand: list[int], target: tuple[int, ...], gets: list[int], gives: list[int]
                 ) -> tuple[list[int], list[int]] | None:
        """The best offer one card away from this one (a card asked of us swapped for one we can spare, or
        a card offered swapped for one we lack) that is good for us; None when none is."""
        best, found = 0.0, None
        for i in range(5):
            for j in range(5):
                if i == j:
                    continue
                for side in (gets, gives):
                    if not side[i]:
                        continue
                    changed = list(side)
                    changed[i] -= 1
                    changed[j] += 1
                    get, give = (changed, gives) if side is gets else (gets, changed)
                    if any(g and n for g, n in zip(get, give, strict=True)):
                        continue  # never the same resource both ways
                    if any(n > h for n, h in zip(give, hand, strict=True)):
                        continue
                    value = worth(hand, target, get, give)
                    if value > best:
                        best, found = value, (get, give)
        return found

    def _close(self, view: View, moves: dict[str, list[Action]]) -> Action:
        """Our offer's answers are in: confirm the partner whose terms (the offer, or their counter) are best
        for us, if good at all; else withdraw."""
        offer, hand, target = view["offer"], _hand(view), self._target(view)

        def value(action: Action) -> float:
            answer = offer["answers"][str(action["with"])]
            got, given = (answer["give"], answer["get"]) if isinstance(answer, dict) else (offer["get"], offer["give"])
            return worth(hand, target, counts(got), counts(given))

        best = max(moves.get("confirm", []), key=value, default=None)
        return best if best is not None and value(best) > 0 else moves["withdraw"][0]

    def _bank_trade(self, view: View, trades: list[Action]) -> Action | None:
        """A bank trade that brings the next build closer without giving up what it needs."""
        target, hand = self._target(view), _hand(view)
        need = [max(0, c - h) for c, h in zip(target, hand, strict=True)]
        for action in trades:
            i, j = RESOURCES.index(action["give"]), RESOURCES.index(action["get"])
            if need[j] and hand[i] - target[i] >= view["rates"][action["give"]]:
                return action
        return None

    def _progress(self, view: View, plays: list[Action]) -> Action:
        target, hand = self._target(view), _hand(view)
        need = [max(0, c - h) for c, h in zip(target, hand, strict=True)]
        return max(plays, key=lambda a: sum(need[RESOURCES.index(r)] for r in a.get("resources", [a.get("resource")])
                                            if r in RESOURCES))

    def _settle_spots(self, view: View) -> list[int]:
        """Empty intersections at the end of our roads that obey the distance rule."""
        seat, buildings, roads = view["seat"], view["buildings"], view["roads"]
        ends = {v for p, owner in enumerate(roads) if owner == seat for v in GEOMETRY.paths[p]}
        return [v for v in sorted(ends) if buildings[v] is None
                and all(buildings[u] is None for u in GEOMETRY.node_neighbours[v])]

    def road_value(self, view: View, p: int) -> float:
        """The best open intersection the road reaches (or comes next to), plus what it adds to our
        longest road."""
        buildings, seat = view["buildings"], view["seat"]
        roads = list(view["roads"])
        roads[p] = seat
        longer = road_length(seat, roads, buildings) - view["players"][seat]["road_length"]
        best = 0.0
        for v in GEOMETRY.paths[p]:
            for u in (v, *GEOMETRY.node_neighbours[v]):
                if buildings[u] is None and all(buildings[w] is None for w in GEOMETRY.node_neighbours[u]):
                    best = max(best, node_value(view, u) * (1.0 if u == v else 0.7))
        return best + 3.0 * longer

    def _robbed(self, view: View) -> bool:
        return any(b is not None and b[0] == view["seat"] for b in
                   (view["buildings"][v] for v in GEOMETRY.hex_nodes[view["robber"]]))

    def robber_value(self, view: View, action: Action) -> float:
        h, seat = action["hex"], view["seat"]
        value = 0.0
        for v in GEOMETRY.hex_nodes[h]:
            b = view["buildings"][v]
            if b is not None:
                leader = view["players"][b[0]]["vp"]
                value += (-3.0 if b[0] == seat else 1.0 + 0.3 * leader) * b[1]
        value *= pips(view["tokens"][h]) or 0.5
        if action["victim"] is not None:
            value += 0.5 * view["players"][action["victim"]]["cards"]
        return value

