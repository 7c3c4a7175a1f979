"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

One two-player game (seed 3: Red on the South edge moves first, Blue sits North) is played through the six
turns the book walks through: each picture is that game stopped at one of its moments. Nobody sits at the book's
table, so its players are called by their colours, as the pictures name them.
"""

from __future__ import annotations

from games.core import Action, listed
from games.grammar import noun, plural, verb
from games.roam.data import short_name
from games.roam.game import RoamGame
from games.roam.geometry import EDGE_NAMES, EDGES, slot_squares
from games.rulebook import Example

SEED = 3
"""The shuffle of the book's game: its land cards, characters and coins."""
_TURNS: tuple[tuple[Action, ...], ...] = (
    ({"type": "choose", "card": "S1-red"}, {"type": "place", "square": "D6"}),
    ({"type": "choose", "card": "S1-blue"}, {"type": "place", "square": "A1"}, {"type": "blank", "square": "A3"}),
    ({"type": "choose", "card": "S3-red"}, {"type": "place", "square": "C6"}),
    ({"type": "choose", "card": "S3-blue"}, {"type": "place", "square": "D4"}),
    ({"type": "choose", "card": "S2-red"}, {"type": "place", "square": "E6"}),
    ({"type": "choose", "card": "S2-blue"}, {"type": "place", "square": "C4"}),
    ({"type": "bid", "amount": 0}, {"type": "bid", "amount": 1}),
)
"""The book's game, move by move: Scout D6; Scout A1 with the blank A3; Pathfinder C6; Pathfinder D4; Ranger E6;
Ranger C4 completes card 5 three markers to three; the tie bid, 0 then 1."""


def _played(moves: int) -> RoamGame:
    """The book's game after its first `moves` moves, each applied by the seat to move."""
    game = RoamGame.new(2, seed=SEED)
    for action in [a for turn in _TURNS for a in turn][:moves]:
        (seat,) = game.to_move()
        game.apply(seat, action)
    return game


def _start() -> RoamGame:
    return _played(0)


def _anchors() -> RoamGame:
    """Red has chosen its Scout: the picture outlines every square its key marker may take."""
    return _played(1)


def _blank() -> RoamGame:
    """Blue's Scout is down on A1 and A2; its blank square A3 is still open."""
    return _played(4)


def _tie() -> RoamGame:
    """Card 5 is complete, three markers each: Blue bids first."""
    return _played(13)


def _claimed() -> RoamGame:
    """Red has won the bid and claimed Orrin the Oarsman; Blue's turned picture."""
    return _played(15)


def _tied(game: RoamGame) -> tuple[int, list[int]]:
    """The land card bid for (its slot, from 0) and how many markers each seat has on it."""
    view = game.view(None)
    slot = view["bid"]["slot"]
    squares = [view["map"][r][c] for r, c in slot_squares(slot)]
    return slot, [sum(markers.count(seat) for markers in squares) for seat in range(game.num_players)]


def _tie_card(game: RoamGame) -> str:
    return f"card {_tied(game)[0] + 1}"


def _tie_caption(game: RoamGame) -> str:
    slot, markers = _tied(game)
    first, answer = game.view(None)["bid"]["order"]
    return (f"Card {slot + 1} is full: {markers[first]} markers each. {colour(game, first)}, whose turn it is, "
            f"bids first; {colour(game, answer)} answers once.")


def colour(game: RoamGame, seat: int) -> str:
    """"Red": a seat of the book's game, named as its pictures name it."""
    return game.players[seat]["colour"].capitalize()


def _ahead(edge: str) -> str:
    """"south": the way ahead for a seat on that edge (towards the edge across the map)."""
    return EDGE_NAMES[EDGES[(EDGES.index(edge) + 2) % len(EDGES)]].lower()


def _start_caption(game: RoamGame) -> str:
    """How many land cards, the coins on the map, and which edge each seat sits on."""
    view = game.view(None)
    cards, coins = len(view["slots"]), sum(map(sum, view["coins_map"]))
    first, *others = view["players"]
    seats = "".join([f"{colour(game, first['seat'])} sits {EDGE_NAMES[first['edge']]}",
                     *(f", {colour(game, p['seat'])} {EDGE_NAMES[p['edge']]}" for p in others)])
    return (f"The map at the start of a {game.num_players}-player game: {cards} land cards numbered 1 to {cards}, "
            f"each with its character above it; gold discs are coins, {coins} on the map. {seats}.")


def _anchors_caption(game: RoamGame) -> str:
    """The character chosen and the rows where its key marker may not go (the marker ahead would be off the
    map)."""
    placing = game.view(None)["placing"]
    rows = {int(square[1:]) for square in placing["anchors"]}
    barred = [str(row) for row in range(1, len(game.view(None)["map"]) + 1) if row not in rows]
    return (f"{colour(game, placing['seat'])} chose its {short_name(placing['card'])}. The outlined squares are "
            f"where its key marker may go: not {noun(len(barred), 'row')} {listed(barred)}, where the marker ahead "
            "would fall off the map.")


def _blank_caption(game: RoamGame) -> str:
    """Who placed, where its key marker went, the markers put down with the coins they took (this turn's events
    in the view's log), and the blank square still open with what filling it costs and what the seat holds."""
    view = game.view(None)
    placing = view["placing"]
    seat, edge = placing["seat"], view["players"][placing["seat"]]["edge"]
    last = view["last"]
    turn = last[max(i for i, event in enumerate(last) if event["type"] == "placed"):]
    put = [f"{e['square']} (+{plural(e['coins'], 'coin')})" if e["coins"] else e["square"]
           for e in turn if e["type"] == "marker" and e["how"] in ("normal", "hammer")]
    [blank] = placing["blanks_left"]
    filled = game.copy()
    filled.apply(seat, {"type": "blank", "square": blank})
    cost = view["players"][seat]["coins"] - filled.view(None)["players"][seat]["coins"]
    return (f"{colour(game, seat)} ({EDGE_NAMES[edge]}, so ahead is {_ahead(edge)} for it) put its "
            f"{short_name(placing['card'])}'s key marker on {placing['anchor']}: markers on {listed(put)}. Its blank "
            f"square, {blank}, costs {plural(cost, 'coin')} to fill; it holds {view['players'][seat]['coins']}.")


def _own_view_caption(game: RoamGame) -> str:
    """Whose picture, the edge it is turned to, and which of its characters are used (grey)."""
    seat = OWN_VIEW_SEAT
    player = game.view(seat)["players"][seat]
    used = [short_name(c["card"]) for c in player["characters"] if not c["up"]]
    return (f"{colour(game, seat)}'s own picture: the map turned so the {EDGE_NAMES[player['edge']]} edge is at the "
            f"bottom, and its characters below it, grey when used: its {listed(used)} {verb(len(used), 'is')} used "
            "now.")


OWN_VIEW_SEAT = 1
"""The seat whose own picture "own_view" shows: Blue, whose North edge turns its picture upside down."""

EXAMPLES: dict[str, Example] = {
    "start": Example(_start, caption=_start_caption),
    "anchors": Example(_anchors, caption=_anchors_caption),
    "blank": Example(_blank, area="card 1", caption=_blank_caption),
    "tie": Example(_tie, area=_tie_card, caption=_tie_caption),
    "own_view": Example(_claimed, seat=OWN_VIEW_SEAT, caption=_own_view_caption),
}
