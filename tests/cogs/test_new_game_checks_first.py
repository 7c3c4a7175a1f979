"""`/game new` checks everything about the new table (the game's name, the options, the channel's own game)
before it makes anything or says anything in public (issue 38): with tables opening in threads (the default),
a refused call leaves no thread and no public message, and the refusal, said only to the person, quotes what
they typed clipped and with its markdown and mentions shown as typed."""

from __future__ import annotations

from tests.support.world import World


async def test_a_refused_new_table_makes_no_thread_and_says_nothing_in_public(world: World) -> None:
    alice = world.person("alice")
    before = len(world.channel())
    refused = {
        "an unknown option": ({"game": "catan", "options": "@everyone=1"}, "no option `@everyone`"),
        "an option not written name=value": ({"game": "catan", "options": "**loud**"}, "`**loud**` is not"),
        "an option's value outside its choices": ({"game": "catan", "options": "numbers=<@123456789012345678>"},
                                                  "Option numbers must be one of"),
        "an unknown game": ({"game": "||chess||"}, "no game called `||chess||`"),
    }
    for what, (options, said) in refused.items():
        record = await alice.slash("game new", **options)
        await world.settle()
        replies = record.replies()
        assert replies and all(m.ephemeral for m in replies), f"{what}: {record.texts()}"
        assert said in " ".join(record.texts()), f"{what}: {record.texts()}"
    assert not any(c.is_thread for c in world.fake.channels.values()), "a refused table left a thread"
    assert all(m.ephemeral for m in world.channel()[before:]), "a refusal was said in public"
    assert await world.bot.service.game_in_channel(world.fake.channel.id) is None
