"""The pictures the bot uploads, each with its alt text: Discord shows it to screen readers and where a picture
does not load, and `renderers.text.alt_text` writes it from the very view the picture was drawn from."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.outcome import GameInfo
from bot.seats import cast_of
from renderers import render_private
from renderers.text import alt_text


def png_file(data: bytes, name: str, description: str) -> discord.File:
    """A PNG attachment with its alt text (`renderers.text.alt_text` of the view it was drawn from)."""
    return discord.File(io.BytesIO(data), filename=name, description=description)


async def hand_file(game: GameInfo, view: dict) -> discord.File | None:
    """A player's private picture (`view` is their seat's) with its alt text, drawn off the event loop, the seats
    named as that player reads them (None: the game has none)."""
    cast = cast_of(game.seats, view.get("seat"), text=False)
    picture = await asyncio.to_thread(render_private, game.game_type, view, cast)
    if picture is None:
        return None
    return png_file(picture, f"{game.game_type}-hand.png", alt_text(game.game_type, view, "hand", cast=cast))
