"""One colour name per seat across the five games, and one colour drawn per name (issue 18, item 7).

Roanoke (ROA §1) and Small Islands (B3.3, the ship tiles) prescribe red, blue, yellow and green for
seats 1-4; ROAM's four colours (A3.1) are seated the same way, and Catan and Colonies take the same
palette, so seat 1 is red wherever it plays, in the log, the panels and the picture.
"""

from __future__ import annotations

import pytest

from games.colours import SEAT_COLOURS, seat_name
from games.core import registry
from renderers import common
from renderers.roanoke import sprites
from renderers.small_islands import style

COLOURED = ("roanoke", "roam", "small_islands")
"""The games whose views say each seat's colour."""


@pytest.mark.parametrize("game_id", COLOURED)
def test_a_seat_has_the_same_colour_name_in_every_game(game_id: str) -> None:
    cls = registry()[game_id]
    for players in range(cls.min_players, cls.max_players + 1):
        view = cls.new(players, seed=3).view(None)
        said = [p["colour"] for p in sorted(view["players"], key=lambda p: p["seat"])]
        assert said == list(SEAT_COLOURS[:players]), f"{game_id} with {players}: {said}"


def test_the_rules_colours_come_first() -> None:
    """ROA §1 and the Small Islands ship tiles: seat 1 red, 2 blue, 3 yellow, 4 green."""
    assert SEAT_COLOURS[:4] == ("red", "blue", "yellow", "green")
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) >= max(c.max_players for c in registry().values())
    assert seat_name(0) == "Seat 1 (red)"


def test_every_picture_draws_a_name_in_the_same_colour() -> None:
    assert common.SEAT_COLOUR_NAMES == SEAT_COLOURS
    assert tuple(common.COLOUR_RGB[name] for name in SEAT_COLOURS) == common.SEAT_COLOURS
    assert common.SEAT_COLOURS[:4] == sprites.COLOUR_RGB
    assert all(style.COLOUR_RGB[name] == common.COLOUR_RGB[name] for name in SEAT_COLOURS[:4])
    assert all(common.seat_colour(s) == common.COLOUR_RGB[SEAT_COLOURS[s]] for s in range(len(SEAT_COLOURS)))
