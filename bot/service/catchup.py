"""The catch-up that opens a person's ask (issue 36): what happened since they last acted, read from the
events stored with each action and told in the game's own sentences, what touched them first.

Boards are few (one a turn), so more happens between two of a person's turns; the catch-up says it in a few
lines and points to `/game log` for the rest."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.storage import ActionRow
from games.core import Event, Game

MOST = 6
"""The most lines of events a catch-up shows; the rest are in `/game log`."""
HEADER = "Since your last move:"
MORE = "All of it in `/game log`."
BULLET = "• "


def touches(event: Event, line: str, seat: int) -> bool:
    """Whether an event touched `seat` though another made it: its sentence names the seat ("Seat 3 stole a
    card from Seat 1.", "Seat 1 gets 1 grain"), and the seat is not the one who acted."""
    return event.get("seat") != seat and re.search(rf"\bSeat {seat + 1}(?!\d)", line) is not None


def since_last_move(log: Sequence[ActionRow], seat: int) -> list[Event]:
    """The events of the actions after the seat's last one (every event when it has not acted yet)."""
    start = next((i + 1 for i in range(len(log) - 1, -1, -1) if log[i].seat == seat), 0)
    return [event for entry in log[start:] for event in entry.events]


def catch_up(game: Game, seat: int, events: Sequence[Event]) -> list[str]:
    """What `events` (since the seat last acted) were, for that seat: the ones that touched it first, then the
    others, at most `MOST` lines, and where to read more; empty when nothing happened."""
    said = [(event, game.describe_event(event)) for event in events]
    said = [(event, line) for event, line in said if line]
    if not said:
        return []
    mine = [line for event, line in said if touches(event, line, seat)][:MOST]
    rest = [line for event, line in said if not touches(event, line, seat)]
    kept = rest[max(0, len(rest) - (MOST - len(mine))):] if len(mine) < MOST else []  # the latest of the others
    left = len(said) - len(mine) - len(kept)
    more = f"{left} more in `/game log`." if left else MORE
    return [HEADER, *(BULLET + line for line in [*mine, *kept]), more]
