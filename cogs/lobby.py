"""`/game …`: opening a table, filling it, starting, and everything around a game but the moves."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.client import Frontier, answer
from bot.delivery import ONLY_USERS, png_file
from bot.errors import Refused
from bot.outbox import fit, result_lines, turn_line
from bot.outcome import GameInfo
from bot.settings import BOARD_MODES, NOTIFY_TEXT, POLICIES
from bot.storage import Rating
from cogs.common import CancelButton, game_here, manager_of, refusing, runtime
from cogs.controls import TEXT_LIMIT, clip, confirm_view
from cogs.play import show_hand
from games.core import get_game
from renderers import render_board

LOBBY_VERBS = {"join": "Join", "ai": "Add AI", "leave": "Leave", "start": "Start"}


def parse_options(text: str) -> dict[str, Any]:
    """`numbers=random stacking=true` -> {"numbers": "random", "stacking": "true"}; the game's options
    check the names and read the values (see `Option.validate`)."""
    options: dict[str, Any] = {}
    for pair in text.split():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(f"Options are written as name=value separated by spaces; {pair!r} is not.", "bad_option")
        options[key] = value
    return options


def lobby_text(info: GameInfo) -> str:
    cls = get_game(info.game_type)
    span = str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}–{cls.max_players}"
    seats = " · ".join(f"{s.seat + 1}. {s.name}" + (" (host)" if s.user_id == info.created_by else "")
                       for s in info.seats) or "nobody yet"
    options = ", ".join(f"{k}={v}" for k, v in info.options.items())
    lines = [f"**{info.title}** #{info.id} — a table for {span} players", f"Seats: {seats}"]
    if options:
        lines.append(f"Options: {options}")
    lines.append("Press **Join** to sit down; the host adds AI players, may remove a seat, and presses **Start**.")
    return "\n".join(lines)


def lobby_controls(info: GameInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in LOBBY_VERBS:
        view.add_item(LobbyButton(info.id, verb))
    others = [s for s in info.seats if s.user_id != info.created_by]
    if others:
        options = [discord.SelectOption(label=clip(f"Seat {s.seat + 1}: " + ("AI player" if s.is_ai else "a person"),
                                                   TEXT_LIMIT), value=str(s.seat),
                                        description=None if s.is_ai else f"user id {s.user_id}")
                   for s in others]
        view.add_item(RemoveSeat(info.id, options=options))
    return view


class RemoveSeat(discord.ui.DynamicItem[discord.ui.Select], template=r"fr:l:(?P<g>\d+):rm"):
    """The host (or Manage Server) takes a seat or an AI away before the start."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"fr:l:{game_id}:rm", options=options or [],
                                           placeholder="Remove a seat (host)…"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> RemoveSeat:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            seat = int((interaction.data or {}).get("values", ["-1"])[0])  # type: ignore[union-attr]
            info = await runtime(interaction).service.remove_seat(self.game_id, interaction.user.id, seat,
                                                                  guild_rights=manager_of(interaction))
            await interaction.response.edit_message(content=lobby_text(info), view=lobby_controls(info),
                                                    allowed_mentions=discord.AllowedMentions.none())

        await refusing(interaction, work)


def hand_over_text(info: GameInfo, verb: str) -> str:
    """What leaving, resigning or abandoning means for this game, asked before it is done."""
    where = f"{info.title} #{info.id}"
    if verb == "abandon":
        return f"Abandon {where}? The game ends for everyone, without a result. This cannot be undone."
    if verb == "leave":
        return (f"Leave {where}? An AI plays your seat for the rest of the game, and you cannot come back. "
                "(To give up the game itself, resign.)")
    resignation = get_game(info.game_type).resignation
    if resignation:
        return f"Resign from {where}? {resignation} You cannot come back."
    return (f"Resign from {where}? You give the game up: an AI plays your seat to the end, and you cannot "
            "come back.")


