"""A whole Catan game in Discord: one person and three AI seats, from `/game new` to the final ranking."""

from __future__ import annotations

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
    await alice.slash("game new", game="catan")
    await world.settle()
    lobby = next(m for m in world.channel() if any(b.get("label") == "Start" for b in m.buttons()))
    for _ in range(3):
        await alice.click(world.fake.find_message(lobby.id), "Add AI")
    await alice.click(world.fake.find_message(lobby.id), "Start")
    await world.settle()
    assert boards(world), "the island is posted"
    for _ in range(600):
        if "Game over" in boards(world)[-1].content:
            break
        choices = await alice.autocomplete("play", "action", "")
        assert choices, "whenever the game waits for Alice she has moves"
        await alice.slash("play", action=pick(choices)["value"])
        await world.settle()
    final = boards(world)[-1].content
    assert "Game over" in final and "\n4. " in final, final
    assert any(m.pngs() for m in alice.dms()), "Alice's hand reached her by DM"
