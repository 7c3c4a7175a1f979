"""Buttons and selects for a player's legal moves, built from `legal_actions` for any game.

Moves are grouped by action type: a type with one action is a button, a type with several
is a select (paged past Discord's 25 options, or chosen in two steps, place first, where the
game names where its moves happen: `Game.areas`). Free-form moves the game describes
(`action_shapes`, e.g. trade offers) get a button that opens the builder (cogs/builder.py).
Controls are shown only to the player, in an ephemeral message, because a list of moves can
reveal a hand. Each custom id carries the game, the state version it was drawn for, the seat
and the action's digest (not its place in the list), so a click reloads the game, refuses a
stale board, never picks a different move than the one shown, and survives a restart.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.errors import Refused
from bot.service import STALE
from cogs.common import CancelButton, refusing, runtime
from games.core import Action, Move, get_game

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
TEXT_LIMIT = 100
"""Discord's limit on a select option's label and description and on a custom id."""
POOL = "*"
"""The group key of the catch-all select that takes what does not fit in five rows."""
NO_AREA = "-"
EXPLANATION = re.compile(r" \(([^()]*)\)")

Choice = Move


def type_title(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def digest(action: Action) -> str:
    """A short name of the action itself: a click means this move, wherever the list put it."""
    return hashlib.sha1(json.dumps(action, sort_keys=True).encode()).hexdigest()[:12]


def find_choice(choices: list[Choice], key: str) -> Choice | None:
    return next((c for c in choices if digest(c.action) == key), None)


def option_texts(labels: list[str]) -> list[tuple[str, str | None]]:
    """(label, description) for select options: a label too long for 100 characters keeps what
    distinguishes the moves and leaves its explanations (the parts in parentheses) to the description,
    so that 36 long choices do not look like 15 once cut."""
    if all(len(label) <= TEXT_LIMIT for label in labels):
        return [(label, None) for label in labels]
    out: list[tuple[str, str | None]] = []
    for label in labels:
        short = EXPLANATION.sub("", label)
        why = "; ".join(EXPLANATION.findall(label))
        out.append((clip(short, TEXT_LIMIT), clip(why or label, TEXT_LIMIT)))
    if len({short for short, _ in out}) < len({label for label in labels}):  # the explanation made the difference
        return [(clip(label, TEXT_LIMIT), clip("…" + label[TEXT_LIMIT - 1:], TEXT_LIMIT) if len(label) > TEXT_LIMIT
                 else None) for label in labels]
    return out


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    indices: list[int]


def group_moves(choices: list[Choice], reserved: int = 0) -> tuple[list[int], list[Group]]:
    """Single-action types become buttons, the others selects; what does not fit goes to one pool.
    `reserved` buttons (the builders) come first."""
    by_type: dict[str, list[int]] = {}
    for idx, (_, action, _) in enumerate(choices):
        by_type.setdefault(str(action.get("type", "move")), []).append(idx)
    singles = [ids[0] for ids in by_type.values() if len(ids) == 1]
    multis = [Group(kind, type_title(kind), ids) for kind, ids in by_type.items() if len(ids) > 1]
    buttons = singles[: 2 * BUTTONS_PER_ROW - reserved]
    button_rows = -(-(len(buttons) + reserved) // BUTTONS_PER_ROW)
    slots = MAX_ROWS - button_rows
    overflow = singles[len(buttons):]
    if len(multis) > slots or overflow:
        kept = multis[: slots - 1]
        pooled = sorted(overflow + [i for g in multis[slots - 1:] for i in g.indices])
        return buttons, [*kept, Group(POOL, "More moves", pooled)]
    return buttons, multis


def page_of(indices: list[int], page: int, room: int = MAX_OPTIONS) -> tuple[list[int], bool]:
    """The indices shown on a select page of `room` options, and whether a further page exists."""
    if len(indices) <= room:
        return indices, False
    per = room - 1
    chunk = indices[page * per:(page + 1) * per]
    return chunk, (page + 1) * per < len(indices)


def places(choices: list[Choice], indices: list[int]) -> list[str]:
    """The places these moves happen, in the order the moves come; empty when not every move names one
    (then the list is paged instead)."""
    named = [choices[i].areas for i in indices]
    if not all(named):
        return []
    return list(dict.fromkeys(area for names in named for area in names))


def group_options(choices: list[Choice], group: Group, page: int, area: int | None
                  ) -> list[discord.SelectOption]:
    """A group's select: its moves (of one place, once a place is chosen), or first the places where
    the moves are too many for one list, or pages."""
    indices = group.indices
    spots = places(choices, indices) if len(indices) > MAX_OPTIONS else []
    options: list[discord.SelectOption] = []
    if spots and area is None:
        shown, more = page_of(list(range(len(spots))), page)
        options = [discord.SelectOption(label=clip(f"{spots[n]}…", TEXT_LIMIT), value=f"@{n}") for n in shown]
        if more:
            options.append(discord.SelectOption(label="More places…", value=f"p{page + 1}"))
        return options
    if spots and area is not None:
        indices = [i for i in indices if spots[area] in choices[i].areas]
        options.append(discord.SelectOption(label="← Other places", value="@"))
    shown, more = page_of(indices, page, MAX_OPTIONS - len(options))
    texts = option_texts([choices[i].label for i in shown])
    options += [discord.SelectOption(label=label, description=about, value=digest(choices[i].action))
                for i, (label, about) in zip(shown, texts, strict=True)]
    if more:
        options.append(discord.SelectOption(label=f"More {group.title.lower()}…", value=f"p{page + 1}"))
    return options


def move_controls(game_id: int, version: int, seat: int, choices: list[Choice],
                  shapes: list[dict[str, Any]], *, pages: dict[str, int] | None = None,
                  area: tuple[str, int] | None = None) -> discord.ui.View:
    """The move panel, the same under *Your move* and in a DM that asks for a move: the listed moves, and
    a button that opens the builder of each free-form move in `shapes`."""
    from cogs.builder import OpenBuilder  # it imports this module: its button is drawn here all the same

    view = discord.ui.View(timeout=None)
    built = {kind for shape in shapes if shape.get("fields") for kind in shape.get("groups", ())}
    choices = [c for c in choices if c.action.get("type") not in built]  # their builder makes them (DESIGN §2)
    builders: list[discord.ui.Item[Any]] = [
        OpenBuilder(game_id, version, k, label=clip(f"{shape.get('title', type_title(shape['type']))}…"))
        for k, shape in enumerate(shapes) if shape.get("fields")]
    buttons, groups = group_moves(choices, len(builders))
    for n, item in enumerate(builders):
        item.row = n // BUTTONS_PER_ROW  # type: ignore[misc]
        view.add_item(item)
    for n, idx in enumerate(buttons, start=len(builders)):
        view.add_item(MoveButton(game_id, version, seat, digest(choices[idx].action), label=clip(choices[idx].label),
                                 row=n // BUTTONS_PER_ROW))
    first_select_row = -(-(len(buttons) + len(builders)) // BUTTONS_PER_ROW)
    for n, group in enumerate(groups):
        page = (pages or {}).get(group.key, 0)
        spot = area[1] if area is not None and area[0] == group.key else None
        view.add_item(MoveSelect(game_id, version, seat, group.key, page, spot,
                                 options=group_options(choices, group, page, spot),
                                 placeholder=clip(f"{group.title}…", TEXT_LIMIT), row=first_select_row + n))
    return view


async def stale_redraw(interaction: discord.Interaction, game_id: int) -> None:
    """The game moved on (another player acted meanwhile): the clicked panel is redrawn for now."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    await interaction.edit_original_response(**await my_moves(interaction, game_id))
    raise Refused(STALE, "stale_board")


