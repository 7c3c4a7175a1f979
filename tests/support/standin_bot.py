"""A stand-in for `python -m bot` in the harness's own tests: the smallest process that reads the
same settings (DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL, DEV_GUILD_ID) and answers
one slash command, so the harness is proven apart from the real bot.
"""

from __future__ import annotations

import os

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket


class StandIn(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="ping", description="Answer pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"pong from {os.getpid()}")

    async def setup_hook(self) -> None:
        guild = discord.Object(int(os.environ["DEV_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)


if __name__ == "__main__":
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    StandIn().run(os.environ["DISCORD_TOKEN"], log_handler=None)
