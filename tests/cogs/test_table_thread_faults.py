"""A table that fails to open leaves no thread behind: when the database refuses the new table, or Discord
refuses the first message in the thread the bot just made, `/game new` and `/game learn` abandon what they
created and archive the thread (renamed "… (not opened)"; the bot has no Manage Threads to delete it), the
person reads why, and the next try opens exactly one table."""

from __future__ import annotations

from bot.errors import UNSAVED
from bot.storage import SqliteStorage
from tests.support.fake_discord import MESSAGES, Fault
from tests.support.fake_discord.faults import FORBIDDEN
from tests.support.fake_discord.interactions import InteractionRecord
from tests.support.fake_discord.model import Channel
from tests.support.person import Person
from tests.support.world import World


def threads(world: World) -> list[Channel]:
    return [c for c in world.fake.channels.values() if c.is_thread]


def refuse_next_post(world: World) -> Fault:
    """The next message the bot posts anywhere (the new thread's first) answers 403 Missing Permissions."""
    return world.fake.inject(Fault(403, 50013, FORBIDDEN[50013], frozenset({"POST"}), frozenset({MESSAGES}),
                                   times=1))


async def new_table_unsaved(world: World) -> tuple[Person, InteractionRecord, SqliteStorage]:
    """Alice asks for a new table in a thread while the database takes no writes."""
    alice = world.person("alice")
    storage = world.bot.storage
    assert isinstance(storage, SqliteStorage)
    await storage.db.execute("PRAGMA query_only = ON")
    record = await alice.slash("game new", game="testgame")
    await world.settle()
    return alice, record, storage


async def test_a_table_the_database_refuses_leaves_its_thread_archived_and_the_next_one_opens_once(
        world: World) -> None:
    alice, record, storage = await new_table_unsaved(world)
    assert record.texts() == [UNSAVED], record.texts()
    [made] = threads(world)
    assert made.archived and made.name == "High card table (not opened)", made
    assert not world.fake.channel_messages(made.id), "nothing was said in the thread"

    await storage.db.execute("PRAGMA query_only = OFF")
    record = await alice.slash("game new", game="testgame")
    await world.settle()
    opened = [c for c in threads(world) if not c.archived]
    assert len(threads(world)) == 2 and len(opened) == 1, threads(world)
    info = await world.bot.service.game_in_channel(opened[0].id)
    assert info is not None and f"#{info.id} is open in <#{opened[0].id}>" in " ".join(record.texts())
    assert [g.id for g in await world.bot.service.games_of_user(alice.user.id)] == [info.id]


async def test_a_table_whose_thread_refuses_the_bot_is_abandoned_and_the_person_is_told_why(world: World) -> None:
    alice = world.person("alice")
    refusal = refuse_next_post(world)
    record = await alice.slash("game new", game="testgame")
    await world.settle()
    assert refusal.hits == 1
    said = " ".join(record.texts())
    assert "did not let me post in the thread" in said and "Missing Permissions" in said, said
    [made] = threads(world)
    assert made.archived and not world.fake.channel_messages(made.id)
    assert await world.bot.service.games_of_user(alice.user.id) == [], "no lobby is left open"
    assert await world.bot.service.game_in_channel(world.fake.channel.id) is None, "the channel is free"

    record = await alice.slash("game new", game="testgame", thread=False)
    await world.settle()
    assert any(b.get("label") == "Start" for m in record.replies() for b in m.buttons()), record.texts()


async def test_a_practice_table_whose_welcome_is_refused_is_abandoned_and_its_thread_archived(world: World) -> None:
    alice = world.person("alice")
    refuse_next_post(world)
    record = await alice.slash("game learn", game="catan")
    await world.settle()
    assert "did not let me post in the thread" in " ".join(record.texts()), record.texts()
    [made] = threads(world)
    assert made.archived and made.name == "Catan practice (not opened)"
    assert not world.fake.channel_messages(made.id), "no welcome, no board"
    assert await world.bot.service.games_of_user(alice.user.id) == [], "the practice table was abandoned"


async def test_a_refusal_after_the_public_thinking_reaches_the_person_alone(world: World) -> None:
    """`/game new` in a thread answers with a public "thinking…" while it opens the thread; Discord makes the first
    follow-up take that placeholder's place and flags, so a refusal sent as it would be seen by the whole channel.
    It reaches the person alone, and the placeholder is gone."""
    _, record, _ = await new_table_unsaved(world)
    shown = record.replies()
    assert [m.content for m in shown] == [UNSAVED] and shown[0].ephemeral, [(m.content, m.ephemeral) for m in shown]
