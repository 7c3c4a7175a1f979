"""Moves through Discord: the move panel, `/play`, stale boards, hands, refused DMs, restarts."""

from __future__ import annotations

import asyncio
import copy
import logging

import pytest

from bot.client import Frontier
from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.world import World, started


async def move_panel(world: World, person: Person, board: StoredMessage) -> StoredMessage:
    record = await person.click(board, "Your move")
    await world.settle()
    panel = record.replies()[-1]
    assert panel.ephemeral and panel.visible_to == person.user.id
    return panel


async def test_your_move_opens_a_private_panel_and_a_select_plays(world: World) -> None:
    alice, bob, board = await started(world)
    panel = await move_panel(world, alice, board)
    assert panel.selects(), "several cards to play make a select"
    assert panel.pngs(), "the panel shows the hand"
    option = panel.selects()[0]["options"][0]
    await alice.select(panel, [option["value"]])
    await world.settle()
    panel = world.fake.find_message(panel.id)
    assert panel.content.startswith("✓ Play ")
    assert "Not your move now" in panel.content and f"<@{bob.user.id}>" in panel.content


async def test_each_player_is_sent_their_moves_by_dm_when_asked_to_move(world: World) -> None:
    alice, bob, _ = await started(world)
    for person in (alice, bob):
        asks = [m for m in person.dms() if m.content.startswith("Your move")]
        assert len(asks) == 1 and asks[0].selects(), "one DM with the moves when the round starts"
    ask = next(m for m in alice.dms() if m.content.startswith("Your move"))
    await alice.select(ask, [ask.selects()[0]["options"][0]["value"]])
    await world.settle()
    assert world.fake.find_message(ask.id).content.startswith("✓ Play "), "a move made from the DM"
    assert not [m for m in alice.dms() if m.content.startswith("Your move")], "no new ask while Bob plays"


async def test_a_stale_dm_panel_is_redrawn_for_now_and_then_plays(world: World) -> None:
    alice, bob, _ = await started(world)
    ask = next(m for m in alice.dms() if m.content.startswith("Your move"))
    bob_ask = next(m for m in bob.dms() if m.content.startswith("Your move"))
    await bob.select(bob_ask, [bob_ask.selects()[0]["options"][0]["value"]])  # the game moves on
    await world.settle()
    posted = len(world.boards())
    old_ids = [c["custom_id"] for c in ask.selects()]
    record = await alice.select(ask, [ask.selects()[0]["options"][0]["value"]])
    await world.settle()
    assert any("changed" in text for text in record.texts()) and len(world.boards()) == posted, "nothing played"
    fresh = world.fake.find_message(ask.id)
    assert [c["custom_id"] for c in fresh.selects()] != old_ids, "the DM's controls were redrawn for now"
    await alice.select(fresh, [fresh.selects()[0]["options"][0]["value"]])
    await world.settle()
    assert world.fake.find_message(ask.id).content.startswith("✓ Play ")


async def test_play_autocomplete_lists_only_the_players_moves_and_plays_one(world: World) -> None:
    alice, _, _ = await started(world)
    choices = await alice.autocomplete("play", "action", "")
    assert choices and all(c["value"].startswith("v") for c in choices)
    stranger = world.person("carol")
    assert await stranger.autocomplete("play", "action", "") == []
    before, edits = len(world.boards()), world.boards()[-1].edits
    record = await alice.slash("play", action=choices[0]["value"])
    await world.settle()
    assert any(t.startswith("✓") for t in record.texts())
    assert len(world.boards()) == before and world.boards()[-1].edits > edits, \
        "a move by one of two simultaneous players, asking nobody new, edits the board in place"


async def test_a_stale_choice_is_refused_and_changes_nothing(world: World) -> None:
    alice, bob, _ = await started(world)
    stale = (await alice.autocomplete("play", "action", ""))[0]["value"]
    await bob.slash("play", action=(await bob.autocomplete("play", "action", ""))[0]["value"])
    await world.settle()
    before = len(world.boards())
    record = await alice.slash("play", action=stale)
    await world.settle()
    assert "The board has changed" in " ".join(record.texts())
    assert len(world.boards()) == before


async def test_free_text_that_is_no_move_is_refused_plainly(world: World) -> None:
    alice, _, _ = await started(world)
    record = await alice.slash("play", action="castle kingside")
    await world.settle()
    assert "`castle kingside` is not one of your moves" in " ".join(record.texts())
    record = await alice.slash("play", action="{oops")
    await world.settle()
    assert "not valid JSON" in " ".join(record.texts())


