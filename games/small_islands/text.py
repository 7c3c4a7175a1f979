"""Small Islands in words: labels for actions and sentences for the channel log.

Seats are shown counting from 1.  A sentence never names a hidden thing: a tile drawn into
a hand, an objective card before its reveal, a discovery token's value before the end.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.grammar import a, plural
from games.small_islands.data import FACES, MISSIONS, REWARDS, card_text
from games.small_islands.names import cell_name

VERBS = {"start_tile": "place a starting tile", "choose": "choose objectives", "take": "take a tile from the row",
         "land": "land a ship", "discard": "discard a stuck tile", "place": "place a tile",
         "port": "place a port token", "convert": "place a resource token", "no_bonus": "skip the bonus token",
         "house": "place a house", "done": "finish placing houses", "keep": "keep a discovery token"}
QUIET = frozenset({"cards_drawn", "nav"})
"""Events left out of the picture's short log."""
TURNS = {0: "", 1: " turned 90°", 2: " turned 180°", 3: " turned 270°"}
ENDS = {"ships": "all four ships have landed", "reserve": "the tile reserve ran out",
        "row_empty": "the row is empty and no ship can land"}


def who(seat: Any) -> str:
    return f"Seat {seat + 1}" if isinstance(seat, int) else str(seat)


def features(tile: str) -> list[str]:
    """What a tile face carries: its resources, then temple, port and house symbol where it has them."""
    f = FACES[tile]
    return [*f["resources"], *(name for key, name in (("temple", "temple"), ("port", "port"),
                                                     ("house", "house symbol")) if f[key])]


def tile_name(tile: str) -> str:
    """"T12 cape (leaf, port)": id, shape and features of a tile face."""
    f = FACES.get(tile)
    if f is None:
        return tile
    bits = features(tile)
    return f"{tile} {f['shape']}" + (f" ({', '.join(bits)})" if bits else "")


def cards(now: dict[str, Any]) -> str:
    return " + ".join(f"{c}: {card_text(c)}" for c in now.values() if c) or "no card"


def at(where: Action | Event, grid: dict[str, Any]) -> str:
    """ "at C4": where an action or event happens, named as the picture's rulers name it."""
    return f"at {cell_name(where['x'], where['y'], grid)}" if "x" in where else ""


def mission_warning(mission: str, nav_left: int) -> str:
    """The turn message's warning to a player whose mission no island meets while the round may soon end."""
    if nav_left == 0:
        soon = "The Navigation stack is empty: any player may land a ship on their turn, which ends the round at once."
    else:
        soon = (f"The Navigation stack holds {plural(nav_left, 'tile')}: once it is empty, any player may land a "
                "ship on their turn, which ends the round at once.")
    return (f"Warning: no island meets your mission yet ({MISSIONS[mission]['text']}) with a free house symbol "
            "and no house of yours on it. If the round ended now you would place no house and score nothing this "
            f"round. {soon}")


def describe(action: Action, s: dict[str, Any]) -> str:
    """A move's label, naming cells as they are named on the map this move is chosen from."""
    kind = action.get("type")
    at_ = at(action, s["grid"])
    if kind == "start_tile":
        name = tile_name(action["tile"] + action["side"])
        return f"Starting tile {action['tile']} side {action['side']}{TURNS.get(action['rot'], '')} {at_} — {name}"
    if kind == "choose":
        if "now" in action:
            return f"Play {action['now']} now ({card_text(action['now'])}), keep {action['next']} for next round"
        return (f"Play {action['mission']} + {action['reward']} now ({card_text(action['mission'])} → "
                f"{card_text(action['reward'])}), keep {action['next_mission']} + {action['next_reward']}")
    if kind == "take":
        return f"Take {tile_name(action['tile'])} from the row"
    if kind == "discard":
        return f"Discard {tile_name(action['tile'])} and draw a new tile"
    if kind == "place":
        return f"Place {tile_name(action['tile'])}{TURNS.get(action['rot'], '')} {at_}"
    if kind == "port":
        return f"Port token {at_}"
    if kind == "convert":
        tile = s["grid"].get(f"{action['x']},{action['y']}")
        was = tile["res"][action["icon"]] if tile and action["icon"] < len(tile["res"]) else "a resource"
        return f"Resource token {at_}: {was} becomes {action['to']}"
    if kind == "no_bonus":
        return "No bonus token this turn"
    if kind == "land":
        return f"Land your {'coloured' if action['ship'] == 'own' else 'grey'} ship {at_} (ends the round)"
    if kind == "house":
        extra = f", counting {action['resource']}" if "resource" in action else ""
        return f"House {at_}{extra}"
    if kind == "done":
        return "Place no more houses this round"
    if kind == "keep":
        return f"Keep discovery token {action['token']}"
    return str(kind)


