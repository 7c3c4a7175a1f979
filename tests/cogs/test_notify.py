"""Quieter by choice (issue 18, item 5): `/game notify` per person, and hand DMs only for changes others
made, one per turn."""

from __future__ import annotations

import asyncio

from bot.settings import NOTIFY_TEXT
from renderers import render_private
from tests.support.person import Person
from tests.support.world import World, prefer

CATAN_PREFERENCE = ("City", "Build a settlement", "Settle", "Road", "Roll", "Discard", "Robber", "Decline",
                    "End your turn")
"""Build what it can, otherwise roll, answer, and end the turn (as the whole-game Catan test plays)."""


async def choose(world: World, person: Person, when: str) -> str:
    record = await person.slash("game notify", when=when)
    await world.settle()
    (reply,) = record.replies()
    assert reply.ephemeral
    return reply.content


async def test_notify_says_what_each_choice_means_and_keeps_it(world: World) -> None:
    alice = world.person("alice")
    shown = (await alice.slash("game notify")).replies()[0].content
    assert NOTIFY_TEXT["turn"] in shown, "my turn only is the default"
    for when in ("every", "off", "turn"):
        assert NOTIFY_TEXT[when] in await choose(world, alice, when)
        assert await world.bot.service.notify(alice.user.id) == when


async def test_my_turn_only_is_one_dm_per_own_turn_in_catan_and_none_for_others_rolls(world: World) -> None:
    """Alice and three AI seats: every DM she gets asks her to move and shows her hand; she gets one when
    her turn begins or the AI asks her (a discard, an offer), none when their rolls pay her, and none when
    her own turn goes on after others discarded."""
    alice = world.person("alice")
    await choose(world, alice, "turn")
    await world.open_table(alice, "catan", ai=3)
    service, storage = world.bot.service, world.bot.storage
    game = await service.game_in_channel(world.fake.channel.id)
    assert game is not None
    seat = game.seat_of(alice.user.id)
    seen, mine, own_turns, paid_by_others = 0, 0, 0, 0
    last: tuple[int, int] | None = None
    """(turn, active) when Alice last acted."""
    for _ in range(400):
        if game.status != "running" or (own_turns >= 4 and paid_by_others >= 1):
            break
        choices = await alice.autocomplete("play", "action", "")
        if not choices:  # the AI seats are still moving
            posted = len(world.boards())
            await world.fake.wait_for(lambda n=posted: len(world.boards()) > n, timeout=60, what="AI moves")
            continue
        view = (await service.status(game.id)).public_view
        since = [entry for entry in await storage.actions(game.id) if entry.seq > mine and entry.seat != seat]
        turn_goes_on = (view["turn"], view["active"]) == last and view["active"] == seat and view["phase"] != "setup"
        expected = 1 if (last is None or since) and not turn_goes_on else 0  # the game began, or others moved
        new = alice.dms()[seen:]
        assert len(new) == expected, (view["phase"], view["turn"], view["active"], [m.content for m in new])
        assert all(m.content.startswith("Your move") and m.pngs() for m in new), "an ask, with her hand"
        paid_by_others += sum(1 for entry in since for event in entry.events
                              if event["type"] == "produce" and str(seat) in event["gains"])
        own_turns += expected and view["active"] == seat and view["phase"] == "roll"
        seen, last = len(alice.dms()), (view["turn"], view["active"])
        await alice.slash("play", action=prefer(choices, CATAN_PREFERENCE)["value"])
        await world.settle()
        mine = max(entry.seq for entry in await storage.actions(game.id) if entry.seat == seat)
        game = await service.get(game.id)
    assert own_turns >= 4 and paid_by_others >= 1, "the game went far enough to show it"


