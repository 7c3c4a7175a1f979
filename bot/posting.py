"""How each outbox row looks on Discord (DESIGN §4): the board (posted, or edited in place) with its buttons,
the recap, notices, and the DMs that show a hand or ask for a move. `bot.delivery.Delivery` sorts out what
is due and what Discord answered; this base says what one row sends, every request under a time limit.
Pictures are drawn in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeVar

import discord

from bot import history
from bot.board import board_layout, without_buttons
from bot.bounded import bounded
from bot.outbox import ai_players, fit, strip, turn_line
from bot.outcome import GameInfo, Panel
from bot.pictures import hand_file, png_file
from bot.practice import ranks
from bot.seats import cast_of
from bot.service import Snapshot
from bot.settings import DEFAULT_SETTINGS
from bot.storage import BoardMessage, OutboxItem, Storage
from renderers import render_board
from renderers.cast import Cast
from renderers.narrator import story
from renderers.text import alt_text, summary

log = logging.getLogger(__name__)
T = TypeVar("T")

CHANNEL_LOST = {10003: "the channel no longer exists", 50001: "I have no access to the channel",
                50013: "I lack a permission there (View Channel, Send Messages, Attach Files)"}
LOOKBACK = 1000
"""The most messages searched for a send that may have reached Discord already: those written in the channel since
its outbox row was, oldest first (the send came soon after the row, so it is found early however busy the channel
is); the bound stops the search for a send that never happened, 10 requests of 100."""
CLOCK_SKEW = timedelta(minutes=1)
"""How far Discord's clock may be behind ours: the search starts this much before the row was written."""
TURN_ROWS = 40
"""The most boards already shown that an edited board reads back for the turn's lines (`Posting._turn_so_far`):
a turn of more keeps the lines since the last `TURN_ROWS`."""
CALL_SECONDS = 20.0
"""The longest a Discord request may take before it counts as failed (and is retried with backoff)."""


class Presenter(Protocol):
    """The buttons delivery puts on what it sends; drawn by the Discord layer (cogs), which bot/ never imports."""

    def board_controls(self, snap: Snapshot) -> discord.ui.ActionRow | None:
        """The buttons under a running game's board (None: no buttons)."""

    def move_panel(self, panel: Panel) -> discord.ui.View | None:
        """One seat's move panel, for a DM asking for a move: the same panel as *Your move* under the board."""

    def recap_controls(self, game_id: int) -> discord.ui.View | None:
        """The buttons under a finished game's recap (each player's review of it)."""


class DeliveryPort(Protocol):
    """What delivery asks of the service, and nothing else."""

    storage: Storage
    clock: Callable[[], datetime]
    closing: bool

    def busy_games(self) -> list[int]: ...

    async def snapshot(self, game_id: int) -> Snapshot: ...

    async def panel(self, game_id: int, user_id: int) -> Panel: ...

    async def refuse_dms(self, game_id: int, user_id: int) -> None: ...

    async def pause(self, game_id: int, why: str) -> bool: ...

    async def resume(self, game_id: int) -> bool: ...


ONLY_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def shown_lines(game_type: str, boards: list[dict], cast: Cast, view: dict[str, Any] | None) -> list[str]:
    """What boards shown together say: the story of their events, a short paragraph a turn (the game's
    narrator), then their other lines; a board stored before its events were kept says its stored lines."""
    events = [event for b in boards for event in b.get("events", [])]
    stored = [line for b in boards if "events" not in b for line in b["lines"]]
    return [*stored, *story(game_type, events, cast, view), *(line for b in boards if "events" in b
                                                                for line in b["lines"])]


def unsure_since(*rows: OutboxItem) -> datetime | None:
    """When the first of the rows one send shows was written, if an earlier try may have posted it; else None."""
    return min(r.created_at for r in rows) if any(r.maybe_sent for r in rows) else None


class NotYet(Exception):
    """A row that must wait for another of its game's rows (a recap for the final board): tried again soon."""


