"""Seat colours stay apart under colour-vision deficiency (issue 27, item 6).

Every seat colour is simulated (colorspacious, Machado et al. 2009 at full severity) as seen with
deuteranopia, protanopia and tritanopia, and with normal vision; in each, it must differ from every other seat
colour, and from every ground a seat's piece stands on (each game's terrain, sea and squares, and the paper),
by at least DISTINCT.

The difference is ΔE in CAM02-UCS (Luo, Cui & Li 2006): a uniform space built for differences of any size,
so one threshold means the same step everywhere; CIEDE2000 is fitted to small differences (ΔE under about 5)
and says little about colours meant to differ at a glance. A JND is about 1 in CAM02-UCS; DISTINCT is far
above it, what a small piece against its ground needs to stand out (the pieces carry their seat's shape
besides, see test_common).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from renderers import catan, common, roam
from renderers.common import RGB
from renderers.roanoke import sprites
from renderers.small_islands import style

DISTINCT = 14.0
VISIONS = (None, "deuteranomaly", "protanomaly", "tritanomaly")
GROUNDS: dict[str, RGB] = {
    "paper": common.PAPER,
    **{f"Catan {terrain}": rgb for terrain, rgb in catan.TERRAIN_FILL.items()}, "Catan sea": catan.SEA,
    "Small Islands ocean": style.OCEAN, "Small Islands tile sea": style.TILE_SEA, "Small Islands sand": style.SAND,
    "Small Islands grass": style.GRASS,
    "Roanoke free square": sprites.GROUND, "Roanoke road tile": sprites.TILE_GROUND,
    **{f"ROAM land {i + 1}": rgb for i, rgb in enumerate(roam.LAND)},
}
"""Every ground a seat's piece is drawn on."""


def seen(rgb: RGB, vision: str | None) -> np.ndarray:
    """The colour as a reader with `vision` sees it (sRGB 0-255)."""
    colour = np.asarray(rgb, dtype=float) / 255
    if vision is not None:
        colour = cspace_convert(colour, {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}, "sRGB1")
    return np.clip(colour, 0, 1) * 255


def difference(a: RGB, b: RGB, vision: str | None) -> float:
    return float(deltaE(seen(a, vision), seen(b, vision), input_space="sRGB255", uniform_space="CAM02-UCS"))


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_differ_from_each_other(vision: str | None) -> None:
    close = [f"{a} and {b}: {difference(common.COLOUR_RGB[a], common.COLOUR_RGB[b], vision):.1f}"
             for a, b in itertools.combinations(common.SEAT_COLOUR_NAMES, 2)
             if difference(common.COLOUR_RGB[a], common.COLOUR_RGB[b], vision) < DISTINCT]
    assert not close, f"{vision or 'normal vision'}: " + "; ".join(close)


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_differ_from_every_ground_a_piece_stands_on(vision: str | None) -> None:
    close = [f"{seat} on {ground}: {difference(common.COLOUR_RGB[seat], rgb, vision):.1f}"
             for seat in common.SEAT_COLOUR_NAMES for ground, rgb in GROUNDS.items()
             if difference(common.COLOUR_RGB[seat], rgb, vision) < DISTINCT]
    assert not close, f"{vision or 'normal vision'}: " + "; ".join(close)


def test_the_simulation_finds_the_classic_confusion() -> None:
    """A check of the check: pure red and green, far apart to most eyes, nearly meet under deuteranopia."""
    assert difference((200, 40, 40), (40, 160, 40), None) > 3 * difference((200, 40, 40), (40, 160, 40),
                                                                            "deuteranomaly")
