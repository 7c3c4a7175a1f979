"""Practice tables (`/game learn`, DESIGN §5): a person against easy AI seats, coached, never rated.

A table is a practice table by a flag in its stored settings (no migration: settings are a stored dict, and
`/game settings` cannot set it). What the coach says comes from `games.coach`; this module decides when: the
coach's line on the person's panel and on the board while they are to move (the board keeps it to read back),
the first-time explanations on the board of the move that shows a mechanic, and at the end the two closing lines
and that the game was not rated.

A practice table is as quiet as any table (DESIGN §5): its board goes once a turn, edited in place; it sends no
DM (the learner plays at the table, the coach's lines are on the board); it holds no channel's table slot (only
its own thread's, `Storage.active_in_channel`); a member has one open at a time per server; and one the learner
left alone for `IDLE` ends by its timeout job with `idle_line`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from bot.seats import cast_of, is_person
from bot.storage import GameRow, Storage
from games.coach import NOT_RATED, advise, closing, coach_line, first_times
from games.core import Action, Event, Game, Move, get_game
from renderers.narrator import label

PRACTICE = "practice"
"""The settings key that marks a practice table."""
AI_LEVEL = "easy"
"""The level of a practice table's AI seats."""
SETTINGS: dict[str, Any] = {PRACTICE: True, "board": "turn", "deadline_hours": None}
"""A practice table's settings: the flag; a board once a turn, edited in place while the learner acts (the
edit keeps the turn's lines, the coach's among them, and the board stays in the thread once the next is
posted); and no turn deadline: only the learner waits on their move, so nobody is reminded and no AI plays it
for them (the table ends after `IDLE` instead)."""
IDLE = timedelta(days=3)
"""How long a practice table waits on its learner before it ends (its timeout job, `bot.service.kernel`)."""
OPTIONS: dict[str, dict[str, Any]] = {"colonies": {"events": 12}}
"""The table options of a practice game, where a shorter game exists (notes/teaching.md: a short table)."""


def is_practice(settings: Mapping[str, Any]) -> bool:
    return bool(settings.get(PRACTICE))


def idle_line() -> str:
    """The one line of a practice table that ended because its learner left it alone for `IDLE`."""
    return (f"This practice game ended: no move for {IDLE.days} days. It was not rated; "
            "`/game learn` opens a new one any time.")


def practice_seats(game_type: str) -> int:
    """How many seats a practice table has: the fewest the game plays with."""
    return get_game(game_type).min_players


def named(row: GameRow, game: Game, seat: int, action: Action) -> str:
    """A move as its button names it for the seat's person (the narrator's label, with the table's names)."""
    move = label(row.game_type, Move(game.describe(action), action, ()), cast_of(row.seats, seat), game.view(None))
    return move.label


def coach_lines(row: GameRow, game: Game, seat: int) -> list[str]:
    """The coach's line on a panel of a practice table, for the seat to move."""
    if not is_practice(row.settings):
        return []
    advice = advise(game, seat)
    line = coach_line(game, seat, advice, named(row, game, seat, advice.action) if advice else "", {})
    return [line] if line else []


def learner(row: GameRow) -> int | None:
    """The seat of a practice table's person (the first person's seat of any table)."""
    return next((s.seat for s in row.seats if is_person(s)), None)


def board_coach(row: GameRow, game: Game) -> list[str]:
    """The coach's line on a practice table's board while its person is to move (the same as on their panel),
    so that it is still there to read once the panel is gone."""
    person = learner(row)
    if person is None or game.over or person not in game.to_move():
        return []
    return coach_lines(row, game, person)


async def practice_lines(storage: Storage, row: GameRow, game: Game, seat: int, action: Action,
                         events: list[Event]) -> list[str]:
    """The lines a practice table's move adds to its board (`row` as loaded before the move, `game` after
    it): each mechanic it shows for the first time explained, the coach's line when the person is to move
    next, and once the game is over what the person did well, what to try next, and that the game was not
    rated."""
    if not is_practice(row.settings):
        return []
    log = await storage.actions(row.id)
    lines = first_times(row.game_type, (e for entry in log for e in entry.events), events)
    person = learner(row)
    if game.over and person is not None:
        own = [entry.action for entry in log if entry.seat == person] + ([action] if seat == person else [])
        lines += [*closing(game, person, own), NOT_RATED]
    return [*lines, *board_coach(row, game)]
