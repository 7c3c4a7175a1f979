"""`python -m bot replay ID --gif out.gif`: a stored game as an animated board, one frame per turn.

Each frame is the public board picture of a turn (see `bot/history.py`), so the GIF shows what the
table showed. A GIF holds at most 256 colours per frame, and a long game at full size would pass
8 MB: frames are downscaled (and their colours reduced) step by step until the file fits.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot import history
from bot.config import Settings
from bot.errors import Refused
from bot.storage import open_storage
from renderers import render_board

LIMIT = 8 * 1024 * 1024
"""The largest GIF written (Discord's upload limit is higher; a GIF this size still plays smoothly)."""
TURN_MS = 600
LAST_MS = 4000
"""The final board stays a while before the animation starts again."""
SIZES = ((900, 128), (720, 96), (560, 64), (420, 48), (320, 32))
"""(width in px, colours) tried in turn until the GIF fits."""


async def load(settings: Settings, game_id: int) -> tuple[str, list[history.Frame]]:
    """The game's type and its public frames, from the database the bot uses."""
    storage = await open_storage(settings.database)
    try:
        row = await storage.load(game_id)
        if row is None or row.state is None:
            raise Refused(f"There is no started game #{game_id} in {settings.database}.", "no_game")
        return row.game_type, await history.story(storage, row)
    finally:
        await storage.close()


def pictures(game_type: str, story: list[history.Frame]) -> list[Image.Image]:
    """Every frame's public board, as drawn for the channel."""
    return [Image.open(io.BytesIO(render_board(game_type, frame.view))).convert("RGB") for frame in story]


def encode(boards: list[Image.Image], width: int, colours: int) -> bytes:
    """An endlessly looping GIF of the boards scaled to `width`, all in one palette of `colours` taken from the
    final board (the fullest one); mapping to a known palette is fast, choosing one per frame is not."""
    scaled = [board.resize((width, round(board.height * width / board.width)), Image.Resampling.BILINEAR)
              if board.width > width else board for board in boards]
    palette = scaled[-1].quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    frames = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in scaled]
    out = io.BytesIO()
    durations = [TURN_MS] * (len(frames) - 1) + [LAST_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()


def gif(game_type: str, story: list[history.Frame], limit: int = LIMIT) -> bytes:
    """The smallest step down in size that brings the game's GIF within `limit` bytes."""
    boards = pictures(game_type, story)
    for width, colours in SIZES:
        data = encode(boards, width, colours)
        if len(data) <= limit:
            return data
    raise Refused(f"The game has too many turns ({len(story)}) for a GIF of at most {limit:,} bytes.", "too_long")


async def write_gif(settings: Settings, game_id: int, target: Path) -> str:
    game_type, story = await load(settings, game_id)
    data = gif(game_type, story)
    target.write_bytes(data)
    return f"Wrote {target}: game #{game_id}, {len(story)} turns, {len(data):,} bytes."
