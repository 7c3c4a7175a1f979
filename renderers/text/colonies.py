"""Colonies' words beside the board and the hand: who may do what, the scores, everyone's cards on one line, an
open offer and the bank; a few lines, as the story of the round goes above them (renderers.narrator.colonies)."""

from __future__ import annotations

from typing import Any

from games.colonies import cards as C
from games.colonies.text import cards as card_list
from games.grammar import a, plural
from renderers.cast import Cast
from renderers.text import ranking, scores

DOING = {"soldier": "play the Threats in hand (a Soldier may fight them first)",
         "threat": "play the Threats in hand", "main": "play, work and trade"}
"""What the player whose turn it is does in each step of the turn (COL-S6…S21)."""
CHOOSING = {"explorer": "choose the Threat the Explorer keeps", "witch": "choose the Population Witch Trials takes"}


def offer_lines(offer: dict[str, Any], cast: Cast) -> list[str]:
    """The open offer in one line: who gives what to whom, any counter, and whose answer it waits for."""
    by, to = offer["from"], offer["to"]
    worker = f" (by {a(C.title(offer['worker']))})" if offer.get("worker") else " (Trade Winds)"
    said = (f"Trade offer{worker}: {cast.name(by)} {cast.verb(by, 'gives')} {card_list(offer['give'])} to "
            f"{cast.name(to)} for {card_list(offer['want'])}")
    if offer.get("counter") is not None:
        said += f"; {cast.name(to)} countered with {card_list(offer['counter'])}"
    return [f"{said}; {cast.whose(offer['waiting'])} answer is awaited."]


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


def status(view: dict[str, Any], cast: Cast) -> str:
    """Who may do what now, truly: the partner an offer waits on answers it, else the player whose turn it is
    plays the turn's step (or makes the choice a card left them)."""
    when = f"Round {view['round']}, turn {view['turn']}: "
    if view["phase"] == "over":
        return when + "game over."
    current, offer, pending = view["current"], view.get("offer"), view.get("pending")
    if offer and offer["waiting"] != current:
        return (f"{when}{cast.Name(offer['waiting'])} may answer {cast.whose(offer['from'])} offer; "
                f"{cast.name(current)} may withdraw it.")
    if offer:
        return f"{when}{cast.Name(current)} may answer {cast.whose(offer['to'])} counter."
    doing = CHOOSING[pending["kind"]] if pending else DOING.get(view["phase"], view["phase"])
    return f"{when}{cast.Name(current)} {cast.verb(current, 'is')} to {doing}."


def colony(p: dict[str, Any], cast: Cast) -> str:
    """One seat's cards, short: "alice 5 in hand, 7 in deck, 3 discarded, 2 Food stored, 1 Wealth shipped"."""
    if p["eliminated"]:
        return f"{cast.short(p['seat'])} eliminated"
    said = (f"{cast.short(p['seat'])} {p['hand_size']} in hand, {p['deck_size']} in deck, {len(p['discard'])} "
            f"discarded, {p['granary']} Food stored, {p['shipped']} Wealth shipped")
    return said + (f", {p['livestock']} Livestock" if p["livestock"] else "")


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    lines = [status(view, cast)]
    if view["result"]:
        lines.append(ranking(view["result"], "point", cast))
    else:
        lines.append(scores(view, [p["score"] for p in view["players"]], "VP", cast))
    lines.append("Cards: " + "; ".join(colony(p, cast) for p in view["players"]) + ".")
    if view.get("offer"):
        lines += offer_lines(view["offer"], cast)
    lines.append(f"Bank: {view['food_supply']} Food, {view['wealth_supply']} Wealth; decks: Population "
                 f"{view['pop_deck']}, Land {view['land_deck']}, Threat {view['threat_deck']}, Shipment "
                 f"{view['shipment_deck']}; {plural(view['events_left'], 'event')} left.")
    return lines


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    """The reader's own colony: an eliminated one says so and that it scores nothing (COL-S25, S28)."""
    me = view["players"][view["seat"]]
    if me["eliminated"]:
        return ["Your colony was eliminated: it has no cards left and scores nothing."]
    held = view.get("hand") or []
    return [f"You have {me['score']} VP.", f"In hand: {card_list(held) if held else 'no cards'}.",
            f"Deck {me['deck_size']}, discard {len(me['discard'])}, granary {me['granary']} Food, "
            f"shipped {me['shipped']} Wealth."]
