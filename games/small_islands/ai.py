"""A heuristic Small Islands player, from its own view only.

It values the map by what its current objective would pay: every island of 2+ tiles that
satisfies its mission, has a free house symbol and holds none of its houses is worth the
reward there (discovery counted at the expected best token), and islands that nearly
satisfy the mission are worth a little.  It places the tile (and bonus token) that raises
that value most, chooses the objective that pays most on today's map, lands as soon as it
may with its coloured ship beside the most ports, builds a house on the best island first
and keeps the best discovery token.
"""

from __future__ import annotations

import random
from typing import Any

from games.ai import Player, register_policy
from games.core import Action
from games.small_islands import rewards as R
from games.small_islands.data import FACES, OBJECTIVES, RESOURCES
from games.small_islands.tiles import AROUND, EDGE, MATCH, ORTHOGONAL, rotate

View = dict[str, Any]
Stats = dict[str, Any]
BEST_OF = {0: 0.0, 1: 5.17, 2: 6.42, 3: 7.11}
"""B3.3: the expected best discovery token of k draws."""


def expected(reward: str, st: Stats) -> float:
    if R.is_discovery(reward):
        return BEST_OF.get(st["temple"], 7.57)
    if R.is_choice(reward):
        return max(R.points(reward, st, r) for r in RESOURCES)
    return float(R.points(reward, st))


def closeness(mission: str, st: Stats) -> float:
    """How far an island is from the mission: 0 when met, more negative the further."""
    spec = R.MISSIONS[mission]["spec"]
    kind = spec["type"]
    if kind == "more":
        return min(0, st[spec["a"]] - st[spec["b"]] - 1)
    if kind == "atleast":
        return -sum(max(0, n - st[w]) for w, n in spec["need"].items())
    if kind == "size":
        return min(0, st["tiles"] - spec["min"])
    return 0.0 if R.satisfies(mission, st) else -1.0


def island_value(seat: int, mission: str, reward: str, st: Stats) -> float:
    if seat in st["houses"] or st["symbols"] <= len(st["houses"]):
        return 0.0
    if st["tiles"] >= 2 and R.satisfies(mission, st):
        return expected(reward, st)
    return max(0.0, 2.0 + closeness(mission, st)) * 0.4


def plan(view: View) -> tuple[str, str] | None:
    now = view.get("now") or {}
    if "objective" in now:
        card = now["objective"]
        return (OBJECTIVES[card]["mission"], OBJECTIVES[card]["reward"]) if card else None
    if now.get("mission") and now.get("reward"):
        return now["mission"], now["reward"]
    return None


def empty_stats() -> Stats:
    return {"flower": 0, "fruit": 0, "leaf": 0, "temple": 0, "port": 0, "tiles": 0, "symbols": 0, "houses": []}


def merged(parts: list[Stats], extra: Stats) -> Stats:
    out = empty_stats()
    for st in [*parts, extra]:
        for k in ("flower", "fruit", "leaf", "temple", "port", "tiles", "symbols"):
            out[k] += st[k]
        out["houses"] = out["houses"] + list(st["houses"])
    return out


def face_stats(tile: str) -> Stats:
    f = FACES[tile]
    st = empty_stats()
    for r in f["resources"]:
        st[r] += 1
    st.update(temple=f["temple"], port=f["port"], tiles=1, symbols=f["house"])
    return st


