"""One load of the game per click, and no more than one per delivered board (issue 24): counted through the
real storage while people click the real buttons."""

from __future__ import annotations

from tests.support.fake_discord import StoredMessage
from tests.support.loads import LoadCounter
from tests.support.person import Person
from tests.support.table_talk import shown
from tests.support.world import World, select_of


async def play_first_card(world: World, person: Person, panel: StoredMessage) -> None:
    select = select_of(panel, "Play…")
    await person.select(panel, [select["options"][0]["value"]], custom_id=select["custom_id"])
    await world.settle()


async def test_a_click_loads_the_game_once_and_a_board_is_delivered_from_one_load(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    loads = LoadCounter(world.bot.storage)

    for person in (alice, bob):
        loads.reset()
        panel = await world.panel(person)  # *Your move* under the board
        assert loads.counts["cogs"] == 1, loads.counts

        loads.reset()
        boards, asks = shown(world), len(alice.dms() + bob.dms())
        await play_first_card(world, person, panel)  # the panel becomes the next one; a board follows
        assert "✓" in world.fake.find_message(panel.id).content
        assert shown(world) != boards, "the board was delivered (edited in place, or a new one)"
        assert loads.counts["cogs"] == 1, loads.counts
        assert loads.counts["scheduler"] == 0, loads.counts
        asked = len(alice.dms() + bob.dms()) - asks
        replaced = shown(world)[0] - boards[0]  # a new board: the one it replaced loses its buttons by a row of its own
        assert loads.counts["delivery"] == 1 + asked + replaced, \
            "the board (and every row with it) from one load; a DM asking for a move reads the moves as it is " \
            "sent; a replaced board's strip is a row of its own"
