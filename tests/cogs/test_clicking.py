"""Playing by clicking only (issue 18): the trade builder in Catan, Colonies and Roanoke, two-step
placement, confirmations, and the host's lobby controls. No move is typed: every one is a button, a
select or a modal the bot posted."""

from __future__ import annotations

import pytest

from games.core import get_game
from tests.support.clicking import build, click_on, seated, seats, wait_for_people
from tests.support.person import Person
from tests.support.world import World, select_of


async def test_a_catan_settlement_is_placed_in_two_steps_hex_then_corner(world: World) -> None:
    """CAT-10: the first settlement of the setup; 54 corners are chosen as a hex, then one of its corners."""
    game_id, people = await seated(world, "catan", ai=1)
    first = people[min(await wait_for_people(world, game_id))]
    panel = await world.panel(first)
    places = select_of(panel, "Build settlement")["options"]
    assert len(places) == 19 and places[0]["label"] == "hex A…", "first the hex"
    panel = await world.pick(first, panel, "Build settlement", "hex A")
    spots = select_of(panel, "Build settlement")["options"]
    assert spots[0]["label"] == "← Other places" and 1 < len(spots) <= 7, "then the corners of that hex"
    await world.pick(first, panel, "Build settlement", spots[1]["label"])
    assert "built a settlement" in world.boards()[-1].content
    view = await world.bot.service.hand(game_id, first.user.id)
    assert sum(1 for b in view["buildings"] if b and b[0] == view["seat"]) == 1


async def catan_main_step(world: World, game_id: int, people: dict[int, Person]) -> tuple[int, Person, Person]:
    """Click through the setup and turns until a person may trade with another who holds other cards."""
    service = world.bot.service
    for _ in range(200):
        movers = await wait_for_people(world, game_id)
        seat = movers[0]
        person = people[seat]
        view = await service.hand(game_id, person.user.id)
        if view["phase"] == "main" and view["offer"] is None:
            partner_seat = next(s for s in people if s != seat)
            theirs = (await service.hand(game_id, people[partner_seat].user.id))["hand"]
            mine = view["hand"]
            if any(mine.values()) and any(n for r, n in theirs.items() if not mine[r]):
                return partner_seat, person, people[partner_seat]
        await click_on(world, person, ("Roll", "Settle", "Road", "Discard", "Robber", "End your turn"))
    raise AssertionError("no trade became possible")


async def test_a_catan_trade_with_a_counter_offer_by_clicking(world: World) -> None:
    """CAT-32: Alice offers by the builder (partner, give, get, a count by modal), Bob counters by the
    builder, Alice confirms his counter with a button; the cards change hands as countered."""
    game_id, people = await seated(world, "catan", ai=1)
    partner_seat, offerer, partner = await catan_main_step(world, game_id, people)
    service = world.bot.service
    mine = (await service.hand(game_id, offerer.user.id))["hand"]
    theirs = (await service.hand(game_id, partner.user.id))["hand"]
    give = next(r for r, n in mine.items() if n)
    want = next(r for r, n in theirs.items() if n and not mine[r])

    panel = await world.panel(offerer)
    panel = await world.press(offerer, panel, "Trade offer")
    panel = await world.pick(offerer, panel, "Offer to", f"Seat {partner_seat + 1}")
    panel = await world.pick(offerer, panel, "You give", give)
    opened = await offerer.click(panel, "You give: how many")
    await world.settle()
    modal = opened.callback_data
    assert modal["title"].startswith("You give"), "the count is asked in a modal"
    await offerer.submit(opened, {_index(modal): str(mine[give])})
    await world.settle()
    panel = world.fake.find_message(panel.id)
    assert f"You give: {mine[give]} {give}" in panel.content, "the offer is summarised"
    panel = await world.pick(offerer, panel, "You get", "grain" if give != "grain" else "ore")
    panel = await world.press(offerer, panel, "Send")
    assert panel.content.startswith("✓ Sent"), panel.content
    assert "offers" in world.boards()[-1].content

    counter = await world.panel(partner)
    assert counter.button("Decline offer"), "the answers are buttons (Accept too, when Bob holds what is asked)"
    await build(world, partner, counter, "Counter-offer", [("You give", [want]), ("You get", [give])])
    assert "counters" in world.boards()[-1].content

    panel = await world.panel(offerer)
    await world.press(offerer, panel, f"Trade with Seat {partner_seat + 1}")
    assert "traded" in world.boards()[-1].content
    after = (await service.hand(game_id, offerer.user.id))["hand"]
    assert after[give] == mine[give] - 1 and after[want] == mine[want] + 1


