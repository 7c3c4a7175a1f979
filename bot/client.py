"""The Discord client: storage, service, delivery and scheduler wired together, cogs loaded.

Nothing authoritative lives here: every interaction reloads its game from storage, so a
restart (or a second process) loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import signal
import threading
from collections.abc import Awaitable
from datetime import timedelta
from typing import TYPE_CHECKING

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot.bounded import bounded
from bot.config import Settings
from bot.delivery import Delivery
from bot.errors import UNSAVED, Refused, log_refusal
from bot.logs import interaction_context, log_context, setup_logging
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import Storage, open_storage
from games.core import RuleError

if TYPE_CHECKING:
    from bot.health import HealthServer

log = logging.getLogger(__name__)

OUR_FAULT = "Something went wrong on our side; it has been logged. Please try again."
DRAIN_SECONDS = 5.0
"""How long a shutdown waits for the moves in flight to commit (SIGTERM must end well within 10 s)."""
WORKERS_STOP_SECONDS = 2.0
"""How long the delivery and the scheduler then get to finish the row or job in hand before they are
cancelled (cancelled mid-query, a PostgreSQL connection is left to be cancelled as the process ends)."""

HANDLERS_SECONDS = 1.5
"""How long a shutdown waits for interactions being handled to finish, before and after the gateway closes."""
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch", "discord-ui-dynamic-item", "frontier-unsaved")
"""The names discord.py gives the tasks that run slash commands and component callbacks, and ours that answer an
interaction this process will not play (`Frontier._unsaved`)."""
GATEWAY_SECONDS = 2.0
"""How long a fenced process waits for its gateway to close before it goes on without."""
FENCED_EXIT_SECONDS = 6.0
"""A fenced process is gone this long after it learnt it, whatever it was waiting for (DESIGN §10: within
seconds of the takeover)."""
EXIT_FENCED = 4
"""The exit code of a process that lost its instance to another (a supervisor restarts it)."""

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.replay")
"""In this order: cogs.replay adds /game replay to the /game group of cogs.lobby."""


class Frontier(commands.AutoShardedBot):
    """The bot. `service` and `delivery` are what cogs use.

    Auto-sharded always: with no `SHARD_COUNT` it runs every shard Discord recommends in this one
    process; in a cluster it owns `SHARD_IDS` of `SHARD_COUNT` (DESIGN §10)."""

    storage: Storage
    service: GameService
    delivery: Delivery
    scheduler: Scheduler

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None)
        self.settings = settings
        self._workers: list[asyncio.Task[None]] = []
        self._closing: asyncio.Future[None] | None = None
        self.stopping: asyncio.Future[None] | None = None
        """The clean stop a signal started (kept so the task is not collected)."""
        self.health: HealthServer | None = None
        """`/healthz` and `/metrics`, when `METRICS_PORT` is set."""
        self.fenced = False
        """Set when this process lost its instance: it takes nothing more and exits non-zero (`_fence`)."""
        self._unsaved_answers: set[asyncio.Task[None]] = set()
        parse = self._connection.parsers["INTERACTION_CREATE"]

        def parse_in_context(payload: dict) -> None:  # the handler's tasks are made here, and keep the context
            with log_context(**interaction_context(payload)):
                if self.fenced or (hasattr(self, "storage") and self.storage.held):
                    task = asyncio.create_task(self._unsaved(payload), name="frontier-unsaved")
                    self._unsaved_answers.add(task)
                    task.add_done_callback(self._unsaved_answers.discard)
                    return
                parse(payload)

        self._connection.parsers["INTERACTION_CREATE"] = parse_in_context
        self.tree.on_error = self.on_app_command_error

    async def open_database(self) -> None:
        """Everything assembled and this process's claims taken back (`Storage.take_back`, refused when another
        live process runs under its id): `run_bot` does it before Discord is contacted at all, so a database
        that cannot be reached is said at once."""
        if not hasattr(self, "storage"):
            await self.assemble()
            await self.storage.take_back(self.delivery.owner, lost=lambda: _fence(self))

    async def setup_hook(self) -> None:
        await self.open_database()
        await self.storage.listen(self._wake_workers)
        if self.settings.metrics_port:
            from bot.health import HealthServer  # aiohttp's server only where it serves (1.5 MB, the profiler says)

            self.health = HealthServer(self, self.storage, self.service.clock)
            await self.health.start(self.settings.metrics_host, self.settings.metrics_port)
        await self.service.recover()
        if self.settings.sync_commands and self.settings.owns_shard_0:
            await self.sync_commands()
        self._workers = [asyncio.create_task(self._after_ready(self.delivery.run()), name="delivery"),
                         asyncio.create_task(self._after_ready(self.scheduler.run()), name="scheduler")]

    async def assemble(self) -> None:
        """Storage, service, delivery and scheduler wired together, and the cogs (hence the commands) loaded;
        nothing started yet."""
        self.storage = await open_storage(self.settings.database)
        self.service = GameService(self.storage, ai_pace=self.settings.ai_pace_seconds)
        lease = timedelta(seconds=self.settings.claim_lease_seconds)
        owner = self.settings.instance_id or None
        self.delivery = Delivery(self, self.service, owner=owner, lease=lease)
        self.delivery.call_seconds = self.settings.discord_timeout_seconds
        self.delivery.most = self.settings.delivery_concurrency
        self.scheduler = Scheduler(self.service, owner=owner, lease=lease)
        self.service.on_change += [self.delivery.wake, self.scheduler.wake]
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        _ = self.delivery.presenter  # raises unless a cog (cogs.play) handed delivery its buttons: fail at start

    async def _unsaved(self, payload: dict) -> None:
        """Answer at once, in words, an interaction this process will not play (it cannot reach the database, or
        is no longer its instance), rather than acknowledge it and leave the player waiting for a move never made."""
        interaction: discord.Interaction = discord.Interaction(data=payload, state=self._connection)
        log.info("interaction %s answered unsaved: %s", interaction.id,
                 "this process lost its instance" if self.fenced else "the database does not answer")
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(**bounded(content=UNSAVED, ephemeral=True))
        except discord.HTTPException as err:
            log.warning("could not answer interaction %s: %s", interaction.id, err)

    def _wake_workers(self) -> None:
        """Look for due work now: a process (maybe another one) wrote outbox rows or jobs, or the bot is
        closing and the workers are to return."""
        self.delivery.wake()
        self.scheduler.wake()

    async def sync_commands(self, *, force: bool = False) -> int | None:
        """Register the slash commands with Discord (in DEV_GUILD_ID only, when set), unless the very same
        ones were registered before from this database: a restart, or a second process, sends nothing
        (DESIGN §10). `force` registers them whatever was recorded. Returns how many were sent, or None."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = sorted((c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)),
                         key=lambda c: (c.get("type", 1), c["name"]))
        fingerprint = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        if not force and await self.storage.meta(key) == fingerprint:
            log.info("slash commands unchanged since they were registered; not registering them again")
            return None
        await self.tree.sync(guild=guild)
        await self.storage.set_meta(key, fingerprint)
        log.info("registered %d slash commands %s", len(payload), f"in server {guild.id}" if guild else "globally")
        return len(payload)

    async def _after_ready(self, work: Awaitable[None]) -> None:
        """What was committed while the bot was down is delivered, and what fell due runs, once connected."""
        await self.wait_until_ready()
        await work

    async def close(self) -> None:
        """Stop taking changes, let those in flight commit, let the workers finish what they hold and stop,
        close the gateway, then the database (a fenced process abandons all that instead: `_abandon`). Never raises
        because a worker died. A second call (the signal's, then `run_bot`'s) waits for the first to finish: the
        process must not end while the database is still closing."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self.fenced:
            await self._abandon()
            return
        if hasattr(self, "service"):
            await self.service.drain(DRAIN_SECONDS)
            await asyncio.to_thread(self.service.thinking.close)  # a search under way ends with it
            self._wake_workers()  # the workers wake, see the service closing, and return
        if self._workers:
            await asyncio.wait(self._workers, timeout=WORKERS_STOP_SECONDS)
        for task in self._workers:
            task.cancel()
        for task in self._workers:
            with contextlib.suppress(BaseException):
                await task
        await _handlers_done()  # a click that came in meanwhile is answered ("restarting") while HTTP is up
        await super().close()
        await _handlers_done()  # and none reads a closed database
        if self.health is not None:
            await self.health.stop()
        if hasattr(self, "storage"):
            await self.storage.close()

    async def _abandon(self) -> None:
        """Fenced: the gateway closes first, so no interaction reaches this process again; then the database is cut,
        so each call waiting on it fails now (a click in flight is told nothing was saved) and no worker is waited
        for; then HTTP, once those answers are out."""
        shards = [asyncio.ensure_future(shard.disconnect()) for shard in self.shards.values()]
        if shards:
            await asyncio.wait(shards, timeout=GATEWAY_SECONDS)
        for task in self._workers:
            task.cancel()
        await self.storage.abandon()
        await _handlers_done()
        await super().close()
        if self.health is not None:
            await self.health.stop()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """A refused move is the player's answer, said privately; anything else is our bug, logged."""
        cause = getattr(error, "original", error)
        if self.is_closed():  # the gateway and HTTP are gone: the player's retry reaches the next process
            log.warning("command %s cut short by the shutdown: %r", interaction.command and
                        interaction.command.qualified_name, cause)
            return
        if isinstance(cause, RuleError):
            await refuse(interaction, cause)
            return
        if isinstance(error, app_commands.CheckFailure):
            await answer(interaction, str(error) or "You cannot use that command here.")
            return
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=cause)
        await answer(interaction, OUR_FAULT)


