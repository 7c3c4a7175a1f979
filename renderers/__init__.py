"""Pillow renderers: a game's view -> PNG bytes.

`renderers/<game_id>.py` provides `board(view) -> bytes` and, when the game has hidden
information, `private(view) -> bytes`.  A game with no renderer module of its own is
drawn by `renderers.generic`, so a new engine is playable before its picture exists.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


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
