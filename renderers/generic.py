"""A plain picture for games that have no renderer of their own yet: the view as text."""

from __future__ import annotations

import json
from typing import Any

from renderers.common import INK, MUTED, PAPER, canvas, encode_png, text

_WIDTH = 1000
_LINE = 22


def _lines(view: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key, value in view.items():
        rendered = f"{key}: " + json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        out.append(rendered[:90])
        out.extend("    " + rendered[i:i + 86] for i in range(90, len(rendered), 86))
    return out[:60]


def board(view: dict[str, Any]) -> bytes:
    lines = _lines(view)
    img, draw = canvas(_WIDTH, 60 + _LINE * max(1, len(lines)))
    text(draw, (20, 16), str(view.get("title", "Game")), 24, on=PAPER, bold=True)
    for i, line in enumerate(lines):
        text(draw, (20, 50 + i * _LINE), line, 16, on=PAPER, fill=MUTED if line.startswith(" ") else INK)
    return encode_png(img)


def private(view: dict[str, Any]) -> bytes:
    return board(view)
