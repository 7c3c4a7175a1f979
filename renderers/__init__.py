"""Pillow renderers: a game's view -> PNG bytes.

Pictures are made to be read in Discord's chat column (550 px wide on a desktop, 350 px on a phone): no text
on a public board is under 7 px of cap height at 550 px, and none on a close-up or a private picture (where a
player decides, often on a phone) at 350 px.  `renderers/<game_id>.py` provides `board(view, choices, cast) ->
bytes` (the ids of the places `choices` name drawn on it; `cast` names the seats, `renderers.cast`) and, when the
game has hidden information, `private(view, cast) -> bytes`; a game that lets a place be picked in two steps
(`Game.areas`) provides `area(view, name, choices) -> bytes`, the zoomed picture of one area, and
`place_label(view, action) -> str | None`, the id it shows; a game whose seats wear colours of their own (not the
common seat palette) names them with `seat_rgb(view)`.
The words sent beside a picture, and its alt text, are renderers.text.  A game with no renderer module of its own is
drawn by `renderers.generic`, so a new engine is playable before its picture exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any

from games.core import Action
from renderers.cast import Cast, colour_player
from renderers.common import RGB, drawable, seat_colour


def _module(game_id: str) -> ModuleType:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game_id}":
            raise
        return importlib.import_module(f"{__name__}.generic")


def render_board(game_id: str, view: dict[str, Any], choices: Sequence[Action] = (),
                 cast: Cast | None = None) -> bytes:
    """The public board picture (PNG) of a public view, with the ids of the places `choices` name (the moves
    open to the player to move, when the picture is theirs to pick from; none on a replay or a recap); `cast`
    names the seats (by colour when None)."""
    return _module(game_id).board(view, choices, drawn(cast))


def drawn(cast: Cast | None) -> Cast:
    """The cast as a picture draws it: a name the typeface has no letters for (Arabic, Chinese…) by its colour
    ("Blue") rather than as empty boxes; every seat by its colour when no cast is given."""
    if cast is None:
        return Cast([])
    players = [p if drawable(p.name) else replace(p, name=colour_player(seat).name)
               for seat, p in enumerate(cast.players)]
    return Cast(players, cast.reader, cast.intro)


def render_area(game_id: str, view: dict[str, Any], area: str, choices: Sequence[Action]) -> bytes | None:
    """The zoomed pick picture (PNG) of one area (`Game.areas`) with the id of every place `choices` name
    there, readable on a phone; None for a game that picks in one step."""
    fn = getattr(_module(game_id), "area", None)
    return fn(view, area, choices) if fn else None


def place_label(game_id: str, view: dict[str, Any], action: Action) -> str | None:
    """The id a picture of `view` shows for the place `action` names ("32", "C4"), or None."""
    fn = getattr(_module(game_id), "place_label", None)
    return fn(view, action) if fn else None


def render_private(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> bytes | None:
    """The private picture (PNG) of one seat's view, or None if the game draws none; `cast` is read by that
    seat (by colour when None)."""
    fn = getattr(_module(game_id), "private", None)
    return fn(view, drawn(cast) if cast is not None else Cast([], view.get("seat"))) if fn else None


def seat_colours(game_id: str, view: dict[str, Any]) -> list[RGB]:
    """The colour each seat wears on the game's board, for pictures drawn beside it (the recap's chart)."""
    fn = getattr(_module(game_id), "seat_rgb", None)
    return fn(view) if fn else [seat_colour(p.get("seat", i)) for i, p in enumerate(view.get("players", []))]
