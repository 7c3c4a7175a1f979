"""Jobs with a fake clock, on both storage backends: one reminder per turn, each timeout policy, AI turns,
restarts, races and failures. What the players are told is read from the outbox the jobs write."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import PostgresStorage, SqliteStorage, Storage, open_storage
from bot.storage.base import migrations
from bot.thinking import Thinking
from games.core import Action, Game, RuleError
from renderers.cast import Cast
from renderers.narrator import log
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.tables import CREATOR, FRIEND, FakeClock, running_game


async def told(service: GameService, game_id: int, kind: str) -> list[str]:
    """What the game's outbox rows of one kind say, oldest first: their lines, and a board's events as its
    narrator tells them (seats by colour)."""
    game_type = (await service.get(game_id)).game_type
    return [line for item in await outbox_pending(service.storage, game_id) if item.kind == kind
            for line in [*log(game_type, item.payload.get("events", []), Cast([])), *item.payload["lines"]]]


async def test_one_reminder_per_turn_at_half_the_deadline(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    scheduler = Scheduler(service)
    assert await scheduler.seconds_to_next() == 60  # the longest sleep; the reminder is 24 h away
    assert (await jobs_of(service.storage, game_id))[0].due == clock.now + timedelta(hours=24)
    clock.advance(hours=23)
    assert await scheduler.drain() == 0
    clock.advance(hours=2)
    assert await scheduler.drain() == 1
    reminder = await told(service, game_id, "notice")
    assert len(reminder) == 1 and f"<@{CREATOR}>" in reminder[0] and f"<@{FRIEND}>" in reminder[0]
    assert len([i for i in await outbox_pending(service.storage, game_id) if i.kind == "dm"]) == 2
    clock.advance(hours=1)
    assert await scheduler.drain() == 0  # exactly one reminder per turn
    assert [j.kind for j in await jobs_of(service.storage, game_id)] == ["timeout"]


async def test_policy_ai_plays_the_turn_of_the_absent_player(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    clock.advance(hours=49)
    assert await Scheduler(service).drain() == 2  # the overdue reminder says nothing, then the timeout
    assert await told(service, game_id, "notice") == []
    lines = await told(service, game_id, "board")
    assert "Player 2 (blue) ran out of time: an AI (normal) plays for them." in lines, "at the table's AI level"
    assert any("revealed" in line for line in lines)
    assert not (await service.get(game_id)).seats[1].is_ai  # the player keeps the seat under `ai`


async def test_policy_forfeit_hands_the_seat_to_an_ai(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, CREATOR, changes={"policy": "forfeit", "ai_level": "easy"})
    clock.advance(hours=48)
    await Scheduler(service).drain()
    info = await service.get(game_id)
    assert all(s.is_ai and s.left and s.level == "easy" for s in info.seats), "AIs of the table's level"
    assert info.status == "finished", "the AI seats played the game out, one ai_turn job after another"
    assert "Player 2 (blue) ran out of time and forfeits; Basil (AI easy, blue) plays their seat from now on." in \
        await told(service, game_id, "board")


async def test_policy_skip_falls_back_to_an_ai_move_where_the_game_has_no_pass(service: GameService,
                                                                                clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, FRIEND, guild_rights=1, changes={"policy": "skip"})
    clock.advance(hours=48)
    await Scheduler(service).drain()
    assert any("an AI (normal) plays for them" in line for line in await told(service, game_id, "board"))


async def test_a_deadline_missed_while_the_bot_was_down_fires_once_at_start_up(database: str) -> None:
    clock = FakeClock()
    store = await open_storage(database)
    game_id = await running_game(GameService(store, clock=clock))
    await store.close()
    clock.advance(days=5)  # the bot was down for days
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    scheduler = Scheduler(service)
    assert await scheduler.run_due() == 2  # the reminder (too late to say anything), then the timeout
    assert await scheduler.run_due() == 0
    assert any("ran out of time" in line for line in await told(service, game_id, "board"))
    await store.close()


async def test_settings_out_of_range_are_refused_and_change_nothing(service: GameService) -> None:
    game_id = await running_game(service)
    before = await service.storage.load(game_id)
    for changes, words in (({"deadline_hours": 0}, "between 1 and 720"), ({"policy": "nap"}, "ai, skip, forfeit"),
                           ({"reminder": 1.5}, "10% and 90%"), ({"colour": "red"}, "no table setting")):
        with pytest.raises(RuleError) as err:
            await service.update_settings(game_id, CREATOR, changes=changes)
        assert words in str(err.value)
    with pytest.raises(RuleError, match="Manage Server"):
        await service.update_settings(game_id, FRIEND, changes={"policy": "skip"})
    with pytest.raises(RuleError, match="Manage Server"):  # Manage Server of another server is no right here
        await service.update_settings(game_id, FRIEND, guild_rights=2, changes={"policy": "skip"})
    assert await service.storage.load(game_id) == before


async def test_deadline_off_schedules_nothing(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, CREATOR, changes={"deadline_hours": "off"})
    clock.advance(days=30)
    assert await jobs_of(service.storage, game_id) == []
    assert await Scheduler(service).drain() == 0
    assert (await service.get(game_id)).deadline is None


async def test_a_timeout_planned_for_an_old_version_never_hits_the_next_player(service: GameService,
                                                                                clock: FakeClock) -> None:
    """The race of issue 16: the scheduler has claimed several due timeouts; meanwhile the late player moves.
    The timeout of that game was planned for the version before the move, so it does nothing."""
    late = await running_game(service, friend=False, ai=1)  # CREATOR is to move, alone
    others = [await running_game(service, channel=20 + n) for n in range(3)]
    clock.advance(hours=49)
    scheduler = Scheduler(service)
    claimed = await service.storage.claim_jobs(now=clock.now, owner="me", lease=timedelta(minutes=2), limit=50)
    assert {j.game_id for j in claimed} == {late, *others}
    card = (await service.hand(late, CREATOR))["hand"][0]
    await service.act(late, CREATOR, {"type": "play", "card": card})  # the late player moves in time after all
    for job in claimed:
        await scheduler._run(job)
    assert not any("ran out of time" in line for line in await told(service, late, "board"))
    for game_id in others:
        assert any("ran out of time" in line for line in await told(service, game_id, "board"))


async def test_ai_seats_move_as_jobs_after_a_restart(database: str) -> None:
    """An AI seat to move is a job in the database: a new process plays it with nobody clicking."""
    store = await open_storage(database)
    service = GameService(store, clock=FakeClock())
    game_id = await running_game(service, friend=False, ai=1)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    assert [j.kind for j in await jobs_of(store, game_id)] == ["ai_turn"]
    await store.close()  # the process dies before the AI moved
    store = await open_storage(database)
    service = GameService(store, clock=FakeClock())
    assert await Scheduler(service).drain() >= 1
    info = await service.get(game_id)
    assert 0 in info.to_move and [j.kind for j in await jobs_of(store, game_id)] == ["remind", "timeout"]
    await store.close()


async def test_a_failing_job_is_logged_and_retried_and_the_others_still_run(
        service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    broken = await running_game(service)
    fine = await running_game(service, channel=30)
    real = service.run_job

    async def run_job(job):  # type: ignore[no-untyped-def]
        if job.game_id == broken:
            raise RuntimeError("the database hiccuped")
        return await real(job)

    monkeypatch.setattr(service, "run_job", run_job)
    clock.advance(hours=25)
    scheduler = Scheduler(service)
    await scheduler.drain()
    assert await told(service, fine, "notice"), "the other game was reminded"
    assert f"job_failed game={broken} kind=remind" in caplog.text
    job = (await jobs_of(service.storage, broken))[0]
    assert job.kind == "remind" and job.attempts == 1 and job.due > clock.now  # retried later, with backoff
    monkeypatch.setattr(service, "run_job", real)
    clock.advance(seconds=10)
    assert await scheduler.drain() == 1
    assert await told(service, broken, "notice")


async def test_the_loop_survives_an_error_and_sleeps_until_the_nearest_job_or_a_wake_up(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    await running_game(service)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await asyncio.Event().wait()  # only a wake-up ends this sleep

    scheduler = Scheduler(service, sleep=sleep)
    calls = 0
    real = scheduler.drain

    async def drain() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("disk full")
        return await real()

    monkeypatch.setattr(scheduler, "drain", drain)
    task = asyncio.create_task(scheduler.run())
    for _ in range(50):
        await asyncio.sleep(0.01)
        if slept:
            break
    assert slept == [5.0], "after an error the loop pauses, then goes on"
    scheduler.wake()
    for _ in range(50):
        await asyncio.sleep(0.01)
        if len(slept) == 2:
            break
    assert not task.done()
    task.cancel()
    assert slept[1] == 60.0


async def test_the_reminder_dm_goes_to_those_who_want_their_turn_told(service: GameService,
                                                                      clock: FakeClock) -> None:
    """/game notify: `off` is no DM at all, not even the reminder; the channel's reminder still mentions
    both players."""
    await service.set_notify(FRIEND, "off")
    game_id = await running_game(service)
    clock.advance(hours=25)
    assert await Scheduler(service).drain() == 1
    assert f"<@{FRIEND}>" in (await told(service, game_id, "notice"))[0]
    dms = [i for i in await outbox_pending(service.storage, game_id) if i.kind in ("dm", "ask", "hand")]
    assert {i.target for i in dms} == {CREATOR}


async def test_running_games_written_before_jobs_existed_are_planned_by_a_migration(database: str, backend: str,
                                                                                     clock: FakeClock) -> None:
    """The repair that re-planned such games at every start is a migration, run once: each gets an AI turn,
    which moves the AI seat that is to move, or plans the timers of the person who is."""
    store = await open_storage(database)
    service = GameService(store, clock=clock)
    ai_next = await running_game(service, ai=1, friend=False)
    person_next = await running_game(service, channel=11)
    card = (await service.hand(ai_next, CREATOR))["hand"][0]
    await service.act(ai_next, CREATOR, {"type": "play", "card": card})
    assert [j.kind for j in await jobs_of(store, ai_next)] == ["ai_turn"]
    repair = max(number for number, sql in migrations(backend) if "INSERT INTO jobs" in sql)
    await raw(store, "DELETE FROM jobs")  # as the games were before jobs existed, and the migration not yet run
    await raw(store, f"DELETE FROM schema_version WHERE version >= {repair}")
    await raw(store, "ALTER TABLE seats DROP COLUMN ai_level")  # the later migrations (AI levels) undone too
    await raw(store, "ALTER TABLE outbox DROP COLUMN claims")
    await raw(store, "DROP TABLE people")  # (what people are called)
    if backend == "postgres":
        await raw(store, "DROP TABLE instances")  # (the processes' beats)
    await store.close()

    store = await open_storage(database)
    try:
        service = GameService(store, clock=clock)
        assert [j.kind for j in await jobs_of(store, ai_next)] == [j.kind for j in await jobs_of(store, person_next)] \
            == ["ai_turn"]
        version = (await service.get(ai_next)).version
        assert await Scheduler(service).drain() == 3, "the AI seat's two moves, and the other game's planning"
        assert (await service.get(ai_next)).version > version, "the AI seat moved"
        assert [j.kind for j in await jobs_of(store, person_next)] == ["remind", "timeout"]
    finally:
        await store.close()


async def raw(store: Storage, sql: str) -> None:
    """A statement run on the tables themselves, as no bot would."""
    if isinstance(store, SqliteStorage):
        await store.db.execute(sql)
        await store.db.commit()
    else:
        assert isinstance(store, PostgresStorage)
        await store.pool.execute(sql)


class TwoAtOnce(Thinking):
    """Hard seats that each wait, before choosing (as the normal level would), until two of them are
    thinking at once: run one after another, the first waits for a second that never comes."""

    def __init__(self) -> None:
        super().__init__()
        self.thinking = 0
        self.both = asyncio.Event()

    async def choose(self, game: Game, seat: int, level: str, budget_seconds: float, *, seed: int = 0) -> Action:
        self.thinking += 1
        if self.thinking == 2:
            self.both.set()
        await asyncio.wait_for(self.both.wait(), timeout=10)
        return await super().choose(game, seat, "normal", budget_seconds, seed=seed)


async def test_hard_seats_of_two_games_think_at_once(service: GameService) -> None:
    """One game's hard AI seat, thinking in a worker, does not hold up another game's AI turn."""
    games = []
    for channel in (10, 11):
        info = await service.create(game_type="testgame", guild_id=1, channel_id=channel, user_id=CREATOR)
        await service.add_ai(info.id, CREATOR, level="hard")
        await service.start(info.id, CREATOR)
        card = (await service.hand(info.id, CREATOR))["hand"][0]
        await service.act(info.id, CREATOR, {"type": "play", "card": card})
        games.append(info.id)
    versions = [(await service.get(g)).version for g in games]
    service.thinking = TwoAtOnce()
    assert await Scheduler(service).run_due() == 2
    assert [(await service.get(g)).version for g in games] == [v + 1 for v in versions], "both AI seats moved"


async def test_a_job_whose_game_another_process_moved_meanwhile_is_stale_not_an_error(
        storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: two processes on one database ran the same AI turn (the first's lease ran out while it thought);
    the second moved first. The first's write then finds a newer version: the job is stale, as if it had loaded
    the newer row, not an error logged with a traceback and retried (the cluster test's teardown saw one)."""
    first, second = GameService(storage, clock=clock), GameService(storage, clock=clock)
    game_id = await running_game(first, ai=1, friend=False)
    card = (await first.hand(game_id, CREATOR))["hand"][0]
    await first.act(game_id, CREATOR, {"type": "play", "card": card})
    (job,) = await storage.claim_jobs(now=clock(), owner="first", lease=timedelta(seconds=1), limit=5)
    choose = first._choose

    async def slow_choice(*args: object, **kwargs: object) -> Action:
        assert await second.run_job(job) == "moved"  # the other process, meanwhile
        return await choose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(first, "_choose", slow_choice)
    version = (await first.get(game_id)).version
    assert await first.run_job(job) == "stale"
    assert (await first.get(game_id)).version == version + 1, "the AI moved once, by the other process"


