"""The board message's shape: Discord's layout components (components v2), readable at any width.

A container holds the picture (its alt text on the gallery item), then as text what happened, the state that
is text by nature (whose turn, scores, the bank: `renderers.text.summary`) and the turn line with its
mention, then the buttons. A layout message carries no `content`; a mention in a text display still pings
as the message's allowed mentions say. Stripping an old board of its buttons re-sends its layout without its
action rows (an edit's components replace all of them).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.limits import LAYOUT_TEXT as TEXT_LIMIT


def board_layout(parts: list[str], picture: str | None, alt: str | None,
                 row: discord.ui.ActionRow[Any] | None) -> discord.ui.LayoutView:
    """The board: `picture` is the attached file's name, `parts` the texts shown under it, in order (empty
    ones left out), `row` the buttons."""
    container: discord.ui.Container[Any] = discord.ui.Container()
    if picture is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}",
                                                                            description=alt)))
    room = TEXT_LIMIT
    for part in (p.strip() for p in parts):
        if part and room > 0:
            container.add_item(discord.ui.TextDisplay(part[:room]))
            room -= len(part[:room])
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(container)
    if row is not None and row.children:
        container.add_item(row)
    return layout


def without_buttons(message: discord.Message) -> discord.ui.LayoutView | None:
    """A posted board's layout with its action rows taken out (None: an old board with no layout, whose
    buttons an edit with no view takes away)."""
    layout = discord.ui.LayoutView.from_message(message, timeout=None)
    if not isinstance(layout, discord.ui.LayoutView):
        return None
    for parent in [layout, *(c for c in layout.walk_children() if isinstance(c, discord.ui.Container))]:
        for child in list(parent.children):
            if isinstance(child, discord.ui.ActionRow):
                parent.remove_item(child)
    return layout
