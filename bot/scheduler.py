"""The scheduler (DESIGN §6): runs the due rows of `jobs` — AI turns, reminders, timeouts.

Jobs live in the database, planned in the same transaction as the change that caused
them, so a restart loses nothing: at start-up everything already due runs at once. Each
job is claimed with a lease (only one process runs it), carries the game version it was
planned for (a job whose game moved on does nothing), and a job that fails is logged
with its game and retried with backoff. Nothing one job does stops the loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.logs import log_context
from bot.retry import backoff
from bot.service import GameService
from bot.storage import JobRow, StorageUnavailable

log = logging.getLogger(__name__)

IDLE_SECONDS = 60.0
"""The longest sleep: other processes sharing the database plan jobs this one is not woken for."""
LEASE = timedelta(minutes=2)
BATCH = 20
FAILED_LOOP_PAUSE = 5.0


def process_name() -> str:
    """Who holds a lease: this host and process."""
    return f"{socket.gethostname()}:{os.getpid()}"


class Scheduler:
    def __init__(self, service: GameService, *, owner: str | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, lease: timedelta = LEASE) -> None:
        self.service = service
        self.storage = service.storage
        self.owner = owner or process_name()
        self.lease = lease
        self._sleep = sleep
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Re-arm: a change planned new jobs."""
        self._wake.set()

    async def run_due(self) -> int:
        """Claim and run the jobs due now; returns how many were claimed.  Different games' jobs run side by
        side (a hard AI seat thinking in a worker must not hold up another game's turn or timeout);
        one game's run in the order claimed. None while the storage is `held`: another process may soon run them."""
        if self.storage.held:
            return 0
        jobs = await self.storage.claim_jobs(now=self.service.clock(), owner=self.owner, lease=self.lease, limit=BATCH)
        by_game: dict[int, list[JobRow]] = {}
        for job in jobs:
            by_game.setdefault(job.game_id, []).append(job)
        ended = await asyncio.gather(*(self._run_in_turn(game_jobs) for game_jobs in by_game.values()),
                                     return_exceptions=True)
        for error in ended:
            if isinstance(error, BaseException):
                raise error  # the database is down: the loop waits for it (each other game's job ran or lapses)
        return len(jobs)

    async def _run_in_turn(self, jobs: list[JobRow]) -> None:
        for job in jobs:
            with log_context(game_id=job.game_id, kind=job.kind):
                await self._run(job)

    async def _run(self, job: JobRow) -> None:
        try:
            did = await self.service.run_job(job)
        except StorageUnavailable:
            raise  # nothing can be recorded, not even the retry: the loop waits for the database
        except Exception as err:
            if self.service.closing:
                return  # the lease lapses; the next start runs it
            wait = backoff(job.attempts + 1)
            log.exception("job_failed game=%s kind=%s version=%s attempt=%s retry_in=%.0fs error=%r",
                          job.game_id, job.kind, job.for_version, job.attempts + 1, wait, err)
            await self.storage.retry_job(job, due=self.service.clock() + timedelta(seconds=wait))
            return
        await self.storage.finish_job(job)
        log.debug("job game=%s kind=%s version=%s: %s", job.game_id, job.kind, job.for_version, did)

    async def drain(self) -> int:
        """Run jobs until none is due (AI seats move one job after another); returns how many ran."""
        total = 0
        while ran := await self.run_due():
            total += ran
        return total

    async def seconds_to_next(self) -> float:
        nearest = await self.storage.next_job_due()
        if nearest is None:
            return IDLE_SECONDS
        return min(IDLE_SECONDS, max(0.0, (nearest - self.service.clock()).total_seconds()))

    async def run(self) -> None:
        """Run what is due, sleep until the next job or a wake-up, forever; an error is logged, never fatal."""
        while not self.service.closing:
            self._wake.clear()
            try:
                await self.drain()
                delay = await self.seconds_to_next()
            except StorageUnavailable as err:
                log.debug("scheduler_paused: the database cannot save (%s); trying again in %.0f s", err.cause,
                          FAILED_LOOP_PAUSE)
                delay = FAILED_LOOP_PAUSE
            except Exception:
                log.exception("scheduler_loop_failed; trying again in %.0f s", FAILED_LOOP_PAUSE)
                delay = FAILED_LOOP_PAUSE
            sleeper = asyncio.ensure_future(self._sleep(delay))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
