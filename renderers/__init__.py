"""Pillow renderers: a game's view -> PNG bytes.

`renderers/<game_id>.py` provides `board(view) -> bytes` and, when the game has hidden
information, `private(view) -> bytes`; a game whose seats wear colours of their own (not the
common seat palette) names them with `seat_rgb(view) -> list[RGB]`.  A game with no renderer module of its own is
drawn by `renderers.generic`, so a new engine is playable before its picture exists.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from renderers.common import RGB, seat_colour


def _module(game_id: str) -> ModuleType:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game_id}":
            raise
        return importlib.import_module(f"{__name__}.generic")


def render_board(game_id: str, view: dict[str, Any]) -> bytes:
    """The public board picture (PNG) of a public view."""
    return _module(game_id).board(view)


def render_private(game_id: str, view: dict[str, Any]) -> bytes | None:
    """The private picture (PNG) of one seat's view, or None if the game draws none."""
    fn = getattr(_module(game_id), "private", None)
    return fn(view) if fn else None


def seat_colours(game_id: str, view: dict[str, Any]) -> list[RGB]:
    """The colour each seat wears on the game's board, for pictures drawn beside it (the recap's chart)."""
    fn = getattr(_module(game_id), "seat_rgb", None)
    return fn(view) if fn else [seat_colour(p.get("seat", i)) for i, p in enumerate(view.get("players", []))]
