"""roam's narrator: a stand-in that says the engine's own sentences, until the game's narrator is written."""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.roam import text
from renderers.cast import Cast


def line(event: Event, cast: Cast, view: dict[str, Any]) -> str:
    return text.describe_event(event)


def news(event: Event) -> bool:
    return True


def turn_of(event: Event) -> int | None:
    return event.get("seat") if event["type"] == "turn_started" else None


def hurts(event: Event) -> frozenset[int]:
    return frozenset()


def scores(event: Event) -> frozenset[int]:
    return frozenset()
