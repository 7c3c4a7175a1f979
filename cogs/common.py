"""What several cogs draw: the game of a channel, and the "Are you sure?" with its Cancel."""

from __future__ import annotations

from typing import Any

import discord

from bot.bounded import bounded
from bot.errors import Refused
from bot.outcome import GameInfo
from cogs import ids
from cogs.items import GameItem, Interaction, runtime


async def game_here(interaction: Interaction) -> GameInfo:
    """The open game of this channel or thread, or a refusal that says how to open one."""
    assert interaction.channel_id is not None
    info = await runtime(interaction).service.game_in_channel(interaction.channel_id)
    if info is None:
        raise Refused("No game is open in this channel. Start one with `/game new`.", "no_game_here")
    return info


class CancelButton(GameItem[discord.ui.Button], form=ids.CANCEL):
    """The Cancel of an "Are you sure?": nothing happens, and the question goes away."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Cancel", style=discord.ButtonStyle.secondary,
                                           custom_id=self.form.format(game_id=game_id)))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        await interaction.response.edit_message(**bounded(content="Cancelled: nothing changed.", view=None))


def confirm_view(confirm: discord.ui.Item[Any], game_id: int) -> discord.ui.View:
    """Are you sure? The confirming button, and one that cancels."""
    view = discord.ui.View(timeout=None)
    view.add_item(confirm)
    view.add_item(CancelButton(game_id))
    return view


async def wants_thread(interaction: Interaction, asked: bool | None) -> bool:
    """Whether a new table opens in a thread of its own: as `asked`, or by the server's default where a thread
    can be made here (not inside a thread, and the bot may create one)."""
    if asked is not None:
        return asked
    assert interaction.guild_id is not None
    defaults = await runtime(interaction).service.server_defaults(interaction.guild_id)
    return bool(defaults["thread"]) and isinstance(interaction.channel, discord.TextChannel) and \
        interaction.app_permissions.create_public_threads
