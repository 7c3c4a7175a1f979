"""What every picture the bot posts must be: a whole, valid PNG that Discord takes and a phone can read."""

from __future__ import annotations

import io

from PIL import Image

from renderers.common import MIN_WIDTH

MAX_BYTES = 400 * 1024


def picture(png: bytes | None, *, min_width: int = MIN_WIDTH) -> Image.Image:
    """The decoded image, after checking it is a complete PNG within the size limits."""
    assert png is not None
    assert len(png) <= MAX_BYTES
    Image.open(io.BytesIO(png)).verify()  # verify() leaves the image unusable, so it is opened again
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width >= min_width
    return image
