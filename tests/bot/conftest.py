"""A service on a real SQLite file, with a clock the tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.storage import Storage, open_storage
from tests.support.tables import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def storage(tmp_path) -> AsyncIterator[Storage]:
    store = await open_storage(tmp_path / "frontier.sqlite3")
    yield store
    await store.close()


@pytest.fixture
async def service(storage: Storage, clock: FakeClock) -> GameService:
    return GameService(storage, clock=clock)
