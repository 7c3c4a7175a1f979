"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

Every position starts from the same seeded four-seat table; the setup places each settlement where it makes the
most (by the dots under the numbers), as a careful beginner would. Where a picture needs cards the rolls have not
yet paid, the engine's own `_gain` hands them out of the bank (cards stay counted), and the moves that spend them
are legal moves of the engine.
"""

from __future__ import annotations

from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD
from games.catan.game import Catan
from games.catan.table import DEV_NAMES
from games.colours import colour_of
from games.core import Action, listed
from games.grammar import a, plural
from games.rulebook import Example

SEED = 7
"""A table whose first player (yellow) and island show every kind of place: harbours of both kinds, a 6 and 8."""


def _dots(token: int | None) -> int:
    """How many of the 36 rolls of two dice make this number: the dots under it on the picture."""
    return 0 if token is None else 6 - abs(7 - token)


def _yield(game: Catan, action: Action) -> int:
    tokens = game.s["layout"]["tokens"]
    return sum(_dots(tokens[h]) for h in GEOMETRY.node_hexes[action["node"]])


def _island() -> Catan:
    """A new table, before anyone has placed anything."""
    return Catan.new(4, seed=SEED)


def _settled() -> Catan:
    """The table after setup: each settlement on the best open corner, each road the first listed."""
    game = _island()
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        moves = game.legal_actions(seat)
        game.apply(seat, max(moves, key=lambda a: _yield(game, a)) if "node" in moves[0] else moves[0])
    return game


def _give(game: Catan, seat: int, cards: dict[str, int]) -> None:
    for name, n in cards.items():
        game._gain(seat, RESOURCES.index(name), n)


def _robber() -> Catan:
    """Turns of rolling and passing until someone rolls a 7; who holds too many cards discards the first listed
    half, and the roller puts the robber on the richest hex where it robs someone and blocks none of their own."""
    game = _settled()
    while True:
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, {"type": "roll"})
        if game.s["last_roll"] and sum(game.s["last_roll"]) == 7:
            break
        game.apply(seat, {"type": "end_turn"})
    while game.s["phase"] == "discard":
        owing = min(int(t) for t in game.s["discards"])
        game.apply(owing, game.legal_actions(owing)[0])
    roller = game.s["active"]
    tokens, buildings = game.s["layout"]["tokens"], game.s["buildings"]
    robs = [a for a in game.legal_actions(roller) if a["victim"] is not None and not any(
        (buildings[v] or [None])[0] == roller for v in GEOMETRY.hex_nodes[a["hex"]])]
    game.apply(roller, max(robs, key=lambda a: (_dots(tokens[a["hex"]]), -a["hex"])))
    return game


def _longest_road() -> Catan:
    """After the robber, the first player, given the cards, builds roads (each the one that lengthens their road
    most) until they hold Longest Road; the picture shows where they may build next."""
    game = _robber()
    seat = game.s["active"]
    _give(game, seat, {"brick": 5, "lumber": 5, "wool": 1, "grain": 1})
    while game.s["longest"] != seat:
        roads = [a for a in game.legal_actions(seat) if a["type"] == "build_road"]
        game.apply(seat, max(roads, key=lambda a: _length_after(game, seat, a)))
    return game


def _length_after(game: Catan, seat: int, road: Action) -> int:
    """The seat's longest road once this road is built (the first listed of the longest wins ties)."""
    after = game.copy()
    after.apply(seat, road)
    return int(after.s["road_len"][seat])


def _hand() -> Catan:
    """After the robber, the first player buys three development cards with cards given (new ones are marked)."""
    game = _robber()
    seat = game.s["active"]
    assert seat == HAND_SEAT, "the picture shows the hand of the seat that bought the cards"
    _give(game, seat, {"wool": 3, "grain": 3, "ore": 3})
    for _ in range(3):
        game.apply(seat, {"type": "buy_dev"})
    return game


