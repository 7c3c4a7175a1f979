"""A heuristic ROAM player: place where markers land, collect coins and lead on cards; bid for cards
worth having; buy the artifact with the best points per coin; keep coins for blanks and bids.
It reads only the public view (ROAM has no hidden hands)."""

from __future__ import annotations

import random
from typing import Any

from games.ai import Player, by_type, register_policy
from games.core import Action
from games.roam.geometry import SIZE, anchor_squares, parse_square, project, slot_of

View = dict[str, Any]


def _cells(view: View) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    placing = view.get("placing")
    if not placing:
        return None
    return [tuple(c) for c in placing["normal"]], [tuple(c) for c in placing["blank"]]  # type: ignore[misc]


def _free(view: View, sq: tuple[int, int]) -> bool:
    r, c = sq
    if not (0 <= r < SIZE and 0 <= c < SIZE) or view["coins_map"][r][c] is None:
        return False
    cap = 2 if view["options"]["stacking"] else 1
    return len(view["map"][r][c]) < cap


def _most_placed(view: View, seat: int, normal: list[tuple[int, int]]) -> int:
    """The most markers one anchor of this pattern would place now (A5.3 step 1.2: taken squares are skipped)."""
    edge = view["players"][seat]["edge"]
    filled = tuple(slot is not None for slot in view["slots"])
    return max((sum(_free(view, sq) for sq in project(edge, anchor, normal, normal))
                for anchor in anchor_squares(edge, tuple(normal), filled)), default=0)


def square_value(view: View, seat: int, sq: tuple[int, int]) -> float:
    """A marker here: coins, plus the lead it builds on its card (more when the card is nearly full)."""
    r, c = sq
    slot = slot_of(sq)
    squares = [(rr, cc) for rr in range(SIZE) for cc in range(SIZE) if slot_of((rr, cc)) == slot]
    mine = sum(view["map"][a][b].count(seat) for a, b in squares)
    best_other = max((sum(view["map"][a][b].count(o) for a, b in squares)
                      for o in range(view["num_players"]) if o != seat), default=0)
    filled = sum(1 for a, b in squares if view["map"][a][b])
    card = view["slots"][slot]
    vp = card["vp"] if card else 0
    lead = 1.5 if mine + 1 > best_other else 0.5 if mine + 1 == best_other else 0.0
    return 1.0 + (view["coins_map"][r][c] or 0) + lead * (1 + vp / 2) * (1 + filled / 6)


@register_policy("roam")
class RoamPlayer(Player):
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        moves = by_type(legal)
        seat = view["seat"]
        me = view["players"][seat]
        if "bid" in moves or "pass" in moves:
            return self._bid(view, moves)
        if "place" in moves:
            return max(moves["place"], key=lambda a: self._placement_value(view, seat, a) + rng.random() * 0.01)
        if "mark" in moves:
            return max(moves["mark"], key=lambda a: square_value(view, seat, parse_square(a["square"])))
        if "lantern" in moves:
            return moves["lantern"][0]
        if "blank" in moves and me["coins"] >= 4:
            return max(moves["blank"], key=lambda a: square_value(view, seat, parse_square(a["square"])))
        if "done" in moves:
            return moves["done"][0]
        if "backpack" in moves:
            return moves["backpack"][0]
        if "choose" in moves:
            return max(moves["choose"], key=lambda a: self._card_value(view, a["card"]) + rng.random() * 0.01)
        if "buy" in moves:
            affordable = [a for a in moves["buy"] if self._artifact(view, a["artifact"])["cost"] <= me["coins"] - 1]
            if affordable:
                return max(affordable, key=lambda a: self._artifact_value(view, a["artifact"]))
        for kind in ("end_turn", "skip_place"):
            if kind in moves:
                return moves[kind][0]
        return rng.choice(legal)

    def _placement_value(self, view: View, seat: int, action: Action) -> float:
        cells = _cells(view)
        if cells is None:
            return 0.0
        normal, _ = cells
        edge = view["players"][seat]["edge"]
        anchor = parse_square(action["square"])
        assert anchor is not None
        return sum(square_value(view, seat, sq) for sq in project(edge, anchor, normal, normal) if _free(view, sq))

    def _card_value(self, view: View, card_id: str) -> float:
        """Characters that place more markers, at no cost in points lost, are used first; one whose every
        anchor falls on taken squares only when no other can place (A5.3 step 5: a turn that places
        nothing brings the stall guard nearer, so an AI playing a timed-out turn avoids it)."""
        seat = view["seat"]
        card = next(c for c in view["players"][seat]["characters"] if c["card"] == card_id)
        places = _most_placed(view, seat, [tuple(c) for c in card["normal"]]) > 0
        return 100 * places + len(card["normal"]) + 0.3 * len(card["blank"])

    def _bid(self, view: View, moves: dict[str, list[Action]]) -> Action:
        bids = sorted(moves.get("bid", []), key=lambda a: a["amount"])
        bid = view["bid"]
        card = next((s for s in view["slots"] if s and s["card"] == bid["card"]), None) if bid else None
        worth = (card["vp"] if card else 2) // 2 + 1
        if bids and bids[0]["amount"] <= worth:
            return bids[0]
        return moves["pass"][0]

    @staticmethod
    def _artifact(view: View, artifact_id: str) -> dict[str, Any]:
        return next(a for a in view["artifact_row"] if a["id"] == artifact_id)

    def _artifact_value(self, view: View, artifact_id: str) -> float:
        a = self._artifact(view, artifact_id)
        useful = {"coin": 1.0, "blank": 1.0, "rotate": 0.6, "replace": 0.8, "slide": 0.2, "flip": 0.4}[a["kind"]]
        return (a["vp"] + useful) / a["cost"]
