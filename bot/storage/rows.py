"""What the storage reads and writes, as plain dataclasses shared by every backend."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

HELD = datetime(9999, 12, 31, tzinfo=UTC)
"""The `next_try` of an outbox row held until its game's turn passes (`OutboxRow.held`, `Effects.release`)."""


class StaleVersion(Exception):
    """The game's stored version is not the one the change was computed from."""


class InstanceTaken(Exception):
    """Another live process already runs under this instance id (`INSTANCE_ID`)."""


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    is_ai: bool
    dm_ok: bool
    left: bool
    notify: str | None = None
    """The seated person's choice of DMs (`bot.settings.NOTIFY`); None when they never chose. Read, not
    written, with the seats: it belongs to the user (`Storage.set_notify`)."""
    level: str | None = None
    """The AI level the seat plays at (`games.ai.LEVELS`) once an AI plays it; None for a person's seat."""
    known_as: str | None = None
    """What the seated person is called in the game's server (`Storage.set_name`); None when never seen. Read,
    not written, with the seats: it belongs to the person."""


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    game_type: str
    status: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    state: str | None
    version: int
    created_by: int
    deadline: str | None
    seats: list[SeatRow]
    paused: str | None = None
    """Why delivery to the game's channel stopped (channel gone, no access); None while it works."""


GAME_COLUMNS = ("id, guild_id, channel_id, thread_id, game_type, status, options, settings, seed, state, version, "
                "created_by, deadline, paused")
"""The `games` columns every backend reads a `GameRow` from, in this order (its seats come from `seats`)."""


@dataclass
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    interaction_id: str | None


class OutboxKind(StrEnum):
    """What an outbox row shows (`OutboxRow`); delivery has one handler per kind."""

    BOARD = "board"
    HAND = "hand"
    ASK = "ask"
    DM = "dm"
    NOTICE = "notice"
    RETIRE = "retire"
    STRIP = "strip"
    RECAP = "recap"


class JobKind(StrEnum):
    """What a job does when due (`Job`); the service has one handler per kind."""

    AI_TURN = "ai_turn"
    REMIND = "remind"
    TIMEOUT = "timeout"


@dataclass(frozen=True)
class OutboxRow:
    """One thing players must be shown because of a change: an outbox row to write (`OutboxItem` is one
    read back for delivery).

    kinds: `board` (the picture and what happened, in the game's channel), `hand` (a private
    picture by DM), `ask` (a DM with the seat's moves as buttons), `dm` (a text DM), `notice`
    (a text line in the game's channel), `retire` (the last board loses its buttons), `strip` (a board a
    newer one replaced loses its buttons), `recap` (a finished game's score chart and deciding moments,
    after its final board).
    """

    kind: OutboxKind
    target: int | None
    """The user for DMs; None for the game's channel."""
    payload: dict[str, Any]
    held: bool = False
    """Due only once the game's turn passes (a hand DM waits for the end of the turn that changed it,
    so several changes in one turn make one DM)."""


@dataclass(frozen=True)
class Job:
    """Something that must happen later for a game: an AI turn, the reminder, the timeout."""

    kind: JobKind
    due: datetime


@dataclass(frozen=True)
class ResultSeat:
    seat: int
    user_id: int | None
    won: bool
    place: int = 0
    """0 is first; tied seats share a place (`games.core.Result.ranking`)."""
    ai: str | None = None
    """The AI policy that played the seat from the start (None for a person, or a seat a person left)."""

    @property
    def player(self) -> str | None:
        """Who is rated for this seat: a person, an AI policy, or nobody (a seat left or a user forgotten)."""
        if self.user_id is not None:
            return user_player(self.user_id)
        return f"ai:{self.ai}" if self.ai else None


def user_player(user_id: int) -> str:
    """A person's key in the ratings."""
    return f"user:{user_id}"


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game type and scope (a server, or all servers)."""

    player: str
    """'user:<id>' or 'ai:<policy>' (see `ResultSeat.player`)."""
    mu: float
    sigma: float
    ordinal: float
    """The conservative skill estimate leaderboards sort by."""
    games: int
    wins: int

    @property
    def user_id(self) -> int | None:
        kind, _, name = self.player.partition(":")
        return int(name) if kind == "user" else None

    @property
    def ai(self) -> str | None:
        kind, _, name = self.player.partition(":")
        return name if kind == "ai" else None


RATING_COLUMNS = ", ".join(f.name for f in fields(Rating))
"""The `ratings` columns in `Rating`'s order, so that `Rating(*row)` reads a row."""


@dataclass
class Effects:
    """What a write carries besides the game row, committed in its transaction."""

    outbox: list[OutboxRow] = field(default_factory=list)
    jobs: list[Job] | None = None
    """None keeps the game's jobs; a list replaces them, planned for the new version."""
    deadline: datetime | None = None
    """The turn deadline shown to players (written when `jobs` is given)."""
    result: list[ResultSeat] | None = None
    """A finished game's result, written once."""
    release: bool = False
    """The turn passed (or the game ended): the game's held rows become due."""
    settings: dict[str, Any] | None = None
    """The table's settings as the change leaves them, where it changes them (a practice table's coach keeps its
    memory there, `bot.practice`); None leaves them."""


@dataclass(frozen=True)
class OutboxItem:
    """A claimed outbox row."""

    id: int
    game_id: int
    version: int
    kind: str
    target: int | None
    payload: dict[str, Any]
    attempts: int
    created_at: datetime
    claims: int = 1
    """How many times the row was claimed, this time included: more than once, an earlier send of it may have
    reached Discord though its answer was never recorded."""

    @property
    def maybe_sent(self) -> bool:
        """Whether an earlier try may have posted this row already (claimed before, or a try that failed)."""
        return self.claims > 1 or self.attempts > 0


OUTBOX_COLUMNS = ", ".join(f.name for f in fields(OutboxItem))
"""The `outbox` columns in `OutboxItem`'s order, as every backend reads a claimed row."""


@dataclass(frozen=True)
class JobRow:
    """A claimed job."""

    game_id: int
    kind: str
    due: datetime
    for_version: int
    attempts: int


@dataclass(frozen=True)
class BoardMessage:
    channel_id: int
    message_id: int
    version: int
    """The game version the message shows."""
