"""A player's move panel: buttons and selects for their legal moves, built from `legal_actions` for any game, and
the modal of the free-form moves (a trade offer, a counter-offer) the game describes.

Moves are grouped by action type (cogs/layout/moves.py): a type with one action is a button, a type with several a
select (paged past 25 options, or chosen place first where the game names where its moves happen, `Game.areas`,
those steps buttons where they fit), and a choice of cards (Catan's discard) one select of the cards. Free-form
moves (`action_shapes`) get a button that opens their modal, one select per field, then Submit
(cogs/layout/draft.py); the trades the game suggests (`Game.suggested`) lead the panel, a tap each. Controls are
shown only to the player (ephemeral): moves can reveal a hand. Each custom id carries the game, the version it was
drawn for, the seat or the picks made, and a move's digest (not its place in the list), so a click reloads the
game, refuses a stale board, never picks a different move than the one shown, and survives a restart.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.bounded import bounded, bounded_modal
from bot.errors import Refused
from bot.outcome import Outcome, Panel
from bot.service import NOT_SEATED, Click, Snapshot, StalePanel
from cogs import ids
from cogs.close_ups import area_picture, unzoomed
from cogs.common import confirm_view
from cogs.items import GameItem, Interaction, V, chosen, played_here, refusing, runtime
from cogs.layout.draft import (
    Draft,
    action_of,
    decode,
    encode,
    fixed_rate_choices,
    fresh,
    modal_fields,
    submitted,
    submitted_values,
    summary,
)
from cogs.layout.moves import (
    BUTTONS_PER_ROW,
    CONFIRM_FIRST,
    MAX_ROWS,
    SUGGESTED,
    TEXT_LIMIT,
    Group,
    Option,
    button_labels,
    card_pick,
    clip,
    digest,
    find_choice,
    group_moves,
    is_place,
    steps,
    type_title,
)
from games.core import Action, Move


def select_options(options: list[Option]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=label, description=about, value=value) for label, about, value in options]


def move_controls(game_id: int, version: int, seat: int, choices: list[Move],
                  shapes: list[dict[str, Any]], *, pages: dict[str, int] | None = None,
                  area: tuple[str, int] | None = None, suggested: list[Move] | None = None) -> discord.ui.View:
    """The move panel, the same under *Your move* and in a DM that asks for a move: the listed moves, a button
    that opens the builder of each free-form move in `shapes`, and the trades `suggested`, a tap each."""
    view = discord.ui.View(timeout=None)
    built = {kind for shape in shapes if shape.get("fields") for kind in shape.get("groups", ())}
    choices = [c for c in choices if c.action.get("type") not in built]  # their modal makes them (DESIGN §2)
    builders = [*(MoveButton(game_id, version, seat, digest(m.action), label=clip(m.label), trade=True)
                  for m in (suggested or [])[:SUGGESTED]), *trade_openers(game_id, version, shapes)]
    buttons, groups = group_moves(choices, len(builders))
    for n, item in enumerate(builders):
        item.row = n // BUTTONS_PER_ROW  # type: ignore[misc]
        view.add_item(item)
    for n, idx in enumerate(buttons, start=len(builders)):
        view.add_item(MoveButton(game_id, version, seat, digest(choices[idx].action), label=clip(choices[idx].label),
                                 row=n // BUTTONS_PER_ROW))
    row = -(-(len(buttons) + len(builders)) // BUTTONS_PER_ROW)
    for step in steps(choices, groups, MAX_ROWS - row, pages or {}, area):
        group = step.group
        cards = card_pick(choices, group)
        page = (pages or {}).get(group.key, 0)
        spot = area[1] if area is not None and area[0] == group.key else None
        if cards is not None:
            view.add_item(CardSelect(game_id, version, seat, group.key, options=select_options(cards.options()),
                                     min_values=cards.size, max_values=cards.size, row=row,
                                     placeholder=clip(f"{group.title}: pick {cards.size} cards…", TEXT_LIMIT)))
        elif step.buttons:
            for n, ((_, _, value), label) in enumerate(zip(step.options, button_labels(step, len(groups) == 1),
                                                           strict=True)):
                view.add_item(GroupButton(game_id, version, seat, group.key, page, spot, value, label=label,
                                          row=row + n // BUTTONS_PER_ROW))
        else:
            view.add_item(MoveSelect(game_id, version, seat, group.key, page, spot,
                                     options=select_options(step.options),
                                     placeholder=clip(f"{group.title}…", TEXT_LIMIT), row=row))
        row += step.rows
    return view


async def my_moves(interaction: Interaction, game_id: int) -> dict[str, Any]:
    """A player's private move panel as a message body, from one load (the service refuses one not seated)."""
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
    return {"content": clip(head + warned + "Your move:", 2000),
            "view": move_controls(info.id, info.version, panel.seat, choices, shapes, suggested=panel.suggested)}


