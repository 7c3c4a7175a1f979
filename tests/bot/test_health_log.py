"""The metrics port's notes on malformed requests (issue 45): in the server's words, what the client sent escaped
byte by byte (no word of it readable in the log), counted in a metric, and at most one line a minute per kind,
the next one saying how many it stood for. Driven with aiohttp's own errors and a clock a test moves."""

from __future__ import annotations

import logging

import pytest
from aiohttp.http_exceptions import BadHttpMessage, LineTooLong
from prometheus_client import REGISTRY

from bot.health import NOTE_EVERY, ServerLog, escaped

SENT = "Invalid header token:\n\n  b'X: a\\nCRITICAL: disk on fire'\n\nCRITICAL Traceback"
"""aiohttp's account of a request whose header would start a log line with CRITICAL, were it written raw."""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counted(kind: str) -> float:
    return REGISTRY.get_sample_value("frontier_malformed_requests_total", {"kind": kind}) or 0.0


def report(server: ServerLog, error: Exception, peer: str = "127.0.0.1") -> None:
    """What aiohttp's request handler does with a request it could not parse."""
    server.exception("Error handling request from %s", peer, exc_info=error)


@pytest.fixture
def server() -> tuple[ServerLog, Clock]:
    clock = Clock()
    return ServerLog(logging.getLogger("aiohttp.server"), clock), clock


def notes(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the metrics server's log wrote: not a record another logger (asyncio reporting another test's lost
    future as it is collected) emitted meanwhile."""
    return [r for r in caplog.records if r.name == "aiohttp.server"]


def test_a_note_says_what_was_wrong_and_quotes_the_request_escaped(
        server: tuple[ServerLog, Clock], caplog: pytest.LogCaptureFixture) -> None:
    log, _ = server
    with caplog.at_level(logging.DEBUG, "aiohttp.server"):
        report(log, BadHttpMessage(SENT), peer="CRITICAL forged")
    (record,) = notes(caplog)
    line = caplog.text
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "malformed request from an unnamed address, answered 400: not well-formed HTTP" in record.getMessage()
    assert escaped(b"CRITICAL: disk on fire") in line
    assert not any(word in line for word in ("CRITICAL", "Traceback", "disk on fire")), line


def test_a_flood_is_counted_and_noted_once_a_minute_per_kind(
        server: tuple[ServerLog, Clock], caplog: pytest.LogCaptureFixture) -> None:
    log, clock = server
    before = counted("BadHttpMessage"), counted("LineTooLong")
    with caplog.at_level(logging.DEBUG, "aiohttp.server"):
        for n in range(1000):
            report(log, BadHttpMessage(SENT) if n % 2 else LineTooLong(b"a" * 9000, 8190))
            clock.now += 0.05  # 1,000 requests in 50 s
    assert (counted("BadHttpMessage"), counted("LineTooLong")) == (before[0] + 500, before[1] + 500)
    assert len(notes(caplog)) == 2, "one note of each kind"
    clock.now += NOTE_EVERY
    caplog.clear()
    with caplog.at_level(logging.DEBUG, "aiohttp.server"):
        report(log, LineTooLong(b"a" * 9000, 8190))
    (record,) = notes(caplog)
    assert "a line longer than the server reads" in record.getMessage()
    assert record.getMessage().endswith("; 499 more of this kind since its last note")


def test_anything_else_passes_through(server: tuple[ServerLog, Clock], caplog: pytest.LogCaptureFixture) -> None:
    log, _ = server
    with caplog.at_level(logging.DEBUG, "aiohttp.server"):
        log.exception("Error handling request from %s", "127.0.0.1", exc_info=RuntimeError("a handler's bug"))
    (record,) = notes(caplog)
    assert record.levelno == logging.ERROR and record.exc_info is not None