async def seat_check(interaction: discord.Interaction, game_id: int, seat: int) -> None:
    info = await runtime(interaction).service.get(game_id)
    if info.seat_of(interaction.user.id) != seat:
        raise Refused("These are another player's moves; press **Your move** under the board for yours.",
                      "not_your_controls")


async def play_choice(interaction: discord.Interaction, game_id: int, version: int, seat: int, key: str, *,
                      confirmed: bool = False) -> None:
    """Apply the clicker's legal move `key` as drawn at `version`; a costly one is confirmed first."""
    bot = runtime(interaction)
    await seat_check(interaction, game_id, seat)
    info = await bot.service.get(game_id)
    choices = await bot.service.choices(game_id, interaction.user.id)
    picked = find_choice(choices, key)
    if info.version != version or picked is None:
        await stale_redraw(interaction, game_id)
        return
    label, action = picked.label, picked.action
    if not confirmed and get_game(info.game_type).costly(action):
        await interaction.response.send_message(
            f"**{label}** — this cannot be taken back. Are you sure?", ephemeral=True,
            view=confirm_view(ConfirmMove(game_id, version, seat, key), game_id))
        return
    await commit(interaction, game_id, version, action, label)


async def commit(interaction: discord.Interaction, game_id: int, version: int, action: Action, label: str) -> None:
    """Make the move (the board follows from the outbox) and turn the clicked message into the player's
    fresh panel."""
    bot = runtime(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer()
    await bot.service.act(game_id, interaction.user.id, action, interaction_id=str(interaction.id),
                          expected_version=version)
    await interaction.edit_original_response(**await my_moves(interaction, game_id, done=label))


async def my_moves(interaction: discord.Interaction, game_id: int, *, done: str | None = None,
                   note: str | None = None) -> dict[str, Any]:
    """The message body of a player's private move panel: what they did, what they may do now."""
    bot = runtime(interaction)
    info = await bot.service.get(game_id)
    seat = info.seat_of(interaction.user.id)
    if seat is None:
        raise Refused("You are not seated in this game.", "not_seated")
    choices = await bot.service.choices(game_id, interaction.user.id)
    shapes = await bot.service.shapes(game_id, interaction.user.id)
    head = (f"✓ {done}\n" if done else "") + (f"{note}\n" if note else "")
    if not choices and not shapes:
        waiting = ", ".join(f"<@{u}>" for u in info.users_to_move()) or "the AI players"
        body = "The game is over." if info.status == "finished" else f"Not your move now — waiting for {waiting}."
        return {"content": head + body, "view": None}
    hint = "Your move:" + "".join(f"\n• With `/play`: {s['help']}" for s in shapes)
    return {"content": clip(head + hint, 2000),
            "view": move_controls(game_id, info.version, seat, choices, shapes)}


def confirm_view(confirm: discord.ui.Item[Any], game_id: int) -> discord.ui.View:
    """Are you sure? The confirming button, and one that cancels."""
    view = discord.ui.View(timeout=None)
    view.add_item(confirm)
    view.add_item(CancelButton(game_id))
    return view


class MoveButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"fr:a:(?P<g>\d+):(?P<v>\d+):(?P<s>\d+):(?P<k>[0-9a-f]+)"):
    def __init__(self, game_id: int, version: int, seat: int, key: str, *, label: str = "Move",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, row=row,
                                           custom_id=f"fr:a:{game_id}:{version}:{seat}:{key}"))
        self.game_id, self.version, self.seat, self.key = game_id, version, seat, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MoveButton:
        return cls(int(match["g"]), int(match["v"]), int(match["s"]), match["k"], label=item.label or "Move")

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: play_choice(interaction, self.game_id, self.version, self.seat, self.key))


