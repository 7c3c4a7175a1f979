"""`/game replay` (issue 20) through real discord.py objects: a finished game of each title stepped with
◀ ▶ and the jump select by round; who may replay what."""

from __future__ import annotations

import json

import pytest
from e2e_driver import Person

from bot.history import ai_log
from bot.settings import with_defaults
from bot.storage import Effects, SeatRow
from games.core import get_game
from tests.cogs.conftest import World, select_of
from tests.support.tables import FakeClock

SEATS = {"catan": 3, "colonies": 2, "roanoke": 4, "small_islands": 2, "roam": 2}


async def stored_game(world: World, game_type: str, player: Person, *, seed: int = 5, moves: int | None = None,
                      guild_id: int | None = None) -> int:
    """A game of `player` against AI seats written straight into storage (no boards posted, no jobs): played
    to its end by the AI players, or only its first `moves` actions."""
    storage, now = world.bot.storage, FakeClock().now
    players = SEATS[game_type]
    game_id = await storage.create_game(game_type=game_type, guild_id=guild_id or world.fake.guild.id,
                                        channel_id=world.fake.channel.id, thread_id=None, created_by=player.user.id,
                                        options={}, settings=with_defaults({}), seed=seed, now=now)
    seats = [SeatRow(0, player.user.id, False, True, False)] + [SeatRow(i, None, True, True, False)
                                                                 for i in range(1, players)]
    version = await storage.set_seats(game_id, seats, expected_version=0, now=now)
    _, log = ai_log(game_type, players, seed)
    log = log if moves is None else log[:moves]
    game = get_game(game_type).new(players, seed=seed)
    version = await storage.set_status(game_id, "running", expected_version=version, now=now,
                                       state=json.dumps(game.to_dict()), effects=Effects(jobs=[]))
    for n, (seat, action) in enumerate(log, start=1):
        events = game.apply(seat, action)
        status = "finished" if game.over else "running"
        state = json.dumps(game.to_dict()) if n == len(log) else "{}"
        version = await storage.commit_move(game_id, expected_version=version, state=state, status=status, seat=seat,
                                            action=action, events=events, interaction_id=None, now=now,
                                            effects=Effects(jobs=[]))
    return game_id


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


def turn_of(message) -> int:
    return int(message.content.split(" replay — turn ")[1].split(" ")[0])


@pytest.mark.parametrize("game_type", sorted(SEATS))
async def test_a_finished_game_of_each_title_replays_step_by_step_and_by_round(world: World, game_type: str) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    game_id = await stored_game(world, game_type, alice)
    message = await replay(world, bob, game_id)
    assert message.ephemeral and message.visible_to == bob.user.id
    assert turn_of(message) == 0 and len(message.pngs()) == 1
    assert message.button("◀").get("disabled") and not message.button("▶").get("disabled")
    first = message.pngs()[0]
    message = await redrawn(world, message, bob.click(message, "▶"))
    assert turn_of(message) == 1 and message.pngs()[0] != first
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
