"""Trades by a modal of selects (issue 27): the panel's *Trade offer…* (and Catan's *Trade with the bank /
harbour…*) opens one modal, Submit makes the move. The DM that asks for a move holds the same panel. A
submission that makes no move is refused, saying why, and changes nothing. Every position is built."""

from __future__ import annotations

from cogs.play import Buttons
from games.catan.board import RESOURCES
from tests.support.clicking import modal_select, trade
from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.playing import measured
from tests.support.positions import catan_turn_with, colonies_trader_table
from tests.support.tally import Tally
from tests.support.world import World, option_values


async def bank_trade(world: World, person: Person, give: str, get: str) -> StoredMessage:
    """From the channel's move panel: *Trade with the bank / harbour…*, what to give (in lots of the rate),
    what to get, Submit."""
    return await trade(world, person, await world.panel(person), "Trade with the bank",
                       [("You give", [give]), ("You get", [get])])


async def test_a_catan_bank_trade_at_4_to_1_is_one_modal(world: World) -> None:
    """CAT-33: four of a kind buy one card. The one-card bank trades are listed moves of the engine; the panel
    groups them in the bank's modal (no select of every combination)."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 5, "wool": 1})
    person = people[seat]
    service = world.bot.service
    listed = [m.action for m in await service.choices(game_id, person.user.id) if m.action["type"] == "maritime"]
    assert listed == [{"type": "maritime", "give": "ore", "get": r} for r in ("brick", "lumber", "wool", "grain")]
    panel = await world.panel(person)
    labels = [o["label"] for s in panel.selects() for o in s["options"]] + [b["label"] for b in panel.buttons()]
    assert "Trade offer…" in labels and "Trade with the bank / harbour…" in labels, labels
    bank = [label for label in labels if label.startswith("Trade 4")]
    assert bank == ["Trade 4 ore for 1 grain (then a development card)"], "of the bank's, only the one a build lacks"
    assert "{" not in panel.content and "/play" not in panel.content, "no JSON hint: it is in /game rules"
    opened = await person.click(panel, "Trade with the bank")
    await world.settle()
    give = modal_select(opened.callback_data, "You give")["options"]
    assert [(o["label"], o.get("default")) for o in give] == [("4 ore (4:1)", True)], "the one lot, chosen already"
    tally = Tally(person)
    sent = await bank_trade(world, person, "4 ore", "1 grain")
    assert sent.content.startswith("✓ Sent"), sent.content
    assert "traded 4 ore with the bank for 1 grain" in world.boards()[-1].text()
    after = (await service.hand(game_id, person.user.id))["hand"]
    assert after == {"brick": 0, "lumber": 0, "wool": 1, "grain": 1, "ore": 1}
    measured("Catan", "Bank trade 4:1 by the form", tally.count())


async def test_a_catan_harbour_trade_at_2_to_1_is_one_modal(world: World) -> None:
    """CAT-33: a player settled on a 2:1 harbour is offered that resource at 2:1."""
    game_id, people, seat, kind = await catan_turn_with(world, {}, harbour=True)
    person = people[seat]
    get = next(r for r in RESOURCES if r != kind)
    tally = Tally(person)
    sent = await bank_trade(world, person, f"2 {kind} (2:1)", f"1 {get}")
    assert sent.content.startswith("✓ Sent"), sent.content
    assert f"traded 2 {kind} with the bank for 1 {get}" in world.boards()[-1].text()
    after = (await world.bot.service.hand(game_id, person.user.id))["hand"]
    assert after[kind] == 0 and after[get] == 1
    measured("Catan", "Harbour trade 2:1 by the form", tally.count())


async def test_a_catan_offer_to_a_player_is_one_modal_and_two_of_a_kind_are_refused(world: World) -> None:
    """CAT-32: partner, what to give (how many is the option picked), what to get, Submit. Two amounts of one
    kind are refused, saying so, and nothing is offered."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 3, "grain": 1}, others={"wool": 2})
    person, partner_seat = people[seat], (seat + 1) % 3
    service = world.bot.service
    version = (await service.get(game_id)).version
    panel = await world.panel(person)
    opened = await person.click(panel, "Trade offer")
    await world.settle()
    give = modal_select(opened.callback_data, "You give")
    assert [o["label"] for o in give["options"]] == ["1 grain", "1 ore", "2 ore", "3 ore"]
    assert "The bank / harbour" not in [o["label"] for o in modal_select(opened.callback_data, "Offer to")["options"]]
    to = modal_select(opened.callback_data, "Offer to")
    record = await person.submit(opened, {give["custom_id"]: option_values(give, "1 ore", "2 ore"),
                                          to["custom_id"]: option_values(to, people[partner_seat].user.username)})
    await world.settle()
    said = " ".join(m.content for m in record.replies() if m.id != panel.id)
    assert "pick one amount of ore" in said and "nothing was sent" in said, said
    assert (await service.get(game_id)).version == version, "nothing changed"

    tally = Tally(person)
    sent = await trade(world, person, await world.panel(person), "Trade offer",
                       [("Offer to", [people[partner_seat].user.username]), ("You give", ["2 ore"]),
                        ("You get", ["1 wool"])])
    assert sent.content.startswith("✓ Sent") and "2 ore" in sent.content, sent.content
    assert "offered" in world.boards()[-1].text()
    measured("Catan", "Trade offer to a player by the form, 2 for 1", tally.count())
    partner = people[partner_seat]
    tally = Tally(partner)
    await world.press(partner, world.boards()[-1], f"Accept {person.user.username}'s offer: ")
    measured("Catan", "Accept an offer (one tap on the board)", tally.count())
    await world.press(person, await world.panel(person), f"Trade with {partner.user.username}")
    assert "traded" in world.boards()[-1].text()
    after = (await service.hand(game_id, person.user.id))["hand"]
    assert after["ore"] == 1 and after["wool"] == 1


async def test_a_colonies_trade_is_one_modal_from_the_dm_and_accepted(world: World) -> None:
    """COL-R27: the active player, with a Trader ready, offers a Food from the hand for a Wealth by the modal of
    the DM panel (the same panel as *Your move*); the DM that asks the partner holds Accept, and the partner
    accepts with one tap on the board."""
    game_id, people, seat = await colonies_trader_table(world)
    person, partner = people[seat], people[1 - seat]
    await partner.slash("game notify", when="every")  # an offer within another's turn is DMed at this level
    await world.settle()
    dm_panel = Buttons.move_panel(await world.bot.service.panel(game_id, person.user.id))  # what the DM carries
    assert "Trade offer…" in [c.get("label") for row in dm_panel.to_components() for c in row["components"]]
    tally = Tally(person)
    sent = await trade(world, person, await world.panel(person), "Trade offer",
                       [("You give", ["1 Food"]), ("You want", ["1 Wealth"])])
    assert sent.content.startswith("✓ Sent"), sent.content
    measured("Colonies", "Trade offer by the form", tally.count())
    answer = [m for m in partner.dms() if m.content.startswith("Your move")][-1]
    assert answer.button("Accept the trade"), "the DM that asks holds the answers too"
    tally = Tally(partner)
    await world.press(partner, world.boards()[-1], f"Accept {person.user.username}'s offer: ")
    measured("Colonies", "Accept an offer (one tap on the board)", tally.count())
    hand = (await world.bot.service.hand(game_id, person.user.id))["hand"]
    assert hand.count("wealth") == 1 and hand.count("food") == 1, hand
