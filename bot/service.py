"""GameService (DESIGN §4): the game lifecycle in plain async Python.

It decides who may do what, runs the engine, persists through `Storage` and returns
plain `Outcome`s.  It knows users and channels by id only and imports nothing of
discord.py, so the CLI, the tests and the Discord layer all drive games the same way.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.errors import Refused
from bot.outcome import GameInfo, Outcome, SeatInfo
from bot.storage import GameRow, SeatRow, StaleVersion, Storage
from games.ai import choose_for, policy_for
from games.core import Action, Game, Result, RuleError, get_game

STALE = "The board has changed since this was drawn; use the newest board."

POLICIES = ("ai", "skip", "forfeit")
DEFAULT_SETTINGS: dict[str, Any] = {"deadline_hours": 48, "reminder": 0.5, "policy": "ai", "board": "new",
                                    "thread": False}
"""Table settings (DESIGN §6): turn deadline in hours (None: off), reminder as a fraction
of the deadline, what happens at the deadline, whether each move posts a new board message
or edits one, and (as a server default) whether `/game new` opens a thread."""

BOARD_MODES = ("new", "edit")

PASS_TYPES = ("pass", "end_turn", "skip")
"""Action types that the `skip` policy may play for an absent player, where a game lists one."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def _info(row: GameRow, game: Game | None) -> GameInfo:
    cls = get_game(row.game_type)
    to_move = sorted(game.to_move()) if game is not None and row.status == "running" else []
    return GameInfo(
        id=row.id, game_type=row.game_type, title=cls.title, guild_id=row.guild_id, channel_id=row.channel_id,
        thread_id=row.thread_id, status=row.status, version=row.version, created_by=row.created_by,
        options=row.options, seats=[SeatInfo(s.seat, s.user_id, s.is_ai, s.dm_ok, s.left) for s in row.seats],
        to_move=to_move, deadline=datetime.fromisoformat(row.deadline) if row.deadline else None,
        settings={**DEFAULT_SETTINGS, **row.settings})


def _private_parts(game: Game, seats: list[int]) -> dict[int, dict[str, Any]]:
    """What each seat sees beyond the public view: a DM is due only when this changes."""
    public = game.view(None)
    return {s: {k: v for k, v in game.view(s).items() if public.get(k, _MISSING) != v} for s in seats}


_MISSING = object()


