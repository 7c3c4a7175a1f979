"""Fixtures for the end-to-end tests: a local Discord on loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fake_discord import FakeDiscord


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: runs the real bot process against the local fake Discord")


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started local Discord; the test ends by checking it saw no request that breaks the spec."""
    async with FakeDiscord(check_answers=True) as server:
        yield server