def logged(entry: Event | str, grid: dict[str, Any]) -> str:
    """A line of the short log; games saved before the log kept events hold sentences."""
    return entry if isinstance(entry, str) else describe_event(entry, grid)


def describe_event(event: Event, grid: dict[str, Any]) -> str:
    """A log sentence, naming cells as the map after the move (the picture posted with it) names them."""
    kind = event["type"]
    p = who(event.get("seat", 0))
    at_ = at(event, grid)
    if kind == "layout":
        return f"The starting tiles lie in the {event['layout']} layout."
    if kind == "arrange":
        return f"{p} arranges the four starting tiles."
    if kind == "start_tile":
        return f"{p} places starting tile {event['tile']}{event['side']} {at_}."
    if kind == "round":
        return f"Round {event['round']} begins; {p} is first player."
    if kind == "nav":
        return f"{event['count']} tiles form the Navigation stack."
    if kind == "cards_drawn":
        return f"{p} draws {plural(event['count'], 'card')} and chooses in secret."
    if kind == "chose":
        return f"{p} has chosen objectives."
    if kind == "explore":
        return f"Everyone has chosen: exploration of round {event['round']} starts."
    if kind == "turn":
        return f"{p}'s turn."
    if kind == "took":
        return f"{p} takes {tile_name(event['tile'])} from the row."
    if kind == "stuck":
        hand = ", ".join(event["hand"])
        return f"{p} cannot place any tile and shows the hand: {hand}."
    if kind == "discarded":
        return f"{p} discards {event['tile']} to the box."
    if kind == "drew":
        return f"{p} draws {plural(event['count'], 'tile')} from the reserve."
    if kind == "placed":
        return f"{p} places {event['tile']}{TURNS.get(event['rot'], '')} {at_}."
    if kind == "port":
        return f"{p} adds a port token {at_}."
    if kind == "converted":
        return f"{p} turns {a(event['from'])} into {a(event['to'])} {at_}."
    if kind == "refilled":
        src = "the Navigation stack" if event["source"] == "nav" else "the reserve"
        return f"{tile_name(event['tile'])} joins the row from {src} ({event['nav_left']} left in the stack)."
    if kind == "landed":
        ship = "coloured" if event["ship"] == "own" else "a grey"
        return f"{p} lands {'their' if event['ship'] == 'own' else ''} {ship} ship {at_}: the round ends.".replace(
            "  ", " ")
    if kind == "revealed":
        return f"{p} reveals {cards(event['cards'])}."
    if kind == "house":
        what = f" ({event['resource']})" if "resource" in event else ""
        if event["reward"] == "RW07":
            return f"{p} builds a house {at_} and explores the island for discovery tokens."
        return (f"{p} builds a house {at_}{what} and scores {event['pp']} prestige points (PP), the reward "
                f"{REWARDS[event['reward']]['text']}.")
    if kind == "no_house":
        if event["why"] == "no_houses":
            return f"{p} builds no house this round: no house is left in hand."
        return (f"{p} builds no house this round: no island of 2 tiles or more meets the mission "
                f"({MISSIONS[event['mission']]['text']}) with a free house symbol and no house of theirs.")
    if kind == "discovery":
        return f"{p} draws {plural(event['count'], 'discovery token')}."
    if kind == "kept":
        back = f", returns {event['returned']}" if event["returned"] else ""
        return f"{p} keeps one discovery token{back}."
    if kind == "reward_done":
        return f"{p} is done with houses" + (f" and takes {event['refilled']} from the reserve." if event["refilled"]
                                             else ".")
    if kind == "aborting":
        return f"The game ends early ({ENDS.get(event['reason'], event['reason'])}); this round is still rewarded."
    if kind == "game_over":
        scores = ", ".join(f"{who(i)} {v}{_score_why(event, i)}" for i, v in enumerate(event["scores"]))
        return f"Game over: {ENDS.get(event['reason'], event['reason'])}. Scores: {scores}."
    return str(kind)


def _score_why(event: Event, seat: int) -> str:
    """" (9 PP from rewards, 3 from discovery tokens, 2 for ports by their ship)" (B5.5); nothing for a game
    stored before the parts were recorded."""
    if "prestige" not in event:
        return ""
    return (f" ({event['prestige'][seat]} PP from rewards, {event['discovery'][seat]} from discovery tokens, "
            f"{event['ports'][seat]} for ports by their ship)")
