"""Every test may use the runtime's test game, and a throwaway PostgreSQL server started on first use."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import tests.support.testgame  # noqa: F401  (registers "testgame")
from tests.support.postgres import PostgresServer, find_bindir

NOT_FOUND = "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin)"
NO_POSTGRES = f"{NOT_FOUND}: the PostgreSQL half of the storage, service and scheduler tests is skipped"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server per session, so one per xdist worker; skipped where PostgreSQL is missing, except in CI."""
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail(f"{NOT_FOUND}; CI is set, so the PostgreSQL half may not be skipped "
                        "(`apt-get install postgresql`, as .ci/run does)", pytrace=False)
        pytest.skip(NO_POSTGRES)
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say once, whatever the verbosity, that the PostgreSQL half did not run."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if NO_POSTGRES in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} tests skipped: {NO_POSTGRES}")
