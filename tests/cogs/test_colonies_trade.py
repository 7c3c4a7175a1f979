"""A Colonies trade between two people: the offer goes to the partner by DM with the answers as buttons
(COL-R27, rules §8 "Trades"), is mirrored in the channel, and a click in the DM answers it."""

from __future__ import annotations

import json

from games.colonies import cards as C
from tests.support.person import Person
from tests.support.world import World, prefer

FEED_FIRST = ("Play Farmer", "Play Soldier", "Play Trader", "Play Miner", "Play Trapper", "Play Explorer")


async def _offer_when_possible(world: World, people: dict[int, Person], game_id: int) -> tuple[Person, Person]:
    """Play Population until the player whose turn it is can trade, then offer one card for a Food."""
    service = world.bot.service
    for _ in range(200):
        info = await service.get(game_id)
        seat = info.to_move[0]
        person = people[seat]
        view = await service.hand(game_id, person.user.id)
        ready = [e["card"] for e in view["players"][seat]["in_play"] if e["state"] == "ready"]
        spare = [c for c in view["hand"] if C.kind(c) not in (C.THREAT, C.POPULATION)]
        if view["phase"] == "main" and not view["locked"] and ready and spare and view["active_event"] != "strife":
            partner = 1 - seat
            offer = {"type": "offer", "partner": partner + 1, "give": [spare[0]], "want": ["food"],
                     "worker": ready[0]}
            await person.slash("play", action=json.dumps(offer))
            await world.settle()
            return person, people[partner]
        choices = await person.autocomplete("play", "action", "")
        await person.slash("play", action=prefer(choices, (*FEED_FIRST, "End turn"))["value"])
        await world.settle()
    raise AssertionError("nobody could make an offer in 200 moves")


async def test_the_partner_answers_an_offer_from_the_buttons_in_a_dm(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, "colonies", guests=(bob,))
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    people = {s.seat: (alice if s.user_id == alice.user.id else bob) for s in info.seats}
    offerer, partner = await _offer_when_possible(world, people, info.id)
    assert "offers" in world.boards()[-1].text(), "the offer is public in the channel"
    asks = [m for m in partner.dms() if m.content.startswith("Your move") and "offers" in m.content]
    assert asks and asks[-1].button("Decline the trade"), "the partner is asked by DM, with the answers"
    await partner.click(asks[-1], "Decline the trade")
    await world.settle()
    assert "declined" in world.boards()[-1].text()
    view = await world.bot.service.hand(info.id, offerer.user.id)
    assert view["offer"] is None and any(e["state"] == "ready" for e in view["players"][view["seat"]]["in_play"])
