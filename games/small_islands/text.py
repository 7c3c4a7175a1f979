"""Small Islands in words: labels for actions, and the names of tiles, turns and ends the narrator shares.

Seats are never named here (the narrator, renderers.narrator.small_islands, names them for its reader).
"""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.grammar import plural
from games.small_islands.data import FACES, MISSIONS, card_text
from games.small_islands.names import cell_name

VERBS = {"start_tile": "place a starting tile", "choose": "choose objectives", "take": "take a tile from the row",
         "land": "land a ship", "discard": "discard a stuck tile", "place": "place a tile",
         "port": "place a port token", "convert": "place a resource token", "no_bonus": "skip the bonus token",
         "house": "place a house", "done": "finish placing houses", "keep": "keep a discovery token"}
QUIET = frozenset({"cards_drawn", "nav"})
"""Events left out of the picture's short log."""
TURNS = {0: "", 1: " turned 90°", 2: " turned 180°", 3: " turned 270°"}
ENDS = {"ships": "all four ships have landed", "reserve": "the tile reserve ran out",
        "row_empty": "the row was empty and no ship could land"}
"""Why a game ended, in words (the last line of its story and the board's status line)."""
SHAPES = {"coast_nw_bay": "NW-bay coast", "coast_sw_bay": "SW-bay coast", "inlet1": "cross with 3 bays",
          "inlet2adj": "cross with 2 bays side by side", "inlet2opp": "cross with 2 opposite bays"}
"""The shapes whose data names are not words, as players call them (the rulebook's *The tiles* says the same)."""


def features(tile: str) -> list[str]:
    """What a tile face carries: its resources, then temple, port and house symbol where it has them."""
    f = FACES[tile]
    return [*f["resources"], *(name for key, name in (("temple", "temple"), ("port", "port"),
                                                     ("house", "house symbol")) if f[key])]


def shape(tile: str) -> str:
    """A tile face's shape in words ("cape", "NW-bay coast"); "" for a tile that is not known."""
    name = str(FACES.get(tile, {}).get("shape", ""))
    return SHAPES.get(name, name.replace("_", " "))


def tile_name(tile: str) -> str:
    """"T12 cape (leaf, port)": id, shape and features of a tile face."""
    if tile not in FACES:
        return tile
    bits = features(tile)
    return f"{tile} {shape(tile)}" + (f" ({', '.join(bits)})" if bits else "")


def at(where: Action, grid: dict[str, Any]) -> str:
    """ "at C4": where an action happens, named as the picture's rulers name it."""
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
        return (f"Play {action['mission']} + {action['reward']} now ({card_text(action['mission'])}; reward "
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
