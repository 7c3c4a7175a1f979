"""`bounded`: the one check every reply, follow-up, edit and post passes on its way out (the cogs' interaction
answers and the delivery's posts alike; a modal passes `bounded_modal`, an autocomplete's answer
`bounded_choices`), to Discord's limits (`bot.limits`).

A text past its limit is clipped and a list past its length cut, so that no limit can turn into Discord's 400,
which would leave an interaction on "thinking…" and the log with a traceback. A custom id is never cut (it
would name another control): one past its limit is the bot's bug, raised here before anything is sent.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.limits import (
    AUTHOR,
    CONTENT,
    CUSTOM_ID,
    DESCRIPTION,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_TITLE,
    EMBED_TOTAL,
    EMBEDS,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
    LABEL,
    LAYOUT_TEXT,
    MODAL_TEXT,
    OPTION_TEXT,
    OPTIONS,
    PLACEHOLDER,
    clip,
)


def bounded(**body: Any) -> dict[str, Any]:
    """The keyword arguments of a send, reply, follow-up or edit (content, embeds, view, files, …), within
    Discord's limits; what is within them is left as it is."""
    if isinstance(body.get("content"), str):
        body["content"] = clip(body["content"], CONTENT)
    if body.get("embed") is not None:
        _bound_embed(body["embed"])
    if body.get("embeds"):
        body["embeds"] = body["embeds"][:EMBEDS]
        for embed in body["embeds"]:
            _bound_embed(embed)
    if body.get("view") is not None:
        _bound_view(body["view"])
    for file in [body.get("file"), *(body.get("files") or ()), *(body.get("attachments") or ())]:
        if isinstance(file, discord.File) and file.description:
            file.description = clip(file.description, DESCRIPTION)
    return body


def bounded_modal(modal: discord.ui.Modal) -> discord.ui.Modal:
    """A modal within Discord's limits (its title, each field's label, its selects), as it is sent."""
    modal.title = clip(modal.title, MODAL_TEXT)
    _bound_view(modal)
    return modal


def bounded_choices(choices: list[app_commands.Choice[str]]) -> list[app_commands.Choice[str]]:
    """An autocomplete's answer within its limits: 25 choices at most, each name clipped; a choice whose value
    is too long to send is left out (cut, it would name something else)."""
    return [app_commands.Choice(name=clip(c.name, OPTION_TEXT) or "…", value=c.value)
            for c in choices if len(str(c.value)) <= OPTION_TEXT][:OPTIONS]


def _bound_embed(embed: discord.Embed) -> None:
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = clip(embed.description, EMBED_DESCRIPTION)
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for field in fields:
        embed.add_field(name=clip(field.name or "", FIELD_NAME), value=clip(field.value or "", FIELD_VALUE),
                        inline=bool(field.inline))
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(name=clip(embed.author.name, AUTHOR), url=embed.author.url, icon_url=embed.author.icon_url)
    over = len(embed) - EMBED_TOTAL
    if over > 0 and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - over))


def _bound_view(view: discord.ui.BaseView) -> None:
    """Every component of the view (a layout's nested ones too) within its limits, in place; a text display
    past the layout's room for text is left out."""
    room = LAYOUT_TEXT
    left_out: list[discord.ui.TextDisplay[Any]] = []
    for child in list(view.walk_children()):
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str) and len(custom_id) > CUSTOM_ID:
            raise ValueError(f"a custom id over {CUSTOM_ID} characters: {custom_id[:CUSTOM_ID]!r}…")
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = clip(item.label, LABEL)
        elif isinstance(item, discord.ui.Select):
            _bound_select(item)
        elif isinstance(item, discord.ui.TextDisplay):
            if room < 2:  # not even a character and the ellipsis
                left_out.append(item)
                continue
            item.content = clip(item.content, room)
            room -= len(item.content)
        elif isinstance(item, discord.ui.Label):
            item.text = clip(item.text, MODAL_TEXT)
        elif isinstance(item, discord.ui.MediaGallery):
            for picture in item.items:
                if picture.description:
                    picture.description = clip(picture.description, DESCRIPTION)
    for display in left_out:
        (display.parent or view).remove_item(display)  # type: ignore[union-attr]


def _bound_select(select: discord.ui.Select[Any]) -> None:
    if select.placeholder:
        select.placeholder = clip(select.placeholder, PLACEHOLDER)
    options = select.options[:OPTIONS]
    for option in options:
        if len(option.value) > OPTION_TEXT:
            raise ValueError(f"a select option's value over {OPTION_TEXT} characters: {option.value[:40]!r}…")
        option.label = clip(option.label, OPTION_TEXT)
        if option.description:
            option.description = clip(option.description, OPTION_TEXT)
    select.options = options
    if options:
        select.max_values = min(select.max_values, len(options))
        select.min_values = min(select.min_values, select.max_values)