async def test_nothing_sends_no_dm_at_all_and_my_hand_still_shows_the_hand(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await choose(world, alice, "off")
    await world.open_table(alice, guests=(bob,))
    for _ in range(3):  # three rounds by /play: the whole game
        board = world.boards()[-1]
        assert f"<@{alice.user.id}>" in board.text(), "the board still mentions her when she is to move"
        record = await alice.click(board, "My hand")
        await world.settle()
        assert record.replies()[-1].ephemeral and record.replies()[-1].pngs()
        for person in (alice, bob):
            value = (await person.autocomplete("play", "action", ""))[0]["value"]
            await person.slash("play", action=value)
            await world.settle()
    assert "Game over" in world.boards()[-1].text()
    assert alice.dms() == [], "nothing is nothing"
    assert [m for m in bob.dms() if m.content.startswith("Your move") and m.pngs()], "Bob has the default"


async def test_forget_me_forgets_the_choice_of_dms_too(world: World) -> None:
    alice = world.person("alice")
    await choose(world, alice, "every")
    record = await alice.slash("game forget-me")
    await world.settle()
    assert "choice of DMs" in record.replies()[-1].content
    assert await world.bot.storage.notify_setting(alice.user.id) is None


async def test_every_turn_collapses_one_turns_hand_changes_into_one_dm_with_the_newest_hand(world: World) -> None:
    """Three people at Catan; Alice chose every turn. In the turn of the player after her (followed by the
    third player's, not hers), that player's roll and two trades with her change her hand: while the turn
    lasts she gets no DM, when it ends exactly one, showing her hand as the last trade left it."""
    alice, bob, carol = world.person("alice"), world.person("bob"), world.person("carol")
    await choose(world, alice, "every")
    await world.open_table(alice, "catan", guests=(bob, carol))
    service = world.bot.service
    game = await service.game_in_channel(world.fake.channel.id)
    assert game is not None
    people = {game.seat_of(p.user.id): p for p in (alice, bob, carol)}
    mine = game.seat_of(alice.user.id)
    trader = (mine + 1) % 3
    partner = people[trader]

    async def state() -> dict:
        return (await service.status(game.id)).public_view

    async def step(preference: tuple[str, ...] = CATAN_PREFERENCE) -> None:
        """Whoever is to move first plays their preferred move."""
        person = people[(await state())["to_move"][0]]
        choices = await person.autocomplete("play", "action", "")
        await person.slash("play", action=prefer(choices, preference)["value"])
        await world.settle()

    async def hand(person: Person) -> dict[str, int]:
        return (await service.hand(game.id, person.user.id))["hand"]

    def hand_dms() -> list:
        return [m for m in alice.dms() if m.content.startswith("Your hand")]

    async def trade(give: str, get: str) -> None:
        offer_to_her = {"type": "offer", "to": mine + 1, "give": {give: 1}, "get": {get: 1}}  # seats count from 1
        await service.act(game.id, partner.user.id, offer_to_her)
        offer = (await state())["offer"]["id"]
        await service.act(game.id, alice.user.id, {"type": "accept", "offer": offer})
        await service.act(game.id, partner.user.id, {"type": "confirm", "offer": offer, "with": mine})
        await world.settle()

    for _ in range(400):
        view = await state()
        if view["phase"] == "roll" and view["active"] == trader:
            told = len(hand_dms())
            await step(("Roll",))
            while (view := await state())["phase"] != "main" or view["to_move"] != [trader]:
                await step()  # discards and the robber after a 7
            pairs = [(give, get) for give, n in (await hand(partner)).items() if n
                     for get, m in (await hand(alice)).items() if m and get != give]
            if pairs:
                give, get = pairs[0]
                await trade(give, get)
                await trade(get, give)  # back again: the middle hand is not the newest
                newest = await service.hand(game.id, alice.user.id)
                assert len(hand_dms()) == told, "no hand DM while the turn lasts (only the offers ask her)"
                await step(("End your turn",))
                dms = hand_dms()[told:]
                assert len(dms) == 1, [m.content for m in dms]
                picture = await asyncio.to_thread(render_private, "catan", newest)
                assert dms[0].pngs() == [picture], "the newest hand"
                return
            await step(("End your turn",))
        else:
            await step()
    raise AssertionError("no turn of the next player with cards to trade")


async def test_an_edited_board_says_whose_move_it_is_and_pings_only_who_is_newly_to_move(world: World) -> None:
    """Issue 18's table setting `board: edit`: one board message, edited; a separate ping only when someone
    is newly to move (Bob, already awaited when Alice plays, is not pinged again)."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    await alice.slash("game settings", board="edit")
    await world.settle()
    (board,) = world.boards()
    posted = len(world.channel())
    await alice.slash("play", action=(await alice.autocomplete("play", "action", ""))[0]["value"])
    await world.settle()
    assert len(world.channel()) == posted, "no new message: the board was edited"
    assert f"Your move: <@{bob.user.id}>" in world.fake.find_message(board.id).text()
    await bob.slash("play", action=(await bob.autocomplete("play", "action", ""))[0]["value"])
    await world.settle()
    assert [m.id for m in world.boards()] == [board.id]
    ping = world.channel()[-1]
    assert ping.content.startswith("Your move:") and f"<@{alice.user.id}>" in ping.content, "a new round pings"
