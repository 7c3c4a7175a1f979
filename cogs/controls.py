"""A player's move panel: buttons and selects for their legal moves, built from `legal_actions` for any
game, and the builder of the free-form moves (a trade offer, a counter-offer) the game describes.

Moves are grouped by action type (see cogs/layout/moves.py): a type with one action is a button, a type
with several is a select (paged past Discord's 25 options, or chosen in two steps, place first, where the
game names where its moves happen: `Game.areas`). Free-form moves the game describes (`action_shapes`) get
a button that opens their builder: one select per field (who, what you give, what you want, ...), a modal
for how many of each, a summary, then Send. The draft lives only in the builder's custom ids (see
cogs/layout/draft.py). Controls are shown only to the player, in an ephemeral message, because a list of
moves can reveal a hand. Each custom id carries the game, the state version it was drawn for and the
seat or the draft, and a move's digest (not its place in the list), so a click reloads the game, refuses a
stale board, never picks a different move than the one shown, and survives a restart. The panel and its
builder lead into each other (Back, Send), so they are one module.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import Refused
from bot.outcome import Outcome, Panel
from bot.service import NOT_SEATED, Click, Snapshot, StalePanel
from cogs import ids
from cogs.common import confirm_view
from cogs.items import GameItem, Interaction, chosen, played_here, refusing, runtime
from cogs.layout.draft import (
    MODAL_INPUTS,
    Draft,
    action_of,
    counted,
    decode,
    encode,
    field_options,
    fresh,
    picked,
    rates_of,
    summary,
)
from cogs.layout.moves import (
    BUTTONS_PER_ROW,
    TEXT_LIMIT,
    Option,
    clip,
    digest,
    find_choice,
    group_moves,
    group_options,
    type_title,
)
from games.core import Action, Move

INPUT_LABEL = 45
"""Discord's limit on a modal's title and a text input's label."""


def select_options(options: list[Option]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=label, description=about, value=value) for label, about, value in options]


def move_controls(game_id: int, version: int, seat: int, choices: list[Move],
                  shapes: list[dict[str, Any]], *, pages: dict[str, int] | None = None,
                  area: tuple[str, int] | None = None) -> discord.ui.View:
    """The move panel, the same under *Your move* and in a DM that asks for a move: the listed moves, and
    a button that opens the builder of each free-form move in `shapes`."""
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
                                 options=select_options(group_options(choices, group, page, spot)),
                                 placeholder=clip(f"{group.title}…", TEXT_LIMIT), row=first_select_row + n))
    return view


async def my_moves(interaction: Interaction, game_id: int) -> dict[str, Any]:
    """The message body of a player's private move panel, from one load of the game (the service refuses one
    who is not seated)."""
    return panel_body(await runtime(interaction).service.panel(game_id, interaction.user.id))


def panel_body(panel: Panel, *, done: str | None = None) -> dict[str, Any]:
    """A player's private move panel as a message body: what they did, what they may do now."""
    info, choices, shapes = panel.game, panel.choices, panel.shapes
    head = f"✓ {done}\n" if done else ""
    if not choices and not shapes:
        waiting = ", ".join(f"<@{u}>" for u in info.users_to_move()) or "the AI players"
        body = "The game is over." if info.status == "finished" else f"Not your move now — waiting for {waiting}."
        return {"content": head + body, "view": None}
    warned = "".join(f"{line}\n" for line in panel.warning_lines())
    hint = "Your move:" + "".join(f"\n• With `/play`: {s['help']}" for s in shapes)
    return {"content": clip(head + warned + hint, 2000),
            "view": move_controls(info.id, info.version, panel.seat, choices, shapes)}


