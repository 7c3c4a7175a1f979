"""A Colonies trade between two people: the offer goes to the partner by DM with the answers as buttons
(COL-R27, rules §8 "Trades"), is mirrored in the channel, and a click in the DM answers it."""

from __future__ import annotations

import json

from games.colonies import cards as C
from tests.support.positions import colonies_trader_table
from tests.support.world import World


async def test_the_partner_answers_an_offer_from_the_buttons_in_a_dm(world: World) -> None:
    game_id, people, seat = await colonies_trader_table(world)
    offerer, partner = people[seat], people[1 - seat]
    await partner.slash("game notify", when="every")  # an offer within another's turn is DMed at this level
    await world.settle()
    view = await world.bot.service.hand(game_id, offerer.user.id)
    ready = [e["card"] for e in view["players"][seat]["in_play"] if e["state"] == "ready"]
    spare = [c for c in view["hand"] if C.kind(c) not in (C.THREAT, C.POPULATION)]
    offer = {"type": "offer", "partner": 2 - seat, "give": [spare[0]], "want": ["food"], "worker": ready[0]}
    await offerer.slash("play", action=json.dumps(offer))  # seats count from 1: the partner is 2 - seat
    await world.settle()
    assert "offered" in world.boards()[-1].text(), "the offer is public in the channel"
    asks = [m for m in partner.dms() if m.content.startswith("Your move") and " to you for " in m.content]
    assert asks and asks[-1].button("Decline the trade"), "the partner is asked by DM, with the answers"
    await partner.click(asks[-1], "Decline the trade")
    await world.settle()
    assert "declined" in world.boards()[-1].text()
    view = await world.bot.service.hand(game_id, offerer.user.id)
    assert view["offer"] is None and any(e["state"] == "ready" for e in view["players"][view["seat"]]["in_play"])
