"""A request to `/healthz` or `/metrics` that is not well-formed HTTP (issue 38) is the client's fault: the bot
answers 400 and its log says so in a WARNING line in its own words, with no traceback and nothing at ERROR.
No client can write the log (issue 45): what it sent is quoted with every byte escaped, so a header that says
CRITICAL puts that word nowhere in the log, and a flood of bad requests is counted, not written line by line."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.health import escaped
from tests.support.bot_process import BotProcess
from tests.support.fake_discord import FakeDiscord
from tests.support.metrics_port import free_port, healthy, metrics, total

pytestmark = pytest.mark.e2e

CRITICAL_HEADER = b"GET /metrics HTTP/1.1\r\nX: ok\nCRITICAL: disk on fire\r\nCRITICAL Traceback (most recent)\r\n\r\n"
"""A header that would begin a line of the log with CRITICAL, were it written as sent (first: its kind's note)."""
MALFORMED = {
    "a header that says CRITICAL": CRITICAL_HEADER,
    "a header over 8 KB": b"GET /metrics HTTP/1.1\r\nHost: bot\r\nX-Padding: " + b"a" * 9000 + b"\r\n\r\n",
    "Content-Length with Transfer-Encoding": b"POST /metrics HTTP/1.1\r\nHost: bot\r\nContent-Length: 5\r\n"
                                             b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "a garbage request line": b"HELLO THERE\r\n\r\n",
    "TLS on the HTTP port": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
}
FLOOD = 1000


async def raw_request(port: int, request: bytes) -> bytes:
    """What the server answers to these bytes, over a real socket."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()


async def test_malformed_requests_get_400_and_a_warning_in_the_servers_words(
        fake: FakeDiscord, tmp_path: Path) -> None:
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
    warned = [line for line in lines if "malformed request" in line]
    assert 3 <= len(warned) <= len(MALFORMED) and all("WARNING" in line for line in warned), "\n".join(lines)
    assert not any(line.lstrip().startswith(("CRITICAL", "Traceback")) for line in lines), "\n".join(lines)
    assert not any(word in line for line in lines for word in ("CRITICAL", "Traceback", "disk on fire")), \
        "what the client sent appears only escaped"
    assert any(escaped(b"CRITICAL: disk on fire") in line for line in warned), "\n".join(warned)
    assert bot.problems() == [], bot.log_tail()


async def test_a_thousand_malformed_requests_write_a_few_lines_and_are_counted(
        fake: FakeDiscord, tmp_path: Path) -> None:
    port = free_port()
    bot = BotProcess(fake, tmp_path, env={"METRICS_PORT": str(port)})
    await bot.start()
    try:
        await healthy(fake, port)
        before = len(bot.log().splitlines())
        requests = list(MALFORMED.values())
        for start in range(0, FLOOD, 50):
            await asyncio.gather(*(raw_request(port, requests[n % len(requests)]) for n in range(start, start + 50)))
        counted = total((await metrics(port))["frontier_malformed_requests"], "frontier_malformed_requests_total")
    finally:
        await bot.stop()
    lines = bot.log().splitlines()[before:]
    assert len([line for line in lines if "malformed request" in line]) <= len(MALFORMED), "\n".join(lines)
    assert len(lines) <= 2 * len(MALFORMED), "\n".join(lines)
    assert counted == FLOOD
    assert bot.problems() == [], bot.log_tail()
