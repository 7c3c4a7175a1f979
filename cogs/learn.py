"""`/game learn game:<name>`: a practice table (DESIGN §5, `bot.practice`) for the person against easy AI
seats, opened in its own thread where the bot may make one, started at once. The coach speaks on the
person's move panel and on the boards; the welcome message says so and carries a Leave button, which ends
the practice table (as `/game leave` does). A member has one practice table open per server: a second
`/game learn` points to it and offers to end it."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.bounded import bounded
from bot.client import Frontier
from bot.errors import Refused
from bot.outcome import GameInfo
from bot.practice import AI_LEVEL, IDLE, OPTIONS, practice_seats
from cogs import ids
from cogs.common import Opening, opening_thread, wants_thread
from cogs.items import Interaction
from cogs.words import echo
from games.coach import COACHES
from games.core import get_game

LEAVE = "Leave practice"
END = "End that practice game"


async def coached_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games a practice table is offered for, filtered by what is typed."""
    typed = current.casefold()
    return [app_commands.Choice(name=get_game(gid).title, value=gid) for gid in sorted(COACHES)
            if typed in gid or typed in get_game(gid).title.casefold()][:25]


def welcome_text(info: GameInfo) -> str:
    """What the practice table says first: what it is, where the coach speaks, where the quick card is (the first
    page of `/game rules`), and how to leave."""
    others = len(info.seats) - 1
    return (f"**Learning {info.title}** (practice table #{info.id}): you against {others} easy AI "
            f"player{'s' if others > 1 else ''}. Press **Your move** under the board when it is your turn: the "
            "🎓 coach says what your choices mean and what a beginner might pick, and the first time something "
            "new happens, a 📖 line explains it; both stay on the board to read back. Keep the quick card beside "
            f"the board (the turn, the costs, the score and the end on one page): `/game rules game:{info.game_type}` "
            "opens on it. The game is not rated; leave any time with the button below or `/game leave`. Left "
            f"without a move for {IDLE.days} days, it ends by itself.")


def leave_view(game_id: int, label: str = LEAVE) -> discord.ui.View:
    """A button that ends the practice table: `cogs.table.HandOver` reads its id, and leaving a practice table
    ends it."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, style=discord.ButtonStyle.danger,
                                    custom_id=ids.HAND_OVER.format(game_id=game_id, verb="leave")))
    return view


def already_open_text(info: GameInfo) -> str:
    """The answer to a member who has a practice table open on this server already (one at a time)."""
    return (f"Your {info.title} practice table #{info.id} is still open in <#{info.thread_id or info.channel_id}>: "
            f"play on there, or end it with the button below and run `/game learn` again.")


class LearnCommands:
    """`/game learn`, of the /game group (see cogs/lobby.py)."""

    bot: Frontier

    @app_commands.command(name="learn", description="Learn a game: a coached practice game against easy AI players")
    @app_commands.describe(game="Which game to learn")
    @app_commands.autocomplete(game=coached_names)
    async def learn(self, interaction: Interaction, game: str) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refused("Games are played in server channels, not in DMs.", "not_in_guild")
        if game not in COACHES:
            raise Refused(f"There is no practice table for {echo(game)}; pick one of the games offered.", "no_game")
        if (open_one := await self.bot.service.open_practice(interaction.guild_id, interaction.user.id)) is not None:
            await interaction.response.send_message(**bounded(content=already_open_text(open_one),
                                                              view=leave_view(open_one.id, END), ephemeral=True))
            return
        cls, channel = get_game(game), interaction.channel
        thread = await wants_thread(interaction, None)
        await interaction.response.defer(thinking=True)
        if thread and isinstance(channel, discord.TextChannel):
            async with opening_thread(interaction, channel, f"{cls.title} practice") as opening:
                info = await self._practice_table(interaction, game, opening)
                await opening.thread.send(**bounded(content=welcome_text(info), view=leave_view(info.id)))
                await self.bot.service.start(info.id, interaction.user.id)
            await interaction.followup.send(**bounded(
                content=f"Your {cls.title} practice table is open in {opening.thread.mention}."))
            return
        info = await self._practice_table(interaction, game, None)
        await interaction.followup.send(**bounded(content=welcome_text(info), view=leave_view(info.id)))
        await self.bot.service.start(info.id, interaction.user.id)

    async def _practice_table(self, interaction: Interaction, game: str, opening: Opening | None) -> GameInfo:
        """The practice table made and its easy AI seats taken, in `opening`'s thread if there is one."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        service, user = self.bot.service, interaction.user.id
        info = await service.create(game_type=game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                    thread_id=opening.thread.id if opening else None, user_id=user,
                                    options=OPTIONS.get(game), practice=True)
        if opening is not None:
            opening.game_id = info.id
        for _ in range(practice_seats(game) - 1):
            info = await service.add_ai(info.id, user, level=AI_LEVEL)
        return info