async def _handlers_done() -> None:
    """Wait (at most HANDLERS_SECONDS) for the interactions being handled to finish."""
    running = [t for t in asyncio.all_tasks() if t.get_name().startswith(HANDLER_TASKS) and not t.done()]
    if running:
        await asyncio.wait(running, timeout=HANDLERS_SECONDS)


async def refuse(interaction: discord.Interaction, refusal: RuleError) -> None:
    """A refusal, logged, as the player's private answer: the service's words as written, an engine's with
    Discord's markdown and mentions escaped. The engines know no Discord, and their refusals quote what was
    typed ("There is no Catan move called '**x**'"): it must show as typed."""
    text = log_refusal(refusal)
    await answer(interaction, text if isinstance(refusal, Refused)
                 else discord.utils.escape_markdown(discord.utils.escape_mentions(text)))


async def answer(interaction: discord.Interaction, text: str, **kwargs: object) -> None:
    """An ephemeral reply whether or not the interaction was already answered or deferred."""
    if not interaction.response.is_done():
        await interaction.response.send_message(**bounded(content=text, ephemeral=True, **kwargs))
        return
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        await _close_public_placeholder(interaction)
    await interaction.followup.send(**bounded(content=text, ephemeral=True, **kwargs))


async def _close_public_placeholder(interaction: discord.Interaction) -> None:
    """Take away a public "thinking…" placeholder no follow-up has replaced yet: Discord puts the first follow-up
    in its place, with its flags, so a private answer would show to the whole channel. Edited, it stops being a
    placeholder (the answer then follows as a message of its own, ephemeral), and deleted, it leaves nothing."""
    try:
        original = await interaction.original_response()
        if original.flags.loading and not original.flags.ephemeral:
            await interaction.edit_original_response(content="…")
            await interaction.delete_original_response()
    except discord.HTTPException as err:
        log.warning("could not take away the public placeholder of interaction %s: %s", interaction.id, err)


