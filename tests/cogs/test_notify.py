"""Quieter by choice (issue 18, item 5): `/game notify` per person, and hand DMs only for changes others
made, one per turn."""

from __future__ import annotations

import asyncio

import pytest

from bot.settings import NOTIFY_TEXT
from renderers import render_private
from tests.support.person import Person
from tests.support.positions import catan_roll, catan_turn_with, paying
from tests.support.world import World


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


async def play(world: World, person: Person, label: str) -> None:
    """The person plays, by `/play`, their first move whose label starts with `label`."""
    choices = await person.autocomplete("play", "action", "")
    await person.slash("play", action=next(c for c in choices if c["name"].startswith(label))["value"])
    await world.settle()


def asks(messages: list) -> bool:
    """Every DM asks its reader to move and shows their hand."""
    return all(m.content.startswith("Your move") and m.pngs() for m in messages)


async def test_my_turn_only_sends_none_when_anothers_roll_pays_her_and_one_when_her_turn_begins_CAT_16(
        world: World) -> None:
    """Three people at Catan; the player before Alice rolls a number that pays her (CAT-16): no DM. He ends
    his turn: one DM, asking her to move with her hand."""
    game_id, people, active, _ = await catan_turn_with(world, {})
    her = (active + 1) % 3
    alice = people[her]
    await choose(world, alice, "turn")
    await catan_roll(world, game_id, paying(her))
    seen = len(alice.dms())
    await play(world, people[active], "Roll")
    (rolled,) = [entry for entry in await world.bot.storage.actions(game_id) if entry.action["type"] == "roll"]
    assert any(event["type"] == "produce" and str(her) in event["gains"] for event in rolled.events)
    assert alice.dms()[seen:] == [], "another's roll that pays her asks nothing of her"
    await play(world, people[active], "End your turn")
    new = alice.dms()[seen:]
    assert len(new) == 1 and asks(new), [m.content for m in new]


@pytest.mark.parametrize(("when", "asked"), [("turn", 0), ("every", 1)])
async def test_a_discard_in_anothers_turn_is_dmed_at_every_turn_only_and_never_when_her_turn_goes_on_CAT_18(
        world: World, when: str, asked: int) -> None:
    """Three people at Catan, the two waiting with eight cards each; the active one rolls a 7 (CAT-18). A
    discard asked within another's turn is DMed to those who chose every turn (one DM each), not to those who
    chose my turn only (issue 36: one DM a round, when their turn begins; the board pings them); the roller
    gets none when, after both discarded, her own turn goes on to the robber."""
    game_id, people, active, _ = await catan_turn_with(world, {"ore": 1}, others={"wool": 8})
    for person in people.values():
        await choose(world, person, when)
    await catan_roll(world, game_id, lambda _: 7)
    waiting = [people[(active + 1) % 3], people[(active + 2) % 3]]
    seen = {person.user.id: len(person.dms()) for person in people.values()}

    def since(person: Person) -> list:
        return [m for m in person.dms()[seen[person.user.id]:] if not m.content.startswith("Your hand")]

    await play(world, people[active], "Roll")
    for person in waiting:
        assert len(since(person)) == asked and asks(since(person)), [m.content for m in since(person)]
        assert person.mention in world.boards()[-1].text(), "the board pings them either way"
    assert since(people[active]) == []
    for person in waiting:
        await play(world, person, "Discard")
    assert (await world.bot.service.status(game_id)).public_view["phase"] == "robber"
    assert since(people[active]) == [], "her turn goes on after the others discarded: no DM"
    assert all(len(since(person)) == asked for person in waiting), "one ask each at most"


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
    game_id, people, trader, _ = await catan_turn_with(world, {"wool": 1}, others={"brick": 1})
    mine = (trader - 1) % 3
    alice, partner = people[mine], people[trader]
    await choose(world, alice, "every")
    await catan_roll(world, game_id, paying(mine))
    service = world.bot.service

    def hand_dms() -> list:
        return [m for m in alice.dms() if m.content.startswith("Your hand")]

    async def trade(give: str, get: str) -> None:
        offer_to_her = {"type": "offer", "to": mine + 1, "give": {give: 1}, "get": {get: 1}}  # seats count from 1
        await service.act(game_id, partner.user.id, offer_to_her)
        offer = (await service.status(game_id)).public_view["offer"]["id"]
        await service.act(game_id, alice.user.id, {"type": "accept", "offer": offer})
        await service.act(game_id, partner.user.id, {"type": "confirm", "offer": offer, "with": mine})
        await world.settle()

    told = len(hand_dms())
    await play(world, partner, "Roll")
    await trade("wool", "brick")
    await trade("brick", "wool")  # back again: the middle hand is not the newest
    newest = await service.hand(game_id, alice.user.id)
    assert len(hand_dms()) == told, "no hand DM while the turn lasts (only the offers ask her)"
    await play(world, partner, "End your turn")
    dms = hand_dms()[told:]
    assert len(dms) == 1, [m.content for m in dms]
    picture = await asyncio.to_thread(render_private, "catan", newest)
    assert dms[0].pngs() == [picture], "the newest hand"


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
