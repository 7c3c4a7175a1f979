"""Playing by clicking: one move from a person's panel, a seated table, who sits where, whose turn it is,
and a trade built in the builder — shared by the cog tests that play by clicking only."""

from __future__ import annotations

from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.world import World

PLAIN = ("Roll", "Discard", "Robber", "End your turn", "Place", "Pass")
"""What a player clicks to get on when the test has nothing better to do."""


async def click_on(world: World, person: Person, preference: tuple[str, ...] = PLAIN) -> None:
    """One move from the person's panel: a preferred button, else the first move of the first select
    (its first place first, where the moves are chosen in two steps)."""
    panel = await world.panel(person)
    for start in preference:
        found = [b for b in panel.buttons() if str(b.get("label", "")).startswith(start)]
        if found:
            await person.click(panel, custom_id=found[0]["custom_id"])
            await world.settle()
            return
    select = panel.selects()[0]
    first = select["options"][0]["value"]
    await person.select(panel, [first], custom_id=select["custom_id"])
    await world.settle()
    if first.startswith("@"):  # a place: then the first move there
        panel = world.fake.find_message(panel.id)
        select = next(s for s in panel.selects() if s["custom_id"].split(":")[4] == select["custom_id"].split(":")[4])
        move = next(o["value"] for o in select["options"] if not o["value"].startswith(("@", "p")))
        await person.select(panel, [move], custom_id=select["custom_id"])
        await world.settle()


async def seated(world: World, game: str, *, ai: int = 0, guests: int = 1) -> tuple[int, dict[int, Person]]:
    alice = world.person("alice")
    others = tuple(world.person(name) for name in ("bob", "carol", "dave")[:guests])
    await world.open_table(alice, game, guests=others, ai=ai)
    return await seats(world, alice, *others)


async def seats(world: World, *persons: Person) -> tuple[int, dict[int, Person]]:
    """The channel's open game and who sits where."""
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    people = {p.user.id: p for p in persons}
    return info.id, {s.seat: people[s.user_id] for s in info.seats if s.user_id in people}


async def wait_for_people(world: World, game_id: int) -> list[int]:
    """The human seats to move, once the AI seats are done."""
    for _ in range(100):
        info = await world.bot.service.get(game_id)
        humans = [s.seat for s in info.seats if s.user_id in info.users_to_move()]
        if humans or info.status != "running":
            return humans
        await world.settle()
    raise AssertionError("the AI seats never finished")


async def build(world: World, person: Person, panel: StoredMessage, opener: str,
                picks: list[tuple[str, list[str]]]) -> StoredMessage:
    """Open a builder from the panel, make the picks (select placeholder, option labels), and send."""
    panel = await world.press(person, panel, opener)
    for placeholder, labels in picks:
        panel = await world.pick(person, panel, placeholder, *labels)
    return await world.press(person, panel, "Send")
