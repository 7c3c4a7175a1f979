"""The test suite's shared fixtures and hooks, registered as a pytest plugin by tests/conftest.py
(`pytest_plugins`), so no test module imports them from another: the runtime's test game, a throwaway
PostgreSQL server started on first use, the e2e marker, and pytester for the tests of fixtures."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import tests.support.testgame  # noqa: F401  (registers "testgame")
from tests.support.postgres import PostgresServer, find_bindir

pytest_plugins = ["pytester"]

NOT_FOUND = "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin)"
NO_POSTGRES = f"{NOT_FOUND}: the PostgreSQL half of the storage, service and scheduler tests is skipped"


WAITING_FIRST = ("tests/e2e/", "tests/cogs/")
"""The tests that mostly wait on a bot (a process, or one in the test's loop) run first, so that their waits overlap
the CPU-bound engine and renderer tests rather than trail after them on one worker."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: runs the real bot process against the local fake Discord")
    config.addinivalue_line("markers", "fake_discord(**kwargs): how the e2e `fake` fixture builds its FakeDiscord "
                                       "(e.g. shards=2)")
    if getattr(config.option, "maxschedchunk", 0) is None:
        # pytest-xdist hands each worker a quarter of its share at once, in collection order: one worker would get
        # the long e2e tests one after the other. Handed out one by one, the long ones spread over the workers.
        config.option.maxschedchunk = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """WAITING_FIRST's tests first, in their order, then the others in theirs."""
    items.sort(key=lambda item: next((rank for rank, prefix in enumerate(WAITING_FIRST)
                                      if item.nodeid.startswith(prefix)), len(WAITING_FIRST)))


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
