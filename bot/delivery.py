"""Outcomes to Discord messages (DESIGN §4): the board post, its buttons, and the DMs.

The service says what changed; this module says it in the channel. Game pictures are
drawn in a worker thread so the event loop keeps answering interactions meanwhile. The
buttons under a board come from a factory a cog registers (`bot/` never imports `cogs/`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from datetime import datetime

import discord

from bot.outcome import GameInfo, Outcome
from bot.service import GameService
from games.core import Action
from renderers import render_board, render_private

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
DM_REFUSED = 50007
"""Discord's error code for "Cannot send messages to this user"."""

ControlsFactory = Callable[[GameInfo], discord.ui.View | None]
"""Builds the buttons that go under a running game's board (or None for no buttons)."""

MovesFactory = Callable[[GameInfo, int, list[tuple[str, Action]]], discord.ui.View | None]
"""Builds one seat's move buttons from its labelled legal moves (for a DM asking for an answer)."""

ONLY_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def fit(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """Join lines into one message, dropping the oldest ones when they do not fit."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def mentions(user_ids: list[int]) -> str:
    return ", ".join(f"<@{u}>" for u in user_ids)


def result_lines(outcome: Outcome) -> list[str]:
    """The end of a game: the winners, then the ranking with scores; a tiebreak is named where it decided."""
    result = outcome.result
    if result is None:
        return []
    names = {s.seat: s.name for s in outcome.game.seats}
    winners = " and ".join(names.get(s, f"seat {s + 1}") for s in result.winners)
    lines = [f"**Game over — {winners} {'win' if len(result.winners) > 1 else 'wins'}!**"]
    place = 1
    for shared in result.ranking:
        for seat in shared:
            score = result.scores[seat]
            tied_elsewhere = any(result.scores[o] == score for o in range(len(result.scores)) if o not in shared)
            note = " (shared place)" if len(shared) > 1 else " (after tiebreak)" if tied_elsewhere else ""
            lines.append(f"{place}. {names.get(seat, f'seat {seat + 1}')}: {score}{note}")
        place += len(shared)
    return lines


def turn_line(game: GameInfo) -> str:
    """Who is to move, with a ping; AI seats and the deadline named plainly."""
    if game.status != "running":
        return ""
    people = game.users_to_move()
    if not people:
        return ""
    deadline = f" (deadline <t:{int(game.deadline.timestamp())}:R>)" if game.deadline else ""
    return f"Your move: {mentions(people)}{deadline}"


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Delivery:
    """Posts outcomes to channels and DMs; also the scheduler's notifier."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self.controls: ControlsFactory = lambda game: None
        self.moves: MovesFactory = lambda game, seat, choices: None
        self.on_posted: Callable[[], None] = lambda: None
        """Called after every board post (the scheduler re-arms its timer)."""

    def place(self, game: GameInfo) -> str:
        """Where a game is played, for DMs: the channel, and the server by name when it is known."""
        guild = self.client.get_guild(game.guild_id) if game.guild_id else None
        return f"in <#{game.thread_id or game.channel_id}>" + (f" on {guild.name}" if guild else "")

    def where(self, game: GameInfo) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(game.thread_id or game.channel_id, guild_id=game.guild_id)

    async def settle_and_post(self, outcome: Outcome) -> discord.Message | None:
        """Let AI seats move after a person's action, then post everything as one board."""
        if outcome.game.status == "running" and not outcome.replayed:
            later = await self.service.advance_ai(outcome.game.id)
            if later is not None:
                outcome = outcome.then(later)
        return await self.post(outcome)

    async def post(self, outcome: Outcome) -> discord.Message | None:
        """The board picture with what happened and who is to move; then the private views by DM.

        With the table setting board=edit the one board message is edited in place and the
        turn line follows as a short message of its own, since an edit pings nobody.
        """
        game = outcome.game
        turn = turn_line(game)
        editing = game.settings.get("board") == "edit"
        lines = [*outcome.lines, *result_lines(outcome), "" if editing else turn]
        content = fit([line for line in lines if line]) or f"{game.title} #{game.id}"
        kwargs: dict = {"content": content, "allowed_mentions": ONLY_USERS}
        if outcome.public_view is not None:
            picture = await asyncio.to_thread(render_board, game.game_type, outcome.public_view)
            kwargs["file"] = png_file(picture, f"{game.game_type}-{game.id}-v{game.version}.png")
        controls = self.controls(game) if game.status == "running" else None
        channel = self.where(game)
        message = await self._edit_board(channel, game, kwargs, controls) if editing else None
        if message is None:
            message = await channel.send(**kwargs, **({"view": controls} if controls else {}))
            previous = await self.service.set_board_message(game.id, channel.id, message.id)
            if previous is not None and previous != message.id:
                await self._strip_buttons(channel, previous)
        if editing and turn:
            await channel.send(turn, allowed_mentions=ONLY_USERS)
        await self.send_hands(outcome)
        await self.send_notices(outcome)
        await self.send_asks(outcome, "\n".join(outcome.lines[-3:]))
        self.on_posted()
        return message

    async def _edit_board(self, channel: discord.PartialMessageable, game: GameInfo, kwargs: dict,
                          controls: discord.ui.View | None) -> discord.Message | None:
        """Edit the table's board message in place; None when there is none yet (or it was deleted)."""
        board = await self.service.board_message(game.id)
        if board is None:
            return None
        file = kwargs.pop("file", None)
        try:
            return await channel.get_partial_message(board).edit(
                **kwargs, attachments=[file] if file else [], view=controls)
        except discord.NotFound:
            if file is not None:
                file.reset()
                kwargs["file"] = file
            return None

    async def retire(self, game: GameInfo) -> None:
        """A game that ended without a result keeps its last board, without buttons."""
        board = await self.service.board_message(game.id)
        if board is not None:
            await self._strip_buttons(self.where(game), board)

    async def _strip_buttons(self, channel: discord.PartialMessageable, message_id: int) -> None:
        """The previous board keeps its picture but loses its buttons: only the newest board is live."""
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.NotFound:
            pass
        except discord.HTTPException as err:
            log.warning("could not strip buttons from message %s: %s", message_id, err)

    async def send_hands(self, outcome: Outcome) -> None:
        """DM each player whose private view changed; a refused DM switches them to the My hand button."""
        game = outcome.game
        for seat, view in outcome.private_views.items():
            info = next((s for s in game.seats if s.seat == seat), None)
            if info is None or info.user_id is None or info.is_ai or not info.dm_ok:
                continue
            picture = await asyncio.to_thread(render_private, game.game_type, view)
            if picture is None:
                continue
            text = f"Your hand in **{game.title}** #{game.id} {self.place(game)}."
            await self.dm(game, info.user_id, text, file=png_file(picture, f"{game.game_type}-hand.png"))

    async def send_notices(self, outcome: Outcome) -> None:
        """DM each player what the game says they should hear of privately (their elimination, a new season)."""
        game = await self.service.get(outcome.game.id) if outcome.notices else outcome.game
        for seat, lines in sorted(outcome.notices.items()):
            info = next((s for s in game.seats if s.seat == seat), None)
            if info is None or info.user_id is None or info.is_ai or not info.dm_ok:
                continue
            await self.dm(game, info.user_id, fit([f"**{game.title}** #{game.id} {self.place(game)}:", *lines]))

    async def send_asks(self, outcome: Outcome, what: str) -> None:
        """DM each player newly asked to move (their turn, an offer to answer) with their moves as buttons,
        so that a game played over days reaches them wherever they are."""
        if not outcome.asked:
            return
        game = await self.service.get(outcome.game.id)  # fresh: a DM refused just now counts
        for seat in outcome.asked:
            info = next((s for s in game.seats if s.seat == seat), None)
            if game.status != "running" or seat not in game.to_move or info is None or info.user_id is None \
                    or info.is_ai or not info.dm_ok:
                continue
            choices = await self.service.choices(game.id, info.user_id)
            panel = self.moves(game, seat, choices) if choices else None
            text = f"Your move in **{game.title}** #{game.id} {self.place(game)}.\n{what}"
            await self.dm(game, info.user_id, fit([text]), view=panel)

    async def dm(self, game: GameInfo, user_id: int, text: str, *, file: discord.File | None = None,
                 view: discord.ui.View | None = None) -> bool:
        """Send a DM; on 50007 remember that this player takes DMs no more and say so once in the channel."""
        try:
            user = discord.Object(user_id)
            channel = await self.client.create_dm(user)  # type: ignore[arg-type]
            extras: dict = {"file": file} if file is not None else {}
            if view is not None:
                extras["view"] = view
            await channel.send(text, **extras)
            return True
        except discord.Forbidden as err:
            if err.code != DM_REFUSED:
                raise
            await self.service.set_dm_ok(game.id, user_id, False)
            await self.where(game).send(
                f"<@{user_id}>, I cannot DM you (your privacy settings block it), so your hand is not sent "
                "to you any more: press **My hand** under the board to see it.", allowed_mentions=ONLY_USERS)
            return False

    # -- the scheduler's notifier ---------------------------------------------------------

    async def remind(self, game: GameInfo, user_ids: list[int]) -> None:
        if not user_ids:
            return
        when = _relative(game.deadline)
        await self.where(game).send(f"⏰ {mentions(user_ids)}: {game.title} #{game.id} awaits your move{when}.",
                                    allowed_mentions=ONLY_USERS)
        for user_id in user_ids:
            seat = next(s for s in game.seats if s.user_id == user_id)
            if seat.dm_ok:
                await self.dm(game, user_id, f"⏰ Your move in **{game.title}** #{game.id} {self.place(game)}{when}.")

    async def timed_out(self, outcome: Outcome) -> None:
        await self.post(outcome)


def _relative(deadline: datetime | None) -> str:
    return f"; the turn times out <t:{int(deadline.timestamp())}:R>" if deadline else ""
