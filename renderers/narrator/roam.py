"""ROAM's narrator: the engine's events as a host tells them, with the cast's names (DESIGN §5, "A good host's
voice").

A turn reads as a few sentences: whose character went where, the coins it took, the blanks bought, an artifact
used, a card claimed. The single markers of a pattern are the picture's to show (only those that took coins are
told), and the bookkeeping (a turn starting or ending, a character chosen before it is placed, an artifact drawn
into the row) stays in the log. Events a game stored before the narrators existed are sentences already, and
are said as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Event, listed
from games.grammar import plural
from games.roam.data import ARTIFACTS, CARDS, short_name
from games.roam.geometry import slot_squares, square_name
from renderers.cast import Cast

Entry = Event | str
"""A logged event, or the sentence a game stored before the narrators wrote it in its place."""

QUIET = frozenset({"setup", "turn_started", "chose", "artifact_used", "skipped_cells", "completed",
                   "artifact_revealed", "turn_ended"})
"""Bookkeeping: said in the log, left out of a board's story (what the next sentence or the picture says)."""


def character(card_id: str) -> str:
    """"the Scout" (a starting card, known by its role), "Bram the Lamplighter" (a land card's own name)."""
    return f"the {short_name(card_id)}" if CARDS[card_id].flag else CARDS[card_id].name


def land(slot: int, *, starts: bool = False) -> str:
    """"land card 6 (E4–F6)": a land card of the map by its number (1-6, as its plate shows it) and the squares
    it covers, the one name for the place a character is completed, tied for and refilled on; capitalised when
    it `starts` a sentence."""
    squares = slot_squares(slot - 1)
    return f"{'L' if starts else 'l'}and card {slot} ({square_name(min(squares))}–{square_name(max(squares))})"


def artifact(artifact_id: str) -> str:
    return f"the {ARTIFACTS[artifact_id].name}"


def _parts(parts: dict[str, int]) -> str:
    """"9 from cards, 2 from artifacts, 3 for the Outpost": a score as A5.4 adds it up."""
    said = [f"{parts['cards']} from cards"]
    if parts["artifacts"]:
        said.append(f"{parts['artifacts']} from artifacts")
    if parts["outpost"]:
        said.append(f"{parts['outpost']} for the Outpost")
    return ", ".join(said)


def _marker(e: Event, c: Cast) -> str:
    took = f" and took {plural(e['coins'], 'coin')}" if e["coins"] else ""
    if e["how"] == "blank":
        return f"{c.Name(e['seat'])} bought a blank on {e['square']} for 2 coins{took}."
    if e["how"] == "lantern":
        return f"{c.Name(e['seat'])} filled the blank on {e['square']} with the Lantern{took}."
    return f"{c.Name(e['seat'])} put a marker on {e['square']}{took}."


def _slid(e: Event, c: Cast) -> str:
    seat, owner = e["seat"], e["owner"]
    mover = c.Name(seat)
    whose = c.own(seat) + " own" if owner == seat else c.whose(owner)
    return f"{mover} moved {whose} marker from {e['from']} to {e['to']} with the Walking Stick."


def _claimed(e: Event, c: Cast) -> str:
    card = CARDS[e["card"]]
    paid = f" for {plural(e['paid'], 'coin')}" if e["paid"] else ""
    consoled = e["consoled"]
    each = " each" if len(consoled) > 1 else ""
    whose = "your" if c.reader in consoled else "their"
    also = f"; {c.names(consoled)} got 1 coin{each} for {whose} markers there" if consoled else ""
    return f"{c.Name(e['seat'])} claimed {character(card.id)} ({plural(card.vp, 'point')}){paid}{also}."


def _refilled(e: Event, c: Cast) -> str:
    where = land(e["slot"], starts=True)
    if not e["card"]:
        return f"{where} stays empty: no card is left."
    return f"{where} now offers {character(e['card'])} ({plural(CARDS[e['card']].vp, 'point')})."


def _game_over(e: Event, c: Cast) -> str:
    won = f"Game over: {c.names(e['winners'])} won."
    if "parts" not in e:  # a game stored before the parts were recorded
        return won
    points = [f"{c.full(s)} {plural(p['total'], 'point')} ({_parts(p)}), {plural(e['coins'][s], 'coin')}"
              for s, p in enumerate(e["parts"])]
    return f"{won} Scores: {'; '.join(points)}. Equal points go to the most coins."


def _end(e: Event, c: Cast) -> str:
    if e["reason"] == "cards":
        return f"{c.Name(e['seat'])} reached ten cards: this round is the last."
    return "Nobody has placed a marker for two rounds: this round is the last."


