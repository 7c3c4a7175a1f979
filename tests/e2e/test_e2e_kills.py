"""Issue 38: a hundred moves across the five games on PostgreSQL, with the bot process killed (SIGKILL) at seeded
random moments — before a move's answer, between its commit and its board, while a board is being posted — and
each time restarted only after Discord's nonce check (a few minutes) has lapsed. Afterwards no move a person was
told of is lost, every game's newest board shows its last version, no board was posted twice, and every action
log replays to the stored state."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.support.bot_process import BotProcess
from tests.support.channel_table import Table, board_versions, replays, seats_to_fill, stored_rows
from tests.support.fake_discord import MESSAGES, FakeDiscord
from tests.support.fake_discord.rest import NONCE_SECONDS
from tests.support.person import Person
from tests.support.postgres import PostgresServer
from tests.support.shipped import SHIPPED

pytestmark = pytest.mark.e2e
MOVES = 100
KILLS = 8
SEED = 38
HELD_ANSWER = 1.0
"""Seconds Discord holds back its answer to a post it has already made (half the posts), so that kills land
between a post and its recorded answer as well as anywhere else."""


async def person_to_move(table: Table) -> list[dict[str, str]]:
    """The moves /play offers the host once the AI seats have moved ([] if the game ended meanwhile)."""
    for _ in range(200):
        if table.over():
            return []
        if choices := await table.my_choices(table.host):
            return choices
        await asyncio.sleep(0.2)
    raise AssertionError(f"the host of game {table.game()['id']} was never asked to move")


async def test_a_hundred_moves_over_five_games_with_kills_lose_nothing_and_post_nothing_twice(
        fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> None:
    rng = random.Random(SEED)
    bot = BotProcess(fake, tmp_path, env={"DATABASE_URL": await postgres_server.new_database()})
    await bot.start()
    try:
        host = fake.add_user("host")
        tables = []
        for game_type in SHIPPED:
            channel = fake.add_text_channel(game_type)
            table = Table(fake, bot, Person(fake, host, channel.id), channel.id)
            await table.fill_with_ai_and_start(await table.open(game_type), seats_to_fill(game_type, 1))
            tables.append(table)
        answers_lost = fake.slow(HELD_ANSWER, seconds=3600 * 24, method="POST", route=MESSAGES, took_effect=True)
        answers_lost.chance = 0.5  # half the posts are done at once and answered late: a kill then loses the answer
        told: dict[int, int] = {}
        """Per game, the moves whose ✓ the host saw: each must be in the action log."""
        kills = set(rng.sample(range(MOVES), KILLS))
        for move in range(MOVES):
            table = tables[move % len(tables)]
            if not (choices := await person_to_move(table)):
                continue
            record = await table.host.slash("play", channel_id=table.channel_id, action=rng.choice(choices)["value"])
            if move in kills:
                await asyncio.sleep(rng.uniform(0.0, 2 * HELD_ANSWER))  # before the answer … while a post is held
                await bot.kill()
                fake.clock.advance(NONCE_SECONDS + 60)  # back only once Discord has forgotten every nonce
                await bot.start()
            else:
                await fake.wait_for(lambda r=record: any(m.content and not m.loading for m in r.replies()),
                                    timeout=60, what="the answer to /play")
            if any("✓" in text for text in record.texts()):
                told[table.game()["id"]] = told.get(table.game()["id"], 0) + 1
        await fake.wait_for(lambda: all(r["done_at"] for r in stored_rows(bot.database, "outbox")), timeout=120,
                            what="everything committed delivered")
        await fake.settle(quiet=1.0)
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log_tail()
    assert sum(told.values()) >= MOVES // 2, f"the host was told of too few moves to prove anything: {told}"
    for table in tables:
        game = table.game()
        (seat,) = [s["seat"] for s in stored_rows(bot.database, "seats")
                   if s["game_id"] == game["id"] and s["user_id"] == table.host.user.id]
        actions = [a for a in stored_rows(bot.database, "actions") if a["game_id"] == game["id"] and a["seat"] == seat]
        assert len(actions) >= told.get(game["id"], 0), f"game {game['id']}: a move the host was told of is lost"
        names = board_versions(table)
        assert len(names) == len(set(names)), f"game {game['id']}: a board was posted twice: {names}"
        assert names[-1].endswith(f"-v{game['version']}.png"), \
            f"game {game['id']}: the newest board is not its last version: {names[-3:]}, v{game['version']}"
        assert replays(bot.database, game), f"game {game['id']}: the action log does not replay to the stored state"
