"""Storage on both backends (a SQLite file, a PostgreSQL database): migrations, reopening, guarded writes,
idempotency, and outbox rows and jobs claimed by several processes with leases."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.config import load_settings
from bot.service import GameService
from bot.storage import (
    BoardMessage,
    Effects,
    InstanceTaken,
    OutboxRow,
    PostgresStorage,
    SqliteStorage,
    StaleVersion,
    Storage,
    open_storage,
)
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.postgres import PostgresServer
from tests.support.tables import CREATOR, FRIEND, FakeClock, play_out, running_game

INTEGRITY_ERRORS = (aiosqlite.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""What each backend raises when a write breaks a constraint."""
LEASE = timedelta(minutes=2)


@pytest.fixture
async def empty_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A database no migration has touched yet."""
    if backend == "sqlite":
        return str(tmp_path / "empty.sqlite3")
    return await request.getfixturevalue("postgres_server").new_database()


async def test_migrations_run_on_an_empty_database_and_on_an_up_to_date_one(empty_database: str) -> None:
    store = await open_storage(empty_database)
    version = await store.migrate()
    assert version >= 1
    await store.close()
    again = await open_storage(empty_database)  # re-applying a migration would fail: its tables exist
    assert await again.migrate() == version
    await again.close()


async def test_the_sqlite_file_is_written_ahead_and_synced(tmp_path: Path) -> None:
    """SQLite only: its journal mode is a property of the file."""
    store = await open_storage(tmp_path / "db.sqlite3")
    assert isinstance(store, SqliteStorage)
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()


async def test_a_url_chooses_postgresql_and_database_url_wins_over_the_path(
        postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    url = await postgres_server.emptied_database()
    for target in (url, url.replace("postgresql://", "postgres://", 1)):
        store = await open_storage(target)
        assert isinstance(store, PostgresStorage)
        await store.close()
    monkeypatch.setenv("DATABASE_PATH", "/tmp/unused.sqlite3")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert load_settings().database == Path("/tmp/unused.sqlite3")
    monkeypatch.setenv("DATABASE_URL", url)
    assert load_settings().database == url


async def test_reopening_the_database_gives_the_same_game(database: str) -> None:
    store = await open_storage(database)
    service = GameService(store, clock=FakeClock())
    game_id = await running_game(service)
    hand = (await service.hand(game_id, CREATOR))["hand"]
    await service.act(game_id, CREATOR, {"type": "play", "card": hand[0]})
    before = await store.load(game_id)
    await store.close()
    reopened = await open_storage(database)
    after = await reopened.load(game_id)
    assert after == before
    assert json.loads(after.state)["played"][0] == hand[0]
    await reopened.close()


async def test_an_ai_seats_level_is_kept_and_a_persons_seat_has_none(database: str, clock: FakeClock) -> None:
    """Issue 25: the level is stored with the seat (migration `ai_levels` of both backends)."""
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    info = await service.create(game_type="testgame", guild_id=1, channel_id=5, user_id=CREATOR)
    await service.add_ai(info.id, CREATOR, level="easy")
    await service.add_ai(info.id, CREATOR, level="hard")
    await service.remove_seat(info.id, CREATOR, 1)
    await store.close()
    store = await open_storage(database)
    assert [(s.is_ai, s.level) for s in (await store.load(info.id)).seats] == [(False, None), (True, "hard")]
    await store.close()


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


async def test_two_processes_moving_one_board_at_once_apply_exactly_one(database: str) -> None:
    """No per-game lock is shared between processes: the version guard alone lets one of them win."""
    first, second = await open_storage(database), await open_storage(database)
    game_id = await running_game(GameService(first, clock=FakeClock()))
    row = await first.load(game_id)
    results = await asyncio.gather(
        *(store.commit_move(game_id, expected_version=row.version, state=row.state, status="running", seat=0,
                            action={"n": n}, events=[], interaction_id=None, now=FakeClock()())
          for n, store in enumerate((first, second))), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    assert [a.seq for a in await second.actions(game_id)] == [1]
    await first.close()
    await second.close()


async def test_a_repeated_interaction_id_is_applied_once(service: GameService) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    first = await service.act(game_id, CREATOR, {"type": "play", "card": card}, interaction_id="i-1")
    second = await service.act(game_id, CREATOR, {"type": "play", "card": card}, interaction_id="i-1")
    assert not first.replayed and second.replayed
    assert second.events == first.events
    assert len(await service.storage.actions(game_id)) == 1


async def test_the_database_refuses_a_second_action_with_the_same_interaction_id(storage: Storage,
                                                                                  service: GameService) -> None:
    game_id = await running_game(service)
    row = await storage.load(game_id)
    version = await storage.commit_move(game_id, expected_version=row.version, state=row.state, status="running",
                                        seat=0, action={}, events=[], interaction_id="i-9", now=service.clock())
    with pytest.raises(INTEGRITY_ERRORS):
        await storage.commit_move(game_id, expected_version=version, state="{}", status="running", seat=0,
                                  action={}, events=[], interaction_id="i-9", now=service.clock())
    assert (await storage.load(game_id)).version == version
    with pytest.raises(StaleVersion):
        await storage.commit_move(game_id, expected_version=row.version, state="{}", status="running", seat=0,
                                  action={}, events=[], interaction_id=None, now=service.clock())


async def test_a_failed_transaction_leaves_nothing_behind(storage: Storage, service: GameService) -> None:
    game_id = await running_game(service)
    before = await storage.load(game_id)
    pending = await outbox_pending(storage, game_id)
    with pytest.raises(INTEGRITY_ERRORS):  # the status CHECK fails: the version and state stay as they were
        await storage.commit_move(game_id, expected_version=before.version, state="{}", status="bogus", seat=0,
                                  action={}, events=[], interaction_id=None, now=service.clock(),
                                  effects=Effects(outbox=[OutboxRow("notice", None, {"lines": ["never"]})]))
    assert await storage.load(game_id) == before
    assert await storage.actions(game_id) == []
    assert await outbox_pending(storage, game_id) == pending
    assert FRIEND in [s.user_id for s in before.seats]


async def notices(storage: Storage, game_id: int, count: int, clock: FakeClock) -> None:
    await storage.emit(game_id, [OutboxRow("notice", None, {"lines": [f"n{i}"]}) for i in range(count)], now=clock())


async def test_two_processes_claim_disjoint_outbox_rows_and_jobs(database: str, clock: FakeClock) -> None:
    """Both drain the same tables at once; each row and job goes to exactly one of them, and on PostgreSQL,
    within a round of four claims at once, a game's rows to one process only (else its boards could overtake
    each other: issue 38, an old board edited in after a newer one)."""
    first, second = await open_storage(database), await open_storage(database)
    service = GameService(first, clock=clock)
    games = [await running_game(service, channel=40 + n) for n in range(6)]
    for game_id in games:
        await notices(first, game_id, 5, clock)
    clock.advance(hours=25)  # every game's reminder is due
    written = len(await outbox_pending(first))
    ids: list[int] = []
    claimers = (("a", first), ("b", second), ("a", first), ("b", second))
    while batches := [(name, batch) for (name, _), batch in zip(claimers, await asyncio.gather(
            *(store.claim_outbox(now=clock(), owner=name, lease=LEASE, limit=7, hold=timedelta(0))
              for name, store in claimers)), strict=True) if batch]:
        rows = [item for _, batch in batches for item in batch]
        owners = {(item.game_id, name) for name, batch in batches for item in batch}
        if database.startswith("postgres"):  # SQLite serves one process (DESIGN §10)
            assert len(owners) == len({game for game, _ in owners}), f"a game's rows went to both: {sorted(owners)}"
        ids += [item.id for item in rows]
        await first.outbox_done([item.id for item in rows], now=clock())
    assert len(ids) == len(set(ids)) == written > 28, "every row claimed once"
    jobs = await asyncio.gather(*(store.claim_jobs(now=clock(), owner=name, lease=LEASE, limit=2)
                                  for _ in range(4) for name, store in (("a", first), ("b", second))))
    claimed = [(job.game_id, job.kind) for batch in jobs for job in batch]
    assert sorted(claimed) == sorted(set(claimed)) == [(g, "remind") for g in games]
    await first.close()
    await second.close()


async def test_a_claim_is_held_until_its_lease_runs_out_then_taken_over(storage: Storage, service: GameService,
                                                                         clock: FakeClock) -> None:
    game_id = await running_game(service)
    await notices(storage, game_id, 2, clock)
    clock.advance(hours=25)
    mine = await storage.claim_outbox(now=clock(), owner="dead", lease=LEASE, limit=50, hold=timedelta(0))
    jobs = await storage.claim_jobs(now=clock(), owner="dead", lease=LEASE, limit=50)
    assert mine and [j.kind for j in jobs] == ["remind"]
    clock.advance(minutes=1)
    assert await storage.claim_outbox(now=clock(), owner="live", lease=LEASE, limit=50, hold=timedelta(0)) == []
    assert await storage.claim_jobs(now=clock(), owner="live", lease=LEASE, limit=50) == []
    clock.advance(minutes=2)  # the owner died: its lease ran out
    taken = await storage.claim_outbox(now=clock(), owner="live", lease=LEASE, limit=50, hold=timedelta(0))
    assert [i.id for i in taken] == [i.id for i in mine]
    assert await storage.claim_jobs(now=clock(), owner="live", lease=LEASE, limit=50) == jobs


async def test_one_games_rows_go_to_one_process_at_a_time(postgres_server: PostgresServer,
                                                          clock: FakeClock) -> None:
    """PostgreSQL only (issue 19): while one process holds rows of a game, another takes none of that game's
    (its boards would race and an older one could be posted last), but may take other games' rows."""
    url = await postgres_server.emptied_database()
    first, second = await open_storage(url), await open_storage(url)
    service = GameService(first, clock=clock)
    busy, other = await running_game(service, channel=60), await running_game(service, channel=61)
    await notices(first, busy, 3, clock)
    pending = {i.id for i in await outbox_pending(first, busy)}
    (held,) = await first.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=1, hold=timedelta(0))
    assert held.game_id == busy
    taken = await second.claim_outbox(now=clock(), owner="b", lease=LEASE, limit=50, hold=timedelta(0))
    assert taken and {i.game_id for i in taken} == {other}
    mine = await first.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    assert {i.id for i in mine} | {held.id} == pending, "the holder takes the rest of its game's rows"
    await first.outbox_retry(held.id, next_try=clock(), error="503")
    await first.outbox_done([i.id for i in mine], now=clock())
    (again,) = await second.claim_outbox(now=clock(), owner="b", lease=LEASE, limit=50, hold=timedelta(0))
    assert again.id == held.id, "once released, the game's rows are anyone's"
    await first.close()
    await second.close()


