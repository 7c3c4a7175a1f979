"""Only the newest board is live (issue 43, item 6): a board a newer one replaced loses its buttons through an
outbox row of its own, retried with backoff like any send, so a failed strip is not left for good."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from tests.support.fake_discord import MESSAGE, StoredMessage
from tests.support.person import Person
from tests.support.tables import FakeClock
from tests.support.world import World, started


async def table_with_a_board_a_move(world: World) -> tuple[Person, Person, FakeClock]:
    """Alice and Bob at a test game that posts a board after every move, on a clock the test moves (from now,
    so rows written before it are not in its future)."""
    alice, bob, _ = await started(world)
    await alice.slash("game settings", board="new")
    await world.settle()
    clock = FakeClock()
    clock.now = datetime.now(UTC)
    world.bot.service.clock = clock
    return alice, bob, clock


async def one_move(world: World, *people: Person) -> None:
    """The first person offered a move plays the first one (a new board follows)."""
    for person in people:
        if choices := await person.autocomplete("play", "action", ""):
            await person.slash("play", action=choices[0]["value"])
            await world.settle()
            return
    raise AssertionError("nobody was offered a move")


def live(world: World) -> list[StoredMessage]:
    """The boards that still carry buttons or selects."""
    return [b for b in world.boards() if b.interactive()]


async def retry_due_rows(world: World, clock: FakeClock) -> None:
    """Time passes past any backoff; delivery sends what is due."""
    clock.advance(minutes=10)
    await world.bot.delivery.drain()
    await world.settle()


async def test_a_strip_answered_503_twice_is_tried_again_until_the_old_board_is_stripped(world: World) -> None:
    alice, bob, clock = await table_with_a_board_a_move(world)
    first = world.boards()[-1]
    failing = world.fake.server_error(503, times=2, method="PATCH", route=MESSAGE, message_id=first.id)
    await one_move(world, alice, bob)
    assert len(world.boards()) == 2 and first.interactive(), "the strip failed once: the old board is live for now"
    for _ in range(2):
        await retry_due_rows(world, clock)
    assert failing.hits == 2
    assert [b.id for b in live(world)] == [world.boards()[-1].id], "only the newest board is live"


async def test_three_older_boards_left_live_by_failed_strips_are_all_stripped(world: World) -> None:
    alice, bob, clock = await table_with_a_board_a_move(world)
    outage = world.fake.server_error(503, times=1000, method="PATCH", route=MESSAGE)
    for _ in range(3):
        await one_move(world, alice, bob)
    await retry_due_rows(world, clock)  # each strip fails again
    assert len(world.boards()) == 4 and len(live(world)) == 4, "no strip has gone through yet"
    outage.stop()
    await retry_due_rows(world, clock)
    assert [b.id for b in live(world)] == [world.boards()[-1].id], "every older board is stripped"


async def test_a_strip_of_a_board_deleted_meanwhile_counts_as_done(world: World) -> None:
    """Discord answers 404 (Unknown Message): the board has no buttons left, and its row is done, not failed."""
    alice, bob, _ = await table_with_a_board_a_move(world)
    first = world.boards()[-1]
    first.deleted = True
    await one_move(world, alice, bob)
    async with world.bot.storage.db.execute("SELECT payload, done_at, error FROM outbox WHERE kind = 'strip'") as cur:
        rows = [(json.loads(r[0])["message"], r[1] is not None, r[2]) for r in await cur.fetchall()]
    assert rows == [(first.id, True, None)]