def _rested(e: Event, c: Cast) -> str:
    paid = f" for {plural(e['paid'], 'coin')}" if e["paid"] else ""
    return f"{c.Name(e['seat'])} rested{paid}: every character and artifact is face up again."


SAY: dict[str, Callable[[Event, Cast], str]] = {
    "setup": lambda e, c: f"The map is dealt; {c.name(e['first'])} goes first.",
    "turn_started": lambda e, c: f"Turn {e['turn']}: {c.whose(e['seat'])} turn.",
    "rested": _rested,
    "flipped": lambda e, c: f"{c.Name(e['seat'])} turned {character(e['card'])} face "
                            f"{'up' if e['up'] else 'down'} with the Hourglass.",
    "chose": lambda e, c: f"{c.Name(e['seat'])} chose {character(e['card'])}.",
    "rotated": lambda e, c: f"{c.Name(e['seat'])} turned the pattern with the Wizard's Hat.",
    "placed": lambda e, c: f"{c.Name(e['seat'])} placed {character(e['card'])} with its key marker on "
                           f"{e['anchor']}.",
    "marker": _marker,
    "skipped_cells": lambda e, c: f"{c.Name(e['seat'])} skipped {', '.join(e['squares'])}: already taken.",
    "short": lambda e, c: f"{c.Name(e['seat'])} had only {plural(e['supply'], 'marker')} left for "
                          f"{plural(e['cells'], 'square')}.",
    "replaced": lambda e, c: f"{c.Name(e['seat'])} sent {c.whose(e['victim'])} marker on {e['square']} home "
                             "with the Stone Hammer.",
    "artifact_used": lambda e, c: f"{c.Name(e['seat'])} used {artifact(e['artifact'])}.",
    "coins": lambda e, c: f"{c.Name(e['seat'])} took {plural(e['gained'], 'coin')} from the Backpack.",
    "slid": _slid,
    "skipped": lambda e, c: f"{c.Name(e['seat'])} had no character that fits and placed nothing.",
    "outpost": lambda e, c: f"{c.Name(e['seat'])} surrounded the marker on {e['square']} and took the Outpost "
                            "(3 points).",
    "completed": lambda e, c: f"{land(e['slot'], starts=True)}, {character(e['card'])}, is complete.",
    "bid_started": lambda e, c: f"Tie for {character(e['card'])} on {land(e['slot'])}: "
                                f"{listed([c.name(s) for s in e['order']])} bid in that order.",
    "bid": lambda e, c: f"{c.Name(e['seat'])} bid {plural(e['amount'], 'coin')}.",
    "passed": lambda e, c: f"{c.Name(e['seat'])} passed" + (" (not enough coins)." if e["forced"] else "."),
    "claimed": _claimed,
    "refilled": _refilled,
    "bought": lambda e, c: f"{c.Name(e['seat'])} bought {artifact(e['artifact'])} for "
                           f"{plural(e['cost'], 'coin')}.",
    "artifact_revealed": lambda e, c: f"The {ARTIFACTS[e['artifact']].name} came into the row.",
    "end_triggered": _end,
    "turn_ended": lambda e, c: f"{c.Name(e['seat'])} ended the turn.",
    "game_over": _game_over,
}
"""Each event type's sentence, in the past tense so that "You" and "bob" take the same verb."""


def line(event: Entry, cast: Cast, view: dict[str, Any]) -> str:
    """The event as a sentence for `cast.reader`."""
    if isinstance(event, str):
        return event
    say = SAY.get(event["type"])
    return say(event, cast) if say is not None else ""


def news(event: Entry) -> bool:
    """False for bookkeeping, and for a normal marker that took no coin (the picture shows where it went)."""
    if isinstance(event, str):
        return True
    if event["type"] == "marker":
        return event["how"] in ("blank", "lantern") or bool(event["coins"])
    return event["type"] not in QUIET


def turn_of(event: Entry) -> int | None:
    return event["seat"] if isinstance(event, dict) and event["type"] == "turn_started" else None


def hurts(event: Entry) -> frozenset[int]:
    """A marker sent home or moved by someone else, and a card claimed over the markers others had on it."""
    if isinstance(event, str):
        return frozenset()
    if event["type"] == "replaced":
        return frozenset({event["victim"]})
    if event["type"] == "slid":
        return frozenset({event["owner"]}) - {event["seat"]}
    if event["type"] == "claimed":
        return frozenset(event["consoled"])
    return frozenset()


def scores(event: Entry) -> frozenset[int]:
    """A card claimed, the Outpost taken, an artifact worth points bought."""
    if isinstance(event, str):
        return frozenset()
    kind = event["type"]
    if kind in ("claimed", "outpost") or (kind == "bought" and ARTIFACTS[event["artifact"]].vp):
        return frozenset({event["seat"]})
    return frozenset()
