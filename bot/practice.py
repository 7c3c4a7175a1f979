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

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from bot.seats import cast_of, is_person
from bot.storage import GameRow, Storage
from games.coach import (
    COACH,
    FIRST_TIME,
    NOT_RATED,
    advise,
    closing,
    coach_line,
    feedback,
    first_times,
    remembered,
    spoken,
)
from games.coach.coaching import Advice, Reason
from games.core import Action, Event, Game, Move, get_game
from games.search import key
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


COACH_MEMORY = "coach"
"""The settings key of a practice table's coach memory, written with each move: how often it said each sentence
(`said`, by `games.coach.said_key`: none more than `SAID_MOST` times a game), and its line on the learner's
decision at version `at` with the move it suggested there and why (`pick`, `reason`), so that the panel shows the
board's line and the coach can tell the learner when their move was clearly worse."""

Judge = Callable[[Game, int, list[Action]], Awaitable[list[float]]]
"""What weighs moves for the coach's feedback: each move's worth to the seat by the hard level's evaluation, in
a worker (`bot.thinking.Thinking.judge`)."""


@dataclass(frozen=True)
class Coached:
    """What a practice table's change adds: lines on its board, and its settings with the coach's memory as
    the change leaves it (None: unchanged)."""

    lines: list[str]
    settings: dict[str, Any] | None = None


def ranks(lines: list[str]) -> list[int]:
    """How long a board keeps each line once its text outgrows a message (`bot.outbox.fit`): a practice board's
    coach's lines on decisions already made go first, then the story, then the coach's line on the decision now,
    and a first-time explanation last (it is said once a game: a board that dropped it would leave it unsaid)."""
    coached = [i for i, line in enumerate(lines) if line.startswith(f"{COACH} **Coach:**")]
    now = coached[-1] if coached else None
    return [3 if line.startswith(FIRST_TIME) else 2 if i == now else 0 if i in coached else 1
            for i, line in enumerate(lines)]


def named(row: GameRow, game: Game, seat: int, action: Action) -> str:
    """A move as its button names it for the seat's person (the narrator's label, with the table's names)."""
    move = label(row.game_type, Move(game.describe(action), action, ()), cast_of(row.seats, seat), game.view(None))
    return move.label


def learner(row: GameRow) -> int | None:
    """The seat of a practice table's person (the first person's seat of any table)."""
    return next((s.seat for s in row.seats if is_person(s)), None)


def memory(settings: Mapping[str, Any]) -> dict[str, Any]:
    return dict(settings.get(COACH_MEMORY) or {})


def speak(row: GameRow, game: Game, version: int, mover: int | None = None) -> Coached:
    """The coach's line on the learner's decision in `game` (the table at `version`, after `mover`'s move), and
    the memory that says it was said. Nothing while the learner is not to move, or may only decline an offer
    (nobody asks them that, `Game.only_declines`); nothing new on the board while another seat's move leaves the
    learner the decision and the pick they had (an answer to someone's offer, a discard), which the board shows."""
    person = learner(row)
    if not is_practice(row.settings) or person is None or game.over or person not in game.to_move() \
            or game.only_declines(person):
        return Coached([])
    told = memory(row.settings)
    said: dict[str, int] = told.get("said", {})
    advice = advise(game, person)
    if mover != person and told.get("at") == row.version and told.get("pick") is not None \
            and advice is not None and key(advice.action) == key(told["pick"]):
        return Coached([], {**row.settings, COACH_MEMORY: {**told, "at": version}})
    why = spoken(advice.reason, said) if advice is not None else None
    line, sentences = coach_line(game, person, advice, named(row, game, person, advice.action) if advice else "",
                                 said)
    told = {"said": remembered(said, sentences), "at": version, "line": line,
            "pick": advice.action if advice is not None and why else None,
            "reason": advice.reason.text if advice is not None and why else None}
    return Coached([line] if line else [], {**row.settings, COACH_MEMORY: told})


def coach_lines(row: GameRow, game: Game, seat: int) -> list[str]:
    """The coach's line on a practice table's panel for its learner: the line its board shows for this decision
    (said and remembered with the move that led here)."""
    if not is_practice(row.settings) or seat != learner(row):
        return []
    told = memory(row.settings)
    if told.get("at") == row.version:
        return [told["line"]] if told.get("line") else []
    return speak(row, game, row.version).lines  # a table the coach has not spoken at yet


async def _feedback(row: GameRow, seat: int, action: Action, judge: Judge) -> list[str]:
    """The coach's line when the learner's move (made at `row`) is clearly worse than its pick there."""
    told = memory(row.settings)
    pick = told.get("pick")
    if seat != learner(row) or told.get("at") != row.version or pick is None or key(pick) == key(action):
        return []
    before = get_game(row.game_type).from_dict(json.loads(row.state))
    worth_pick, worth_made = await judge(before, seat, [pick, action])
    advice = Advice(pick, Reason(told["reason"], told["reason"]))
    line = feedback(advice, named(row, before, seat, pick), worth_pick, worth_made)
    return [line] if line else []


async def practice_lines(storage: Storage, row: GameRow, game: Game, seat: int, action: Action,
                         events: list[Event], judge: Judge) -> Coached:
    """What a practice table's move adds to its board (`row` as loaded before the move, `game` after it): the
    coach's word when the learner's move was clearly worse than its pick, each mechanic it shows for the first
    time explained, the coach's line when the person is to move next, and once the game is over what the person
    did well, what to try next, and that the game was not rated."""
    if not is_practice(row.settings):
        return Coached([])
    lines = await _feedback(row, seat, action, judge)
    log = await storage.actions(row.id)
    lines += first_times(row.game_type, (e for entry in log for e in entry.events), events)
    person = learner(row)
    if game.over and person is not None:
        own = [entry.action for entry in log if entry.seat == person] + ([action] if seat == person else [])
        lines += [*closing(game, person, own), NOT_RATED]
    spoke = speak(row, game, row.version + 1, seat)
    return Coached([*lines, *spoke.lines], spoke.settings)
