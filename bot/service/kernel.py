"""The service's kernel: the per-game lock, shutdown, loading, planning, and `change` — the one way a game is
written (lock → load → check → write at the loaded version → a stale write becomes the player's refusal)."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.errors import Refused
from bot.metrics import counting_refusals
from bot.outcome import GameInfo, SeatInfo
from bot.practice import IDLE, is_practice
from bot.seats import ai_level, is_person
from bot.settings import with_defaults
from bot.storage import ActionRow, Effects, GameRow, Job, JobKind, ResultSeat, SeatRow, StaleVersion, Storage
from bot.thinking import Thinking
from games.ai import offer_waiting
from games.core import Game, get_game
from games.levels import policy_name

STALE = "The board has changed since this was drawn; use the newest board."
STALE_CODE = "stale_board"
"""A change computed from a row that another process changed meanwhile (`Change.write`)."""
RESTARTING = "Frontier is restarting; try again in a minute."
NOT_SEATED = "You are not seated in this game."
ELSEWHERE = "That game is not played here: its controls work on its own server, or in a DM to one of its players."
THINK_SECONDS = 1.0
"""The most a hard AI seat thinks for one move by default (its playouts, `HARD_PLAYOUTS`, take tens of
milliseconds on an idle core): within the 2 s the level is measured to decide in."""

T = TypeVar("T")
S = TypeVar("S")
P = ParamSpec("P")
MOVED_TRIES = 5
"""How often a change that rests on no board is made again when other processes keep moving the game."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def on_the_newest_row(method: Callable[Concatenate[S, P], Awaitable[T]]) -> Callable[Concatenate[S, P], Awaitable[T]]:
    """For a change that rests on nothing its caller saw (joining, leaving, a setting, abandoning): when another
    process moved the game between its load and its write (an AI seat's turn, run by the other process of a
    cluster), it is made again on the newest row instead of refused as stale. Only a move drawn on an old board
    is the player's to redo."""
    @functools.wraps(method)
    async def made(self: S, *args: P.args, **kwargs: P.kwargs) -> T:
        for _ in range(MOVED_TRIES - 1):
            try:
                return await method(self, *args, **kwargs)
            except Refused as refused:
                if refused.code != STALE_CODE:
                    raise
        return await method(self, *args, **kwargs)
    return made


def info_of(row: GameRow, game: Game | None) -> GameInfo:
    """One game row as the layers above the service see it."""
    cls = get_game(row.game_type)
    to_move = sorted(game.to_move()) if game is not None and row.status == "running" else []
    people = humans(row)
    return GameInfo(
        id=row.id, game_type=row.game_type, title=cls.title, guild_id=row.guild_id, channel_id=row.channel_id,
        thread_id=row.thread_id, status=row.status, version=row.version, created_by=row.created_by,
        options=row.options,
        seats=[SeatInfo(seat=s.seat, user_id=s.user_id, is_ai=s.is_ai, dm_ok=s.dm_ok, left=s.left, notify=s.notify,
                        level=ai_level(s) if s.is_ai else None, known_as=s.known_as) for s in row.seats],
        to_move=to_move, deadline=datetime.fromisoformat(row.deadline) if row.deadline else None,
        settings=with_defaults(row.settings), paused=row.paused,
        idle=[s for s in to_move if s in people and game is not None and game.only_declines(s)])


def engine_of(row: GameRow) -> Game | None:
    """The row's game as the engine holds it; None before the game starts."""
    return get_game(row.game_type).from_dict(json.loads(row.state)) if row.state else None


def replay(row: GameRow, log: Sequence[ActionRow]) -> Game:
    """The game the row's seats, seed and options start, with the logged actions applied in order: how undo
    takes back the last action, and how `migrate-db` checks that a copied game's log and state agree."""
    game = get_game(row.game_type).new(len(row.seats), seed=row.seed, options=row.options)
    for entry in log:
        game.apply(entry.seat, entry.action)
    return game


def humans(row: GameRow) -> list[int]:
    return [s.seat for s in row.seats if not s.is_ai]


def person_seat(row: GameRow, user_id: int) -> int | None:
    """The seat a person plays (an AI took over the seats of those who left)."""
    return next((s.seat for s in row.seats if s.user_id == user_id and is_person(s)), None)