async def stale_redraw(interaction: Interaction, stale: StalePanel) -> None:
    """The game moved on (another player acted meanwhile): the clicked panel is redrawn for now."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    await interaction.edit_original_response(**panel_body(stale.panel))
    raise stale


async def play_choice(interaction: Interaction, item: GameItem[Any], key: str, *, confirmed: bool = False) -> None:
    """Apply the clicker's legal move `key` as drawn at the item's version, from the game its check loaded;
    a costly one is confirmed first."""
    version, seat = item.version, item.seat  # type: ignore[attr-defined]
    assert seat is not None
    if not interaction.response.is_done():  # a board's one-tap button has opened a private answer already
        await interaction.response.defer()
    click = Click(version, seat, lambda choices: find_choice(choices, key), confirmed)
    try:
        done = await runtime(interaction).service.click(item.game_id, interaction.user.id, click,
                                                        interaction_id=str(interaction.id), seen=item.snapshot.row)
    except StalePanel as stale:
        await stale_redraw(interaction, stale)
        return
    if done.outcome is None and done.move is not None:
        await interaction.followup.send(
            f"**{done.move.label}** — this cannot be taken back. Are you sure?", ephemeral=True,
            view=confirm_view(ConfirmMove(item.game_id, version, seat, key), item.game_id))
        return
    assert done.outcome is not None
    await show_next(interaction, done.outcome, done.move.label if done.move else "(already made)")


async def commit(interaction: Interaction, snapshot: Snapshot, version: int, action: Action, label: str) -> None:
    """Make a free-form move (the board follows from the outbox) and turn the clicked message into the
    player's fresh panel, which the move's outcome carries."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    outcome = await runtime(interaction).service.act(snapshot.game.id, interaction.user.id, action,
                                                     interaction_id=str(interaction.id), expected_version=version,
                                                     seen=snapshot.row)
    await show_next(interaction, outcome, label)


async def show_next(interaction: Interaction, outcome: Outcome, label: str) -> None:
    """The clicked message becomes what the player did and their panel after it."""
    if outcome.panel is None:
        raise Refused(NOT_SEATED, "not_seated")
    await interaction.edit_original_response(**panel_body(outcome.panel, done=label))


class MoveButton(GameItem[discord.ui.Button], form=ids.MOVE):
    def __init__(self, game_id: int, version: int, seat: int, key: str, *, label: str = "Move",
                 row: int | None = None) -> None:
        custom_id = self.form.format(game_id=game_id, version=version, seat=seat, key=key)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, row=row,
                                           custom_id=custom_id))
        self.game_id, self.version, self.seat, self.key = game_id, version, seat, key

    async def run(self, interaction: Interaction) -> None:
        await play_choice(interaction, self, self.key)


class ConfirmMove(GameItem[discord.ui.Button], form=ids.CONFIRM_MOVE):
    """The Confirm of a costly move's "Are you sure?"."""

    def __init__(self, game_id: int, version: int, seat: int, key: str) -> None:
        custom_id = self.form.format(game_id=game_id, version=version, seat=seat, key=key)
        super().__init__(discord.ui.Button(label="Confirm", style=discord.ButtonStyle.danger, custom_id=custom_id))
        self.game_id, self.version, self.seat, self.key = game_id, version, seat, key

    async def run(self, interaction: Interaction) -> None:
        await play_choice(interaction, self, self.key, confirmed=True)


class MoveSelect(GameItem[discord.ui.Select], form=ids.MOVE_SELECT):
    def __init__(self, game_id: int, version: int, seat: int, group: str, page: int, area: int | None = None, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=self.form.format(game_id=game_id, version=version, seat=seat, group=group, page=page, area=area),
            options=options or [], placeholder=placeholder, row=row))
        self.game_id, self.version, self.seat, self.group = game_id, version, seat, group
        self.page, self.area = page, area

    async def run(self, interaction: Interaction) -> None:
        value = (chosen(interaction) or [""])[0]
        if value.startswith("p") and value[1:].isdigit():
            await self._redraw(interaction, ids.FIELDS["page"].read(value[1:]), self.area)
        elif value.startswith("@"):
            await self._redraw(interaction, 0, ids.FIELDS["area"].read(value[1:] or "-"))
        else:
            await play_choice(interaction, self, value)

    async def _redraw(self, interaction: Interaction, page: int, area: int | None) -> None:
        """Another page, or the moves of one place (or the places again), from the game the check loaded."""
        panel = self.snapshot.panel(interaction.user.id)
        if panel.game.version != self.version:
            await stale_redraw(interaction, StalePanel(panel))
            return
        await interaction.response.edit_message(view=move_controls(
            self.game_id, self.version, self.seat, panel.choices, panel.shapes, pages={self.group: page},
            area=None if area is None else (self.group, area)))


