"""The bot process's operator port read over HTTP, shared by the e2e tests of `/healthz`, `/metrics` and malformed
requests: a free port to serve it on, a GET, and a wait for `/healthz` to answer 200."""

from __future__ import annotations

import asyncio
import socket

import aiohttp

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
