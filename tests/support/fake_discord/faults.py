"""Faults real Discord has, as rules a test injects: server errors, outages, 429s, refusals.

A `Fault` says which requests it hits (methods, the spec's route templates, path parameters such
as channel_id), for how long (a number of answers, a span of the fake's clock, or until stopped)
and what it answers. The answers are Discord's own: a `{"message", "code"}` body (429s add
`retry_after` and `global`) with Discord's headers, valid against the spec's error responses.
`FakeDiscord` (server.py) has the methods that build them; this module holds the rule itself.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

SERVER_ERRORS = {500: "500: Internal Server Error", 502: "502: Bad Gateway", 503: "503: Service Unavailable",
                 504: "504: Gateway Timeout"}
FORBIDDEN = {50001: "Missing Access", 50013: "Missing Permissions"}
RATE_LIMITED = "You are being rate limited."
EARLY_SLACK_S = 0.05
"""A retry this close to the end of a 429's wait is served: network time, not a client's impatience."""
UNLIMITED_ROUTES = ("/interactions/", "/webhooks/")
"""Interaction answers are not bound to the global rate limit (Discord's rate-limit docs)."""


def names(value: str | Iterable[str] | None, *, upper: bool = False) -> frozenset[str] | None:
    """One name or several, as a set (None: any)."""
    if value is None:
        return None
    found = {value} if isinstance(value, str) else set(value)
    return frozenset(v.upper() for v in found) if upper else frozenset(found)


@dataclass
class Fault:
    """One injected fault. `hits` counts the answers it gave; `stop()` ends it."""

    status: int
    code: int
    message: str
    methods: frozenset[str] | None = None
    routes: frozenset[str] | None = None
    params: dict[str, str] = field(default_factory=dict)
    times: int | None = None
    """Answers left to give (None: no limit)."""
    until: float | None = None
    """The fake-clock time it ends at (None: no end)."""
    retry_after: float = 0.0
    delay: float = 0.0
    """Seconds (real time) the answer is held back; with status 0 the request is then served normally."""
    is_global: bool = False
    took_effect: bool = False
    """A server error given after the request was carried out (the answer lost on the way back)."""
    hits: int = 0
    early: int = 0
    """429s given to requests retried before the previous 429's retry_after was over."""
    blocked_until: float = 0.0
    stopped: bool = False
    chance: float = 1.0
    """The share of matching requests it answers (a flaky Discord), drawn from `rng`."""
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def stop(self) -> None:
        self.stopped = True

    def matches(self, method: str, template: str, params: dict[str, str]) -> bool:
        if self.is_global:
            return not template.startswith(UNLIMITED_ROUTES)
        return (self.methods is None or method in self.methods) and \
            (self.routes is None or template in self.routes) and \
            all(params.get(k) == v for k, v in self.params.items())

    def active(self, now: float) -> bool:
        return not self.stopped and (self.times is None or self.times > 0) and (self.until is None or now < self.until)

    def take(self, now: float) -> bool:
        """Whether this fault answers a matching request now; counts the answer if so.

        After a 429 the bucket stays empty for retry_after: a retry sent sooner gets another 429
        (Discord counts it as an invalid request), without using up one of `times`."""
        if not self.stopped and now < self.blocked_until - EARLY_SLACK_S:
            self.hits += 1
            self.early += 1
            return True
        if not self.active(now):
            return False
        if self.chance < 1.0 and self.rng.random() >= self.chance:
            return False
        if self.times is not None:
            self.times -= 1
        self.hits += 1
        if self.status == 429:
            self.blocked_until = now + self.retry_after
        return True

    def answer(self, now: float, template: str) -> tuple[dict[str, Any], dict[str, str]]:
        """The body and headers Discord sends with this fault's status."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.status != 429:
            return body, ({} if self.status >= 500 else rate_limit_headers(template))
        wait = max(self.blocked_until - now, 0.0)
        body |= {"retry_after": round(wait, 3), "global": self.is_global}
        common = {"Retry-After": str(max(1, math.ceil(wait))), "Via": "1.1 google"}
        if self.is_global:
            return body, common | {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
        return body, rate_limit_headers(template, exhausted_for=wait) | common | {"X-RateLimit-Scope": "user"}


def rate_limit_headers(template: str, *, exhausted_for: float | None = None) -> dict[str, str]:
    """Discord's per-route bucket headers; with `exhausted_for`, the bucket is empty that long."""
    reset_after = 1.0 if exhausted_for is None else exhausted_for
    return {"X-RateLimit-Limit": "50", "X-RateLimit-Bucket": f"fake-{zlib.crc32(template.encode()):08x}",
            "X-RateLimit-Remaining": "49" if exhausted_for is None else "0",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}", "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}"}
