"""The move builder: a free-form move (a trade offer, a counter-offer) made by clicking, for every game
that describes the move's fields in `Game.action_shapes` (see games/core.py `pick_field`, `bundle_field`).

One select per field (who, what you give, what you want, ...), a modal for how many of each, a summary,
then Send. The choices made so far live only in the custom ids of the builder's own components, as
indices into the shape's choices at the version the builder was drawn for; nothing is kept in memory,
so a builder survives a restart, and one drawn for an older board is redrawn for now.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import Refused
from bot.service import StalePanel
from cogs.common import refusing, runtime
from cogs.controls import TEXT_LIMIT, clip, commit, my_moves, stale_redraw
from games.core import Action

MODAL_PREFIX = "fr:tm:"
MODAL_INPUTS = 5
"""Discord's limit of text inputs in a modal: so at most five kinds per side of a trade."""
INPUT_LABEL = 45

Draft = list[Any]
"""Per field of the shape: a pick's choice index (or None), a bundle's {choice index: count}."""


def encode(draft: Draft) -> str:
    """`1.0x2,3x1.` : fields joined by dots; a pick is its index, a bundle its index x count pairs."""
    return ".".join(("" if part is None else str(part)) if not isinstance(part, dict)
                    else ",".join(f"{i}x{n}" for i, n in sorted(part.items())) for part in draft)


def decode(shape: dict[str, Any], text: str) -> Draft:
    parts = text.split(".")
    draft: Draft = []
    for n, field in enumerate(shape["fields"]):
        part = parts[n] if n < len(parts) else ""
        if field["kind"] == "pick":
            draft.append(int(part) if part.isdigit() and int(part) < len(field["choices"]) else None)
        else:
            pairs = (p.split("x") for p in part.split(",") if "x" in p)
            draft.append({int(i): int(c) for i, c in pairs
                          if i.isdigit() and c.isdigit() and int(i) < len(field["choices"]) and int(c) > 0})
    return draft


def fresh(shape: dict[str, Any]) -> Draft:
    """A new draft: a pick with one choice only is made already."""
    return [(0 if len(f["choices"]) == 1 else None) if f["kind"] == "pick" else {} for f in shape["fields"]]


def rates_of(shape: dict[str, Any], draft: Draft) -> dict[str, dict[Any, int]]:
    """The fixed rates the picks made so far trade at (see games/core.py `pick_field`), by bundle field."""
    rates: dict[str, dict[Any, int]] = {}
    for field, part in zip(shape["fields"], draft, strict=True):
        if field["kind"] == "pick" and part is not None:
            for name, per in field["choices"][part].get("rates", {}).items():
                rates.setdefault(name, {}).update(per)
    return rates


def rate_text(rates: dict[str, dict[Any, int]], field: dict[str, Any], value: Any) -> str:
    """" (4:1)" where a kind trades at a fixed rate, else nothing."""
    rate = rates.get(field["name"], {}).get(value)
    return "" if rate is None else f" ({rate}:1)"


def summary(shape: dict[str, Any], draft: Draft) -> list[str]:
    lines = [f"**{shape.get('title', 'Your move')}**"]
    rates = rates_of(shape, draft)
    for field, part in zip(shape["fields"], draft, strict=True):
        if field["kind"] == "pick":
            said = "—" if part is None else field["choices"][part]["label"]
            if part is None and field.get("optional"):
                said = "none"
        else:
            said = ", ".join(f"{n} {c['label']}{rate_text(rates, field, c['value'])}"
                             for i, n in sorted(part.items()) for c in [field["choices"][i]]) or "nothing"
        lines.append(f"{field['label']}: {said}")
    return lines


def action_of(shape: dict[str, Any], draft: Draft) -> Action:
    """The move the draft makes; a required pick still open is refused with what to choose."""
    action: Action = {"type": shape["type"], **shape.get("fixed", {})}
    for field, part in zip(shape["fields"], draft, strict=True):
        choices = field["choices"]
        if field["kind"] == "pick":
            if part is None:
                if not field.get("optional"):
                    raise Refused(f"Choose “{field['label']}” first.", "builder_incomplete")
                continue
            action[field["name"]] = choices[part]["value"]
        elif field["kind"] == "counts":
            action[field["name"]] = {choices[i]["value"]: n for i, n in sorted(part.items())}
        else:
            action[field["name"]] = sorted(choices[i]["value"] for i, n in part.items() for _ in range(n))
    same = shape.get("same_size")
    if same:
        sizes = [sum(draft[n].values()) for n, f in enumerate(shape["fields"]) if f["name"] in same]
        if len(set(sizes)) > 1:
            raise Refused("Both sides must hold as many cards: " + " and ".join(map(str, sizes)) + ".",
                          "builder_sizes")
    return action


