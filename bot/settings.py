"""Table settings (DESIGN §6): their defaults and the ranges a host may set them in."""

from __future__ import annotations

from typing import Any

from bot.errors import Refused
from games.levels import LEVELS

POLICIES = ("ai", "skip", "forfeit")
BOARD_MODES = ("turn", "new", "edit")
BOARD_TEXT = {"turn": "posted once a turn, edited in place while one player acts",
              "new": "posted anew after each move", "edit": "one message edited in place"}
"""What each board mode does (issue 36): `turn` posts a board, with a ping, only when someone else is asked to
act (the AI seats' moves between two people's turns fold into it) and edits it while the same people act;
`new` posts every move; `edit` keeps one message and pings apart."""
DEFAULT_SETTINGS: dict[str, Any] = {"deadline_hours": 48, "reminder": 0.5, "policy": "ai", "board": "turn",
                                    "thread": True, "ai_level": "normal", "offer_minutes": 5}
"""Turn deadline in hours (None: off), reminder as a fraction of the deadline, what happens at the
deadline, how boards are posted (`BOARD_TEXT`), (as a server default) whether
`/game new` opens a thread (yes, where the bot may create one, so a game's boards keep to themselves and
the channel stays quiet), the level of the AI that takes over a seat (at a timeout, or when its player
leaves), and how long an AI's trade offer to a person waits for their answer."""


NOTIFY = ("off", "turn", "every")
"""A person's choice of DMs, from least to most (each includes what the ones before it send):
`off` nothing; `turn` a DM when your turn begins (at most one a round), with your hand, and the reminder
before the deadline; `every` also a DM when asked within another's turn (a discard, an offer to answer), your
hand after each turn of others that changed it (one DM per turn, the newest hand) and the game's private
notices. The channel's mentions and the My hand button stay whatever the choice."""
DEFAULT_NOTIFY = "turn"
NOTIFY_TEXT = {
    "off": "Nothing: no DMs from games. The board still mentions you when it is your move, and **My hand** "
           "under the board shows your hand.",
    "turn": "My turn only: one DM when your turn begins, showing your hand, and the reminder before the deadline. "
            "A discard or an offer to answer in another's turn pings you on the board; no DM.",
    "every": "Every turn: your turns and reminders, a DM for a discard or an offer to answer in another's turn, "
             "and after each turn of others that changed your hand, one DM with your newest hand (several "
             "changes in one turn make one DM); your own moves send none.",
}


def wants(notify: str | None, level: str) -> bool:
    """Whether a person who chose `notify` (None: the default) gets DMs of this level."""
    return NOTIFY.index(notify or DEFAULT_NOTIFY) >= NOTIFY.index(level)


def checked_notify(value: str) -> str:
    """A choice of DMs, or a refusal that names the three (a typed value may be anything)."""
    if value not in NOTIFY:
        raise Refused("Choose every turn (every), my turn only (turn) or nothing (off).", "bad_setting")
    return value


def with_defaults(settings: dict[str, Any]) -> dict[str, Any]:
    return {**DEFAULT_SETTINGS, **settings}


def merged(settings: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """Settings with checked changes applied; a refusal names what is allowed."""
    out = with_defaults(settings)
    for key, value in changes.items():
        out[key] = checked(key, value)
    return out


def checked(key: str, value: Any) -> Any:
    """A table setting within range, or a refusal that says what is allowed."""
    if key == "deadline_hours":
        if value in (None, "off"):
            return None
        if not isinstance(value, int | float) or not 1 <= value <= 720:
            raise Refused("The turn deadline must be between 1 and 720 hours, or off.", "bad_setting")
        return value
    if key == "reminder":
        if not isinstance(value, int | float) or not 0.1 <= value <= 0.9:
            raise Refused("The reminder must come between 10% and 90% of the deadline.", "bad_setting")
        return value
    if key == "policy":
        if value not in POLICIES:
            raise Refused("The timeout policy must be one of: ai, skip, forfeit.", "bad_setting")
        return value
    if key == "board":
        if value not in BOARD_MODES:
            raise Refused("Boards are posted once a turn (turn), anew after each move (new), or as one message "
                          "edited in place (edit).", "bad_setting")
        return value
    if key == "ai_level":
        if value not in LEVELS:
            raise Refused(f"The AI level is one of: {', '.join(LEVELS)}.", "bad_setting")
        return value
    if key == "offer_minutes":
        if not isinstance(value, int) or not 1 <= value <= 1440:
            raise Refused("An AI's offer waits between 1 and 1440 minutes for an answer.", "bad_setting")
        return value
    if key == "thread":
        if not isinstance(value, bool):
            raise Refused("The thread setting is on or off.", "bad_setting")
        return value
    raise Refused(f"There is no table setting called {key!r}.", "bad_setting")


