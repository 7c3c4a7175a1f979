"""Trade offers (ROA-S18, R21, R22): the active player, in MAIN, offers any resources to one
surviving seat for any resources; either side may be empty (gifts and requests).  One offer
stands at a time; the target accepts or declines, the offerer may cancel; end of turn cancels,
and an offer the offerer can no longer pay is void.  Who was asked what over the last round, and what
they declined, is kept in `asks` (games/asks.py; public, like every offer) so that no AI asks a seat twice
a turn, nor puts to it again what it declined.
"""

from __future__ import annotations

from typing import Any

from games import asks
from games.core import Action
from games.roanoke.moves import MovesMixin
from games.roanoke.table import MAIN, RES, SEATS
from games.roanoke.text import COLOURS


def _bundle_problem(bundle: Any, side: str) -> str | None:
    if not isinstance(bundle, dict) or not all(isinstance(k, str) for k in bundle):
        return f'{side} must be a map of resource to amount, e.g. {{"food": 2}}.'
    for r, n in bundle.items():
        if r not in RES:
            return f"{r!r} is not a resource; trade food, water, metal or wood only (ROA-R21)."
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            return f"The amount of {r} must be a whole number of at least 1."
    return None


class TradeMixin(MovesMixin):
    def _check_offer(self, seat: int, a: Action) -> str | None:
        s = self.s
        if s["phase"] != MAIN:
            return "Trades are made in your main step, after you collect (ROA-S18, ROA-R22)."
        if s["offer"] is not None:
            return "One offer at a time: wait for the answer or cancel it (ROA-R22)."
        to = a["to"]
        if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= SEATS or to - 1 == seat:
            return f"Name another seat, 1–{SEATS}, as the one you offer to (ROA-S18)."
        if not self.player(to - 1)["alive"]:
            return f"The {COLOURS[to - 1]} colony has been eliminated and cannot trade (ROA-S35)."
        problem = _bundle_problem(a["give"], "give") or _bundle_problem(a["get"], "get")
        if problem:
            return problem
        if not a["give"] and not a["get"]:
            return "An offer must give or ask for something (ROA-R21)."
        hand = self.player(seat)["hand"]
        short = {r: n for r, n in a["give"].items() if hand[r] < n}
        if short:
            return "You can only offer what you hold: you have " + ", ".join(
                f"{hand[r]} {r}" for r in short) + " (ROA-S18)."
        return None

    def _do_offer(self, seat: int, a: Action) -> None:
        give = {r: a["give"][r] for r in RES if r in a["give"]}
        get = {r: a["get"][r] for r in RES if r in a["get"]}
        self.s["offer"] = {"from": seat, "to": a["to"] - 1, "give": give, "get": get}
        self.s["asks"] = asks.asked(self.s.get("asks", []), self.s["turn_no"], len(self.alive()), self.public_hands(),
                                    seat, [a["to"] - 1], {"give": give, "get": get})
        self.emit({"type": "offered", "seat": seat, "to": a["to"] - 1, "give": give, "get": get})

    def _check_accept(self, seat: int, a: Action) -> str | None:
        offer = self.s["offer"]
        if offer is None or offer["to"] != seat:
            return "There is no offer to you to accept (ROA-S18)."
        mine, theirs = self.player(seat)["hand"], self.player(offer["from"])["hand"]
        if any(mine[r] < n for r, n in offer["get"].items()):
            return "You do not hold what the offer asks for; decline it (ROA-S18)."
        if any(theirs[r] < n for r, n in offer["give"].items()):
            return "The offerer no longer holds what they offered; decline it (ROA-S18)."
        return None

    def _check_decline(self, seat: int, a: Action) -> str | None:
        offer = self.s["offer"]
        if offer is None or offer["to"] != seat:
            return "There is no offer to you to decline (ROA-S18)."
        return None

    def _check_cancel(self, seat: int, a: Action) -> str | None:
        offer = self.s["offer"]
        if offer is None or offer["from"] != seat:
            return "You have no open offer to cancel (ROA-S18)."
        return None

    def _do_accept(self, seat: int, a: Action) -> None:
        offer = self.s["offer"]
        giver, taker = self.player(offer["from"])["hand"], self.player(seat)["hand"]
        for r, n in offer["give"].items():
            giver[r] -= n
            taker[r] += n
        for r, n in offer["get"].items():
            taker[r] -= n
            giver[r] += n
        self.s["offer"] = None
        self.emit({"type": "traded", "seat": offer["from"], "to": seat, "give": offer["give"], "get": offer["get"]})

    def _do_decline(self, seat: int, a: Action) -> None:
        offer = self.s["offer"]
        self.s["asks"] = asks.declined(self.s.get("asks", []), self.s["turn_no"], len(self.alive()),
                                       self.public_hands(), offer["from"], seat,
                                       {"give": offer["give"], "get": offer["get"]})
        self.close_offer("declined")

    def recent_asks(self) -> list[asks.Ask]:
        """The last round's offers, seat by seat, and what was declined (games/asks.py): in every view."""
        return asks.recent(self.s.get("asks", []), self.s["turn_no"], len(self.alive()), self.public_hands())

    def public_hands(self) -> list[dict[str, int]]:
        """What anyone sees of each hand, its chits by kind (the view's "hand"): what a decline is kept with."""
        return [dict(p["hand"]) for p in self.s["players"]]

    def _do_cancel(self, seat: int, a: Action) -> None:
        self.close_offer("cancelled")

    def offer_answers(self, seat: int) -> list[Action]:
        return [{"type": "accept"}, {"type": "decline"}]

    def check_offer_still_stands(self) -> None:
        """ROA-S18: an offer the offerer can no longer pay (they spent what it gives) is void at once,
        so the target is not kept in `to_move` answering an offer nobody can meet."""
        offer = self.s["offer"]
        if offer is not None and any(self.player(offer["from"])["hand"][r] < n for r, n in offer["give"].items()):
            self.close_offer("void")
