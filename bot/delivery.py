"""The delivery worker (DESIGN §4): the outbox's only reader, turning rows into Discord messages.

It drains the outbox at start-up (anything committed before a crash is shown after it)
and then whenever a change wakes it. Each row is idempotent: a board for a version already
shown is skipped, older boards waiting behind a newer one are shown with it, a hand or an
ask superseded by a newer one is dropped, and every message is sent with a nonce Discord
enforces, so a post repeated after a crash is not doubled. Discord's errors are sorted:
429 and 5xx (and a network fault) retry with backoff; 50007 closes a player's DMs and the
channel is told once; a channel that is gone or closed to the bot (10003, 50001, 50013)
pauses the game and tells its host. One row's failure never holds up another's.
Pictures are drawn in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Protocol

import aiohttp
import discord

from bot import history
from bot.board import board_layout, without_buttons
from bot.outbox import fit, turn_line
from bot.outcome import GameInfo, Panel
from bot.pictures import hand_file, png_file
from bot.retry import backoff
from bot.scheduler import process_name
from bot.service import Snapshot
from bot.storage import BoardMessage, OutboxItem, OutboxKind, Storage
from games.core import RuleError
from renderers import render_board
from renderers.text import alt_text, summary

log = logging.getLogger(__name__)

DM_REFUSED = 50007
"""Discord's code for "Cannot send messages to this user"."""
CHANNEL_LOST = {10003: "the channel no longer exists", 50001: "I have no access to the channel",
                50013: "I lack a permission there (View Channel, Send Messages, Attach Files)"}
LEASE = timedelta(minutes=2)
HOLD = timedelta(seconds=10)
"""How long a board waits for the AI turns that follow it, so one board shows them all."""
PAUSED_RETRY = 300.0
"""Seconds between tries to reach a paused game's channel."""
MAX_ATTEMPTS = 12
"""A row that fails for a reason we cannot name is given up after this many tries."""
IDLE_SECONDS = 30.0
"""The longest sleep: rows written by other processes sharing the database do not wake this one."""
BATCH = 50


class Presenter(Protocol):
    """The buttons delivery puts on what it sends; drawn by the Discord layer (cogs), which bot/ never imports."""

    def board_controls(self, snap: Snapshot) -> discord.ui.ActionRow | None:
        """The buttons under a running game's board (None: no buttons)."""

    def move_panel(self, panel: Panel) -> discord.ui.View | None:
        """One seat's move panel, for a DM asking for a move: the same panel as *Your move* under the board."""


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

RETRIED = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
"""Faults of the network between us and Discord: tried again, like a 5xx."""


class NotYet(Exception):
    """A row that must wait for another of its game's rows (a recap for the final board): tried again soon."""


