"""The operator's window (README, Runbook): `/healthz` for a supervisor and `/metrics` for Prometheus, served
on `METRICS_PORT` by a small aiohttp server in the bot's own event loop; and the event-loop lag probe.

`/healthz` answers 200 while every shard of this process is connected to the gateway and the database
answers, 503 (with the reason) otherwise. `/metrics` reads the database's gauges (outbox and job lag,
games running) at each scrape, then renders every metric with prometheus_client.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

import discord
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.log import server_logger
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.metrics import GAMES_RUNNING, JOB_LAG, LOOP_LAG, OUTBOX_LAG
from bot.storage import Storage

log = logging.getLogger(__name__)

PING_SECONDS = 2.0
"""A database slower than this to answer `SELECT 1` counts as down."""
LOOP_PROBE_SECONDS = 1.0
SAID_OF_REQUEST = 200
"""How much of aiohttp's account of a malformed request the warning quotes (it can quote the request)."""


def _lag(due: datetime | None, now: datetime) -> float:
    return 0.0 if due is None else max(0.0, (now - due).total_seconds())


class ServerLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's server log, except that a request aiohttp could not parse (a header over 8 KB,
    Content-Length beside Transfer-Encoding, a request line that is not HTTP), which it answers 400 and
    reports with a traceback (at ERROR, or at DEBUG for a first bad line), is one WARNING line here: the
    fault is the client's, and nothing of the bot's failed. Anything else (a handler's bug) is passed on."""

    def log(self, level: int, msg: object, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        error = kwargs.get("exc_info")
        if not isinstance(error, HttpProcessingError):
            super().log(level, msg, *args, **kwargs)
            return
        said = " ".join(str(error.message).split())[:SAID_OF_REQUEST]
        self.logger.warning("%s: malformed, answered %s: %s", str(msg) % args, error.code, said)


class HealthServer:
    """`/healthz` and `/metrics` for one bot process."""

    def __init__(self, client: discord.AutoShardedClient, storage: Storage, clock: Callable[[], datetime]) -> None:
        self.client = client
        self.storage = storage
        self.clock = clock
        self._runner: web.AppRunner | None = None
        self._probe: asyncio.Task[None] | None = None

    def problems_with_gateway(self) -> list[str]:
        if not self.client.is_ready():
            return ["not connected to the gateway yet"]
        return [f"shard {s} is disconnected" for s, info in sorted(self.client.shards.items()) if info.is_closed()]

    async def healthz(self, request: web.Request) -> web.Response:
        problems = self.problems_with_gateway()
        try:
            await asyncio.wait_for(self.storage.ping(), PING_SECONDS)
        except Exception as err:
            problems.append(f"the database does not answer: {err!r}")
        if problems:
            return web.Response(status=503, text="; ".join(problems) + "\n")
        return web.Response(text="ok\n")

    async def metrics(self, request: web.Request) -> web.Response:
        now = self.clock()
        try:
            OUTBOX_LAG.set(_lag(await self.storage.next_outbox_try(), now))
            JOB_LAG.set(_lag(await self.storage.next_job_due(), now))
            GAMES_RUNNING.set(await self.storage.games_running())
        except Exception as err:  # the counters are still worth serving
            log.warning("metrics: the database gauges could not be read: %r", err)
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None, logger=ServerLog(server_logger))
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self._probe = asyncio.create_task(probe_loop_lag(), name="loop-lag")
        log.info("serving /healthz and /metrics on http://%s:%s", host, port)

    async def stop(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
        if self._runner is not None:
            await self._runner.cleanup()


async def probe_loop_lag() -> None:
    """Sleep a second at a time; how much later than asked the loop wakes is what blocked it meanwhile."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time() + LOOP_PROBE_SECONDS
        await asyncio.sleep(LOOP_PROBE_SECONDS)
        LOOP_LAG.set(max(0.0, loop.time() - asked))