def _island_caption(game: Catan) -> str:
    """The hexes whose numbers are rolled most (the red 6s and 8s), the desert where the robber starts, and the
    harbours of each kind."""
    layout = game.s["layout"]
    red = [_hex_label(h) for h, token in enumerate(layout["tokens"]) if token in (6, 8)]
    harbours = layout["harbors"]
    generic = harbours.count("any")
    return (f"A new island. Each hex has a letter, its resource and its number; the dots under a number say how "
            f"often it is rolled, most for the red 6s and 8s (hexes {listed(red)}). The desert, hex "
            f"{_hex_label(game.s['robber'])}, has no number: the robber starts there. The numbered corners are where "
            f"a settlement may go. Of the {len(harbours)} harbours on the coast, {generic} trade any 3 cards for 1 "
            f"and {len(harbours) - generic} trade 2 of one resource for 1.")


def _settled_caption(game: Catan) -> str:
    return f"After setup: each seat has two settlements, each with a road. {_who(game.s['start'])} rolls first."


def _robber_caption(game: Catan) -> str:
    """Who rolled the 7, where the robber went (the hex's resource and number), whom it robbed, and whose
    buildings that number no longer pays from there."""
    hex_ = game.s["robber"]
    label, number = _hex_label(hex_), game.s["layout"]["tokens"][hex_]
    resource = TERRAIN_YIELD[game.s["layout"]["terrain"][hex_]]
    [victim] = {entry["victim"] for news in game.s["news"] for entry in news if entry["type"] == "steal"}
    owners = sorted({b[0] for v in GEOMETRY.hex_nodes[hex_] if (b := game.s["buildings"][v]) is not None})
    return (f"{_who(game.s['active'])} rolled a 7 and moved the robber (R) to hex {label}, {a(resource)} "
            f"{number}, robbing {colour_of(victim)}. Until the robber moves on, {a(str(number))} pays nothing from "
            f"{label}, to {' or to '.join(colour_of(seat) for seat in owners)}.")


def _who(seat: int) -> str:
    """A seat as the book's pictures name it, where no one sits: by its colour ("Yellow", as `Cast.colours` does)."""
    colour = colour_of(seat)
    return colour[0].upper() + colour[1:]


def _hex_label(hex_: int) -> str:
    return GEOMETRY.hex_labels[hex_]


def _robber_hex(game: Catan) -> str:
    return f"hex {_hex_label(game.s['robber'])}"


def _longest_road_caption(game: Catan) -> str:
    seat = game.s["longest"]
    return (f"{_who(seat)} has {game.s['road_len'][seat]} roads in a row and holds Longest Road, worth 2 "
            f"points. The numbers are where {colour_of(seat)} may build now: corners for a settlement, edges for "
            "a road.")


def _hand_caption(game: Catan) -> str:
    """The development cards of the seat whose hand is shown: those bought this turn are marked new, a Victory
    Point card counts at once."""
    devs, new = game.s["devs"][HAND_SEAT], game.s["new_devs"][HAND_SEAT]
    told = [plural(n, "Victory Point card") + ", already counted" if kind == "vp" else
            plural(n, DEV_NAMES[kind]) + (" bought this turn, marked new" if new[kind] else "")
            for kind, n in devs.items() if n]
    return (f"{_who(HAND_SEAT)}'s hand, as My hand shows it: resource cards with their bank rates, development "
            f"cards ({', and '.join(told)}), and the latest news.")


HAND_SEAT = 2
"""The seat whose hand the "hand" picture shows: the first player at `SEED`, who buys the cards."""

EXAMPLES: dict[str, Example] = {
    "island": Example(_island, caption=_island_caption),
    "settled": Example(_settled, caption=_settled_caption),
    "robber": Example(_robber, area=_robber_hex, caption=_robber_caption),
    "longest_road": Example(_longest_road, caption=_longest_road_caption),
    "hand": Example(_hand, seat=HAND_SEAT, caption=_hand_caption),
}
