"""Playing by clicking only (issue 18): the trade builder in Catan, Colonies and Roanoke, two-step
placement, confirmations, and the host's lobby controls. No move is typed: every one is a button, a
select or a modal the bot posted."""

from __future__ import annotations

from e2e_driver import Person
from fake_discord import StoredMessage

from tests.cogs.conftest import World, select_of

PLAIN = ("Roll", "Discard", "Robber", "End your turn", "Place", "Pass")
"""What a player clicks to get on when the test has nothing better to do."""


async def click_on(world: World, person: Person, preference: tuple[str, ...] = PLAIN) -> None:
    """One move from the person's panel: a preferred button, else the first move of the first select
    (its first place first, where the moves are chosen in two steps)."""
    panel = await world.panel(person)
    for start in preference:
        found = [b for b in panel.buttons() if str(b.get("label", "")).startswith(start)]
        if found:
            await person.click(panel, custom_id=found[0]["custom_id"])
            await world.settle()
            return
    select = panel.selects()[0]
    first = select["options"][0]["value"]
    await person.select(panel, [first], custom_id=select["custom_id"])
    await world.settle()
    if first.startswith("@"):  # a place: then the first move there
        panel = world.fake.find_message(panel.id)
        select = next(s for s in panel.selects() if s["custom_id"].split(":")[4] == select["custom_id"].split(":")[4])
        move = next(o["value"] for o in select["options"] if not o["value"].startswith(("@", "p")))
        await person.select(panel, [move], custom_id=select["custom_id"])
        await world.settle()


async def seated(world: World, game: str, *, ai: int = 0, guests: int = 1) -> tuple[int, dict[int, Person]]:
    alice = world.person("alice")
    others = tuple(world.person(name) for name in ("bob", "carol", "dave")[:guests])
    await world.open_table(alice, game, guests=others, ai=ai)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    people = {p.user.id: p for p in (alice, *others)}
    return info.id, {s.seat: people[s.user_id] for s in info.seats if s.user_id in people}


async def wait_for_people(world: World, game_id: int) -> list[int]:
    """The human seats to move, once the AI seats are done."""
    for _ in range(100):
        info = await world.bot.service.get(game_id)
        humans = [s.seat for s in info.seats if s.user_id in info.users_to_move()]
        if humans or info.status != "running":
            return humans
        await world.settle()
    raise AssertionError("the AI seats never finished")


async def build(world: World, person: Person, panel: StoredMessage, opener: str,
                picks: list[tuple[str, list[str]]]) -> StoredMessage:
    """Open a builder from the panel, make the picks (select placeholder, option labels), and send."""
    panel = await world.press(person, panel, opener)
    for placeholder, labels in picks:
        panel = await world.pick(person, panel, placeholder, *labels)
    return await world.press(person, panel, "Send")


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
