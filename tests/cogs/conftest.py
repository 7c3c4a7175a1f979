"""The real bot, in this process, connected to the local fake Discord (tests/support/fake_discord).

Cog tests drive real discord.py objects with gateway payloads the fake sends (interactions
as Discord would deliver them); every request the bot makes is checked against Discord's
OpenAPI spec by the fake. Only the transport is local: no mock of our own code.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from bot.client import Frontier
from bot.config import Settings
from tests.support.components import assert_views_fit
from tests.support.fake_discord import FakeDiscord
from tests.support.world import World


@pytest.fixture
async def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """The bot on a fresh SQLite file; the test fails when the fake saw what Discord would refuse (the
    strict e2e `fake`'s rules: `broken_rules()`) or a view that does not fit."""
    async with FakeDiscord(check_answers=True) as fake:
        monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
        monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
        settings = Settings(token=fake.token, database_path=tmp_path / "frontier.sqlite3",
                            dev_guild_id=fake.guild.id, log_level="INFO", discord_api_base=fake.api_base,
                            discord_gateway_url=fake.gateway_url)
        bot = Frontier(settings)
        runner = asyncio.create_task(bot.start(fake.token))
        await fake.wait_for(lambda: bot.is_ready() and bool(fake.commands), timeout=30, what="the bot to connect")
        try:
            yield World(fake, bot)
        finally:
            await bot.close()
            await asyncio.wait_for(runner, 10)
        assert_views_fit(r.body for r in fake.requests)
        assert fake.broken_rules() == [], "what Discord would refuse, or interactions unanswered or late"
