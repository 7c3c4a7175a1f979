"""A bounded soak of the real bot process (issue 16): twenty tables played by AI seats and a scripted
person, while the fake Discord fails a tenth of the posts (5xx) and rate-limits some (429), and the
process is killed with SIGKILL three times. Afterwards every game's newest board shows its last
version, no version was posted twice, every action log replays to the stored state, and no game is
left running without a job that will move it on."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from tests.support.bot_process import BotProcess
from tests.support.channel_table import Table, leave, replays, stored_rows
from tests.support.fake_discord import MESSAGES, FakeDiscord
from tests.support.person import Person

pytestmark = pytest.mark.e2e
GAMES = 20
GAME_TYPE = "colonies"
"""The shipped game whose AI-only two-seat games are shortest to play through."""
KILLS = 3
PLAY_BUDGET = 90.0
"""Seconds the AI seats get to finish every game once the faults start."""


async def scripted_moves(table: Table, person: Person, moves: int, rng: random.Random) -> None:
    """A person plays a few moves through /play (whatever the bot offers), then leaves the seat to an AI."""
    for _ in range(moves):
        choices = await table.my_choices(person)
        if not choices:
            await asyncio.sleep(0.3)
            continue
        await person.slash("play", channel_id=table.channel_id, action=rng.choice(choices)["value"])
    await leave(table, person)


async def test_twenty_games_through_flaky_discord_and_three_kills(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = BotProcess(fake, tmp_path)
    await bot.start()
    rng = random.Random(16)
    try:
        host = fake.add_user("host")
        channels = [fake.channel] + [fake.add_text_channel(f"table-{i}") for i in range(1, GAMES)]
        tables = [Table(fake, bot, Person(fake, host, channel.id), channel.id) for channel in channels]

        async def open_table(table: Table) -> None:
            await table.fill_with_ai_and_start(await table.open(GAME_TYPE), 1)

        for first in range(0, GAMES, 5):  # five tables open at once, as busy servers do
            await asyncio.gather(*(open_table(t) for t in tables[first:first + 5]))
        flaky = [fake.server_error(502, seconds=3600, route=MESSAGES), fake.server_error(
            500, seconds=3600, method="PATCH", route="/channels/{channel_id}/messages/{message_id}"),
            fake.rate_limit(retry_after=0.2, seconds=3600, route=MESSAGES)]
        for fault, chance in zip(flaky, (0.1, 0.1, 0.05), strict=True):
            fault.chance = chance
        people = [asyncio.create_task(scripted_moves(t, t.host, 4, rng)) for t in tables[:4]]
        for t in tables[4:]:
            await leave(t, t.host)
        await asyncio.gather(*people)
        for _ in range(KILLS):
            await asyncio.sleep(4)
            await bot.kill()
            await bot.start()
        end = time.monotonic() + PLAY_BUDGET
        while time.monotonic() < end and not all(t.over() for t in tables):
            await asyncio.sleep(1)
        for fault in flaky:
            fault.stop()
        await fake.wait_for(lambda: not [r for r in stored_rows(bot.database, "outbox") if r["done_at"] is None],
                            timeout=60, what="the outbox to drain once Discord is healthy")
        await fake.settle(quiet=1.0)
    finally:
        await bot.stop()
    assert sum(f.hits for f in flaky) > 0, "the faults were injected"
    for table in tables:
        game = table.game()
        game_id = game["id"]
        jobs = [j for j in stored_rows(bot.database, "jobs") if j["game_id"] == game_id]
        assert game["status"] == "finished" or jobs, f"game {game_id} is running with nothing to move it on"
        names = [a.filename for m in table.boards() for a in m.attachments]
        assert len(names) == len(set(names)), f"game {game_id}: a version was posted twice: {names}"
        assert names[-1] == f"{GAME_TYPE}-{game_id}-v{game['version']}.png", \
            f"game {game_id}: the newest board is not its last version: {names[-3:]}, v{game['version']}"
        assert replays(bot.database, game), f"game {game_id}: the action log does not replay to the stored state"
    assert bot.problems() == [], bot.log_tail()
