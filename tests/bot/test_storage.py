"""Storage against a real SQLite file: migrations, reopening, guarded writes, idempotency."""

from __future__ import annotations

import asyncio
import json

import aiosqlite
import pytest

from bot.service import GameService
from bot.storage import Storage, open_storage
from tests.support.tables import CREATOR, FRIEND, FakeClock, running_game


async def test_migrations_run_on_an_empty_file_and_on_an_up_to_date_one(tmp_path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await open_storage(path)
    assert await store.migrate() >= 1
    await store.close()
    again = await open_storage(path)  # migrating an up-to-date file changes nothing
    async with again.db.execute("SELECT COUNT(*) FROM schema_version") as cur:
        assert (await cur.fetchone())[0] == await again.migrate()
    async with again.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await again.close()


async def test_reopening_the_file_gives_the_same_game(tmp_path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await open_storage(path)
    service = GameService(store, clock=FakeClock())
    game_id = await running_game(service)
    hand = (await service.hand(game_id, CREATOR))["hand"]
    await service.act(game_id, CREATOR, {"type": "play", "card": hand[0]})
    before = await store.load(game_id)
    await store.close()
    reopened = await open_storage(path)
    after = await reopened.load(game_id)
    assert after == before
    assert json.loads(after.state)["played"][0] == hand[0]
    await reopened.close()


async def test_two_concurrent_moves_on_one_board_apply_exactly_once(service: GameService) -> None:
    game_id = await running_game(service)
    info = await service.get(game_id)
    hand = (await service.hand(game_id, CREATOR))["hand"]
    results = await asyncio.gather(
        *(service.act(game_id, CREATOR, {"type": "play", "card": card}, expected_version=info.version)
          for card in hand[:2]), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1
    assert refused[0].code == "stale_board"
    assert "board has changed" in str(refused[0])
    assert len(await service.storage.actions(game_id)) == 1


async def test_a_repeated_interaction_id_is_applied_once(service: GameService) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    first = await service.act(game_id, CREATOR, {"type": "play", "card": card}, interaction_id="i-1")
    second = await service.act(game_id, CREATOR, {"type": "play", "card": card}, interaction_id="i-1")
    assert not first.replayed and second.replayed
    assert second.events == first.events
    assert len(await service.storage.actions(game_id)) == 1


async def test_a_failed_transaction_leaves_nothing_behind(storage: Storage, service: GameService) -> None:
    game_id = await running_game(service)
    before = await storage.load(game_id)
    with pytest.raises(aiosqlite.IntegrityError):  # the status CHECK fails after the state was written
        await storage.commit_move(game_id, expected_version=before.version, state="{}", status="bogus", seat=0,
                                  action={}, events=[], interaction_id=None, now=service.clock())
    assert await storage.load(game_id) == before
    assert await storage.actions(game_id) == []
    assert FRIEND in [s.user_id for s in before.seats]
