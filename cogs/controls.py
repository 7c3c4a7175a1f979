"""Buttons and selects for a player's legal moves, built from `legal_actions` for any game.

Moves are grouped by action type: a type with one action is a button, a type with several
is a select (paged past Discord's 25 options). Controls are shown only to the player, in
an ephemeral message, because a list of moves can reveal a hand. Each custom id carries
the game, the state version it was drawn for, the seat and the action's index, so a click
reloads the game, refuses a stale board, and survives a restart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.errors import Refused
from bot.service import STALE
from cogs.common import refusing, runtime
from games.core import Action

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
POOL = "*"
"""The group key of the catch-all select that takes what does not fit in five rows."""

Choice = tuple[str, Action]


def type_title(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    indices: list[int]


def group_moves(choices: list[Choice]) -> tuple[list[int], list[Group]]:
    """Single-action types become buttons, the others selects; what does not fit goes to one pool."""
    by_type: dict[str, list[int]] = {}
    for idx, (_, action) in enumerate(choices):
        by_type.setdefault(str(action.get("type", "move")), []).append(idx)
    singles = [ids[0] for ids in by_type.values() if len(ids) == 1]
    multis = [Group(kind, type_title(kind), ids) for kind, ids in by_type.items() if len(ids) > 1]
    buttons = singles[: 2 * BUTTONS_PER_ROW]
    button_rows = -(-len(buttons) // BUTTONS_PER_ROW)
    slots = MAX_ROWS - button_rows
    overflow = singles[len(buttons):]
    if len(multis) > slots or overflow:
        kept = multis[: slots - 1]
        pooled = sorted(overflow + [i for g in multis[slots - 1:] for i in g.indices])
        return buttons, [*kept, Group(POOL, "More moves", pooled)]
    return buttons, multis


def page_of(indices: list[int], page: int) -> tuple[list[int], bool]:
    """The indices shown on a select page, and whether a further page exists."""
    if len(indices) <= MAX_OPTIONS:
        return indices, False
    per = MAX_OPTIONS - 1
    chunk = indices[page * per:(page + 1) * per]
    return chunk, (page + 1) * per < len(indices)


def move_controls(game_id: int, version: int, seat: int, choices: list[Choice],
                  pages: dict[str, int] | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    buttons, groups = group_moves(choices)
    for n, idx in enumerate(buttons):
        view.add_item(MoveButton(game_id, version, seat, idx, label=clip(choices[idx][0]), row=n // BUTTONS_PER_ROW))
    first_select_row = -(-len(buttons) // BUTTONS_PER_ROW)
    for n, group in enumerate(groups):
        page = (pages or {}).get(group.key, 0)
        shown, more = page_of(group.indices, page)
        options = [discord.SelectOption(label=clip(choices[i][0], 100), value=str(i)) for i in shown]
        if more:
            options.append(discord.SelectOption(label=f"More {group.title.lower()}…", value=f"p{page + 1}"))
        view.add_item(MoveSelect(game_id, version, seat, group.key, page, options=options,
                                 placeholder=clip(f"{group.title}…", 100), row=first_select_row + n))
    return view


async def play_choice(interaction: discord.Interaction, game_id: int, version: int, seat: int, idx: int) -> None:
    """Apply the idx-th legal move of the clicker as drawn at `version`; keep their controls fresh."""
    bot = runtime(interaction)
    await interaction.response.defer()
    info = await bot.service.get(game_id)
    if info.seat_of(interaction.user.id) != seat:
        raise Refused("These are another player's moves; press **Your move** under the board for yours.",
                      "not_your_controls")
    choices = await bot.service.choices(game_id, interaction.user.id)
    if info.version != version or not 0 <= idx < len(choices):
        # the game moved on (another player acted meanwhile): these controls are redrawn for now
        await interaction.edit_original_response(**await my_moves(interaction, game_id))
        raise Refused(STALE, "stale_board")
    label, action = choices[idx]
    await bot.service.act(game_id, interaction.user.id, action, interaction_id=str(interaction.id),
                                    expected_version=version)
    await interaction.edit_original_response(**await my_moves(interaction, game_id, done=label))


async def my_moves(interaction: discord.Interaction, game_id: int, *, done: str | None = None) -> dict[str, Any]:
    """The message body of a player's private move panel: what they did, what they may do now."""
    bot = runtime(interaction)
    info = await bot.service.get(game_id)
    seat = info.seat_of(interaction.user.id)
    if seat is None:
        raise Refused("You are not seated in this game.", "not_seated")
    choices = await bot.service.choices(game_id, interaction.user.id)
    head = f"✓ {done}\n" if done else ""
    if not choices:
        waiting = ", ".join(f"<@{u}>" for u in info.users_to_move()) or "the AI players"
        body = "The game is over." if info.status == "finished" else f"Not your move now — waiting for {waiting}."
        return {"content": head + body, "view": None}
    shapes = await bot.service.shapes(game_id, interaction.user.id)
    hint = "Your move:" + "".join(f"\n• With `/play`: {s['help']}" for s in shapes)
    return {"content": head + hint, "view": move_controls(game_id, info.version, seat, choices)}


class MoveButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"fr:a:(?P<g>\d+):(?P<v>\d+):(?P<s>\d+):(?P<i>\d+)"):
    def __init__(self, game_id: int, version: int, seat: int, idx: int, *, label: str = "Move",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, row=row,
                                           custom_id=f"fr:a:{game_id}:{version}:{seat}:{idx}"))
        self.game_id, self.version, self.seat, self.idx = game_id, version, seat, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MoveButton:
        return cls(int(match["g"]), int(match["v"]), int(match["s"]), int(match["i"]), label=item.label or "Move")

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: play_choice(interaction, self.game_id, self.version, self.seat, self.idx))


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"fr:s:(?P<g>\d+):(?P<v>\d+):(?P<s>\d+):(?P<k>[\w*]+):(?P<p>\d+)"):
    def __init__(self, game_id: int, version: int, seat: int, key: str, page: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"fr:s:{game_id}:{version}:{seat}:{key}:{page}",
                                           options=options or [], placeholder=placeholder, row=row))
        self.game_id, self.version, self.seat, self.key, self.page = game_id, version, seat, key, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> MoveSelect:
        return cls(int(match["g"]), int(match["v"]), int(match["s"]), match["k"], int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = (interaction.data or {}).get("values", [""])[0]  # type: ignore[union-attr]
        if value.startswith("p"):
            await refusing(interaction, lambda: self._turn_page(interaction, int(value[1:])))
        else:
            await refusing(interaction, lambda: play_choice(interaction, self.game_id, self.version, self.seat,
                                                            int(value)))

    async def _turn_page(self, interaction: discord.Interaction, page: int) -> None:
        bot = runtime(interaction)
        info = await bot.service.get(self.game_id)
        if info.version != self.version:
            raise Refused(STALE, "stale_board")
        choices = await bot.service.choices(self.game_id, interaction.user.id)
        await interaction.response.edit_message(
            view=move_controls(self.game_id, self.version, self.seat, choices, pages={self.key: page}))
