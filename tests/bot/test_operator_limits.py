"""Issue 45's statement limit is the bot's (`CALL_SECONDS`, 10 s, sized for a move): an operator's long command on
PostgreSQL (`migrate-db` copying a database in one transaction, `prune` deleting a year of games in one) opens
its storage with `OPERATOR_SECONDS` instead, so a statement that takes minutes on a large database is not cut at
10 s and the whole command rolled back. The bot's own storage keeps the 10 s limit."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.pgcalls import CALL_SECONDS
from bot.storage.postgres import OPERATOR_SECONDS
from bot.tools.housekeeping import prune
from bot.tools.migrate_db import migrate
from tests.support.postgres import PostgresServer


@pytest.fixture
def limits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The statement limit of every PostgreSQL storage opened, in order."""
    seen: list[float] = []
    opening = PostgresStorage.open.__func__  # type: ignore[attr-defined]

    async def recording(cls: type[PostgresStorage], url: str, **kwargs: Any) -> PostgresStorage:
        store: PostgresStorage = await opening(cls, url, **kwargs)
        seen.append(store.call_seconds)
        return store

    monkeypatch.setattr(PostgresStorage, "open", classmethod(recording))
    return seen


async def test_prune_and_migrate_db_have_the_operators_limit_and_the_bot_keeps_its_own(
        limits: list[float], tmp_path: Path, postgres_server: PostgresServer) -> None:
    url = await postgres_server.emptied_database()
    settings = Settings(token=None, database_path=tmp_path / "unused.sqlite3", dev_guild_id=None, log_level="INFO",
                        discord_api_base=None, discord_gateway_url=None, database_url=url)
    assert "Removed" in await prune(settings, timedelta(days=90))
    assert limits == [OPERATOR_SECONDS]

    source = tmp_path / "old.sqlite3"
    await (await SqliteStorage.open(source)).close()
    report = await migrate(f"sqlite:///{source}", await postgres_server.new_database())
    assert report.ok, report.lines()
    assert limits == [OPERATOR_SECONDS] * 2

    bots = await open_storage(url)  # as `Frontier.assemble` opens it
    await bots.close()
    assert limits[-1] == CALL_SECONDS < OPERATOR_SECONDS
