"""A whole Colonies game in Discord: one person and three AI seats, from `/game new` to the final ranking,
with hands only ever sent privately (issue: no hand ever appears in a channel message)."""

from __future__ import annotations

import re

from tests.cogs.conftest import World

PREFERENCE = ("Soldier: fight", "Play", "Farmer: work", "Trader: ship", "Miner: work Mountains",
              "Trapper: work Forest", "Explorer keeps", "Witch Trials", "Decline", "End turn")


def pick(choices: list[dict]) -> dict:
    """A plain player: fight Threats, play cards, work Lands, and end the turn with the most Food stored."""
    for start in PREFERENCE:
        for choice in choices:
            if choice["name"].startswith(start) and "Cannibalise" not in choice["name"]:
                return choice
    return choices[0]


async def test_a_four_player_colonies_game_with_three_ai_seats_plays_to_the_end(world: World) -> None:
    alice = world.person("alice")
    await world.open_table(alice, "colonies", ai=3)
    for _ in range(1500):
        if "Game over" in world.boards()[-1].content:
            break
        choices = await alice.autocomplete("play", "action", "")
        assert choices, "whenever the game waits for Alice she has moves"
        await alice.slash("play", action=pick(choices)["value"])
        await world.settle()
    final = world.boards()[-1].content
    ranking = [line for line in final.splitlines() if re.match(r"\d\. ", line)]
    assert "Game over" in final and len(ranking) >= 1, final
    hands = [a.filename for m in alice.dms() for a in m.attachments if "hand" in a.filename]
    assert hands, "Alice's hand reached her by DM"
    public = [a.filename for m in world.channel() if not m.ephemeral for a in m.attachments]
    assert public and not any("hand" in name for name in public), "no hand picture in the channel"
