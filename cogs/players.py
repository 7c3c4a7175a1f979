"""`/game …` about players and games rather than one table: one's games, the rules, wins, ratings, DMs,
and being forgotten."""

from __future__ import annotations

import discord
from discord import app_commands

import games
from bot.bounded import bounded, bounded_choices
from bot.client import Frontier, answer
from bot.outbox import fit
from bot.settings import NOTIFY_TEXT
from cogs.items import Interaction
from cogs.rules import book, find_section, rules_message
from cogs.words import (
    FORGOTTEN,
    NO_GAME_YET,
    game_called,
    game_line,
    leaderboard_lines,
    person,
    profile_lines,
    stats_lines,
)
from games.core import RuleError

NOTIFY_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in
                  (("Every turn", "every"), ("My turn only", "turn"), ("Nothing", "off"))]


async def game_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.casefold()
    return bounded_choices([app_commands.Choice(name=cls.title, value=gid) for gid, cls in
                            sorted(games.registry().items()) if typed in gid or typed in cls.title.casefold()])


async def section_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The chapters of the game already chosen in the command, by number (from 1) and title."""
    try:
        chapters = book(str(interaction.namespace.game or ""))
    except RuleError:
        return []
    typed = current.casefold()
    return bounded_choices([app_commands.Choice(name=f"{i}. {c.label}", value=str(i)) for i, c in enumerate(chapters, 1)
                            if typed in f"{i}. {c.label}".casefold()])


class PlayerCommands:
    """The player's commands of the /game group (see cogs/lobby.py)."""

    bot: Frontier

    @app_commands.command(name="list", description="Your open games everywhere, and which await your move")
    async def list_games(self, interaction: Interaction) -> None:
        mine = await self.bot.service.games_of_user(interaction.user.id)
        await answer(interaction, fit([game_line(info, interaction.user.id) for info in mine]) if mine else NO_GAME_YET)

    @app_commands.command(name="rules", description="How to play a game: its rulebook, with pictures, page by page")
    @app_commands.describe(game="Which game", section="A chapter: its number, a word of its title, or a rule id "
                                                      "(CAT-12); default: the first page")
    @app_commands.autocomplete(game=game_names, section=section_names)
    async def rules(self, interaction: Interaction, game: str, section: str | None = None) -> None:
        game = game_called(game).id
        chapter, page = find_section(game, section)
        await interaction.response.defer(ephemeral=True, thinking=True)  # a picture may take a moment to draw
        content, view, files = await rules_message(game, chapter, page)
        await answer(interaction, content, view=view, files=files)

    @app_commands.command(name="stats", description="Wins on this server, per game")
    async def stats(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.service.stats(interaction.guild_id)
        people = [user for rows in table.values() for user, _, _ in rows]
        names = await self.bot.service.names_in(interaction.guild_id, people)
        await answer(interaction, "\n".join(stats_lines(table, names)) if table
                     else "No game has been finished on this server yet.")

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.describe(game="Which game", everywhere="Rank players across every server instead")
    @app_commands.autocomplete(game=game_names)
    async def leaderboard(self, interaction: Interaction, game: str, everywhere: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        title = game_called(game).title
        scope = None if everywhere or interaction.guild_id is None else interaction.guild_id
        board = await self.bot.service.leaderboard(game, scope)
        where = "on every server" if scope is None else "on this server"
        people = [r.user_id for r in board if r.user_id is not None]
        names = await self.bot.service.names_in(interaction.guild_id, people)
        await answer(interaction, fit(leaderboard_lines(title, where, board, names)) if board
                     else f"No game of {title} has been rated {where} yet.")

    @app_commands.command(name="profile", description="Games, wins and ratings of a player, on every server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: Interaction, user: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = user or interaction.user
        mine = await self.bot.service.profile(who.id)
        named = person(who.id, await self.bot.service.names_in(interaction.guild_id, [who.id]))
        await answer(interaction, fit(profile_lines(named, mine)) if mine
                     else f"{named} has not finished a rated game yet.")

    @app_commands.command(name="notify", description="Which DMs your games send you: every turn, "
                                                     "my turn only (the default), or nothing")
    @app_commands.describe(when="Every turn: also your hand after others' turns · My turn only: when you "
                                "move · Nothing")
    @app_commands.choices(when=NOTIFY_CHOICES)
    async def notify(self, interaction: Interaction, when: str | None = None) -> None:
        service = self.bot.service
        if when is None:
            await answer(interaction, f"Your DMs from games — {NOTIFY_TEXT[await service.notify(interaction.user.id)]}"
                                      "\nChange it with `/game notify when:`.")
            return
        chosen = await service.set_notify(interaction.user.id, when)
        await answer(interaction, f"Saved, for every game you play. {NOTIFY_TEXT[chosen]}")

    @app_commands.command(name="forget-me", description="Leave every table and erase your id from stored games")
    async def forget_me(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.forget(interaction.user.id)
        await interaction.followup.send(**bounded(content=FORGOTTEN, ephemeral=True))