# --- the builder of a free-form move ---------------------------------------------------------------


def builder_view(game_id: int, version: int, k: int, shape: dict[str, Any], draft: Draft) -> discord.ui.View:
    """A select per field with a choice to make, then the count buttons, Send and Back."""
    view = discord.ui.View(timeout=None)
    state = encode(draft)
    rates = rates_of(shape, draft)
    row = 0
    counts: list[discord.ui.Item[Any]] = []
    for n, (field, part) in enumerate(zip(shape["fields"], draft, strict=True)):
        drawn = field_options(field, part, rates)
        if drawn is None:
            continue
        options, low, high = drawn
        if field["kind"] != "pick" and part:
            counts.append(BuilderButton(game_id, version, k, f"c{n}", state,
                                        label=clip(f"{field['label']}: how many…")))
        view.add_item(BuilderSelect(game_id, version, k, n, state, options=[
            discord.SelectOption(label=label, description=about, value=value, default=on)
            for (label, about, value), on in options], min_values=low, max_values=high,
            placeholder=clip(f"{field['label']}…", TEXT_LIMIT), row=row))
        row += 1
    for item in [*counts, BuilderButton(game_id, version, k, "send", state, label="Send"),
                 BuilderButton(game_id, version, k, "back", state, label="Back")]:
        item.row = row  # type: ignore[misc]
        view.add_item(item)
    return view


async def current_shape(interaction: Interaction, snapshot: Snapshot, version: int, k: int
                        ) -> dict[str, Any] | None:
    """The shape the builder was drawn for, or None when the game moved on (the panel is then redrawn)."""
    panel = snapshot.panel(interaction.user.id)
    shapes = panel.shapes
    if panel.game.version != version or not 0 <= k < len(shapes) or not shapes[k].get("fields"):
        await stale_redraw(interaction, StalePanel(panel))
        return None
    return shapes[k]


async def show(interaction: Interaction, game_id: int, version: int, k: int, shape: dict[str, Any],
               draft: Draft, note: str = "") -> None:
    lines = summary(shape, draft)
    lines.append(note or "Choose in the lists; set how many with the buttons; then **Send**.")
    await interaction.response.edit_message(content="\n".join(lines),
                                            view=builder_view(game_id, version, k, shape, draft))