def builder_view(game_id: int, version: int, k: int, shape: dict[str, Any], draft: Draft) -> discord.ui.View:
    """A select per field with a choice to make, then the count buttons, Send and Back."""
    view = discord.ui.View(timeout=None)
    state = encode(draft)
    rates = rates_of(shape, draft)
    row = 0
    counts: list[discord.ui.Item[Any]] = []
    for n, (field, part) in enumerate(zip(shape["fields"], draft, strict=True)):
        choices = field["choices"][:25]
        if field["kind"] == "pick":
            if len(field["choices"]) == 1 and not field.get("optional"):
                continue
            options = [discord.SelectOption(label=clip(c["label"], TEXT_LIMIT), value=str(i), default=part == i)
                       for i, c in enumerate(choices)]
            if field.get("optional"):
                options = [*options[:24], discord.SelectOption(label="None", value="-", default=part is None)]
            low = high = 1
        else:
            if not choices:
                continue
            options = [discord.SelectOption(label=clip(c["label"], TEXT_LIMIT), value=str(i), default=i in part,
                                            description=clip(f"up to {c['max']}{rate_text(rates, field, c['value'])}",
                                                             TEXT_LIMIT))
                       for i, c in enumerate(choices)]
            low, high = 0, min(len(options), MODAL_INPUTS)
            if part:
                counts.append(BuilderButton(game_id, version, k, f"c{n}", state,
                                            label=clip(f"{field['label']}: how many…")))
        view.add_item(BuilderSelect(game_id, version, k, n, state, options=options, min_values=low,
                                    max_values=high, placeholder=clip(f"{field['label']}…", TEXT_LIMIT), row=row))
        row += 1
    for item in [*counts, BuilderButton(game_id, version, k, "send", state, label="Send"),
                 BuilderButton(game_id, version, k, "back", state, label="Back")]:
        item.row = row  # type: ignore[misc]
        view.add_item(item)
    return view


async def current_shape(interaction: discord.Interaction, game_id: int, version: int, k: int
                        ) -> dict[str, Any] | None:
    """The shape the builder was drawn for, or None when the game moved on (the panel is then redrawn)."""
    panel = await runtime(interaction).service.panel(game_id, interaction.user.id)
    shapes = panel.shapes
    if panel.game.version != version or not 0 <= k < len(shapes) or not shapes[k].get("fields"):
        await stale_redraw(interaction, StalePanel(panel))
        return None
    return shapes[k]


async def show(interaction: discord.Interaction, game_id: int, version: int, k: int, shape: dict[str, Any],
               draft: Draft, note: str = "") -> None:
    lines = summary(shape, draft)
    lines.append(note or "Choose in the lists; set how many with the buttons; then **Send**.")
    await interaction.response.edit_message(content="\n".join(lines),
                                            view=builder_view(game_id, version, k, shape, draft))


