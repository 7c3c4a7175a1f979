"""Player trades (CAT-32): the bundles of cards an offer names, what makes one legal, and the offer
protocol of the digital-play section (offer, answers, confirm or withdraw).  An offer to the bank is a
maritime trade (CAT-33) of several cards at once, taken at the offerer's rates without answers, so that the
trade builder makes bank and harbour trades as it makes offers to players."""

from __future__ import annotations

import copy
from typing import Any

from games import asks
from games.catan.board import RESOURCES
from games.catan.moves import MovesMixin
from games.catan.table import CARDS_EACH, named
from games.core import Action, Event, whole

Bundle = list[int]
"""Counts in RESOURCES order."""
BANK = "bank"
"""The partner of an offer to the bank, at the offerer's harbour rates."""


def parse_bundle(named: dict[str, int]) -> Bundle:
    return [int(named.get(r, 0)) for r in RESOURCES]


def clean(bundle: dict[str, int]) -> dict[str, int]:
    return {r: int(n) for r, n in bundle.items() if n}


def _shape_problem(named: Any, side: str) -> str | None:
    """`side` is what the refusal calls the bundle: "What you give"."""
    if not isinstance(named, dict):
        return f"{side} must be resources and counts, e.g. {{\"ore\": 1}}."
    unknown = [k for k in named if k not in RESOURCES]
    if unknown:
        return f"{side}: {', '.join(map(str, unknown))} is not a resource (resources: {', '.join(RESOURCES)})."
    if any(not whole(n) or not 0 <= n <= CARDS_EACH for n in named.values()):
        return f"{side}: counts are whole numbers of cards, 0 to {CARDS_EACH} (CAT-6)."
    return None


def bundle_problem(give: Any, get: Any, hand: list[int]) -> str | None:
    """Each side gives at least one card, never the same resource both ways, only cards held."""
    problem = _shape_problem(give, "What you give") or _shape_problem(get, "What you get")
    if problem:
        return problem
    gives, gets = parse_bundle(give), parse_bundle(get)
    if not any(gives) or not any(gets):
        return "Each side of a trade gives at least one card; no gifts."
    same = [r for r, a, b in zip(RESOURCES, gives, gets, strict=True) if a and b]
    if same:
        return f"You cannot trade {same[0]} for {same[0]}."
    short = [r for r, n, have in zip(RESOURCES, gives, hand, strict=True) if n > have]
    if short:
        return f"You do not hold the {', '.join(short)} you would give."
    return None


def offer_shape_help() -> str:
    """The typed form of an offer. Its words hold for a table of any size: the book shows them too, so they name
    no range of seats that a three-player table would set."""
    return ('{"type": "offer", "to": 2, "give": {"brick": 1}, "get": {"ore": 1}} — '
            '"to" is a player\'s place in the turn order (1 for the first player, 2 for the second, and so on), '
            '"all", or "bank" (4:1, or your harbours\' 3:1 and 2:1); you give "give" and get "get"')


