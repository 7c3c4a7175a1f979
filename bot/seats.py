"""Who sits in a seat, in one place: the service, the outbox, delivery and the layers above all ask here.

A seat is read from a stored row (`bot.storage.SeatRow`) or from what the service returns
(`bot.outcome.SeatInfo`); both carry these fields.
"""

from __future__ import annotations

from typing import Protocol

from bot.settings import DEFAULT_SETTINGS, wants

DEFAULT_LEVEL: str = DEFAULT_SETTINGS["ai_level"]


class Seat(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def user_id(self) -> int | None: ...

    @property
    def is_ai(self) -> bool: ...

    @property
    def left(self) -> bool: ...

    @property
    def dm_ok(self) -> bool: ...

    @property
    def notify(self) -> str | None: ...

    @property
    def level(self) -> str | None: ...


def is_person(seat: Seat) -> bool:
    """A person plays this seat (not an AI, nor an AI that took over from a person who left)."""
    return seat.user_id is not None and not seat.is_ai and not seat.left


def ai_level(seat: Seat) -> str:
    """The level the AI of this seat plays at (`games.ai.LEVELS`): normal where none was stored."""
    return seat.level or DEFAULT_LEVEL


def player_of(seat: Seat) -> str:
    """Who plays a seat, as the lobby, the board, the status, the results and the replay name them: the person's
    mention, or the seat as the game's own lines name it with its AI's level, "Seat 2 (AI, hard)" (also where an
    AI took over from a person who left): one name per seat in a post that holds both."""
    return f"Seat {seat.seat + 1} (AI, {ai_level(seat)})" if seat.is_ai else f"<@{seat.user_id}>"


def dm_target(seat: Seat, level: str) -> int | None:
    """The user to DM from this seat: a person seated here who has not closed their DMs and wants DMs of this
    level (`bot.settings.NOTIFY`: `turn` for being asked to move, `every` for hands and notices)."""
    return seat.user_id if is_person(seat) and seat.dm_ok and wants(seat.notify, level) else None