def acting_seat(row: GameRow, user_id: int | None, as_seat: int | None) -> int:
    """Who acts: the caller's own seat, or (no caller) the named AI seat."""
    if user_id is None:
        if as_seat is None or not any(s.seat == as_seat and s.is_ai for s in row.seats):
            raise Refused("Only an AI seat can act without a player.", "not_seated")
        return as_seat
    seat = person_seat(row, user_id)
    if seat is None:
        raise Refused(NOT_SEATED, "not_seated")
    return seat


def awaiting_answer(row: GameRow, game: Game) -> int | None:
    """The AI seat whose turn it is while people answer its trade offer (issue 27): it keeps its turn open for
    their answer (its next move would close the offer) until they answer or the table's `offer_minutes` pass.
    On a practice table a learner who could only decline is not waited for: nobody else watches the table, so its
    pace gives nothing away, and a learner is never kept waiting on an offer they cannot take (issue 43)."""
    waiting = offer_waiting(game, {s.seat for s in row.seats if s.is_ai})
    if waiting is not None and is_practice(row.settings) and all(
            game.only_declines(s.seat) for s in row.seats if is_person(s) and s.seat in game.to_move()):
        return None
    return waiting


@dataclasses.dataclass(frozen=True)
class Rights:
    """Who asks to manage a table, and what: the game's creator may, and so may a member with Manage Server
    of the game's own server (`guild_rights`: the server where the asker holds it, or None)."""

    user_id: int
    guild_rights: int | None
    what: str
    """The end of the refusal: "Only … can <what>."."""

    def check(self, row: GameRow) -> None:
        if self.user_id != row.created_by and (self.guild_rights is None or self.guild_rights != row.guild_id):
            raise Refused(f"Only the game's creator or a member with Manage Server can {self.what}.",
                          "not_creator")


@dataclasses.dataclass(frozen=True)
class Caller:
    """Who acts on a game, and from where: a server (`guild_id`), or a DM (None). A game is acted on from its
    own server only, or from a DM by one of its players (a DM holds the panels and boards a game sends them):
    a control forged elsewhere, even by a member with Manage Server there, is refused."""

    user_id: int
    guild_id: int | None

    def check(self, row: GameRow) -> None:
        if self.guild_id is None:
            if person_seat(row, self.user_id) is None:
                raise Refused(ELSEWHERE, "elsewhere")
        elif self.guild_id != row.guild_id:
            raise Refused(ELSEWHERE, "elsewhere")


def in_lobby(row: GameRow) -> None:
    if row.status != "lobby":
        raise Refused("That game has already started; seats can no longer change in the lobby.", "not_in_lobby")


@dataclasses.dataclass
class Change:
    """One change of one game, under its lock: the row as loaded, and `write`, which stores at that row's
    version (a change computed from a row another process changed meanwhile is refused as stale)."""

    row: GameRow
    clock: Callable[[], datetime]

    async def write(self, method: Callable[..., Awaitable[T]], *args: Any, versioned: bool = True,
                    **kwargs: Any) -> T:
        """Call a storage write for this game with the row's version and the time now."""
        if versioned:
            kwargs["expected_version"] = self.row.version
        try:
            return await method(self.row.id, *args, now=self.clock(), **kwargs)
        except StaleVersion:
            raise Refused(STALE, STALE_CODE) from None


