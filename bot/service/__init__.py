"""GameService (DESIGN §4): the game lifecycle in plain async Python.

It decides who may do what, runs the engine, and persists through `Storage`: every change
is one transaction that also writes what players must be shown (outbox rows, see
`bot/outbox.py`) and re-plans what must happen later (jobs: AI turns, the reminder, the
timeout). It returns plain `Outcome`s, knows users and channels by id only and imports
nothing of discord.py, so the CLI, the tests and the Discord layer all drive games alike.

One class, built in layers, each module one concern and each free to use the ones below it:
`kernel` (the lock, loading, planning, and `change`, the one way a game is written), `queries`
(read only), `play` (actions, undo), `turns` (what the scheduler and delivery call) and `lobby`
(the table's life besides its moves).
"""

from __future__ import annotations

from bot.errors import Refused
from bot.service.kernel import ELSEWHERE, NOT_SEATED, RESTARTING, STALE, STALE_CODE, Caller, replay, utc_now
from bot.service.lobby import Lobby
from bot.service.play import OTHERS_MOVES, Click, Clicked, StalePanel
from bot.service.queries import Snapshot
from bot.settings import DEFAULT_SETTINGS
from games.core import RuleError


class GameService(Lobby):
    """The one entry point to games: everything in `lobby`, `turns`, `play`, `queries` and `kernel`."""


__all__ = ["DEFAULT_SETTINGS", "ELSEWHERE", "NOT_SEATED", "OTHERS_MOVES", "RESTARTING", "STALE", "STALE_CODE", "Caller",
           "Click", "Clicked", "GameService", "Refused", "RuleError", "Snapshot", "StalePanel", "replay", "utc_now"]