async def stale_redraw(interaction: Interaction, stale: StalePanel) -> None:
    """The game moved on (another player acted meanwhile): the clicked panel is redrawn for now."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    await interaction.edit_original_response(**bounded(**panel_body(stale.panel)))
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
        await interaction.followup.send(**bounded(
            content=f"**{done.move.label}** — this cannot be taken back. Are you sure?", ephemeral=True,
            view=confirm_view(ConfirmMove(item.game_id, version, seat, key), item.game_id)))
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
    await interaction.edit_original_response(**bounded(**panel_body(outcome.panel, done=label),
                                                       **unzoomed(interaction)))


class MoveButton(GameItem[discord.ui.Button], form=ids.MOVE):
    def __init__(self, game_id: int, version: int, seat: int, key: str, *, label: str = "Move",
                 row: int | None = None, trade: bool = False) -> None:
        custom_id = self.form.format(game_id=game_id, version=version, seat=seat, key=key)
        style = discord.ButtonStyle.success if trade else discord.ButtonStyle.primary  # green as the trade forms
        super().__init__(discord.ui.Button(label=label, style=style, row=row, custom_id=custom_id))
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


class GroupStep(GameItem[V]):
    """An option of a group's step (see cogs/layout/moves.py `steps`), whether a select's option or a button
    carries it: what its value means ("p<page>", "@n", "@", CONFIRM_FIRST and a digest, or a digest) is read here
    alone."""

    version: int
    group: str
    page: int
    area: int | None

    async def choose(self, interaction: Interaction, value: str) -> None:
        if value.startswith("p") and value[1:].isdigit():
            await self._redraw(interaction, ids.FIELDS["page"].read(value[1:]), self.area)
        elif value.startswith("@"):
            await self._redraw(interaction, 0, ids.FIELDS["area"].read(value[1:] or "-"))
        elif value.startswith(CONFIRM_FIRST):
            await self._ask_first(interaction, value.removeprefix(CONFIRM_FIRST))
        else:
            await play_choice(interaction, self, value)

    async def _ask_first(self, interaction: Interaction, key: str) -> None:
        """A move that places nothing, among placements: "Are you sure?" before it is made."""
        if (move := find_choice(self.snapshot.panel(interaction.user.id).choices, key)) is None:
            raise ids.BadId()
        view = confirm_view(ConfirmMove(self.game_id, self.version, self.seat, key), self.game_id)
        await interaction.response.send_message(f"**{move.label}** — are you sure?", ephemeral=True, view=view)

    async def _redraw(self, interaction: Interaction, page: int, area: int | None) -> None:
        """Another page, or one place's moves with its close-up (or the places again), from the game checked."""
        panel = self.snapshot.panel(interaction.user.id)
        if panel.game.version != self.version:
            await stale_redraw(interaction, StalePanel(panel))
            return
        await interaction.response.defer()
        view = move_controls(self.game_id, self.version, self.seat, panel.choices, panel.shapes,
                             pages={self.group: page}, area=None if area is None else (self.group, area),
                             suggested=panel.suggested)
        picture = None if area is None else await area_picture(self.snapshot, panel.choices, self.group, area)
        if picture is not None:
            await interaction.edit_original_response(**bounded(view=view, attachments=[picture]))
        else:
            await interaction.edit_original_response(**bounded(view=view, **unzoomed(interaction)))