class Board:
    """The map as the view shows it, for quick what-if sums."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat = view["seat"]
        self.cells = {(t["x"], t["y"]): t for t in view["grid"]}
        self.islands = {i["id"]: i for i in view["islands"]}
        self.plan = plan(view)

    def value(self, st: Stats) -> float:
        if self.plan is None:
            return 0.0
        return island_value(self.seat, self.plan[0], self.plan[1], st)

    def place_gain(self, tile: str, rot: int, x: int, y: int) -> float:
        ring = rotate(FACES[tile]["ring"], rot)
        ids = []
        for d in ORTHOGONAL:
            u = self.cells.get((x + d[0], y + d[1]))
            if ring[EDGE[d]] == "L" and u is not None and u["island"] is not None and u["island"] not in ids:
                ids.append(u["island"])
        parts = [self.islands[i] for i in ids]
        after = self.value(merged(parts, face_stats(tile)))
        before = sum(self.value(p) for p in parts)
        gain = after - before
        if FACES[tile]["port"] or "S" in ring:
            gain += 0.1 * self.ship_bonus(x, y)
        open_edges = sum(1 for d in ORTHOGONAL if ring[EDGE[d]] == "L" and (x + d[0], y + d[1]) not in self.cells)
        return gain + 0.05 * open_edges

    def ship_bonus(self, x: int, y: int) -> int:
        """1 when (x, y) is next to this seat's own landed ship."""
        return int(any((t := self.cells.get((x + dx, y + dy))) is not None and t["ship"] == self.seat
                       for dx, dy in AROUND))

    def ports_around(self, x: int, y: int) -> int:
        return sum(t["ports"] + len(t["port_tokens"]) for dx, dy in AROUND
                   if (t := self.cells.get((x + dx, y + dy))) is not None)

    def bonus_gain(self, a: Action) -> float:
        t = self.cells[(a["x"], a["y"])]
        island = self.islands[t["island"]]
        st = merged([island], empty_stats())
        if a["type"] == "port":
            st["port"] += 1
            extra = 1.0 if self.ship_bonus(a["x"], a["y"]) else 0.0
        else:
            st[t["res"][a["icon"]]] -= 1
            st[a["to"]] += 1
            extra = 0.0
        return self.value(st) - self.value(island) + extra


@register_policy("small_islands")
class SmallIslandsPlayer(Player):
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        kind = legal[0]["type"]
        board = Board(view)
        if kind == "choose":
            return max(legal, key=lambda a: self._choice(view, board, a) + rng.random() * 0.01)
        return max(legal, key=lambda a: self.score(view, board, a) + rng.random() * 0.01)

    def _choice(self, view: View, board: Board, a: Action) -> float:
        if "now" in a:
            now = OBJECTIVES[a["now"]]
            nxt = OBJECTIVES[a["next"]]
            pairs = [(now["mission"], now["reward"]), (nxt["mission"], nxt["reward"])]
        else:
            pairs = [(a["mission"], a["reward"]), (a["next_mission"], a["next_reward"])]
        houses = max(1, view["players"][view["seat"]]["houses_hand"])
        total = 0.0
        for weight, (mission, reward) in zip((1.0, 0.3), pairs, strict=True):
            vals = sorted((island_value(view["seat"], mission, reward, i) for i in view["islands"]), reverse=True)
            total += weight * sum(vals[:houses])
        return total

    def score(self, view: View, board: Board, a: Action) -> float:
        kind = a["type"]
        if kind == "take":
            hand = [*view["hand"], a["tile"]]
            return self._best_place(board, hand, only=a["tile"])
        if kind == "place":
            return board.place_gain(a["tile"], a["rot"], a["x"], a["y"])
        if kind == "land":
            mine = 1.0 if a["ship"] == "own" else 0.0
            return 100 + mine * (1 + board.ports_around(a["x"], a["y"]))
        if kind in ("port", "convert"):
            return board.bonus_gain(a)
        if kind == "no_bonus":
            return 0.3
        if kind == "house":
            t = board.cells[(a["x"], a["y"])]
            st = board.islands[t["island"]]
            reward = board.plan[1] if board.plan else None
            if reward is None:
                return 1
            if R.is_choice(reward):
                return 10 + R.points(reward, st, a["resource"])
            return 10 + expected(reward, st)
        if kind == "keep":
            return next(d["pp"] for d in view.get("discovery_drawn", []) if d["id"] == a["token"])
        if kind == "discard":
            return -self._best_place(board, [a["tile"]], only=a["tile"])
        return 0.0

    def _best_place(self, board: Board, hand: list[str], only: str) -> float:
        """The best gain of placing `only` anywhere (a cheap look-ahead for taking a row tile)."""
        best = -1.0
        for (x, y) in self._frontier(board):
            for q in range(4):
                ring = rotate(FACES[only]["ring"], q)
                if self._fits(board, ring, x, y):
                    best = max(best, board.place_gain(only, q, x, y))
        return best

    def _frontier(self, board: Board) -> list[tuple[int, int]]:
        cells = board.cells
        return sorted({(x + dx, y + dy) for (x, y) in cells for dx, dy in ORTHOGONAL} - set(cells))

    def _fits(self, board: Board, ring: str, x: int, y: int) -> bool:
        for (dx, dy), pairs in MATCH.items():
            u = board.cells.get((x + dx, y + dy))
            if u is not None and any(ring[ti] != u["ring"][ui] for ti, ui in pairs):
                return False
        return True
