"""The database failing under the bot (issue 26): a move that cannot be saved is refused in plain words and
leaves nothing played, the log says why in one line, reads go on, and the bot recovers by itself.

The failure is SQLite's own, on the bot's real connection: the database turned read-only (`PRAGMA
query_only`), so the move's write fails with "attempt to write a readonly database", as on a remounted
disk. A full disk takes the same path (SQLITE_FULL is an OperationalError like SQLITE_READONLY)."""

from __future__ import annotations

import logging

import pytest

from bot.errors import UNSAVED
from bot.storage import SqliteStorage
from tests.support.table_talk import shown
from tests.support.world import World


async def test_a_move_the_database_cannot_save_is_refused_in_words_and_the_bot_recovers(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    service, storage = world.bot.service, world.bot.storage
    assert isinstance(storage, SqliteStorage)
    game = await service.game_in_channel(world.fake.channel.id)
    assert game is not None
    boards = shown(world)
    choices = await alice.autocomplete("play", "action", "")
    await storage.db.execute("PRAGMA query_only = ON")

    caplog.clear()
    answer = await alice.slash("play", action=choices[0]["value"])
    await world.settle()
    assert answer.texts() == [UNSAVED], answer.texts()
    assert "cannot save moves right now" in UNSAVED and "nothing was played" in UNSAVED
    assert (await service.get(game.id)).version == game.version, "nothing was played"
    assert shown(world) == boards
    causes = [r for r in caplog.records if "readonly database" in r.getMessage()]
    assert len(causes) == 1 and causes[0].levelno == logging.WARNING, [r.getMessage() for r in caplog.records]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]

    assert await alice.autocomplete("play", "action", "") == choices, "reads are still served"

    await storage.db.execute("PRAGMA query_only = OFF")  # the operator mends the disk
    answer = await alice.slash("play", action=choices[0]["value"])
    await world.settle()
    assert "✓" in " ".join(answer.texts()), answer.texts()
    assert (await service.get(game.id)).version > game.version
    assert shown(world) != boards, "the bot recovered by itself: the move's board is delivered (edited in place)"
