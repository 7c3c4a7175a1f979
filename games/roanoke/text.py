"""Roanoke in words: labels for moves and the season warning (ROA-S40, S41). The log's sentences about seats are
the presentation's (renderers.narrator.roanoke): the engine names a seat by its colour only where it must speak."""

from __future__ import annotations

from typing import Any

from games.colours import SEAT_COLOURS
from games.core import Action
from games.grammar import a, plural
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES

COLOURS = SEAT_COLOURS[:4]
"""ROA §1: seat 1 red, 2 blue, 3 yellow, 4 green, the first four of every game's palette."""


def bundle(amounts: dict[str, Any]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items() if n) or "nothing"


def tile_label(row: int, col: int, mask: int) -> str:
    """"G5 ┬ E-S-W" (ROA-S41)."""
    return f"{B.label(B.sq(row, col))} {B.GLYPH.get(mask, '?')} {B.edges_text(mask)}"


def card_line(card_id: str) -> str:
    return f"{SE.CARDS[card_id]['name']}: {SE.goal_text(card_id)}"


def season_warning(card_id: str, season: int, why: str, *, last: int, turns: int, now: bool) -> str:
    """The turn message's warning for a colony that does not meet the season card yet (ROA-S31, S35)."""
    name = SE.SEASON_NAMES[season]
    when = f"at the end of round 3 of {name}, once {COLOURS[last]} has played"
    if turns == 0:
        left = "you have no turn left before then"
    elif now:
        left = "this is your last turn before then" if turns == 1 else f"you have {turns} turns left, this one included"
    else:
        left = f"you have {plural(turns, 'turn')} left before then"
    if SE.collective(card_id):
        fate = "If it is not met then, every colony is eliminated and nobody wins."
    else:
        fate = "A colony that fails it then is eliminated, and its hand passes to the left."
    return (f"Warning: this season's card is not met yet. {card_line(card_id)}; {why}. It is checked {when}; "
            f"{left}. {fate}")


def describe(action: Action) -> str:
    kind = action.get("type")
    if kind == "market_add":
        return f"Add a worker to {TITLES.get(action['square'], action['square'])}"
    if kind == "market_move":
        return f"Move a worker {TITLES.get(action['from'], '?')} → {TITLES.get(action['to'], '?')}"
    if kind == "collect":
        return "Collect income"
    if kind == "place":
        return f"Place at {tile_label(action['row'], action['col'], action['mask'])}"
    if kind == "discard":
        return "Discard the drawn tile"
    if kind == "buy_house":
        return f"Buy a house on {action['square']} (2 of each)"
    if kind == "buy_generator":
        extra = bundle({"wood": action["wood"], "food": action["food"]})
        return f"Buy {a(action['res'] + ' generator')} on {action['square']} (4 {action['res']} + {extra})"
    if kind == "buy_road_upgrade":
        return f"Buy a road upgrade on {action['square']} (4 wood, 4 metal)"
    if kind == "offer":
        return f"Offer {COLOURS[action['to'] - 1]} {bundle(action['give'])} for {bundle(action['get'])}"
    if kind == "end_turn":
        return "End turn"
    return {"accept": "Accept the offer", "decline": "Decline the offer", "cancel": "Cancel your offer",
            "resign": "Resign (your hand passes left)"}.get(str(kind), str(kind))
