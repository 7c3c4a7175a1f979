"""Who an offer asked, and what they declined, over the last round (issue 36): one entry per seat asked,
`{"from", "to", "turn", "declined", **terms}`, where the terms are the offer's own words for what changes hands
(Catan's and Roanoke's give and get, Colonies' give and want).  Offers are public, so the record is too; it
lives in the game state (it survives a restart) and the AIs read it from their views, so that none asks a
seat twice in a turn, nor puts again to a seat, this round, terms that seat declined.

A round is the last `seats` turns, counted by the game's turn number; the record keeps no more."""

from __future__ import annotations

from typing import Any

Ask = dict[str, Any]


def recent(asks: list[Ask], turn: int, seats: int) -> list[Ask]:
    """The asks of the last round (the last `seats` turns, this one included)."""
    return [a for a in asks if a["turn"] > turn - seats]


def asked(asks: list[Ask], turn: int, seats: int, seat: int, to: list[int], terms: dict[str, Any]) -> list[Ask]:
    """The record once `seat` has asked each of `to` for `terms` this turn (a new list: copies share the old)."""
    return [*recent(asks, turn, seats),
            *({"from": seat, "to": t, "turn": turn, "declined": False, **terms} for t in to)]


def declined(asks: list[Ask], turn: int, seats: int, seat: int, to: int, terms: dict[str, Any]) -> list[Ask]:
    """The record once `to` has declined `seat`'s offer of `terms` made this turn (a new list)."""
    return [{**a, "declined": True} if a["turn"] == turn and a["from"] == seat and a["to"] == to
            and _same(a, terms) else a for a in recent(asks, turn, seats)]


def asked_this_turn(asks: list[Ask], turn: int, seat: int, to: int) -> bool:
    """Has `seat` asked `to` anything this turn?"""
    return any(a["turn"] == turn and a["from"] == seat and a["to"] == to for a in asks)


def refused(asks: list[Ask], to: int, terms: dict[str, Any]) -> bool:
    """Has `to` declined these terms this round, whoever offered them?"""
    return any(a["declined"] and a["to"] == to and _same(a, terms) for a in asks)


def _same(ask: Ask, terms: dict[str, Any]) -> bool:
    return all(ask.get(k) == v for k, v in terms.items())
