"""Turn deadlines with a fake clock: reminders once per turn, each timeout policy, restarts."""

from __future__ import annotations

import asyncio

import pytest

from bot.outcome import GameInfo, Outcome
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import Storage
from games.core import RuleError
from tests.support.tables import CREATOR, FRIEND, FakeClock, running_game


class Recorder:
    """A Notifier that keeps what it was asked to say."""

    def __init__(self) -> None:
        self.reminded: list[tuple[int, list[int]]] = []
        self.timeouts: list[Outcome] = []

    async def remind(self, game: GameInfo, user_ids: list[int]) -> None:
        self.reminded.append((game.id, user_ids))

    async def timed_out(self, outcome: Outcome) -> None:
        self.timeouts.append(outcome)


async def test_one_reminder_per_turn_at_half_the_deadline(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    notes = Recorder()
    scheduler = Scheduler(service, notes)
    assert await scheduler.seconds_to_next() == 24 * 3600
    clock.advance(hours=23)
    assert await scheduler.fire_due() == 0
    clock.advance(hours=2)
    assert await scheduler.fire_due() == 1
    assert notes.reminded == [(game_id, [CREATOR, FRIEND])]
    clock.advance(hours=1)
    assert await scheduler.fire_due() == 0  # exactly one reminder per turn
    assert await scheduler.seconds_to_next() == 22 * 3600


async def test_policy_ai_plays_the_turn_of_the_absent_player(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    notes = Recorder()
    clock.advance(hours=49)
    assert await Scheduler(service, notes).fire_due() == 1
    outcome = notes.timeouts[0]
    assert f"<@{FRIEND}> ran out of time: an AI plays for them." in outcome.lines
    assert any("revealed" in line for line in outcome.lines)
    assert not outcome.game.seats[1].is_ai  # the player keeps the seat under `ai`


async def test_policy_forfeit_hands_the_seat_to_an_ai(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, CREATOR, can_manage=False, changes={"policy": "forfeit"})
    notes = Recorder()
    clock.advance(hours=48)
    await Scheduler(service, notes).fire_due()
    seats = notes.timeouts[0].game.seats
    assert all(s.is_ai and s.left for s in seats)
    assert (await service.get(game_id)).status == "finished"  # AIs played the game out


async def test_policy_skip_falls_back_to_an_ai_move_where_the_game_has_no_pass(service: GameService,
                                                                                clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, FRIEND, can_manage=True, changes={"policy": "skip"})
    notes = Recorder()
    clock.advance(hours=48)
    await Scheduler(service, notes).fire_due()
    assert any("an AI plays for them" in line for line in notes.timeouts[0].lines)


async def test_a_deadline_missed_while_the_bot_was_down_fires_once_at_start_up(tmp_path) -> None:
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    store = await Storage.open(path)
    game_id = await running_game(GameService(store, clock=clock))
    await store.close()
    clock.advance(days=5)  # the bot was down for days
    store = await Storage.open(path)
    service = GameService(store, clock=clock)
    notes = Recorder()
    scheduler = Scheduler(service, notes)
    assert await scheduler.fire_due() == 1
    assert await scheduler.fire_due() == 0
    assert notes.timeouts[0].game.id == game_id
    await store.close()


async def test_settings_out_of_range_are_refused_and_change_nothing(service: GameService) -> None:
    game_id = await running_game(service)
    before = await service.storage.load(game_id)
    for changes, words in (({"deadline_hours": 0}, "between 1 and 720"), ({"policy": "nap"}, "ai, skip, forfeit"),
                           ({"reminder": 1.5}, "10% and 90%"), ({"colour": "red"}, "no table setting")):
        with pytest.raises(RuleError) as err:
            await service.update_settings(game_id, CREATOR, can_manage=False, changes=changes)
        assert words in str(err.value)
    with pytest.raises(RuleError, match="Manage Server"):
        await service.update_settings(game_id, FRIEND, can_manage=False, changes={"policy": "skip"})
    assert await service.storage.load(game_id) == before


async def test_deadline_off_schedules_nothing(service: GameService, clock: FakeClock) -> None:
    game_id = await running_game(service)
    await service.update_settings(game_id, CREATOR, can_manage=False, changes={"deadline_hours": "off"})
    clock.advance(days=30)
    assert await service.due() == []
    assert (await service.get(game_id)).deadline is None


async def test_run_sleeps_until_the_nearest_time_and_wakes_on_a_move(service: GameService) -> None:
    await running_game(service)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await asyncio.Event().wait()  # only a wake-up ends this sleep

    scheduler = Scheduler(service, Recorder(), sleep=sleep)
    task = asyncio.create_task(scheduler.run())
    for _ in range(50):
        await asyncio.sleep(0.01)
        if slept:
            break
    assert slept == [24 * 3600]
    scheduler.wake()
    for _ in range(50):
        await asyncio.sleep(0.01)
        if len(slept) == 2:
            break
    task.cancel()
    assert len(slept) == 2
