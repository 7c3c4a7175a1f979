"""GameService (DESIGN §4): the game lifecycle in plain async Python.

It decides who may do what, runs the engine, and persists through `Storage`: every change
is one transaction that also writes what players must be shown (outbox rows, see
`bot/outbox.py`) and re-plans what must happen later (jobs: AI turns, the reminder, the
timeout). It returns plain `Outcome`s, knows users and channels by id only and imports
nothing of discord.py, so the CLI, the tests and the Discord layer all drive games alike.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime, timedelta
from typing import Any

from bot import outbox, ratings
from bot.errors import Refused
from bot.metrics import MOVES, counting_refusals
from bot.outcome import GameInfo, Outcome, SeatInfo
from bot.settings import DEFAULT_NOTIFY, DEFAULT_SETTINGS, checked_notify, merged, with_defaults
from bot.storage import (
    ActionRow,
    Effects,
    GameRow,
    Job,
    JobRow,
    Message,
    Rating,
    ResultSeat,
    SeatRow,
    StaleVersion,
    Storage,
    user_player,
)
from games.ai import choose_for, policy_for, policy_name
from games.core import Action, Game, Move, RuleError, get_game

log = logging.getLogger(__name__)

STALE = "The board has changed since this was drawn; use the newest board."
RESTARTING = "Frontier is restarting; try again in a minute."

PASS_TYPES = ("pass", "end_turn", "skip")
"""Action types that the `skip` policy may play for an absent player, where a game lists one."""
MAX_TIMED_OUT_ACTIONS = 200
"""A timed-out turn is played to its end; this only bounds a game that never ends a turn."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def _info(row: GameRow, game: Game | None) -> GameInfo:
    cls = get_game(row.game_type)
    to_move = sorted(game.to_move()) if game is not None and row.status == "running" else []
    return GameInfo(
        id=row.id, game_type=row.game_type, title=cls.title, guild_id=row.guild_id, channel_id=row.channel_id,
        thread_id=row.thread_id, status=row.status, version=row.version, created_by=row.created_by,
        options=row.options, seats=[SeatInfo(s.seat, s.user_id, s.is_ai, s.dm_ok, s.left, s.notify) for s in row.seats],
        to_move=to_move, deadline=datetime.fromisoformat(row.deadline) if row.deadline else None,
        settings=with_defaults(row.settings), paused=row.paused)


def replay(row: GameRow, log: Sequence[ActionRow]) -> Game:
    """The game the row's seats, seed and options start, with the logged actions applied in order: how undo
    takes back the last action, and how `migrate-db` checks that a copied game's log and state agree."""
    game = get_game(row.game_type).new(len(row.seats), seed=row.seed, options=row.options)
    for entry in log:
        game.apply(entry.seat, entry.action)
    return game


def _private_parts(game: Game, seats: list[int]) -> dict[int, dict[str, Any]]:
    """What each seat sees beyond the public view: a DM is due only when this changes."""
    public = game.view(None)
    return {s: {k: v for k, v in game.view(s).items() if public.get(k, _MISSING) != v} for s in seats}


_MISSING = object()


def _humans(row: GameRow) -> list[int]:
    return [s.seat for s in row.seats if not s.is_ai]