async def test_work_held_by_a_lease_is_next_due_when_the_lease_runs_out(postgres_server: PostgresServer,
                                                                          clock: FakeClock) -> None:
    """PostgreSQL only (issue 19): a process must not poll in a loop while another holds the due rows and
    jobs, but sleep until their lease runs out (when a dead owner's claims are taken over). SQLite has one
    process, whose leases are on what it is doing now."""
    storage = await open_storage(await postgres_server.emptied_database())
    service = GameService(storage, clock=clock)
    game_id = await running_game(service)
    await notices(storage, game_id, 1, clock)
    clock.advance(hours=25)
    assert await storage.claim_outbox(now=clock(), owner="other", lease=LEASE, limit=50, hold=timedelta(0))
    assert await storage.claim_jobs(now=clock(), owner="other", lease=LEASE, limit=50)
    assert await storage.next_outbox_try() == clock() + LEASE
    assert await storage.next_job_due() == clock() + LEASE
    await storage.close()


async def test_work_written_by_one_process_wakes_the_others(postgres_server: PostgresServer,
                                                            clock: FakeClock) -> None:
    """PostgreSQL only (issue 19): outbox rows and jobs another process writes, or puts back for a retry,
    wake this one's delivery and scheduler (NOTIFY), which would otherwise sleep until their next poll."""
    url = await postgres_server.emptied_database()
    writer, listener = await open_storage(url), await open_storage(url)
    woken = asyncio.Event()
    await listener.listen(woken.set)
    game_id = await running_game(GameService(writer, clock=clock))
    await asyncio.wait_for(woken.wait(), 5)
    woken.clear()
    clock.advance(hours=25)
    (job, *_) = await writer.claim_jobs(now=clock(), owner="a", lease=LEASE, limit=50)
    await asyncio.sleep(0.2)
    assert not woken.is_set(), "a claim is no news"
    await writer.retry_job(job, due=clock())
    await asyncio.wait_for(woken.wait(), 5)
    assert job.game_id == game_id
    await writer.close()
    await listener.close()


