"""The delivery worker (DESIGN §4): the outbox's only reader, turning rows into Discord messages.

It drains the outbox at start-up (anything committed before a crash is shown after it)
and then whenever a change wakes it. Each row is idempotent: a board for a version already
shown is skipped, older boards waiting behind a newer one are shown with it, a hand or an
ask superseded by a newer one is dropped, and every message is sent with a nonce Discord
enforces, so a post repeated after a crash is not doubled. Discord's errors are sorted:
429 and 5xx (and a network fault) retry with backoff; 50007 closes a player's DMs and the
channel is told once; a channel that is gone or closed to the bot (10003, 50001, 50013)
pauses the game and tells its host. One row's failure never holds up another's.
What each row sends is `bot.posting`.

No single request can hold the others up: each game's rows are delivered by a task of their own
(in order within the game), at most `most` games at once, and every Discord request has a time
limit (`call_seconds`); a request that runs out of it is retried like a 5xx, and the game's later
rows are let go at once to follow it, so nothing stays claimed by a stuck send.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import aiohttp
import discord

from bot.logs import log_context
from bot.metrics import DELIVERIES_IN_FLIGHT, DELIVERY_RETRIES, DISCORD_ERRORS
from bot.outcome import GameInfo
from bot.posting import CHANNEL_LOST, DeliveryPort, NotYet, Posting
from bot.retry import backoff
from bot.scheduler import process_name
from bot.service import Snapshot
from bot.storage import OutboxItem, OutboxKind, StorageUnavailable
from games.core import RuleError

log = logging.getLogger(__name__)

DM_REFUSED = 50007
"""Discord's code for "Cannot send messages to this user"."""
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
MOST_GAMES = 16
"""How many games deliver at once: enough to keep Discord busy, few enough not to hit its rate limits."""


RETRIED = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
"""Faults of the network between us and Discord: tried again, like a 5xx."""