def _index(modal: dict) -> str:
    """The custom id of the modal's one text input."""
    row = modal["components"][0]
    inner = row.get("component") or row["components"][0]
    return inner["custom_id"]


async def test_a_colonies_trade_by_the_builder_accepted_by_dm(world: World) -> None:
    """COL-R27: the active player builds an offer (cards from the hand, card names wanted, the trading
    Population) and the partner accepts it with the button of the DM that asks them."""
    from games.colonies import cards as C

    game_id, people = await seated(world, "colonies")
    alice, bob = people[0], people[1]
    service = world.bot.service
    for _ in range(200):
        movers = await wait_for_people(world, game_id)
        if not movers:  # Threats ended the game before a trade came up: another table
            await world.open_table(alice, "colonies", guests=(bob,))
            game_id, people = await seats(world, alice, bob)
            continue
        seat = movers[0]
        person, partner = people[seat], people[1 - seat]
        view = await service.hand(game_id, person.user.id)
        theirs = (await service.hand(game_id, partner.user.id))["hand"]
        ready = [e["card"] for e in view["players"][seat]["in_play"] if e["state"] == "ready"]
        spare = [c for c in view["hand"] if C.kind(c) not in (C.THREAT, C.POPULATION, C.EVENT)]
        wanted = [c for c in theirs if C.kind(c) not in (C.THREAT, C.EVENT)]
        if view["phase"] == "main" and not view["locked"] and ready and spare and wanted \
                and view["active_event"] not in ("strife", "trade_winds") and view["pending"] is None:
            break
        await click_on(world, person, ("Play Farmer", "Play Soldier", "Play Trader", "Play Miner", "Play", "End turn"))
    else:
        raise AssertionError("nobody could trade in 200 moves")
    title = {c.name: c.title for c in C.CARDS.values()}
    worker = [("Trading Population", [title[ready[0]]])] if len(set(ready)) > 1 else []  # one is picked already
    panel = await build(world, person, await world.panel(person), "Trade offer", [
        ("You give", [title[spare[0]]]), ("You want", [title[wanted[0]]]), *worker])
    assert panel.content.startswith("✓ Sent"), panel.content
    asks = [m for m in partner.dms() if m.content.startswith("Your move") and "offers" in m.content]
    assert asks, "the partner is asked by DM"
    await partner.click(asks[-1], "Accept the trade")
    await world.settle()
    assert "traded" in world.boards()[-1].content or "trade" in world.boards()[-1].content.lower()
    hand = (await service.hand(game_id, person.user.id))["hand"]
    assert hand.count(wanted[0]) == view["hand"].count(wanted[0]) + (wanted[0] != spare[0])


async def test_a_roanoke_trade_by_the_builder_accepted_from_the_channel(world: World) -> None:
    """ROA-S18, R21: an offer built by clicking (to whom, what is given, what is asked), accepted with the
    partner's Accept button from the board's *Your move*."""
    game_id, people = await seated(world, "roanoke", ai=2)
    service = world.bot.service
    for _ in range(300):
        seat = (await wait_for_people(world, game_id))[0]
        person = people[seat]
        other = next(s for s in people if s != seat)
        view = await service.hand(game_id, person.user.id)
        shapes = await service.shapes(game_id, person.user.id)
        mine, theirs = view["players"][seat]["hand"], view["players"][other]["hand"]
        if shapes and any(mine.values()):
            break
        await click_on(world, person, ("Collect", "End", "Pass", "Place", "Build", "Decline"))
    else:
        raise AssertionError("no offer became possible")
    give = next(r for r, n in mine.items() if n)
    panel = await world.press(person, await world.panel(person), "Trade offer")
    panel = await world.press(person, panel, "Send")
    assert "⚠ Choose “Offer to” first" in panel.content, "an offer to nobody is not sent"
    panel = await world.press(person, panel, "Back")
    assert panel.content.startswith("Your move") and panel.button("Trade offer"), "back to the move panel"
    picks = [("Offer to", [f"Seat {other + 1}"]), ("You give", [give])]
    panel = await build(world, person, panel, "Trade offer", picks)
    assert panel.content.startswith("✓ Sent"), panel.content
    partner = people[other]
    answer = await world.panel(partner)
    await world.press(partner, answer, "Accept the offer")
    after = (await service.hand(game_id, partner.user.id))["players"][other]["hand"]
    assert after[give] == theirs[give] + 1, "the gift arrived"
    assert "Accept" not in " ".join(b["label"] for b in (await world.panel(partner)).buttons())


