"""Trades in a tap (issue 43, item 5): the move panel leads with the trades that get the one card a build lacks, each
a button that says what it is for; the full trade form stays one tap further. A trade offer takes at most 4 taps,
a bank trade at most 3, counted from the board's *Your move*. Every position is built."""

from __future__ import annotations

from games.core import Game
from tests.games.roanoke.table import set_hand
from tests.support.playing import measured
from tests.support.positions import catan_turn_with, colonies_trader_table, opened_to, rewritten
from tests.support.tally import Tally
from tests.support.world import World


async def test_a_catan_offer_for_the_card_a_road_lacks_is_one_tap_on_the_panel(world: World) -> None:
    """CAT-32: holding a brick and two wool, the road lacks a lumber: "Offer everyone 1 wool for 1 lumber (then a
    road)" is a button, and one tap sends it; the trade form is still there."""
    _, people, seat, _ = await catan_turn_with(world, {"brick": 1, "wool": 2})
    person = people[seat]
    tally = Tally(person)
    panel = await world.panel(person)
    labels = [b["label"] for b in panel.buttons()]
    assert "Trade offer…" in labels, "the full form one tap further"
    panel = await world.press(person, panel, "Offer everyone 1 wool for 1 lumber (then a road)")
    assert panel.content.startswith("✓ Offer everyone 1 wool for 1 lumber"), panel.content
    assert "offered everyone 1 wool for 1 lumber" in world.boards()[-1].text()
    assert tally.count().taps <= 4
    measured("Catan", "Trade offer, 1 for the card a build lacks (a suggested offer)", tally.count())


async def test_a_catan_bank_trade_that_completes_a_road_is_one_tap_on_the_panel(world: World) -> None:
    """CAT-33: holding 5 ore and a lumber, the road lacks a brick the bank sells for 4 ore: one tap trades."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 5, "lumber": 1})
    person = people[seat]
    tally = Tally(person)
    panel = await world.panel(person)
    await world.press(person, panel, "Trade 4 ore for 1 brick (then a road)")
    assert "traded 4 ore with the bank for 1 brick" in world.boards()[-1].text()
    hand = (await world.bot.service.hand(game_id, person.user.id))["hand"]
    assert hand == {"brick": 1, "lumber": 1, "wool": 0, "grain": 0, "ore": 1}
    assert tally.count().taps <= 3
    measured("Catan", "Bank trade 4:1 that completes a build (a suggested trade)", tally.count())


async def test_a_catan_hand_a_build_lacks_two_cards_of_gets_no_suggestion(world: World) -> None:
    """Only a build one card short is suggested: a lone ore completes nothing with one more card."""
    _, people, seat, _ = await catan_turn_with(world, {"ore": 1})
    panel = await world.panel(people[seat])
    assert not [b for b in panel.buttons() if "(then " in str(b["label"])], [b["label"] for b in panel.buttons()]


async def test_a_colonies_offer_for_the_food_a_farmer_lacks_is_one_tap(world: World) -> None:
    """COL-S10, R27: a Farmer in hand and no Food to play it, a Trader ready: one tap offers the Wealth for a
    Food, by the Trader."""
    game_id, people, seat = await colonies_trader_table(world)

    def no_food(game: Game) -> None:
        game.player(seat)["hand"] = ["wealth", "farmer"]  # type: ignore[attr-defined]

    await rewritten(world, game_id, no_food)
    person = people[seat]
    tally = Tally(person)
    panel = await world.panel(person)
    label = next(b["label"] for b in panel.buttons() if str(b["label"]).endswith("(then play your Farmer)"))
    assert label.startswith("Offer a Wealth to ") and "for a Food" in label, label
    panel = await world.press(person, panel, label)
    assert panel.content.startswith("✓ Offer a Wealth"), panel.content
    assert tally.count().taps <= 4
    measured("Colonies", "Trade offer for the Food a Population lacks (a suggested offer)", tally.count())


async def test_a_roanoke_offer_for_the_chit_a_house_lacks_is_one_tap(world: World) -> None:
    """ROA-S18, R21: a house lacks one wood, another colony holds one (hands are public): one tap offers a spare
    food for it, to that colony."""
    game_id, people, seat = await opened_to(world, "roanoke", lambda game, seat: bool(game.action_shapes(seat)))
    other = next(s for s in people if s != seat)

    def one_wood_short(game: Game) -> None:
        for s in people:
            set_hand(game, s)  # type: ignore[arg-type]
        set_hand(game, seat, food=3, water=2, metal=2, wood=1)  # type: ignore[arg-type]
        set_hand(game, other, wood=1)  # type: ignore[arg-type]

    await rewritten(world, game_id, one_wood_short)
    person = people[seat]
    tally = Tally(person)
    panel = await world.panel(person)
    label = next(b["label"] for b in panel.buttons() if str(b["label"]).endswith("(then a house)"))
    assert label.startswith("Offer ") and "1 food for 1 wood" in label, label
    panel = await world.press(person, panel, label)
    assert panel.content.startswith("✓ Offer"), panel.content
    offer = (await world.bot.service.hand(game_id, person.user.id))["offer"]
    assert offer is not None and offer["to"] == other and offer["give"] == {"food": 1}, offer
    assert tally.count().taps <= 4
    measured("Roanoke", "Trade offer for the chit a house lacks (a suggested offer)", tally.count())
