"""A plain picture for games that have no renderer of their own yet: the view as text."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.core import Action
from renderers.cast import Cast
from renderers.common import INK, MUTED, PAPER, PHONE, canvas, encode_png, legible, text, text_width

_WIDTH = 720


def _lines(view: dict[str, Any], size: int) -> list[str]:
    """The view's fields, a line each, cut into lines as wide as the picture at `size` px."""
    per = int((_WIDTH - 40) / text_width("m", size))
    out: list[str] = []
    for key, value in view.items():
        rendered = f"{key}: " + json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        out.append(rendered[:per])
        out.extend("    " + rendered[i:i + per - 4] for i in range(per, len(rendered), per - 4))
    return out[:60]


def _picture(view: dict[str, Any], size: int) -> bytes:
    lines, step = _lines(view, size), size + 6
    img, draw = canvas(_WIDTH, 60 + step * max(1, len(lines)))
    text(draw, (20, 16), str(view.get("title", "Game")), max(24, size), on=PAPER, bold=True)
    for i, line in enumerate(lines):
        text(draw, (20, 50 + i * step), line, size, on=PAPER, fill=MUTED if line.startswith(" ") else INK)
    return encode_png(img)


def board(view: dict[str, Any], choices: Sequence[Action], cast: Cast) -> bytes:
    return _picture(view, legible(_WIDTH))


def private(view: dict[str, Any], cast: Cast) -> bytes:
    """The seat's view, read on a phone."""
    return _picture(view, legible(_WIDTH, PHONE))
