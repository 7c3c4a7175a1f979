"""The recap at a game's end (issue 20): posted after the final board, with the score chart and the deciding
moments, once per game even when its outbox row is delivered twice."""

from __future__ import annotations

from collections.abc import Callable

from tests.support.fake_discord import MESSAGES
from tests.support.inspector import outbox_pending
from tests.support.person import Person
from tests.support.tables import FakeClock
from tests.support.world import World

RECAP = "**How it went**"


async def finish(world: World, host: Person) -> int:
    """The host plays the test game to its end against an AI seat, through the service, and the recap is up."""
    game_id = await open_and_play(world, host)
    await world.fake.wait_for(lambda: bool(recaps(world)), timeout=30, what="the recap")
    await world.settle()
    return game_id


async def open_and_play(world: World, host: Person, *, then: Callable[[], object] = lambda: None) -> int:
    """Open a table of the test game with an AI seat, call `then`, and play the game to its end."""
    await world.open_table(host, ai=1)
    then()
    service = world.bot.service
    game_id = (await service.game_in_channel(world.fake.channel.id)).id
    while (await service.get(game_id)).status == "running":
        card = (await service.hand(game_id, host.user.id))["hand"][0]
        await service.act(game_id, host.user.id, {"type": "play", "card": card})
        await service.advance_ai(game_id)
    return game_id


def recaps(world: World) -> list:
    return [m for m in world.channel() if m.content.startswith(RECAP)]


async def test_the_recap_follows_the_final_board_once(world: World) -> None:
    await finish(world, world.person("alice"))
    (recap,) = recaps(world)
    posts = world.channel()
    final = max(i for i, m in enumerate(posts) if "Game over" in m.text())
    assert posts.index(recap) > final, "the ranking first, then how it went"
    assert len(recap.pngs()) == 1 and recap.attachments[0].filename.endswith("-recap.png")


async def test_a_recap_delivered_twice_is_posted_once(world: World) -> None:
    """The process died after Discord took the recap but before its row was marked done: the row is
    delivered again, and its nonce (one per game) makes Discord return the first message."""
    await finish(world, world.person("alice"))
    assert len(recaps(world)) == 1
    await world.bot.storage.db.execute("UPDATE outbox SET done_at = NULL, lease_until = NULL WHERE kind = 'recap'")
    await world.bot.delivery.drain()
    await world.settle()
    assert len(recaps(world)) == 1, "the recap was posted twice"


async def test_a_recap_waiting_for_its_final_board_counts_no_failed_attempts(world: World) -> None:
    """While Discord refuses the final board, the recap waits its turn without growing its backoff: once the
    board is up, the recap follows within a second, not minutes later."""
    clock = FakeClock()
    refusals = []

    def discord_refuses_posts() -> None:  # from the first move on, with time in the test's hands
        world.bot.service.clock = clock
        refusals.append(world.fake.server_error(503, seconds=3600, method=("POST", "PATCH"),
                                                route=(MESSAGES, f"{MESSAGES}/{{message_id}}")))  # posts and edits

    game_id = await open_and_play(world, world.person("alice"), then=discord_refuses_posts)
    for _ in range(8):
        clock.advance(seconds=2)
        await world.bot.delivery.drain()
    (recap,) = [i for i in await outbox_pending(world.bot.storage, game_id) if i.kind == "recap"]
    board = max(i.attempts for i in await outbox_pending(world.bot.storage, game_id) if i.kind == "board")
    assert board > 1 and recap.attempts == 0, "the recap only waited for its board"
    refusals[0].stop()
    clock.advance(minutes=10)
    await world.bot.delivery.drain()
    clock.advance(seconds=1)
    await world.bot.delivery.drain()
    await world.settle()
    assert len(recaps(world)) == 1


async def test_the_recaps_alt_text_says_who_led_the_chances_of_winning(world: World) -> None:
    """(When it turned is told too, where the game had a turning point: tests/bot/test_history.py.)"""
    await finish(world, world.person("alice"))
    (recap,) = recaps(world)
    alt = recap.attachments[0].description
    assert "estimated chance of winning" in alt and "had the best chance of winning for most of the game" in alt
