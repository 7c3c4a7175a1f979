"""Roanoke in words: labels for moves and sentences for the channel log (ROA-S40, S41)."""

from __future__ import annotations

from typing import Any

from games.colours import SEAT_COLOURS, seat_name
from games.core import Action, Event
from games.grammar import a, plural, verb
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES

COLOURS = SEAT_COLOURS[:4]
"""ROA §1: seat 1 red, 2 blue, 3 yellow, 4 green, the first four of every game's palette."""


NAMES = tuple(seat_name(x) for x in range(len(COLOURS)))
"""Each seat's name, written once: every log line names one."""


def who(seat: int | None) -> str:
    return "the pile" if seat is None else NAMES[seat]


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
    when = f"at the end of round 3 of {name}, once {who(last)} has played"
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
        return f"Offer Seat {action['to']} {bundle(action['give'])} for {bundle(action['get'])}"
    if kind == "end_turn":
        return "End turn"
    return {"accept": "Accept the offer", "decline": "Decline the offer", "cancel": "Cancel your offer",
            "resign": "Resign (your hand passes left)"}.get(str(kind), str(kind))


def describe_event(event: Event) -> str:
    kind = event["type"]
    p = who(event.get("seat"))
    if kind == "setup_worker":
        return f"{p} puts a first worker on {TITLES[event['square']]} and takes 1 {event['res']}."
    if kind == "season_revealed":
        k = event["season"]
        return f"{SE.SEASON_NAMES[k]} begins. Season card: {card_line(event['card'])}."
    if kind == "turn":
        return f"{SE.SEASON_NAMES[event['season']]}, round {event['round']}: {p}'s turn."
    if kind == "worker_added":
        return f"{p} adds a worker to {TITLES[event['square']]}."
    if kind == "worker_moved":
        return f"{p} moves a worker from {TITLES[event['from']]} to {TITLES[event['to']]}."
    if kind == "collected":
        short = {r: n - event["received"][r] for r, n in event["entitled"].items() if n > event["received"][r]}
        lost = f" ({bundle(short)} lost: the pile ran short)" if short else ""
        return f"{p} collects {bundle(event['received'])}{lost}."
    if kind == "reshuffled":
        return f"The discard is shuffled into a new draw pile of {event['count']} tiles."
    if kind == "no_tiles":
        return "No road tiles are left to draw."
    if kind == "tile_drawn":
        return f"{p} draws {a(event['tile'])} tile."
    if kind == "tile_unplaceable":
        return f"The {event['tile']} fits nowhere for {p} and is discarded."
    if kind == "placed":
        mask = event["mask"]
        text = f"{p} places {a(event['tile'])} on {event['square']} open {B.edges_text(mask)}"
        paved = event.get("paved")
        if paved:
            lost = ", destroying its road upgrade" if paved["upgrade_lost"] else ""
            text += f", paving over {who(paved['owner'])}'s tile{lost}"
        return text + "."
    if kind == "discarded":
        return f"{p} discards the {event['tile']}."
    if kind == "bought":
        extra = f" ({event['res']})" if "res" in event else ""
        return f"{p} buys {a(event['what'])}{extra} on {event['square']}."
    if kind == "offered":
        return f"{p} offers {who(event['to'])} {bundle(event['give'])} for {bundle(event['get'])}."
    if kind == "traded":
        return f"{who(event['to'])} accepts: {p} gives {bundle(event['give'])} and gets {bundle(event['get'])}."
    if kind == "offer_closed":
        if event["why"] == "void":
            return f"{p}'s offer to {who(event['to'])} is void: {p} no longer holds what it gives."
        return f"{p}'s offer to {who(event['to'])} is {event['why']}."
    if kind == "turn_ended":
        return f"{p} ends the turn."
    if kind == "season_checked":
        name = SE.CARDS[event["card"]]["name"]
        passed = ", ".join(who(x) for x in event["passed"]) or "nobody"
        why = event.get("why", {})  # none in games stored before the reasons were recorded
        failed = ", ".join(who(x) + (f" ({why[str(x)]})" if str(x) in why else "") for x in event["failed"])
        paid = f"; each pays {bundle(event['paid'])}" if event["paid"] and event["passed"] else ""
        passes, fails = verb(len(event["passed"]) or 1, "passes"), verb(len(event["failed"]), "fails")
        return f"{SE.SEASON_NAMES[event['season']]} ends — {name}: {passed} {passes}{paid}" + (
            f"; {failed} {fails}." if failed else ".")
    if kind == "eliminated":
        why = "resigns" if event["why"] == "resigned" else "is eliminated"
        hand = f"; the hand ({bundle(event['hand'])}) passes to {who(event['heir'])}" if event["hand"] else ""
        return f"{p} {why}{hand}."
    if kind == "game_over":
        if not event["winners"]:
            return "Game over: the colony is lost, nobody wins."
        won = "Game over. " + " and ".join(who(x) for x in event["winners"]) + " " + verb(len(event["winners"]), "wins")
        if "chits" not in event:
            return won + "."
        held = ", ".join(f"{who(x)} {event['chits'][x]}" for x in event["survivors"])
        return f"{won}: survivors rank by resources in hand ({held}), then houses, then own road."
    return str(kind)
