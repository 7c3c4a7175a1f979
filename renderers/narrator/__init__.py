"""Each game's narrator: events in, sentences for one reader out (DESIGN §5, "A good host's voice").

The engines keep seat numbers and write events; what a person reads about them is said here, once per game,
with the names of a `Cast` and the grammar of `games.grammar`. A game's module (`renderers.narrator.<game>`)
says each event as a sentence and sorts it; this module makes of those sentences what each place shows:

* `log`: every event, a sentence each (`/game log`, the terminal);
* `story`: a board's text, the turns since the last board told as one short paragraph a turn, leaving out
  bookkeeping (a turn ending, an offer closing, a wait);
* `catch_up`: what opens a person's ask, their own news first (what they lost), then what threatens them,
  then others' points and titles, at most `MOST` lines and a pointer to the rest.

A game's module provides:
  `line(event, cast, view) -> str`  the event as a sentence ("" when it says nothing); `view` is the public view
                                    the events led to (for names of places that only the board holds);
  `news(event) -> bool`              whether a board tells it (False for bookkeeping);
  `turn_of(event) -> int | None`     the seat whose turn the event opens (a new paragraph), else None;
  `hurts(event) -> frozenset[int]`   the seats it costs something: cards taken or discarded, a title, a building
                                     blocked, points, a colony;
  `scores(event) -> frozenset[int]`  the seats it brings points or a title;
and may provide
  `label(action, cast, view) -> str | None`  a move's label where it names a seat (None: the engine's label).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from games.core import Event, Move
from renderers.cast import Cast

MOST = 5
"""The most lines of news a catch-up shows; the rest are in `/game log`."""
HEADER = "Since your last turn:"
REST = "The rest is in `/game log`."
BULLET = "• "


_NARRATORS: dict[str, Any] = {}


def register(game_id: str, told: Any) -> None:
    """Give a game whose narrator lives outside this package (a test's own game) its narrator: any object with
    the functions a game's module here has."""
    _NARRATORS[game_id] = told


def narrator(game_id: str) -> Any:
    """The game's narrator: its module here, else the one registered for it, else `generic`'s plain words (a
    new engine is playable before its narrator is written)."""
    if game_id not in _NARRATORS:
        try:
            _NARRATORS[game_id] = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{game_id}":
                raise
            return importlib.import_module(f"{__name__}.generic")
    return _NARRATORS[game_id]


def sentence(game_id: str, event: Event, cast: Cast, view: dict[str, Any] | None = None) -> str:
    """One event as the game's narrator says it ("" when it says nothing)."""
    return narrator(game_id).line(event, cast, view or {})


def log(game_id: str, events: Sequence[Event], cast: Cast, view: dict[str, Any] | None = None) -> list[str]:
    """Every event that says something, a sentence each, in order: the record."""
    return [said for event in events if (said := sentence(game_id, event, cast, view))]


def story(game_id: str, events: Sequence[Event], cast: Cast, view: dict[str, Any] | None = None) -> list[str]:
    """The turns `events` hold, one paragraph each: the news of that turn as a few sentences in a row."""
    module = narrator(game_id)
    paragraphs: list[list[str]] = [[]]
    for event in events:
        if module.turn_of(event) is not None and paragraphs[-1]:
            paragraphs.append([])
        if module.news(event) and (said := module.line(event, cast, view or {})):
            paragraphs[-1].append(said)
    return [" ".join(p) for p in paragraphs if p]


def catch_up(game_id: str, events: Sequence[Event], cast: Cast, view: dict[str, Any] | None = None,
             threats: Sequence[str] = ()) -> list[str]:
    """What changed for `cast.reader` in `events` (those since their last turn): what they lost first, then
    `threats` (what may cost them next, said to them), then the points and titles others gained; at most `MOST`
    lines, then where the rest is. Never the reader's own doing as news. Empty when nothing touched them."""
    module, reader = narrator(game_id), cast.reader
    assert reader is not None, "a catch-up is written for one reader"
    lost = [e for e in events if reader in module.hurts(e)]
    gained = [e for e in events if module.scores(e) - {reader} and e not in lost and e.get("seat") != reader]
    told = [*(module.line(e, cast, view or {}) for e in lost), *threats,
            *(module.line(e, cast, view or {}) for e in gained)]
    told = [line for line in told if line]
    if not told:
        return []
    rest = len(told) > MOST or any(module.news(e) for e in events if e not in lost and e not in gained)
    return [HEADER, *(BULLET + line for line in told[:MOST]), *([REST] if rest else [])]


def label(game_id: str, move: Move, cast: Cast, view: dict[str, Any]) -> Move:
    """`move` with the label its game's narrator gives it where it names a seat ("rob bob", "Trade with alice":
    the engine knows seats by number only), else as the engine labelled it."""
    relabel = getattr(narrator(game_id), "label", None)
    said = relabel(move.action, cast, view) if relabel is not None else None
    return move if said is None else move._replace(label=said)


PARTNER_FIELDS = ("to", "partner")
"""The fields of a free-form move's shape (`Game.action_shapes`) whose whole-number choices are seats, numbered
from 1 as players count them."""


def shape_named(shape: dict[str, Any], cast: Cast) -> dict[str, Any]:
    """A free-form move's shape with the seats it lets the player pick named by `cast` ("alice (red)")."""
    fields = [{**f, "choices": [{**c, "label": cast.full(c["value"] - 1)}
                                if isinstance(c.get("value"), int) and not isinstance(c["value"], bool) else c
                                for c in f["choices"]]}
              if f.get("name") in PARTNER_FIELDS and f.get("kind") == "pick" else f
              for f in shape.get("fields", [])]
    return {**shape, "fields": fields} if "fields" in shape else shape
