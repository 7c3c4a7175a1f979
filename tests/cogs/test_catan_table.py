"""A whole Catan game in Discord: one person and three AI seats, from `/game new` to the final ranking."""

from __future__ import annotations

import re

from tests.cogs.conftest import World
from tests.cogs.test_play import boards

PREFERENCE = ("City", "Build a settlement", "Settle", "Road", "Roll", "Discard", "Robber", "Decline", "End your turn")


def pick(choices: list[dict]) -> dict:
    """A plain player: build what it can, otherwise roll, answer, and end the turn."""
    for start in PREFERENCE:
        for choice in choices:
            if choice["name"].startswith(start):
                return choice
    return choices[0]


async def test_a_four_player_catan_game_with_three_ai_seats_plays_to_the_end(world: World) -> None:
    alice = world.person("alice")
    await world.open_table(alice, "catan", ai=3)
    for _ in range(600):
        if "Game over" in boards(world)[-1].content:
            break
        choices = await alice.autocomplete("play", "action", "")
        assert choices, "whenever the game waits for Alice she has moves"
        await alice.slash("play", action=pick(choices)["value"])
        await world.settle()
    final = boards(world)[-1].content
    ranking = [line for line in final.splitlines() if re.match(r"\d\. ", line)]
    assert "Game over" in final and len(ranking) == 4, final
    assert any(m.pngs() for m in alice.dms()), "Alice's hand reached her by DM"
