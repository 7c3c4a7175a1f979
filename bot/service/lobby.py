"""A table's life besides its moves: creating it, its seats in the lobby, the start, leaving and resigning,
its settings, abandoning it, and forgetting a user. The service alone decides who may do each."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
from contextlib import nullcontext
from typing import Any

from bot import outbox
from bot.errors import Refused
from bot.names import clean
from bot.outcome import GameInfo, Outcome
from bot.practice import SETTINGS as PRACTICE_SETTINGS
from bot.practice import is_practice, speak
from bot.seats import DEFAULT_LEVEL
from bot.service.kernel import (
    NOT_SEATED,
    Change,
    Rights,
    acting_seat,
    engine_of,
    humans,
    in_lobby,
    info_of,
    on_the_newest_row,
)
from bot.service.turns import Turns, taken_over, taken_over_line
from bot.settings import merged, with_defaults
from bot.storage import GameRow, SeatRow
from games.core import get_game
from games.levels import LEVELS


def _open(row: GameRow) -> None:
    if row.status in ("finished", "abandoned"):
        raise Refused(f"That game is {row.status}.", "game_over")


def _not_over(row: GameRow) -> None:
    if row.status in ("finished", "abandoned"):
        raise Refused(f"That game is already {row.status}.", "game_over")


def _practice_open(game_id: int) -> Refused:
    return Refused(f"Your practice table #{game_id} is still open; end it before you open another.", "practice_open")


class Lobby(Turns):
    async def create(self, *, game_type: str, guild_id: int | None, channel_id: int, user_id: int,
                     options: dict[str, Any] | None = None, thread_id: int | None = None,
                     practice: bool = False) -> GameInfo:
        """Open a table (`practice`: a practice table of `/game learn`, see `bot.practice`)."""
        cls = get_game(game_type)
        resolved = cls.resolve_options(options)
        running = await self.storage.active_in_channel(thread_id or channel_id)
        if running is not None and (thread_id or not practice):  # a practice table takes no channel's slot
            raise Refused(f"Game #{running} is already open here; finish or abandon it first, "
                          "or start the new game in a thread.", "game_running_here")
        settings = {**await self.server_defaults(guild_id), **(PRACTICE_SETTINGS if practice else {})}
        async with self._learners.setdefault((guild_id, user_id), asyncio.Lock()) if practice else nullcontext():
            if practice and (open_one := await self.open_practice(guild_id, user_id)) is not None:
                raise _practice_open(open_one.id)  # one at a time, also when two /game learn cross
            game_id = await self.storage.create_game(
                game_type=game_type, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
                created_by=user_id, options=resolved, settings=settings, seed=secrets.randbits(63), now=self.clock())
        if practice and (older := await self.open_practice(guild_id, user_id)) is not None and older.id != game_id:
            # another process opened one at the same moment (the lock above is this process's): the older stays
            async with self.change(game_id) as change:
                await self._abandoned(change)
            raise _practice_open(older.id)
        return await self.get(game_id)

    async def open_practice(self, guild_id: int | None, user_id: int) -> GameInfo | None:
        """The member's open practice table on this server (they have one at a time, `bot.practice`)."""
        for game_id in await self.storage.games_of_user(user_id):
            info = await self.get(game_id)
            if info.guild_id == guild_id and is_practice(info.settings):
                return info
        return None

    async def server_defaults(self, guild_id: int | None) -> dict[str, Any]:
        """The settings a new table on this server starts with."""
        return with_defaults(await self.storage.guild_settings(guild_id))

    async def set_server_defaults(self, guild_id: int, *, guild_rights: int | None,
                                  changes: dict[str, Any]) -> dict[str, Any]:
        """Change a server's defaults for new tables (members with Manage Server of that server only)."""
        if guild_rights != guild_id:
            raise Refused("Only members with Manage Server can change the server's defaults.", "not_manager")
        settings = merged(await self.storage.guild_settings(guild_id), changes)
        await self.storage.set_guild_settings(guild_id, settings)
        return settings

    async def _write_seats(self, change: Change, seats: list[SeatRow]) -> GameInfo:
        renumbered = [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
        await change.write(self.storage.set_seats, renumbered)
        return await self.get(change.row.id)

    @on_the_newest_row
    async def join(self, game_id: int, user_id: int) -> GameInfo:
        async with self.change(game_id, check=in_lobby) as change:
            cls = get_game(change.row.game_type)
            if any(s.user_id == user_id for s in change.row.seats):
                raise Refused("You are already seated in this game.", "already_seated")
            if len(change.row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            return await self._write_seats(change, [*change.row.seats, SeatRow(0, user_id, False, True, False)])

    @on_the_newest_row
    async def add_ai(self, game_id: int, user_id: int, *, guild_rights: int | None = None,
                     level: str = DEFAULT_LEVEL) -> GameInfo:
        """Seat an AI player of `level` (`games.ai.LEVELS`)."""
        if level not in LEVELS:
            raise Refused(f"An AI plays at one of these levels: {', '.join(LEVELS)}.", "bad_level")
        rights = Rights(user_id, guild_rights, "add an AI player")
        async with self.change(game_id, check=in_lobby, rights=rights) as change:
            cls = get_game(change.row.game_type)
            if len(change.row.seats) >= cls.max_players:
                raise Refused(f"The table is full: {cls.title} seats at most {cls.max_players}.", "lobby_full")
            seat = SeatRow(0, None, True, True, False, level=level)
            return await self._write_seats(change, [*change.row.seats, seat])

    async def remove_seat(self, game_id: int, user_id: int, seat: int, *,
                          guild_rights: int | None = None) -> GameInfo:
        rights = Rights(user_id, guild_rights, "remove a seat")
        async with self.change(game_id, check=in_lobby, rights=rights) as change:
            if not 0 <= seat < len(change.row.seats):
                raise Refused(f"There is no seat {seat + 1} at this table.", "no_seat")
            return await self._write_seats(change, [s for s in change.row.seats if s.seat != seat])

    async def start(self, game_id: int, user_id: int, *, guild_rights: int | None = None) -> Outcome:
        rights = Rights(user_id, guild_rights, "start it")
        async with self.change(game_id, check=in_lobby, rights=rights) as change:
            cls = get_game(change.row.game_type)
            if len(change.row.seats) < cls.min_players:
                raise Refused(f"{cls.title} needs at least {cls.min_players} players; "
                              f"{len(change.row.seats)} seated. Invite friends or add AI players.", "too_few_players")
            order = cls.seating(len(change.row.seats), change.row.seed, change.row.options)
            if order != sorted(order):
                await self._write_seats(change, [change.row.seats[i] for i in order])
                change = Change(await self._row(game_id), self.clock)
            row = change.row
            game = cls.new(len(row.seats), seed=row.seed, options=row.options)
            later, effects = self._next_row(row, game, status="running")
            people = humans(row)
            coached = speak(row, game, later.version)
            outcome = Outcome(game=info_of(later, game), lines=[f"{cls.title} begins!", *coached.lines],
                              public_view=game.view(None),
                              private_views={s: game.view(s) for s in people},
                              asked=sorted(s for s in game.to_move() if s in people))
            effects.outbox, effects.release, effects.settings = outbox.for_outcome(outcome), True, coached.settings
            await change.write(self.storage.set_status, "running", state=json.dumps(game.to_dict()), effects=effects)
            return outcome

    @on_the_newest_row
    async def leave(self, game_id: int, user_id: int) -> Outcome:
        async with self.change(game_id) as change:
            row = change.row
            mine = [s for s in row.seats if s.user_id == user_id and not s.left]
            if not mine:
                raise Refused(NOT_SEATED, "not_seated")
            if row.status == "lobby":
                if user_id == row.created_by:
                    raise Refused("You created this game: abandon it instead of leaving.", "creator_leaves")
                return Outcome(game=await self._write_seats(change, [s for s in row.seats if s.user_id != user_id]))
            if row.status != "running":
                raise Refused("That game is over.", "game_over")
            if is_practice(row.settings):  # a practice table is the person's alone: leaving ends it
                await self._abandoned(change)
                return Outcome(game=await self.get(game_id))
            level = with_defaults(row.settings)["ai_level"]
            seats = [taken_over(s, level) if s.user_id == user_id else s for s in row.seats]
            return await self._seats_to_ai(change, seats, [taken_over_line(mine[0], level, "left")])

    @on_the_newest_row
    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Resign as the game's rules say (Roanoke: elimination, ROA-R28); in a game whose rules define no
        resignation the seat passes to an AI, so the others' game goes on."""
        row = await self._row(game_id)
        cls = get_game(row.game_type)
        if row.status != "running" or not cls.resignation:
            return await self.leave(game_id, user_id)
        game = engine_of(row)
        seat = acting_seat(row, user_id, None)
        if game is None or {"type": "resign"} not in game.legal_actions(seat):
            raise Refused(f"In {cls.title} you resign when it is your move: "
                          f"{cls.resignation}", "resign_on_your_move")
        return await self.act(game_id, user_id, {"type": "resign"})

    @on_the_newest_row
    async def update_settings(self, game_id: int, user_id: int, *, guild_rights: int | None = None,
                              changes: dict[str, Any]) -> GameInfo:
        """Change a table's settings; the running turn's timers restart from now."""
        rights = Rights(user_id, guild_rights, "change its settings")
        async with self.change(game_id, rights=rights) as change:
            _open(change.row)
            settings = merged(change.row.settings, changes)
            _, effects = self._next_row(dataclasses.replace(change.row, settings=settings), engine_of(change.row))
            await change.write(self.storage.set_settings, settings, effects=effects)
            return await self.get(game_id)

    @on_the_newest_row
    async def abandon(self, game_id: int, user_id: int, *, guild_rights: int | None = None) -> GameInfo:
        rights = Rights(user_id, guild_rights, "abandon it")
        async with self.change(game_id, check=_not_over, rights=rights) as change:
            await self._abandoned(change)
            return await self.get(game_id)

    async def known_as(self, guild_id: int | None, user_id: int, raw: str) -> None:
        """Remember what a person is called where they act (their nickname in that server, else their display
        name), cleaned (`bot.names.clean`): stored when it changed, so the next board names them so."""
        name, key = clean(raw), (guild_id or 0, user_id)
        if name is None or self.names.get(key) == name:
            return
        await self.storage.set_name(guild_id, user_id, name)
        self.names[key] = name

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
        self.names = {key: name for key, name in self.names.items() if key[1] != user_id}
        return left
