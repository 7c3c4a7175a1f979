"""`/game …`: opening a table, filling it and starting it; the /game group itself, which gathers the
table's commands (cogs/table.py), the players' (cogs/players.py), `/game learn` (cogs/learn.py) and
`/game review` (cogs/review.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounded import bounded
from bot.client import Frontier
from bot.errors import Refused
from bot.outcome import GameInfo
from bot.seats import DEFAULT_LEVEL
from cogs import ids
from cogs.common import CancelButton, game_here, opening_thread, wants_thread
from cogs.items import GameItem, Interaction, manager_of, picked, remember, runtime, single_select
from cogs.layout.moves import TEXT_LIMIT, clip
from cogs.learn import LearnCommands
from cogs.players import PlayerCommands, game_names
from cogs.review import ReviewButton, ReviewCommands
from cogs.rules import RulesJump, RulesStep
from cogs.table import LEVEL_CHOICES, HandOver, TableCommands, ask_hand_over
from cogs.words import ADD_AI, LEVEL_HINTS, LOBBY_VERBS, echo, game_called, lobby_text, seat_label, started_text
from games.core import Game
from games.levels import LEVELS


def parse_options(cls: type[Game], text: str) -> dict[str, Any]:
    """`numbers=random stacking=true` -> {"numbers": "random", "stacking": "true"}, every name one of the game's
    options, whose values the game then reads (see `Option.validate`); a refusal quotes what was typed with
    `echo`."""
    options: dict[str, Any] = {}
    known = {option.name for option in cls.options}
    for pair in text.split():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(f"Options are written as name=value separated by spaces; {echo(pair)} is not.",
                          "bad_option")
        if key not in known:
            raise Refused(f"{cls.title} has no option {echo(key)}; its options: {', '.join(sorted(known)) or 'none'}.",
                          "bad_option")
        options[key] = value
    return options


def lobby_controls(info: GameInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(info.id, verb))
    view.add_item(AddAi(info.id, options=[discord.SelectOption(label=level.capitalize(), value=level,
                                                               description=LEVEL_HINTS[level])
                                          for level in LEVELS]))
    others = [s for s in info.seats if s.user_id != info.created_by]
    if others:
        options = [discord.SelectOption(label=clip(seat_label(s), TEXT_LIMIT), value=str(s.seat),
                                        description=None if s.is_ai else f"user id {s.user_id}")
                   for s in others]
        view.add_item(RemoveSeat(info.id, options=options))
    return view


def lobby_message(info: GameInfo) -> dict[str, Any]:
    return {"content": lobby_text(info), "view": lobby_controls(info),
            "allowed_mentions": discord.AllowedMentions.none()}


class RemoveSeat(GameItem[discord.ui.Select], form=ids.REMOVE_SEAT):
    """The host (or Manage Server) takes a seat or an AI away before the start."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(single_select(self.form.format(game_id=game_id), options, "Remove a seat (host)…"))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        info = await runtime(interaction).service.remove_seat(self.game_id, interaction.user.id,
                                                              picked(interaction, "seat"),
                                                              guild_rights=manager_of(interaction))
        await interaction.response.edit_message(**bounded(**lobby_message(info)))


