"""A practice table (`bot.practice`, issue 44) with a fake clock, on both storage backends: one its learner
leaves alone ends after `IDLE` with one line, through its timeout job; until then nothing happens; and a member
has one open per server."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.errors import Refused
from bot.limits import CONTENT as MESSAGE_LIMIT
from bot.outbox import fit
from bot.outcome import GameInfo
from bot.practice import AI_LEVEL, IDLE, idle_line, ranks
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import JobKind, open_storage
from bot.tools.coach_feedback import Tally, practice_game
from games.coach import CLEARLY_WORSE, COACH, FIRST_TIME
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.tables import CHANNEL, CREATOR, FakeClock


async def practice_table(service: GameService, game_type: str = "roam") -> int:
    """CREATOR's practice table, started, its AI seats' moves made: the learner is to move."""
    info = await service.create(game_type=game_type, guild_id=1, channel_id=CHANNEL, user_id=CREATOR, practice=True)
    await service.add_ai(info.id, CREATOR, level=AI_LEVEL)
    await service.start(info.id, CREATOR)
    await service.advance_ai(info.id)
    assert (await service.get(info.id)).users_to_move() == [CREATOR]
    return info.id


async def test_an_idle_practice_table_ends_after_three_days_with_one_line(service: GameService,
                                                                          clock: FakeClock) -> None:
    game_id = await practice_table(service)
    assert timedelta(days=3) == IDLE
    assert [j.kind for j in await jobs_of(service.storage, game_id)] == [JobKind.TIMEOUT], "its idle end planned"
    assert (await service.get(game_id)).deadline is None, "no turn deadline on its board"
    before = {item.id for item in await outbox_pending(service.storage, game_id)}
    scheduler = Scheduler(service)
    clock.advance(days=3, seconds=-1)
    assert await scheduler.drain() == 0 and (await service.get(game_id)).status == "running"
    clock.advance(seconds=1)
    assert await scheduler.drain() == 1
    assert (await service.get(game_id)).status == "abandoned"
    new = [item for item in await outbox_pending(service.storage, game_id) if item.id not in before]
    said = [line for item in new if item.kind == "notice" for line in item.payload["lines"]]
    assert said == [idle_line()] and "3 days" in said[0], said
    assert sorted(item.kind for item in new) == ["notice", "retire"], "one line; the board loses its buttons"
    assert await jobs_of(service.storage, game_id) == []
    assert await service.storage.active_in_channel(CHANNEL) is None


async def test_a_move_of_the_learner_puts_the_idle_end_off(service: GameService, clock: FakeClock) -> None:
    game_id = await practice_table(service)
    clock.advance(days=2)
    move = (await service.choices(game_id, CREATOR))[0]
    await service.act(game_id, CREATOR, move.action)
    await service.advance_ai(game_id)
    jobs = await jobs_of(service.storage, game_id)
    assert [(j.kind, j.due) for j in jobs] == [(JobKind.TIMEOUT, clock.now + IDLE)], "counted from her last move"
    clock.advance(days=2)
    assert await Scheduler(service).drain() == 0
    assert (await service.get(game_id)).status == "running"


async def test_two_practice_tables_opened_at_once_make_one(service: GameService) -> None:
    """One open practice table per member per server, also when two `/game learn` cross: the second is refused
    by the service, which checks and opens under one lock; on another server the member may have one more."""
    opened = await asyncio.gather(*(service.create(game_type="roam", guild_id=1, channel_id=CHANNEL + n,
                                                   user_id=CREATOR, practice=True) for n in range(2)),
                                  return_exceptions=True)
    assert sorted(type(o).__name__ for o in opened) == ["GameInfo", "Refused"], opened
    refused = next(o for o in opened if isinstance(o, Refused))
    assert refused.code == "practice_open"
    assert len(await service.games_of_user(CREATOR)) == 1
    elsewhere = await service.create(game_type="roam", guild_id=2, channel_id=CHANNEL, user_id=CREATOR, practice=True)
    assert (await service.open_practice(2, CREATOR)) == elsewhere


def test_the_feedback_measurement_tallies_a_beginners_practice_game() -> None:
    """docs/AI.md "The coach's feedback" comes from `bot.tools.coach_feedback`: it plays a practice game with a
    beginner as the learner and weighs each move that differs from an advised pick (issue 44 item 4)."""
    tally = Tally()
    practice_game("colonies", 1, tally)
    assert 0 < tally.advised <= tally.decisions
    assert all(-1.0 <= gap <= 1.0 for gap in tally.gaps) and tally.fired == sum(g >= CLEARLY_WORSE for g in tally.gaps)
    assert tally.line("colonies", 1).startswith("| colonies | 1 |")


def test_a_full_practice_board_drops_old_coach_lines_first_and_first_time_explanations_last() -> None:
    """Issue 44: a turn's board edited through many decisions outgrows a message; the first-time explanations
    (each said once a game) and the coach's line on the decision now outlive the story, which outlives the coach's
    lines on decisions already made."""
    old = [f"{COACH} **Coach:** decision {i}: " + "x" * 300 for i in range(5)]
    story = ["alice rolled 8: " + "y" * 200 for _ in range(3)]
    first = f"{FIRST_TIME} **First time: the robber.** " + "z" * 300
    now = f"{COACH} **Coach:** the decision now: " + "w" * 300
    lines = [old[0], story[0], first, old[1], story[1], old[2], old[3], old[4], story[2], now]
    text = fit(lines, ranks=ranks(lines))
    assert len(text) <= MESSAGE_LIMIT and first in text and now in text and all(s in text for s in story)
    assert not any(o in text for o in old[:3]) and old[4] in text, "the oldest coach lines went first, no more"


async def test_two_processes_opening_a_members_practice_table_at_once_make_one(database: str) -> None:
    """One open practice table per member per server across processes too (two bot processes on one database):
    each process's lock is its own, so both may find none open and create one; then the later one sees the older
    and withdraws (abandoned, refused with the older's number), whatever the interleaving."""
    first, second = await open_storage(database), await open_storage(database)
    services = [GameService(store, clock=FakeClock()) for store in (first, second)]
    for round_ in range(3):
        guild = 10 + round_
        opened = await asyncio.gather(*(s.create(game_type="roam", guild_id=guild, channel_id=CHANNEL + n,
                                                 user_id=CREATOR, practice=True) for n, s in enumerate(services)),
                                      return_exceptions=True)
        assert sorted(type(o).__name__ for o in opened) == ["GameInfo", "Refused"], opened
        kept = next(o for o in opened if isinstance(o, GameInfo))
        assert (await services[1].open_practice(guild, CREATOR)) == kept
        refused = next(o for o in opened if isinstance(o, Refused))
        assert refused.code == "practice_open" and f"#{kept.id}" in str(refused)
    await first.close()
    await second.close()
