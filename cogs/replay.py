"""`/game replay id:` — step through a game turn by turn, privately: any finished game of this server, or
one's own running game.

Every frame is the board picture of a public view (see `bot/history.py`), so a replay shows what the
table showed and never a hand, a hidden objective or a deck order. The ◀ ▶ buttons and the jump select
carry the game and the frame in their custom ids; each click replays the stored log again, so the
controls survive a restart and nothing lives in memory.
"""

from __future__ import annotations

import asyncio
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import history
from bot.client import Frontier
from bot.delivery import png_file
from cogs.common import refusing, runtime
from cogs.controls import MAX_OPTIONS, TEXT_LIMIT, clip
from games.core import get_game
from renderers import render_board


def jumps(story: list[history.Frame]) -> list[tuple[str, int]]:
    """(label, first frame) of each round, or of runs of rounds when there are more than a select holds."""
    starts: dict[int, int] = {}
    for i, frame in enumerate(story):
        starts.setdefault(frame.round, i)
    rounds = sorted(starts)
    per = -(-len(rounds) // MAX_OPTIONS)
    out = []
    for k in range(0, len(rounds), per):
        run = rounds[k:k + per]
        label = f"Round {run[0]}" if len(run) == 1 else f"Rounds {run[0]}–{run[-1]}"
        out.append((label, starts[run[0]]))
    return out


async def frame_message(interaction: discord.Interaction, game_id: int, at: int
                        ) -> tuple[str, discord.File, discord.ui.View]:
    """The replay message at frame `at` (clamped to the game): text, the frame's board, the controls."""
    bot = runtime(interaction)
    row = await history.replayable(bot.storage, game_id, user_id=interaction.user.id,
                                   guild_id=interaction.guild_id)
    story = await history.story(bot.storage, row)
    at = max(0, min(at, len(story) - 1))
    picture = await asyncio.to_thread(render_board, row.game_type, story[at].view)
    names = {s.seat: f"AI {s.seat + 1}" if s.is_ai and not s.left else f"<@{s.user_id}>" for s in row.seats}
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(game_id, at - 1, "prev", disabled=at == 0))
    view.add_item(StepButton(game_id, at + 1, "next", disabled=at == len(story) - 1))
    marks = jumps(story)
    here = max(i for i, (_, first) in enumerate(marks) if first <= at)
    options = [discord.SelectOption(label=clip(label, TEXT_LIMIT), value=str(first), default=i == here)
               for i, (label, first) in enumerate(marks)]
    view.add_item(JumpSelect(game_id, options=options))
    return (history.caption(get_game(row.game_type).title, game_id, story, at, names),
            png_file(picture, f"{row.game_type}-{game_id}-turn{at}.png"), view)


async def show(interaction: discord.Interaction, game_id: int, at: int) -> None:
    """Redraw the clicked replay message at another frame."""
    await interaction.response.defer()
    content, picture, view = await frame_message(interaction, game_id, at)
    await interaction.edit_original_response(content=content, attachments=[picture], view=view,
                                             allowed_mentions=discord.AllowedMentions.none())


class StepButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"fr:r:(?P<g>\d+):(?P<f>-?\d+):(?P<d>prev|next)"):
    """◀ or ▶: the frame it leads to is in its custom id."""

    def __init__(self, game_id: int, frame: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label="◀" if direction == "prev" else "▶", disabled=disabled,
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"fr:r:{game_id}:{frame}:{direction}"))
        self.game_id, self.frame = game_id, frame

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> StepButton:
        return cls(int(match["g"]), int(match["f"]), match["d"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: show(interaction, self.game_id, self.frame))


class JumpSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"fr:rj:(?P<g>\d+)"):
    """Jump to the start of a round."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"fr:rj:{game_id}", options=options or [],
                                           placeholder="Jump to a round…"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> JumpSelect:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = (interaction.data or {}).get("values", ["0"])[0]  # type: ignore[union-attr]
        await refusing(interaction, lambda: show(interaction, self.game_id, int(value)))


@app_commands.command(name="replay", description="Step through a finished game of this server (or your own game)")
@app_commands.rename(game_id="id")
@app_commands.describe(game_id="The game's number (#12 -> 12)")
async def replay(interaction: discord.Interaction, game_id: app_commands.Range[int, 1]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    content, picture, view = await frame_message(interaction, game_id, 0)
    await interaction.followup.send(content, file=picture, view=view, ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none())


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
