"""A quiet channel (issue 36): one board a turn of a person, the AI seats' moves between two people's turns
folded into the board that asks the next person, an AI's offer to a person one message, pings only to the
person asked, one DM a round by default; and the ask opens with what happened since the person last moved,
their own news first.

Each table is seeded (`seeded`), so its seating, its board and every AI move are the same each run; the
person plays by `/play`, their moves picked by label (`prefer`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.service.catchup import news_for
from games.colonies.game import Colonies
from games.core import Event, Game
from renderers.narrator import HEADER
from tests.support.person import Person
from tests.support.positions import catan_turn_with, rewritten
from tests.support.table_talk import Round, Tally, engine, play_as_the_ai_would, seeded
from tests.support.world import World

ROUNDS = 6


@dataclass(frozen=True)
class Table:
    game: str
    seed: int
    offer_to: Callable[[Event, int], bool]
    """Whether an event is an AI's offer put to this seat."""
    traders: Callable[[Event], tuple[int, int] | None]
    """The two seats of a trade made (the event of one), else None."""
    offers_a_round: int = 3
    """How many AI offers the person may be put a round: one by each AI seat at most."""
    position: Callable[[Game], Game] | None = None
    """The table the person (the host, seat 0) starts from instead of the seeded one, where the seeded rounds
    bring no trades."""


def catan_offer(event: Event, seat: int) -> bool:
    offer = event.get("offer")
    return event["type"] == "offer" and offer["from"] != seat and offer["to"] in (None, seat)


def traded(partner: str) -> Callable[[Event], tuple[int, int] | None]:
    return lambda e: (e["seat"], e[partner]) if e["type"] in ("trade", "traded") else None


def hungry_colonies(game: Game) -> Game:
    """Colonies' AIs trade only with a Trader ready and more Population in hand than Food, which the seeded
    rounds do not bring: a new table, the host (seat 0) first, where each AI seat's hand is a Trader, two more
    Population, one Food and Arms, turn after turn, so that with its Trader played it offers its Arms for a
    Food to the seat holding the most cards (the host first, on a tie); the host's hand has no Food, so she
    declines the first such offer of a round, the AI then asks another AI seat, which trades, and (the host
    having declined those terms this round) the next AI seats ask each other: one offer to her a round."""
    assert isinstance(game, Colonies)
    table = Colonies.new(game.s["n"], seed=7, options=game.s["options"], first_settler=0)
    for seat, p in enumerate(table.s["players"]):
        hand = HOST_HAND if seat == 0 else AI_HAND
        p.update(hand=list(hand), deck=list(hand) * (ROUNDS + 2), discard=[])
    return table


AI_HAND = ("trader", "miner", "explorer", "food", "arms")
HOST_HAND = ("trader", "miner", "soldier", "coast", "mountains")

TABLES = [
    Table("catan", 7, catan_offer, traded("with")),
    Table("colonies", 7, lambda e, seat: e["type"] == "offer" and e["partner"] == seat and e["seat"] != seat,
          traded("partner"), offers_a_round=1, position=hungry_colonies),
    Table("roanoke", 6, lambda e, seat: e["type"] == "offered" and e["to"] == seat and e["seat"] != seat,
          traded("to")),
]


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
    """Two channel messages a round at most, and one more for each AI offer to the person (the AI seats trade
    among themselves and with the person, and none puts to her again this round what she declined); every
    ping is theirs; one DM a round (the default, `turn`)."""
    alice = world.person("alice")
    with seeded(table.seed):
        await world.open_table(alice, table.game, ai=3)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    if table.position is not None:
        await rewritten(world, info.id, table.position, board=True)
    rounds = await play_rounds(world, table, alice, info.id, ROUNDS)
    assert len(rounds) == ROUNDS, "the game went on for six rounds"
    seat = info.seat_of(alice.user.id)
    pairs = [pair for entry in await world.bot.storage.actions(info.id) for e in entry.events
             if (pair := table.traders(e)) is not None]
    assert any(seat not in pair for pair in pairs), "the AI seats traded among themselves"
    assert sum(done.offers for done in rounds), "and offered the person trades"
    for n, done in enumerate(rounds):
        assert done.posts <= 2 + done.offers, f"round {n + 1}: {done}"
        assert done.offers <= table.offers_a_round, f"round {n + 1}: {done}"
        assert done.pings <= {alice.user.id}, f"round {n + 1}: {done}"
        assert done.dms.get(alice.user.id, 0) <= 1, f"round {n + 1}: {done}"



async def test_each_persons_ask_opens_with_their_own_news(world: World) -> None:
    """Two people and two AI seats at Catan, three rounds: the DM that asks a person when their turn begins opens
    with what changed for them since they last acted, as the narrator tells it from the log (their losses
    first), and the public board carries no one's catch-up."""
    alice, bob = world.person("alice"), world.person("bob")
    with seeded(3):
        await world.open_table(alice, "catan", guests=(bob,), ai=2)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    seats = {info.seat_of(p.user.id): p for p in (alice, bob)}
    last: dict[int, object] = {}
    asks = {seat: 0 for seat in seats}
    told = 0
    for _ in range(2000):
        await world.settle()
        game = await engine(world, info.id)
        view = game.view(None)
        if game.over or min(asks.values()) >= 3:
            break
        seat, now = game.current_seat(), view.get("turn")
        if seat in seats and last.get(seat) != now and view["phase"] != "setup":
            last[seat] = now
            asks[seat] += 1
            row = await world.bot.storage.load(info.id)
            assert row is not None
            news = news_for(game, row.seats, seat, await world.bot.storage.actions(info.id))
            dm = next(m for m in reversed(seats[seat].dms()) if m.content.startswith("Your move"))
            assert dm.content.splitlines()[1:1 + len(news)] == news, dm.content
            assert HEADER not in world.boards()[-1].text(), "a catch-up is private"
            told += bool(news)
        for person_seat, person in seats.items():
            if person_seat in game.to_move():
                await play_as_the_ai_would(world, person, game, person_seat)
                break
    assert min(asks.values()) >= 3, asks
    assert told, "some ask told a person their news"


async def test_an_edited_board_keeps_the_turns_lines_so_far(world: World) -> None:
    """A person's moves within their turn edit the board that asked them (the `turn` setting); each edit showed
    only the lines since the last, so a second road wiped the first from the board.  The edited board keeps the
    turn's lines so far, from the board that asked them."""
    game_id, people, seat, _ = await catan_turn_with(world, {"brick": 2, "lumber": 2})
    posted = len(world.boards())
    roads = []
    for _ in range(2):
        game = await engine(world, game_id)
        road = next(a for a in game.legal_actions(seat) if a["type"] == "build_road")
        await people[seat].slash("play", action=json.dumps(road))
        await world.settle()
        roads.append(road)
    board = world.boards()[-1]
    assert len(world.boards()) == posted and board.edits, "the turn's board was edited in place"
    text = board.text()
    assert "The test's position." in text and text.count("built a road") == len(roads), text
