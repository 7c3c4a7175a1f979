"""The close-up on a move panel: once a player picks a place (a hex, a column, a card), the panel shows that
place zoomed, each spot's id readable on a phone (DESIGN §5), and takes it off again when the place is left or
its move made."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.limits import DESCRIPTION
from bot.pictures import png_file
from bot.service import Snapshot
from cogs.items import Interaction
from cogs.layout.moves import clip, places
from games.core import Move
from renderers import place_label, render_area

AREA_FILE = "-area.png"


async def area_picture(snapshot: Snapshot, choices: list[Move], group: str, area: int) -> discord.File | None:
    """The zoomed picture of the place `area` of a group's moves, with the id of each move there readable on a
    phone, and alt text naming those ids; None for a game that picks in one step."""
    indices = [i for i, c in enumerate(choices) if c.action.get("type") == group]
    spots = places(choices, indices)
    if snapshot.engine is None or not 0 <= area < len(spots):
        return None
    info, name = snapshot.game, spots[area]
    actions = [choices[i].action for i in indices if name in choices[i].areas]
    view = snapshot.engine.view(None)
    picture = await asyncio.to_thread(render_area, info.game_type, view, name, actions)
    if picture is None:
        return None
    named = list(dict.fromkeys(n for a in actions if (n := place_label(info.game_type, view, a))))
    alt = f"{info.title}: a close-up of {name}, the places you may choose there numbered: {', '.join(named)}."
    return png_file(picture, f"{info.game_type}-{info.id}{AREA_FILE}", clip(alt, DESCRIPTION))


def unzoomed(interaction: Interaction) -> dict[str, Any]:
    """An edit that takes a zoomed picture off the clicked message, once its place is left or its move made."""
    shown = interaction.message.attachments if interaction.message else []
    return {"attachments": []} if any(a.filename.endswith(AREA_FILE) for a in shown) else {}
