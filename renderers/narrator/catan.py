"""Catan's narrator: the engine's events as a reader hears them (see `renderers.narrator` for the contract).

The engine writes seats and places by number; here they become people ("alice (red)", "you") and the hexes a
player looks for ("ore 8"). A seat's private news (a card drawn, a card stolen) is made of the same kind of
entries, with what only that seat may know (which card), and is said here too (`told`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from games.catan import text
from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.catan.table import DEV_NAMES
from games.core import Action, Event
from games.grammar import a, noun, plural
from renderers.cast import Cast

BOOKKEEPING = frozenset({"turn", "offer_closed"})
"""Events the log keeps and a board leaves out: a turn passing on, an offer closing (its answers say how)."""


def cards(bundle: dict[str, int]) -> str:
    """"2 wool and 1 ore"."""
    return listed(f"{n} {r}" for r, n in bundle.items() if n) or "nothing"


def listed(items: Iterable[str]) -> str:
    """"a, b and c"."""
    said = list(items)
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else "".join(said)


def hex_words(view: dict[str, Any], h: int) -> str:
    """"ore 10", "desert": a hex as a player looks for it, by what it yields and its number."""
    terrain = view["terrain"][h]
    return "desert" if terrain == "desert" else f"{TERRAIN_YIELD[terrain]} {view['tokens'][h]}"


def _corner(view: dict[str, Any], node: int) -> str:
    """Where a building stands: "by ore 8, grain 5 and wool 10" (the intersection's number without a board)."""
    if "terrain" not in view:
        return f"at intersection {node}"
    return "by " + listed(hex_words(view, h) for h in GEOMETRY.node_hexes[node])


def _hex(view: dict[str, Any], h: int) -> str:
    """"hex K (ore 8)": the board's letter, and what it yields when the board is known."""
    return f"hex {GEOMETRY.hex_labels[h]}" + (f" ({hex_words(view, h)})" if "terrain" in view else "")


def _produce(event: Event, cast: Cast) -> str:
    gains = [f"{cast.name(int(t))} {cards(got)}" for t, got in event["gains"].items()]
    said = f"It paid {listed(gains)}." if gains else "It paid nobody."
    short = event["short"]
    return said + (f" The bank was short of {listed(short)}." if short else "")


ANSWERED = {"accept": "accepted", "decline": "declined"}
"""An answer to an offer, as said once given."""


def _answer(event: Event, cast: Cast) -> str:
    answer, who = event["answer"], cast.Name(event["seat"])
    if isinstance(answer, dict):
        return f"{who} countered, offering {cards(answer['give'])} for {cards(answer['get'])}."
    return f"{who} {ANSWERED[answer]}."


def _offer(event: Event, cast: Cast) -> str:
    offer = event["offer"]
    to = "everyone" if offer["to"] is None else cast.name(offer["to"])
    return f"{cast.Name(offer['from'])} offered {to} {cards(offer['give'])} for {cards(offer['get'])}."


def _title(event: Event, cast: Cast, title: str, count: str) -> str:
    lost = event.get("from")
    if event["seat"] is None:
        return f"{title} was set aside: {cast.name(lost)} lost it." if lost is not None else f"{title} was set aside."
    taken = f" from {cast.name(lost)}" if lost is not None else ""
    return f"{cast.Name(event['seat'])} took {title}{taken} ({count})."


def _steal(event: Event, cast: Cast) -> str:
    what = f"1 {event['resource']}" if "resource" in event else "a card"
    return f"{cast.Name(event['seat'])} stole {what} from {cast.name(event['victim'])}."


def _played(event: Event, cast: Cast) -> str:
    card = event["card"]
    said = f"{cast.Name(event['seat'])} played {a(DEV_NAMES[card]) if card == 'knight' else DEV_NAMES[card]}"
    if card == "year_of_plenty":
        return f"{said}, taking {listed(event['resources'])}."
    if card == "monopoly":
        yours = event.get("from", {}).get(str(cast.reader), 0)
        return f"{said} on {event['resource']}, taking {plural(event['taken'], 'card')}" + (
            f", {yours} of them yours." if yours else ".")
    return said + "."


def _won(event: Event, cast: Cast) -> str:
    """"bob won with 10 victory points: 6 from settlements and cities, 2 for Longest Road…" (CAT-38)."""
    seat = event["seat"]
    said = f"{cast.Name(seat)} won with {event['vp'][seat]} victory points"
    if "buildings" not in event:  # a game stored before the breakdown was recorded
        return said + "!"
    parts = [f"{event['buildings']} from settlements and cities"]
    parts += [f"2 for {title}" for key, title in (("longest", "Longest Road"), ("largest", "Largest Army"))
              if event[key] == seat]
    if event["vp_cards"][seat]:
        parts.append(f"{event['vp_cards'][seat]} from {noun(event['vp_cards'][seat], 'victory point card')}")
    return f"{said}: {', '.join(parts)}!"


def _must_discard(event: Event, cast: Cast) -> str:
    """"alice and you had to discard half their cards" (how many each, their discards say)."""
    owed = [int(t) for t in event["seats"]]
    whose = "your" if owed == [cast.reader] else "their"
    said = cast.names(owed)
    return f"{'You' if said == 'you' else said} had to discard half {whose} cards."


SAY: dict[str, Callable[[Event, Cast, dict[str, Any]], str]] = {
    "settlement": lambda e, c, v: f"{c.Name(e['seat'])} built a settlement {_corner(v, e['node'])}.",
    "city": lambda e, c, v: f"{c.Name(e['seat'])} built a city {_corner(v, e['node'])}.",
    "road": lambda e, c, v: f"{c.Name(e['seat'])} built a road.",
    "start_cards": lambda e, c, v: f"{c.Name(e['seat'])} took {cards(e['cards'])} to start.",
    "turn": lambda e, c, v: f"Turn {e['turn']}: {c.whose(e['seat'])} turn.",
    "roll": lambda e, c, v: f"{c.Name(e['seat'])} rolled {sum(e['dice'])}.",
    "produce": lambda e, c, v: _produce(e, c),
    "must_discard": lambda e, c, v: _must_discard(e, c),
    "discarded": lambda e, c, v: f"{c.Name(e['seat'])} discarded {cards(e['cards'])}.",
    "robber": lambda e, c, v: f"{c.Name(e['seat'])} moved the robber to {_hex(v, e['hex'])}.",
    "steal": lambda e, c, v: _steal(e, c),
    "drew": lambda e, c, v: f"{c.Name(e['seat'])} drew {a(DEV_NAMES[e['card']])}.",
    "bought_dev": lambda e, c, v: f"{c.Name(e['seat'])} bought a development card.",
    "played": lambda e, c, v: _played(e, c),
    "maritime": lambda e, c, v: (f"{c.Name(e['seat'])} traded {e['count']} {e['give']} with the bank "
                                 f"for 1 {e['get']}."),
    "offer": lambda e, c, v: _offer(e, c),
    "answer": lambda e, c, v: _answer(e, c),
    "offer_closed": lambda e, c, v: "The offer closed.",
    "trade": lambda e, c, v: (f"{c.Name(e['seat'])} traded {cards(e['give'])} to {c.name(e['with'])} "
                              f"for {cards(e['get'])}."),
    "longest_road": lambda e, c, v: _title(e, c, "Longest Road", plural(e["length"], "road")),
    "largest_army": lambda e, c, v: _title(e, c, "Largest Army", plural(e["knights"], "knight")),
    "won": lambda e, c, v: _won(e, c),
}
"""Each event type as a sentence: `(event, cast, public view)`."""


def line(event: Event, cast: Cast, view: dict[str, Any]) -> str:
    """The event as a sentence; a type this narrator does not know says nothing."""
    say = SAY.get(event["type"])
    return say(event, cast, view) if say is not None else ""


def news(event: Event) -> bool:
    return event["type"] not in BOOKKEEPING


def turn_of(event: Event) -> int | None:
    """A turn opens with its "turn" event; in the setup, each placement of a settlement is that seat's turn."""
    if event["type"] == "turn" or (event["type"] == "settlement" and event.get("setup")):
        return int(event["seat"])
    return None


def hurts(event: Event) -> frozenset[int]:
    """Cards stolen, discarded or taken by a Monopoly, a building blocked by the robber, and a title lost."""
    kind = event["type"]
    if kind == "steal":
        return frozenset({event["victim"]})
    if kind == "discarded":
        return frozenset({event["seat"]})
    if kind == "robber":  # the hex pays its other owners nothing while the robber stays
        return frozenset(event.get("blocks", ()))
    if kind == "played" and event["card"] == "monopoly":
        return frozenset(int(t) for t, n in event.get("from", {}).items() if n)
    if kind in ("longest_road", "largest_army") and event.get("from") is not None:
        return frozenset({event["from"]})
    return frozenset()


def scores(event: Event) -> frozenset[int]:
    """A title taken, a settlement or city built (a point each), the win."""
    if event.get("setup") or event["type"] not in ("longest_road", "largest_army", "won", "settlement", "city"):
        return frozenset()
    if event["seat"] is not None:
        return frozenset({event["seat"]})
    return frozenset()


def told(entries: Sequence[Event | str], cast: Cast, view: dict[str, Any]) -> list[str]:
    """A seat's private news (the view's "news") as its reader hears it; a sentence stored by a game from before
    the news was kept as entries is shown as it was written."""
    return [entry if isinstance(entry, str) else line(entry, cast, view) for entry in entries]


def label(action: Action, cast: Cast, view: dict[str, Any]) -> str | None:
    """A move's label where it names a seat, by the name alone, as a button has room for ("Robber to K, rob bob
    (makes ore on 8)", "Trade with alice", "Accept bob's offer" rather than the offer's number, "Offer everyone 1
    wool for 1 brick"); None where the engine's own label says it all."""
    kind = action.get("type")
    if kind == "move_robber" and action["victim"] is not None:
        return text.robber_label(action, cast.short, view, view["buildings"], view["active"])
    if kind == "confirm":
        return text.confirm_label(action, cast.short)
    if kind == "offer":  # a one-tap offer's button (`Game.suggested`)
        to = "everyone" if action["to"] == "all" else cast.short(action["to"] - 1)
        return f"Offer {to} {cards(action['give'])} for {cards(action['get'])}"
    offer = view.get("offer")
    if kind in ("accept", "decline") and offer is not None and offer["id"] == action["offer"]:
        whose = "your" if offer["from"] == cast.reader else f"{cast.short(offer['from'])}'s"
        return f"{kind.capitalize()} {whose} offer"
    return None
