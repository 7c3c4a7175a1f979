"""`/game replay` (issue 20) through real discord.py objects: a finished game of each title stepped with
◀ ▶ and the jump select by round; who may replay what."""

from __future__ import annotations

import pytest

from tests.support.person import Person
from tests.support.stored import stored_game as stored
from tests.support.world import World, select_of

SEATS = {"catan": 3, "colonies": 2, "roanoke": 4, "small_islands": 2, "roam": 2}


async def stored_game(world: World, game_type: str, player: Person, *, moves: int | None = None,
                      guild_id: int | None = None) -> int:
    return await stored(world.bot.storage, game_type, SEATS[game_type], user_id=player.user.id,
                        guild_id=guild_id or world.fake.guild.id, channel_id=world.fake.channel.id, moves=moves)


async def replay(world: World, person: Person, game_id: int):
    """`/game replay id:` and the answer once it is drawn (the command defers while it replays)."""
    record = await person.slash("game replay", id=game_id)
    await world.fake.wait_for(lambda: not record.replies()[-1].loading, timeout=30, what="the replay")
    return record.replies()[-1]


async def redrawn(world: World, message, click) -> object:
    """The replay message once the bot has redrawn it after `click` (it defers while it replays)."""
    edits = message.edits
    await click
    await world.fake.wait_for(lambda: world.fake.find_message(message.id).edits > edits, timeout=30,
                              what="the replay redrawn")
    return world.fake.find_message(message.id)


def state_words(message) -> str:
    """The board's state sent as text under the caption (what the picture no longer carries)."""
    return message.content.split("\n\n", 1)[1]


def turn_of(message) -> int:
    return int(message.content.split(" replay — frame ")[1].split(" ")[0])


@pytest.mark.parametrize("game_type", sorted(SEATS))
async def test_a_finished_game_of_each_title_replays_step_by_step_and_by_round(world: World, game_type: str) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    game_id = await stored_game(world, game_type, alice)
    message = await replay(world, bob, game_id)
    assert message.ephemeral and message.visible_to == bob.user.id
    assert turn_of(message) == 0 and len(message.pngs()) == 1
    assert message.button("◀").get("disabled") and not message.button("▶").get("disabled")
    first, first_words = message.pngs()[0], state_words(message)
    message = await redrawn(world, message, bob.click(message, "▶"))
    assert turn_of(message) == 1
    assert message.pngs()[0] != first or state_words(message) != first_words, "the frame shows the move made"
    message = await redrawn(world, message, bob.click(message, "▶"))
    assert turn_of(message) == 2
    message = await redrawn(world, message, bob.click(message, "◀"))
    assert turn_of(message) == 1
    jump = select_of(message, "Jump to a round")
    assert 2 <= len(jump["options"]) <= 25 and all(len(o["label"]) <= 100 for o in jump["options"])
    last = jump["options"][-1]
    message = await redrawn(world, message, bob.select(message, [last["value"]], custom_id=jump["custom_id"]))
    assert turn_of(message) == int(last["value"]) > 1
    while not message.button("▶").get("disabled"):
        message = await redrawn(world, message, bob.click(message, "▶"))
    assert "the game is over" in message.content


async def test_a_running_game_replays_for_its_players_only(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    game_id = await stored_game(world, "catan", alice, moves=30)
    assert "only its players" in (await replay(world, bob, game_id)).content
    message = await replay(world, alice, game_id)
    while not message.button("▶").get("disabled"):
        message = await redrawn(world, message, alice.click(message, "▶"))
    assert "to move" in message.content, "a running game ends on the turn being played"


async def test_a_finished_game_of_another_server_is_not_shown(world: World) -> None:
    alice = world.person("alice")
    game_id = await stored_game(world, "roam", alice, guild_id=world.fake.guild.id + 1)
    assert "no finished game" in (await replay(world, alice, game_id)).content