class GameService:
    def __init__(self, storage: Storage, *, clock: Callable[[], datetime] = utc_now, ai_pace: float = 0.0) -> None:
        self.storage = storage
        self.clock = clock
        self.ai_pace = timedelta(seconds=ai_pace)
        """How long after a change an AI seat moves (the ai_turn job's delay)."""
        self._locks: dict[int, asyncio.Lock] = {}
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

    # -- loading ---------------------------------------------------------------

    async def _row(self, game_id: int) -> GameRow:
        row = await self.storage.load(game_id)
        if row is None:
            raise Refused(f"There is no game #{game_id}; it may have been deleted.", "no_game")
        return row

    @staticmethod
    def _engine(row: GameRow) -> Game | None:
        return get_game(row.game_type).from_dict(json.loads(row.state)) if row.state else None

    async def get(self, game_id: int) -> GameInfo:
        row = await self._row(game_id)
        return _info(row, self._engine(row))

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        game_id = await self.storage.active_in_channel(channel_id)
        return await self.get(game_id) if game_id is not None else None

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return [await self.get(gid) for gid in await self.storage.games_of_user(user_id)]

    # -- planning: what a change leads to -----------------------------------------

    def _plan(self, row: GameRow, game: Game | None, status: str) -> tuple[list[Job], datetime | None]:
        """The jobs of a game in this state: an AI turn now if an AI seat is to move; a reminder and a
        timeout if a person is awaited and the table has a deadline."""
        if status != "running" or game is None or row.paused:
            return [], None
        now = self.clock()
        movers = game.to_move()
        ai = {s.seat for s in row.seats if s.is_ai}
        jobs = [Job("ai_turn", now + self.ai_pace)] if movers & ai else []
        settings = with_defaults(row.settings)
        hours = settings["deadline_hours"]
        if movers - ai and hours is not None:
            deadline = now + timedelta(hours=hours)
            jobs += [Job("remind", now + timedelta(hours=hours * settings["reminder"])), Job("timeout", deadline)]
            return jobs, deadline
        return jobs, None

    def _after(self, row: GameRow, game: Game | None, *, status: str | None = None,
               seats: list[SeatRow] | None = None) -> tuple[GameRow, Effects]:
        """The row as a change leaves it (in memory, one version on), and the jobs it plans."""
        status = status or row.status
        later = dataclasses.replace(row, status=status, version=row.version + 1,
                                    seats=row.seats if seats is None else seats)
        jobs, deadline = self._plan(later, game, status)
        later.deadline = deadline.isoformat() if deadline else None
        result = None
        if status == "finished" and game is not None and (res := game.result()) is not None:
            place = {seat: i for i, tied in enumerate(res.ranking) for seat in tied}
            ai = policy_name(row.game_type)
            result = [ResultSeat(s.seat, None if s.is_ai else s.user_id, s.seat in res.winners,
                                 place.get(s.seat, len(res.ranking)), ai if s.is_ai and not s.left else None)
                      for s in later.seats]
        return later, Effects(jobs=jobs, deadline=deadline, result=result)

    # -- lobby -----------------------------------------------------------------

    async def create(self, *, game_type: str, guild_id: int | None, channel_id: int, user_id: int,
                     options: dict[str, Any] | None = None, thread_id: int | None = None) -> GameInfo:
        cls = get_game(game_type)
        resolved = cls.resolve_options(options)
        where = thread_id or channel_id
        running = await self.storage.active_in_channel(where)
        if running is not None:
            raise Refused(f"Game #{running} is already open here; finish or abandon it first, "
                          "or start the new game in a thread.", "game_running_here")
        settings = await self.server_defaults(guild_id)
        game_id = await self.storage.create_game(
            game_type=game_type, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
            created_by=user_id, options=resolved, settings=settings, seed=secrets.randbits(63), now=self.clock())
        return await self.get(game_id)

    async def server_defaults(self, guild_id: int | None) -> dict[str, Any]:
        """The settings a new table on this server starts with."""
        return with_defaults(await self.storage.guild_settings(guild_id))

    async def set_server_defaults(self, guild_id: int, *, manages: int | None,
                                  changes: dict[str, Any]) -> dict[str, Any]:
        """Change a server's defaults for new tables (members with Manage Server of that server only)."""
        if manages != guild_id:
            raise Refused("Only members with Manage Server can change the server's defaults.", "not_manager")
        settings = merged(await self.storage.guild_settings(guild_id), changes)
        await self.storage.set_guild_settings(guild_id, settings)
        return settings

    @staticmethod
    def _may_manage(row: GameRow, user_id: int, manages: int | None) -> bool:
        """The game's creator, or a member with Manage Server of the game's own server."""
        return user_id == row.created_by or (manages is not None and manages == row.guild_id)

    async def _lobby(self, game_id: int) -> tuple[GameRow, type[Game]]:
        row = await self._row(game_id)
        if row.status != "lobby":
            raise Refused("That game has already started; seats can no longer change in the lobby.", "not_in_lobby")
        return row, get_game(row.game_type)

    async def _write_seats(self, row: GameRow, seats: list[SeatRow]) -> GameInfo:
        renumbered = [SeatRow(i, s.user_id, s.is_ai, s.dm_ok, s.left) for i, s in enumerate(seats)]
        try:
            await self.storage.set_seats(row.id, renumbered, expected_version=row.version, now=self.clock())
        except StaleVersion:
            raise Refused(STALE, "stale_board") from None
        return await self.get(row.id)

    async def join(self, game_id: int, user_id: int, *, guild_id: int | None) -> GameInfo:
        """Take a seat, from the game's own server (`guild_id`: the caller's; a forged button elsewhere is refused)."""
        async with self._locked(game_id):
            row, cls = await self._lobby(game_id)
            if guild_id != row.guild_id:
                raise Refused("That table belongs to another server; join it there.", "other_server")
            if any(s.user_id == user_id for s in row.seats):
                raise Refused("You are already seated in this game.", "already_seated")
            if len(row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            return await self._write_seats(row, [*row.seats, SeatRow(0, user_id, False, True, False)])

    async def add_ai(self, game_id: int, user_id: int, *, manages: int | None = None) -> GameInfo:
        async with self._locked(game_id):
            row, cls = await self._lobby(game_id)
            if not self._may_manage(row, user_id, manages):
                raise Refused("Only the game's creator or a member with Manage Server can add an AI player.",
                              "not_creator")
            if len(row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            return await self._write_seats(row, [*row.seats, SeatRow(0, None, True, True, False)])

    async def remove_seat(self, game_id: int, user_id: int, seat: int, *, manages: int | None = None) -> GameInfo:
        async with self._locked(game_id):
            row, _ = await self._lobby(game_id)
            if not self._may_manage(row, user_id, manages):
                raise Refused("Only the game's creator or a member with Manage Server can remove a seat.",
                              "not_creator")
            if not 0 <= seat < len(row.seats):
                raise Refused(f"There is no seat {seat + 1} at this table.", "no_seat")
            return await self._write_seats(row, [s for s in row.seats if s.seat != seat])

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        async with self._locked(game_id):
            row = await self._row(game_id)
            mine = [s for s in row.seats if s.user_id == user_id and not s.left]
            if not mine:
                raise Refused("You are not seated in this game.", "not_seated")
            if row.status == "lobby":
                if user_id == row.created_by:
                    raise Refused("You created this game: abandon it instead of leaving.", "creator_leaves")
                return Outcome(await self._write_seats(row, [s for s in row.seats if s.user_id != user_id]))
            if row.status != "running":
                raise Refused("That game is over.", "game_over")
            seats = [SeatRow(s.seat, s.user_id, True, s.dm_ok, True) if s.user_id == user_id else s
                     for s in row.seats]
            line = f"<@{user_id}> left; an AI plays seat {mine[0].seat + 1} from now on."
            return await self._hand_over(row, seats, [line])

    async def _hand_over(self, row: GameRow, seats: list[SeatRow], lines: list[str]) -> Outcome:
        """Seats pass to AI players (a player left or forfeited): said on a fresh board, AI turns planned."""
        game = self._engine(row)
        later, effects = self._after(row, game, seats=seats)
        outcome = Outcome(_info(later, game), lines=lines, public_view=game.view(None) if game else None)
        effects.outbox = [outbox.board(outcome)]
        await self._write(self.storage.set_seats(row.id, seats, expected_version=row.version, now=self.clock(),
                                                 effects=effects))
        return outcome

    @staticmethod
    async def _write(change: Awaitable[object]) -> None:
        """Await a storage write made under the game's lock; a stale version becomes the player's refusal."""
        try:
            await change
        except StaleVersion:
            raise Refused(STALE, "stale_board") from None

    async def start(self, game_id: int, user_id: int, *, manages: int | None = None) -> Outcome:
        async with self._locked(game_id):
            row, cls = await self._lobby(game_id)
            if not self._may_manage(row, user_id, manages):
                raise Refused("Only the game's creator or a member with Manage Server can start it.", "not_creator")
            if len(row.seats) < cls.min_players:
                raise Refused(f"{cls.title} needs at least {cls.min_players} players; "
                              f"{len(row.seats)} seated. Invite friends or add AI players.", "too_few_players")
            order = cls.seating(len(row.seats), row.seed, row.options)
            if order != sorted(order):
                await self._write_seats(row, [row.seats[i] for i in order])
                row = await self._row(game_id)
            game = cls.new(len(row.seats), seed=row.seed, options=row.options)
            later, effects = self._after(row, game, status="running")
            humans = _humans(row)
            outcome = Outcome(_info(later, game), lines=[f"{cls.title} begins!"], public_view=game.view(None),
                              private_views={s: game.view(s) for s in humans},
                              asked=sorted(s for s in game.to_move() if s in humans))
            effects.outbox, effects.release = outbox.for_outcome(outcome), True
            await self._write(self.storage.set_status(game_id, "running", expected_version=row.version,
                                                      state=json.dumps(game.to_dict()), now=self.clock(),
                                                      effects=effects))
            return outcome

    # -- play ------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int | None, action: Action, *, interaction_id: str | None = None,
                  expected_version: int | None = None, as_seat: int | None = None) -> Outcome:
        async with self._locked(game_id):
            if interaction_id is not None:  # inside the lock: a retried interaction waits for the first
                done = await self.storage.find_interaction(interaction_id)
                if done is not None:
                    return await self._replayed(done[0], done[1].events)
            row = await self._row(game_id)
            with counting_refusals(row.game_type):
                if row.status != "running":
                    raise Refused("That game is not running: " + ("it has not started yet." if row.status == "lobby"
                                                                   else f"it is {row.status}."), "game_over")
                if expected_version is not None and expected_version != row.version:
                    raise Refused(STALE, "stale_board")
                game = self._engine(row)
                assert game is not None
                seat = self._acting_seat(row, user_id, as_seat)
                return await self._apply(row, game, seat, action, interaction_id)

    async def _apply(self, row: GameRow, game: Game, seat: int, action: Action,
                     interaction_id: str | None = None, *, before_lines: Sequence[str] = ()) -> Outcome:
        """Apply and persist one action of `seat`, with what it shows and plans (the caller holds the lock)."""
        if seat not in game.to_move():
            waiting = ", ".join(f"seat {s + 1}" for s in sorted(game.to_move()))
            raise Refused(f"It is not your turn — waiting for {waiting}.", "not_your_turn")
        humans = _humans(row)
        before = _private_parts(game, humans)
        waiting, turn = game.to_move(), game.current_seat()
        events = game.apply(seat, action)  # a RuleError leaves the stored state untouched
        status = "finished" if game.over else "running"
        later, effects = self._after(row, game, status=status)
        after = _private_parts(game, humans)
        notices = {s: [game.describe_event(e) for e in said] for s, said in game.notices(events).items() if s in humans}
        turn_goes_on = not game.over and game.current_seat() == turn
        outcome = Outcome(_info(later, game), events, [*before_lines, *(game.describe_event(e) for e in events)],
                          game.view(None), {s: game.view(s) for s in humans if after[s] != before[s]},
                          game.result(), notices=notices,
                          # the player whose turn goes on (others discarded or answered meanwhile) is not asked again
                          asked=sorted(s for s in game.to_move() - waiting
                                       if s in humans and not (turn_goes_on and s == turn)))
        effects.outbox = outbox.for_outcome(outcome, actor=seat, turn=turn,
                                            ping=bool((game.to_move() - waiting) & set(humans)))
        effects.release = not turn_goes_on
        await self._write(self.storage.commit_move(
            row.id, expected_version=row.version, state=json.dumps(game.to_dict()), status=status, seat=seat,
            action=action, events=events, interaction_id=interaction_id, now=self.clock(), effects=effects))
        MOVES.labels(row.game_type).inc()
        if status == "finished":
            await self._rate(row.id)
        return outcome

    async def _rate(self, game_id: int) -> bool:
        """Rate a finished game, after the commit that finished it: the move stands whatever happens here,
        and a game left unrated is rated by `recover` at the next start."""
        try:
            return await self.storage.rate_result(game_id, ratings.rate)
        except Exception:
            log.exception("rating game #%s failed; it is rated again at the next start", game_id)
            return False

    @staticmethod
    def _acting_seat(row: GameRow, user_id: int | None, as_seat: int | None) -> int:
        if user_id is None:
            if as_seat is None or not any(s.seat == as_seat and s.is_ai for s in row.seats):
                raise Refused("Only an AI seat can act without a player.", "not_seated")
            return as_seat
        for s in row.seats:
            if s.user_id == user_id and not s.is_ai and not s.left:
                return s.seat
        raise Refused("You are not seated in this game.", "not_seated")

    async def _replayed(self, game_id: int, events: list[dict[str, Any]]) -> Outcome:
        row = await self._row(game_id)
        game = self._engine(row)
        lines = [game.describe_event(e) for e in events] if game else []
        return Outcome(_info(row, game), events, lines, game.view(None) if game else None,
                       result=game.result() if game else None, replayed=True)

    # -- jobs (run by the scheduler, DESIGN §6) -------------------------------------

    async def run_job(self, job: JobRow) -> str:
        """Run one due job; a job planned for a version the game has left does nothing. Returns what it did."""
        async with self._locked(job.game_id):
            row = await self.storage.load(job.game_id)
            if row is None or row.status != "running" or row.version != job.for_version:
                return "stale"
            game = self._engine(row)
            assert game is not None
            if job.kind == "ai_turn":
                return "moved" if await self._ai_move(row, game) else "no AI to move"
            if job.kind == "remind":
                if row.deadline and datetime.fromisoformat(row.deadline) <= self.clock():
                    await self._write(self.storage.emit(row.id, [], now=self.clock(), done_job=job))
                    return "too late to remind: the timeout is due"
                await self._write(self.storage.emit(row.id, outbox.reminder(_info(row, game)), now=self.clock(),
                                                    done_job=job))
                return "reminded"
            await self._time_out(row, game)
            return "timed out"

    async def _ai_move(self, row: GameRow, game: Game, *, before_lines: Sequence[str] = ()) -> Outcome | None:
        """One move of the first AI seat to move (seeded by the game and its version, so a rerun agrees)."""
        movers = sorted(game.to_move() & {s.seat for s in row.seats if s.is_ai})
        if not movers:
            return None
        rng = random.Random(row.seed * 31 + row.version)
        action = choose_for(game, movers[0], policy_for(row.game_type), rng)
        return await self._apply(row, game, movers[0], action, before_lines=before_lines)

    async def advance_ai(self, game_id: int, *, limit: int = 2000) -> Outcome | None:
        """Let AI seats move now until a person is to move or the game ends (the ai_turn jobs, run at once:
        for tests, local tools and the bench)."""
        merged_outcome: Outcome | None = None
        for _ in range(limit):
            async with self._locked(game_id):
                row = await self._row(game_id)
                game = self._engine(row)
                if row.status != "running" or game is None:
                    break
                outcome = await self._ai_move(row, game)
            if outcome is None:
                break
            merged_outcome = outcome if merged_outcome is None else merged_outcome.then(outcome)
        return merged_outcome

    async def _time_out(self, row: GameRow, game: Game) -> None:
        """The table's policy for every person still to move at the deadline."""
        policy = with_defaults(row.settings)["policy"]
        late = [s for s in row.seats if s.seat in game.to_move() and not s.is_ai]
        if policy == "forfeit":
            seats = [SeatRow(s.seat, s.user_id, True, s.dm_ok, True) if s in late else s for s in row.seats]
            await self._hand_over(row, seats, [
                f"<@{s.user_id}> ran out of time and forfeits; an AI plays seat {s.seat + 1} from now on."
                for s in late])
            return
        for seat in late:
            if game.over or seat.seat not in game.to_move():
                continue
            for count in range(MAX_TIMED_OUT_ACTIONS):  # the seat's whole turn, not one action of it
                legal = game.legal_actions(seat.seat)
                passes = [a for a in legal if a.get("type") in PASS_TYPES] if policy == "skip" else []
                rng = random.Random(row.seed * 31 + row.version)
                action = passes[0] if passes else choose_for(game, seat.seat, policy_for(row.game_type), rng, legal)
                how = "passes" if passes else "an AI plays for them"
                said = [] if count else [f"<@{seat.user_id}> ran out of time: {how}."]
                await self._apply(row, game, seat.seat, action, before_lines=said)
                row = await self._row(row.id)
                if game.over or game.to_move() != {seat.seat}:
                    break  # the turn passed on (or others are asked): it is theirs now

    async def recover(self) -> int:
        """At start-up: plan the jobs of running games written before jobs existed, write the results of
        games finished before results were kept, and rate the results not rated yet (oldest first).
        Returns how many games it touched."""
        touched = 0
        for game_id in await self.storage.running_without_jobs():
            async with self._locked(game_id):
                row = await self._row(game_id)
                _, effects = self._after(row, self._engine(row))
                if effects.jobs:
                    await self._write(self.storage.set_settings(game_id, row.settings, expected_version=row.version,
                                                                now=self.clock(), effects=effects))
                    touched += 1
        for game_id in await self.storage.finished_without_result():
            row = await self._row(game_id)
            _, effects = self._after(row, self._engine(row), status="finished")
            if effects.result is not None:
                await self.storage.record_result(game_id, effects.result, self.clock())
                touched += 1
        for game_id in await self.storage.unrated_results():
            touched += await self._rate(game_id)
        return touched

    # -- the table's other changes -------------------------------------------------

    async def update_settings(self, game_id: int, user_id: int, *, manages: int | None = None,
                              changes: dict[str, Any]) -> GameInfo:
        """Change a table's settings; the running turn's timers restart from now."""
        async with self._locked(game_id):
            row = await self._row(game_id)
            if not self._may_manage(row, user_id, manages):
                raise Refused("Only the game's creator or a member with Manage Server can change its settings.",
                              "not_creator")
            if row.status in ("finished", "abandoned"):
                raise Refused(f"That game is {row.status}.", "game_over")
            settings = merged(row.settings, changes)
            _, effects = self._after(dataclasses.replace(row, settings=settings), self._engine(row))
            await self._write(self.storage.set_settings(game_id, settings, expected_version=row.version,
                                                        now=self.clock(), effects=effects))
            return await self.get(game_id)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Resign as the game's rules say (Roanoke: elimination, ROA-R28); in a game whose rules define no
        resignation the seat passes to an AI, so the others' game goes on."""
        row = await self._row(game_id)
        cls = get_game(row.game_type)
        if row.status != "running" or not cls.resignation:
            return await self.leave(game_id, user_id)
        game = self._engine(row)
        seat = self._acting_seat(row, user_id, None)
        if game is None or {"type": "resign"} not in game.legal_actions(seat):
            raise Refused(f"In {cls.title} you resign when it is your move: "
                          f"{cls.resignation}", "resign_on_your_move")
        return await self.act(game_id, user_id, {"type": "resign"})

    async def abandon(self, game_id: int, user_id: int, *, manages: int | None = None) -> GameInfo:
        async with self._locked(game_id):
            row = await self._row(game_id)
            if row.status in ("finished", "abandoned"):
                raise Refused(f"That game is already {row.status}.", "game_over")
            if not self._may_manage(row, user_id, manages):
                raise Refused("Only the game's creator or a member with Manage Server can abandon it.",
                              "not_creator")
            effects = Effects(outbox=[outbox.retire()] if row.status == "running" else [], jobs=[], release=True)
            await self._write(self.storage.set_status(game_id, "abandoned", expected_version=row.version,
                                                      now=self.clock(), effects=effects))
            return await self.get(game_id)

    async def undo(self, game_id: int, user_id: int) -> Outcome:
        """Take back the caller's last action while nobody acted since and it revealed nothing."""
        async with self._locked(game_id):
            row = await self._row(game_id)
            if row.status != "running":
                raise Refused("Only a running game's moves can be undone.", "game_over")
            seat = self._acting_seat(row, user_id, None)
            log = await self.storage.actions(game_id)
            if not log or log[-1].seat != seat:
                raise Refused("You can undo only your own last action, before anyone else has acted.",
                              "cannot_undo")
            game = replay(row, log[:-1])
            if not game.undoable(log[-1].action, log[-1].events):
                raise Refused("That action revealed something hidden or random, so it cannot be undone.",
                              "cannot_undo")
            later, effects = self._after(row, game)
            line = f"Seat {seat + 1} took back: {game.describe(log[-1].action)}."
            outcome = Outcome(_info(later, game), lines=[line], public_view=game.view(None),
                              private_views={seat: game.view(seat)})
            effects.outbox = outbox.for_outcome(outcome, actor=seat)
            await self._write(self.storage.truncate_actions(game_id, keep=log[-1].seq - 1,
                                                            expected_version=row.version,
                                                            state=json.dumps(game.to_dict()), now=self.clock(),
                                                            effects=effects))
            return outcome

    # -- reading ---------------------------------------------------------------

    async def status(self, game_id: int) -> Outcome:
        row = await self._row(game_id)
        game = self._engine(row)
        return Outcome(_info(row, game), public_view=game.view(None) if game else None,
                       result=game.result() if game else None)

    async def _seated_game(self, game_id: int, user_id: int) -> tuple[GameRow, Game, int]:
        row = await self._row(game_id)
        game = self._engine(row)
        if game is None:
            raise Refused("That game has not started yet.", "not_started")
        if row.status == "abandoned":
            raise Refused(f"Game #{game_id} was abandoned; nothing of it can be played or shown.", "game_over")
        return row, game, self._acting_seat(row, user_id, None)

    async def hand(self, game_id: int, user_id: int) -> dict[str, Any]:
        _, game, seat = await self._seated_game(game_id, user_id)
        return game.view(seat)

    async def choices(self, game_id: int, user_id: int) -> list[Move]:
        row, game, seat = await self._seated_game(game_id, user_id)
        if row.status != "running" or seat not in game.to_move():
            return []
        return game.moves(seat)

    async def shapes(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """Free-form moves the user may send now (e.g. a trade offer), with how to write them."""
        row, game, seat = await self._seated_game(game_id, user_id)
        if row.status != "running" or seat not in game.to_move():
            return []
        return game.action_shapes(seat)

    async def log(self, game_id: int, *, page: int = 0, per_page: int = 15) -> list[str]:
        """The game's story as sentences, newest page first (page 0 is the latest)."""
        row = await self._row(game_id)
        game = self._engine(row)
        if game is None:
            return []
        lines = [game.describe_event(e) for entry in await self.storage.actions(game_id) for e in entry.events]
        end = len(lines) - page * per_page
        return lines[max(0, end - per_page):max(0, end)]

    async def stats(self, guild_id: int | None) -> dict[str, list[tuple[int, int, int]]]:
        """Per game title, this server's players as (user id, won, played), most wins first — read from the
        results written once when each game ended."""
        table: dict[str, list[tuple[int, int, int]]] = {}
        for game_type, user_id, won, played in await self.storage.tally(guild_id):
            table.setdefault(get_game(game_type).title, []).append((user_id, won, played))
        return {title: sorted(rows, key=lambda r: (-r[1], -r[2], r[0])) for title, rows in table.items()}

    async def leaderboard(self, game_type: str, guild_id: int | None, *, limit: int = 10) -> list[Rating]:
        """The best rated players of a game (people and AI policies) on a server, or on every server
        (guild None), best first by the rating's ordinal."""
        get_game(game_type)  # an unknown game is refused with the list of games
        return await self.storage.leaderboard(game_type, guild_id or 0, limit)

    async def profile(self, user_id: int) -> dict[str, Rating]:
        """A user's rating per game title across every server, the most played (the favourite) first."""
        mine = await self.storage.ratings_of(user_player(user_id), 0)
        return {get_game(game_type).title: rating
                for game_type, rating in sorted(mine.items(), key=lambda item: (-item[1].games, item[0]))}

    async def forget(self, user_id: int) -> list[Outcome]:
        """Forget a user: leave every open table, then erase their id everywhere (results and ratings included).

        Returns the outcomes of running games they left (an AI took the seat).
        """
        left: list[Outcome] = []
        for info in await self.games_of_user(user_id):
            if info.status == "lobby" and info.created_by == user_id:
                await self.abandon(info.id, user_id)
                continue
            outcome = await self.leave(info.id, user_id)
            if info.status == "running":
                left.append(outcome)
        await self.storage.anonymize_user(user_id)
        return left

    # -- a person's own choices -------------------------------------------------------

    async def notify(self, user_id: int) -> str:
        """Which DMs a person gets from their games (`bot.settings.NOTIFY`)."""
        return await self.storage.notify_setting(user_id) or DEFAULT_NOTIFY

    async def set_notify(self, user_id: int, choice: str) -> str:
        """Choose which DMs a person gets, in every game they play; rows already written keep theirs."""
        await self.storage.set_notify(user_id, checked_notify(choice))
        return choice

    # -- delivery's bookkeeping ----------------------------------------------------

    async def refuse_dms(self, game_id: int, user_id: int) -> None:
        """A player's DMs are closed: from now on their hand is only behind the My hand button (told once)."""
        if await self.storage.refuse_dms(game_id, user_id, notice=outbox.dms_refused(user_id), now=self.clock()):
            self._changed()

    async def pause(self, game_id: int, why: str) -> bool:
        """The game's channel cannot be reached: no turn times out until it can; the host is told by DM once."""
        async with self._locked(game_id):
            row = await self._row(game_id)
            effects = Effects(outbox=[outbox.paused(_info(row, None), why)] if row.created_by else [])
            return await self.storage.set_paused(game_id, why, effects=effects, now=self.clock())

    async def resume(self, game_id: int) -> bool:
        """Delivery works again: the turn's timers restart from now."""
        async with self._locked(game_id):
            row = await self._row(game_id)
            if row.paused is None:
                return False
            _, effects = self._after(dataclasses.replace(row, paused=None), self._engine(row))
            effects.outbox = [outbox.notice("I can post here again; the game goes on.")]
            await self.storage.set_paused(game_id, None, effects=effects, now=self.clock())
        return True


__all__ = ["DEFAULT_SETTINGS", "RESTARTING", "STALE", "GameService", "Message", "Refused", "RuleError", "utc_now"]
