"""Trade offers between the active player and one partner (COL-S17, R25–R28).

An offer names exact cards from the active hand (locked while it stands) and as many card
names wanted.  The partner accepts, declines or counters once with cards of their own; a
counter goes back to the active player.  Only one offer stands at a time.  Who was asked what over the last
round, and what they declined, is kept in `asks` (games/asks.py; public, like every offer, COL §6) so that no
AI asks a seat twice a turn, nor puts to it again what it declined.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from games import asks
from games.colonies import cards as C
from games.colonies.moves import MovesMixin
from games.colonies.table import ACTED, MAIN, RESERVED
from games.core import Action


def _names_problem(names: Any, side: str) -> str | None:
    """`side` is what the refusal calls the list: "The cards you give"."""
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        return f"{side} must be a list of one or more card names, such as food and wealth."
    unknown = sorted({n for n in names if n not in C.CARDS})
    if unknown:
        return (f"There is no card called {' or '.join(repr(n) for n in unknown)} "
                f"(in {side[:1].lower()}{side[1:]}); name cards as on the board, such as food and wealth (COL-R27).")
    if any(C.KIND[n] in (C.THREAT, C.EVENT) for n in names):
        return "Threats cannot be traded (COL-R27)."
    return None


class TradeMixin(MovesMixin):
    def offer_blocked(self) -> str | None:
        """Why the active player cannot make any offer now (None: they can)."""
        s = self.s
        if s["phase"] != MAIN or self.locked() or s["pending"] is not None:
            return "Trades are made in your main step, with no Threat or choice waiting (COL-S9, R11)."
        if s["active_event"] == "strife":
            return "Strife in the Homeland forbids trading (COL-R26)."
        if s["offer"] is not None:
            return "One offer at a time: wait for the answer or withdraw it (COL-R27)."
        return None

    def _check_offer(self, seat: int, a: Action) -> str | None:
        s = self.s
        blocked = self.offer_blocked()
        if blocked:
            return blocked
        partner = a["partner"] - 1  # players number seats from 1, as on the board
        if not 0 <= partner < s["n"] or partner == seat:
            return f"Name another seat (1–{s['n']}) as the trade partner."
        if self.player(partner)["eliminated"]:
            return "That player has been eliminated and cannot trade (COL-R27)."
        problem = _names_problem(a["give"], "The cards you give") or _names_problem(a["want"], "The cards you want")
        if problem:
            return problem
        if len(a["give"]) != len(a["want"]):
            return "An offer gives as many cards as it asks for (COL-R27)."
        if Counter(a["give"]) - self.free_hand(seat):
            return "You can only offer cards that are free in your hand."
        worker = a.get("worker")
        if worker is None:
            if s["active_event"] != "trade_winds":
                return "A trade needs a Population in play to make it, except under Trade Winds (COL-S17, R25)."
        elif self.ready_index(seat, worker) is None:
            return "The trading Population must be in play and not have acted this turn (COL-S17)."
        return None

    def _do_offer(self, seat: int, a: Action) -> None:
        worker = a.get("worker")
        if worker is not None:
            self.player(seat)["in_play"][self.ready_index(seat, worker) or 0]["state"] = RESERVED
        partner = a["partner"] - 1
        self.s["offer"] = {"from": seat, "to": partner, "give": sorted(a["give"]), "want": sorted(a["want"]),
                           "worker": worker, "counter": None, "waiting": partner}
        self.s["asks"] = asks.asked(self.s.get("asks", []), self.s["turn_no"], len(self.alive()), self.public_hands(),
                                    seat, [partner], {"give": sorted(a["give"]), "want": sorted(a["want"])})
        self.emit({"type": "offer", "seat": seat, "partner": partner, "give": sorted(a["give"]),
                   "want": sorted(a["want"])})

    def _waiting_on(self, seat: int) -> str | None:
        offer = self.s["offer"]
        if offer is None:
            return "There is no trade offer to answer."
        if offer["waiting"] != seat:
            return "The offer is not waiting for your answer."
        return None

    def _check_accept(self, seat: int, a: Action) -> str | None:
        problem = self._waiting_on(seat)
        if problem:
            return problem
        if self.locked():
            return ("No trade completes while a Threat waits in the active player's hand; it stands until "
                    "the Threat is played or fought (COL-S9, R10).")
        offer = self.s["offer"]
        if offer["counter"] is None and Counter(offer["want"]) - Counter(self.player(seat)["hand"]):
            return "You do not hold the cards the offer asks for; decline or counter it (COL-R27)."
        return None

    def _check_decline(self, seat: int, a: Action) -> str | None:
        return self._waiting_on(seat)

    def _check_counter(self, seat: int, a: Action) -> str | None:
        problem = self._waiting_on(seat)
        if problem:
            return problem
        offer = self.s["offer"]
        if offer["counter"] is not None or seat != offer["to"]:
            return "An offer can be countered only once, by its partner (COL-R27)."
        problem = _names_problem(a["give"], "The cards you give")
        if problem:
            return problem
        if len(a["give"]) != len(offer["want"]):
            return f"A counter gives the same number of cards: {len(offer['want'])} (COL-R27)."
        if Counter(a["give"]) - Counter(self.player(seat)["hand"]):
            return "You can only counter with cards in your hand."
        return None

    def _check_withdraw(self, seat: int, a: Action) -> str | None:
        offer = self.s["offer"]
        if offer is None or offer["from"] != seat:
            return "You have no trade offer to withdraw."
        return None

    def _do_accept(self, seat: int, a: Action) -> None:
        """Cards swap hand to hand (not gained, COL-R3); a Trader's trade gives both a Wealth (COL-R28)."""
        offer = self.s["offer"]
        active, partner = offer["from"], offer["to"]
        back = offer["counter"] if offer["counter"] is not None else offer["want"]
        for card in offer["give"]:
            self.player(active)["hand"].remove(card)
            self.player(partner)["hand"].append(card)
        for card in back:
            self.player(partner)["hand"].remove(card)
            self.player(active)["hand"].append(card)
        for e in self.player(active)["in_play"]:
            if e["state"] == RESERVED:
                e["state"] = ACTED
        self.s["offer"] = None
        self.emit({"type": "traded", "seat": active, "partner": partner, "give": offer["give"], "got": list(back)})
        if offer["worker"] == "trader":
            self.gain_supply(active, "wealth", 1, "trader")
            self.gain_supply(partner, "wealth", 1, "trader")

    def _do_decline(self, seat: int, a: Action) -> None:
        """Declining a counter declines the offer too: its partner would not take the terms as offered."""
        offer = self.s["offer"]
        self.s["asks"] = asks.declined(self.s.get("asks", []), self.s["turn_no"], len(self.alive()),
                                       self.public_hands(), offer["from"], offer["to"],
                                       {"give": offer["give"], "want": offer["want"]})
        self.release_offer("declined")

    def recent_asks(self) -> list[asks.Ask]:
        """The last round's offers, seat by seat, and what was declined (games/asks.py): in every view."""
        return asks.recent(self.s.get("asks", []), self.s["turn_no"], len(self.alive()), self.public_hands())

    def public_hands(self) -> list[list[int]]:
        """What anyone sees of each hand, the view's counts of hand, deck and discard (a deckbuilder's hand is
        new each turn, its discard grown): what a decline is kept with."""
        return [[len(p["hand"]), len(p["deck"]), len(p["discard"])] for p in self.s["players"]]

    def _do_withdraw(self, seat: int, a: Action) -> None:
        self.release_offer("withdrawn")

    def _do_counter(self, seat: int, a: Action) -> None:
        offer = self.s["offer"]
        offer["counter"] = sorted(a["give"])
        offer["waiting"] = offer["from"]
        self.emit({"type": "countered", "seat": seat, "partner": offer["from"], "give": sorted(a["give"])})

    def offer_answers(self, seat: int) -> list[Action]:
        """The listed answers of the seat the offer waits on: accept, decline and (once) each counter."""
        offer = self.s["offer"]
        out: list[Action] = [{"type": "accept"}, {"type": "decline"}]
        if offer["counter"] is None and seat == offer["to"]:
            tradable = sorted(c for c in self.player(seat)["hand"] if C.KIND[c] != C.THREAT)
            counters = sorted(set(combinations(tradable, len(offer["want"]))))
            out += [{"type": "counter", "give": list(c)} for c in counters if sorted(c) != offer["want"]]
        return out

    def check_offer_still_stands(self) -> None:
        """A Threat that took an offered card ends the offer: its cards are gone."""
        offer = self.s["offer"]
        if offer is not None and Counter(offer["give"]) - Counter(self.player(offer["from"])["hand"]):
            self.release_offer("cards_gone")