async def test_resigning_asks_first_and_a_cancel_changes_nothing(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    asked = await bob.slash("game resign")
    await world.settle()
    question = asked.replies()[-1]
    assert question.ephemeral and "Resign from" in question.content and "an AI plays your seat" in question.content
    await world.press(bob, question, "Cancel")
    assert "Cancelled" in world.fake.find_message(question.id).content
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and info.seat_of(bob.user.id) is not None, "Bob still plays"
    asked = await bob.slash("game resign")
    await world.settle()
    await world.press(bob, asked.replies()[-1], "Yes, resign")
    info = await world.bot.service.get(info.id)
    assert info.seat_of(bob.user.id) is None and info.seats[1].is_ai, "an AI took Bob's seat"
    assert any("left" in m.content for m in world.boards()[-1:]), "the board says so"


async def test_a_game_whose_rules_put_a_resigner_out_says_so(world: World) -> None:
    """ROA-R28: Roanoke lists a resign move of its own; the question says the player is out."""
    _, people = await seated(world, "roanoke", ai=2)
    asked = await next(iter(people.values())).slash("game resign")  # Roanoke seats players at random
    await world.settle()
    assert get_game("roanoke").resignation in asked.replies()[-1].content


async def test_the_host_removes_seats_and_alone_adds_ai(world: World) -> None:
    alice, bob, carol = world.person("alice"), world.person("bob"), world.person("carol")
    await alice.slash("game new", game="testgame")
    await world.settle()
    lobby = next(m for m in world.channel() if any(b.get("label") == "Start" for b in m.buttons()))
    await bob.click(lobby, "Join")
    await carol.click(world.fake.find_message(lobby.id), "Join")
    record = await bob.click(world.fake.find_message(lobby.id), "Add AI")
    assert "Only the game's creator" in " ".join(record.texts()), "a guest does not seat AIs"
    await alice.click(world.fake.find_message(lobby.id), "Add AI")
    lobby = world.fake.find_message(lobby.id)
    remove = select_of(lobby, "Remove a seat")
    assert [o["label"] for o in remove["options"]] == ["Seat 2: a person", "Seat 3: a person",
                                                       "Seat 4: AI player (normal)"]
    record = await bob.select(lobby, ["3"], custom_id=remove["custom_id"])
    assert "Only the game's creator" in " ".join(record.texts()), "a guest removes nobody"
    lobby = await world.pick(alice, lobby, "Remove a seat", "Seat 4")
    assert "AI 4" not in lobby.content
    lobby = await world.pick(alice, lobby, "Remove a seat", "Seat 2")
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and [s.user_id for s in info.seats] == [alice.user.id, carol.user.id]


async def test_a_costly_move_is_confirmed_first(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move the game marks costly (`Game.costly`) asks "Are you sure?"; Cancel plays nothing."""
    from tests.support.testgame import HighCard

    monkeypatch.setattr(HighCard, "costly", classmethod(lambda cls, action: True))
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    panel = await world.panel(alice)
    option = panel.selects()[0]["options"][0]
    record = await alice.select(panel, [option["value"]])
    await world.settle()
    question = record.replies()[-1]
    assert "cannot be taken back" in question.content and question.ephemeral
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    await world.press(alice, question, "Cancel")
    assert (await world.bot.service.get(info.id)).version == info.version, "nothing was played"
    record = await alice.select(world.fake.find_message(panel.id), [option["value"]])
    await world.settle()
    done = await world.press(alice, record.replies()[-1], "Confirm")
    assert done.content.startswith("✓ Play"), done.content