class ConfirmMove(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"fr:k:(?P<g>\d+):(?P<v>\d+):(?P<s>\d+):(?P<k>[0-9a-f]+)"):
    """The Confirm of a costly move's "Are you sure?"."""

    def __init__(self, game_id: int, version: int, seat: int, key: str) -> None:
        super().__init__(discord.ui.Button(label="Confirm", style=discord.ButtonStyle.danger,
                                           custom_id=f"fr:k:{game_id}:{version}:{seat}:{key}"))
        self.game_id, self.version, self.seat, self.key = game_id, version, seat, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ConfirmMove:
        return cls(int(match["g"]), int(match["v"]), int(match["s"]), match["k"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await refusing(interaction, lambda: play_choice(interaction, self.game_id, self.version, self.seat, self.key,
                                                        confirmed=True))


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"fr:s:(?P<g>\d+):(?P<v>\d+):(?P<s>\d+):(?P<k>[\w*]+):(?P<p>\d+):(?P<a>-|\d+)"):
    def __init__(self, game_id: int, version: int, seat: int, key: str, page: int, area: int | None = None, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 row: int | None = None) -> None:
        spot = NO_AREA if area is None else str(area)
        super().__init__(discord.ui.Select(custom_id=f"fr:s:{game_id}:{version}:{seat}:{key}:{page}:{spot}",
                                           options=options or [], placeholder=placeholder, row=row))
        self.game_id, self.version, self.seat, self.key, self.page, self.area = game_id, version, seat, key, page, area

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> MoveSelect:
        area = None if match["a"] == NO_AREA else int(match["a"])
        return cls(int(match["g"]), int(match["v"]), int(match["s"]), match["k"], int(match["p"]), area)

    async def callback(self, interaction: discord.Interaction) -> None:
        value = (interaction.data or {}).get("values", [""])[0]  # type: ignore[union-attr]
        if value.startswith("p"):
            await refusing(interaction, lambda: self._redraw(interaction, int(value[1:]), self.area))
        elif value.startswith("@"):
            await refusing(interaction, lambda: self._redraw(interaction, 0, int(value[1:]) if value[1:] else None))
        else:
            await refusing(interaction, lambda: play_choice(interaction, self.game_id, self.version, self.seat, value))

    async def _redraw(self, interaction: discord.Interaction, page: int, area: int | None) -> None:
        """Another page, or the moves of one place (or the places again)."""
        bot = runtime(interaction)
        await seat_check(interaction, self.game_id, self.seat)
        info = await bot.service.get(self.game_id)
        if info.version != self.version:
            await stale_redraw(interaction, self.game_id)
            return
        choices = await bot.service.choices(self.game_id, interaction.user.id)
        shapes = await bot.service.shapes(self.game_id, interaction.user.id)
        await interaction.response.edit_message(view=move_controls(
            self.game_id, self.version, self.seat, choices, shapes, pages={self.key: page},
            area=None if area is None else (self.key, area)))
