"""Offers a person can take, once (issue 43, item 4): six rounds of Catan with AI seats that trade.  An AI's
offer a person cannot pay neither pings nor asks them (it stands on the board for everyone, its Accept refused
privately); an offer a person declined is not put to them again while their hand holds as many cards (all an
AI sees of it); a round posts one board for each person's turn and at most one more (the round's one offer to
everyone, issue 43), and pings each person twice at most (two posts a round, two pings, with one person); no
board after the setup says more than twelve lines.

Each table is seeded (`seeded`); the people play as the game's heuristic would, answering every offer they see
on the board, those they were not asked included (so the test waits on no offer's time limit)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from games.catan.game import Catan
from tests.support.person import Person
from tests.support.table_talk import POSTS, Round, Tally, engine, pinged, play_as_the_ai_would, seeded
from tests.support.world import World

ROUNDS = 6
BOARD_LINES = 12


@dataclass
class Seated:
    """One person at the table, as the test follows them."""

    person: Person
    seat: int
    since: int = 0
    """The fake's requests when they last acted."""
    asks: int = 0
    """Their ask DMs ("Your move …") when they last acted."""
    unpayable: int = 0
    """AI offers put to them that they could not pay."""


def ask_dms(seated: Seated) -> int:
    return sum(m.content.startswith("Your move") for m in seated.person.dms())


def terms(offer: dict) -> str:
    return json.dumps([offer["give"], offer["get"]], sort_keys=True)


def cards(game: Catan, seat: int) -> int:
    return game.view(None)["players"][seat]["cards"]


def check_offer(world: World, game: Catan, seated: Seated, ai: set[int]) -> None:
    """An AI's open offer that waits on this person and that they cannot pay: nothing since they last acted
    pinged or asked them."""
    offer = game.s["offer"]
    if offer is None or offer["from"] not in ai or seated.seat not in game.to_move():
        return
    hand = game.view(seated.seat)["hand"]
    if all(hand[r] >= n for r, n in offer["get"].items()):
        return
    seated.unpayable += 1
    user = seated.person.user.id
    since = [r for r in world.fake.requests[seated.since:]
             if r.method == "POST" and r.template == POSTS and r.status < 300
             and int(r.params["channel_id"]) == world.fake.channel.id]
    assert not any(user in pinged(r.body) for r in since), f"pinged for offer #{offer['id']}, which they cannot pay"
    assert ask_dms(seated) == seated.asks, f"asked by DM for offer #{offer['id']}, which they cannot pay"


async def play(world: World, people: list[Person], seed: int, ai: int
               ) -> tuple[list[Round], list[Seated], list]:
    """Open the table, then play until the first person's turn has come six times after the first; what each
    round sent, the people as followed, and the boards from the one that asked the first person's first turn
    (those before it tell the setup)."""
    with seeded(seed):
        await world.open_table(people[0], "catan", guests=tuple(people[1:]), ai=ai)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    seated = [Seated(p, s) for p in people if (s := info.seat_of(p.user.id)) is not None]
    ai_seats = {s.seat for s in info.seats if s.is_ai}
    tally, counted, last, first = Tally(world), [], None, 0
    for _ in range(3000):
        await world.settle()
        game = await engine(world, info.id)
        assert isinstance(game, Catan)
        if game.over:
            break
        view = game.view(None)
        if game.current_seat() == seated[0].seat and view["turn"] != last and view["phase"] != "setup":
            counted.append(tally.turn())
            last = view["turn"]
            first = first or len(world.boards()) - 1
            if len(counted) > ROUNDS:
                break
        for one in seated:
            check_offer(world, game, one, ai_seats)
        mover = next((one for one in seated if one.seat in game.to_move()), None)
        if mover is None:
            continue
        await play_as_the_ai_would(world, mover.person, game, mover.seat)
        mover.since, mover.asks = len(world.fake.requests), ask_dms(mover)
    await no_repeated_declines(world, info.id, [one.seat for one in seated])
    return counted[1:], seated, world.boards()[first:]


async def no_repeated_declines(world: World, game_id: int, seats: list[int]) -> None:
    """Replayed from the log, action by action: no offer puts to a person terms they declined while their count
    of cards has not changed since."""
    row = await world.bot.storage.load(game_id)
    assert row is not None
    game = Catan.new(len(row.seats), seed=row.seed, options=row.options)
    declined: dict[int, dict[str, int]] = {seat: {} for seat in seats}  # terms -> the cards held then
    for entry in await world.bot.storage.actions(game_id):
        offer = game.s["offer"]
        game.apply(entry.seat, entry.action)
        for seat, said in declined.items():
            for kept in [t for t, held in said.items() if held != cards(game, seat)]:
                del said[kept]
        if entry.action["type"] == "decline" and entry.seat in declined:
            declined[entry.seat][terms(offer)] = cards(game, entry.seat)
        for e in entry.events:
            if e["type"] == "offer" and (made := e["offer"])["to"] in (*seats, None):
                for seat in seats if made["to"] is None else [made["to"]]:
                    assert seat == made["from"] or terms(made) not in declined[seat], \
                        f"offer #{made['id']} repeats terms seat {seat} declined with the same count of cards"


def check_rounds(rounds: list[Round], seated: list[Seated], boards: list) -> None:
    """Each round: one post for each person's turn and one more (the one AI offer of the round that may ask
    them), each person pinged twice at most; each board within twelve lines."""
    assert len(rounds) == ROUNDS, "the game went on for six rounds"
    assert sum(one.unpayable for one in seated), "some AI offer was put to a person who could not pay it"
    for n, done in enumerate(rounds):
        assert done.posts <= len(seated) + 1, f"round {n + 1}: {done}"
        assert max(done.mentions.values(), default=0) <= 2, f"round {n + 1}: {done}"
    long = [text for board in boards if len((text := board.text()).splitlines()) > BOARD_LINES]
    assert not long, long[0]


async def test_one_person_and_three_ai_seats_are_asked_only_what_they_can_take(world: World) -> None:
    check_rounds(*await play(world, [world.person("alice")], 7, ai=3))


async def test_two_people_and_two_ai_seats_are_asked_only_what_they_can_take(world: World) -> None:
    check_rounds(*await play(world, [world.person("alice"), world.person("bob")], 3, ai=2))
