"""Practice tables (`/game learn`, DESIGN §5): a person against easy AI seats, coached, never rated.

A table is a practice table by a flag in its stored settings (no migration: settings are a stored dict, and
`/game settings` cannot set it). What the coach says comes from `games.coach`; this module decides when: the
coach's line on the person's panel while they are to move, the first-time explanations on the board of the
move that shows a mechanic, and at the end the two closing lines and that the game was not rated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.seats import is_person
from bot.storage import GameRow, Storage
from games.coach import NOT_RATED, closing, coach_line, first_times
from games.core import Action, Event, Game, get_game

PRACTICE = "practice"
"""The settings key that marks a practice table."""
AI_LEVEL = "easy"
"""The level of a practice table's AI seats."""
SETTINGS: dict[str, Any] = {PRACTICE: True, "board": "new", "deadline_hours": None}
"""A practice table's settings: the flag; a board after every move, so that each move's coach and first-time
lines stay in the thread to read back (an edited board would keep only its latest lines; the thread is the
learner's own, so nobody else hears it); and no turn deadline: only the learner waits on their move, so nobody
is reminded and no AI plays it for them when they come back a few days later."""
OPTIONS: dict[str, dict[str, Any]] = {"colonies": {"events": 12}}
"""The table options of a practice game, where a shorter game exists (notes/teaching.md: a short table)."""


def is_practice(settings: Mapping[str, Any]) -> bool:
    return bool(settings.get(PRACTICE))


def practice_seats(game_type: str) -> int:
    """How many seats a practice table has: the fewest the game plays with."""
    return get_game(game_type).min_players


def coach_lines(row: GameRow, game: Game, seat: int) -> list[str]:
    """The coach's line on a panel of a practice table, for the seat to move."""
    return [coach_line(game, seat)] if is_practice(row.settings) else []


async def practice_lines(storage: Storage, row: GameRow, game: Game, seat: int, action: Action,
                         events: list[Event]) -> list[str]:
    """The lines a practice table's move adds to its board (`row` as loaded before the move, `game` after
    it): each mechanic it shows for the first time explained, and once the game is over what the person did
    well, what to try next, and that the game was not rated."""
    if not is_practice(row.settings):
        return []
    log = await storage.actions(row.id)
    lines = first_times(row.game_type, (e for entry in log for e in entry.events), events)
    person = next((s.seat for s in row.seats if is_person(s)), None)
    if game.over and person is not None:
        own = [entry.action for entry in log if entry.seat == person] + ([action] if seat == person else [])
        lines += [*closing(game, person, own), NOT_RATED]
    return lines
