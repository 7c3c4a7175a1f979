"""A heuristic Catan player: settle on rich intersections, build toward the next settlement or
city, trade with the bank only to finish a build, rob the leader, and discard from plenty.
It reads only its own view."""

from __future__ import annotations

import random
from typing import Any

from games.ai import Player, by_type, register_policy
from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, pips
from games.catan.table import COSTS
from games.core import Action

View = dict[str, Any]


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


def bank_trades(view: View) -> list[Action]:
    """The one-card bank trades the hand pays for at its rates (CAT-33). They are not listed moves (a player
    makes them in the trade builder), so the AI names them itself, in its turn's main step."""
    hand, bank = view["hand"], view["bank"]
    return [{"type": "maritime", "give": a, "get": b} for a in RESOURCES if hand[a] >= view["rates"][a]
            for i, b in enumerate(RESOURCES) if b != a and bank[i]]


@register_policy("catan")
class CatanPlayer(Player):
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        moves = by_type(legal)
        if "decline" in moves:  # an offer addressed to us
            return moves["accept"][0] if "accept" in moves and self._good_trade(view) else moves["decline"][0]
        if "withdraw" in moves:  # our own offer, answered
            return (moves.get("confirm") or moves["withdraw"])[0]
        if "discard" in moves:
            return self._discard(view, moves["discard"], rng)
        if "move_robber" in moves:
            return max(moves["move_robber"], key=lambda a: self._robber_value(view, a) + rng.random() * 0.01)
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
        return max(moves["build_road"], key=lambda a: self._road_value(view, a["path"]) + rng.random() * 0.1)

    def _build(self, view: View, moves: dict[str, list[Action]], rng: random.Random) -> Action:
        for kind in ("build_city", "build_settlement"):
            if kind in moves:
                return max(moves[kind], key=lambda a: node_value(view, a["node"]))
        for kind in ("play_road_building", "play_year_of_plenty", "play_monopoly"):
            if kind in moves:
                return self._progress(view, moves[kind])
        trade = self._bank_trade(view, bank_trades(view) if "end_turn" in moves else [])
        if trade is not None:
            return trade
        if "build_road" in moves and not self._settle_spots(view):
            return max(moves["build_road"], key=lambda a: self._road_value(view, a["path"]) + rng.random() * 0.1)
        if "buy_dev" in moves:
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
        mine = view["players"][view["seat"]]
        spots = self._settle_spots(view)
        if spots and mine["settlements"] < 5:
            return COSTS["settlement"]
        if mine["settlements"] and mine["cities"] < 4:
            return COSTS["city"]
        if not spots and mine["roads"] < 15:
            return COSTS["road"]
        return COSTS["dev"]

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

    def _road_value(self, view: View, p: int) -> float:
        buildings = view["buildings"]
        best = 0.0
        for v in GEOMETRY.paths[p]:
            for u in (v, *GEOMETRY.node_neighbours[v]):
                if buildings[u] is None and all(buildings[w] is None for w in GEOMETRY.node_neighbours[u]):
                    best = max(best, node_value(view, u) * (1.0 if u == v else 0.7))
        return best

    def _robbed(self, view: View) -> bool:
        return any(b is not None and b[0] == view["seat"] for b in
                   (view["buildings"][v] for v in GEOMETRY.hex_nodes[view["robber"]]))

    def _robber_value(self, view: View, action: Action) -> float:
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

    def _good_trade(self, view: View) -> bool:
        """Accept an offer that gives what the next build needs for cards it does not."""
        offer = view["offer"]
        target, hand = self._target(view), _hand(view)
        gets = [offer["give"].get(r, 0) for r in RESOURCES]   # what we would receive
        gives = [offer["get"].get(r, 0) for r in RESOURCES]   # what we would hand over
        helps = any(g and hand[i] < target[i] for i, g in enumerate(gets))
        spare = all(hand[i] - n >= target[i] for i, n in enumerate(gives))
        return helps and spare
