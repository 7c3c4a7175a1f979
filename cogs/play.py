"""Playing: `/play`, and the *Your move* and *My hand* buttons under every board.

`/play action:` autocompletes the invoking player's legal moves by their labels (see
cogs/layout/typed.py), so every game is playable through it alone; a JSON object is accepted for
free-form moves (trade offers), which the move panel's trade modal makes by clicking. The buttons open the
player's own move panel or hand, privately; beside them the board carries the moves that need no choice (Roll,
End turn) of the person to move, and Accept / Decline of an open trade offer for the person it waits on.
"""

from __future__ import annotations

import json
from collections import Counter

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounded import bounded, bounded_choices
from bot.client import Frontier, answer
from bot.errors import Refused
from bot.outcome import Panel
from bot.pictures import hand_file
from bot.seats import cast_of, is_person
from bot.service import Snapshot
from cogs import ids
from cogs.common import CancelButton, game_here
from cogs.controls import ITEMS, commit, move_controls, panel_body, play_choice, trade_submitted
from cogs.items import GameItem, Interaction, refuse_unread, remember
from cogs.layout.moves import clip, digest
from cogs.layout.typed import matching, parse_move, suggestion
from cogs.review import recap_controls
from cogs.words import echo
from games.core import Action, RuleError
from renderers.text import offer_terms

PUBLIC_MOVES = frozenset({"roll", "end_turn"})
"""Moves whose presence the whole table can tell from the board (an offer's answers are `AnswerButton`s)."""
ONE_TAPS = 3
"""One-tap moves beside *Your move* and *My hand*, within a row's five buttons."""
NOT_ASKED = "This offer does not wait for your answer; press **Your move** for your moves."


class Buttons:
    """The buttons delivery sends (`bot.delivery.Presenter`), handed over when this cog loads."""

    @staticmethod
    def board_controls(snap: Snapshot) -> discord.ui.ActionRow:
        """Under a running game's board: the one-tap moves of the person to move, then each player opens their
        own moves or hand, privately."""
        taps = [*answer_buttons(snap), *one_taps(snap)][:ONE_TAPS]
        return discord.ui.ActionRow(*taps, YourMoveButton(snap.game.id), HandButton(snap.game.id))

    @staticmethod
    def move_panel(panel: Panel) -> discord.ui.View:
        """A seat's moves in a DM that asks for a move: the panel *Your move* opens."""
        return move_controls(panel.game.id, panel.game.version, panel.seat, panel.choices, panel.shapes,
                             suggested=panel.suggested)

    @staticmethod
    def recap_controls(game_id: int) -> discord.ui.View:
        """Under a finished game's recap: each player's own review of it, privately."""
        return recap_controls(game_id)


def one_taps(snap: Snapshot) -> list[OneTapButton]:
    """The moves of the one person to move that need no choice (a type listed once) and whose existence the
    table already knows (`PUBLIC_MOVES`: a public board must not tell what a hand allows), at most
    `ONE_TAPS`."""
    game, engine = snap.game, snap.engine
    if engine is None or len(game.to_move) != 1 or \
            not any(s.seat == game.to_move[0] and is_person(s) for s in game.seats):
        return []
    seat = game.to_move[0]
    moves = engine.moves(seat)
    kinds = Counter(str(m.action.get("type")) for m in moves)
    return [OneTapButton(game.id, game.version, seat, digest(m.action), label=clip(m.label))
            for m in moves if m.action.get("type") in PUBLIC_MOVES and kinds[m.action["type"]] == 1][:ONE_TAPS]