class CommandSync(Frontier):
    """`python -m bot sync`: the bot assembled and logged in over REST, but never connected to the gateway,
    and its delivery and scheduler never started."""

    async def setup_hook(self) -> None:
        await self.assemble()


async def sync_once(settings: Settings) -> int:
    """Log in, register the slash commands (whether or not they changed), record them, exit; how many."""
    setup_logging(settings.log_level, settings.log_format)
    point_at(settings)
    assert settings.token
    async with CommandSync(settings) as bot:
        await bot.login(settings.token)
        return await bot.sync_commands(force=True) or 0


def point_at(settings: Settings) -> None:
    """Test only: aim discord.py at a local fake Discord (REST base and gateway)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base
    if settings.discord_gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class Fenced(Exception):
    """The process lost its instance to another and stopped (`EXIT_FENCED`)."""


async def run_bot(settings: Settings) -> None:
    """Run until the gateway closes or SIGTERM/SIGINT asks for a clean stop (exit code 0); raise `Fenced` when the
    process stopped because it lost its instance."""
    setup_logging(settings.log_level, settings.log_format)
    point_at(settings)
    assert settings.token
    async with Frontier(settings) as bot:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, _stop, bot, signum.name)
        try:
            await bot.open_database()
            await bot.start(settings.token)
        finally:
            await bot.close()  # all of it: a stop closes the gateway, which ends start() before the database is closed
        if bot.fenced:
            raise Fenced("this process lost its instance to another process")


def _stop(bot: Frontier, why: str) -> None:
    log.info("%s: finishing the moves in flight, then stopping", why)
    bot.stopping = asyncio.ensure_future(bot.close())


def _fence(bot: Frontier) -> None:
    """Another process may run as this one now: stop taking interactions at once and stop (`Frontier._abandon`),
    gone within `FENCED_EXIT_SECONDS` even if something it waits for never ends."""
    bot.fenced = True
    watchdog = threading.Timer(FENCED_EXIT_SECONDS, _exit_fenced)
    watchdog.daemon = True
    watchdog.start()
    bot.stopping = asyncio.ensure_future(bot.close())


def _exit_fenced() -> None:
    log.critical("the fenced process did not end in %s s: exiting now", FENCED_EXIT_SECONDS)
    logging.shutdown()
    os._exit(EXIT_FENCED)


__all__ = ["EXIT_FENCED", "OUR_FAULT", "Fenced", "Frontier", "answer", "run_bot", "sync_once"]