async def test_only_the_newest_board_has_buttons(world: World) -> None:
    alice, bob, first = await started(world)
    for person in (alice, bob):
        value = (await person.autocomplete("play", "action", ""))[0]["value"]
        await person.slash("play", action=value)
        await world.settle()
    shown = world.boards()
    assert len(shown) >= 2
    assert not world.fake.find_message(first.id).buttons()
    assert shown[-1].buttons()


async def test_hands_go_by_dm_and_a_refused_dm_falls_back_to_the_button(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    world.fake.refuse_dms(bob.user)
    await world.open_table(alice, guests=(bob,))
    assert any(m.pngs() for m in alice.dms()), "Alice's hand reached her by DM"
    notices = [m for m in world.channel() if "cannot DM you" in m.content and f"<@{bob.user.id}>" in m.content]
    assert len(notices) == 1, "one notice, though Bob's hand and his moves were both due by DM"
    record = await bob.click(world.boards()[-1], "My hand")
    await world.settle()
    hand = record.replies()[-1]
    assert hand.ephemeral and hand.pngs()


async def test_ai_seats_move_before_the_board_is_posted(world: World) -> None:
    alice, bob, _board = await started(world, ai=2)
    for person in (alice, bob):
        value = (await person.autocomplete("play", "action", ""))[0]["value"]
        await person.slash("play", action=value)
        await world.settle()
    assert "Cards revealed" in world.boards()[-1].text(), "the AI seats played before the board was posted"


async def test_buttons_work_after_a_restart(world: World) -> None:
    alice, _, board = await started(world)
    await world.bot.close()
    again = Frontier(world.bot.settings)
    world.bot = again
    runner = asyncio.create_task(again.start(world.fake.token))
    try:
        await world.fake.wait_for(lambda: again.is_ready(), timeout=30, what="the restarted bot")
        panel = await move_panel(world, alice, board)
        assert panel.selects()
    finally:
        await again.close()
        await asyncio.wait_for(runner, 10)


async def test_a_second_close_returns_once_the_database_is_closed(world: World) -> None:
    """SIGTERM starts a close and the end of `run_bot` closes again: the second must wait for the first, or
    the process ends with database work cut short (with PostgreSQL, cancelled queries left behind)."""
    storage = world.bot.storage
    first = asyncio.ensure_future(world.bot.close())
    await asyncio.sleep(0)
    await world.bot.close()
    with pytest.raises(ValueError, match="no active connection"):
        await storage.load(1)
    await first


async def test_a_whole_game_by_buttons_and_by_play_with_a_closed_dm(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    world.fake.refuse_dms(bob.user)
    await world.open_table(alice, guests=(bob,))
    for _ in range(3):  # three rounds: Alice picks from her move panel, Bob types /play
        panel = await move_panel(world, alice, world.boards()[-1])
        if panel.selects():
            await alice.select(panel, [panel.selects()[0]["options"][0]["value"]])
        else:  # the last card: a single move is a button
            await alice.click(panel, custom_id=panel.buttons()[0]["custom_id"])
        await world.settle()
        value = (await bob.autocomplete("play", "action", ""))[0]["value"]
        await bob.slash("play", action=value)
        await world.settle()
    final = world.boards()[-1]
    assert "Game over" in final.text() and "\n1. " in final.text() and not final.buttons()
    dms = [m for m in alice.dms() if m.pngs()]
    assert dms and world.fake.guild.name in dms[0].content, "the DM names the game's server"
    assert bob.dms() == [] and any("cannot DM you" in m.content for m in world.channel())


async def test_a_button_of_an_abandoned_game_says_so_and_changes_nothing(world: World) -> None:
    alice, _, board = await started(world)
    stale = copy.deepcopy(board)
    asked = await alice.slash("game abandon")
    await world.settle()
    await alice.click(asked.replies()[-1], "Yes, abandon")
    await world.settle()
    assert not world.fake.find_message(board.id).buttons(), "an abandoned game's board loses its buttons"
    for label in ("My hand", "Your move"):  # as a client that still shows the old buttons would send them
        record = await alice.click(stale, label)
        await world.settle()
        assert "was abandoned" in " ".join(record.texts())
    assert len(world.boards()) == 1


async def test_a_click_being_handled_when_the_bot_stops_is_finished_before_the_database_closes(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """SIGTERM while a click is handled (here Discord takes a while to accept its deferral): the shutdown
    waits for it, so it reads an open database and answers over a live connection; nothing is logged as
    failed (seen on a loaded machine: a `/play` read the database after it had closed)."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    board = world.boards()[-1]
    world.fake.slow(0.8, times=1, method="POST", route="/interactions/{interaction_id}/{interaction_token}/callback")
    click = asyncio.ensure_future(alice.click(board, "Your move"))
    await asyncio.sleep(0.3)
    await world.bot.close()
    record = await click
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert record.followup_ids, "the player got their moves"
