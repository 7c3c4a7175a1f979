"""Who an offer asked, and what they declined, over the last round (issue 36): one entry per seat asked,
`{"from", "to", "turn", "declined", **terms}`, where the terms are the offer's own words for what changes hands
(Catan's and Roanoke's give and get, Colonies' give and want).  Offers are public, so the record is too; it
lives in the game state (it survives a restart) and the AIs read it from their views, so that none asks a
seat twice in a turn, nor puts again to a seat terms that seat declined (issue 43).

A round is the last `seats` turns, counted by the game's turn number; the record keeps no more, but for a
decline, kept across rounds while the decliner's hand looks as it did then: each decline notes the seat's public
fingerprint (`hands[seat]`, what `view(None)` shows of its hand: Catan's card count, Colonies' counts, Roanoke's
chits), since the AIs may use only what they see, and a hand that changed may now welcome the terms.  An entry
stored before the fingerprint existed has none, and so lasts one round as before."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Ask = dict[str, Any]


def recent(asks: list[Ask], turn: int, seats: int, hands: Sequence[Any]) -> list[Ask]:
    """The asks of the last round (the last `seats` turns, this one included), and older declines whose
    decliner's public hand is still `hands[seat]`, as it was when they declined."""
    return [a for a in asks if a["turn"] > turn - seats or (a["declined"] and a.get("hand") == hands[a["to"]])]


def asked(asks: list[Ask], turn: int, seats: int, hands: Sequence[Any], seat: int, to: list[int],
          terms: dict[str, Any]) -> list[Ask]:
    """The record once `seat` has asked each of `to` for `terms` this turn (a new list: copies share the old)."""
    return [*recent(asks, turn, seats, hands),
            *({"from": seat, "to": t, "turn": turn, "declined": False, **terms} for t in to)]


def declined(asks: list[Ask], turn: int, seats: int, hands: Sequence[Any], seat: int, to: int,
             terms: dict[str, Any]) -> list[Ask]:
    """The record once `to`, whose public hand is `hands[to]`, has declined `seat`'s offer of `terms` made this
    turn (a new list)."""
    return [{**a, "declined": True, "hand": hands[to]} if a["turn"] == turn and a["from"] == seat and a["to"] == to
            and _same(a, terms) else a for a in recent(asks, turn, seats, hands)]


def asked_this_turn(asks: list[Ask], turn: int, seat: int, to: int) -> bool:
    """Has `seat` asked `to` anything this turn?"""
    return any(a["turn"] == turn and a["from"] == seat and a["to"] == to for a in asks)


def asked_this_round(asks: list[Ask], turn: int, seats: int, to: int) -> bool:
    """Has anyone asked `to` anything this round (the last `seats` turns)?"""
    return any(a["to"] == to and a["turn"] > turn - seats for a in asks)


def refused(asks: list[Ask], to: int, terms: dict[str, Any]) -> bool:
    """Has `to` declined these terms (this round, or since with the same hand), whoever offered them?"""
    return any(a["declined"] and a["to"] == to and _same(a, terms) for a in asks)


def _same(ask: Ask, terms: dict[str, Any]) -> bool:
    return all(ask.get(k) == v for k, v in terms.items())
