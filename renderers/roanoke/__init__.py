"""Roanoke pictures (ROA-S40): the 13x13 grid labelled A-M and 1-13 with every road tile drawn as
road segments in its owner's colour, the exits as gates, the starting crosses, the resource nodes,
houses, generators and road upgrades, the drawn tile's legal squares dotted, and the squares open to the
player to move on tags; the market, the pile, the players and the seasons go beside it as text
(renderers.text.roanoke).  The private picture is one seat's colony: its hand, where its drawn tile may go, what it
can buy, and how it stands against the season card.

Road tiles are sprites drawn once per shape, owner and state, so a board is mostly pastes on a
cached layer holding the paper, the grid, its labels, the exits, the nodes and the panel frames.
"""

from typing import Any

from renderers.common import RGB
from renderers.roanoke.colony import private
from renderers.roanoke.picture import area, board, place_label
from renderers.roanoke.sprites import COLOUR_RGB


def seat_rgb(view: dict[str, Any]) -> list[RGB]:
    return [COLOUR_RGB[p["seat"]] for p in view["players"]]


__all__ = ["area", "board", "place_label", "private", "seat_rgb"]
