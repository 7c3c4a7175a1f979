"""Read-only questions about games: what a table shows, what a seated person may do, the story, the
standings. Nothing here takes a game's lock or writes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.errors import Refused
from bot.names import inert
from bot.outcome import GameInfo, Outcome, Panel
from bot.practice import coach_lines
from bot.seats import cast_of
from bot.service.catchup import news_for
from bot.service.kernel import NOT_SEATED, Caller, Kernel, engine_of, info_of, person_seat
from bot.settings import DEFAULT_NOTIFY, checked_notify
from bot.storage import GameRow, Rating, user_player
from games.core import Game, Move, get_game
from renderers.narrator import label, shape_named
from renderers.narrator import log as told


def for_what(move: Move, what: str) -> Move:
    """A one-tap trade's label says what it is for, in the player's words: "… (then a road)"."""
    return move._replace(label=f"{move.label} (then {what})")


def panel_of(row: GameRow, game: Game | None, user_id: int) -> Panel:
    """A seated person's panel of a loaded game: their moves only while they are to move."""
    seat = person_seat(row, user_id)
    if seat is None:
        raise Refused(NOT_SEATED, "not_seated")
    if game is None:
        raise Refused("That game has not started yet.", "not_started")
    if row.status == "abandoned":
        raise Refused(f"Game #{row.id} was abandoned; nothing of it can be played or shown.", "game_over")
    moving = row.status == "running" and seat in game.to_move()
    choices: list[Move] = []
    shapes: list[dict[str, Any]] = []
    suggested: list[Move] = []
    if moving:  # a button or an option shows no markdown: names as typed
        cast, public = cast_of(row.seats, seat, text=False), game.view(None)
        choices = [label(row.game_type, move, cast, public) for move in game.moves(seat)]
        shapes = [shape_named(shape, cast) for shape in game.action_shapes(seat)]
        suggested = [for_what(label(row.game_type, Move(game.describe(action), action, ()), cast, public), what)
                     for action, what in game.suggested(seat)]
    return Panel(game=info_of(row, game), seat=seat, choices=choices, shapes=shapes, hand=game.view(seat),
                 warnings=game.warnings(seat) if moving else [], coach=coach_lines(row, game, seat) if moving else [],
                 suggested=suggested)


@dataclass(frozen=True)
class Snapshot:
    """A game as one load found it: its info, and any seated person's panel (drawn when asked)."""

    row: GameRow
    engine: Game | None
    game: GameInfo

    def panel(self, user_id: int) -> Panel:
        return panel_of(self.row, self.engine, user_id)


class Queries(Kernel):
    async def snapshot(self, game_id: int, *, caller: Caller | None = None) -> Snapshot:
        """The game from one load: what delivery shows of it, and panels of its seats. With a `caller`, the
        load a click starts from: refused unless the game may be acted on from where the caller is."""
        row = await self._row(game_id)
        if caller is not None:
            caller.check(row)
        engine = engine_of(row)
        return Snapshot(row=row, engine=engine, game=info_of(row, engine))

    async def get(self, game_id: int) -> GameInfo:
        return (await self.snapshot(game_id)).game

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """What a seated person sees when they open their moves (one load), led while they are to move by what
        changed for them since they last acted (`news_for`)."""
        snap = await self.snapshot(game_id)
        panel = snap.panel(user_id)
        if snap.engine is None or not (panel.choices or panel.shapes):
            return panel
        news = news_for(snap.engine, snap.row.seats, panel.seat, await self.storage.actions(game_id))
        return dataclasses.replace(panel, news=news)

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        game_id = await self.storage.active_in_channel(channel_id)
        return await self.get(game_id) if game_id is not None else None

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return [await self.get(gid) for gid in await self.storage.games_of_user(user_id)]

    async def status(self, game_id: int) -> Outcome:
        row = await self._row(game_id)
        game = engine_of(row)
        return Outcome(game=info_of(row, game), public_view=game.view(None) if game else None,
                       result=game.result() if game else None)

    async def hand(self, game_id: int, user_id: int) -> dict[str, Any]:
        return (await self.panel(game_id, user_id)).hand

    async def choices(self, game_id: int, user_id: int) -> list[Move]:
        return (await self.panel(game_id, user_id)).choices

    async def shapes(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """Free-form moves the user may send now (e.g. a trade offer), with how to write them."""
        return (await self.panel(game_id, user_id)).shapes

    async def log(self, game_id: int, *, page: int = 0, per_page: int = 15) -> list[str]:
        """The game's story as sentences, newest page first (page 0 is the latest)."""
        row = await self._row(game_id)
        game = engine_of(row)
        if game is None:
            return []
        events = [e for entry in await self.storage.actions(game_id) for e in entry.events]
        lines = told(row.game_type, events, cast_of(row.seats), game.view(None))
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

    async def names_in(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        """What these people are called in a server, made inert for a Discord text (`bot.names.inert`), for
        those seen there: a leaderboard, the stats and a profile name people rather than mention them."""
        known = await self.storage.names(guild_id, sorted(set(user_ids))) if user_ids else {}
        return {user: inert(name) for user, name in known.items()}

    async def profile(self, user_id: int) -> dict[str, Rating]:
        """A user's rating per game title across every server, the most played (the favourite) first."""
        mine = await self.storage.ratings_of(user_player(user_id), 0)
        return {get_game(game_type).title: rating
                for game_type, rating in sorted(mine.items(), key=lambda item: (-item[1].games, item[0]))}

    async def notify(self, user_id: int) -> str:
        """Which DMs a person gets from their games (`bot.settings.NOTIFY`)."""
        return await self.storage.notify_setting(user_id) or DEFAULT_NOTIFY

    async def set_notify(self, user_id: int, choice: str) -> str:
        """Choose which DMs a person gets, in every game they play; rows already written keep theirs."""
        await self.storage.set_notify(user_id, checked_notify(choice))
        return choice
