"""Colonies' words beside the board and the hand."""

from __future__ import annotations

from typing import Any

from games.colonies import cards as C
from games.colonies.text import cards as card_list
from games.grammar import a, plural
from renderers.cast import Cast
from renderers.text import ranking, scores

PHASE = {"soldier": "Soldier window (Threats in hand)", "threat": "Threat step", "main": "main step",
         "over": "game over"}


def offer_lines(offer: dict[str, Any], cast: Cast) -> list[str]:
    by, to = cast.full(offer["from"]), cast.full(offer["to"])
    worker = f" (by {a(C.title(offer['worker']))})" if offer.get("worker") else " (Trade Winds)"
    lines = [f"Trade offer{worker}: {by} gives {card_list(offer['give'])} to {to} for {card_list(offer['want'])}."]
    if offer.get("counter") is not None:
        lines.append(f"{to} counters with {card_list(offer['counter'])}.")
    lines.append(f"Waiting for {cast.full(offer['waiting'])} to answer.")
    return lines


def offer_terms(offer: dict[str, Any], cast: Cast) -> str:
    """A counter is answered by the offerer: what they get is the counter's cards."""
    if offer.get("counter") is not None:
        return (f"{cast.whose(offer['to'])} counter: you get {card_list(offer['counter'])} "
                f"for {card_list(offer['give'])}")
    return f"{cast.whose(offer['from'])} offer: you get {card_list(offer['give'])} for {card_list(offer['want'])}"


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The table's facts: the cards on offer (the Line-Up of Population, the Frontier of Land) and the event."""
    lines = [f"On offer: Population {card_list(view['lineup'])}; Land {card_list(view['frontier'])}."]
    if view.get("active_event"):
        lines.append(f"Event in force: {C.title(view['active_event'])}.")
    return lines


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    lines = [f"Round {view['round']}, turn {view['turn']}: "
             + (f"{cast.full(view['current'])} to play, {PHASE.get(view['phase'], view['phase'])}."
                if view["phase"] != "over" else "game over.")]
    if view["result"]:
        lines.append(ranking(view["result"], "points", cast))
    if not view["result"]:
        lines.append(scores(view, [p["score"] for p in view["players"]], "VP", cast))
    for p in view["players"]:
        state = "eliminated; " if p["eliminated"] else ""
        lines.append(f"{cast.full(p['seat'])}: {state}hand {p['hand_size']}, deck {p['deck_size']}, discard "
                     f"{len(p['discard'])}, granary {p['granary']} Food, shipped {p['shipped']} Wealth, "
                     f"livestock {p['livestock']}.")
    if view["last_roll"]:
        roll = view["last_roll"]
        lines.append(f"Last roll: {C.title(roll['worker'])} works, total {roll['total']}.")
    if view.get("offer"):
        lines += offer_lines(view["offer"], cast)
    lines.append(f"Supplies: {view['food_supply']} Food, {view['wealth_supply']} Wealth; decks: Population "
                 f"{view['pop_deck']}, Land {view['land_deck']}, Threat {view['threat_deck']}, Shipment "
                 f"{view['shipment_deck']}; {plural(view['events_left'], 'event')} left.")
    return lines


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    me = view["players"][view["seat"]]
    held = view.get("hand") or []
    names = card_list(held) if held else "no cards"
    return [f"{'eliminated' if me['eliminated'] else str(me['score']) + ' VP'}.", f"In hand: {names}.",
            f"Deck {me['deck_size']}, discard {len(me['discard'])}, granary {me['granary']} Food, "
            f"shipped {me['shipped']} Wealth."]
