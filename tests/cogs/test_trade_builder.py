"""The trade builder outside the channel panel (issue 18): the DM that asks for a move offers the same
builder as *Your move*, and Catan's bank and harbour trades are built in it, all by clicking."""

from __future__ import annotations

from fake_discord import StoredMessage

from games.colonies import cards as C
from tests.cogs.conftest import World
from tests.cogs.test_clicking import _seats, build, click_on, seated, wait_for_people


def asked_now(message: StoredMessage, game_id: int, version: int) -> bool:
    """The DM's panel was drawn for the game as it is now (its components name that version)."""
    return any(f":{game_id}:{version}:" in str(c.get("custom_id", "")) for c in message.buttons())


async def test_a_colonies_trade_is_built_and_sent_from_the_dm_that_asks_for_a_move(world: World) -> None:
    """COL-R27: the DM that asks the active player to move holds the same *Trade offer…* builder as the
    channel's panel (no detour through the channel); the offer built there is accepted by the partner.
    A turn begins with no Population ready, so the DM can offer a trade under Trade Winds (COL-R25)."""
    game_id, people = await seated(world, "colonies")
    alice, bob = people[0], people[1]
    service = world.bot.service
    for _ in range(300):
        movers = await wait_for_people(world, game_id)
        if not movers:  # Threats ended the game before a trade came up: another table
            await world.open_table(alice, "colonies", guests=(bob,))
            game_id, people = await _seats(world, alice, bob)
            continue
        seat = movers[0]
        person, partner = people[seat], people[1 - seat]
        info = await service.get(game_id)
        view = await service.hand(game_id, person.user.id)
        theirs = (await service.hand(game_id, partner.user.id))["hand"]
        ready = [e["card"] for e in view["players"][seat]["in_play"] if e["state"] == "ready"]
        spare = [c for c in view["hand"] if C.kind(c) not in (C.THREAT, C.POPULATION, C.EVENT)]
        wanted = [c for c in theirs if C.kind(c) not in (C.THREAT, C.EVENT) and c not in spare]
        asks = [m for m in person.dms() if m.content.startswith("Your move")]
        if asks and asked_now(asks[-1], game_id, info.version) and spare and wanted \
                and await service.shapes(game_id, person.user.id):  # a turn begun under Trade Winds (COL-R25)
            break
        await click_on(world, person, ("Play Farmer", "Play Soldier", "Play Trader", "Play Miner", "Play", "End turn"))
    else:
        raise AssertionError("no turn began with a trade possible in 300 moves")
    dm = asks[-1]
    assert "Trade offer…" in [b["label"] for b in dm.buttons()], "the builder itself, in the DM"
    title = {c.name: c.title for c in C.CARDS.values()}
    worker = [("Trading Population", [title[ready[0]]])] if len(set(ready)) > 1 else []  # one is picked already
    sent = await build(world, person, dm, "Trade offer", [
        ("You give", [title[spare[0]]]), ("You want", [title[wanted[0]]]), *worker])
    assert sent.id == dm.id and sent.content.startswith("✓ Sent"), sent.content
    answer = [m for m in partner.dms() if m.content.startswith("Your move") and "offers" in m.content][-1]
    await world.press(partner, answer, "Accept the trade")
    hand = (await service.hand(game_id, person.user.id))["hand"]
    assert hand.count(wanted[0]) == view["hand"].count(wanted[0]) + 1, "the card asked for arrived"