class OneTapButton(GameItem[discord.ui.Button], form=ids.ONE_TAP):
    """A move on the public board; its seat's player alone may press it (the base refuses anyone else), and
    hears privately what it did and what they may do next."""

    def __init__(self, game_id: int, version: int, seat: int, key: str, *, label: str = "Move") -> None:
        custom_id = self.form.format(game_id=game_id, version=version, seat=seat, key=key)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=custom_id))
        self.game_id, self.version, self.seat, self.key = game_id, version, seat, key

    async def run(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await play_choice(interaction, self, self.key)


def offer_decline(snap: Snapshot, seat: int | None) -> Action | None:
    """The seat's listed Decline of the open offer: listed exactly when the offer waits on that seat's answer."""
    engine = snap.engine
    if engine is None or seat is None or seat not in snap.game.to_move:
        return None
    return next((a for a in engine.legal_actions(seat) if a.get("type") == "decline"), None)


def answer_buttons(snap: Snapshot) -> list[AnswerButton]:
    """Accept and Decline of the open trade offer, when it waits on a person's answer, labelled with its terms
    from the public view. Accept is shown whether or not the hand can pay (which only the hand knows): the
    engine then refuses it, saying why."""
    game, engine = snap.game, snap.engine
    if engine is None or not any(is_person(s) and offer_decline(snap, s.seat) for s in game.seats):
        return []
    terms = offer_terms(game.game_type, engine.view(None), cast_of(game.seats, text=False, intro=False))
    if terms is None:
        return []
    return [AnswerButton(game.id, game.version, "accept", label=clip(f"Accept {terms}")),
            AnswerButton(game.id, game.version, "decline", label="Decline the offer")]


class AnswerButton(GameItem[discord.ui.Button], form=ids.ANSWER):
    """Accept or Decline of the open offer on the public board: its check lets through only a person the offer
    waits on (the answer is that seat's own move, as the engine lists it), who hears privately what it did."""

    def __init__(self, game_id: int, version: int, verb: str, *, label: str = "Answer") -> None:
        style = discord.ButtonStyle.success if verb == "accept" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=self.form.format(
            game_id=game_id, version=version, verb=verb)))
        self.game_id, self.version, self.verb = game_id, version, verb

    async def _check(self, interaction: Interaction) -> bool:
        await super()._check(interaction)
        decline = offer_decline(self.snapshot, self.snapshot.game.seat_of(interaction.user.id))
        if decline is None:
            raise Refused(NOT_ASKED, "not_asked")
        self.answer: Action = {**decline, "type": self.verb}  # an answer names the offer as its decline does
        return True

    async def run(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert self.snapshot.engine is not None
        said = next((m.label for m in self.snapshot.panel(interaction.user.id).choices if m.action == self.answer),
                    self.snapshot.engine.describe(self.answer))  # the panel's words name the seats
        await commit(interaction, self.snapshot, self.version, self.answer, said)


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
        await interaction.followup.send(**bounded(ephemeral=True, **body))


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
        await interaction.followup.send(**bounded(content=f"{info.title} has no hidden cards: everything is on the "
                                                          "board.", ephemeral=True))
    else:
        await interaction.followup.send(**bounded(content=f"Your hand in {info.title} #{info.id}:", file=picture,
                                                  ephemeral=True))


class Play(commands.Cog):
    def __init__(self, bot: Frontier) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        return await remember(interaction)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS, OneTapButton, AnswerButton, CancelButton, YourMoveButton, HandButton)
        self.bot.delivery.present_with(Buttons())

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """Modals are not dynamic items: a trade modal comes back here, by its custom id; a control no item
        reads is refused here."""
        if not await trade_submitted(interaction):
            await refuse_unread(interaction)

    @app_commands.command(name="play", description="Make a move in this channel's game")
    @app_commands.describe(action="Your move: pick from the list (type to filter), or a JSON action")
    @app_commands.guild_only()
    async def play(self, interaction: Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await game_here(interaction)
        choices = await self.bot.service.choices(info.id, interaction.user.id)
        move = parse_move(action, info.version, choices)
        label = next((m.label for m in choices if m.action == move), None) or echo(json.dumps(move))
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
        return bounded_choices([app_commands.Choice(name=move.label, value=suggestion(info.version, move))
                                for move in found])


async def setup(bot: Frontier) -> None:
    await bot.add_cog(Play(bot))