class TradeMixin(MovesMixin):
    # -- who is asked -------------------------------------------------------------------------

    def _unanswered(self) -> list[int]:
        offer = self.s["offer"]
        return [t for t in self._addressees(offer) if str(t) not in offer["answers"]]

    def _addressees(self, offer: dict[str, Any]) -> list[int]:
        return [offer["to"]] if offer["to"] is not None else [t for t in range(self.num_players)
                                                               if t != offer["from"]]

    # -- checks ------------------------------------------------------------------------------

    def _check_offer(self, seat: int, action: Action) -> str | None:
        s = self.s
        if s["phase"] != "main" or seat != s["active"]:
            return "Only the player whose turn it is trades, after rolling."  # CAT-32
        if s["offer"] is not None:
            return "You already have an open offer."
        to = action["to"]
        if to == BANK:
            return self._bank_problem(seat, action["give"], action["get"])
        if to != "all" and (not isinstance(to, int) or not 1 <= to <= self.num_players or to - 1 == seat):
            return f"Offer to another seat by its number (1–{self.num_players}), to \"all\" or to the \"bank\"."
        return bundle_problem(action["give"], action["get"], self.s["hands"][seat])

    def _bank_problem(self, seat: int, give: Any, get: Any) -> str | None:
        """CAT-33 for several cards at once: each resource given in whole lots of the seat's rate for it,
        one card got per lot, and the bank holding what is asked."""
        if problem := bundle_problem(give, get, self.s["hands"][seat]):
            return problem
        gives, gets = parse_bundle(give), parse_bundle(get)
        rates = self.rates(seat)
        for r, n in zip(RESOURCES, gives, strict=True):
            if n % rates[r]:
                return f"The bank takes your {r} at {rates[r]}:1: give {r} in lots of {rates[r]}, not {n}."
        lots = sum(n // rates[r] for r, n in zip(RESOURCES, gives, strict=True))
        if lots != sum(gets):
            terms = ", ".join(f"{n} {r} at {rates[r]}:1" for r, n in zip(RESOURCES, gives, strict=True) if n)
            return f"At your rates {terms} {'buys' if lots == 1 else 'buy'} {lots} card{'' if lots == 1 else 's'}, " \
                   f"not {sum(gets)}."
        short = [r for r, n, left in zip(RESOURCES, gets, self.s["bank"], strict=True) if n > left]
        if short:
            return f"The bank has only {self.s['bank'][RESOURCES.index(short[0])]} {short[0]} left."
        return None

    def _offer_of(self, action: Action) -> dict[str, Any] | str:
        offer = self.s["offer"]
        if offer is None or action["offer"] != offer["id"]:
            return "That offer is no longer open."
        return offer

    def _answer_problem(self, seat: int, action: Action) -> str | None:
        """An answer (accept, decline, counter) goes to an open offer this seat has not answered yet."""
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        return None if seat in self._unanswered() else "You have already answered this offer."

    def _check_accept(self, seat: int, action: Action) -> str | None:
        if problem := self._answer_problem(seat, action):
            return problem
        need = parse_bundle(self.s["offer"]["get"])
        if any(self.s["hands"][seat][i] < n for i, n in enumerate(need)):
            return "You do not hold the cards this offer asks of you."
        return None

    def _check_decline(self, seat: int, action: Action) -> str | None:
        return self._answer_problem(seat, action)

    def _check_counter(self, seat: int, action: Action) -> str | None:
        return self._answer_problem(seat, action) or bundle_problem(action["give"], action["get"],
                                                                   self.s["hands"][seat])

    def _check_confirm(self, seat: int, action: Action) -> str | None:
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        if seat != offer["from"]:
            return "Only the player who made the offer confirms it."
        if self._unanswered():
            return "Wait until everyone asked has answered, or withdraw the offer."
        answer = offer["answers"].get(str(action["with"]))
        if answer is None or answer == "decline":
            return "That player has not accepted this offer."
        give, get = self._terms(offer, action["with"])
        hands = self.s["hands"]
        if any(hands[seat][i] < n for i, n in enumerate(give)):
            return "You no longer hold the cards you offered."
        if any(hands[action["with"]][i] < n for i, n in enumerate(get)):
            return "They no longer hold the cards the trade asks of them."
        return None

    def _terms(self, offer: dict[str, Any], partner: int) -> tuple[Bundle, Bundle]:
        """What the offerer gives and gets with this partner: the offer, or the partner's counter."""
        answer = offer["answers"][str(partner)]
        if isinstance(answer, dict):
            return parse_bundle(answer["get"]), parse_bundle(answer["give"])
        return parse_bundle(offer["give"]), parse_bundle(offer["get"])

    def _check_withdraw(self, seat: int, action: Action) -> str | None:
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        return None if seat == offer["from"] else "Only the player who made the offer withdraws it."

    # -- playing -----------------------------------------------------------------------------

    def _do_offer(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        if action["to"] == BANK:
            return self._do_bank(seat, action["give"], action["get"])
        to = None if action["to"] == "all" else action["to"] - 1
        offer = {"id": s["next_offer"], "from": seat, "to": to, "give": clean(action["give"]),
                 "get": clean(action["get"]), "answers": {}}
        s["offer"], s["next_offer"] = offer, s["next_offer"] + 1
        s["asks"] = asks.asked(s.get("asks", []), s["turn"], self.num_players, self.public_hands(), seat,
                               self._addressees(offer),
                               {"give": offer["give"], "get": offer["get"]})
        return [{"type": "offer", "offer": copy.deepcopy(offer)}]

    def recent_asks(self) -> list[asks.Ask]:
        """The last round's offers, seat by seat, and what was declined (games/asks.py): in every view."""
        return asks.recent(self.s.get("asks", []), self.s["turn"], self.num_players, self.public_hands())

    def public_hands(self) -> list[int]:
        """What anyone sees of each hand, its card count (the view's "cards"): what a decline is kept with."""
        return [sum(hand) for hand in self.s["hands"]]

    def _do_bank(self, seat: int, give: dict[str, int], get: dict[str, int]) -> list[Event]:
        """One maritime trade per card got, each paid with one lot of what is given (checked to match)."""
        lots = [r for r in RESOURCES for _ in range(give.get(r, 0) // self.rate(seat, r))]
        cards = [r for r in RESOURCES for _ in range(get.get(r, 0))]
        return [e for a, b in zip(lots, cards, strict=True) for e in self._do_maritime(seat, {"give": a, "get": b})]

    def _answered(self, seat: int, answer: Any) -> list[Event]:
        offer = self.s["offer"]
        offer["answers"][str(seat)] = answer
        if answer == "decline":
            self.s["asks"] = asks.declined(self.s.get("asks", []), self.s["turn"], self.num_players,
                                           self.public_hands(), offer["from"], seat,
                                           {"give": offer["give"], "get": offer["get"]})
        events: list[Event] = [{"type": "answer", "seat": seat, "offer": offer["id"], "answer": copy.deepcopy(answer)}]
        if not self._unanswered() and all(a == "decline" for a in offer["answers"].values()):
            self._closed_without_deal(offer)
            events.append({"type": "offer_closed", "offer": offer["id"]})
        return events

    def _closed_without_deal(self, offer: dict[str, Any]) -> None:
        """The offer ends unmade: it joins this turn's `declined` (public, as every offer is), so that
        nobody, AI included, need make it again this turn.  A new list each time: copies share the old."""
        s = self.s
        s["offer"] = None
        s["declined"] = [*s.get("declined", []), {"to": offer["to"], "give": offer["give"], "get": offer["get"]}]

    def _do_accept(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, "accept")

    def _do_decline(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, "decline")

    def _do_counter(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, {"give": clean(action["give"]), "get": clean(action["get"])})

    def _do_confirm(self, seat: int, action: Action) -> list[Event]:
        s, partner = self.s, action["with"]
        give, get = self._terms(s["offer"], partner)
        for i in range(5):
            s["hands"][seat][i] += get[i] - give[i]
            s["hands"][partner][i] += give[i] - get[i]
        s["offer"] = None
        return [{"type": "trade", "seat": seat, "with": partner, "give": named(list(give)), "get": named(list(get))}]

    def _do_withdraw(self, seat: int, action: Action) -> list[Event]:
        self._closed_without_deal(self.s["offer"])
        return [{"type": "offer_closed", "offer": action["offer"]}]
