"""The real bot process (`python -m bot`) against the local Discord, driven as people would.

Every scenario ends by checking (the strict `fake` fixture) that the local Discord saw no request
that breaks Discord's OpenAPI spec or its limits, no interaction unanswered or answered later than
Discord allows, and that the bot logged no unhandled error.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.layout.moves import CONFIRM_FIRST, is_place
from tests.support.bot_process import BotProcess
from tests.support.channel_table import (
    Table,
    board_versions,
    first_game,
    leave_to_ai_and_finish,
    started_table,
)
from tests.support.fake_discord import FakeDiscord, InteractionRecord, StoredMessage, is_png
from tests.support.person import Person
from tests.support.shipped import SHIPPED
from tests.support.world import steps_in

pytestmark = pytest.mark.e2e
HUMAN_MOVES = 12
"""Moves a person makes through the UI before leaving the seat to an AI that ends the game."""


@pytest.fixture
async def world(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, BotProcess]]:
    """The bot process on the strict `fake`; it must have logged no unhandled error when it stops."""
    bot = BotProcess(fake, tmp_path)
    await bot.start()
    try:
        yield fake, bot
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log_tail()


@pytest.mark.parametrize("game_type", SHIPPED)
async def test_full_game_with_ai_seats(world: tuple[FakeDiscord, BotProcess], game_type: str) -> None:
    fake, bot = world
    bob = Person(fake, fake.add_user("bob"))
    stranger = fake.add_user("stranger")
    table = await started_table(fake, bot, game_type, bob)
    players = [table.host, bob]
    for _ in range(HUMAN_MOVES):
        await fake.settle(quiet=0.3)
        if table.over():
            break
        for person in players:
            boards = len(table.boards())
            if await table.play_one(person) is not None:
                assert len(table.boards()) > boards and is_png(table.latest_board().pngs()[0])
    if not table.over():
        await leave_to_ai_and_finish(table, *players)
    final = table.latest_board().text()
    assert "Game over" in final and "\n1. " in final, final
    assert not any(m.loading for m in table.messages()), "every deferred answer was completed"
    assert all(is_png(png) for board in table.boards() for png in board.pngs())
    uploads = [a for messages in fake.messages.values() for m in messages for a in m.attachments]
    assert uploads and [a.filename for a in uploads if not a.description] == [], \
        "every file uploaded (boards, hands, the recap) carries alt text (issue 27 item 6)"
    dms = fake.all_dms()
    assert set(dms) <= {table.host.user.id, bob.user.id}, "private views go to their owners only"
    assert stranger.id not in dms


async def test_closed_dms_play_through_my_hand(world: tuple[FakeDiscord, BotProcess]) -> None:
    fake, bot = world
    bob = Person(fake, fake.add_user("bob"))
    fake.refuse_dms(bob.user)
    table = await started_table(fake, bot, first_game(), bob)
    await fake.settle()
    hand = await bob.click(table.latest_board(), "My hand")
    await fake.settle()
    (reply,) = [m for m in hand.replies() if not m.loading] or [None]
    assert reply is not None and reply.ephemeral and reply.visible_to == bob.user.id
    assert reply not in fake.channel_messages(viewer=table.host.user)
    for _ in range(HUMAN_MOVES):
        await fake.settle(quiet=0.3)
        await table.play_one(bob)
        await table.play_one(table.host)
    assert bob.user.id in fake.refused_dms, "bob was asked to move by a DM, which Discord refused"
    assert bob.dms() == []
    notices = [m for m in table.messages() if bob.mention in m.content and "DM" in m.content]
    assert len(notices) == 1, "one notice in the channel that bob's DMs are closed, not repeated"


async def test_sigkill_mid_game_then_restart_and_finish(world: tuple[FakeDiscord, BotProcess]) -> None:
    fake, bot = world
    table = await started_table(fake, bot, first_game())
    for _ in range(HUMAN_MOVES // 2):
        await fake.settle(quiet=0.3)
        await table.play_one(table.host)
    await fake.settle(quiet=0.3)
    before = table.game()
    host_moves = table.moves_of(0)
    choice = (await table.my_choices(table.host))[0]
    in_flight = asyncio.create_task(table.host.slash("play", channel_id=table.channel_id, action=choice["value"]))
    await asyncio.sleep(0.05)
    await bot.kill()
    in_flight.cancel()
    await bot.start()
    assert table.moves_of(0) in (host_moves, host_moves + 1), "the move in flight applied once or not at all"
    assert table.game()["version"] >= before["version"], "nothing committed was lost"
    for _ in range(HUMAN_MOVES // 2):
        await fake.settle(quiet=0.3)
        await table.play_one(table.host)
    assert table.game()["version"] > before["version"]
    await leave_to_ai_and_finish(table, table.host)


async def move_panel(table: Table) -> StoredMessage:
    """The host's private move panel, opened from the newest board's "Your move" button."""
    record = await table.host.click(table.latest_board(), "Your move")
    await table.fake.settle()
    (panel,) = [m for m in record.replies() if not m.loading]
    assert panel.ephemeral and panel.visible_to == table.host.user.id
    return panel


async def pick_twice(table: Table, panel: StoredMessage) -> tuple[InteractionRecord, InteractionRecord]:
    """The same move from the panel, sent twice at once (a double click)."""
    buttons = [b for b in panel.buttons() if str(b.get("custom_id", "")).startswith("fr:a:")]
    if buttons:
        return await asyncio.gather(*(table.host.click(panel, custom_id=buttons[0]["custom_id"]) for _ in range(2)))
    move = next(o for step in steps_in(panel.interactive()).values() for o in step
                if not o["value"].startswith(("p", "@", CONFIRM_FIRST)))
    if move["button"]:
        return await asyncio.gather(*(table.host.click(panel, custom_id=move["custom_id"]) for _ in range(2)))
    return await asyncio.gather(*(table.host.select(panel, [move["value"]], custom_id=move["custom_id"])
                                  for _ in range(2)))


async def open_first_place(table: Table, panel: StoredMessage) -> StoredMessage:
    """Where a long list is chosen place first, the panel with the first place's moves."""
    place = next((o for step in steps_in(panel.interactive()).values() for o in step if is_place(o["value"])), None)
    if place is None:
        return panel
    edits = panel.edits
    await (table.host.click(panel, custom_id=place["custom_id"]) if place["button"]
           else table.host.select(panel, [place["value"]], custom_id=place["custom_id"]))
    await table.fake.wait_for(lambda: (now := table.fake.find_message(panel.id)) and now.edits > edits,
                              what="the first place's moves")
    await table.fake.settle()
    found = table.fake.find_message(panel.id)
    assert found is not None
    return found


