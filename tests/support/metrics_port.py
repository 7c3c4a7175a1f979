"""The bot's metrics port as an operator reads it (`/healthz`, `/metrics`), for the e2e tests of it."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.support.fake_discord import FakeDiscord


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def healthy(fake: FakeDiscord, port: int) -> None:
    """Wait for /healthz to answer 200 (the bot is ready shortly after it identifies)."""
    said: list[tuple[int, str]] = []

    async def ok() -> bool:
        said.append(await get(port, "/healthz"))
        return said[-1] == (200, "ok\n")

    for _ in range(100):
        if await ok():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"/healthz never answered 200: {said[-1]}")


async def metrics(port: int) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    """Each metric family's samples, by sample name and labels."""
    status, text = await get(port, "/metrics")
    assert status == 200
    found: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for family in text_string_to_metric_families(text):
        samples = found.setdefault(family.name, {})
        for sample in family.samples:
            samples[(("sample", sample.name), *sorted(sample.labels.items()))] = sample.value
    return found


def total(family: dict[tuple[tuple[str, str], ...], float], sample: str, **labels: str) -> float:
    return sum(value for key, value in family.items() if key[0] == ("sample", sample)
               and all((k, v) in key for k, v in labels.items()))
