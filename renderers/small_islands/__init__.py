"""Small Islands pictures: the archipelago as little islands, and each seat's tiles, cards and tokens.

Every tile is drawn from its ring (B2): land at the centre, a tongue of land out through every land
edge and a filled quarter behind every land corner, softened into a coast with sand and shallows.
Where two tiles meet, the coast is shaped only by the ring points they share, so it runs on across
the seam.  Icons stay upright: resources, temples and house symbols on the land, ports (anchors) in
the sea beside it; houses, bonus tokens and ships are laid over the tiles in the seats' colours.

The map grows without bound, so the picture fits what has been built: the cell size steps down as
the map spreads and the canvas grows once cells would get too small to read; its text is sized from its
width, so it reads at 550 px wide.  Every empty cell a tile may go to is framed, and named as moves and /play
name it ("C4") where the player to move may place; rulers letter the columns and number the rows.  The
players, scores and news go beside the picture as text (renderers.text.small_islands).

Tile sprites are drawn once per (tile, rotation, cell size), icons once per kind and size, so a
picture is mostly pastes.
"""

from typing import Any

from renderers.common import RGB
from renderers.small_islands.hand import private
from renderers.small_islands.picture import area, board, place_label
from renderers.small_islands.style import player_rgb


def seat_rgb(view: dict[str, Any]) -> list[RGB]:
    return [player_rgb(p) for p in view["players"]]


__all__ = ["area", "board", "place_label", "private", "seat_rgb"]
