"""A plain picture for games that have no renderer of their own yet: the view as text."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.core import Action
from renderers.common import INK, MUTED, PAPER, canvas, encode_png, legible, text

_WIDTH = 720
_SIZE = legible(_WIDTH)
_LINE = _SIZE + 6


def _lines(view: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key, value in view.items():
        rendered = f"{key}: " + json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        out.append(rendered[:70])
        out.extend("    " + rendered[i:i + 66] for i in range(70, len(rendered), 66))
    return out[:60]


def board(view: dict[str, Any], choices: Sequence[Action] = ()) -> bytes:
    lines = _lines(view)
    img, draw = canvas(_WIDTH, 60 + _LINE * max(1, len(lines)))
    text(draw, (20, 16), str(view.get("title", "Game")), 24, on=PAPER, bold=True)
    for i, line in enumerate(lines):
        text(draw, (20, 50 + i * _LINE), line, _SIZE, on=PAPER, fill=MUTED if line.startswith(" ") else INK)
    return encode_png(img)


def private(view: dict[str, Any]) -> bytes:
    return board(view)
