"""What every cog needs: the runtime behind an interaction, the game in its channel, refusals."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.client import OUR_FAULT, answer
from bot.delivery import png_file
from bot.errors import Refused, log_refusal
from bot.outcome import GameInfo
from games.core import RuleError
from renderers import render_private

if TYPE_CHECKING:
    from bot.client import Frontier

log = logging.getLogger(__name__)
T = TypeVar("T")


def runtime(interaction: discord.Interaction) -> Frontier:
    return interaction.client  # type: ignore[return-value]


def manager_of(interaction: discord.Interaction) -> int | None:
    """The server in which the user has Manage Server (they may start, abandon and configure that server's
    tables, and only that server's: the service compares it with the game's own server)."""
    return interaction.guild_id if interaction.guild_id and interaction.permissions.manage_guild else None


async def game_here(interaction: discord.Interaction) -> GameInfo:
    """The open game of this channel or thread, or a refusal that says how to open one."""
    assert interaction.channel_id is not None
    info = await runtime(interaction).service.game_in_channel(interaction.channel_id)
    if info is None:
        raise Refused("No game is open in this channel. Start one with `/game new`.", "no_game_here")
    return info


async def refusing(interaction: discord.Interaction, work: Callable[[], Awaitable[T]]) -> T | None:
    """Run a component's work; a RuleError becomes the player's ephemeral answer, a bug is logged."""
    try:
        return await work()
    except RuleError as err:
        await answer(interaction, log_refusal(err))
    except Exception:
        log.exception("interaction %s failed", interaction.data and interaction.data.get("custom_id"))
        await answer(interaction, OUR_FAULT)
    return None


async def hand_file(info: GameInfo, view: dict[str, Any]) -> discord.File | None:
    """A player's private picture, drawn off the event loop."""
    picture = await asyncio.to_thread(render_private, info.game_type, view)
    return None if picture is None else png_file(picture, f"{info.game_type}-hand.png")


class CancelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:x:(?P<g>\d+)"):
    """The Cancel of an "Are you sure?": nothing happens, and the question goes away."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Cancel", style=discord.ButtonStyle.secondary,
                                           custom_id=f"fr:x:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> CancelButton:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content="Cancelled: nothing changed.", view=None)
