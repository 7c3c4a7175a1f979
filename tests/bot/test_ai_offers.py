"""An AI's trade offer to a person waits for their answer (issue 27 item 4, issue 25 item 4): the AI keeps its
turn open, the person is asked, and the AI moves on once they answer or the table's `offer_minutes` pass.
Catan (CAT-32), in a built position, with the scheduler's jobs on a fake clock."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import Effects, Job, JobKind
from games.catan.board import RESOURCES
from games.core import RuleError, get_game
from renderers.cast import Cast
from renderers.narrator import story
from tests.support.inspector import jobs_of, outbox_pending
from tests.support.tables import CHANNEL, CREATOR, FakeClock


async def ai_offers_to_the_creator(service: GameService, lumber: int = 2) -> tuple[int, int, int]:
    """A Catan table of the creator and two normal AI seats, built to an AI's trade step after the setup:
    it holds a brick and three ore and lacks lumber for a road, the creator holds `lumber` lumber, the other AI
    nothing; the AI turns run as the scheduler's jobs. Returns the game, the AI's seat and the creator's."""
    info = await service.create(game_type="catan", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await service.set_notify(CREATOR, "every")  # an offer within another's turn is DMed at this level
    for _ in range(2):
        await service.add_ai(info.id, CREATOR)
    await service.start(info.id, CREATOR)
    row = await service.storage.load(info.id)
    assert row is not None
    game = get_game("catan").from_dict(json.loads(row.state))
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    person = next(s.seat for s in row.seats if not s.is_ai)
    ai = next(s.seat for s in row.seats if s.is_ai)
    for hand in game.s["hands"]:
        for i, n in enumerate(hand):
            game.s["bank"][i] += n
            hand[i] = 0
    for seat, cards in ((ai, {"brick": 1, "ore": 3}), (person, {"lumber": lumber})):
        for name, n in cards.items():
            game.s["hands"][seat][RESOURCES.index(name)] += n
            game.s["bank"][RESOURCES.index(name)] -= n
    game.s["phase"], game.s["active"] = "main", ai
    await service.storage.truncate_actions(info.id, keep=0, expected_version=row.version,
                                           state=json.dumps(game.to_dict()), now=service.clock(),
                                           effects=Effects(jobs=[Job(JobKind.AI_TURN, service.clock())]))
    return info.id, ai, person


async def offer_is_open(service: GameService, clock: FakeClock, game_id: int, ai: int, person: int) -> int:
    """Run the due AI turns: the AI offers ore for lumber to everyone, the other AI answers, and the AI then
    waits: its turn open, the creator asked, its next turn planned at the wait's end. Returns the offer's id."""
    await Scheduler(service).drain()
    view = (await service.status(game_id)).public_view
    assert view is not None and view["offer"] is not None, "the AI offered a trade"
    offer = view["offer"]
    assert offer["from"] == ai and offer["give"] == {"ore": 1} and offer["get"] == {"lumber": 1}
    info = await service.get(game_id)
    assert set(info.to_move) == {ai, person} and info.users_to_move() == [CREATOR]
    asks = [item for item in await outbox_pending(service.storage, game_id) if item.kind == "ask"
            and item.target == CREATOR]
    assert asks, "the person is asked to answer, by a DM with their moves (Accept, Decline) as buttons"
    boards = [item.payload for item in await outbox_pending(service.storage, game_id) if item.kind == "board"]
    events = [event for board in boards for event in board["events"]]
    told = [*story("catan", events, Cast([])), *(line for board in boards for line in board["lines"])]
    assert any(e["type"] == "offer" and e["offer"]["from"] == ai for e in events), "the offer is on a board"
    assert any(f"{Cast([]).short(ai)} offered everyone" in line for line in told), told
    assert not [line for line in told if "waits" in line], "no line says only that the AI waits"
    assert [(j.kind, j.due) for j in await jobs_of(service.storage, game_id) if j.kind == "ai_turn"] == [
        ("ai_turn", clock.now + timedelta(minutes=5))]
    clock.advance(minutes=4)
    assert await Scheduler(service).drain() == 0, "the AI waits out the table's offer_minutes"
    assert (await service.status(game_id)).public_view["offer"] is not None
    return int(offer["id"])


async def test_an_ai_offers_a_person_a_trade_and_the_person_accepts(service: GameService, clock: FakeClock) -> None:
    game_id, ai, person = await ai_offers_to_the_creator(service)
    offer = await offer_is_open(service, clock, game_id, ai, person)
    await service.act(game_id, CREATOR, {"type": "accept", "offer": offer})
    await Scheduler(service).drain()  # the AI's turn, planned at once now that the answer is in
    view = (await service.status(game_id)).public_view
    assert view["offer"] is None or view["offer"]["id"] != offer, "the AI confirmed the trade"
    trades = [e for entry in await service.storage.actions(game_id) for e in entry.events if e["type"] == "trade"]
    assert trades == [{"type": "trade", "seat": ai, "with": person, "give": {"ore": 1}, "get": {"lumber": 1}}], \
        "her hand is no witness: once the AI's turn is over, the next seat's roll may pay her"


async def test_an_ai_offer_nobody_answers_closes_when_the_wait_is_over(service: GameService,
                                                                       clock: FakeClock) -> None:
    game_id, ai, person = await ai_offers_to_the_creator(service)
    offer = await offer_is_open(service, clock, game_id, ai, person)
    clock.advance(minutes=1)
    assert await Scheduler(service).drain() >= 1
    view = (await service.status(game_id)).public_view
    assert view["offer"] is None or view["offer"]["id"] != offer, "the AI withdrew its unanswered offer"
    assert not [e for entry in await service.storage.actions(game_id) for e in entry.events
                if e["type"] == "trade" and person in (e["seat"], e["with"])], "no trade with her"


async def test_a_person_who_cannot_pay_an_ai_offer_is_not_asked_and_the_wait_runs_out(
        service: GameService, clock: FakeClock) -> None:
    """Issue 43: the creator holds no lumber, so she could only decline the AI's ore for lumber. Nobody asks
    her: no ask DM, no mention on the board; she stays to move (the offer stands for everyone, and Accept is
    refused to her alone, saying why), and the AI goes on when its offer's wait runs out."""
    game_id, ai, person = await ai_offers_to_the_creator(service, lumber=0)
    earlier = {item.id for item in await outbox_pending(service.storage, game_id)}
    await Scheduler(service).drain()
    view = (await service.status(game_id)).public_view
    assert view is not None and view["offer"] is not None and view["offer"]["from"] == ai
    offer = int(view["offer"]["id"])
    info = await service.get(game_id)
    assert person in info.to_move and info.users_to_move() == []
    pending = [item for item in await outbox_pending(service.storage, game_id) if item.id not in earlier]
    assert not [item for item in pending if item.kind == "ask"], "no ask DM"
    assert all(CREATOR not in item.payload["turn"] for item in pending if item.kind == "board"), "no mention"
    with pytest.raises(RuleError, match="do not hold"):
        await service.act(game_id, CREATOR, {"type": "accept", "offer": offer})
    clock.advance(minutes=4)
    assert await Scheduler(service).drain() == 0, "the AI waits out the table's offer_minutes"
    clock.advance(minutes=1)
    assert await Scheduler(service).drain() >= 1
    view = (await service.status(game_id)).public_view
    assert view["offer"] is None or view["offer"]["id"] != offer, "the AI withdrew its unanswered offer"