async def test_a_process_starting_leaves_the_live_claims_of_another_alone(postgres_server: PostgresServer,
                                                                          clock: FakeClock) -> None:
    """PostgreSQL only: SQLite has one process, whose start releases every lease; here others may hold them."""
    url = await postgres_server.emptied_database()
    running = await open_storage(url)
    game_id = await running_game(GameService(running, clock=clock))
    await notices(running, game_id, 1, clock)
    clock.advance(hours=25)
    now = clock()
    assert await running.claim_outbox(now=now, owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    assert await running.claim_jobs(now=now, owner="a", lease=LEASE, limit=50)
    starting = await open_storage(url)
    assert await starting.claim_outbox(now=now, owner="b", lease=LEASE, limit=50, hold=timedelta(0)) == []
    assert await starting.claim_jobs(now=now, owner="b", lease=LEASE, limit=50) == []
    await running.close()
    await starting.close()


async def test_prune_drops_old_finished_games_but_keeps_their_results(service: GameService,
                                                                      clock: FakeClock) -> None:
    storage = service.storage
    old = await running_game(service, ai=2, friend=False)
    await play_out(service, old)
    stats = await service.stats(1)
    clock.advance(days=40)
    fresh = await running_game(service, channel=50)
    assert await storage.prune(before=clock() - timedelta(days=30)) == 1
    assert await storage.load(old) is None and await storage.load(fresh) is not None
    assert await outbox_pending(storage, old) == [] and await storage.actions(old) == []
    assert await service.stats(1) == stats


async def test_a_backup_is_a_copy_on_sqlite_and_pg_dump_on_postgresql(storage: Storage, service: GameService,
                                                                      tmp_path: Path) -> None:
    game_id = await running_game(service)
    target = tmp_path / "backup" / "copy.sqlite3"
    if isinstance(storage, PostgresStorage):
        with pytest.raises(NotImplementedError, match="pg_dump"):
            await storage.backup(target)
        return
    await storage.backup(target)
    copy = await open_storage(target)
    assert await copy.load(game_id) == await storage.load(game_id)
    await copy.close()


async def test_what_delivery_asks_of_the_outbox(service: GameService, clock: FakeClock) -> None:
    """Boards shown together and recorded with the message that showed them (and read back, the latest first
    kept, for an edit), superseded DMs, retries, closed DMs told once."""
    storage = service.storage
    game_id = await running_game(service)
    claimed = await storage.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    boards = [i for i in claimed if i.kind == "board"]
    await storage.outbox_done([i.id for i in claimed if i.kind != "board"], now=clock())
    assert boards and await storage.pending_boards(game_id, boards[-1].id) == boards
    assert await storage.shown_boards(game_id, 50) == []
    await storage.record_board(game_id, BoardMessage(10, 555, boards[-1].version), [b.id for b in boards], clock())
    assert [b.id for b in await storage.shown_boards(game_id, 50)] == [b.id for b in boards], "what an edit reads back"
    assert [b.id for b in await storage.shown_boards(game_id, 1)] == [boards[-1].id], "the latest ones"
    assert await storage.board_message(game_id) == BoardMessage(10, 555, boards[-1].version)
    await storage.record_board(game_id, BoardMessage(10, 556, boards[-1].version + 1), [], clock())
    assert (await storage.board_message(game_id)).message_id == 556
    assert await storage.pending_boards(game_id, boards[-1].id) == []

    await storage.emit(game_id, [OutboxRow("dm", FRIEND, {"lines": ["old"]}),
                                 OutboxRow("dm", FRIEND, {"lines": ["new"]})], now=clock())
    older, newer = [i for i in await outbox_pending(storage, game_id) if i.kind == "dm" and i.target == FRIEND][-2:]
    assert await storage.newer_pending(older) and not await storage.newer_pending(newer)
    await storage.outbox_retry(newer.id, next_try=clock() + timedelta(minutes=5), error="429")
    await storage.outbox_done([older.id], now=clock(), error="superseded")
    pending = {i.id: i for i in await outbox_pending(storage, game_id)}
    assert older.id not in pending and pending[newer.id].attempts == 1
    due = await storage.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    assert newer.id not in [i.id for i in due], "a retried row waits for its next try"
    await storage.outbox_done([i.id for i in due], now=clock())
    assert await storage.next_outbox_try() == clock() + timedelta(minutes=5)

    notice = OutboxRow("notice", None, {"lines": ["closed DMs"]})
    assert await storage.refuse_dms(game_id, FRIEND, notice=notice, now=clock())
    assert not await storage.refuse_dms(game_id, FRIEND, notice=notice, now=clock())
    assert not (await storage.load(game_id)).seats[1].dm_ok
    assert [i.payload for i in await outbox_pending(storage, game_id)].count(notice.payload) == 1
    await storage.anonymize_user(FRIEND)
    assert not [i for i in await outbox_pending(storage, game_id) if i.target == FRIEND], "unsent DMs are dropped"


async def test_a_paused_game_keeps_its_turn_timers_until_it_is_resumed(service: GameService,
                                                                        clock: FakeClock) -> None:
    storage = service.storage
    game_id = await running_game(service)
    assert await service.pause(game_id, "channel gone") and not await service.pause(game_id, "channel gone")
    assert (await storage.load(game_id)).paused == "channel gone"
    clock.advance(hours=49)
    assert await storage.claim_jobs(now=clock(), owner="a", lease=LEASE, limit=50) == []
    assert await storage.next_job_due() is None
    assert await service.resume(game_id)
    assert (await storage.load(game_id)).paused is None
    assert [j.kind for j in await jobs_of(storage, game_id)] == ["remind", "timeout"]
    assert await storage.next_job_due() == clock() + timedelta(hours=24)


def test_a_semicolon_in_a_migrations_comment_or_string_ends_no_statement() -> None:
    """Splitting a SQLite migration on every `;` ran half statements (and a test then hung)."""
    import sqlite3

    from bot.storage.sqlite import statements
    script = ("-- games; and their seats\nCREATE TABLE t (x TEXT DEFAULT 'a;b'); -- why; because\n"
              "CREATE INDEX t_x ON t (x);\n-- the end; nothing more\n")
    db = sqlite3.connect(":memory:")
    for statement in statements(script):
        db.execute(statement)
    db.execute("INSERT INTO t DEFAULT VALUES")
    assert db.execute("SELECT x FROM t").fetchall() == [("a;b",)]
    assert db.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall() == [("t_x",)]


async def test_a_persons_choice_of_dms_is_kept_read_with_the_seats_and_forgotten(database: str,
                                                                                  clock: FakeClock) -> None:
    """Issue 18, /game notify: the choice survives a restart, every seat of the person carries it, and
    forget-me erases it."""
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    game_id = await running_game(service)
    assert await store.notify_setting(FRIEND) is None and await service.notify(FRIEND) == "turn"
    await service.set_notify(FRIEND, "every")
    await service.set_notify(FRIEND, "off")
    await store.close()
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    assert await service.notify(FRIEND) == "off"
    assert [s.notify for s in (await store.load(game_id)).seats] == [None, "off"]
    assert [s.notify for s in (await service.get(game_id)).seats] == [None, "off"]
    await service.forget(FRIEND)
    assert await store.notify_setting(FRIEND) is None
    await store.close()


async def test_held_rows_wait_for_the_turn_to_pass_even_across_a_restart(database: str, clock: FakeClock) -> None:
    """A hand DM held to the end of its turn is not due, not even after a restart (which retries every
    waiting row), until a change releases the game's held rows."""
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    game_id = await running_game(service)
    await store.outbox_done([i.id for i in await outbox_pending(store, game_id)], now=clock())
    held = OutboxRow("hand", FRIEND, {"seat": 1, "view": {}}, held=True)
    await store.emit(game_id, [held, OutboxRow("notice", None, {"lines": ["now"]})], now=clock())
    await store.close()
    store = await open_storage(database)
    due = await store.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    assert [i.kind for i in due] == ["notice"], "the held hand waits"
    await store.outbox_done([i.id for i in due], now=clock())
    assert await store.claim_outbox(now=clock() + timedelta(days=300), owner="a", lease=LEASE, limit=50,
                                    hold=timedelta(0)) == []
    version = (await store.load(game_id)).version
    await store.set_settings(game_id, {}, expected_version=version, now=clock(), effects=Effects(release=True))
    due = await store.claim_outbox(now=clock(), owner="a", lease=LEASE, limit=50, hold=timedelta(0))
    assert [(i.kind, i.target) for i in due] == [("hand", FRIEND)]
    await store.close()


async def test_facts_about_the_bot_are_kept_and_replaced(storage: Storage) -> None:
    """The registered commands' fingerprint (issue 19) lives here, so a restart does not register them again."""
    assert await storage.meta("commands:1:global") is None
    await storage.set_meta("commands:1:global", "abc")
    await storage.set_meta("commands:1:global", "def")
    assert await storage.meta("commands:1:global") == "def"
    assert await storage.meta("commands:2:global") is None


async def test_a_restart_under_the_same_instance_id_takes_its_claims_back_at_once(
        database: str, clock: FakeClock) -> None:
    """Issue 26: a process killed while it held claims, restarted under its instance id, serves them at once
    instead of waiting out its lease; another id's claims stay held."""
    first = await open_storage(database)
    service = GameService(first, clock=clock)
    mine, theirs = await running_game(service, channel=70), await running_game(service, channel=71)
    await notices(first, mine, 2, clock)
    await notices(first, theirs, 1, clock)
    clock.advance(hours=25)
    await first.take_back("host:shards-0")
    held = await first.claim_outbox(now=clock(), owner="host:shards-0", lease=LEASE, limit=50, hold=timedelta(0),
                                    skip=[theirs])
    assert held and {i.game_id for i in held} == {mine}
    jobs = await first.claim_jobs(now=clock(), owner="host:shards-0", lease=LEASE, limit=50)
    assert jobs
    await first.close()  # as a kill: the claims stay in the database
    again = await open_storage(database)
    await again.take_back("host:shards-0")
    taken = await again.claim_outbox(now=clock(), owner="host:shards-0", lease=LEASE, limit=50, hold=timedelta(0))
    assert {i.id for i in held} <= {i.id for i in taken}, "its own claims are served at once"
    assert await again.claim_jobs(now=clock(), owner="host:shards-0", lease=LEASE, limit=50) == jobs
    await again.close()


async def test_a_game_being_delivered_is_skipped_by_the_next_claim(storage: Storage, service: GameService,
                                                                     clock: FakeClock) -> None:
    """Issue 26: one delivery task per game, so its rows stay in order: the loop's next claim skips the games
    whose task still runs."""
    busy, other = await running_game(service, channel=72), await running_game(service, channel=73)
    await notices(storage, busy, 2, clock)
    await notices(storage, other, 1, clock)
    taken = await storage.claim_outbox(now=clock(), owner="me", lease=LEASE, limit=50, hold=timedelta(0), skip=[busy])
    assert taken and {i.game_id for i in taken} == {other}


async def test_two_live_processes_under_one_instance_id_are_refused(postgres_server: PostgresServer) -> None:
    """PostgreSQL (issue 26): the second process to start under an id in use is refused, named; another id,
    or the same id once the first has stopped, is not."""
    url = await postgres_server.emptied_database()
    first, second = await open_storage(url), await open_storage(url)
    await first.take_back("host:shards-0")
    with pytest.raises(InstanceTaken, match="INSTANCE_ID='host:shards-0'"):
        await second.take_back("host:shards-0")
    await second.take_back("host:shards-1")
    await first.close()
    third = await open_storage(url)
    await third.take_back("host:shards-0")
    await second.close()
    await third.close()


async def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    """SQLite (issue 26): one process serves a SQLite file, whatever its id; the lock goes with the process."""
    path = tmp_path / "one.sqlite3"
    first, second = await open_storage(path), await open_storage(path)
    await first.take_back("a")
    with pytest.raises(InstanceTaken, match="SQLite"):
        await second.take_back("b")
    await first.close()
    await second.take_back("b")
    await second.close()
async def test_consecutive_ai_moves_between_two_peoples_turns_make_one_board(storage: Storage,
                                                                             clock: FakeClock) -> None:
    """AI seats moving 8 s apart (the table's AI pace): the board of the person's move waits while they keep
    moving, each move less than the hold after the one before, though the first row is older than the hold;
    once they stop for the hold, every move comes due at once, for one board."""
    service = GameService(storage, clock=clock, ai_pace=8.0)
    game_id = await running_game(service, ai=2, friend=False)
    await storage.outbox_done([i.id for i in await outbox_pending(storage, game_id)], now=clock())
    hold = timedelta(seconds=10)

    async def boards_due() -> list[int]:
        due = await storage.claim_outbox(now=clock(), owner="a", lease=timedelta(0), limit=50, hold=hold)
        return [i.version for i in due if i.kind == "board"]

    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    for _ in range(2):  # one AI seat, 8 s later the other
        clock.advance(seconds=8)
        (job,) = await storage.claim_jobs(now=clock(), owner="s", lease=LEASE, limit=5)
        assert await service.run_job(job) == "moved"
        await storage.finish_job(job)
        clock.advance(seconds=1)
        assert await boards_due() == [], "the AI seats are still moving: no board yet"
    clock.advance(seconds=10)
    assert len(await boards_due()) == 3, "one board shows the person's move and both AI moves"


async def test_a_move_writes_the_settings_its_effects_carry(storage: Storage, service: GameService) -> None:
    """A practice table's coach keeps its memory in the table's settings, written with the move that made it
    (`Effects.settings`, bot.practice): in the move's transaction, on both backends; a move without leaves them."""
    game_id = await running_game(service)
    before = await storage.load(game_id)
    remembered = {**before.settings, "coach": {"said": {"a1b2": 1}, "at": before.version + 1}}
    version = await storage.commit_move(game_id, expected_version=before.version, state=before.state,
                                        status="running", seat=0, action={"type": "x"}, events=[],
                                        interaction_id=None, now=service.clock(),
                                        effects=Effects(settings=remembered))
    assert (await storage.load(game_id)).settings == remembered
    await storage.commit_move(game_id, expected_version=version, state=before.state, status="running", seat=0,
                              action={"type": "y"}, events=[], interaction_id=None, now=service.clock())
    assert (await storage.load(game_id)).settings == remembered
