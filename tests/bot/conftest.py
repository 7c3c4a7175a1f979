"""A service on a real database — a SQLite file and a PostgreSQL database, every test on both — with a
clock the tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Storage, open_storage
from tests.support.tables import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend a test runs on; every test using `database` runs once per backend."""
    return request.param


@pytest.fixture
async def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """What `open_storage` opens for this test (open it again to play a restart): a new SQLite file,
    or the session's PostgreSQL database, emptied."""
    if backend == "sqlite":
        return str(tmp_path / "frontier.sqlite3")
    return await request.getfixturevalue("postgres_server").emptied_database()


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    store = await open_storage(database)
    yield store
    await store.close()


@pytest.fixture
async def service(storage: Storage, clock: FakeClock) -> GameService:
    return GameService(storage, clock=clock)
