"""Small Islands' colours, sizes and words, shared by every part of its pictures."""

from __future__ import annotations

from typing import Any

from renderers.common import COLOUR_RGB as SEAT_RGB
from renderers.common import MUTED, RGB

OCEAN: RGB = (92, 115, 147)        # open water where no tile lies; greyed, so blue ships stand out on it
TILE_SEA: RGB = (94, 118, 133)     # the sea printed on a tile
SEAM: RGB = (82, 104, 120)         # tile edges, seen in the sea only
SHALLOW: RGB = (160, 182, 196)
SAND: RGB = (254, 248, 223)
GRASS: RGB = (203, 226, 184)
BADGE: RGB = (252, 247, 228)       # the disc under an icon
FLOWER: RGB = (222, 78, 150)
FRUIT: RGB = (242, 140, 28)
LEAF: RGB = (46, 140, 60)
STONE: RGB = (236, 236, 236)
HULL: RGB = (120, 76, 40)
GREY_SHIP: RGB = (160, 160, 160)
RULER: RGB = (90, 90, 90)
GRID: RGB = (82, 104, 136)         # faint lines over the open sea
FRAME: RGB = (236, 246, 252)       # a free cell's dashed frame
CARD_FILL: tuple[RGB, RGB] = ((255, 250, 235), (244, 244, 244))   # a card played now, a card held
TOKEN_FILL: tuple[RGB, RGB] = ((236, 210, 130), (250, 226, 140))  # a discovery token kept, one to choose
COLOUR_RGB: dict[str, RGB] = {**SEAT_RGB, "grey": GREY_SHIP}
"""The ship colours the rules name, drawn as every game draws them, and the grey side; every seat also keeps
its own marker shape."""
RESOURCE_RGB = {"flower": FLOWER, "fruit": FRUIT, "leaf": LEAF}

WIDTH = 880
HEIGHT = 1000
"""The board at most, unless the map is so large that its cells would fall under READABLE."""
MIN_WIDTH = 720
"""The board at least: room for the row under the map."""
MARGIN = 12                        # paper around the rulers
RULE = 28                          # the rulers' band around the water, at least
CELLS = (124, 112, 100, 88, 80, 74, 70, 62, 54, 48)
"""Cell sizes in px, largest first: the largest that fits the map is used."""
READABLE = 70
"""Below this cell size the canvas grows instead, up to MAX_SIDE px in either direction."""
MAX_SIDE = 2000
ROW_CELL = 100
ROW_HEIGHT = ROW_CELL + 24
"""The band under the map that holds the row."""
TURN_WORD = ("", "a quarter right", "upside down", "a quarter left")
"""Under a hand tile's turn as the move labels name it ("turned 90°"), that turn in everyday words."""


def player_rgb(player: dict[str, Any]) -> RGB:
    return COLOUR_RGB.get(player["colour"], MUTED)