@pytest.mark.parametrize("step", ["leave", "settings", "abandon"])
async def test_a_step_resting_on_no_board_is_made_on_the_newest_row_when_another_process_moved(
        storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """Issue 38, the cluster test's hang: a host's confirmed Leave, written while the other process of a cluster ran
    an AI seat's turn, was refused as "The board has changed since this was drawn" — and the game waited for
    them for good. Leaving, a setting or abandoning rests on no board: it is made again on the newest row."""
    first, second = GameService(storage, clock=clock), GameService(storage, clock=clock)
    game_id = await running_game(first, ai=1, friend=False)
    card = (await first.hand(game_id, CREATOR))["hand"][0]
    await first.act(game_id, CREATOR, {"type": "play", "card": card})
    (job,) = await storage.claim_jobs(now=clock(), owner="second", lease=timedelta(seconds=60), limit=5)
    write = {"leave": "set_seats", "settings": "set_settings", "abandon": "set_status"}[step]
    stored = getattr(storage, write)
    moved: list[str] = []

    async def after_the_other_process_moved(*args: object, **kwargs: object) -> object:
        if not moved:
            moved.append(await second.run_job(job))  # the AI's turn, written between this change's load and write
        return await stored(*args, **kwargs)

    monkeypatch.setattr(storage, write, after_the_other_process_moved)
    version = (await first.get(game_id)).version
    if step == "leave":
        outcome = await first.leave(game_id, CREATOR)
        assert [s.left for s in outcome.game.seats] == [True, False]
    elif step == "settings":
        info = await first.update_settings(game_id, CREATOR, changes={"offer_minutes": 2})
        assert info.settings["offer_minutes"] == 2
    else:
        assert (await first.abandon(game_id, CREATOR)).status == "abandoned"
    assert moved == ["moved"] and (await first.get(game_id)).version > version + 1, "both changes were written"