class GameService:
    def __init__(self, storage: Storage, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

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
        settings = {**DEFAULT_SETTINGS, **await self.storage.guild_settings(guild_id)}
        game_id = await self.storage.create_game(
            game_type=game_type, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
            created_by=user_id, options=resolved, settings=settings, seed=secrets.randbits(63), now=self.clock())
        return await self.get(game_id)

    async def server_defaults(self, guild_id: int | None) -> dict[str, Any]:
        """The settings a new table on this server starts with."""
        return {**DEFAULT_SETTINGS, **await self.storage.guild_settings(guild_id)}

    async def set_server_defaults(self, guild_id: int, *, can_manage: bool, changes: dict[str, Any]) -> dict[str, Any]:
        """Change a server's defaults for new tables (members with Manage Server only)."""
        if not can_manage:
            raise Refused("Only members with Manage Server can change the server's defaults.", "not_manager")
        merged = await self.server_defaults(guild_id)
        for key, value in changes.items():
            merged[key] = _checked_setting(key, value)
        await self.storage.set_guild_settings(guild_id, merged)
        return merged

    async def _lobby(self, game_id: int) -> tuple[GameRow, type[Game]]:
        row = await self._row(game_id)
        if row.status != "lobby":
            raise Refused("That game has already started; seats can no longer change in the lobby.", "not_in_lobby")
        return row, get_game(row.game_type)

    async def _write_seats(self, row: GameRow, seats: list[SeatRow]) -> GameInfo:
        renumbered = [SeatRow(i, s.user_id, s.is_ai, s.dm_ok, s.left) for i, s in enumerate(seats)]
        try:
            await self.storage.set_seats(row.id, renumbered, expected_version=row.version)
        except StaleVersion:
            raise Refused(STALE, "stale_board") from None
        return await self.get(row.id)

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            row, cls = await self._lobby(game_id)
            if any(s.user_id == user_id for s in row.seats):
                raise Refused("You are already seated in this game.", "already_seated")
            if len(row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            return await self._write_seats(row, [*row.seats, SeatRow(0, user_id, False, True, False)])

    async def add_ai(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            row, cls = await self._lobby(game_id)
            if not any(s.user_id == user_id for s in row.seats):
                raise Refused("Only a seated player can add an AI player.", "not_seated")
            if len(row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            return await self._write_seats(row, [*row.seats, SeatRow(0, None, True, True, False)])

    async def remove_seat(self, game_id: int, user_id: int, seat: int, *, can_manage: bool) -> GameInfo:
        async with self._lock(game_id):
            row, _ = await self._lobby(game_id)
            if user_id != row.created_by and not can_manage:
                raise Refused("Only the game's creator or a member with Manage Server can remove a seat.",
                              "not_creator")
            if not 0 <= seat < len(row.seats):
                raise Refused(f"There is no seat {seat + 1} at this table.", "no_seat")
            return await self._write_seats(row, [s for s in row.seats if s.seat != seat])

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        async with self._lock(game_id):
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
            info = await self._write_seats(row, seats)
            line = f"<@{user_id}> left; an AI plays seat {mine[0].seat + 1} from now on."
            return Outcome(info, lines=[line])

    async def start(self, game_id: int, user_id: int, *, can_manage: bool = False) -> Outcome:
        async with self._lock(game_id):
            row, cls = await self._lobby(game_id)
            if user_id != row.created_by and not can_manage:
                raise Refused("Only the game's creator or a member with Manage Server can start it.", "not_creator")
            if len(row.seats) < cls.min_players:
                raise Refused(f"{cls.title} needs at least {cls.min_players} players; "
                              f"{len(row.seats)} seated. Invite friends or add AI players.", "too_few_players")
            order = cls.seating(len(row.seats), row.seed, row.options)
            if order != sorted(order):
                await self._write_seats(row, [row.seats[i] for i in order])
                row = await self._row(game_id)
            game = cls.new(len(row.seats), seed=row.seed, options=row.options)
            try:
                await self.storage.set_status(game_id, "running", expected_version=row.version,
                                              state=json.dumps(game.to_dict()), timers=self._timers(row),
                                              now=self.clock())
            except StaleVersion:
                raise Refused(STALE, "stale_board") from None
            row = await self._row(game_id)
            humans = [s.seat for s in row.seats if not s.is_ai]
            return Outcome(_info(row, game), lines=[f"{cls.title} begins!"], public_view=game.view(None),
                           private_views={s: game.view(s) for s in humans},
                           asked=sorted(s for s in game.to_move() if s in humans))

    # -- play ------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int | None, action: Action, *, interaction_id: str | None = None,
                  expected_version: int | None = None, as_seat: int | None = None) -> Outcome:
        if interaction_id is not None:
            done = await self.storage.find_interaction(interaction_id)
            if done is not None:
                return await self._replayed(done[0], done[1].events)
        async with self._lock(game_id):
            row = await self._row(game_id)
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
                     interaction_id: str | None = None) -> Outcome:
        """Apply and persist one action of `seat` (the caller holds the game's lock)."""
        game_id = row.id
        if seat not in game.to_move():
            waiting = ", ".join(f"seat {s + 1}" for s in sorted(game.to_move()))
            raise Refused(f"It is not your turn — waiting for {waiting}.", "not_your_turn")
        humans = [s.seat for s in row.seats if not s.is_ai]
        before = _private_parts(game, humans)
        waiting = game.to_move()
        events = game.apply(seat, action)  # a RuleError leaves the stored state untouched
        status = "finished" if game.over else "running"
        try:
            await self.storage.commit_move(game_id, expected_version=row.version, state=json.dumps(game.to_dict()),
                                           status=status, seat=seat, action=action, events=events,
                                           interaction_id=interaction_id, now=self.clock(),
                                           timers=self._timers(row) if status == "running" else (None, None))
        except StaleVersion:
            raise Refused(STALE, "stale_board") from None
        row = await self._row(game_id)
        after = _private_parts(game, humans)
        changed = {s: game.view(s) for s in humans if after[s] != before[s]}
        asked = sorted(s for s in game.to_move() - waiting if s in humans)
        notices = {s: [game.describe_event(e) for e in said] for s, said in game.notices(events).items() if s in humans}
        return Outcome(_info(row, game), events, [game.describe_event(e) for e in events], game.view(None),
                       changed, game.result(), notices=notices, asked=asked)

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

    async def advance_ai(self, game_id: int, *, limit: int = 2000) -> Outcome | None:
        """Let AI seats move until a human is to move or the game ends; one merged outcome."""
        merged: Outcome | None = None
        for _ in range(limit):
            row = await self._row(game_id)
            game = self._engine(row)
            if row.status != "running" or game is None:
                break
            ai_seats = {s.seat for s in row.seats if s.is_ai}
            movers = sorted(game.to_move() & ai_seats)
            if not movers:
                break
            seat = movers[0]
            rng = random.Random(row.seed * 31 + row.version)
            action = choose_for(game, seat, policy_for(row.game_type), rng)
            try:
                outcome = await self.act(game_id, None, action, expected_version=row.version, as_seat=seat)
            except Refused as err:
                if err.code == "stale_board":  # a human moved meanwhile: look again
                    continue
                raise
            merged = outcome if merged is None else merged.then(outcome)
        return merged

    # -- turn timers (DESIGN §6) ------------------------------------------------

    def _timers(self, row: GameRow) -> tuple[datetime | None, datetime | None]:
        settings = {**DEFAULT_SETTINGS, **row.settings}
        hours = settings["deadline_hours"]
        if hours is None:
            return None, None
        now = self.clock()
        return now + timedelta(hours=hours), now + timedelta(hours=hours * settings["reminder"])

    async def update_settings(self, game_id: int, user_id: int, *, can_manage: bool,
                              changes: dict[str, Any]) -> GameInfo:
        """Change a table's settings; the running turn's timers restart from now."""
        merged = {**DEFAULT_SETTINGS, **(await self._row(game_id)).settings}
        for key, value in changes.items():
            merged[key] = _checked_setting(key, value)
        async with self._lock(game_id):
            row = await self._row(game_id)
            if user_id != row.created_by and not can_manage:
                raise Refused("Only the game's creator or a member with Manage Server can change its settings.",
                              "not_creator")
            if row.status in ("finished", "abandoned"):
                raise Refused(f"That game is {row.status}.", "game_over")
            row.settings = merged
            timers = self._timers(row) if row.status == "running" else (None, None)
            await self.storage.set_settings(game_id, merged, timers)
            return await self.get(game_id)

    async def due(self) -> list[tuple[int, str]]:
        return await self.storage.due(self.clock())

    async def next_due(self) -> datetime | None:
        return await self.storage.next_due()

    async def remind(self, game_id: int) -> GameInfo:
        """Mark the turn's one reminder as sent; returns the game, whose users_to_move get it."""
        await self.storage.mark_reminded(game_id)
        return await self.get(game_id)

    async def time_out(self, game_id: int) -> Outcome:
        """Apply the table's policy to every human seat still to move at the deadline."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            game = self._engine(row)
            if row.status != "running" or game is None:
                return Outcome(_info(row, game))
            policy = {**DEFAULT_SETTINGS, **row.settings}["policy"]
            late = [s for s in row.seats if s.seat in game.to_move() and not s.is_ai]
            if policy == "forfeit":
                seats = [SeatRow(s.seat, s.user_id, True, s.dm_ok, True) if s in late else s for s in row.seats]
                await self.storage.set_seats(game_id, seats, expected_version=row.version)
                lines = [f"<@{s.user_id}> ran out of time and forfeits; an AI plays seat {s.seat + 1} from now on."
                         for s in late]
                merged = Outcome(await self.get(game_id), lines=lines)
            else:
                merged = Outcome(_info(row, game))
                for seat in late:
                    row = await self._row(game_id)
                    if game.over or seat.seat not in game.to_move():
                        continue
                    legal = game.legal_actions(seat.seat)
                    passes = [a for a in legal if a.get("type") in PASS_TYPES] if policy == "skip" else []
                    rng = random.Random(row.seed * 31 + row.version)
                    action = passes[0] if passes else choose_for(game, seat.seat, policy_for(row.game_type), rng, legal)
                    how = "passes" if passes else "an AI plays for them"
                    note = Outcome(merged.game, lines=[f"<@{seat.user_id}> ran out of time: {how}."])
                    merged = merged.then(note).then(await self._apply(row, game, seat.seat, action))
        later = await self.advance_ai(game_id)
        return merged.then(later) if later else merged

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """A resigning player's seat passes to an AI, so the others' game goes on."""
        return await self.leave(game_id, user_id)

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool) -> GameInfo:
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status in ("finished", "abandoned"):
                raise Refused(f"That game is already {row.status}.", "game_over")
            if user_id != row.created_by and not can_manage:
                raise Refused("Only the game's creator or a member with Manage Server can abandon it.",
                              "not_creator")
            try:
                await self.storage.set_status(game_id, "abandoned", expected_version=row.version, now=self.clock())
            except StaleVersion:
                raise Refused(STALE, "stale_board") from None
            return await self.get(game_id)

    async def undo(self, game_id: int, user_id: int) -> Outcome:
        """Take back the caller's last action while nobody acted since and it revealed nothing."""
        async with self._lock(game_id):
            row = await self._row(game_id)
            if row.status != "running":
                raise Refused("Only a running game's moves can be undone.", "game_over")
            seat = self._acting_seat(row, user_id, None)
            log = await self.storage.actions(game_id)
            if not log or log[-1].seat != seat:
                raise Refused("You can undo only your own last action, before anyone else has acted.",
                              "cannot_undo")
            cls = get_game(row.game_type)
            game = cls.new(len(row.seats), seed=row.seed, options=row.options)
            for entry in log[:-1]:
                game.apply(entry.seat, entry.action)
            if not game.undoable(log[-1].action, log[-1].events):
                raise Refused("That action revealed something hidden or random, so it cannot be undone.",
                              "cannot_undo")
            try:
                await self.storage.truncate_actions(game_id, keep=log[-1].seq - 1, expected_version=row.version,
                                                    state=json.dumps(game.to_dict()), now=self.clock())
            except StaleVersion:
                raise Refused(STALE, "stale_board") from None
            row = await self._row(game_id)
            line = f"Seat {seat + 1} took back: {game.describe(log[-1].action)}."
            return Outcome(_info(row, game), lines=[line], public_view=game.view(None),
                           private_views={seat: game.view(seat)})

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

    async def choices(self, game_id: int, user_id: int) -> list[tuple[str, Action]]:
        row, game, seat = await self._seated_game(game_id, user_id)
        if row.status != "running" or seat not in game.to_move():
            return []
        return [(game.describe(a), a) for a in game.legal_actions(seat)]

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
        """Per game title, this server's players as (user id, won, played), most wins first."""
        tally: dict[str, dict[int, list[int]]] = {}
        results: dict[int, Result | None] = {}
        for game_id, game_type, state, seat, user_id in await self.storage.finished_seats(guild_id):
            cls = get_game(game_type)
            if game_id not in results:
                results[game_id] = cls.from_dict(json.loads(state)).result()
            result = results[game_id]
            row = tally.setdefault(cls.title, {}).setdefault(user_id, [0, 0])
            row[0] += int(result is not None and seat in result.winners)
            row[1] += 1
        return {title: sorted(((u, w, p) for u, (w, p) in users.items()), key=lambda r: (-r[1], -r[2], r[0]))
                for title, users in tally.items()}

    async def forget(self, user_id: int) -> list[Outcome]:
        """Forget a user: leave every open table, then erase their id everywhere.

        Returns the outcomes of running games they left (an AI took the seat), to be posted.
        """
        left: list[Outcome] = []
        for info in await self.games_of_user(user_id):
            if info.status == "lobby" and info.created_by == user_id:
                await self.abandon(info.id, user_id, can_manage=False)
                continue
            outcome = await self.leave(info.id, user_id)
            if info.status == "running":
                left.append(outcome)
        await self.storage.anonymize_user(user_id)
        return left

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        await self.storage.set_dm_ok(game_id, user_id, ok)

    async def board_message(self, game_id: int) -> int | None:
        return await self.storage.message(game_id, "board")

    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> int | None:
        return await self.storage.swap_message(game_id, "board", channel_id, message_id)


def _checked_setting(key: str, value: Any) -> Any:
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
            raise Refused("Boards are either posted anew after each move (new) or edited in place (edit).",
                          "bad_setting")
        return value
    if key == "thread":
        if not isinstance(value, bool):
            raise Refused("The thread setting is on or off.", "bad_setting")
        return value
    raise Refused(f"There is no table setting called {key!r}.", "bad_setting")


__all__ = ["STALE", "GameService", "Refused", "RuleError", "utc_now"]
