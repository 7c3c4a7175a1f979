"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

One two-player game (seed 3: Seat 1 red on the South edge moves first, Seat 2 blue sits North) is played
through the six turns the book walks through: each picture is that game stopped at one of its moments.
"""

from __future__ import annotations

from games.core import Action
from games.roam.game import RoamGame
from games.roam.geometry import slot_squares
from games.rulebook import Example

_SEED = 3
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
    game = RoamGame.new(2, seed=_SEED)
    for action in [a for turn in _TURNS for a in turn][:moves]:
        (seat,) = game.to_move()
        game.apply(seat, action)
    return game


def _start() -> RoamGame:
    return _played(0)


def _anchors() -> RoamGame:
    """Seat 1 has chosen its Scout: the picture outlines every square its key marker may take."""
    return _played(1)


def _blank() -> RoamGame:
    """Seat 2's Scout is down on A1 and A2; its blank square A3 is still open."""
    return _played(4)


def _tie() -> RoamGame:
    """Card 5 is complete, three markers each: Seat 2 bids first."""
    return _played(13)


def _claimed() -> RoamGame:
    """Seat 1 has won the bid and claimed Orrin the Oarsman; Seat 2's turned picture."""
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
    return (f"Card {slot + 1} is full: {markers[first]} markers each. Seat {first + 1}, whose turn it is, bids "
            f"first; Seat {answer + 1} answers once.")


EXAMPLES: dict[str, Example] = {
    "start": Example(_start, caption="The map at the start of a two-player game: six land cards numbered 1 to 6, "
                     "each with its character above it; gold discs are coins. Seat 1 sits South, Seat 2 North."),
    "anchors": Example(_anchors, caption="Seat 1 chose its Scout. The outlined squares are where its key marker "
                       "may go: not row 1, where the marker ahead would fall off the map."),
    "blank": Example(_blank, area="card 1", caption="Seat 2 (North, so ahead is south for it) put its Scout's key "
                     "marker on A1: markers on A1 (+2 coins) and A2. Its blank square, A3, costs 2 coins to fill."),
    "tie": Example(_tie, area=_tie_card, caption=_tie_caption),
    "own_view": Example(_claimed, seat=1, caption="Seat 2's own picture: the map turned so the North edge is at "
                        "the bottom, and its characters below it, grey when used."),
}
