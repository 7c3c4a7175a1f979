"""Playing by clicking: a seated table, who sits where, whose turn it is,
and a trade made in its modal — shared by the cog tests that play by clicking only."""

from __future__ import annotations

from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.world import World, option_values


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


def modal_select(modal: dict, label: str) -> dict:
    """The select of the modal's field whose label starts with `label`."""
    found = [c["component"] for c in modal.get("components", []) if str(c.get("label", "")).startswith(label)]
    if len(found) != 1:
        raise LookupError(f"no single field {label!r} in the modal; fields: "
                          f"{[c.get('label') for c in modal.get('components', [])]}")
    return found[0]


async def trade(world: World, person: Person, panel: StoredMessage, opener: str,
                picks: list[tuple[str, list[str]]]) -> StoredMessage:
    """Open a trade modal from the panel (the button whose label starts with `opener`), choose in its selects
    (field label, option labels) and submit; returns the panel as it is then."""
    opened = await person.click(panel, opener)
    await world.settle()
    modal = opened.callback_data
    await person.submit(opened, {modal_select(modal, label)["custom_id"]: option_values(modal_select(modal, label),
                                                                                        *labels)
                                 for label, labels in picks})
    await world.settle()
    found = world.fake.find_message(panel.id)
    assert found is not None
    return found
