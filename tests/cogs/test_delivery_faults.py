"""Discord's refusals met by the delivery worker and the scheduler of the real bot (issue 16): a
channel deleted or closed to the bot pauses only its game and tells its host; a board delivered
again after a crash is not doubled."""

from __future__ import annotations

import pytest

from bot.storage import OutboxRow
from tests.support.fake_discord import MESSAGES
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.person import Person
from tests.support.tables import FakeClock
from tests.support.world import World


async def second_table(world: World, host: Person, guest: Person, channel_id: int) -> int:
    """A running game in another channel, opened through the service (its posts go through delivery)."""
    service = world.bot.service
    info = await service.create(game_type="testgame", guild_id=world.fake.guild.id, channel_id=channel_id,
                                user_id=host.user.id)
    await service.join(info.id, guest.user.id)
    await service.start(info.id, host.user.id)
    await world.settle()
    return info.id


async def test_a_channel_deleted_before_a_reminder_pauses_its_game_and_every_other_game_goes_on(
        world: World) -> None:
    clock = FakeClock()
    world.bot.service.clock = clock
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    gone = (await world.bot.service.game_in_channel(world.fake.channel.id)).id
    other = world.fake.add_text_channel("other")
    carol, dave = world.person("carol"), world.person("dave")
    kept = await second_table(world, carol, dave, other.id)
    await world.fake.delete_channel(world.fake.channel)
    clock.advance(hours=25)
    await world.bot.scheduler.drain()
    await world.settle()
    reminders = [m for m in world.fake.channel_messages(other.id) if m.content.startswith("⏰")]
    assert len(reminders) == 1 and carol.mention in reminders[0].content, "the other game was reminded"
    paused = await world.bot.service.get(gone)
    assert paused.paused == "the channel no longer exists"
    told = [m.content for m in alice.dms() if "cannot post in the channel" in m.content]
    assert len(told) == 1, "the host is told once what is wrong"
    clock.advance(hours=24)
    await world.bot.scheduler.drain()
    await world.settle()
    assert any("ran out of time" in m.text() for m in world.fake.channel_messages(other.id))
    assert (await world.bot.service.get(gone)).to_move == paused.to_move, "no timeout hits a paused game"
    assert not any(task.done() for task in world.bot._workers), "the scheduler and delivery loops live on"
    assert (await world.bot.service.get(kept)).paused is None


async def test_a_channel_closed_to_the_bot_pauses_the_game_until_it_can_post_again(world: World) -> None:
    clock = FakeClock()
    world.bot.service.clock = clock
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    game_id = (await world.bot.service.game_in_channel(world.fake.channel.id)).id
    boards = len(world.boards())
    await alice.slash("game settings", board="new")  # every move posts a board (the default edits some)
    await world.settle()
    boards = len(world.boards())
    refusal = world.fake.forbid(world.fake.channel, 50013, method="POST", route=MESSAGES)
    value = (await alice.autocomplete("play", "action", ""))[0]["value"]
    await alice.slash("play", action=value)
    await world.settle()
    assert (await world.bot.service.get(game_id)).paused is not None
    assert len(world.boards()) == boards
    refusal.stop()
    clock.advance(minutes=6)
    await world.bot.delivery.drain()
    await world.settle()
    assert len(world.boards()) == boards + 1, "the board waited and was posted once the bot may post"
    assert (await world.bot.service.get(game_id)).paused is None
    assert any("I can post here again" in m.content for m in world.channel())
    assert [j.kind for j in await jobs_of(world.bot.storage, game_id)] == ["remind", "timeout"]


async def test_a_board_posted_again_after_a_crash_before_it_was_marked_is_not_doubled(world: World) -> None:
    """The process dies after Discord took the board but before the outbox row was marked done: the
    row is delivered again at the next start, and the message's nonce makes Discord return the first."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    value = (await alice.autocomplete("play", "action", ""))[0]["value"]
    await alice.slash("play", action=value)
    await world.settle()
    posts = [m.text() for m in world.channel() if m.text()]
    db = world.bot.storage.db  # as the crash left it: the row undone, the board message not recorded
    await db.execute("UPDATE outbox SET done_at = NULL, lease_until = NULL "
                     "WHERE id = (SELECT MAX(id) FROM outbox WHERE kind = 'board')")
    await db.execute("UPDATE messages SET version = version - 1 WHERE kind = 'board'")
    await world.bot.delivery.drain()
    await world.settle()
    assert [m.text() for m in world.channel() if m.text()] == posts, "the board was posted twice"


async def test_an_ask_for_a_player_who_left_meanwhile_is_dropped_quietly(world: World,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    """Delivery read the game while the player sat there; they left before their moves were listed."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    service = world.bot.service
    game_id = (await service.game_in_channel(world.fake.channel.id)).id
    seated = await service.snapshot(game_id)
    await service.leave(game_id, bob.user.id)
    await world.settle()
    await world.bot.storage.emit(game_id, [OutboxRow("ask", bob.user.id, {"seat": 1, "lines": []})],
                                 now=service.clock())
    (item,) = [i for i in await outbox_pending(world.bot.storage, game_id) if i.kind == "ask"]
    await world.bot.delivery._deliver_row(seated, item)
    assert await outbox_pending(world.bot.storage, game_id) == [], "the row is given up, not retried"
    assert "delivery_failed" not in caplog.text
