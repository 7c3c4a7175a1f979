"""`/game replay id:` — step through a game turn by turn, privately: any finished game of this server, or
one's own running game.

Every frame is the board picture of a public view (see `bot/history.py`), so a replay shows what the
table showed and never a hand, a hidden objective or a deck order. The ◀ ▶ buttons and the jump select
carry the game and the frame in their custom ids; each click replays the stored log again, so the
controls survive a restart and nothing lives in memory.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot import history
from bot.bounded import bounded
from bot.client import Frontier
from bot.limits import CONTENT
from bot.outbox import ai_players
from bot.pictures import png_file
from bot.seats import cast_of
from cogs import ids
from cogs.items import GameItem, Interaction, JumpItem, arrow, picked, runtime
from cogs.layout.moves import TEXT_LIMIT, clip
from cogs.layout.replay import jumps
from games.core import get_game
from renderers import render_board
from renderers.text import alt_text, summary


async def frame_message(interaction: Interaction, game_id: int, at: int
                        ) -> tuple[str, discord.File, discord.ui.View]:
    """The replay message at frame `at` (clamped to the game): text, the frame's board, the controls."""
    bot = runtime(interaction)
    row = await history.replayable(bot.storage, game_id, user_id=interaction.user.id,
                                   guild_id=interaction.guild_id)
    story = await history.story(bot.storage, row)
    at = max(0, min(at, len(story) - 1))
    drawn = cast_of(row.seats, text=False)
    picture = await asyncio.to_thread(render_board, row.game_type, story[at].view, (), drawn)
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(game_id, at - 1, "prev", disabled=at == 0))
    view.add_item(StepButton(game_id, at + 1, "next", disabled=at == len(story) - 1))
    marks = jumps([frame.round for frame in story])
    here = max(i for i, (_, first) in enumerate(marks) if first <= at)
    options = [discord.SelectOption(label=clip(label, TEXT_LIMIT), value=str(first), default=i == here)
               for i, (label, first) in enumerate(marks)]
    view.add_item(JumpSelect(game_id=game_id, options=options))
    title = get_game(row.game_type).title
    players = ai_players(row.seats)
    words = [history.caption(title, game_id, story, at, cast_of(row.seats)), players,
             "\n".join(summary(row.game_type, story[at].view, cast_of(row.seats)))]  # text by nature
    return (clip("\n\n".join(w for w in words if w), CONTENT),
            png_file(picture, f"{row.game_type}-{game_id}-turn{at}.png",
                     alt_text(row.game_type, story[at].view, "replay", title=title, players=players, cast=drawn)),
            view)


async def show(interaction: Interaction, game_id: int, at: int) -> None:
    """Redraw the clicked replay message at another frame."""
    await interaction.response.defer()
    content, picture, view = await frame_message(interaction, game_id, at)
    await interaction.edit_original_response(**bounded(content=content, attachments=[picture], view=view,
                                                       allowed_mentions=discord.AllowedMentions.none()))


class StepButton(GameItem[discord.ui.Button], form=ids.REPLAY_STEP):
    """◀ or ▶: the frame it leads to is in its custom id."""

    checks_place = False

    def __init__(self, game_id: int, frame: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(arrow(direction, self.form.format(game_id=game_id, frame=frame, direction=direction),
                               disabled=disabled))
        self.game_id, self.frame = game_id, frame

    async def run(self, interaction: Interaction) -> None:
        await show(interaction, self.game_id, self.frame)


class JumpSelect(JumpItem, form=ids.REPLAY_JUMP):
    """Jump to the start of a round."""

    placeholder = "Jump to a round…"

    async def run(self, interaction: Interaction) -> None:
        await show(interaction, self.game_id, picked(interaction, "frame", "0"))


@app_commands.command(name="replay", description="Step through a finished game of this server (or your own game)")
@app_commands.rename(game_id="id")
@app_commands.describe(game_id="The game's number (#12 -> 12)")
async def replay(interaction: Interaction, game_id: app_commands.Range[int, 1]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    content, picture, view = await frame_message(interaction, game_id, 0)
    await interaction.followup.send(**bounded(content=content, file=picture, view=view, ephemeral=True,
                                              allowed_mentions=discord.AllowedMentions.none()))


class Replay(commands.Cog):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(StepButton, JumpSelect)


async def setup(bot: Frontier) -> None:
    """`/game replay` joins the /game group the lobby cog opened (load this extension after cogs.lobby)."""
    await bot.add_cog(Replay(bot))
    group = bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    group.add_command(replay)


async def teardown(bot: Frontier) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command("replay")
