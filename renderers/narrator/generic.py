"""The narrator of a game with no words of its own yet: each event by its kind and fields, the seat named.

Plain but true, so a new engine is playable (and its boards readable) before its narrator is written."""

from __future__ import annotations

from typing import Any

from games.core import Event
from renderers.cast import Cast

TURN_KINDS = frozenset({"turn", "turn_started"})


def line(event: Event, cast: Cast, view: dict[str, Any]) -> str:
    """"alice: played (card 3).": who, what kind of event, and its other fields."""
    seat = event.get("seat")
    fields = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in event.items()
                       if key not in ("type", "seat"))
    who = f"{cast.Name(seat)}: " if isinstance(seat, int) else ""
    return f"{who}{event['type'].replace('_', ' ')}" + (f" ({fields})" if fields else "") + "."


def news(event: Event) -> bool:
    return True


def turn_of(event: Event) -> int | None:
    seat = event.get("seat")
    return seat if event["type"] in TURN_KINDS and isinstance(seat, int) else None


def hurts(event: Event) -> frozenset[int]:
    return frozenset()


def scores(event: Event) -> frozenset[int]:
    return frozenset()