class MoveSelect(GroupStep[discord.ui.Select], form=ids.MOVE_SELECT):
    def __init__(self, game_id: int, version: int, seat: int, group: str, page: int, area: int | None = None, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=self.form.format(game_id=game_id, version=version, seat=seat, group=group, page=page, area=area),
            options=options or [], placeholder=placeholder, row=row))
        self.game_id, self.version, self.seat, self.group = game_id, version, seat, group
        self.page, self.area = page, area

    async def run(self, interaction: Interaction) -> None:
        await self.choose(interaction, (chosen(interaction) or [""])[0])


class GroupButton(GroupStep[discord.ui.Button], form=ids.GROUP_BUTTON):
    """A place, a spot on a place's close-up, ← Other places, a page, or a move that places nothing: one tap
    where the step's options fit as buttons."""

    def __init__(self, game_id: int, version: int, seat: int, group: str, page: int, area: int | None, value: str,
                 *, label: str = "Choose", row: int | None = None) -> None:
        custom_id = self.form.format(game_id=game_id, version=version, seat=seat, group=group, page=page, area=area,
                                     value=value)
        style = discord.ButtonStyle.primary if not value.startswith(("@", "p", CONFIRM_FIRST)) or is_place(value) \
            else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, row=row, custom_id=custom_id))
        self.game_id, self.version, self.seat, self.group = game_id, version, seat, group
        self.page, self.area, self.value = page, area, value

    async def run(self, interaction: Interaction) -> None:
        await self.choose(interaction, self.value)


class CardSelect(GameItem[discord.ui.Select], form=ids.CARD_SELECT):
    """A choice of cards made in one go (Catan's discard): the cards picked are the move."""

    def __init__(self, game_id: int, version: int, seat: int, group: str, **select: Any) -> None:
        super().__init__(discord.ui.Select(
            custom_id=self.form.format(game_id=game_id, version=version, seat=seat, group=group), **select))
        self.game_id, self.version, self.seat, self.group = game_id, version, seat, group

    async def run(self, interaction: Interaction) -> None:
        panel = self.snapshot.panel(interaction.user.id)
        if panel.game.version != self.version:
            await stale_redraw(interaction, StalePanel(panel))
            return
        group = Group(self.group, "", [i for i, c in enumerate(panel.choices) if c.action.get("type") == self.group])
        cards = card_pick(panel.choices, group) if group.indices else None
        action = None if cards is None else cards.action(chosen(interaction))
        if action is None:
            raise ids.BadId()
        await play_choice(interaction, self, digest(action))


# --- the trade modal of a free-form move ----------------------------------------------------------


def trade_openers(game_id: int, version: int, shapes: list[dict[str, Any]]) -> list[discord.ui.Item[Any]]:
    """A button per free-form move that opens its modal, and one per fixed-rate partner (Catan's bank) that
    opens the modal with that partner chosen, where something can be given at its rates."""
    out: list[discord.ui.Item[Any]] = []
    for k, shape in enumerate(shapes):
        if not shape.get("fields"):
            continue
        fixed = fixed_rate_choices(shape)
        picks = [f for f in shape["fields"] if f["kind"] == "pick"]
        if not picks or any(not c.get("rates") for f in picks for c in f["choices"]):
            out.append(OpenTrade(game_id, version, k, encode(fresh(shape)),
                                 label=clip(f"{shape.get('title', type_title(shape['type']))}…")))
        bundles = {n for n, f in enumerate(shape["fields"]) if f["kind"] != "pick"}
        for n, i in fixed:
            draft = fresh(shape, {n: i})
            if bundles <= {f.n for f in modal_fields(shape, draft)}:
                partner = shape["fields"][n]["choices"][i]["label"]
                out.append(OpenTrade(game_id, version, k, encode(draft),
                                     label=clip(f"Trade with {partner[:1].lower()}{partner[1:]}…")))
    return out


