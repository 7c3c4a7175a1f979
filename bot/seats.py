"""Who sits in a seat, in one place: the service, the outbox, delivery and the layers above all ask here.

A seat is read from a stored row (`bot.storage.SeatRow`) or from what the service returns
(`bot.outcome.SeatInfo`); both carry these fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.names import inert
from bot.settings import DEFAULT_SETTINGS, wants
from games.colours import colour_of
from renderers.cast import Cast, Player, ai_player, colour_player

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

    @property
    def known_as(self) -> str | None: ...


def is_person(seat: Seat) -> bool:
    """A person plays this seat (not an AI, nor an AI that took over from a person who left)."""
    return seat.user_id is not None and not seat.is_ai and not seat.left


def ai_level(seat: Seat) -> str:
    """The level the AI of this seat plays at (`games.ai.LEVELS`): normal where none was stored."""
    return seat.level or DEFAULT_LEVEL


def player(seat: Seat, *, text: bool = True) -> Player:
    """Who plays a seat: the person by what they are called in the server (`text`: made inert for a Discord
    text), or the seat's AI by its own name and level (also where an AI took over from a person who left)."""
    if seat.is_ai:
        return ai_player(seat.seat, ai_level(seat))
    name = seat.known_as or f"Player {seat.seat + 1}"
    return Player(inert(name) if text else name, colour_of(seat.seat))


def cast_of(seats: Iterable[Seat], reader: int | None = None, *, text: bool = True, intro: bool = True) -> Cast:
    """The seats' cast, read by `reader` (a seat, None for the channel); `text=False` for pictures, alt text and
    labels, which show names as typed (cleaned) since no markdown is read there; `intro=False` names each seat
    short (a label has no room to introduce anyone)."""
    by_seat = {s.seat: s for s in seats}
    return Cast([player(by_seat[i], text=text) if i in by_seat else colour_player(i)
                 for i in range(max(by_seat, default=-1) + 1)], reader, intro)


def player_of(seat: Seat) -> str:
    """Who plays a seat, as the lobby, the status, the results and the replay name them: "alice (red)",
    "Cleo (AI hard, yellow)"; never a mention (a mention pings: only whoever must act is mentioned)."""
    return player(seat).full


def dm_target(seat: Seat, level: str) -> int | None:
    """The user to DM from this seat: a person seated here who has not closed their DMs and wants DMs of this
    level (`bot.settings.NOTIFY`: `turn` for being asked to move, `every` for hands and notices)."""
    return seat.user_id if is_person(seat) and seat.dm_ok and wants(seat.notify, level) else None
