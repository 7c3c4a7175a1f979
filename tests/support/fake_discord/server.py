"""The local Discord: an aiohttp server on 127.0.0.1 with Discord's REST API and gateway.

Every REST request is checked against Discord's OpenAPI spec; anything that would not pass
(unknown route, invalid body, missing token) is kept in `failures`; `broken_rules()` lists those with
every unanswered or late interaction, and the e2e `fake` fixture fails a test when it is not empty.
What the bot posts is kept per channel and per DM, so a test reads a channel as a person would
(`channel_messages`, `dm_messages`).

Faults a test injects (each answers as Discord does, and is a `Fault`: `.hits`, `.stop()`).
`method`/`route` take one name or several (route: the spec's template, e.g. MESSAGES =
"/channels/{channel_id}/messages"); `channel=` or other path parameters narrow them; a span
is `times` answers and/or `seconds` of `fake.clock` (neither: once):
  server_error(status=500, times=, seconds=, method=, route=, channel=, took_effect=False)
  outage(seconds=30, status=503, method=, route=, channel=)      all REST by default
  rate_limit(retry_after=0.5, times=, seconds=, is_global=False, method=, route=, channel=)
  rate_limit_once(method, template, retry_after=0.5, **params)
  slow(delay=2.0, times=, seconds=, method=, route=, channel=)  served after `delay` real seconds (never,
                                                                 if the client is gone by then)
  slow(..., took_effect=True)                                    served at once, the answer held back
  forbid(channel, code=50013 | 50001, method=, route=)            403 until .stop()
  await delete_channel(channel, dispatch=True)                   404 10003 from then on
  refuse_dms(user)                                               403 50007
  refuse_late_answers = True                                     callbacks after 3 s: 404 10062
  clock.advance(seconds)                                         reach deadlines without sleeping
  (follow-up tokens expire 15 min after the interaction: 401 50027, always on)
  gateway.drop(code=4000, resumable=True), gateway.request_reconnect(),
  gateway.invalidate_session(resumable=False), gateway.ack_heartbeats = False,
  gateway.unreachable = True                                     connecting fails (503) until unset
What people do beside the bot: `say(user, text, channel_id=)` types a message in a channel.
What happened: `requests_to(method, route, status=, fault=, channel=, **params)` and `count(...)`,
`rate_limited`, `late_answers`, `refused_dms`, `gateway.heartbeats/acks/heartbeat_gaps/closes`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .clock import FakeClock
from .cpu import run_queue_seconds
from .faults import FORBIDDEN, RATE_LIMITED, SERVER_ERRORS, Fault, names, rate_limit_headers
from .gateway import Gateway
from .interactions import InteractionRecord
from .model import (
    DM,
    GUILD_TEXT,
    Channel,
    Guild,
    Member,
    StoredMessage,
    User,
    snowflake,
)
from .openapi import OpenApiChecker
from .rest import ROUTES, ApiError, ApiRequest, Upload, thread_channel

API_PREFIX = "/api/v10"
MESSAGES = "/channels/{channel_id}/messages"
"""The route a channel post takes, the one faults most often aim at."""
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
"""The route of one posted message: read, edited (a board's buttons stripped), deleted."""
_checker: OpenApiChecker | None = None


def shared_checker() -> OpenApiChecker:
    """The spec is big: load it once per test process."""
    global _checker
    if _checker is None:
        _checker = OpenApiChecker()
    return _checker


@dataclass
class RequestRecord:
    method: str
    path: str
    template: str | None
    status: int
    body: Any
    params: dict[str, str] = field(default_factory=dict)
    fault: Fault | None = None
    """The injected fault that answered it (or only slowed it), if one did."""
    at: float = 0.0
    """When it arrived, on the fake's clock."""

    def answered_by(self, fault: Fault | bool) -> bool:
        """By this fault; or (True/False) by any fault / by none."""
        return self.fault is fault if isinstance(fault, Fault) else (self.fault is not None) == fault


ChannelRef = Channel | int | None
Names = str | Iterable[str] | None


def _params(channel: ChannelRef, params: dict[str, Any]) -> dict[str, str]:
    """Path parameters to match, as the strings they are in a URL (`channel` is channel_id)."""
    out = {k: str(v) for k, v in params.items()}
    if channel is not None:
        out["channel_id"] = str(channel.id if isinstance(channel, Channel) else channel)
    return out


SLOW_CHECK = 0.01
"""Seconds past which a `wait_for` predicate counts as slow to check (see there)."""


class FakeDiscord:
    """Guilds with text channels and members (`guild` is the first), one bot application, DMs and threads.

    `shards`: how many shards GET /gateway/bot recommends. Each gateway session is the shard its
    IDENTIFY names, `[i, n]`, and receives only its guilds, those with `(guild_id >> 22) % n == i`;
    DMs and DM interactions go to shard 0, as on Discord (gateway.py)."""

    def __init__(self, *, token: str = "fake", heartbeat_interval_ms: int = 41_250,
                 checker: OpenApiChecker | None = None, check_answers: bool = False,
                 refuse_late_answers: bool = False, clock: FakeClock | None = None, shards: int = 1) -> None:
        self.token = token
        self.shards = shards
        self.clock = clock or FakeClock()
        """Discord's deadlines run on this clock; `fake.clock.advance(s)` reaches them without sleeping."""
        self.refuse_late_answers = refuse_late_answers
        """Answer an interaction callback after 3 s with 404 10062, as Discord does (still in late_answers)."""
        self.checker = checker or shared_checker()
        self.check_answers = check_answers
        self.answer_problems: list[str] = []
        """With check_answers: where the fake's own answers break the spec's response schemas."""
        self.bot = User(snowflake(), "Frontier", bot=True)
        self.application_id = self.bot.id
        self.owner = User(snowflake(), "owner")
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, list[StoredMessage]] = {}
        self._message_index: dict[int, StoredMessage] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.dm_refused: set[int] = set()
        self.refused_dms: list[int] = []
        """Users a DM was refused to (50007), once per attempt."""
        self.nonces: dict[tuple[int, str], tuple[StoredMessage, float]] = {}
        """(channel, nonce) -> the message an enforced nonce created, and when."""
        self.failures: list[str] = []
        self.late_answers: list[tuple[int, float]] = []
        """(interaction id, seconds) for callbacks later than Discord's 3 s, not counting the time the processes
        in `watched` waited for a core meanwhile (the machine's part, not the bot's)."""
        self.watched: dict[int, float] = {os.getpid(): 0.0}
        """The processes whose waits for a core are the machine's, not the bot's — this one (the fake, and the
        bot when a test runs it in process) and every bot process a test starts (`BotProcess`) — with the wait
        last read of each (kept once a process is gone)."""
        self.unanswerable: set[int] = set()
        """Interactions whose bot process was killed before it answered: nobody can answer them now."""
        self.requests: list[RequestRecord] = []
        self.rate_limited: list[RequestRecord] = []
        self.abandoned: list[RequestRecord] = []
        """Requests held back by `slow` whose client went away meanwhile (killed): never served."""
        self.faults: list[Fault] = []
        self.deleted_channels: dict[int, Channel] = {}
        self._in_flight = 0
        self._last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self.gateway = Gateway(self, heartbeat_interval_ms=heartbeat_interval_ms)
        self.guild = self.add_guild("Frontier Test", shard=0)
        self.channel = self.add_text_channel("games")
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What DISCORD_API_BASE is set to for the bot."""
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # --- the world ----------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: int | None = None) -> Guild:
        """A guild the bot and the owner are in (both manage it); with `shard`, one whose id puts it on
        that shard of `shards` (its id's timestamp is moved by a few milliseconds)."""
        guild_id = snowflake()
        if shard is not None:
            guild_id += ((shard - (guild_id >> 22)) % self.shards) << 22
        guild = Guild(guild_id, name, self.owner.id)
        guild.members[self.bot.id] = Member(self.bot, manager=True)
        guild.members[self.owner.id] = Member(self.owner, manager=True)
        self.guilds[guild.id] = guild
        return guild

    def shard_of(self, guild_id: int | None, shards: int | None = None) -> int:
        """The shard (of `shards`, default the recommended count) that receives a guild's events; DMs: 0."""
        return 0 if guild_id is None else (guild_id >> 22) % (shards or self.shards)

    def add_user(self, name: str, *, manager: bool = False, guilds: Iterable[Guild] | None = None) -> User:
        """A person who is a member of these guilds (the first guild by default)."""
        user = User(snowflake(), name)
        self.users[user.id] = user
        for guild in guilds or [self.guild]:
            guild.members[user.id] = Member(user, manager=manager)
        return user

    def add_text_channel(self, name: str, guild: Guild | None = None) -> Channel:
        """A text channel in `guild` (the first guild by default)."""
        guild = guild or self.guild
        channel = Channel(snowflake(), GUILD_TEXT, name=name, guild_id=guild.id, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel or thread is in; None for a DM (or a guild that is gone)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def refuse_dms(self, user: User) -> None:
        """From now on, DMs to this user fail with 50007, as when they closed their DMs."""
        self.dm_refused.add(user.id)

    # --- faults (see faults.py; each returns its Fault: .hits counts its answers, .stop() ends it) ----

    def inject(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def _span(self, times: int | None, seconds: float | None) -> dict[str, Any]:
        """Neither given: once. Both: whichever runs out first."""
        if times is None and seconds is None:
            times = 1
        return {"times": times, "until": None if seconds is None else self.clock.now() + seconds}

    def server_error(self, status: int = 500, *, times: int | None = None, seconds: float | None = None,
                     method: Names = None, route: Names = None, channel: ChannelRef = None,
                     took_effect: bool = False, **params: Any) -> Fault:
        """Answer matching requests with a 5xx: once, `times` times, and/or for `seconds` of the fake's clock.

        discord.py retries 500/502/504 by itself (5 tries, sleeping 1, 3, 5, 7, 9 s) and raises
        DiscordServerError on a 503 at once. With `took_effect`, the request is carried out and only
        the answer is lost, so a retry does it twice (a gateway timeout after the message was posted)."""
        if status not in SERVER_ERRORS:
            raise ValueError(f"a server error is one of {sorted(SERVER_ERRORS)}, not {status}")
        return self.inject(Fault(status, 0, SERVER_ERRORS[status], names(method, upper=True), names(route),
                                 _params(channel, params), took_effect=took_effect, **self._span(times, seconds)))

    def outage(self, seconds: float = 30.0, status: int = 503, *, method: Names = None, route: Names = None,
               channel: ChannelRef = None, **params: Any) -> Fault:
        """Every matching REST request (all of them by default) fails with `status` for `seconds`."""
        return self.server_error(status, seconds=seconds, method=method, route=route, channel=channel, **params)

    def rate_limit(self, *, retry_after: float = 0.5, times: int | None = None, seconds: float | None = None,
                   is_global: bool = False, method: Names = None, route: Names = None, channel: ChannelRef = None,
                   **params: Any) -> Fault:
        """Answer matching requests with a 429 (once, `times` in a row, and/or for `seconds`).

        A per-route 429 carries the bucket's headers (Remaining 0, Reset-After) and Scope "user";
        a global one (`is_global`) hits every route but the interaction ones, with body "global": true
        and headers X-RateLimit-Global: true, X-RateLimit-Scope: global. Both send Retry-After and
        Via (without Via discord.py takes a 429 for a Cloudflare ban). A retry before retry_after is
        over gets another 429 (counted in `Fault.early`)."""
        return self.inject(Fault(429, 0, RATE_LIMITED, names(method, upper=True), names(route),
                                 _params(channel, params), retry_after=retry_after, is_global=is_global,
                                 **self._span(times, seconds)))

    def rate_limit_once(self, method: str, template: str, *, retry_after: float = 0.5, **params: Any) -> Fault:
        """Answer the next matching request with a 429 (then serve the retry normally)."""
        return self.rate_limit(retry_after=retry_after, method=method, route=template, **params)

    def slow(self, delay: float = 2.0, *, times: int | None = None, seconds: float | None = None,
             method: Names = None, route: Names = None, channel: ChannelRef = None, took_effect: bool = False,
             **params: Any) -> Fault:
        """Hold matching requests back `delay` real seconds, then serve them: Discord answering slowly. With
        `took_effect`, the request is carried out at once and only its answer held back: a client killed meanwhile
        never learns that its message was posted."""
        return self.inject(Fault(0, 0, "", names(method, upper=True), names(route), _params(channel, params),
                                 delay=delay, took_effect=took_effect, **self._span(times, seconds)))

    def forbid(self, channel: Channel | int, code: int = 50013, *, method: Names = None,
               route: Names = None) -> Fault:
        """From now on (until `.stop()`), requests about this channel answer 403: code 50001 "Missing
        Access" (the bot cannot see it) or 50013 "Missing Permissions" (it may not do this there).
        Narrow it with `method`/`route`, e.g. only POST of messages for a lost Send Messages permission."""
        if code not in FORBIDDEN:
            raise ValueError(f"a channel refusal is one of {sorted(FORBIDDEN)}, not {code}")
        return self.inject(Fault(403, code, FORBIDDEN[code], names(method, upper=True), names(route),
                                 _params(channel, {})))

    def clear_faults(self) -> None:
        for fault in self.faults:
            fault.stop()
        self.faults.clear()

    async def delete_channel(self, channel: Channel, *, dispatch: bool = True) -> None:
        """Someone deleted the channel (and its threads): every request about it answers 404 10003
        "Unknown Channel". With `dispatch`, the bot is told (CHANNEL_DELETE or THREAD_DELETE)."""
        gone = [channel] + [c for c in self.channels.values() if c.parent_id == channel.id]
        for c in gone:
            self.channels.pop(c.id, None)
            guild = self.guild_of(c)
            if guild is not None:
                guild.channels.pop(c.id, None)
            self.deleted_channels[c.id] = c
        if dispatch:
            event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
            payload = channel.payload() if not channel.is_thread else {
                "id": str(channel.id), "guild_id": str(channel.guild_id), "parent_id": str(channel.parent_id),
                "type": channel.type}
            await self.gateway.dispatch(event, payload)

    # --- counting, for "posted exactly once" ------------------------------------------------

    def requests_to(self, method: Names = None, route: Names = None, *, status: int | None = None,
                    fault: Fault | bool | None = None, channel: ChannelRef = None,
                    **params: Any) -> list[RequestRecord]:
        """The requests that arrived, oldest first, filtered: method(s), route template(s), path
        parameters, the status answered, and `fault` (a Fault: answered by it; True/False: by any/none)."""
        methods, routes, wanted = names(method, upper=True), names(route), _params(channel, params)
        return [r for r in self.requests
                if (methods is None or r.method in methods) and (routes is None or r.template in routes)
                and all(r.params.get(k) == v for k, v in wanted.items())
                and (status is None or r.status == status)
                and (fault is None or r.answered_by(fault))]

    def count(self, method: Names = None, route: Names = None, *, status: int | None = None,
              fault: Fault | bool | None = None, channel: ChannelRef = None, **params: Any) -> int:
        """How many requests `requests_to` finds with these filters."""
        return len(self.requests_to(method, route, status=status, fault=fault, channel=channel, **params))

    def fail(self, problem: str) -> None:
        self.failures.append(problem)

    def unanswered(self) -> list[InteractionRecord]:
        """Interactions the bot has not acknowledged (Discord's client shows "The application did not
        respond"), except those `give_up_unanswered` set aside."""
        return [r for r in self.interactions.values() if r.callback_type is None and r.id not in self.unanswerable]

    def waited(self) -> float:
        """How long the watched processes have waited for a core so far (`cpu.run_queue_seconds`)."""
        for pid, before in self.watched.items():
            self.watched[pid] = run_queue_seconds(pid) or before
        return sum(self.watched.values())

    def give_up_unanswered(self) -> None:
        """The bot process is gone (killed): what it had not answered yet nobody will answer."""
        self.unanswerable |= {r.id for r in self.unanswered()}

    def broken_rules(self) -> list[str]:
        """Everything recorded that real Discord would refuse or a person would see fail: requests that
        break the spec or Discord's limits, the fake's own answers that break the spec (with
        check_answers), interactions never answered, and interactions answered after 3 s."""
        return [*self.failures,
                *(f"the fake's own answer breaks the spec: {p}" for p in self.answer_problems),
                *(f"interaction {r.id} (type {r.type}, from {r.user.username}) was never answered"
                  for r in self.unanswered()),
                *(f"interaction {i} was answered after {s:.1f} s (Discord allows 3 s)" for i, s in self.late_answers)]

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient is not None and channel.recipient.id == user.id:
                return channel
        channel = Channel(snowflake(), DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    async def open_thread(self, parent: Channel, name: str, kind: int, thread_id: int) -> Channel:
        if parent.is_dm or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread = thread_channel(parent, name, kind, thread_id, self.bot.id)
        guild = self.guild_of(parent)
        assert guild is not None
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        await self.gateway.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True})
        return thread

    def guild_or_404(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def channel_or_404(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def store(self, message: StoredMessage) -> StoredMessage:
        self.messages.setdefault(message.channel_id, []).append(message)
        self._message_index[message.id] = message
        return message

    def say(self, user: User, content: str, channel_id: int | None = None) -> StoredMessage:
        """A person's message typed in a channel (the fake's channel by default): the talk between boards."""
        return self.store(StoredMessage(snowflake(), self.channel.id if channel_id is None else channel_id, user,
                                        content))

    def find_message(self, message_id: int) -> StoredMessage | None:
        return self._message_index.get(message_id)

    def message_or_404(self, channel_id: int, message_id: int) -> StoredMessage:
        msg = self._message_index.get(message_id)
        if msg is None or msg.channel_id != channel_id or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    # --- reading, as a person would -----------------------------------------------------

    def channel_messages(self, channel_id: int | None = None, *, viewer: User | None = None) -> list[StoredMessage]:
        """A channel's messages, oldest first: the public ones, plus ephemeral ones shown to `viewer`."""
        cid = self.channel.id if channel_id is None else channel_id
        return [m for m in self.messages.get(cid, []) if not m.deleted
                and (m.visible_to is None or (viewer is not None and m.visible_to == viewer.id))]

    def dm_messages(self, user: User) -> list[StoredMessage]:
        """What the bot sent this user by DM."""
        return [m for c in self.channels.values() if c.is_dm and c.recipient is not None
                and c.recipient.id == user.id for m in self.messages.get(c.id, []) if not m.deleted]

    def all_dms(self) -> dict[int, list[StoredMessage]]:
        """User id -> the DMs they received."""
        return {c.recipient.id: self.messages.get(c.id, []) for c in self.channels.values()
                if c.is_dm and c.recipient is not None}

    # --- waiting ------------------------------------------------------------------------

    async def wait_for(self, predicate: Callable[[], Any], *, timeout: float = 30.0, what: str = "") -> Any:
        """Wait until `predicate()` is truthy (checked after every request), and return its value. A predicate that
        is slow to check (a database read through psql) is checked less often, so that it takes at most a tenth of
        the loop the fake serves the bot from: checked after every request, it had slowed a whole AI game's
        requests past a test's timeout on a loaded machine."""
        deadline = time.monotonic() + timeout
        while True:
            started = time.monotonic()
            value = predicate()
            if value:
                return value
            spent = time.monotonic() - started
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what or predicate}")
            if spent > SLOW_CHECK:
                await asyncio.sleep(min(spent * 9, left, 0.5))
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.25))

    async def settle(self, *, quiet: float = 0.4, timeout: float = 30.0) -> None:
        """Wait until no request has arrived for `quiet` seconds (the bot has done its work): woken by every request,
        else when the quiet time since the last one is up (not at `wait_for`'s next poll, which made every settle
        last at least a quarter of a second)."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            still = quiet - (now - self._last_activity) if self._in_flight == 0 else 0.25
            if still <= 0:
                return
            if now >= deadline:
                raise TimeoutError(f"timed out after {timeout:.0f} s waiting for the bot to go quiet")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(still, deadline - now))

    # --- the REST entry point -----------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        try:
            return await self._serve(request)
        finally:
            self._in_flight -= 1
            self._last_activity = time.monotonic()
            self._changed.set()

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        method = request.method
        path = "/" + request.match_info["tail"]
        body, uploads, has_body = await _read_body(request)
        route, problems = self.checker.check(method, path, dict(request.query), body, has_body=has_body)
        self.failures.extend(problems)
        template = route.template if route else None

        now = self.clock.now()
        params = route.params if route else {}

        def answer(status: int, payload: Any, headers: dict[str, str] | None = None,
                   fault: Fault | None = None) -> web.Response:
            record = RequestRecord(method, path, template, status, body, params, fault, now)
            self.requests.append(record)
            if status == 429:
                self.rate_limited.append(record)
            if payload is None:
                return web.Response(status=status, headers=headers)
            # Exactly "application/json" (no charset): discord.py only parses that as JSON.
            return web.Response(body=json.dumps(payload).encode(), status=status,
                                headers={**(headers or {}), "Content-Type": "application/json"})

        if route is None or self.checker.operation(route.template, method) is None:
            return answer(404, {"message": "404: Not Found", "code": 0})
        if not route.template.startswith(("/webhooks/", "/interactions/")) and \
                request.headers.get("Authorization") != f"Bot {self.token}":
            self.fail(f"{method} {path}: missing or wrong Authorization header")
            return answer(401, {"message": "401: Unauthorized", "code": 0})
        fault = self._fault_for(method, route.template, params, now)
        held = fault if fault is not None and fault.delay else None

        async def abandoned() -> bool:
            """Hold the answer back; True when the client went away meanwhile (killed): it never gets one."""
            assert held is not None
            if await _held(request, held.delay):
                return False
            self.abandoned.append(RequestRecord(method, path, template, 0, body, params, held, now))
            return True

        if held is not None and not held.took_effect and await abandoned():
            return web.Response(status=499)
        failing = fault if fault is not None and fault.status else None

        def faulted(by: Fault) -> web.Response:
            payload, headers = by.answer(now, route.template)
            self._check_error(route.template, method, by.status, payload)
            return answer(by.status, payload, headers, by)

        if failing is not None and not failing.took_effect:
            return faulted(failing)
        handler = ROUTES.get((method, route.template))
        if handler is None:
            self.fail(f"{method} {route.template}: a real Discord route the fake does not serve yet")
            return answer(404, {"message": "404: Not Found", "code": 0})
        req = ApiRequest(method, route.template, params, dict(request.query), body, uploads)
        try:
            if "channel_id" in params:
                self.channel_or_404(int(params["channel_id"]))
            payload = await handler(self, req)
        except ApiError as err:
            if failing is not None:
                return faulted(failing)
            error = {"message": err.message, "code": err.code}
            self._check_error(route.template, method, err.status, error)
            return answer(err.status, error, rate_limit_headers(route.template))
        if failing is not None:
            return faulted(failing)
        if held is not None and held.took_effect and await abandoned():  # done, and the answer lost on the way
            return web.Response(status=499)
        status = 204 if payload is None else (201 if "201" in self._responses(route.template, method) else 200)
        if self.check_answers and payload is not None:
            problem = self.checker.check_response(route.template, method, status, payload)
            if problem:
                self.answer_problems.append(problem)
        return answer(status, payload, rate_limit_headers(route.template), fault)

    def _responses(self, template: str, method: str) -> dict[str, Any]:
        return (self.checker.operation(template, method) or {}).get("responses", {})

    def _fault_for(self, method: str, template: str, params: dict[str, str], now: float) -> Fault | None:
        """The first injected fault that answers this request, if any (faults are tried in order)."""
        return next((f for f in self.faults if f.matches(method, template, params) and f.take(now)), None)

    def _check_error(self, template: str, method: str, status: int, payload: dict[str, Any]) -> None:
        """An error answer must fit the spec too: its 429 schema, its 4XX one, or (5xx, which the spec
        leaves out) the same Error shape."""
        if not self.check_answers:
            return
        key = str(status) if str(status) in self._responses(template, method) else "4XX"
        problem = self.checker.check_response(template, method, key, payload)
        if problem:
            self.answer_problems.append(problem)

    # --- simulated users' interactions (the driver builds the data) ----------------------

    async def interact(self, kind: int, user: User, channel_id: int, data: dict[str, Any], *,
                       message: StoredMessage | None = None) -> InteractionRecord:
        """Dispatch an INTERACTION_CREATE from `user` in `channel_id`, as Discord's client would cause."""
        channel = self.channel_or_404(channel_id)
        iid = snowflake()
        record = InteractionRecord(self, iid, f"tok-{iid}", kind, user, channel.id, {},
                                   message_id=message.id if message else None, sent_at=self.clock.now(),
                                   waited_at=self.waited())
        record.payload = self._interaction_payload(record, channel, data, message)
        self.interactions[iid] = record
        self.by_token[record.token] = record
        await self.gateway.dispatch("INTERACTION_CREATE", record.payload)
        return record

    def _interaction_payload(self, record: InteractionRecord, channel: Channel, data: dict[str, Any],
                             message: StoredMessage | None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(record.id), "application_id": str(self.application_id), "type": record.type,
            "data": data, "token": record.token, "version": 1, "locale": "en-US",
            "channel_id": str(channel.id), "channel": channel.payload(), "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024, "app_permissions": str((1 << 53) - 1),
        }
        guild = self.guild_of(channel)
        if guild is None:
            payload |= {"user": record.user.payload(), "context": 1,
                        "authorizing_integration_owners": {"0": str(self.guild.id)}}
        else:
            member = guild.members[record.user.id]
            payload |= {"guild_id": str(guild.id), "guild_locale": "en-US", "context": 0,
                        "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                        "member": member.payload(guild.manager_role_id, with_permissions=True),
                        "authorizing_integration_owners": {"0": str(guild.id)}}
        if message is not None:
            payload["message"] = message.payload(self.url)
        return payload

async def _held(request: web.Request, delay: float) -> bool:
    """Hold a request `delay` seconds, as a slow Discord; False when its client went away meanwhile."""
    end = time.monotonic() + delay
    while time.monotonic() < end:
        if request.transport is None or request.transport.is_closing():
            return False
        await asyncio.sleep(min(0.05, end - time.monotonic()))
    return request.transport is not None and not request.transport.is_closing()


async def _read_body(request: web.Request) -> tuple[Any, dict[int, Upload], bool]:
    """The JSON body, or a multipart's payload_json plus its files[n] parts."""
    uploads: dict[int, Upload] = {}
    if request.content_type == "multipart/form-data":
        body: Any = None
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = part.name or ""
            raw = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                body = json.loads(raw)
            elif name.startswith("files[") and name.endswith("]"):
                uploads[int(name[6:-1])] = Upload(part.filename or name, bytes(raw),  # type: ignore[union-attr]
                                                  part.headers.get("Content-Type", "application/octet-stream"))
            else:
                body = body if body is not None else {}
                body[name] = raw.decode()
        return body, uploads, True
    raw = await request.read()
    if not raw:
        return None, uploads, False
    return json.loads(raw), uploads, True