class Delivery:
    """Drains the outbox into channels and DMs.

    Its `Presenter` comes from the Discord layer through `present_with` (the play cog hands it over when it
    loads): delivery is built with the client, before any cog is loaded, and bot/ never imports cogs/. A
    board is never sent without its buttons: with no presenter, `presenter` raises, and the client checks
    one was handed over before it starts delivering (`Frontier.assemble`)."""

    def __init__(self, client: discord.Client, service: DeliveryPort, *, owner: str | None = None,
                 lease: timedelta = LEASE) -> None:
        self.client = client
        self.service = service
        self.storage = service.storage
        self.owner = owner or process_name()
        self.lease = lease
        self._presenter: Presenter | None = None
        self._wake = asyncio.Event()
        self._handlers: dict[OutboxKind, Callable[[Snapshot, OutboxItem], Awaitable[None]]] = {
            OutboxKind.HAND: self._hand, OutboxKind.ASK: self._ask, OutboxKind.DM: self._dm,
            OutboxKind.NOTICE: self._notice, OutboxKind.RETIRE: self._retire, OutboxKind.RECAP: self._recap}
        """The handler of each kind but `board`, which marks its rows itself (with the board message)."""

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

    def wake(self) -> None:
        self._wake.set()

    # -- the loop --------------------------------------------------------------------------

    async def run(self) -> None:
        """Deliver what is due, sleep until the next retry or a wake-up, until the service closes; never
        dies of one row."""
        while not self.service.closing:
            self._wake.clear()
            try:
                while await self.drain():
                    pass
                nearest = await self.storage.next_outbox_try()
                delay = IDLE_SECONDS if nearest is None else \
                    min(IDLE_SECONDS, max(0.05, (nearest - self.service.clock()).total_seconds()))
            except Exception:
                log.exception("delivery_loop_failed; trying again in 5 s")
                delay = 5.0
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({waker}, timeout=delay)
            finally:
                waker.cancel()

    async def drain(self) -> int:
        """Claim the due rows and deliver them, games side by side, each game's rows in order."""
        items = await self.storage.claim_outbox(now=self.service.clock(), owner=self.owner, lease=self.lease,
                                                limit=BATCH, hold=HOLD, busy=self.service.busy_games())
        by_game: dict[int, list[OutboxItem]] = defaultdict(list)
        for item in items:
            by_game[item.game_id].append(item)
        await asyncio.gather(*(self._deliver_game(rows) for rows in by_game.values()))
        return len(items)

    async def _deliver_game(self, items: list[OutboxItem]) -> None:
        """A game's rows, from one load of the game."""
        try:
            snap = await self.service.snapshot(items[0].game_id)
        except RuleError:  # the game was pruned meanwhile
            await self.storage.outbox_done([i.id for i in items], now=self.service.clock(), error="no game")
            return
        newest_board = max((i.id for i in items if i.kind == OutboxKind.BOARD), default=None)
        for item in items:
            if item.kind == OutboxKind.BOARD and item.id != newest_board:
                continue  # shown with the newest
            await self._deliver_row(snap, item)

    async def _deliver_row(self, snap: Snapshot, item: OutboxItem) -> None:
        """One row through its kind's handler, Discord's errors sorted (see the module's docstring)."""
        game = snap.game
        now = self.service.clock()
        try:
            if item.kind == OutboxKind.BOARD:
                await self._board(snap, item)  # marks its rows itself, with the board message
            else:
                await self._handlers[OutboxKind(item.kind)](snap, item)
                await self.storage.outbox_done([item.id], now=now)
        except discord.Forbidden as err:
            if err.code == DM_REFUSED and item.target is not None:
                await self.service.refuse_dms(game.id, item.target)
                await self._give_up(item, "dms closed")
            elif err.code in CHANNEL_LOST and item.target is None:
                await self._channel_lost(game, item, err.code)
            else:
                await self._refused(item, err)
        except discord.NotFound as err:
            if err.code in CHANNEL_LOST and item.target is None:
                await self._channel_lost(game, item, err.code)
            else:
                await self._refused(item, err)
        except discord.HTTPException as err:
            if err.status == 429 or err.status >= 500:
                await self._retry(item, f"{err.status} {err.code}")
            else:
                await self._refused(item, err)
        except RETRIED as err:
            await self._retry(item, repr(err))
        except NotYet as err:
            await self._retry(item, str(err), quiet=True, wait=0.5, failed=False)
        except RuleError as err:  # the game moved on since the row was written (the asked player left)
            await self._give_up(item, f"moved on: {err.code}")
        except Exception as err:
            log.exception("delivery_failed game=%s row=%s kind=%s attempt=%s", game.id, item.id, item.kind,
                          item.attempts + 1)
            if item.attempts + 1 >= MAX_ATTEMPTS:
                await self._give_up(item, repr(err))
            else:
                await self._retry(item, repr(err), quiet=True)
        else:
            if game.paused and item.target is None:
                await self.service.resume(game.id)

    async def _retry(self, item: OutboxItem, why: str, *, quiet: bool = False, wait: float | None = None,
                     failed: bool = True) -> None:
        wait = backoff(item.attempts + 1) if wait is None else wait
        if not quiet:
            log.warning("delivery_retry game=%s row=%s kind=%s attempt=%s retry_in=%.1fs error=%s",
                        item.game_id, item.id, item.kind, item.attempts + 1, wait, why)
        await self.storage.outbox_retry(item.id, next_try=self.service.clock() + timedelta(seconds=wait), error=why,
                                        failed=failed)

    async def _give_up(self, item: OutboxItem, why: str) -> None:
        await self.storage.outbox_done([item.id], now=self.service.clock(), error=why)

    async def _refused(self, item: OutboxItem, err: discord.HTTPException) -> None:
        """Discord refused the request for good (a 4xx we cannot mend): logged, and the row given up."""
        log.warning("delivery_refused game=%s row=%s kind=%s status=%s code=%s error=%s", item.game_id, item.id,
                    item.kind, err.status, err.code, err.text)
        await self._give_up(item, f"{err.status} {err.code}")

    async def _channel_lost(self, game: GameInfo, item: OutboxItem, code: int) -> None:
        log.warning("delivery_refused game=%s row=%s kind=%s code=%s: %s; game paused", game.id, item.id,
                    item.kind, code, CHANNEL_LOST[code])
        await self.service.pause(game.id, CHANNEL_LOST[code])
        await self._retry(item, f"channel: {code}", quiet=True, wait=PAUSED_RETRY)

    # -- where things go ---------------------------------------------------------------------

    def where_played(self, game: GameInfo) -> str:
        """Where a game is played, for DMs: the channel, and the server by name when it is known."""
        guild = self.client.get_guild(game.guild_id) if game.guild_id else None
        return f"in <#{game.thread_id or game.channel_id}>" + (f" on {guild.name}" if guild else "")

    def channel_of(self, game: GameInfo) -> discord.PartialMessageable:
        """The game's channel (or thread), to post in."""
        return self.client.get_partial_messageable(game.thread_id or game.channel_id, guild_id=game.guild_id)

    async def _send_dm(self, user_id: int, text: str, nonce: str, **extras: object) -> None:
        channel = await self.client.create_dm(discord.Object(user_id))  # type: ignore[arg-type]
        await channel.send(text, nonce=nonce, **extras)  # type: ignore[call-overload]

    @staticmethod
    def _still_wanted(game: GameInfo, item: OutboxItem, level: str) -> bool:
        """The row's user still sits in its seat, takes DMs, and still wants DMs of this level (the outbox
        chose them by the same rule when the row was written)."""
        return item.target is not None and game.dm_target(item.payload["seat"], level) == item.target

    @staticmethod
    async def _hand_file(game: GameInfo, view: dict) -> dict[str, discord.File]:
        """The player's private picture as a DM attachment (nothing for a game without one)."""
        picture = await hand_file(game.game_type, view)
        return {} if picture is None else {"file": picture}

    # -- one handler per kind -----------------------------------------------------------------

    async def _board(self, snap: Snapshot, newest: OutboxItem) -> None:
        """The newest board with the lines of every board not yet shown before it; the previous board
        loses its buttons (only the newest board is live)."""
        game = snap.game
        now = self.service.clock()
        rows = await self.storage.pending_boards(game.id, newest.id)
        shown = await self.storage.board_message(game.id)
        fresh = [r for r in rows if shown is None or r.version > shown.version]
        if not fresh:
            await self.storage.outbox_done([r.id for r in rows], now=now)
            return
        last = fresh[-1].payload
        editing = game.settings.get("board") == "edit"
        deadline = datetime.fromisoformat(last["deadline"]) if last.get("deadline") else None
        turn = turn_line(last["turn"], deadline)
        view = next((r.payload["view"] for r in reversed(fresh) if r.payload.get("view") is not None), None)
        picture = None if view is None else await asyncio.to_thread(render_board, game.game_type, view)
        file_name = f"{game.game_type}-{game.id}-v{fresh[-1].version}.png"
        alt = "" if view is None else alt_text(game.game_type, view, "board", title=game.title)
        lines = fit([line for r in fresh for line in r.payload["lines"]])
        state = [] if view is None else summary(game.game_type, view)
        layout = board_layout([f"**{game.title}** #{game.id}", lines, fit(state), turn],
                              None if picture is None else file_name, alt,
                              self.presenter.board_controls(snap) if game.status == "running" else None)
        files = [] if picture is None else [png_file(picture, file_name, alt)]
        channel = self.channel_of(game)
        message_id = None
        if editing and shown is not None:
            message_id = await self._edit_board(channel, shown.message_id, layout, files)
        if message_id is None:
            mentions = discord.AllowedMentions.none() if editing else ONLY_USERS  # edited boards ping apart
            message = await channel.send(view=layout, files=files, allowed_mentions=mentions,
                                         nonce=f"b{game.id}v{fresh[-1].version}")
            message_id = message.id
        if editing and turn and any(r.payload.get("ping", True) for r in fresh):  # only someone newly to move
            await channel.send(turn, allowed_mentions=ONLY_USERS, nonce=f"t{game.id}v{fresh[-1].version}")
        await self.storage.record_board(game.id, BoardMessage(channel.id, message_id, fresh[-1].version),
                                        [r.id for r in rows], now)
        if shown is not None and shown.message_id != message_id:
            await self._strip_buttons(channel, shown.message_id)

    async def _edit_board(self, channel: discord.PartialMessageable, message_id: int,
                          layout: discord.ui.LayoutView, files: list[discord.File]) -> int | None:
        """Edit the table's board message in place (a board from before layouts loses its content); None when
        it was deleted (a new one is posted)."""
        try:
            await channel.get_partial_message(message_id).edit(content=None, attachments=files, view=layout,
                                                               allowed_mentions=ONLY_USERS)
        except discord.NotFound as err:
            if err.code in CHANNEL_LOST:
                raise
            return None
        return message_id

    async def _strip_buttons(self, channel: discord.PartialMessageable, message_id: int) -> None:
        """The old board keeps its picture and text, without its buttons (only the newest board is live)."""
        try:
            old = await channel.fetch_message(message_id)
            await old.edit(view=without_buttons(old))
        except discord.NotFound:
            pass
        except discord.HTTPException as err:
            log.warning("could not strip buttons from message %s: %s", message_id, err)

    async def _retire(self, snap: Snapshot, item: OutboxItem) -> None:
        game = snap.game
        shown = await self.storage.board_message(game.id)
        if shown is not None:
            await self._strip_buttons(self.channel_of(game), shown.message_id)

    async def _recap(self, snap: Snapshot, item: OutboxItem) -> None:
        """A finished game's recap, after its final board; one per game (its nonce names the game, so a row
        delivered twice is posted once). Replayed and drawn in a worker thread."""
        game = snap.game
        if await self.storage.pending_boards(game.id, item.id):
            raise NotYet("the final board goes first")
        story = await history.story(self.storage, snap.row)
        names = {s.seat: s.name for s in game.seats}
        picture, lines = await asyncio.to_thread(history.recap, game.game_type, story, names)
        alt = alt_text(game.game_type, story[-1].view, "recap", title=game.title)
        recap = png_file(picture, f"{game.game_type}-{game.id}-recap.png", alt)
        await self.channel_of(game).send(fit(lines), file=recap,
                                    allowed_mentions=discord.AllowedMentions.none(), nonce=f"r{game.id}")

    async def _notice(self, snap: Snapshot, item: OutboxItem) -> None:
        await self.channel_of(snap.game).send(fit(item.payload["lines"]), allowed_mentions=ONLY_USERS,
                                        nonce=f"n{item.id}")

    async def _hand(self, snap: Snapshot, item: OutboxItem) -> None:
        """The player's private picture after others changed it, unless a newer one is on its way, the game
        is over, or the player is to move now (the DM asking them to move shows their hand)."""
        game = snap.game
        if item.target is None or game.status != "running" or item.payload["seat"] in game.to_move \
                or not self._still_wanted(game, item, "every") or await self.storage.newer_pending(item):
            return
        picture = await self._hand_file(game, item.payload["view"])
        if picture:
            await self._send_dm(item.target, f"Your hand in **{game.title}** #{game.id} {self.where_played(game)}.",
                                f"h{item.id}", **picture)

    async def _dm(self, snap: Snapshot, item: OutboxItem) -> None:
        """A text DM naming the game and where it is played."""
        game = snap.game
        if item.target is None:
            return
        header = f"**{game.title}** #{game.id} {self.where_played(game)}:"
        await self._send_dm(item.target, fit([header, *item.payload["lines"]]), f"d{item.id}")

    async def _ask(self, snap: Snapshot, item: OutboxItem) -> None:
        """A player newly asked to move gets their moves as buttons, while they are still asked."""
        game = snap.game
        if item.target is None or game.status != "running" or item.payload["seat"] not in game.to_move \
                or not self._still_wanted(game, item, "turn") or await self.storage.newer_pending(item):
            return
        panel = await self.service.panel(game.id, item.target)  # read now: the player may have left meanwhile
        view = self.presenter.move_panel(panel) if panel.choices or panel.shapes else None
        text = fit([f"Your move in **{game.title}** #{game.id} {self.where_played(game)}.", *item.payload["lines"],
                    *panel.warning_lines()])
        hand = await self._hand_file(game, panel.hand)
        await self._send_dm(item.target, text, f"a{item.id}", **({"view": view} if view else {}), **hand)
