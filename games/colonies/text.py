"""Colonies in words: labels for moves and sentences for the channel log.

A sentence never names a card drawn into a hand (COL §6): draws are counted, not shown.
"""

from __future__ import annotations

from typing import Any

from games.colonies.cards import title
from games.core import Action, Event
from games.grammar import plural

THREAT_VERB = {"peaceful_tribe": "discard"}
SOURCES = {"pop_deck": "the Population deck", "land_deck": "the Land deck", "threat_deck": "the Threat deck",
           "shipment_deck": "the Shipment deck", "lineup": "the Line-Up", "frontier": "the Frontier"}


def who(seat: int) -> str:
    return f"Seat {seat + 1}"


def cards(names: list[str]) -> str:
    """"Food ×2, Wealth" — a readable list of card names."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(title(n) + (f" ×{k}" if k > 1 else "") for n, k in counts.items()) or "nothing"


WORK_GIVES = {"farmland": "+2 Food", "livestock": "+1 Food", "mountains": "d6: 1 loses the worker, 3+ Wealth",
              "forest": "d6: 1 loses the worker, else Food or Wealth"}
"""What working each Land gives before bonuses (COL-S15), as a label says it."""
BONUS = {("farmland", "farmer"): "+3 Food", ("livestock", "farmer"): "+2 Food",
         ("mountains", "miner"): "d6+1: Wealth on 2+, never lost", ("forest", "trapper"): "d6+1: Food or Wealth"}
"""What a Population's +1 makes of a Land's yield (COL-S15, R17)."""


def _work_label(a: dict[str, Any]) -> str:
    land = title(a["land"])
    if a.get("mode") == "ship":
        where = "hand" if a["wealth"] == "hand" else "play"
        return f"ship a Wealth from {where} on {land} (+5 points, gain a Shipment)"
    if a.get("mode") == "food":
        return f"work {land} for Food (+2 Food)"
    gives = BONUS.get((a["land"], a.get("worker", "")), WORK_GIVES.get(a["land"]))
    return f"work {land}" + (f" ({gives})" if gives else "")


def last_population_warning(in_hand: int) -> str:
    """The turn message's warning for a colony whose Population all sits in its hand, or is gone (COL-S22, S25):
    the hand's Population is lost at clean-up, and a colony with none left is eliminated."""
    if in_hand:
        return (f"Warning: your colony's only Population is the {in_hand} in your hand, and a Population still in "
                "your hand when your turn ends is lost. With none left in your deck, discard pile or play, your "
                "colony is eliminated when you end this turn: put a Population into play, or gain one, first.")
    return ("Warning: your colony has no Population left in hand, deck, discard pile or play. It is eliminated "
            "when you end this turn unless you gain one first.")


def describe(action: Action) -> str:
    kind = action.get("type")
    if kind == "play":
        card = title(action["card"])
        if "food" in action:
            return f"Play {card} (−1 Food from {action['food']})"
        if action["card"] == "arms" and "target" in action:
            return f"Play Arms: trash {title(action['target'])} from your {action['zone']}"
        if action["card"] == "laborers" and "land" in action:
            return f"Play Laborers: {_work_label(action)}"
        if "target" in action:
            verb = THREAT_VERB.get(action["card"], "trash")
            return f"Play {card}: {verb} {title(action['target'])}"
        return f"Play {card}"
    if kind == "cannibalize":
        return f"Cannibalize {title(action['card'])} (+1 Food to hand, gain a Threat)"
    if kind == "work":
        return f"{title(action['worker'])}: {_work_label(action)}"
    if kind == "group":
        return f"{cards(action['workers'])}: work Farmland together (+{len(action['workers'])} Wealth)"
    if kind == "explore":
        threat = "see the top 3 Threats, gain one" if action["worker"] == "explorer" else "also gain the top Threat"
        return f"{title(action['worker'])}: explore {title(action['card'])} ({threat})"
    if kind == "reproduce":
        return f"{title(action['worker'])}: reproduce, gaining {title(action['card'])}"
    if kind == "combat":
        return f"{title(action['worker'])}: fight {title(action['card'])} in your {action['zone']}"
    if kind == "pick":
        return f"Explorer keeps {title(action['card'])}"
    if kind == "witch":
        return f"Witch Trials: trash {title(action['card'])} from your {action['zone']}"
    if kind == "end_turn":
        return f"End turn, {action['granary']} Food to the granary"
    if kind == "offer":
        return f"Offer {cards(action['give'])} to Seat {action['partner']} for {cards(action['want'])}"
    if kind == "counter":
        return f"Counter: give {cards(action['give'])} instead"
    return {"accept": "Accept the trade", "decline": "Decline the trade",
            "withdraw": "Withdraw your offer"}.get(str(kind), str(kind))


