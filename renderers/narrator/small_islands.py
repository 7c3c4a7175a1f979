"""Small Islands' narrator: the engine's events as sentences for one reader (renderers.narrator says the contract).

A turn reads as a short paragraph ("bob took T12 cape (leaf) from the row. bob placed T12 turned 90° at C4."), a
reward turn as what the seat revealed and built. Cells are named as the map after the events names them (the view's
`origin`: the map's A1), so a sentence matches the picture posted with it. Nothing hidden is said: not a tile drawn
into a hand, an objective before its reveal, a discovery token's value before the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Event
from games.grammar import a, plural
from games.small_islands.data import MISSIONS, OBJECTIVES, REWARDS, card_text
from games.small_islands.names import name_from
from games.small_islands.text import ENDS, TURNS, tile_name
from renderers.cast import Cast

Said = Callable[[Event, Cast, str], str]
"""How one kind of event is said: the event, the cast, and where it happened ("at C4", or "")."""
BOOKKEEPING = frozenset({"arrange", "round", "nav", "cards_drawn", "chose", "explore", "turn", "refilled",
                         "reward_done"})
"""Events the log keeps but a board does not tell: the status line and the summary say where the game stands."""


def _at(event: Event, view: dict[str, Any]) -> str:
    """"at C4" as the view's map names the cell; "" when the event has no cell or no map is given."""
    if "x" not in event or "origin" not in view:
        return ""
    return f" at {name_from(event['x'], event['y'], (view['origin'][0], view['origin'][1]))}"


def _cards(now: dict[str, Any]) -> str:
    """"O09 (At least 2 Ports)": the cards a seat plays this round, an objective by its mission (each house built
    says the reward it scores)."""
    return " and ".join(f"{c} ({MISSIONS[OBJECTIVES[c]['mission']]['text'] if c in OBJECTIVES else card_text(c)})"
                        for c in now.values() if c) or "no card"


def _landed(e: Event, cast: Cast, at: str) -> str:
    seat = e["seat"]
    own = "your" if seat == cast.reader else f"the {cast.player(seat).colour}"
    ship = f"{own} ship" if e["ship"] == "own" else "a grey ship"
    return f"{cast.Name(seat)} landed {ship}{at}, ending the round."


def _house(e: Event, cast: Cast, at: str) -> str:
    if e["reward"] == "RW07":
        return f"{cast.Name(e['seat'])} built a house{at} and searched the island for discovery tokens."
    counting = f", counting {e['resource']}" if "resource" in e else ""
    return f"{cast.Name(e['seat'])} built a house{at}{counting}: {e['pp']} PP ({REWARDS[e['reward']]['text']})."


def _no_house(e: Event, cast: Cast, at: str) -> str:
    if e["why"] == "no_houses":
        return f"{cast.Name(e['seat'])} built no house this round: none left in hand."
    seat, you = e["seat"], e["seat"] == cast.reader
    return (f"{cast.Name(seat)} built no house this round: no island of 2 tiles or more met "
            f"{'your' if you else 'their'} mission ({MISSIONS[e['mission']]['text']}) with a free house symbol and no "
            f"house of {'yours' if you else 'theirs'}.")


def _kept(e: Event, cast: Cast, at: str) -> str:
    back = f" and put {plural(e['returned'], 'token')} back" if e["returned"] else ""
    return f"{cast.Name(e['seat'])} kept a discovery token{back}."


def _game_over(e: Event, cast: Cast, at: str) -> str:
    parts = "prestige" in e  # a game stored before the parts were recorded has the totals only (B5.5)
    scores = "; ".join(f"{cast.full(i)} {v} PP" + (f" ({e['prestige'][i]} from rewards, {e['discovery'][i]} from "
                                                  f"discovery tokens, {e['ports'][i]} for ports by the ship)"
                                                  if parts else "") for i, v in enumerate(e["scores"]))
    return f"Game over: {ENDS.get(e['reason'], e['reason'])}. Scores: {scores}."