class Posting:
    """What each row kind sends; the delivery worker (`bot.delivery.Delivery`) is built on it.

    Its `Presenter` comes from the Discord layer through `present_with` (the play cog hands it over when it
    loads): delivery is built with the client, before any cog is loaded, and bot/ never imports cogs/. A
    board is never sent without its buttons: with no presenter, `presenter` raises, and the client checks
    one was handed over before it starts delivering (`Frontier.assemble`)."""

    client: discord.Client
    service: DeliveryPort
    storage: Storage
    call_seconds: float = CALL_SECONDS
    """The time limit on one Discord request (`DISCORD_TIMEOUT_SECONDS`)."""
    _presenter: Presenter | None = None

    def present_with(self, presenter: Presenter) -> None:
        """Take the presenter (once: a second one would mean two cogs drawing the same buttons)."""
        if self._presenter is not None:
            raise RuntimeError("delivery already has a presenter")
        self._presenter = presenter

    @property
    def presenter(self) -> Presenter:
        if self._presenter is None:
            raise RuntimeError("delivery has no presenter: load cogs.play, which hands it over")
        return self._presenter

    async def _call(self, request: Awaitable[T]) -> T:
        """One Discord request, with a time limit: a request Discord never answers is a fault like a 5xx."""
        async with asyncio.timeout(self.call_seconds):
            return await request

    # -- where things go ---------------------------------------------------------------------

    def where_played(self, game: GameInfo) -> str:
        """Where a game is played, for DMs: the channel, and the server by name when it is known."""
        guild = self.client.get_guild(game.guild_id) if game.guild_id else None
        return f"in <#{game.thread_id or game.channel_id}>" + (f" on {guild.name}" if guild else "")

    def channel_of(self, game: GameInfo) -> discord.PartialMessageable:
        """The game's channel (or thread), to post in."""
        return self.client.get_partial_messageable(game.thread_id or game.channel_id, guild_id=game.guild_id)

    async def _send_dm(self, item: OutboxItem, text: str, nonce: str, **extras: object) -> None:
        assert item.target is not None
        channel = await self._call(self.client.create_dm(discord.Object(item.target)))  # type: ignore[arg-type]
        await self._post(channel, unsure_since(item), content=text, nonce=nonce, **extras)

    async def _post(self, channel: discord.abc.Messageable, unsure: datetime | None, **body: Any) -> discord.Message:
        """Send a message (within Discord's limits) once. Discord's nonce check answers a repeated send with the
        first message, but only for a few minutes; so when an earlier try of the row may have posted it (`unsure`:
        when the row was written, if the process died, or the request timed out, before a try's answer was
        recorded), the channel's messages since then are searched for it first, and what is found is recorded
        instead of posted again."""
        body = bounded(**body)
        if unsure is not None and (found := await self._call(self._posted_before(channel, body, unsure))) is not None:
            log.info("message %s (nonce %s) was posted before its answer was lost: recorded, not posted again",
                     found.id, body["nonce"])
            return found
        return await self._call(channel.send(**body))

    async def _posted_before(self, channel: discord.abc.Messageable, body: dict[str, Any],
                             since: datetime) -> discord.Message | None:
        """The bot's own message among the channel's since `since` that this send would make: its nonce where Discord
        returns one, else the same text and the same file names (a board's file name holds its game and version)."""
        files = sorted(f.filename for f in [body.get("file"), *(body.get("files") or ())] if f is not None)
        content = body.get("content") or ""
        me = self.client.user.id if self.client.user else None
        try:
            async for message in channel.history(limit=LOOKBACK, after=since - CLOCK_SKEW, oldest_first=True):
                if message.author.id != me:
                    continue
                if message.nonce is not None and str(message.nonce) == body["nonce"]:
                    return message
                if (content or files) and message.content == content \
                        and sorted(a.filename for a in message.attachments) == files:
                    return message
        except discord.Forbidden as err:  # Read Message History withdrawn: post, as before the search existed
            log.warning("could not search the channel for an earlier send: %s", err)
        return None

    @staticmethod
    def _still_wanted(game: GameInfo, item: OutboxItem, level: str) -> bool:
        """The row's user still sits in its seat, takes DMs, and still wants DMs of this level (the outbox
        chose them by the same rule when the row was written)."""
        return item.target is not None and game.dm_target(item.payload["seat"], level) == item.target

    @staticmethod
    async def _hand_file(game: GameInfo, view: dict) -> dict[str, discord.File]:
        """The player's private picture as a DM attachment (nothing for a game without one)."""
        picture = await hand_file(game, view)
        return {} if picture is None else {"file": picture}

    # -- one handler per kind -----------------------------------------------------------------

    async def _board(self, snap: Snapshot, newest: OutboxItem, *, closing: bool = False) -> None:
        """The newest board with the lines of every board not yet shown before it; the board it replaces
        loses its buttons through a `strip` row recorded with it (only the newest board is live). How it goes
        out is the table's `board` setting (`bot.settings.BOARD_TEXT`): `turn` edits the board in place unless
        someone is newly asked to act, keeping the turn's lines so far (`_turn_so_far`), `new` posts every
        board, `edit` edits one message and pings apart. In `turn`, the boards before the last that asks someone
        close the board shown first (`closing`: edited in, never asking), so that a posted board starts where
        `_turn_so_far` reads it from and its later edits keep every line it showed (a coach's line, a first-time
        explanation)."""
        game = snap.game
        now = self.service.clock()
        rows = await self.storage.pending_boards(game.id, newest.id)
        shown = await self.storage.board_message(game.id)
        fresh = [r for r in rows if shown is None or r.version > shown.version]
        if not fresh:
            await self.storage.outbox_done([r.id for r in rows], now=now)
            return
        last = fresh[-1].payload
        mode = game.settings.get("board", DEFAULT_SETTINGS["board"])
        asking = [i for i, r in enumerate(fresh) if r.payload.get("ping", True)]
        # not when a process died delivering these rows: the board shown may no longer be the newest posted, and
        # editing it to a version an unrecorded board already shows would show that version twice
        if mode == "turn" and shown is not None and not closing and asking and asking[-1] > 0 \
                and unsure_since(*fresh) is None:
            await self._board(snap, fresh[asking[-1] - 1], closing=True)
            return await self._board(snap, newest)
        asks = bool(asking) and not closing  # someone is newly to move
        deadline = datetime.fromisoformat(last["deadline"]) if last.get("deadline") else None
        turn = turn_line(last["turn"], deadline)
        view = next((r.payload["view"] for r in reversed(fresh) if r.payload.get("view") is not None), None)
        drawn = cast_of(game.seats, text=False)  # a picture and its alt text show names as typed
        picture = None if view is None else await asyncio.to_thread(render_board, game.game_type, view, (), drawn)
        file_name = f"{game.game_type}-{game.id}-v{fresh[-1].version}.png"
        players = ai_players(game.seats)
        alt = "" if view is None else alt_text(game.game_type, view, "board", title=game.title, players=players,
                                               cast=drawn)
        editing = shown is not None and (mode == "edit" or (mode == "turn" and not asks))
        earlier = await self._turn_so_far(game.id) if editing and mode == "turn" else []
        said = shown_lines(game.game_type, [*earlier, *(r.payload for r in fresh)], cast_of(game.seats), view)
        lines = fit(said, ranks=ranks(said))
        state = [] if view is None else summary(game.game_type, view, cast_of(game.seats))
        layout = board_layout([f"**{game.title}** #{game.id}\n{players}", lines, fit(state), turn],
                              None if picture is None else file_name, alt,
                              self.presenter.board_controls(snap) if game.status == "running" else None)
        files = [] if picture is None else [png_file(picture, file_name, alt)]
        channel = self.channel_of(game)
        unsure = unsure_since(*fresh)
        message_id = None
        if editing:
            assert shown is not None
            message_id = await self._edit_board(channel, shown.message_id, layout, files)
        if message_id is None:
            mentions = discord.AllowedMentions.none() if mode == "edit" else ONLY_USERS  # edited boards ping apart
            message = await self._post(channel, unsure, view=layout, files=files, allowed_mentions=mentions,
                                       nonce=f"b{game.id}v{fresh[-1].version}")
            message_id = message.id
        if mode == "edit" and turn and asks:  # only someone newly to move
            await self._post(channel, unsure, content=turn, allowed_mentions=ONLY_USERS,
                             nonce=f"t{game.id}v{fresh[-1].version}")
        replaced = [strip(shown)] if shown is not None and shown.message_id != message_id else []
        await self.storage.record_board(game.id, BoardMessage(channel.id, message_id, fresh[-1].version),
                                        [r.id for r in rows], now, replaced)

    async def _turn_so_far(self, game_id: int) -> list[dict]:
        """The boards the message being edited shows already, in the `turn` setting: those since the last one
        that asked someone newly to move (it was posted; the rest edited it), so that the edit keeps the turn's
        lines so far (`fit` drops the oldest past Discord's limit); none when none of the last `TURN_ROWS` did."""
        rows = [r.payload for r in await self.storage.shown_boards(game_id, TURN_ROWS)]
        start = next((i for i in range(len(rows) - 1, -1, -1) if rows[i].get("ping", True)), None)
        return [] if start is None else rows[start:]

    async def _edit_board(self, channel: discord.PartialMessageable, message_id: int,
                          layout: discord.ui.LayoutView, files: list[discord.File]) -> int | None:
        """Edit the table's board message in place (a board from before layouts loses its content); None when
        it was deleted (a new one is posted)."""
        try:
            await self._call(channel.get_partial_message(message_id).edit(**bounded(
                content=None, attachments=files, view=layout, allowed_mentions=ONLY_USERS)))
        except discord.NotFound as err:
            if err.code in CHANNEL_LOST:
                raise
            return None
        return message_id

    async def _strip_buttons(self, channel: discord.PartialMessageable, message_id: int) -> None:
        """The old board keeps its picture and text, without its buttons (only the newest board is live). A
        message deleted meanwhile has no buttons left; any other fault is the row's, retried like a send."""
        try:
            old = await self._call(channel.fetch_message(message_id))
            await self._call(old.edit(**bounded(view=without_buttons(old))))
        except discord.NotFound as err:
            if err.code in CHANNEL_LOST:
                raise
            log.info("board message %s was deleted: nothing to strip", message_id)

    async def _retire(self, snap: Snapshot, item: OutboxItem) -> None:
        """A game ended without a result: its last board loses its buttons."""
        game = snap.game
        shown = await self.storage.board_message(game.id)
        if shown is not None:
            await self._strip_buttons(self.channel_of(game), shown.message_id)

    async def _strip(self, snap: Snapshot, item: OutboxItem) -> None:
        """A board a newer one replaced loses its buttons (`bot.outbox.strip`)."""
        channel = self.client.get_partial_messageable(item.payload["channel"], guild_id=snap.game.guild_id)
        await self._strip_buttons(channel, item.payload["message"])

    async def _recap(self, snap: Snapshot, item: OutboxItem) -> None:
        """A finished game's recap, after its final board, with the button that gives each player their review
        of the game; one per game (its nonce names the game, so a row delivered twice is posted once). Replayed
        and drawn in a worker thread."""
        game = snap.game
        if await self.storage.pending_boards(game.id, item.id):
            raise NotYet("the final board goes first")
        story = await history.story(self.storage, snap.row)
        drawn = cast_of(game.seats, text=False)
        picture, lines = await asyncio.to_thread(history.recap, game.game_type, story, cast_of(game.seats), drawn)
        alt = alt_text(game.game_type, story[-1].view, "recap", title=game.title,
                       told=history.chances_told(story, drawn), cast=drawn)
        recap = png_file(picture, f"{game.game_type}-{game.id}-recap.png", alt)
        controls = self.presenter.recap_controls(game.id)
        await self._post(self.channel_of(game), unsure_since(item), content=fit(lines), file=recap, nonce=f"r{game.id}",
                         allowed_mentions=discord.AllowedMentions.none(), **({"view": controls} if controls else {}))

    async def _notice(self, snap: Snapshot, item: OutboxItem) -> None:
        await self._post(self.channel_of(snap.game), unsure_since(item), content=fit(item.payload["lines"]),
                         allowed_mentions=ONLY_USERS, nonce=f"n{item.id}")

    async def _hand(self, snap: Snapshot, item: OutboxItem) -> None:
        """The player's private picture after others changed it, unless a newer one is on its way, the game
        is over, or the player is to move now (the DM asking them to move shows their hand)."""
        game = snap.game
        if item.target is None or game.status != "running" or item.payload["seat"] in game.to_move \
                or not self._still_wanted(game, item, "every") or await self.storage.newer_pending(item):
            return
        picture = await self._hand_file(game, item.payload["view"])
        if picture:
            await self._send_dm(item, f"Your hand in **{game.title}** #{game.id} {self.where_played(game)}.",
                                f"h{item.id}", **picture)

    async def _dm(self, snap: Snapshot, item: OutboxItem) -> None:
        """A text DM naming the game and where it is played."""
        game = snap.game
        if item.target is None:
            return
        header = f"**{game.title}** #{game.id} {self.where_played(game)}:"
        await self._send_dm(item, fit([header, *item.payload["lines"]]), f"d{item.id}")

    async def _ask(self, snap: Snapshot, item: OutboxItem) -> None:
        """A player newly asked to move gets their moves as buttons, while they are still asked."""
        game = snap.game
        if item.target is None or game.status != "running" or item.payload["seat"] not in game.to_move \
                or not self._still_wanted(game, item, "turn") or await self.storage.newer_pending(item):
            return
        panel = await self.service.panel(game.id, item.target)  # read now: the player may have left meanwhile
        view = self.presenter.move_panel(panel) if panel.choices or panel.shapes else None
        asked = story(game.game_type, item.payload.get("events", []), cast_of(game.seats, panel.seat),
                      snap.engine.view(None) if snap.engine is not None else None)[-1:]  # what is asked of them now
        text = fit([f"Your move in **{game.title}** #{game.id} {self.where_played(game)}.", *item.payload["lines"],
                    *panel.warning_lines(asked)])
        hand = await self._hand_file(game, panel.hand)
        await self._send_dm(item, text, f"a{item.id}", **({"view": view} if view else {}), **hand)
