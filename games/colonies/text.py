"""Colonies in words: labels for moves, card lists and the turn's warning (the sentences about seats are the
narrator's, renderers.narrator.colonies).
"""

from __future__ import annotations

from typing import Any

from games.colonies.cards import FOOD, KIND, WEALTH, title
from games.core import Action, listed
from games.grammar import a, noun

THREAT_VERB = {"peaceful_tribe": "discard"}


def counted(names: list[str]) -> list[str]:
    """["2 Food", "2 Farmers", "a Coast", "Pirates"]: each card once, with how many there are. Goods (Food,
    Wealth) and titles already plural ("Mountains", "Pirates", "Horses") keep their name, one of them without an
    article; other cards count in the plural."""
    counts = {name: names.count(name) for name in dict.fromkeys(names)}
    return [_one(name) if n == 1 else f"{n} {many(name, n)}" for name, n in counts.items()]


def _one(name: str) -> str:
    said = title(name)
    return said if said.endswith("s") else a(said)


def many(name: str, n: int) -> str:
    """A card's name counted `n` times: "Farmers", "Food" (goods and plural titles keep their name)."""
    said = title(name)
    return said if KIND[name] in (FOOD, WEALTH) or said.endswith("s") else noun(n, said)


def cards(names: list[str]) -> str:
    """"2 Food, a Wealth and 2 Farmers" (or "nothing"): a list of cards as a sentence says it."""
    return listed(counted(names)) if names else "nothing"


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
