"""What a game's coach knows (`games.coach`): the contract each game's module here fills in.

A coach's reason is a fact of the position it was given in, never a fixed phrase per kind of move (DESIGN §5,
"Teach by playing"): "brick on 4 and lumber on 5, 7 pips" is computed from the board the learner sees, and a
test per game checks every such fact against that board. A coach reads only what the seat may see (its
`view`, its own legal moves): the game object it is given holds the others' hidden cards too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core import Action, Event, Game


@dataclass(frozen=True)
class Mechanic:
    """Something a player meets during a game that needs a word the first time: `shows` picks the event that
    brings it, `rule` is the rule id (or section) `/game rules … section:` opens to teach it."""

    key: str
    rule: str
    text: str
    shows: Callable[[Event], bool]


def event_of(kind: str, test: Callable[[Event], Any] | None = None, **fields: Any) -> Callable[[Event], bool]:
    """A `Mechanic.shows`: an event of type `kind` whose `fields` are as given and that passes `test`."""
    return lambda e: (e.get("type") == kind and all(e.get(k) == v for k, v in fields.items())
                      and (test is None or bool(test(e))))


@dataclass(frozen=True)
class Reason:
    """Why a move is worth making, said as facts of this position to the learner ("you"), naming no other
    player by seat. `short` says the same advice again, shorter, once `text` was said three times in a game
    (`games.coach.SAID_MOST`). `facts` holds the numbers the text states, by name, for the tests that check
    them against the position (the pips of a spot, the cards a build still needs, the tokens left)."""

    text: str
    short: str
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """What a sensible beginner might do now, and why: no suggestion without a reason."""

    action: Action
    reason: Reason


@dataclass(frozen=True)
class Coaching:
    """A game's coach: every action type's meaning in a player's words (`choices`); `advise`, the move it
    suggests to a seat and its reason, or None when there is nothing worth saying (a single forced move with
    nothing to tell, or no move it can give a true reason for); what a kind of move looks like done (for the
    closing praise); the mechanics it explains once; and its advice for a real game."""

    choices: dict[str, str]
    advise: Callable[[Game, int], Advice | None]
    deeds: dict[str, str]
    mechanics: tuple[Mechanic, ...]
    advice: str