class Delivery(Posting):
    """Drains the outbox into channels and DMs (what each row sends: `Posting`)."""

    def __init__(self, client: discord.Client, service: DeliveryPort, *, owner: str | None = None,
                 lease: timedelta = LEASE) -> None:
        self.client = client
        self.service = service
        self.storage = service.storage
        self.owner = owner or process_name()
        self.lease = lease
        self.most = MOST_GAMES
        """How many games may be delivering at once (`DELIVERY_CONCURRENCY`)."""
        self._slots: asyncio.Semaphore | None = None
        """`most` delivery slots, made at the first delivery (after `most` was set)."""
        self._games: dict[int, asyncio.Task[None]] = {}
        """The game being delivered, by id: one task per game, so its rows stay in order."""
        self._wake = asyncio.Event()
        self._handlers: dict[OutboxKind, Callable[[Snapshot, OutboxItem], Awaitable[None]]] = {
            OutboxKind.HAND: self._hand, OutboxKind.ASK: self._ask, OutboxKind.DM: self._dm,
            OutboxKind.NOTICE: self._notice, OutboxKind.RETIRE: self._retire, OutboxKind.STRIP: self._strip,
            OutboxKind.RECAP: self._recap}
        """The handler of each kind but `board`, which marks its rows itself (with the board message)."""

    def wake(self) -> None:
        self._wake.set()

    # -- the loop --------------------------------------------------------------------------

    async def run(self) -> None:
        """Start the deliveries that are due, sleep until the next retry, a wake-up or a game's delivery
        ending, until the service closes; never dies of one row."""
        while not self.service.closing:
            self._wake.clear()
            try:
                await self.dispatch()
                nearest = await self.storage.next_outbox_try()
                delay = IDLE_SECONDS if nearest is None else \
                    min(IDLE_SECONDS, max(0.05, (nearest - self.service.clock()).total_seconds()))
            except StorageUnavailable as err:
                log.debug("delivery_paused: the database cannot save (%s); trying again in 5 s", err.cause)
                delay = 5.0
            except Exception:
                log.exception("delivery_loop_failed; trying again in 5 s")
                delay = 5.0
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({waker}, timeout=delay)
            finally:
                waker.cancel()
        await self.stop()

    async def dispatch(self) -> int:
        """Claim the due rows of games not being delivered now and start one task per game, while fewer than
        `most` games are delivering and the storage is not `held`; returns how many rows were claimed. A task
        ending wakes the loop."""
        claimed = 0
        while len(self._games) < self.most and not self.service.closing and not self.storage.held:
            items = await self.storage.claim_outbox(now=self.service.clock(), owner=self.owner, lease=self.lease,
                                                    limit=BATCH, hold=HOLD, busy=self.service.busy_games(),
                                                    skip=tuple(self._games))
            if not items:
                break
            claimed += len(items)
            by_game: dict[int, list[OutboxItem]] = defaultdict(list)
            for item in items:
                by_game[item.game_id].append(item)
            for game_id, rows in by_game.items():
                task = asyncio.create_task(self._deliver_game(rows), name=f"delivery-{game_id}")
                self._games[game_id] = task
                task.add_done_callback(lambda done, game_id=game_id: self._ended(game_id, done))
        return claimed

    def _ended(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._games.get(game_id) is task:
            del self._games[game_id]
        error = None if task.cancelled() else task.exception()
        if isinstance(error, StorageUnavailable):
            log.debug("delivery_paused game=%s: the database cannot save (%s)", game_id, error.cause)
        elif error is not None:
            log.error("delivery_failed game=%s", game_id, exc_info=error)
        self.wake()

    async def drain(self) -> int:
        """Claim the due rows and deliver them, games side by side, each game's rows in order; returns once
        every game being delivered is done (what a test or a tool awaits)."""
        claimed = 0
        while True:
            claimed += await self.dispatch()
            if not self._games:
                return claimed
            await asyncio.wait(list(self._games.values()))

    async def stop(self) -> None:
        """Cancel the deliveries still running (the bot is closing): their rows' claims are let go, so a
        restart sends them at once."""
        for task in list(self._games.values()):
            task.cancel()
        if self._games:
            await asyncio.wait(list(self._games.values()))

    async def _deliver_game(self, items: list[OutboxItem]) -> None:
        """One game's claimed rows, in order, once a delivery slot is free. When Discord fails a row for a
        reason that passes (no answer in time, 5xx, 429, the network), the game's later rows are let go to
        follow it after its retry, rather than each waiting out the same fault."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.most)
        async with self._slots:
            DELIVERIES_IN_FLIGHT.inc()
            try:
                with log_context(game_id=items[0].game_id):
                    await self._deliver_rows(items)
            finally:
                DELIVERIES_IN_FLIGHT.dec()

    async def _deliver_rows(self, items: list[OutboxItem]) -> None:
        """A game's rows, from one load of the game."""
        left = list(items)  # the rows not yet handled: the one in hand first (let go if cancelled with it)
        until = self.service.clock()
        try:
            try:
                snap = await self.service.snapshot(items[0].game_id)
            except RuleError:  # the game was pruned meanwhile
                await self.storage.outbox_done([i.id for i in items], now=self.service.clock(), error="no game")
                left = []
                return
            newest_board = max((i.id for i in items if i.kind == OutboxKind.BOARD), default=None)
            while left and not self.storage.held:  # held: another process may soon send what is left
                item = left[0]
                older_board = item.kind == OutboxKind.BOARD and item.id != newest_board  # shown with the newest
                retry = None if older_board else await self._deliver_row(snap, item)
                left.pop(0)
                if retry is not None:
                    until = retry
                    break
        finally:
            if left:
                await asyncio.shield(self._let_go(left, until))

    async def _let_go(self, items: list[OutboxItem], until: datetime) -> None:
        """Release the claims on rows this task will not send (it gave up on the game, or the bot is closing),
        due again with the row that failed before them, so they still follow it."""
        for item in items:
            await self.storage.outbox_retry(item.id, next_try=until, error="waiting behind an earlier row",
                                            failed=False)

    async def _deliver_row(self, snap: Snapshot, item: OutboxItem) -> datetime | None:
        """One row through its kind's handler, Discord's errors sorted (see the module's docstring). When
        Discord failed a channel row for a reason that passes, the time of its retry: the game's later rows
        wait for it."""
        game = snap.game
        now = self.service.clock()
        with log_context(kind=item.kind):
            try:
                if item.kind == OutboxKind.BOARD:
                    await self._board(snap, item)  # marks its rows itself, with the board message
                else:
                    await self._handlers[OutboxKind(item.kind)](snap, item)
                    await self.storage.outbox_done([item.id], now=now)
            except (discord.Forbidden, discord.NotFound) as err:  # 50007 (DMs closed) is a 403 only
                DISCORD_ERRORS.labels(err.status, err.code).inc()
                if err.code == DM_REFUSED and item.target is not None:
                    await self.service.refuse_dms(game.id, item.target)
                    await self._give_up(item, "dms closed")
                elif err.code in CHANNEL_LOST and item.target is None:
                    await self._channel_lost(game, item, err.code)
                else:
                    await self._refused(item, err)
            except discord.HTTPException as err:
                DISCORD_ERRORS.labels(err.status, err.code).inc()
                if err.status == 429 or err.status >= 500:
                    retry = await self._retry(item, f"{err.status} {err.code}")
                    return retry if self._holds(item) else None
                await self._refused(item, err)
            except RETRIED as err:
                DISCORD_ERRORS.labels(0, 0).inc()
                retry = await self._retry(item, "no answer from Discord in time" if isinstance(err, TimeoutError)
                                          else repr(err))
                return retry if self._holds(item) else None
            except NotYet as err:
                await self._retry(item, str(err), quiet=True, wait=0.5, failed=False)
            except StorageUnavailable:
                raise  # nothing can be recorded: the task ends, and the loop tries again later
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
        return None

    @staticmethod
    def _holds(item: OutboxItem) -> bool:
        """Whether the game's later rows wait for this row's retry: a channel post's do (they follow it); a DM's
        and an old board's strip do not (nothing after them depends on them)."""
        return item.target is None and item.kind != OutboxKind.STRIP

    async def _retry(self, item: OutboxItem, why: str, *, quiet: bool = False, wait: float | None = None,
                     failed: bool = True) -> datetime:
        """Put the row back for another try; returns when."""
        wait = backoff(item.attempts + 1) if wait is None else wait
        if failed:
            DELIVERY_RETRIES.labels(item.kind).inc()
        if not quiet:
            log.warning("delivery_retry game=%s row=%s kind=%s attempt=%s retry_in=%.1fs error=%s",
                        item.game_id, item.id, item.kind, item.attempts + 1, wait, why)
        when = self.service.clock() + timedelta(seconds=wait)
        await self.storage.outbox_retry(item.id, next_try=when, error=why, failed=failed)
        return when

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