class OpenBuilder(GameItem[discord.ui.Button], form=ids.OPEN_BUILDER):
    """The move panel's button that turns the panel into the builder of one free-form move."""

    def __init__(self, game_id: int, version: int, k: int, *, label: str = "Trade…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=self.form.format(game_id=game_id, version=version, k=k)))
        self.game_id, self.version, self.k = game_id, version, k

    async def run(self, interaction: Interaction) -> None:
        shape = await current_shape(interaction, self.snapshot, self.version, self.k)
        if shape is not None:
            await show(interaction, self.game_id, self.version, self.k, shape, fresh(shape))


class BuilderSelect(GameItem[discord.ui.Select], form=ids.BUILDER_SELECT):
    def __init__(self, game_id: int, version: int, k: int, n: int, state: str, **select: Any) -> None:
        custom_id = self.form.format(game_id=game_id, version=version, k=k, n=n, state=state)
        if len(custom_id) > TEXT_LIMIT:
            raise Refused("That trade names too many kinds of cards to click together; use `/play`.", "builder_full")
        super().__init__(discord.ui.Select(custom_id=custom_id, **select))
        self.game_id, self.version, self.k, self.n, self.state = game_id, version, k, n, state

    async def run(self, interaction: Interaction) -> None:
        shape = await current_shape(interaction, self.snapshot, self.version, self.k)
        if shape is None:
            return
        if self.n >= len(shape["fields"]):
            raise ids.BadId()
        draft = picked(shape, decode(shape, self.state), self.n, chosen(interaction))
        await show(interaction, self.game_id, self.version, self.k, shape, draft)


class BuilderButton(GameItem[discord.ui.Button], form=ids.BUILDER_BUTTON):
    def __init__(self, game_id: int, version: int, k: int, verb: str, state: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.success if verb == "send" else discord.ButtonStyle.secondary
        custom_id = self.form.format(game_id=game_id, version=version, k=k, verb=verb, state=state)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.game_id, self.version, self.k, self.verb, self.state = game_id, version, k, verb, state

    async def run(self, interaction: Interaction) -> None:
        if self.verb == "back":
            await interaction.response.defer()
            await interaction.edit_original_response(**panel_body(self.snapshot.panel(interaction.user.id)))
            return
        shape = await current_shape(interaction, self.snapshot, self.version, self.k)
        if shape is None:
            return
        draft = decode(shape, self.state)
        if self.verb == "send":
            try:
                action = action_of(shape, draft)
            except Refused as err:
                await show(interaction, self.game_id, self.version, self.k, shape, draft, f"⚠ {err}")
                return
            label = "Sent: " + " · ".join(summary(shape, draft)[1:])
            await commit(interaction, self.snapshot, self.version, action, clip(label, 300))
            return
        n = ids.FIELDS["n"].read(self.verb[1:])
        if n >= len(shape["fields"]) or not isinstance(draft[n], dict):
            raise ids.BadId()
        await interaction.response.send_modal(CountsModal(self.game_id, self.version, self.k, n, self.state,
                                                          shape["fields"][n], draft[n]))


class CountsModal(discord.ui.Modal):
    """How many of each chosen kind. Its submit is handled by `counts_submitted` from the custom id, so a
    modal opened before a restart still works; this object only draws it."""

    def __init__(self, game_id: int, version: int, k: int, n: int, state: str, field: dict[str, Any],
                 part: dict[int, int]) -> None:
        super().__init__(title=clip(f"{field['label']}: how many?", INPUT_LABEL), timeout=900,
                         custom_id=ids.BUILDER_COUNTS.format(game_id=game_id, version=version, k=k, n=n, state=state))
        for i, count in sorted(part.items())[:MODAL_INPUTS]:
            choice = field["choices"][i]
            self.add_item(discord.ui.TextInput(label=clip(f"{choice['label']} (1–{choice['max']})", INPUT_LABEL),
                                               custom_id=str(i), default=str(count), max_length=3))


def _inputs(components: list[dict[str, Any]]) -> dict[str, str]:
    """The submitted text inputs by custom id, however they were wrapped (rows or labels)."""
    found: dict[str, str] = {}
    for c in components:
        if "value" in c and "custom_id" in c:
            found[c["custom_id"]] = c["value"]
        found |= _inputs(c.get("components", []) + ([c["component"]] if "component" in c else []))
    return found


async def counts_submitted(interaction: Interaction) -> bool:
    """A submitted counts modal (any interaction else: False). Counts out of range are said, not kept."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    if (interaction.type is not discord.InteractionType.modal_submit
            or not custom_id.startswith(ids.BUILDER_COUNTS.prefix)):
        return False

    async def work() -> None:
        match = re.fullmatch(ids.BUILDER_COUNTS.template, custom_id)
        if match is None:
            raise ids.BadId(custom_id)
        fields = ids.parse(match.groupdict())
        game_id, version, k, n = fields["game_id"], fields["version"], fields["k"], fields["n"]
        snapshot = await played_here(interaction, game_id)
        shape = await current_shape(interaction, snapshot, version, k)
        if shape is None:
            return
        draft = decode(shape, fields["state"])
        if n >= len(shape["fields"]) or not isinstance(draft[n], dict):
            raise ids.BadId()
        draft[n], wrong = counted(shape["fields"][n], draft[n], _inputs(data.get("components", [])))
        note = ("⚠ Kept as it was — " + "; ".join(wrong)) if wrong else ""
        await show(interaction, game_id, version, k, shape, draft, note)

    await refusing(interaction, work)
    return True
