"""A quiet channel (issue 36): one board a turn of a person, the AI seats' moves between two people's turns
folded into the board that asks the next person, an AI's offer to a person one message, pings only to the
person asked, one DM a round by default; and the ask opens with what happened since the person last moved,
what touched them first.

Each table is seeded (`seeded`), so its seating, its board and every AI move are the same each run; the
person plays by `/play`, their moves picked by label (`prefer`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.service.kernel import engine_of
from games.core import Event, Game
from tests.support.person import Person
from tests.support.table_talk import Round, Tally, play_as_the_ai_would, seeded
from tests.support.world import World

ROUNDS = 6


@dataclass(frozen=True)
class Table:
    game: str
    seed: int
    prefer: tuple[str, ...]
    """The person's moves, most wanted first (by the start of their label)."""
    offer_to: Callable[[Event, int], bool]
    """Whether an event is an AI's offer put to this seat."""


def catan_offer(event: Event, seat: int) -> bool:
    offer = event.get("offer")
    return event["type"] == "offer" and offer["from"] != seat and offer["to"] in (None, seat)


TABLES = [
    Table("catan", 7, ("Accept", "Roll", "Build a city", "Build a settlement", "End"), catan_offer),
    Table("colonies", 7, ("Accept", "End", "Pass"),
          lambda e, seat: e["type"] == "offer" and e["partner"] == seat and e["seat"] != seat),
    Table("roanoke", 7, ("Accept", "End", "Pass"),
          lambda e, seat: e["type"] == "offered" and e["to"] == seat and e["seat"] != seat),
]


async def engine(world: World, game_id: int) -> Game:
    row = await world.bot.storage.load(game_id)
    assert row is not None
    game = engine_of(row)
    assert game is not None
    return game


async def offers_to(world: World, game_id: int, table: Table, seat: int, since: int) -> tuple[int, int]:
    """How many AI offers were put to the seat in the actions after the first `since`, and how many actions
    there are now."""
    log = await world.bot.storage.actions(game_id)
    return sum(table.offer_to(e, seat) for entry in log[since:] for e in entry.events), len(log)


async def play_rounds(world: World, table: Table, person: Person, game_id: int, rounds: int) -> list[Round]:
    """The person plays until their turn has come `rounds` times after the first (the setup before it is not
    counted); what each round sent."""
    info = await world.bot.service.get(game_id)
    seat = info.seat_of(person.user.id)
    assert seat is not None
    tally, counted, last, seen = Tally(world), [], None, 0
    for _ in range(2000):
        await world.settle()
        game = await engine(world, game_id)
        if game.over:
            break
        view = game.view(None)
        now = (view.get("season"), view.get("round"), view.get("turn"))  # which turn of the game this is
        if game.current_seat() == seat and now != last and view.get("phase") != "setup":
            done = tally.turn()
            done.offers, seen = await offers_to(world, game_id, table, seat, seen)
            counted.append(done)
            last = now
            if len(counted) > rounds:
                break
        if seat in game.to_move():
            await play_as_the_ai_would(world, person, game, seat)
    return counted[1:]


@pytest.mark.parametrize("table", TABLES, ids=[t.game for t in TABLES])
async def test_one_person_and_three_ai_seats_hear_one_board_a_round_and_one_dm(world: World, table: Table) -> None:
    """Two channel messages a round at most, and one more for each AI offer to the person; every ping is
    theirs; one DM a round (the default, `turn`)."""
    alice = world.person("alice")
    with seeded(table.seed):
        await world.open_table(alice, table.game, ai=3)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    rounds = await play_rounds(world, table, alice, info.id, ROUNDS)
    assert len(rounds) == ROUNDS, "the game went on for six rounds"
    for n, done in enumerate(rounds):
        assert done.posts <= 2 + done.offers, f"round {n + 1}: {done}"
        assert done.pings <= {alice.user.id}, f"round {n + 1}: {done}"
        assert done.dms.get(alice.user.id, 0) <= 1, f"round {n + 1}: {done}"

