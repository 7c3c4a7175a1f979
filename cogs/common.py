"""What several cogs draw: the game of a channel, the "Are you sure?" with its Cancel, and the thread a new
table opens in."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import discord

from bot.bounded import bounded
from bot.errors import Refused
from bot.outcome import GameInfo
from cogs import ids
from cogs.items import GameItem, Interaction, runtime
from games.core import RuleError

log = logging.getLogger(__name__)


async def game_here(interaction: Interaction) -> GameInfo:
    """The open game of this channel or thread (else the caller's practice table played here, which holds no
    channel's slot), or a refusal that says how to open one."""
    assert interaction.channel_id is not None
    service, here = runtime(interaction).service, interaction.channel_id
    info = await service.game_in_channel(here)
    if info is None and interaction.guild_id is not None:
        mine = await service.open_practice(interaction.guild_id, interaction.user.id)
        info = mine if mine is not None and (mine.thread_id or mine.channel_id) == here else None
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


@dataclass
class Opening:
    """A table being opened in the thread the bot just made for it; `game_id` once the table exists."""

    thread: discord.Thread
    game_id: int | None = None


@asynccontextmanager
async def opening_thread(interaction: Interaction, channel: discord.TextChannel, name: str) -> AsyncIterator[Opening]:
    """Make the public thread `name` for a new table, and take it back if opening the table there fails (the
    database refuses, Discord refuses the first message ...): the table, once created, is abandoned and the
    thread archived and renamed "… (not opened)", so a failure leaves no empty thread or lobby behind. The bot
    is not given Manage Threads (README, *Put it on a Discord server*), which deleting or locking a thread
    needs; a thread's creator may archive and rename it. The person is told why: the failure's own refusal,
    or, if Discord refused the bot in the thread, which permission it lacked."""
    thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    opening = Opening(thread)
    try:
        yield opening
    except Exception as failure:
        await _take_back(interaction, opening, name)
        if isinstance(failure, discord.Forbidden):
            why = failure.text or "Missing Permissions"
            raise Refused(f"Discord did not let me post in the thread I opened ({why}), so no table was opened; "
                          f"I need Send Messages in Threads in {channel.mention}.", "thread_refused") from failure
        raise


async def _take_back(interaction: Interaction, opening: Opening, name: str) -> None:
    """Abandon the half-opened table and archive its thread, as far as the database and Discord allow (what
    they refuse is logged; the person reads the first failure)."""
    if opening.game_id is not None:
        try:
            await runtime(interaction).service.abandon(opening.game_id, interaction.user.id)
        except RuleError as err:
            log.warning("could not abandon the half-opened table #%s: %s", opening.game_id, err)
    try:
        await opening.thread.edit(name=f"{name} (not opened)", archived=True)
    except discord.HTTPException as err:
        log.warning("could not archive the thread %s of a table that did not open: %s", opening.thread.id, err)
