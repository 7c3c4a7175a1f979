"""The end-to-end tests' local Discord on loopback, strict: a test fails when it saw anything Discord would refuse."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.fake_discord import FakeDiscord


@pytest.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A started local Discord (built with the test's `fake_discord(...)` marker's arguments, if any). The
    test fails when the fake recorded a request that breaks Discord's OpenAPI spec or its limits, an
    answer of its own that breaks the spec, an interaction never answered, or one answered after 3 s."""
    marker = request.node.get_closest_marker("fake_discord")
    async with FakeDiscord(check_answers=True, **(marker.kwargs if marker else {})) as server:
        yield server
        if broken := server.broken_rules():
            pytest.fail("the local Discord saw what Discord would refuse:\n" + "\n".join(broken), pytrace=False)
