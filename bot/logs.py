"""Log lines, as text or as JSON lines (`LOG_FORMAT=json`, through python-json-logger), each naming the game
and the kind of work it was written for: the context is set where the work is taken up (a delivery row, a
job, a change to a game) and carried by contextvars, so every line under it says so without being told."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import discord
from pythonjsonlogger.json import JsonFormatter

FIELDS = ("game_id", "kind")
"""What every line carries (None when it is not about one game)."""
_context: ContextVar[dict[str, Any]] = ContextVar("frontier_log_context", default={})  # noqa: B039 (never mutated)


@contextmanager
def log_context(**fields: Any) -> Iterator[None]:
    """Name the game and kind of work for every line logged inside (nested contexts add to the outer one)."""
    token = _context.set({**_context.get(), **fields})
    try:
        yield
    finally:
        _context.reset(token)


def interaction_context(payload: dict[str, Any]) -> dict[str, Any]:
    """What an INTERACTION_CREATE is about, for the lines logged while it is handled: the game its control
    names (custom ids are `fr:<control>:<game>:…`), and `button:<control>` or `command:<name>`."""
    data = payload.get("data") or {}
    custom_id = str(data.get("custom_id") or "")
    if not custom_id:
        return {"game_id": None, "kind": f"command:{data.get('name', '')}"}
    parts = custom_id.split(":")
    game_id = int(parts[2]) if len(parts) > 2 and parts[0] == "fr" and parts[2].isdigit() else None
    return {"game_id": game_id, "kind": f"button:{parts[1] if len(parts) > 1 else custom_id}"}


class WorkContext(logging.Filter):
    """Puts the current game id and kind on each record."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = _context.get()
        for name in FIELDS:
            setattr(record, name, context.get(name))
        return True


def setup_logging(level: str, fmt: str = "text") -> None:
    """Log to stderr at `level`, as discord.py's text lines or (`json`) one JSON object per line."""
    handler = logging.StreamHandler()
    handler.addFilter(WorkContext())
    extra: dict[str, Any] = {}  # text: discord.py's own formatter
    if fmt == "json":
        extra["formatter"] = JsonFormatter("{asctime}{levelname}{name}{message}{game_id}{kind}", style="{",
                                           rename_fields={"asctime": "time", "levelname": "level", "name": "logger"})
    discord.utils.setup_logging(handler=handler, level=getattr(logging, level, logging.INFO), **extra)