async def current_shape(interaction: Interaction, snapshot: Snapshot, version: int, k: int
                        ) -> dict[str, Any] | None:
    """The shape the modal was drawn for, or None when the game moved on (the panel is then redrawn)."""
    panel = snapshot.panel(interaction.user.id)
    shapes = panel.shapes
    if panel.game.version != version or not 0 <= k < len(shapes) or not shapes[k].get("fields"):
        await stale_redraw(interaction, StalePanel(panel))
        return None
    return shapes[k]


class OpenTrade(GameItem[discord.ui.Button], form=ids.OPEN_TRADE):
    """The move panel's button that opens the modal of one free-form move, with the picks `state` made."""

    def __init__(self, game_id: int, version: int, k: int, state: str, *, label: str = "Trade…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=self.form.format(
            game_id=game_id, version=version, k=k, state=state)))
        self.game_id, self.version, self.k, self.state = game_id, version, k, state

    async def run(self, interaction: Interaction) -> None:
        shape = await current_shape(interaction, self.snapshot, self.version, self.k)
        if shape is None:
            return
        draft = decode(shape, self.state) if self.state else fresh(shape)  # none: a panel drawn before the modal
        if not modal_fields(shape, draft):
            raise ids.BadId()
        await interaction.response.send_modal(bounded_modal(TradeModal(self.game_id, self.version, self.k, shape,
                                                                       draft)))


class TradeModal(discord.ui.Modal):
    """The selects of a free-form move. Its submit is handled by `trade_submitted` from the custom id, so a
    modal opened before a restart still works; this object only draws it."""

    def __init__(self, game_id: int, version: int, k: int, shape: dict[str, Any], draft: Draft) -> None:
        partner = next((f["choices"][part]["label"] for f, part in zip(shape["fields"], draft, strict=True)
                        if f["kind"] == "pick" and part is not None and f["choices"][part].get("rates")), None)
        title = f"Trade with {partner[:1].lower()}{partner[1:]}" if partner else shape.get("title", "Your move")
        super().__init__(title=title, timeout=900, custom_id=ids.TRADE_MODAL.format(
            game_id=game_id, version=version, k=k, state=encode(draft)))
        for field in modal_fields(shape, draft):
            options = select_options(field.options)
            if len(options) == 1:  # the one choice there is, made already (it can still be taken out)
                options[0].default = True
            self.add_item(discord.ui.Label(text=field.label, component=discord.ui.Select(
                custom_id=str(field.n), options=options, min_values=field.low, max_values=field.high,
                required=field.low > 0)))


async def trade_submitted(interaction: Interaction) -> bool:
    """A submitted trade modal (any interaction else: False) makes its move; a submission that makes no move
    is refused, saying why, and changes nothing."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    if (interaction.type is not discord.InteractionType.modal_submit
            or not custom_id.startswith(ids.TRADE_MODAL.prefix)):
        return False

    async def work() -> None:
        match = re.fullmatch(ids.TRADE_MODAL.template, custom_id)
        if match is None:
            raise ids.BadId(custom_id)
        fields = ids.parse(match.groupdict())
        game_id, version, k = fields["game_id"], fields["version"], fields["k"]
        snapshot = await played_here(interaction, game_id)
        shape = await current_shape(interaction, snapshot, version, k)
        if shape is None:
            return
        draft = submitted(shape, decode(shape, fields["state"]), submitted_values(data.get("components", [])))
        if draft is None:
            raise ids.BadId()
        action = action_of(shape, draft)
        label = "Sent: " + " · ".join(summary(shape, draft)[1:])
        await commit(interaction, snapshot, version, action, clip(label, 300))

    await refusing(interaction, work)
    return True


ITEMS: tuple[type[GameItem[Any]], ...] = (MoveButton, MoveSelect, GroupButton, CardSelect, ConfirmMove, OpenTrade)
"""The panel's dynamic items, for the bot to register."""
