"""The seats' colour names, the same in every game: seat 1 is red in Catan as in Roanoke.

Roanoke and Small Islands prescribe red, blue, yellow and green for seats 1-4 (rules ROA §1, the ship
tiles of Small Islands), and ROAM's colours are the same four; Colonies seats six, so two more follow.
Words only: renderers.common maps each name to the colour drawn.
"""

from __future__ import annotations

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "sky blue")


def colour_of(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_name(seat: int) -> str:
    """"Seat 1 (red)": how a log line, a panel or a picture names a seat."""
    return f"Seat {seat + 1} ({colour_of(seat)})"
