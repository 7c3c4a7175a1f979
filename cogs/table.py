"""`/game …` about the table of this channel once it is open: its status, a hand, the log, undo, settings,
and abandoning, resigning or leaving a running game (asked first)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.bounded import bounded
from bot.client import Frontier, answer
from bot.outbox import ai_players, fit
from bot.pictures import png_file
from bot.posting import ONLY_USERS
from bot.settings import BOARD_MODES, POLICIES
from cogs import ids
from cogs.common import confirm_view, game_here
from cogs.items import GameItem, Interaction, manager_of, runtime
from cogs.play import show_hand
from cogs.words import hand_over_text, handed_over_text, server_defaults_text, status_lines, table_settings_text
from games.levels import LEVELS
from renderers import render_board
from renderers.text import alt_text

POLICY_CHOICES = [app_commands.Choice(name=p, value=p) for p in POLICIES]
BOARD_CHOICES = [app_commands.Choice(name=m, value=m) for m in BOARD_MODES]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]


def setting_changes(**given: Any) -> dict[str, Any]:
    """The settings a command was given (0 hours meaning no deadline)."""
    changes = {key: value for key, value in given.items() if value is not None}
    if "deadline_hours" in changes:
        changes["deadline_hours"] = changes["deadline_hours"] or None
    return changes


class HandOver(GameItem[discord.ui.Button], form=ids.HAND_OVER):
    """The Confirm of "Are you sure?" before leaving, resigning or abandoning a running game."""

    def __init__(self, game_id: int, verb: str) -> None:
        super().__init__(discord.ui.Button(label=f"Yes, {verb}", style=discord.ButtonStyle.danger,
                                           custom_id=self.form.format(game_id=game_id, verb=verb)))
        self.game_id, self.verb = game_id, verb

    async def run(self, interaction: Interaction) -> None:
        """Leave, resign or abandon, once confirmed; the question becomes what was done."""
        service = runtime(interaction).service
        user = interaction.user.id
        if self.verb == "abandon":
            info = await service.abandon(self.game_id, user, guild_rights=manager_of(interaction))
            await interaction.response.edit_message(**bounded(content="Done.", view=None))
            await interaction.followup.send(**bounded(
                content=f"{info.title} #{info.id} was abandoned by {interaction.user.mention}.",
                allowed_mentions=ONLY_USERS))
            return
        outcome = await (service.resign if self.verb == "resign" else service.leave)(self.game_id, user)
        await interaction.response.edit_message(**bounded(
            content=handed_over_text(outcome.game, self.verb), view=None))


async def ask_hand_over(interaction: Interaction, verb: str) -> None:
    """Are you sure? before leaving, resigning or abandoning this channel's game; the service refuses one
    who may not, once they confirm."""
    info = await game_here(interaction)
    await answer(interaction, hand_over_text(info, verb), view=confirm_view(HandOver(info.id, verb), info.id))


class TableCommands:
    """The table's commands of the /game group (see cogs/lobby.py)."""

    bot: Frontier

    @app_commands.command(name="status", description="The board, the seats and whose move it is")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.status((await game_here(interaction)).id)
        info = outcome.game
        kwargs: dict[str, Any] = {}
        if outcome.public_view is not None:
            picture = await asyncio.to_thread(render_board, info.game_type, outcome.public_view)
            kwargs["file"] = png_file(picture, f"{info.game_type}-{info.id}.png",
                                      alt_text(info.game_type, outcome.public_view, "status", title=info.title,
                                               players=ai_players(info.seats)))
        await interaction.followup.send(**bounded(content=fit(status_lines(outcome)), ephemeral=True, **kwargs))

    @app_commands.command(name="hand", description="Your hidden cards, only to you")
    async def hand(self, interaction: Interaction) -> None:
        info = await game_here(interaction)
        await show_hand(interaction, await runtime(interaction).service.panel(info.id, interaction.user.id))

    @app_commands.command(name="abandon", description="End this game without a result (host or Manage Server)")
    async def abandon(self, interaction: Interaction) -> None:
        await ask_hand_over(interaction, "abandon")

    @app_commands.command(name="log", description="What happened so far in this channel's game")
    @app_commands.describe(page="1 is the latest page, 2 the one before, …")
    async def log(self, interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        info = await game_here(interaction)
        lines = await self.bot.service.log(info.id, page=page - 1)
        await answer(interaction, fit(lines) if lines else "Nothing on that page of the log.")

    @app_commands.command(name="undo", description="Take back your last move, if it revealed nothing")
    async def undo(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.undo((await game_here(interaction)).id, interaction.user.id)
        await interaction.followup.send(**bounded(content="Taken back.", ephemeral=True))

    @app_commands.command(name="settings", description="Turn deadline, reminder, timeout policy, AI level, board posts")
    @app_commands.describe(deadline_hours="Hours per turn (0 turns the deadline off)",
                           reminder="When to remind, as a share of the deadline (0.1–0.9)",
                           policy="What happens at the deadline",
                           ai_level="How well an AI that takes over a seat (at a timeout, or when one leaves) plays",
                           offer_minutes="How long an AI's trade offer waits for a person's answer",
                           board="A board once a turn (turn), after each move (new), or one message edited (edit)")
    @app_commands.choices(policy=POLICY_CHOICES, board=BOARD_CHOICES, ai_level=LEVEL_CHOICES)
    async def settings(self, interaction: Interaction,
                       deadline_hours: app_commands.Range[int, 0, 720] | None = None,
                       reminder: app_commands.Range[float, 0.1, 0.9] | None = None,
                       policy: str | None = None, ai_level: str | None = None,
                       offer_minutes: app_commands.Range[int, 1, 1440] | None = None, board: str | None = None) -> None:
        info = await game_here(interaction)
        changes = setting_changes(deadline_hours=deadline_hours, reminder=reminder, policy=policy, board=board,
                                  ai_level=ai_level, offer_minutes=offer_minutes)
        if changes:
            info = await self.bot.service.update_settings(info.id, interaction.user.id,
                                                          guild_rights=manager_of(interaction), changes=changes)
        if changes:
            await interaction.response.send_message(**bounded(
                content=table_settings_text(info, changed_by=interaction.user.id),
                allowed_mentions=discord.AllowedMentions.none()))
        else:
            await answer(interaction, table_settings_text(info))

    @app_commands.command(name="server-defaults", description="Settings new tables on this server start with")
    @app_commands.describe(deadline_hours="Hours per turn (0 turns the deadline off)",
                           reminder="When to remind, as a share of the deadline (0.1–0.9)",
                           policy="What happens at the deadline",
                           board="A board once a turn (turn), after each move (new), or one message edited (edit)",
                           thread="Open each new table in a thread of its own")
    @app_commands.choices(policy=POLICY_CHOICES, board=BOARD_CHOICES)
    @app_commands.guild_only()
    async def server_defaults(self, interaction: Interaction,
                              deadline_hours: app_commands.Range[int, 0, 720] | None = None,
                              reminder: app_commands.Range[float, 0.1, 0.9] | None = None,
                              policy: str | None = None, board: str | None = None,
                              thread: bool | None = None) -> None:
        assert interaction.guild_id is not None
        changes = setting_changes(deadline_hours=deadline_hours, reminder=reminder, policy=policy, board=board,
                                  thread=thread)
        service = self.bot.service
        if changes:
            defaults = await service.set_server_defaults(interaction.guild_id, guild_rights=manager_of(interaction),
                                                         changes=changes)
        else:
            defaults = await service.server_defaults(interaction.guild_id)
        await answer(interaction, server_defaults_text(defaults, saved=bool(changes)))
