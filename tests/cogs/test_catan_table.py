"""A whole Catan game in Discord: one person and three AI seats, from `/game new` to the final ranking."""

from __future__ import annotations

import re

from tests.support.world import World

PREFERENCE = ("City", "Build a settlement", "Settle", "Road", "Roll", "Discard", "Robber", "Decline", "End your turn")
"""Build what it can, otherwise roll, answer, and end the turn."""


async def test_a_four_player_catan_game_with_three_ai_seats_plays_to_the_end(world: World) -> None:
    alice = world.person("alice")
    await world.open_table(alice, "catan", ai=3)
    final = await world.play_to_the_end(alice, PREFERENCE, limit=600)
    ranking = [line for line in final.splitlines() if re.match(r"\d\. ", line)]
    assert "Game over" in final and len(ranking) == 4, final
    assert any(m.pngs() for m in alice.dms()), "Alice's hand reached her by DM"
