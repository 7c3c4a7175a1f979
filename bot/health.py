"""The operator's window (README, Runbook): `/healthz` for a supervisor and `/metrics` for Prometheus, served
on `METRICS_PORT` by a small aiohttp server in the bot's own event loop; and the event-loop lag probe.

`/healthz` says one of three states, in its first word:

* `ok` (200): every shard of this process is connected to the gateway and the database answers.
* `held` (200): the same, but the process holds its sends and timers because it cannot renew its instance (its
  beat waits behind a stall, or its database session ended and it is taking the instance again on a new one):
  it posts nothing, runs no timer and tells players their move could not be saved, and goes on by itself once
  the database answers (`Storage.held`). 200, because the answer a probe acts on is whether to restart the
  process, and a restart cannot help: the new process would wait behind the same stall (and could not take the
  instance while the old session holds it), and a process that can no longer keep its instance stops by itself
  (`fenced`). A probe that alerts reads the word: a hold that lasts is a database to look at, not a bot.
* 503 with the reasons otherwise: a shard disconnected, the database not answering `SELECT 1` within 2 s, or
  `fenced` (the process lost its instance to another and is stopping, with exit code 4).

`/metrics` reads the database's gauges (outbox and job lag, games running) at each scrape, then renders every
metric with prometheus_client.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Callable
from datetime import datetime

import discord
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.log import server_logger
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.metrics import GAMES_RUNNING, JOB_LAG, LOOP_LAG, MALFORMED_REQUESTS, OUTBOX_LAG
from bot.storage import Storage

log = logging.getLogger(__name__)

PING_SECONDS = 2.0
"""A database slower than this to answer `SELECT 1` counts as down."""
HELD = ("held: this process cannot renew its instance (a database stall, or its session ended and it is taking "
        "the instance again): its sends and timers wait and moves are refused until the database answers")
"""`/healthz`'s answer (200) while the storage is `held`."""
FENCED = "fenced: this process lost its instance to another and is stopping (exit code 4)"
"""`/healthz`'s answer (503) once the process is fenced."""
LOOP_PROBE_SECONDS = 1.0
QUOTED_BYTES = 96
"""How much of aiohttp's account of a malformed request (which quotes the request) a note quotes, escaped."""
NOTE_EVERY = 60.0
"""Seconds between two notes of one kind of malformed request: a client cannot fill the log."""
KINDS = {
    "LineTooLong": "a line longer than the server reads",
    "BadHttpMethod": "no HTTP method in the request line (TLS or another protocol on this port)",
    "BadStatusLine": "a request line that is not HTTP",
    "InvalidHeader": "a header that is not well-formed",
    "InvalidURLError": "a target that is not a URL",
    "ContentLengthError": "a body shorter than its Content-Length",
    "TransferEncodingError": "a body that breaks its Transfer-Encoding",
}
"""What was wrong with a request, in the server's words, by the class of aiohttp's error."""


def _lag(due: datetime | None, now: datetime) -> float:
    return 0.0 if due is None else max(0.0, (now - due).total_seconds())


def escaped(data: bytes) -> str:
    """Every byte as `\\xNN`, like a bytes literal that escapes all: what a client sent, in the log without one
    of its words readable there (it cannot make a line say ERROR, CRITICAL or Traceback)."""
    return "".join(f"\\x{b:02x}" for b in data)


def _peer(said: object) -> str:
    """The client's address as aiohttp names it, when it is one."""
    try:
        return str(ipaddress.ip_address(str(said)))
    except ValueError:
        return "an unnamed address"


class ServerLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's server log, except that a request aiohttp could not parse (a header over 8 KB,
    Content-Length beside Transfer-Encoding, a request line that is not HTTP), which it answers 400 and
    reports with a traceback (at ERROR, or at DEBUG for a first bad line), is a WARNING line here in the
    server's words, the request's bytes escaped: the fault is the client's, and nothing of the bot's failed.
    Each is counted (`frontier_malformed_requests_total`), and a kind is noted at most once a minute, with how
    many came since its last note: a client sending thousands writes a line a minute. Anything else (a
    handler's bug) is passed on."""

    def __init__(self, logger: logging.Logger, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(logger, {})
        self.clock = clock
        self._noted: dict[str, float] = {}
        """When each kind was last noted."""
        self._unnoted: dict[str, int] = {}
        """How many of each kind came since its last note."""

    def log(self, level: int, msg: object, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        error = kwargs.get("exc_info")
        if not isinstance(error, HttpProcessingError):
            super().log(level, msg, *args, **kwargs)
            return
        kind = type(error).__name__
        MALFORMED_REQUESTS.labels(kind).inc()
        now = self.clock()
        if now - self._noted.get(kind, now - NOTE_EVERY) < NOTE_EVERY:
            self._unnoted[kind] = self._unnoted.get(kind, 0) + 1
            return
        self._noted[kind] = now
        more = self._unnoted.pop(kind, 0)
        account = str(error.message).encode("utf-8", "backslashreplace")
        self.logger.warning(
            "malformed request from %s, answered %s: %s (%s); aiohttp's account, every byte escaped: b'%s'%s%s",
            _peer(args[0] if args else None), error.code, KINDS.get(kind, "not well-formed HTTP"), kind,
            escaped(account[:QUOTED_BYTES]), "..." if len(account) > QUOTED_BYTES else "",
            f"; {more} more of this kind since its last note" if more else "")


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
        """`ok`, `held` or 503 with the reasons (the module's docstring says why a held process answers 200)."""
        if getattr(self.client, "fenced", False):
            return web.Response(status=503, text=f"{FENCED}\n")
        problems = self.problems_with_gateway()
        try:
            await asyncio.wait_for(self.storage.ping(), PING_SECONDS)
        except Exception as err:
            problems.append(f"the database does not answer: {err!r}")
        held = [HELD] if self.storage.held else []
        if problems:
            return web.Response(status=503, text="; ".join(problems + held) + "\n")
        return web.Response(text=f"{(held or ['ok'])[0]}\n")

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
