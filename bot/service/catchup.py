"""The catch-up that opens a person's ask (issues 36 and 43): what changed for them since they last acted,
read from the events stored with each action and told by the game's narrator (`renderers.narrator.catch_up`:
their losses first, then others' points and titles, at most five lines), on their private panel and in the DM
that asks them to move."""

from __future__ import annotations

from collections.abc import Sequence

from bot.seats import Seat, cast_of
from bot.storage import ActionRow
from games.core import Event, Game
from renderers.narrator import catch_up


def since_last_move(log: Sequence[ActionRow], seat: int) -> list[Event]:
    """The events of the actions after the seat's last one (every event when it has not acted yet)."""
    start = next((i + 1 for i in range(len(log) - 1, -1, -1) if log[i].seat == seat), 0)
    return [event for entry in log[start:] for event in entry.events]


def news_for(game: Game, seats: Sequence[Seat], seat: int, log: Sequence[ActionRow]) -> list[str]:
    """`seat`'s catch-up, said to them ("you"), from the game's log."""
    return catch_up(game.id, since_last_move(log, seat), cast_of(seats, seat), game.view(None))