SAID: dict[str, Said] = {
    "layout": lambda e, cast, at: f"The starting tiles lie in the {e['layout']} layout.",
    "arrange": lambda e, cast, at: f"{cast.Name(e['seat'])} will arrange the four starting tiles.",
    "start_tile": lambda e, cast, at: f"{cast.Name(e['seat'])} placed starting tile {e['tile']} (side {e['side']})"
                                      f"{TURNS.get(e['rot'], '')}{at}.",
    "round": lambda e, cast, at: f"Round {e['round']} began; {cast.name(e['seat'])} played first.",
    "nav": lambda e, cast, at: f"{plural(e['count'], 'tile')} formed the Navigation stack.",
    "cards_drawn": lambda e, cast, at: f"{cast.Name(e['seat'])} drew {plural(e['count'], 'card')}.",
    "chose": lambda e, cast, at: f"{cast.Name(e['seat'])} chose objectives in secret.",
    "explore": lambda e, cast, at: f"Everyone had chosen: the exploration of round {e['round']} began.",
    "turn": lambda e, cast, at: f"{cast.Whose(e['seat'])} turn.",
    "took": lambda e, cast, at: f"{cast.Name(e['seat'])} took {tile_name(e['tile'])} from the row.",
    "stuck": lambda e, cast, at: f"{cast.Name(e['seat'])} could place no tile and showed "
                                 f"{cast.own(e['seat'])} hand: {', '.join(e['hand'])}.",
    "discarded": lambda e, cast, at: f"{cast.Name(e['seat'])} put {e['tile']} back in the box.",
    "drew": lambda e, cast, at: f"{cast.Name(e['seat'])} drew {plural(e['count'], 'tile')} from the reserve.",
    "placed": lambda e, cast, at: f"{cast.Name(e['seat'])} placed {e['tile']}{TURNS.get(e['rot'], '')}{at}.",
    "port": lambda e, cast, at: f"{cast.Name(e['seat'])} added a port token{at}.",
    "converted": lambda e, cast, at: f"{cast.Name(e['seat'])} turned {a(e['from'])} into {a(e['to'])}{at}.",
    "refilled": lambda e, cast, at: f"{tile_name(e['tile'])} joined the row from "
                                    f"{'the Navigation stack' if e['source'] == 'nav' else 'the reserve'} "
                                    f"({e['nav_left']} left in the stack).",
    "landed": _landed,
    "revealed": lambda e, cast, at: f"{cast.Name(e['seat'])} revealed {_cards(e['cards'])}.",
    "house": _house,
    "no_house": _no_house,
    "discovery": lambda e, cast, at: f"{cast.Name(e['seat'])} drew {plural(e['count'], 'discovery token')}.",
    "kept": _kept,
    "reward_done": lambda e, cast, at: f"{cast.Name(e['seat'])} refilled {cast.whose(e['seat'])} houses "
                                       f"({e['refilled']} from the reserve).",
    "aborting": lambda e, cast, at: f"The game ends early ({ENDS.get(e['reason'], e['reason'])}); this round is "
                                    "still rewarded.",
    "game_over": _game_over,
}
"""Every event the engine writes, said in the past tense ("You placed T12 at C4")."""


def line(event: Event | str, cast: Cast, view: dict[str, Any]) -> str:
    """The event as a sentence; a game stored before its log kept events holds sentences, shown as they are."""
    if isinstance(event, str):
        return event
    said = SAID.get(event["type"])
    return said(event, cast, _at(event, view)) if said is not None else ""


def news(event: Event | str) -> bool:
    """What a board tells: the moves and what they brought, not a turn starting, a card drawn, the row refilled."""
    return isinstance(event, str) or event["type"] not in BOOKKEEPING


def turn_of(event: Event | str) -> int | None:
    """An exploring turn, the tiles' arrangement and a seat's reward turn (its reveal) each open a paragraph."""
    if isinstance(event, str) or event["type"] not in ("turn", "arrange", "revealed"):
        return None
    return int(event["seat"])


def hurts(event: Event | str) -> frozenset[int]:
    """A round's reward lost: the seat whose mission no island met, or who had no house left, builds none."""
    return frozenset({event["seat"]}) if not isinstance(event, str) and event["type"] == "no_house" else frozenset()


def scores(event: Event | str) -> frozenset[int]:
    """A house built (its reward's PP, or discovery tokens to draw) and a discovery token kept."""
    if isinstance(event, str) or event["type"] not in ("house", "kept"):
        return frozenset()
    return frozenset({event["seat"]})
