"""What a game's coach knows (`games.coach`): the words each game's module here fills in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core import Event


@dataclass(frozen=True)
class Mechanic:
    """Something a player meets during a game that needs a word the first time: `shows` picks the event that
    brings it, `rule` is the rule id (or section) `/game rules … section:` opens to teach it."""

    key: str
    rule: str
    text: str
    shows: Callable[[Event], bool]


@dataclass(frozen=True)
class Coaching:
    """A game's coach: by action type what the choice means and why a beginner might take it, and what it
    looks like done (for the closing praise); the mechanics it explains once; and its advice for a real game."""

    choices: dict[str, str]
    reasons: dict[str, str]
    deeds: dict[str, str]
    mechanics: tuple[Mechanic, ...]
    advice: str
