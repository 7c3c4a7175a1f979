"""Roanoke's narrator: the engine's events told with the cast's names, "you" for the reader (DESIGN §5).

A turn reads as a few sentences in the past tense ("bob (blue) added a worker to Food 1. bob collected 2 food.
bob placed an elbow on G5, open N-E."); the draw of a tile, a turn starting or ending and an offer withdrawn are
the log's bookkeeping, not news. A season check costs chits (the card's payment) or a colony: that is what a
catch-up puts first.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.grammar import a, plural
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES
from games.roanoke.text import bundle, card_line
from renderers.cast import Cast

BOOKKEEPING = frozenset({"turn", "turn_ended", "tile_drawn", "reshuffled"})
"""Events the log keeps and a board does not tell: a turn starting or ending, a tile drawn (its placing says it),
the discard shuffled back."""


def line(event: Event | str, cast: Cast, view: dict[str, Any]) -> str:
    """The event as a sentence for the cast's reader; a line stored as text by a game saved before events were kept
    (the state's log) is said as it was written."""
    if isinstance(event, str):
        return event
    kind = event["type"]
    seat = event.get("seat")
    if kind == "season_revealed":
        return f"{SE.SEASON_NAMES[event['season']]} began. Season card {card_line(event['card'])}."
    if kind == "reshuffled":
        return f"The discarded tiles were shuffled into a new draw pile of {plural(event['count'], 'tile')}."
    if kind == "no_tiles":
        return f"No road tiles were left for {cast.name(seat)} to draw."
    if kind == "season_checked":
        return _season_checked(event, cast)
    if kind == "game_over":
        return _game_over(event, cast)
    if kind == "turn":
        return f"{SE.SEASON_NAMES[event['season']]}, round {event['round']}: {cast.whose(seat)} turn."
    if kind == "offer_closed":
        return _offer_closed(event, cast)
    if kind == "traded":
        return _traded(event, cast)
    if kind == "tile_unplaceable":
        return f"{cast.Whose(seat)} {event['tile']} fitted nowhere and was discarded."
    if kind == "eliminated":
        return _eliminated(event, cast)
    return f"{cast.Name(seat)} {_deed(event, cast)}."


def _deed(event: Event, cast: Cast) -> str:
    """What the seat did, after its name: "added a worker to Food 1"."""
    kind, seat = event["type"], event["seat"]
    if kind == "setup_worker":
        return f"put a first worker on {TITLES[event['square']]} and took 1 {event['res']}"
    if kind == "worker_added":
        return f"added a worker to {TITLES[event['square']]}"
    if kind == "worker_moved":
        return f"moved a worker from {TITLES[event['from']]} to {TITLES[event['to']]}"
    if kind == "collected":
        short = {r: n - event["received"][r] for r, n in event["entitled"].items() if n > event["received"][r]}
        lost = f" ({bundle(short)} lost: the pile ran short)" if short else ""
        return f"collected {bundle(event['received'])}{lost}"
    if kind == "tile_drawn":
        return f"drew {a(event['tile'])} tile"
    if kind == "placed":
        return _placed(event, cast)
    if kind == "discarded":
        return f"discarded the {event['tile']}"
    if kind == "bought":
        what = f"{event['res']} generator" if event["what"] == "generator" else event["what"]
        return f"bought {a(what)} on {event['square']}"
    if kind == "offered":
        if not event["give"]:
            return f"asked {cast.name(event['to'])} for {bundle(event['get'])}, giving nothing"
        return f"offered {cast.name(event['to'])} {_terms(event['give'], event['get'])}"
    if kind == "turn_ended":
        return f"ended {'your' if seat == cast.reader else 'the'} turn"
    return kind.replace("_", " ")


def _traded(event: Event, cast: Cast) -> str:
    seat, give, get = event["seat"], event["give"], event["get"]
    said = f"{cast.Name(event['to'])} accepted"
    if not get:
        return f"{said} {cast.whose(seat)} gift of {bundle(give)}."
    if not give:
        return f"{said} and gave {cast.name(seat)} {bundle(get)}."
    return f"{said}: {cast.name(seat)} gave {_terms(give, get)}."


def _terms(give: dict[str, int], get: dict[str, int]) -> str:
    """What an offer gives and for what: "1 wood for 2 food", "2 water as a gift"."""
    return f"{bundle(give)} as a gift" if not get else f"{bundle(give)} for {bundle(get)}"


def _placed(event: Event, cast: Cast) -> str:
    said = f"placed {a(event['tile'])} on {event['square']}, open {B.edges_text(event['mask'])}"
    paved = event.get("paved")
    if paved:
        owner = paved["owner"]
        whose = ("your own" if owner == cast.reader else "their own") if owner == event["seat"] else cast.whose(owner)
        said += f", paving over {whose} tile" + (" and its road upgrade" if paved["upgrade_lost"] else "")
    return said


def _offer_closed(event: Event, cast: Cast) -> str:
    seat, to, why = event["seat"], event["to"], event["why"]
    if why == "declined":
        return f"{cast.Name(to)} declined {cast.whose(seat)} offer."
    if why == "void":
        return f"{cast.Whose(seat)} offer to {cast.name(to)} lapsed: {cast.name(seat)} no longer held what it gave."
    mine = "your" if seat == cast.reader else "the"
    return f"{cast.Name(seat)} withdrew {mine} offer to {cast.name(to)}."


def _season_checked(event: Event, cast: Cast) -> str:
    """"Y1 Spring ended. First Shelter: alice and you passed; bob failed." Why a colony failed is told to that
    colony only (the engine words it for the colony: "you failed (you are short of 2 water)")."""
    name = SE.CARDS[event["card"]]["name"]
    passed, failed = event["passed"], event["failed"]
    said = f"{SE.SEASON_NAMES[event['season']]} ended. {name}: "
    if passed:
        each = " each" if len(passed) > 1 else ""
        said += f"{cast.names(passed)} passed" + (f" and{each} paid {bundle(event['paid'])}" if event["paid"] else "")
    why = event.get("why", {}).get(str(cast.reader))  # none in games stored before the reasons were recorded
    if failed:
        said += ("; " if passed else "") + f"{cast.names(failed)} failed" + (
            f" ({why})" if why and cast.reader in failed else "")
    return said + "."


def _eliminated(event: Event, cast: Cast) -> str:
    seat = event["seat"]
    fell = "resigned" if event["why"] == "resigned" else f"{cast.verb(seat, 'was')} eliminated"
    said = f"{cast.Name(seat)} {fell}"
    if event["hand"]:
        heir = "the pile" if event["heir"] is None else cast.name(event["heir"])
        said += f"; {cast.whose(seat)} hand ({bundle(event['hand'])}) passed to {heir}"
    return said + "."


def _game_over(event: Event, cast: Cast) -> str:
    winners = event["winners"]
    if not winners:
        return "Game over: every colony was lost, nobody won."
    said = f"Game over: {cast.names(winners)} won"
    if "chits" not in event:
        return said + "."
    held = ", ".join(f"{cast.name(x)} {event['chits'][x]}" for x in event["survivors"])
    return f"{said}. Chits in hand: {held} (survivors rank by chits, then houses, then own road)."


def news(event: Event | str) -> bool:
    """A board tells it: all but the bookkeeping, and of a closed offer only its answer ("bob declined")."""
    if isinstance(event, str):
        return True
    kind = event["type"]
    return kind not in BOOKKEEPING and (kind != "offer_closed" or event["why"] == "declined")


def turn_of(event: Event | str) -> int | None:
    """A turn opens with its "turn" event; setup has none, so each first worker opens its seat's paragraph."""
    if isinstance(event, str) or event["type"] not in ("turn", "setup_worker"):
        return None
    return int(event["seat"])


def hurts(event: Event | str) -> frozenset[int]:
    """Who lost by it: a tile paved over, the season card's payment, a failed check, a colony eliminated by it."""
    if isinstance(event, str):
        return frozenset()
    kind = event["type"]
    if kind == "placed" and event.get("paved") and event["paved"]["owner"] != event["seat"]:
        return frozenset({event["paved"]["owner"]})
    if kind == "season_checked":
        return frozenset(event["failed"]) | (frozenset(event["passed"]) if event["paid"] else frozenset())
    if kind == "eliminated" and event["why"] != "resigned":
        return frozenset({event["seat"]})
    return frozenset()


def scores(event: Event | str) -> frozenset[int]:
    """Who gained what ranks the game: a fallen colony's hand, and the win."""
    if isinstance(event, str):
        return frozenset()
    if event["type"] == "eliminated" and event["hand"] and event["heir"] is not None:
        return frozenset({event["heir"]})
    return frozenset(event["winners"]) if event["type"] == "game_over" else frozenset()


def label(action: Action, cast: Cast, view: dict[str, Any]) -> str | None:
    """A trade offer's label names the seat it goes to ("Offer bob 1 wood for 2 food"); no other move names one."""
    if action.get("type") != "offer":
        return None
    return f"Offer {cast.name(action['to'] - 1)} {bundle(action['give'])} for {bundle(action['get'])}"