class Kernel:
    """The parts every concern of the service shares."""

    def __init__(self, storage: Storage, *, clock: Callable[[], datetime] = utc_now, ai_pace: float = 0.0,
                 think_seconds: float = THINK_SECONDS) -> None:
        self.storage = storage
        self.clock = clock
        self.ai_pace = timedelta(seconds=ai_pace)
        """How long after a change an AI seat moves (the ai_turn job's delay)."""
        self.think_seconds = think_seconds
        """How long a hard AI seat searches for one move, in a worker process."""
        self.thinking = Thinking()
        """The worker pool hard AI seats think in (started when one first does)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._learners: dict[tuple[int | None, int], asyncio.Lock] = {}
        """(server, member) -> the lock that opens their one practice table (`Lobby.create`)."""
        self.names: dict[tuple[int, int], str] = {}
        """(server, user) -> the name last stored for them (`Lobby.known_as`), so an unchanged name costs no write."""
        self.on_change: list[Callable[[], None]] = []
        """Called after every write that left outbox rows or jobs (delivery and scheduler wake up)."""
        self.closing = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[None]:
        """The game's lock (one change at a time per game in this process), counted so that a
        shutdown can let the changes in flight commit; refused once the bot is closing."""
        if self.closing:
            raise Refused(RESTARTING, "restarting")
        self._busy += 1
        self._idle.clear()
        try:
            async with self._locks.setdefault(game_id, asyncio.Lock()):
                yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()
            self._changed()  # whatever the change wrote is now whole: deliver it, run what it planned

    @asynccontextmanager
    async def change(self, game_id: int, *, check: Callable[[GameRow], None] | None = None,
                     rights: Rights | None = None, seen: GameRow | None = None) -> AsyncIterator[Change]:
        """Change one game: its lock taken, its row loaded, `check` (its status) and `rights` (who may)
        passed, in that order; `Change.write` stores the result at the loaded version. `seen` is the row
        a click's checks already loaded: it is used as loaded, since the write's version guard refuses it
        if the game moved on meanwhile (so a click reads the game once). Every refusal of the change is
        counted by the game's type and its code (`frontier_refusals`)."""
        async with self._locked(game_id):
            row = seen if seen is not None and seen.id == game_id else await self._row(game_id)
            with counting_refusals(row.game_type):
                if check is not None:
                    check(row)
                if rights is not None:
                    rights.check(row)
                yield Change(row, self.clock)

    def busy_games(self) -> list[int]:
        """Games with a change under way in this process: their next board waits for the whole of it
        (a timeout that plays several actions shows them on one board)."""
        return [game_id for game_id, lock in self._locks.items() if lock.locked()]

    async def drain(self, timeout: float) -> None:
        """Refuse new changes and wait (at most `timeout` s) for those in flight to commit."""
        self.closing = True
        with suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)

    def _changed(self) -> None:
        for listener in self.on_change:
            listener()

    async def _row(self, game_id: int) -> GameRow:
        row = await self.storage.load(game_id)
        if row is None:
            raise Refused(f"There is no game #{game_id}; it may have been deleted.", "no_game")
        return row

    # -- planning: what a change leads to -----------------------------------------

    def _plan(self, row: GameRow, game: Game | None, status: str) -> tuple[list[Job], datetime | None]:
        """The jobs of a game in this state: an AI turn now if an AI seat is to move; a reminder and a
        timeout if a person is awaited and the table has a deadline; on a practice table, which has none, a
        timeout after `IDLE` (it ends the table, unseen on its board)."""
        if status != "running" or game is None or row.paused:
            return [], None
        now = self.clock()
        movers = game.to_move()
        ai = {s.seat for s in row.seats if s.is_ai}
        settings = with_defaults(row.settings)
        waiting = awaiting_answer(row, game)
        if (movers & ai) - {waiting}:
            jobs = [Job(JobKind.AI_TURN, now + self.ai_pace)]
        elif waiting is not None:  # its offer waits for the people's answer, at most this long
            jobs = [Job(JobKind.AI_TURN, now + timedelta(minutes=settings["offer_minutes"]))]
        else:
            jobs = []
        hours = settings["deadline_hours"]
        if movers - ai and is_practice(row.settings):  # its learner away: the table ends (`Turns._timeout`)
            return [*jobs, Job(JobKind.TIMEOUT, now + IDLE)], None
        if movers - ai and hours is not None:
            deadline = now + timedelta(hours=hours)
            jobs += [Job(JobKind.REMIND, now + timedelta(hours=hours * settings["reminder"])),
                     Job(JobKind.TIMEOUT, deadline)]
            return jobs, deadline
        return jobs, None

    def _next_row(self, row: GameRow, game: Game | None, *, status: str | None = None,
                  seats: list[SeatRow] | None = None) -> tuple[GameRow, Effects]:
        """The row as a change leaves it (in memory, one version on), and the jobs (and at the end, the
        result) the change writes with it."""
        status = status or row.status
        later = dataclasses.replace(row, status=status, version=row.version + 1,
                                    seats=row.seats if seats is None else seats)
        jobs, deadline = self._plan(later, game, status)
        later.deadline = deadline.isoformat() if deadline else None
        result = None  # a practice game (`bot.practice`) keeps none: never rated, never in the stats
        if status == "finished" and game is not None and not is_practice(row.settings) \
                and (res := game.result()) is not None:
            place = {seat: i for i, tied in enumerate(res.ranking) for seat in tied}
            result = [ResultSeat(s.seat, None if s.is_ai else s.user_id, s.seat in res.winners,
                                 place.get(s.seat, len(res.ranking)),
                                 policy_name(row.game_type, ai_level(s)) if s.is_ai and not s.left else None)
                      for s in later.seats]
        return later, Effects(jobs=jobs, deadline=deadline, result=result)
