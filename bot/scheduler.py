"""Turn deadlines (DESIGN §6): one task sleeps until the nearest reminder or deadline.

The times live in the database, so a restart loses nothing: at start-up everything
already due fires at once.  Every move re-arms the task (`wake`).  What the players are
told goes through a `Notifier`, which the Discord layer implements; this module knows
no Discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.errors import Refused
from bot.outcome import GameInfo, Outcome
from bot.service import GameService

log = logging.getLogger(__name__)

IDLE_SECONDS = 3600.0
"""How long to sleep when nothing is scheduled (a move wakes the task sooner)."""


class Notifier(Protocol):
    async def remind(self, game: GameInfo, user_ids: list[int]) -> None:
        """Tell these users, in the channel and by DM, that their move is awaited."""

    async def timed_out(self, outcome: Outcome) -> None:
        """Post what the timeout policy did."""


class Scheduler:
    def __init__(self, service: GameService, notifier: Notifier, *,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.service = service
        self.notifier = notifier
        self._sleep = sleep
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Re-arm: a move changed the nearest deadline."""
        self._wake.set()

    async def fire_due(self) -> int:
        """Send every reminder and apply every deadline that is due now; returns how many fired."""
        fired = 0
        for game_id, kind in await self.service.due():
            try:
                if kind == "timeout":
                    await self.notifier.timed_out(await self.service.time_out(game_id))
                else:
                    game = await self.service.remind(game_id)
                    await self.notifier.remind(game, game.users_to_move())
                fired += 1
            except Refused as err:  # the game moved on meanwhile; it is re-armed by that move
                log.info("deadline of game %s skipped: %s", game_id, err)
        return fired

    async def seconds_to_next(self) -> float:
        nearest = await self.service.next_due()
        if nearest is None:
            return IDLE_SECONDS
        return max(0.0, (nearest - self.service.clock()).total_seconds())

    async def run(self) -> None:
        """Fire what is due, sleep until the next time or a wake-up, forever."""
        while True:
            await self.fire_due()
            self._wake.clear()
            sleeper = asyncio.ensure_future(self._sleep(await self.seconds_to_next()))
            waker = asyncio.ensure_future(self._wake.wait())
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            for task in (sleeper, waker):
                task.cancel()
