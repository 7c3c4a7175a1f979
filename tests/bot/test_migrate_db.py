"""`python -m bot migrate-db` (issue 19, item 3): a SQLite database moved to PostgreSQL plays on there, and
a copy that does not match is reported (exit code 1), never passed off as done."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from unittest.mock import patch

import pytest

from bot.cli import main
from bot.service import GameService
from bot.storage import BoardMessage, PostgresStorage, SqliteStorage, open_storage
from bot.tools.migrate_db import BOOKKEEPING, TABLES, verify
from bot.tools.pgserver import PostgresServer
from games.core import get_game
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.tables import FakeClock, play_out, running_game

TITLES = ("catan", "colonies", "roam", "roanoke", "small_islands")
FINISHED = ("catan", "colonies", "roam", "small_islands")
"""Played to the end by AI seats (Roanoke's four AIs take seconds, so it stays running only)."""
HOST = 500


@contextmanager
def _sqlite(path: Path) -> Iterator[sqlite3.Connection]:
    """The file opened directly, committed and closed after (as an operator's tool or a bug would write it)."""
    with closing(sqlite3.connect(path)) as db, db:
        yield db


async def _table(service: GameService, game_type: str, channel: int) -> int:
    """A started table: a person (HOST + channel) and AI seats up to the game's minimum."""
    cls = get_game(game_type)
    user = HOST + channel
    info = await service.create(game_type=game_type, guild_id=1, channel_id=channel, user_id=user)
    for _ in range(cls.min_players - 1):
        await service.add_ai(info.id, user)
    await service.start(info.id, user)
    return info.id


async def _play_some(service: GameService, game_id: int, moves: int, rng: random.Random) -> None:
    """The person makes up to `moves` moves (a random legal one each time, never resigning), AI seats answering
    in between."""
    user = HOST + (await service.get(game_id)).channel_id
    for _ in range(moves):
        await service.advance_ai(game_id)
        choices = [m.action for m in await service.choices(game_id, user) if m.action["type"] != "resign"]
        if not choices:
            return
        await service.act(game_id, user, rng.choice(choices), interaction_id=f"click-{game_id}-{rng.random()}")


async def _fill(path: Path) -> dict[str, list[int]]:
    """Every title running with moves played and its outbox rows and jobs left as they are; four finished
    (rated); a lobby; a board message; server defaults; and a finished, rated test game then pruned, so the
    highest id SQLite handed out is above every game id left, but not above every result's."""
    with patch("bot.service.lobby.secrets.randbits", random.Random(19).getrandbits):  # the same tables every run
        made = await _tables(path)
    with _sqlite(path) as db:  # pruned as `prune` does, the newest game: its result stays
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("DELETE FROM games WHERE id = ?", (made["pruned"][0],))
    return made


async def _tables(path: Path) -> dict[str, list[int]]:
    clock = FakeClock()
    store = await SqliteStorage.open(path)
    service = GameService(store, clock=clock)
    rng = random.Random(19)
    made: dict[str, list[int]] = {"running": [], "finished": []}
    for channel, game_type in enumerate(TITLES, start=1):
        game_id = await _table(service, game_type, channel)
        await _play_some(service, game_id, 6, rng)
        made["running"].append(game_id)
    for channel, game_type in enumerate(FINISHED, start=11):
        game_id = await _table(service, game_type, channel)
        await service.leave(game_id, HOST + channel)
        await service.advance_ai(game_id, limit=5000)
        made["finished"].append(game_id)
    made["lobby"] = [(await service.create(game_type="catan", guild_id=2, channel_id=31, user_id=7)).id]
    await store.record_board(made["running"][0], BoardMessage(1, 9001, 1), [], clock())
    await service.set_server_defaults(1, guild_rights=1, changes={"deadline_hours": 24})
    await service.set_notify(HOST + 1, "every")
    pruned = await running_game(service, ai=1, friend=False, channel=30)
    await play_out(service, pruned)
    made["pruned"] = [pruned]
    for status in ("running", "finished"):
        assert [(await store.load(g)).status for g in made[status]] == [status] * len(made[status])
    await store.close()
    return made


_BUILT: dict[str, tuple[Path, dict[str, list[int]]]] = {}
"""The filled file, built once per session (a few seconds) and copied for each test."""


@pytest.fixture
async def filled(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    if "file" not in _BUILT:
        built = tmp_path_factory.mktemp("migrate") / "frontier.sqlite3"
        _BUILT["file"] = built, await _fill(built)
    built, made = _BUILT["file"]
    path = tmp_path / "frontier.sqlite3"
    shutil.copy(built, path)
    return path, made


async def _migrate(path: Path, url: str, *extra: str) -> int:
    """The command line, in a thread of its own (it runs its own event loop)."""
    return await asyncio.to_thread(main, ["migrate-db", "--from", f"sqlite:///{path}", "--to", url, *extra])


async def test_migrate_db_copies_every_table_and_the_copy_plays_on_in_postgres(
        filled: tuple[Path, dict[str, list[int]]], postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, made = filled
    url = await postgres_server.new_database()
    assert await _migrate(path, url) == 0
    said = capsys.readouterr().out
    assert "OK: the copy matches." in said and f"replayed {len(TITLES)} running games" in said
    assert "MISMATCH" not in said

    source, target = await SqliteStorage.open(path), await PostgresStorage.open(url)
    try:
        for game_id in made["running"] + made["finished"] + made["lobby"]:
            assert await target.load(game_id) == await source.load(game_id)
            assert await target.actions(game_id) == await source.actions(game_id)
            assert await jobs_of(target, game_id) == await jobs_of(source, game_id)
            assert await outbox_pending(target, game_id) == await outbox_pending(source, game_id)
        assert all([await jobs_of(target, g) for g in made["running"]]), "running tables keep their timers"
        assert await outbox_pending(target), "what players were not shown yet is still to be shown"
        assert await target.board_message(made["running"][0]) == BoardMessage(1, 9001, 1)
        assert (await target.guild_settings(1))["deadline_hours"] == 24
        assert await target.guild_settings(1) == await source.guild_settings(1)
        assert await target.notify_setting(HOST + 1) == await source.notify_setting(HOST + 1) == "every"
        for scope in (0, 1):
            for game_type in (*FINISHED, "testgame"):
                board = await target.leaderboard(game_type, scope, 10)
                assert board and board == await source.leaderboard(game_type, scope, 10)
        assert await target.tally(1) == await source.tally(1)

        service = GameService(target, clock=FakeClock())
        rng = random.Random(3)
        for game_id in made["running"]:
            before = await target.load(game_id)
            await _play_some(service, game_id, 2, rng)
            after = await target.load(game_id)
            assert after is not None and before is not None and after.version > before.version, game_id
        again = await service.create(game_type="catan", guild_id=1, channel_id=40, user_id=9)
        assert again.id > made["pruned"][0], "a new game never takes the id of a pruned one (its result stays)"
    finally:
        await source.close()
        await target.close()


async def test_migrate_db_reports_a_game_whose_log_does_not_replay_to_its_state(
        filled: tuple[Path, dict[str, list[int]]], postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, made = filled
    broken = made["running"][0]
    with _sqlite(path) as db:
        state = json.loads(db.execute("SELECT state FROM games WHERE id = ?", (broken,)).fetchone()[0])
        state["rng"] = {key: value + 1 for key, value in state["rng"].items()}
        db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), broken))
    assert await _migrate(path, await postgres_server.new_database()) == 1
    said = capsys.readouterr().out
    assert f"MISMATCH: game #{broken} (catan): a replay of its" in said
    assert "differs from the stored state in rng" in said
    assert "FAILED: 1 mismatches." in said


async def test_a_row_count_that_differs_is_a_mismatch(filled: tuple[Path, dict[str, list[int]]],
                                                      postgres_server: PostgresServer) -> None:
    path, made = filled
    url = await postgres_server.new_database()
    assert await _migrate(path, url) == 0
    store = await PostgresStorage.open(url)
    try:
        counts = {c.table: c.target for c in (await verify(store, {})).counts}
        await store.pool.execute("DELETE FROM seats WHERE game_id = $1 AND seat = 0", made["lobby"][0])
        report = await verify(store, counts)
    finally:
        await store.close()
    assert not report.ok and [c.table for c in report.counts if not c.ok] == ["seats"]
    assert any(line.startswith("seats") and line.endswith("MISMATCH") for line in report.lines())


async def test_migrate_db_refuses_a_target_with_data_unless_told_to_replace_it(
        filled: tuple[Path, dict[str, list[int]]], postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = filled
    url = await postgres_server.new_database()
    store = await open_storage(url)
    service = GameService(store, clock=FakeClock())
    kept = await running_game(service, channel=77)
    await store.close()
    assert await _migrate(path, url) == 2
    assert "already holds data (in games, seats" in capsys.readouterr().err
    store = await open_storage(url)
    assert (await store.load(kept)) is not None, "a refused copy writes nothing"
    await store.close()
    assert await _migrate(path, url, "--replace") == 0
    assert "OK: the copy matches." in capsys.readouterr().out


async def test_migrate_db_refuses_a_table_it_does_not_know_instead_of_leaving_it_behind(
        filled: tuple[Path, dict[str, list[int]]], postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = filled
    with _sqlite(path) as db:
        db.execute("CREATE TABLE notification_prefs (user_id INTEGER PRIMARY KEY, quiet INTEGER NOT NULL)")
    url = await postgres_server.new_database()
    assert await _migrate(path, url) == 2
    assert "tables migrate-db does not know: notification_prefs" in capsys.readouterr().err
    store = await PostgresStorage.open(url)
    try:
        assert not await store.pool.fetchval("SELECT EXISTS (SELECT 1 FROM games)")
    finally:
        await store.close()


async def test_the_copy_list_names_every_table_both_backends_create(tmp_path: Path,
                                                                    postgres_server: PostgresServer) -> None:
    """A migration that adds a table fails this until the table is added to migrate_db.TABLES."""
    store = await SqliteStorage.open(tmp_path / "fresh.sqlite3")
    await store.close()
    with _sqlite(tmp_path / "fresh.sqlite3") as db:
        sqlite_tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    pg = await PostgresStorage.open(await postgres_server.new_database())
    try:
        pg_tables = {r[0] for r in await pg.pool.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    finally:
        await pg.close()
    assert sqlite_tables - BOOKKEEPING - {"sqlite_sequence"} == set(TABLES)
    assert pg_tables - BOOKKEEPING == set(TABLES)


def test_migrate_db_says_what_it_needs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate-db", "--from", f"sqlite:///{tmp_path}/none.sqlite3", "--to", "postgresql://x/y"]) == 2
    assert "There is no SQLite file at" in capsys.readouterr().err
    (tmp_path / "a.sqlite3").touch()
    assert main(["migrate-db", "--from", str(tmp_path / "a.sqlite3"), "--to", "sqlite:///b.sqlite3"]) == 2
    assert "--to must be a PostgreSQL URL" in capsys.readouterr().err