class OpenBuilder(discord.ui.DynamicItem[discord.ui.Button], template=r"fr:t:(?P<g>\d+):(?P<v>\d+):(?P<k>\d+):o"):
    """The move panel's button that turns the panel into the builder of one free-form move."""

    def __init__(self, game_id: int, version: int, k: int, *, label: str = "Trade…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"fr:t:{game_id}:{version}:{k}:o"))
        self.game_id, self.version, self.k = game_id, version, k

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OpenBuilder:
        return cls(int(match["g"]), int(match["v"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            shape = await current_shape(interaction, self.game_id, self.version, self.k)
            if shape is not None:
                await show(interaction, self.game_id, self.version, self.k, shape, fresh(shape))

        await refusing(interaction, work)


class BuilderSelect(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"fr:t:(?P<g>\d+):(?P<v>\d+):(?P<k>\d+):f(?P<n>\d+):(?P<st>[0-9x,.]*)"):
    def __init__(self, game_id: int, version: int, k: int, n: int, state: str, **select: Any) -> None:
        custom_id = f"fr:t:{game_id}:{version}:{k}:f{n}:{state}"
        if len(custom_id) > TEXT_LIMIT:
            raise Refused("That trade names too many kinds of cards to click together; use `/play`.", "builder_full")
        super().__init__(discord.ui.Select(custom_id=custom_id, **select))
        self.game_id, self.version, self.k, self.n, self.state = game_id, version, k, n, state

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> BuilderSelect:
        return cls(int(match["g"]), int(match["v"]), int(match["k"]), int(match["n"]), match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            shape = await current_shape(interaction, self.game_id, self.version, self.k)
            if shape is None:
                return
            draft = decode(shape, self.state)
            values = [v for v in (interaction.data or {}).get("values", []) if v.isdigit()]  # type: ignore[union-attr]
            if shape["fields"][self.n]["kind"] == "pick":
                draft[self.n] = int(values[0]) if values else None
            else:  # a kind newly chosen counts one card, or one lot where it trades at a rate
                field, was = shape["fields"][self.n], draft[self.n]
                per = rates_of(shape, draft).get(field["name"], {})
                draft[self.n] = {i: was.get(i, min(per.get(c["value"], 1), c["max"]))
                                 for i, c in ((int(v), field["choices"][int(v)]) for v in values)}
            await show(interaction, self.game_id, self.version, self.k, shape, draft)

        await refusing(interaction, work)


class BuilderButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"fr:t:(?P<g>\d+):(?P<v>\d+):(?P<k>\d+):(?P<verb>c\d+|send|back):(?P<st>[0-9x,.]*)"):
    def __init__(self, game_id: int, version: int, k: int, verb: str, state: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.success if verb == "send" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"fr:t:{game_id}:{version}:{k}:{verb}:{state}"))
        self.game_id, self.version, self.k, self.verb, self.state = game_id, version, k, verb, state

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> BuilderButton:
        return cls(int(match["g"]), int(match["v"]), int(match["k"]), match["verb"], match["st"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            if self.verb == "back":
                await interaction.response.defer()
                await interaction.edit_original_response(**await my_moves(interaction, self.game_id))
                return
            shape = await current_shape(interaction, self.game_id, self.version, self.k)
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
                await commit(interaction, self.game_id, self.version, action, clip(label, 300))
                return
            n = int(self.verb[1:])
            await interaction.response.send_modal(CountsModal(self.game_id, self.version, self.k, n, self.state,
                                                              shape["fields"][n], draft[n]))

        await refusing(interaction, work)


class CountsModal(discord.ui.Modal):
    """How many of each chosen kind. Its submit is handled by `counts_submitted` from the custom id, so a
    modal opened before a restart still works; this object only draws it."""

    def __init__(self, game_id: int, version: int, k: int, n: int, state: str, field: dict[str, Any],
                 part: dict[int, int]) -> None:
        super().__init__(title=clip(f"{field['label']}: how many?", INPUT_LABEL), timeout=900,
                         custom_id=f"{MODAL_PREFIX}{game_id}:{version}:{k}:{n}:{state}")
        for i, count in sorted(part.items()):
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


async def counts_submitted(interaction: discord.Interaction) -> bool:
    """A submitted counts modal (any interaction else: False). Counts out of range are said, not kept."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    if interaction.type is not discord.InteractionType.modal_submit or not custom_id.startswith(MODAL_PREFIX):
        return False
    g, v, k, n, state = custom_id[len(MODAL_PREFIX):].split(":", 4)

    async def work() -> None:
        shape = await current_shape(interaction, int(g), int(v), int(k))
        if shape is None:
            return
        field, draft = shape["fields"][int(n)], decode(shape, state)
        wrong = []
        for key, text in _inputs(data.get("components", [])).items():
            i = int(key)
            if i not in draft[int(n)]:
                continue
            most = field["choices"][i]["max"]
            if text.strip().isdigit() and 1 <= int(text) <= most:
                draft[int(n)][i] = int(text)
            else:
                wrong.append(f"{field['choices'][i]['label']}: “{text}” is not 1–{most}")
        note = ("⚠ Kept as it was — " + "; ".join(wrong)) if wrong else ""
        await show(interaction, int(g), int(v), int(k), shape, draft, note)

    await refusing(interaction, work)
    return True
