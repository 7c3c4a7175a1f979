"""Playing: `/play`, and the *Your move* and *My hand* buttons under every board.

`/play action:` autocompletes the invoking player's legal moves by their labels (see
cogs/layout/typed.py), so every game is playable through it alone; a JSON object is accepted for
free-form moves (trade offers), which the move panel's trade modal makes by clicking. The buttons open the
player's own move panel or hand, privately.
"""

from __future__ import annotations

import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Frontier, answer
from bot.outcome import GameInfo, Panel
from cogs import ids
from cogs.common import CancelButton, game_here, hand_file
from cogs.controls import ITEMS, move_controls, panel_body, trade_submitted
from cogs.items import GameItem, Interaction
from cogs.layout.moves import clip
from cogs.layout.typed import matching, parse_move, suggestion
from games.core import RuleError

AUTOCOMPLETE_LIMIT = 25


class Buttons:
    """The buttons delivery sends (`bot.delivery.Presenter`), handed over when this cog loads."""

    @staticmethod
    def board_controls(game: GameInfo) -> discord.ui.View:
        """Under a running game's board: each player opens their own moves or hand, privately."""
        view = discord.ui.View(timeout=None)
        view.add_item(YourMoveButton(game.id))
        view.add_item(HandButton(game.id))
        return view

    @staticmethod
    def move_panel(panel: Panel) -> discord.ui.View:
        """A seat's moves in a DM that asks for a move: the panel *Your move* opens."""
        return move_controls(panel.game.id, panel.game.version, panel.seat, panel.choices, panel.shapes)


class YourMoveButton(GameItem[discord.ui.Button], form=ids.YOUR_MOVE):
    def __init__(self, game_id: int, *, label: str = "Your move") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="▶️", style=discord.ButtonStyle.success,
                                           custom_id=self.form.format(game_id=game_id)))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = self.snapshot.panel(interaction.user.id)
        body = {k: v for k, v in panel_body(panel).items() if v is not None}
        picture = await hand_file(panel.game, panel.hand)
        if picture is not None:
            body["file"] = picture
        await interaction.followup.send(ephemeral=True, **body)


class HandButton(GameItem[discord.ui.Button], form=ids.HAND):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠", style=discord.ButtonStyle.secondary,
                                           custom_id=self.form.format(game_id=game_id)))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        await show_hand(interaction, self.snapshot.panel(interaction.user.id))


async def show_hand(interaction: Interaction, panel: Panel) -> None:
    """The player's private view, as a picture, only to them."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = panel.game
    picture = await hand_file(info, panel.hand)
    if picture is None:
        await interaction.followup.send(f"{info.title} has no hidden cards: everything is on the board.",
                                        ephemeral=True)
    else:
        await interaction.followup.send(f"Your hand in {info.title} #{info.id}:", file=picture, ephemeral=True)


class Play(commands.Cog):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS, CancelButton, YourMoveButton, HandButton)
        self.bot.delivery.present_with(Buttons())

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """Modals are not dynamic items: a trade modal comes back here, by its custom id."""
        await trade_submitted(interaction)

    @app_commands.command(name="play", description="Make a move in this channel's game")
    @app_commands.describe(action="Your move: pick from the list (type to filter), or a JSON action")
    @app_commands.guild_only()
    async def play(self, interaction: Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await game_here(interaction)
        choices = await self.bot.service.choices(info.id, interaction.user.id)
        move = parse_move(action, info.version, choices)
        label = next((m.label for m in choices if m.action == move), json.dumps(move))
        outcome = await self.bot.service.act(info.id, interaction.user.id, move,
                                             interaction_id=str(interaction.id), expected_version=info.version)
        await answer(interaction, f"✓ {label}" if not outcome.replayed else f"✓ {label} (already made)")

    @play.autocomplete("action")
    async def play_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The invoking player's legal moves whose label contains what is typed (at most 25)."""
        if interaction.channel_id is None:
            return []
        info = await self.bot.service.game_in_channel(interaction.channel_id)
        if info is None:
            return []
        try:
            choices = await self.bot.service.choices(info.id, interaction.user.id)
        except RuleError:  # not seated, or not started: nothing to suggest (the service says why on /play)
            return []
        found = matching(current, choices)
        return [app_commands.Choice(name=clip(move.label, 100), value=suggestion(info.version, move))
                for move in found[:AUTOCOMPLETE_LIMIT]]


async def setup(bot: Frontier) -> None:
    await bot.add_cog(Play(bot))