async def test_double_click_and_stale_board(world: tuple[FakeDiscord, BotProcess]) -> None:
    fake, bot = world
    table = await started_table(fake, bot, first_game())
    await fake.settle()
    panel = await open_first_place(table, await move_panel(table))
    stale = copy.deepcopy(panel)
    moves = table.moves_of(0)
    await pick_twice(table, panel)
    await fake.settle()
    assert table.moves_of(0) == moves + 1, "a double click plays the move once"
    after = table.game()["version"]
    late = await pick_twice(table, stale)
    await fake.settle()
    texts = " ".join(t for record in late for t in record.texts()).lower()
    assert "changed" in texts or "not your move" in texts, texts
    assert table.game()["version"] == after, "a click on a stale panel changes nothing"


async def test_a_429_on_the_board_post_is_retried(world: tuple[FakeDiscord, BotProcess]) -> None:
    fake, bot = world
    table = await started_table(fake, bot, first_game())
    await fake.settle()
    board = table.latest_board()
    params = {"channel_id": table.channel_id} if "{channel_id}" in board.via else {}
    fake.rate_limit_once("POST", board.via, retry_after=0.5, **params)
    boards = len(table.boards())
    assert await table.play_one(table.host) is not None
    await fake.settle()
    assert len(fake.rate_limited) == 1
    assert len(table.boards()) > boards, "the move's board was posted after the retry"
    names = board_versions(table)
    assert len(names) == len(set(names)), f"the retried post put its board up once: {names}"
