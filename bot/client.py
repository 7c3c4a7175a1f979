"""The Discord client: storage, service, delivery and scheduler wired together, cogs loaded.

Nothing authoritative lives here: every interaction reloads its game from storage, so a
restart (or a second process) loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot.config import Settings
from bot.delivery import Delivery
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import Storage
from games.core import RuleError

log = logging.getLogger(__name__)

OUR_FAULT = "Something went wrong on our side; it has been logged. Please try again."

EXTENSIONS = ("cogs.lobby", "cogs.play")


class Frontier(commands.Bot):
    """The bot. `service` and `delivery` are what cogs use."""

    storage: Storage
    service: GameService
    delivery: Delivery
    scheduler: Scheduler

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self._scheduler_task: asyncio.Task[None] | None = None
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        self.settings.database_path.parent.mkdir(parents=True, exist_ok=True)
        self.storage = await Storage.open(self.settings.database_path)
        self.service = GameService(self.storage)
        self.delivery = Delivery(self, self.service)
        self.scheduler = Scheduler(self.service, self.delivery)
        self.delivery.on_posted = self.scheduler.wake
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._scheduler_task = asyncio.create_task(self._run_scheduler())

    async def _run_scheduler(self) -> None:
        """Deadlines missed while the bot was down fire once it is connected again."""
        await self.wait_until_ready()
        await self.scheduler.run()

    async def close(self) -> None:
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler_task
        await super().close()
        if hasattr(self, "storage"):
            await self.storage.close()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """A refused move is the player's answer, said privately; anything else is our bug, logged."""
        cause = getattr(error, "original", error)
        if isinstance(cause, RuleError):
            await answer(interaction, str(cause))
            return
        if isinstance(error, app_commands.CheckFailure):
            await answer(interaction, str(error) or "You cannot use that command here.")
            return
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=cause)
        await answer(interaction, OUR_FAULT)


async def answer(interaction: discord.Interaction, text: str, **kwargs: object) -> None:
    """An ephemeral reply whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)  # type: ignore[arg-type]
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)  # type: ignore[arg-type]


def point_at(settings: Settings) -> None:
    """Test only: aim discord.py at a local fake Discord (REST base and gateway)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base
    if settings.discord_gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def run_bot(settings: Settings) -> None:
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    point_at(settings)
    assert settings.token
    async with Frontier(settings) as bot:
        await bot.start(settings.token)


__all__ = ["OUR_FAULT", "Frontier", "answer", "run_bot"]
