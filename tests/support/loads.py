"""Counting the game loads a storage serves, by who asked: a click's handler (cogs/), delivery, or the
scheduler. Wraps the real storage's own `load`, so every backend and every caller is counted alike."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from bot.storage import GameRow, Storage

ROOT = Path(__file__).resolve().parents[2]
CALLERS = {"cogs": ROOT / "cogs", "delivery": ROOT / "bot" / "delivery.py", "scheduler": ROOT / "bot" / "scheduler.py"}


def caller() -> str:
    """Who is loading: the first of `CALLERS` found walking up the stack (each task's stack starts at the
    work it was made for: an interaction's handler, the delivery of a game's rows, a job)."""
    frame = sys._getframe(2)
    while frame is not None:
        path = Path(frame.f_code.co_filename).resolve()
        for name, where in CALLERS.items():
            if path == where or where in path.parents:
                return name
        frame = frame.f_back  # type: ignore[assignment]
    return "other"


class LoadCounter:
    """How many times `storage.load` ran, per caller, since the last `reset`."""

    def __init__(self, storage: Storage) -> None:
        self.counts: Counter[str] = Counter()
        original = storage.load

        async def load(game_id: int) -> GameRow | None:
            self.counts[caller()] += 1
            return await original(game_id)

        storage.load = load  # type: ignore[method-assign]

    def reset(self) -> None:
        self.counts.clear()
