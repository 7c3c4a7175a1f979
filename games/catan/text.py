"""Catan in words: labels for moves and sentences for the channel log.

A sentence never names a card drawn or stolen: those go to the player's own news (see `_note`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.catan.table import DEV_NAMES
from games.core import Action, Event
from games.grammar import noun


def words(bundle: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in bundle.items() if n)


COST_WORDS = {"build_road": "costs brick, lumber", "build_settlement": "costs brick, lumber, wool, grain",
              "build_city": "costs 2 grain, 3 ore", "buy_dev": "costs wool, grain, ore"}
"""CAT-23's prices, as a label says them."""


def produces(hexes: Iterable[int], layout: dict[str, Any]) -> str:
    """"makes ore on 8, grain on 5": what the hexes around a place yield, and on which roll (the desert, nothing)."""
    made = [f"{TERRAIN_YIELD[layout['terrain'][h]]} on {layout['tokens'][h]}" for h in hexes
            if layout["terrain"][h] != "desert"]
    return "makes " + ", ".join(made) if made else "makes nothing"


def describe(action: Action, phase: str, rate: Callable[[str], int]) -> str:
    """A move's label; `rate` is what the active player pays the bank for one card of a resource."""
    kind = action.get("type")
    if kind == "build_settlement":
        return f"{'Settle' if phase == 'setup' else 'Build a settlement'} at {action['node']}"
    if kind == "build_road":
        free = " (free)" if phase in ("setup", "road_building") else ""
        return f"Road on path {action['path']} ({GEOMETRY.path_labels[action['path']]}){free}"
    if kind == "build_city":
        return f"City at {action['node']}"
    if kind == "maritime":
        n = rate(action["give"])
        return f"Trade {n} {action['give']} for 1 {action['get']}"
    if kind == "discard":
        return f"Discard {words(action['cards'])}"
    if kind == "move_robber":
        hex_label = GEOMETRY.hex_labels[action["hex"]]
        victim = action["victim"]
        return f"Robber to {hex_label}" + (f", rob Seat {victim + 1}" if victim is not None else " (no one to rob)")
    if kind == "play_year_of_plenty":
        return "Year of Plenty: " + " + ".join(action["resources"])
    if kind == "play_monopoly":
        return f"Monopoly on {action['resource']}"
    if kind in ("accept", "decline", "withdraw"):
        return f"{kind.capitalize()} offer #{action['offer']}"
    if kind == "confirm":
        return f"Trade with Seat {action['with'] + 1} (offer #{action['offer']})"
    if kind in ("offer", "counter"):
        return f"{kind.capitalize()}: give {words(action['give'])}, get {words(action['get'])}"
    return {"roll": "Roll the dice", "end_turn": "End your turn", "buy_dev": "Buy a development card",
            "play_knight": "Play a Knight", "play_road_building": "Play Road Building"}.get(kind, str(kind))

def describe_event(event: Event) -> str:
    seat = event.get("seat")
    kind, who = event["type"], f"Seat {seat + 1}" if isinstance(seat, int) else ""  # Longest Road set aside: nobody
    if kind == "settlement":
        return f"{who} built a settlement at {event['node']}."
    if kind == "road":
        return f"{who} built a road on path {event['path']} ({GEOMETRY.path_labels[event['path']]})."
    if kind == "city":
        return f"{who} built a city at {event['node']}."
    if kind == "start_cards":
        return f"{who} takes starting cards: {words(event['cards']) or 'none'}."
    if kind == "turn":
        return f"Turn {event['turn']}: {who} to roll."
    if kind == "roll":
        return f"{who} rolled {event['dice'][0]} + {event['dice'][1]} = {sum(event['dice'])}."
    if kind == "produce":
        gains = "; ".join(f"Seat {int(t) + 1} gets {words(g)}" for t, g in event["gains"].items())
        short = f" The bank is short of {', '.join(event['short'])}." if event["short"] else ""
        return (gains or "Nobody produces.") + short
    if kind == "must_discard":
        return "Discard half: " + ", ".join(f"Seat {int(t) + 1} {n}" for t, n in event["seats"].items()) + "."
    if kind == "discarded":
        return f"{who} discarded {words(event['cards'])}."
    if kind == "robber":
        return f"{who} moved the robber to {GEOMETRY.hex_labels[event['hex']]}."
    if kind == "steal":
        return f"{who} stole a card from Seat {event['victim'] + 1}."
    if kind == "bought_dev":
        return f"{who} bought a development card ({event['left']} left)."
    if kind == "played":
        extra = {"year_of_plenty": lambda: f", taking {' and '.join(event['resources'])}",
                 "monopoly": lambda: f" on {event['resource']}, taking {event['taken']}"}.get(
            event["card"], lambda: "")()
        return f"{who} played {DEV_NAMES[event['card']]}{extra}."
    if kind == "maritime":
        return f"{who} traded {event['count']} {event['give']} with the bank for 1 {event['get']}."
    if kind == "offer":
        o = event["offer"]
        to = "everyone" if o["to"] is None else f"Seat {o['to'] + 1}"
        return (f"Seat {o['from'] + 1} offers {to} (#{o['id']}): "
                f"gives {words(o['give'])}, wants {words(o['get'])}.")
    if kind == "answer":
        a = event["answer"]
        said = a if isinstance(a, str) else f"counters: gives {words(a['give'])}, wants {words(a['get'])}"
        return f"{who} {said}s offer #{event['offer']}." if isinstance(a, str) else f"{who} {said}."
    if kind == "offer_closed":
        return f"Offer #{event['offer']} is closed."
    if kind == "trade":
        return f"{who} traded {words(event['give'])} to Seat {event['with'] + 1} for {words(event['get'])}."
    if kind == "longest_road":
        if event["seat"] is None:
            return _lost_by(event, "Seat {} loses Longest Road: it is set aside.") or "Longest Road is set aside."
        return f"{who} takes Longest Road ({event['length']})" + _lost_by(event, " from Seat {}") + "."
    if kind == "largest_army":
        return f"{who} takes Largest Army ({event['knights']} knights)" + _lost_by(event, " from Seat {}") + "."
    if kind == "won":
        return f"{who} wins with {event['vp'][event['seat']]} victory points{_won_why(event)}!"
    return kind


def _lost_by(event: Event, words: str) -> str:
    """`words` naming the seat that lost the title (events stored before they named it: nothing)."""
    lost = event.get("from")
    return "" if lost is None else words.format(lost + 1)


def _won_why(event: Event) -> str:
    """": 6 from settlements and cities, 2 for Longest Road, 2 from victory point cards" (CAT-38)."""
    if "buildings" not in event:  # a game stored before the breakdown was recorded
        return ""
    seat = event["seat"]
    parts = [f"{event['buildings']} from settlements and cities"]
    parts += [f"2 for {title}" for key, title in (("longest", "Longest Road"), ("largest", "Largest Army"))
              if event[key] == seat]
    if event["vp_cards"][seat]:
        cards = event["vp_cards"][seat]
        parts.append(f"{cards} from {noun(cards, 'victory point card')}")
    return ": " + ", ".join(parts)
