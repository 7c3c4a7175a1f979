"""A whole Colonies game in Discord: one person and three AI seats, from `/game new` to the final ranking,
with hands only ever sent privately (issue: no hand ever appears in a channel message)."""

from __future__ import annotations

import re

from tests.support.world import World

PREFERENCE = ("Soldier: fight", "Play", "Farmer: work", "Trader: ship", "Miner: work Mountains",
              "Trapper: work Forest", "Explorer keeps", "Witch Trials", "Decline", "End turn")
"""Fight Threats, play cards, work Lands, and end the turn with the most Food stored."""


async def test_a_four_player_colonies_game_with_three_ai_seats_plays_to_the_end(world: World) -> None:
    alice = world.person("alice")
    await world.open_table(alice, "colonies", ai=3)
    final = await world.play_to_the_end(alice, PREFERENCE, limit=1500)
    ranking = [line for line in final.splitlines() if re.match(r"\d\. ", line)]
    assert "Game over" in final and len(ranking) >= 1, final
    hands = [a.filename for m in alice.dms() for a in m.attachments if "hand" in a.filename]
    assert hands, "Alice's hand reached her by DM"
    public = [a.filename for m in world.channel() if not m.ephemeral for a in m.attachments]
    assert public and not any("hand" in name for name in public), "no hand picture in the channel"
