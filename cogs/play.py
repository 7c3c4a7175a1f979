"""Playing: `/play`, and the *Your move* and *My hand* buttons under every board.

`/play action:` autocompletes the invoking player's legal moves by their labels (every word typed
starts a word of the label, so "settle 32" finds "Settle at 32"), so every game is playable through
it alone; a JSON object is accepted for free-form moves (trade offers), which the move panel's
builder makes by clicking. The buttons open the player's own move panel or hand, privately.
"""

from __future__ import annotations

import json
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Frontier, answer
from bot.errors import Refused
from bot.outcome import GameInfo, Panel
from bot.service import STALE
from cogs.builder import BuilderButton, BuilderSelect, OpenBuilder, counts_submitted
from cogs.common import CancelButton, game_here, hand_file, refusing, runtime
from cogs.controls import ConfirmMove, MoveButton, MoveSelect, clip, digest, find_choice, move_controls, panel_body
from games.core import Action, Move

AUTOCOMPLETE_LIMIT = 25
CHOICE_VALUE = re.compile(r"^v(?P<v>\d+):(?P<k>[0-9a-f]+)$")
WORD = re.compile(r"[^\s,;:()]+")
JSON_MAX_CHARS = 2000
JSON_MAX_DEPTH = 8
"""No move needs more: refused before parsing, which a deep nest or a 5,000-digit number would break."""


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


class YourMoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:m:(?P<g>\d+)"):
    def __init__(self, game_id: int, *, label: str = "Your move") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="▶️", style=discord.ButtonStyle.success,
                                           custom_id=f"fr:m:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> YourMoveButton:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            panel = await runtime(interaction).service.panel(self.game_id, interaction.user.id)
            body = {k: v for k, v in panel_body(panel).items() if v is not None}
            picture = await hand_file(panel.game, panel.hand)
            if picture is not None:
                body["file"] = picture
            await interaction.followup.send(ephemeral=True, **body)

        await refusing(interaction, work)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:h:(?P<g>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠", style=discord.ButtonStyle.secondary,
                                           custom_id=f"fr:h:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: show_hand(interaction, self.game_id))


async def show_hand(interaction: discord.Interaction, game_id: int) -> None:
    """The player's private view, as a picture, only to them."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    panel = await runtime(interaction).service.panel(game_id, interaction.user.id)
    info = panel.game
    picture = await hand_file(info, panel.hand)
    if picture is None:
        await interaction.followup.send(f"{info.title} has no hidden cards: everything is on the board.",
                                        ephemeral=True)
    else:
        await interaction.followup.send(f"Your hand in {info.title} #{info.id}:", file=picture, ephemeral=True)


def json_size_problem(text: str) -> str | None:
    """Why typed JSON is too big to parse at all: too long, or brackets nested too deep (strings skipped)."""
    if len(text) > JSON_MAX_CHARS:
        return f"A move written as JSON is at most {JSON_MAX_CHARS} characters long; this one has {len(text)}."
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > JSON_MAX_DEPTH:
                return f"A move written as JSON nests brackets at most {JSON_MAX_DEPTH} deep."
        elif ch in "]}":
            depth -= 1
    return None


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def matching(typed: str, choices: list[Move]) -> list[Move]:
    """The moves whose label has, for every word typed, a word starting with it: the picture's names
    ("settle 32", "road 31-32", "C4") find the moves they name; a label typed out whole comes first."""
    wanted = words(typed)
    found = [c for c in choices if all(any(w.startswith(t) for w in words(c.label)) for t in wanted)]
    return sorted(found, key=lambda c: (words(c.label) != wanted, not exact(wanted, c.label)))


def exact(wanted: list[str], label: str) -> bool:
    """Every word typed is a whole word of the label ("settle 5" is at 5, not at 50)."""
    return all(t in words(label) for t in wanted)


def parse_move(text: str, version: int, choices: list[Move]) -> Action:
    """What `/play` was given: a picked suggestion, a JSON action, or words naming exactly one move."""
    text = text.strip()
    picked = CHOICE_VALUE.match(text)
    if picked:
        chosen = find_choice(choices, picked["k"])
        if int(picked["v"]) != version or chosen is None:
            raise Refused(STALE + " Pick the move again from the list.", "stale_board")
        return chosen[1]
    if text.startswith("{"):
        if (problem := json_size_problem(text)) is not None:
            raise Refused(problem, "bad_json")
        try:
            action = json.loads(text)
        except json.JSONDecodeError as err:
            raise Refused(f"That is not valid JSON: {err.msg} at character {err.pos}.", "bad_json") from None
        if not isinstance(action, dict) or "type" not in action:
            raise Refused('A move written as JSON is an object with a "type", e.g. {"type": "end_turn"}.',
                          "bad_json")
        return action
    found = matching(text, choices)
    whole = [c for c in found if exact(words(text), c.label)]
    if found and (len(found) == 1 or words(found[0].label) == words(text) or len(whole) == 1):
        return (whole or found)[0].action
    if found:
        raise Refused(f"{text!r} names {len(found)} moves, e.g. {found[0].label!r} and {found[1].label!r}; "
                      "say more, or pick one from the list.", "ambiguous_move")
    raise Refused(f"{text!r} is not one of your moves now; pick one from the list `/play` suggests.", "unknown_move")


class Play(commands.Cog):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(MoveButton, MoveSelect, ConfirmMove, CancelButton, YourMoveButton, HandButton,
                                   OpenBuilder, BuilderSelect, BuilderButton)
        self.bot.delivery.present_with(Buttons())

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Modals are not dynamic items: a builder's counts come back here, by their custom id."""
        await counts_submitted(interaction)

    @app_commands.command(name="play", description="Make a move in this channel's game")
    @app_commands.describe(action="Your move: pick from the list (type to filter), or a JSON action")
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await game_here(interaction)
        choices = await self.bot.service.choices(info.id, interaction.user.id)
        move = parse_move(action, info.version, choices)
        label = next((m.label for m in choices if m.action == move), json.dumps(move))
        outcome = await self.bot.service.act(info.id, interaction.user.id, move,
                                             interaction_id=str(interaction.id), expected_version=info.version)
        await answer(interaction, f"✓ {label}" if not outcome.replayed else f"✓ {label} (already made)")

    @play.autocomplete("action")
    async def play_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The invoking player's legal moves whose label contains what is typed (at most 25)."""
        if interaction.channel_id is None:
            return []
        info = await self.bot.service.game_in_channel(interaction.channel_id)
        if info is None or info.seat_of(interaction.user.id) is None:
            return []
        found = matching(current, await self.bot.service.choices(info.id, interaction.user.id))
        return [app_commands.Choice(name=clip(move.label, 100), value=f"v{info.version}:{digest(move.action)}")
                for move in found[:AUTOCOMPLETE_LIMIT]]


async def setup(bot: Frontier) -> None:
    await bot.add_cog(Play(bot))