def describe_event(event: Event) -> str:
    kind = event["type"]
    p = who(event.get("seat", 0))
    if kind == "turn":
        return f"Round {event['round']}: {p}'s turn."
    if kind == "mulligan":
        return f"{p} reveals an opening hand of {cards(event['cards'])} and redraws."
    if kind == "event":
        return f"Event: {title(event['card'])} ({event['left']} left)."
    if kind == "vermin":
        return f"Vermin: {p}'s granary ({event['food']} Food) goes to the discard pile."
    if kind == "played":
        extra = f" from the {event['food']}" if "food" in event else ""
        return f"{p} plays {title(event['card'])}{extra}."
    if kind == "drew":
        return f"{p} draws {plural(event['count'], 'card')}."
    if kind == "reshuffled":
        return f"{p} shuffles the discard pile into a new deck of {plural(event['count'], 'card')}."
    if kind == "gained":
        source = SOURCES.get(event["source"], title(event["source"]) if event["source"] in _TITLED else "")
        return f"{p} gains {cards(event['cards'])}" + (f" from {source}." if source else ".")
    if kind == "winter":
        return f"Harsh Winter: {p} gains no Food."
    if kind == "trashed":
        why = {"died": " (the worker died)", "combat": " (combat)", "arms": " (Arms)", "spent": "",
               "cannibalism": " (cannibalism)", "witch_trials": " (Witch Trials)"}.get(event["why"], "")
        if event["why"] in _THREATS:
            why = f" ({title(event['why'])})"
        return f"{p} trashes {cards(event['cards'])} from {event['zone'].replace('_', ' ')}{why}."
    if kind == "discarded":
        return f"{p} discards {cards(event['cards'])} ({title(event['why'])})."
    if kind == "returned":
        return f"{p} returns {plural(event['count'], 'Threat')} to the top of the deck."
    if kind == "cannibal_food":
        return f"{p} takes 1 Food from the supply into hand."
    if kind == "work":
        return f"{p}: {title(event['worker'])} works {title(event['land'])}" + (
            " to ship." if event.get("mode") == "ship" else ".")
    if kind == "roll":
        mod = f" (+{event['mod']})" if event["mod"] else ""
        return f"🎲 {title(event['worker'])} on {title(event['land'])}: {event['die']}{mod}."
    if kind == "shipped":
        return f"{p} ships a Wealth (+5 points)."
    if kind == "group":
        return f"{p}: {cards(event['workers'])} work Farmland together."
    if kind == "offer":
        return f"{p} offers {cards(event['give'])} to {who(event['partner'])} for {cards(event['want'])}."
    if kind == "countered":
        return f"{p} counters: {cards(event['give'])} instead."
    if kind == "traded":
        return f"{p} and {who(event['partner'])} trade: {cards(event['give'])} for {cards(event['got'])}."
    if kind == "offer_closed":
        return f"{p}'s offer to {who(event['partner'])} is {event['why'].replace('_', ' ')}."
    if kind == "cleanup":
        stored = f"{event['granary']} Food to the granary; " if event["granary"] else ""
        return f"{p} ends the turn: {stored}hand shown: {cards(event['revealed'])}."
    if kind == "eliminated":
        return f"{p} has no Population left and is eliminated."
    if kind == "game_over":
        tallies = event.get("tallies") or [{}] * len(event["scores"])  # none in games stored before them
        return "Game over. Scores: " + "; ".join(f"{who(s)} {v}{_score_why(t)}" for s, (v, t) in
                                                  enumerate(zip(event["scores"], tallies, strict=True))) + "."
    return kind


def _score_why(tally: dict[str, int] | None) -> str:
    """" (5 Population, 2 Wealth, 3 Land ×2, 1 shipped ×5)", or why an eliminated colony scores nothing (COL-S28)."""
    if tally is None:
        return " (eliminated: scores nothing)"
    if not tally:
        return ""
    return (f" ({tally['population']} Population, {tally['wealth']} Wealth, {tally['land']} Land ×2, "
            f"{tally['shipped']} shipped Wealth ×5)")


_TITLED = {"farmland", "forest", "mountains", "coast", "livestock", "supplies", "trader", "gold_rush"}
_THREATS = {"crop_failure", "warlike_tribe", "disease", "pirates", "peaceful_tribe"}