class AddAi(GameItem[discord.ui.Select], form=ids.ADD_AI):
    """The host (or Manage Server) seats an AI of the level chosen: two taps, the select and the level."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(single_select(self.form.format(game_id=game_id), options, ADD_AI))
        self.game_id = game_id

    async def run(self, interaction: Interaction) -> None:
        info = await lobby_step(interaction, self.game_id, "ai", level=picked(interaction, "level"))
        await interaction.response.edit_message(**bounded(**lobby_message(info)))


class LobbyButton(GameItem[discord.ui.Button], form=ids.LOBBY):
    def __init__(self, game_id: int, verb: str) -> None:
        style = discord.ButtonStyle.success if verb == "start" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=LOBBY_VERBS.get(verb, "Add AI"), style=style,  # "ai": see ids.LOBBY
                                           custom_id=self.form.format(game_id=game_id, verb=verb)))
        self.game_id, self.verb = game_id, verb

    async def run(self, interaction: Interaction) -> None:
        info = await lobby_step(interaction, self.game_id, self.verb)
        if info.status == "lobby":
            await interaction.response.edit_message(**bounded(**lobby_message(info)))


async def lobby_step(interaction: Interaction, game_id: int, verb: str, *, level: str = DEFAULT_LEVEL) -> GameInfo:
    """One lobby change (an AI seated at `level`); starting also closes the lobby message and posts the first
    board."""
    service = runtime(interaction).service
    user = interaction.user.id
    if verb == "join":
        return await service.join(game_id, user)
    if verb == "ai":
        return await service.add_ai(game_id, user, guild_rights=manager_of(interaction), level=level)
    if verb == "leave":
        return (await service.leave(game_id, user)).game
    outcome = await service.start(game_id, user, guild_rights=manager_of(interaction))
    if interaction.message is not None:
        await interaction.response.edit_message(**bounded(content=started_text(outcome.game), view=None,
                                                          allowed_mentions=discord.AllowedMentions.none()))
    else:
        await interaction.response.send_message(**bounded(content=started_text(outcome.game),
                                                          allowed_mentions=discord.AllowedMentions.none()))
    return outcome.game


class Lobby(TableCommands, PlayerCommands, LearnCommands, ReviewCommands, commands.GroupCog, group_name="game",
            group_description="Open, join and manage board games"):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        return await remember(interaction)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton, AddAi, RemoveSeat, HandOver, CancelButton, RulesStep, RulesJump,
                                   ReviewButton)

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", thread="Open the table in a new thread of this channel "
                                                     "(default: the server's setting)",
                           options="Table options as name=value pairs (see /game rules)")
    @app_commands.autocomplete(game=game_names)
    async def new(self, interaction: Interaction, game: str, thread: bool | None = None,
                  options: str = "") -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refused("Games are played in server channels, not in DMs.", "not_in_guild")
        cls = game_called(game)  # everything about the new table is checked before anything is made or said
        picked = parse_options(cls, options)
        cls.resolve_options(picked)
        if await wants_thread(interaction, thread):
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise Refused("A thread can be opened only from a text channel.", "no_thread_here")
            await interaction.response.defer(thinking=True)
            async with opening_thread(interaction, channel, f"{cls.title} table") as opening:
                info = await self.bot.service.create(game_type=game, guild_id=interaction.guild_id,
                                                     channel_id=channel.id, thread_id=opening.thread.id,
                                                     user_id=interaction.user.id, options=picked)
                opening.game_id = info.id
                await opening.thread.send(**bounded(**lobby_message(info)))
            await interaction.followup.send(**bounded(
                content=f"{cls.title} #{info.id} is open in {opening.thread.mention}."))
            return
        info = await self.bot.service.create(game_type=game, guild_id=interaction.guild_id,
                                             channel_id=interaction.channel_id, user_id=interaction.user.id,
                                             options=picked)
        await interaction.response.send_message(**bounded(**lobby_message(info)))

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: Interaction) -> None:
        info = await lobby_step(interaction, (await game_here(interaction)).id, "join")
        await interaction.response.send_message(**bounded(**lobby_message(info)))

    @app_commands.command(name="add-ai", description="Seat an AI player at this channel's table")
    @app_commands.describe(level="Easy (makes a beginner's mistakes), normal (the default) or hard (thinks ahead)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_ai(self, interaction: Interaction, level: str = DEFAULT_LEVEL) -> None:
        info = await lobby_step(interaction, (await game_here(interaction)).id, "ai", level=level)
        await interaction.response.send_message(**bounded(**lobby_message(info)))

    @app_commands.command(name="start", description="Start this channel's game (host or Manage Server)")
    async def start(self, interaction: Interaction) -> None:
        await lobby_step(interaction, (await game_here(interaction)).id, "start")

    @app_commands.command(name="leave", description="Leave this channel's table (an AI takes over a running seat)")
    async def leave(self, interaction: Interaction) -> None:
        await self._hand_over(interaction, "leave")

    @app_commands.command(name="resign", description="Resign from this channel's game; an AI plays your seat on")
    async def resign(self, interaction: Interaction) -> None:
        await self._hand_over(interaction, "resign")

    async def _hand_over(self, interaction: Interaction, verb: str) -> None:
        """In the lobby a seat is simply given up; in a running game the player is asked first."""
        info = await game_here(interaction)
        if info.status == "lobby":
            info = await lobby_step(interaction, info.id, "leave")
            await interaction.response.send_message(**bounded(**lobby_message(info)))
            return
        await ask_hand_over(interaction, verb)


async def setup(bot: Frontier) -> None:
    await bot.add_cog(Lobby(bot))
