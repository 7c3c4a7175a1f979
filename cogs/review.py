"""`/game review game:<id>` and the *Review my game* button under a finished game's recap: the clicking (or
asking) player's own review of that game (`bot.review`), answered to them alone. The review takes seconds
(the hard AI's search over every decision, in the worker pool), so the answer is deferred first. Anyone not
seated in the game is refused, and a game not finished is, in words that say why."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.bounded import bounded
from bot.client import Frontier
from bot.pictures import png_file
from bot.review import review_for, reviewable
from cogs import ids
from cogs.items import GameItem, Interaction, runtime

REVIEW = "Review my game"


async def send_review(interaction: Interaction, game_id: int) -> None:
    """Defer (privately: the review takes seconds), check, compute and send the user's review of the game; a
    refusal follows the deferral, to the user alone."""
    bot = runtime(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    row, seat = await reviewable(bot.storage, game_id, interaction.user.id)
    told = await review_for(bot.storage, bot.service.thinking, row, seat)
    files = [png_file(p.png, p.name, p.alt) for p in told.pictures]
    await interaction.followup.send(**bounded(content=told.text, files=files, ephemeral=True,
                                              allowed_mentions=discord.AllowedMentions.none()))


class ReviewButton(GameItem[discord.ui.Button], form=ids.REVIEW):
    """Under the recap: whoever presses it hears their own review of the game, privately; the review checks
    that they played in it (so the place is not checked here: a recap is read in the game's channel)."""

    checks_place = False

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=REVIEW, emoji="🔍", style=discord.ButtonStyle.secondary,
                                           custom_id=self.form.format(game_id=game_id)))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        await send_review(interaction, self.game_id)


def recap_controls(game_id: int) -> discord.ui.View:
    """The button under a finished game's recap."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(game_id))
    return view


class ReviewCommands:
    """`/game review`, of the /game group (see cogs/lobby.py)."""

    bot: Frontier

    @app_commands.command(name="review", description="Your private review of a finished game: your three "
                                                     "costliest decisions, and the better moves")
    @app_commands.rename(game_id="game")
    @app_commands.describe(game_id="The game's number (#12 -> 12)")
    async def review(self, interaction: Interaction, game_id: app_commands.Range[int, 1]) -> None:
        await send_review(interaction, game_id)
