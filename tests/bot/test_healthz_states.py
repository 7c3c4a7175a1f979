"""`/healthz`'s three states (issue 45): `ok` (200), `held` (200: the process holds its sends and timers while it
cannot renew its instance, and goes on by itself, so a probe must not restart it) and 503 for a fenced process or
a problem (a shard disconnected, the database silent). The handler is driven with a client and a storage that say
what each state needs; the real process's answer during a stall is tests/e2e/test_e2e_session_loss.py's."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.health import FENCED, HELD, HealthServer


class Shard:
    def __init__(self, closed: bool) -> None:
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


class Client:
    def __init__(self, *, fenced: bool = False, disconnected: bool = False) -> None:
        self.fenced = fenced
        self.shards = {0: Shard(disconnected)}

    def is_ready(self) -> bool:
        return True


class Storage:
    def __init__(self, *, held: bool = False, answers: bool = True) -> None:
        self.held = held
        self.answers = answers

    async def ping(self) -> None:
        if not self.answers:
            raise ConnectionRefusedError("no database")


async def said(client: Client, storage: Storage) -> tuple[int, str]:
    server = HealthServer(client, storage, lambda: datetime.now(UTC))  # type: ignore[arg-type]
    response: Any = await server.healthz(None)  # type: ignore[arg-type]
    return response.status, response.text


async def test_healthy_is_ok() -> None:
    assert await said(Client(), Storage()) == (200, "ok\n")


async def test_held_is_said_apart_from_healthy_and_not_a_failure() -> None:
    """Before, a held process answered "ok": its `SELECT 1` gets through a stall that holds every beat."""
    assert await said(Client(), Storage(held=True)) == (200, f"{HELD}\n")


async def test_fenced_is_503_whatever_else_holds() -> None:
    """Before, a fenced process still answered "ok" until its server stopped."""
    for storage in (Storage(), Storage(held=True), Storage(answers=False)):
        assert await said(Client(fenced=True), storage) == (503, f"{FENCED}\n")


@pytest.mark.parametrize(("client", "storage", "reason"), [
    (Client(disconnected=True), Storage(), "shard 0 is disconnected"),
    (Client(), Storage(answers=False), "the database does not answer"),
    (Client(), Storage(held=True, answers=False), "held:"),
])
async def test_a_problem_is_503_with_its_reason(client: Client, storage: Storage, reason: str) -> None:
    status, text = await said(client, storage)
    assert status == 503 and reason in text, text
