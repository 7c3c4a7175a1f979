"""Warnings before a check that can eliminate a player (issue 27): the DM that asks a player to move and
the *Your move* panel say, in plain words and before the moves, what is short and when it is checked."""

from __future__ import annotations

import json

from games.roanoke.game import Roanoke
from tests.support.clicking import seated, wait_for_people
from tests.support.world import World


async def test_a_roanoke_colony_short_of_the_season_card_is_warned_before_the_check(world: World) -> None:
    """ROA-S31, ROA-S35: four people (nothing moves by itself); the first to place is short of the first season
    card, which is checked at the end of the season's third round. Their ask and their panel say so first."""
    game_id, people = await seated(world, "roanoke", guests=3)
    seat = (await wait_for_people(world, game_id))[0]
    row = await world.bot.service.storage.load(game_id)
    assert row is not None
    game = Roanoke.from_dict(json.loads(row.state))
    warned = game.warnings(seat)
    assert len(warned) == 1 and "eliminated" in warned[0] and "round 3" in warned[0], warned
    assert game.player(seat)["alive"] and game.s["season_idx"] == 0, "the check is still ahead"
    person = people[seat]
    ask = [m for m in person.dms() if m.content.startswith("Your move")][-1]
    assert warned[0] in ask.content and ask.interactive(), "the DM warns, above the moves"
    panel = await world.panel(person)
    assert warned[0] in panel.content
    assert panel.content.index(warned[0]) < panel.content.index("Your move:"), "the warning comes before the moves"
    others = [p for s, p in people.items() if s != seat]
    assert all(warned[0] not in m.content for p in others for m in p.dms()), "one seat's warning reaches it alone"