class HandOver(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:q:(?P<g>\d+):(?P<verb>leave|resign|abandon)"):
    """The Confirm of "Are you sure?" before leaving, resigning or abandoning a running game."""

    def __init__(self, game_id: int, verb: str) -> None:
        super().__init__(discord.ui.Button(label=f"Yes, {verb}", style=discord.ButtonStyle.danger,
                                           custom_id=f"fr:q:{game_id}:{verb}"))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandOver:
        return cls(int(match["g"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: hand_over(interaction, self.game_id, self.verb))


async def hand_over(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    """Leave, resign or abandon, once confirmed; the question becomes what was done."""
    bot = runtime(interaction)
    user = interaction.user.id
    if verb == "abandon":
        info = await bot.service.abandon(game_id, user, guild_rights=manager_of(interaction))
        await interaction.response.edit_message(content="Done.", view=None)
        await interaction.followup.send(f"{info.title} #{info.id} was abandoned by {interaction.user.mention}.",
                                        allowed_mentions=ONLY_USERS)
        return
    await (bot.service.resign if verb == "resign" else bot.service.leave)(game_id, user)
    resignation = get_game((await bot.service.get(game_id)).game_type).resignation if verb == "resign" else ""
    await interaction.response.edit_message(content=f"Done: {resignation or 'an AI plays your seat from now on.'}",
                                            view=None)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:l:(?P<g>\d+):(?P<verb>join|ai|leave|start)"):
    def __init__(self, game_id: int, verb: str) -> None:
        style = discord.ButtonStyle.success if verb == "start" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=LOBBY_VERBS[verb], style=style, custom_id=f"fr:l:{game_id}:{verb}"))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["g"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            info = await lobby_step(interaction, self.game_id, self.verb)
            if info.status == "lobby":
                await interaction.response.edit_message(content=lobby_text(info), view=lobby_controls(info),
                                                        allowed_mentions=discord.AllowedMentions.none())

        await refusing(interaction, work)


async def lobby_step(interaction: discord.Interaction, game_id: int, verb: str) -> GameInfo:
    """One lobby change; starting also closes the lobby message and posts the first board."""
    bot = runtime(interaction)
    user = interaction.user.id
    if verb == "join":
        return await bot.service.join(game_id, user)
    if verb == "ai":
        return await bot.service.add_ai(game_id, user, guild_rights=manager_of(interaction))
    if verb == "leave":
        return (await bot.service.leave(game_id, user)).game
    outcome = await bot.service.start(game_id, user, guild_rights=manager_of(interaction))
    closed = [*lobby_text(outcome.game).split("\n")[:2], "Started!"]
    if interaction.message is not None:
        await interaction.response.edit_message(content="\n".join(closed), view=None,
                                                allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.send_message("\n".join(closed), allowed_mentions=discord.AllowedMentions.none())
    return outcome.game


async def game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.casefold()
    return [app_commands.Choice(name=cls.title, value=gid) for gid, cls in sorted(games.registry().items())
            if typed in gid or typed in cls.title.casefold()][:25]


POLICY_CHOICES = [app_commands.Choice(name=p, value=p) for p in POLICIES]
BOARD_CHOICES = [app_commands.Choice(name=m, value=m) for m in BOARD_MODES]
NOTIFY_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in
                  (("Every turn", "every"), ("My turn only", "turn"), ("Nothing", "off"))]


def setting_changes(**given: Any) -> dict[str, Any]:
    """The settings a command was given (0 hours meaning no deadline)."""
    changes = {key: value for key, value in given.items() if value is not None}
    if "deadline_hours" in changes:
        changes["deadline_hours"] = changes["deadline_hours"] or None
    return changes


def describe_settings(settings: dict[str, Any], *, server: bool = False) -> str:
    hours = f"{settings['deadline_hours']} h" if settings.get("deadline_hours") else "off"
    board = "edited in place" if settings.get("board") == "edit" else "posted anew after each move"
    text = (f"turn deadline {hours}, reminder at {settings.get('reminder', 0.5):.0%} of it, "
            f"on timeout: {settings.get('policy', 'ai')}, board {board}")
    return text + (f", tables open in a thread: {'yes' if settings['thread'] else 'no'}." if server else ".")


def player_name(rating: Rating) -> str:
    """A rated player as shown: a mention, or the AI policy (AI seats are rated as players of their own)."""
    return f"<@{rating.user_id}>" if rating.user_id is not None else f"AI ({rating.ai})"


def rating_text(rating: Rating) -> str:
    return f"rating {rating.ordinal:.1f} (μ {rating.mu:.1f} ± {rating.sigma:.1f})"


class Lobby(commands.GroupCog, group_name="game", group_description="Open, join and manage board games"):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton, RemoveSeat, HandOver, CancelButton)

    async def _lobby_reply(self, interaction: discord.Interaction, info: GameInfo) -> None:
        await interaction.response.send_message(lobby_text(info), view=lobby_controls(info),
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", thread="Open the table in a new thread of this channel "
                                                     "(default: the server's setting)",
                           options="Table options as name=value pairs (see /game rules)")
    @app_commands.autocomplete(game=game_names)
    async def new(self, interaction: discord.Interaction, game: str, thread: bool | None = None,
                  options: str = "") -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refused("Games are played in server channels, not in DMs.", "not_in_guild")
        cls = get_game(game)
        chosen = parse_options(options)
        if thread is None:
            thread = bool((await self.bot.service.server_defaults(interaction.guild_id))["thread"])
        if thread:
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise Refused("A thread can be opened only from a text channel.", "no_thread_here")
            await interaction.response.defer(thinking=True)
            place = await channel.create_thread(name=f"{cls.title} table", type=discord.ChannelType.public_thread)
            info = await self.bot.service.create(game_type=game, guild_id=interaction.guild_id,
                                                 channel_id=channel.id, thread_id=place.id,
                                                 user_id=interaction.user.id, options=chosen)
            await place.send(lobby_text(info), view=lobby_controls(info),
                             allowed_mentions=discord.AllowedMentions.none())
            await interaction.followup.send(f"{cls.title} #{info.id} is open in {place.mention}.")
            return
        info = await self.bot.service.create(game_type=game, guild_id=interaction.guild_id,
                                             channel_id=interaction.channel_id, user_id=interaction.user.id,
                                             options=chosen)
        await self._lobby_reply(interaction, info)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_reply(interaction, await lobby_step(interaction, (await game_here(interaction)).id, "join"))

    @app_commands.command(name="add-ai", description="Seat an AI player at this channel's table")
    async def add_ai(self, interaction: discord.Interaction) -> None:
        await self._lobby_reply(interaction, await lobby_step(interaction, (await game_here(interaction)).id, "ai"))

    @app_commands.command(name="start", description="Start this channel's game (host or Manage Server)")
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_step(interaction, (await game_here(interaction)).id, "start")

    @app_commands.command(name="leave", description="Leave this channel's table (an AI takes over a running seat)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._hand_over(interaction, "leave")

    @app_commands.command(name="resign", description="Resign from this channel's game; an AI plays your seat on")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._hand_over(interaction, "resign")

    async def _hand_over(self, interaction: discord.Interaction, how: str) -> None:
        """In the lobby a seat is simply given up; in a running game the player is asked first."""
        info = await game_here(interaction)
        if info.status == "lobby":
            await self._lobby_reply(interaction, await lobby_step(interaction, info.id, "leave"))
            return
        if info.seat_of(interaction.user.id) is None:
            raise Refused("You are not seated in this game.", "not_seated")
        await answer(interaction, hand_over_text(info, how), view=confirm_view(HandOver(info.id, how), info.id))

    @app_commands.command(name="status", description="The board, the seats and whose move it is")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.status((await game_here(interaction)).id)
        info = outcome.game
        settings = info.settings
        lines = [f"**{info.title}** #{info.id} — {info.status}",
                 "Seats: " + " · ".join(f"{s.seat + 1}. {s.name}" for s in info.seats),
                 *result_lines(outcome), turn_line(info.users_to_move(), info.deadline),
                 f"Turn deadline: {settings.get('deadline_hours') or 'off'} h; on timeout: {settings.get('policy')}"]
        kwargs: dict[str, Any] = {}
        if outcome.public_view is not None:
            picture = await asyncio.to_thread(render_board, info.game_type, outcome.public_view)
            kwargs["file"] = png_file(picture, f"{info.game_type}-{info.id}.png")
        await interaction.followup.send(fit([ln for ln in lines if ln]), ephemeral=True, **kwargs)

    @app_commands.command(name="hand", description="Your hidden cards, only to you")
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, (await game_here(interaction)).id)

    @app_commands.command(name="abandon", description="End this game without a result (host or Manage Server)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        info = await game_here(interaction)
        if interaction.user.id != info.created_by and manager_of(interaction) != info.guild_id:
            raise Refused("Only the game's creator or a member with Manage Server can abandon it.", "not_creator")
        await answer(interaction, hand_over_text(info, "abandon"),
                     view=confirm_view(HandOver(info.id, "abandon"), info.id))

    @app_commands.command(name="list", description="Your open games everywhere, and which await your move")
    async def list_games(self, interaction: discord.Interaction) -> None:
        mine = await self.bot.service.games_of_user(interaction.user.id)
        if not mine:
            await answer(interaction, "You are in no open game. Start one with `/game new`.")
            return
        lines = []
        for info in mine:
            where = f"<#{info.thread_id or info.channel_id}>"
            state = ("**your move**" if interaction.user.id in info.users_to_move()
                     else "in the lobby" if info.status == "lobby" else "waiting for others")
            left = f", deadline <t:{int(info.deadline.timestamp())}:R>" if info.deadline else ""
            lines.append(f"{info.title} #{info.id} in {where}: {state}{left}")
        await answer(interaction, fit(lines))

    @app_commands.command(name="rules", description="How a game is played, and its table options")
    @app_commands.autocomplete(game=game_names)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        cls = get_game(game)
        span = str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}–{cls.max_players}"
        lines = [f"**{cls.title}** — {span} players", cls.summary]
        for option in cls.options:
            lines.append(f"• `{option.name}` = {' | '.join(str(c) for c in option.choices)} "
                         f"(default {option.default}) {option.help}")
        await answer(interaction, fit([ln for ln in lines if ln]))

    @app_commands.command(name="log", description="What happened so far in this channel's game")
    @app_commands.describe(page="1 is the latest page, 2 the one before, …")
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        info = await game_here(interaction)
        lines = await self.bot.service.log(info.id, page=page - 1)
        await answer(interaction, fit(lines) if lines else "Nothing on that page of the log.")

    @app_commands.command(name="undo", description="Take back your last move, if it revealed nothing")
    async def undo(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.undo((await game_here(interaction)).id, interaction.user.id)
        await interaction.followup.send("Taken back.", ephemeral=True)

    @app_commands.command(name="settings", description="Turn deadline, reminder, timeout policy and board posts")
    @app_commands.describe(deadline_hours="Hours per turn (0 turns the deadline off)",
                           reminder="When to remind, as a share of the deadline (0.1–0.9)",
                           policy="What happens at the deadline",
                           board="Post a new board after each move, or edit one board message")
    @app_commands.choices(policy=POLICY_CHOICES, board=BOARD_CHOICES)
    async def settings(self, interaction: discord.Interaction,
                       deadline_hours: app_commands.Range[int, 0, 720] | None = None,
                       reminder: app_commands.Range[float, 0.1, 0.9] | None = None,
                       policy: str | None = None, board: str | None = None) -> None:
        info = await game_here(interaction)
        changes = setting_changes(deadline_hours=deadline_hours, reminder=reminder, policy=policy, board=board)
        if changes:
            info = await self.bot.service.update_settings(info.id, interaction.user.id,
                                                          guild_rights=manager_of(interaction), changes=changes)
        text = f"{info.title} #{info.id}: {describe_settings(info.settings)}"
        if changes:
            await interaction.response.send_message(f"{interaction.user.mention} changed the table settings. {text}",
                                                    allowed_mentions=discord.AllowedMentions.none())
        else:
            await answer(interaction, text)

    @app_commands.command(name="server-defaults", description="Settings new tables on this server start with")
    @app_commands.describe(deadline_hours="Hours per turn (0 turns the deadline off)",
                           reminder="When to remind, as a share of the deadline (0.1–0.9)",
                           policy="What happens at the deadline",
                           board="Post a new board after each move, or edit one board message",
                           thread="Open each new table in a thread of its own")
    @app_commands.choices(policy=POLICY_CHOICES, board=BOARD_CHOICES)
    @app_commands.guild_only()
    async def server_defaults(self, interaction: discord.Interaction,
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
        text = f"New tables on this server: {describe_settings(defaults, server=True)}"
        await answer(interaction, f"Saved. {text}" if changes else text)

    @app_commands.command(name="stats", description="Wins on this server, per game")
    async def stats(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.service.stats(interaction.guild_id)
        if not table:
            await answer(interaction, "No game has been finished on this server yet.")
            return
        lines: list[str] = []
        for title, rows in sorted(table.items()):
            lines.append(f"**{title}**")
            lines += [f"{i}. <@{user}>: {won} won of {played}" for i, (user, won, played) in enumerate(rows[:10], 1)]
        await answer(interaction, "\n".join(lines))

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.describe(game="Which game", everywhere="Rank players across every server instead")
    @app_commands.autocomplete(game=game_names)
    async def leaderboard(self, interaction: discord.Interaction, game: str, everywhere: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        title = get_game(game).title
        scope = None if everywhere or interaction.guild_id is None else interaction.guild_id
        board = await self.bot.service.leaderboard(game, scope)
        where = "on every server" if scope is None else "on this server"
        if not board:
            await answer(interaction, f"No game of {title} has been rated {where} yet.")
            return
        lines = [f"**{title}** — best rated {where}"]
        lines += [f"{i}. {player_name(r)}: {rating_text(r)}, {r.games} played, {r.wins} won"
                  for i, r in enumerate(board, 1)]
        await answer(interaction, fit(lines))

    @app_commands.command(name="profile", description="Games, wins and ratings of a player, on every server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = user or interaction.user
        mine = await self.bot.service.profile(who.id)
        if not mine:
            await answer(interaction, f"{who.mention} has not finished a rated game yet.")
            return
        played, won = sum(r.games for r in mine.values()), sum(r.wins for r in mine.values())
        lines = [f"{who.mention}: {played} played, {won} won; favourite game: {next(iter(mine))}"]
        lines += [f"**{title}**: {r.games} played, {r.wins} won, {rating_text(r)}" for title, r in mine.items()]
        await answer(interaction, fit(lines))

    @app_commands.command(name="notify", description="Which DMs your games send you: every turn, "
                                                     "my turn only (the default), or nothing")
    @app_commands.describe(when="Every turn: also your hand after others' turns · My turn only: when you "
                                "move · Nothing")
    @app_commands.choices(when=NOTIFY_CHOICES)
    async def notify(self, interaction: discord.Interaction, when: str | None = None) -> None:
        service = self.bot.service
        if when is None:
            await answer(interaction, f"Your DMs from games — {NOTIFY_TEXT[await service.notify(interaction.user.id)]}"
                                      "\nChange it with `/game notify when:`.")
            return
        chosen = await service.set_notify(interaction.user.id, when)
        await answer(interaction, f"Saved, for every game you play. {NOTIFY_TEXT[chosen]}")

    @app_commands.command(name="forget-me", description="Leave every table and erase your id from stored games")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.forget(interaction.user.id)
        await interaction.followup.send("Done: you left every open table, AI players took your running seats, "
                                        "and your id is gone from every stored game and rating, as is your "
                                        "choice of DMs.", ephemeral=True)


async def setup(bot: Frontier) -> None:
    await bot.add_cog(Lobby(bot))
