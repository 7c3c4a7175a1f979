"""A request to `/healthz` or `/metrics` that is not well-formed HTTP (issue 38) is the client's fault: the bot
answers 400 and its log says so in one WARNING line, with no traceback and nothing at ERROR."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.support.bot_process import BotProcess
from tests.support.fake_discord import FakeDiscord
from tests.support.health import free_port, healthy

pytestmark = pytest.mark.e2e

MALFORMED = {
    "a header over 8 KB": b"GET /metrics HTTP/1.1\r\nHost: bot\r\nX-Padding: " + b"a" * 9000 + b"\r\n\r\n",
    "Content-Length with Transfer-Encoding": b"POST /metrics HTTP/1.1\r\nHost: bot\r\nContent-Length: 5\r\n"
                                             b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "a garbage request line": b"HELLO THERE\r\n\r\n",
    "TLS on the HTTP port": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
}


async def raw_request(port: int, request: bytes) -> bytes:
    """What the server answers to these bytes, over a real socket."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()


async def test_malformed_requests_get_400_and_one_warning_line(fake: FakeDiscord, tmp_path: Path) -> None:
    port = free_port()
    bot = BotProcess(fake, tmp_path, env={"METRICS_PORT": str(port), "LOG_LEVEL": "DEBUG"})
    await bot.start()
    try:
        await healthy(fake, port)
        before = len(bot.log().splitlines())
        for what, request in MALFORMED.items():
            said = await raw_request(port, request)
            assert said.split(b"\r\n", 1)[0].endswith(b"400 Bad Request"), f"{what}: {said[:80]!r}"
        await healthy(fake, port)  # and the server still answers
    finally:
        await bot.stop()
    lines = bot.log().splitlines()[before:]
    warned = [line for line in lines if "malformed" in line]
    assert len(warned) == len(MALFORMED) and all("WARNING" in line for line in warned), "\n".join(lines)
    assert [line for line in lines if "Error handling request" in line] == warned, "\n".join(lines)
    assert not any("Traceback" in line for line in lines), "\n".join(lines)
    assert bot.problems() == [], bot.log_tail()
