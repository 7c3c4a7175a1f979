"""The trade builder outside the channel panel (issue 18): the DM that asks for a move offers the same
builder as *Your move*, and Catan's bank and harbour trades are built in it, all by clicking."""

from __future__ import annotations

import json

from games.catan.board import GEOMETRY, RESOURCES
from games.catan.game import Catan
from games.colonies import cards as C
from tests.support.clicking import build, click_on, seated, seats, wait_for_people
from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.world import World, select_of


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
            game_id, people = await seats(world, alice, bob)
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


async def bank_trade(world: World, person: Person, give: str, get: str, rate: int) -> StoredMessage:
    """From the channel's move panel: Trade offer…, the bank as the partner, one kind to give (counted in
    one lot of the rate by itself), one to get; the summary says the rate; Send."""
    panel = await world.press(person, await world.panel(person), "Trade offer")
    assert "Everyone" in [o["label"] for o in select_of(panel, "Offer to")["options"]]
    panel = await world.pick(person, panel, "Offer to", "The bank / harbour")
    panel = await world.pick(person, panel, "You give", give)
    assert f"You give: {rate} {give} ({rate}:1)" in panel.content, panel.content
    panel = await world.pick(person, panel, "You get", get)
    return await world.press(person, panel, "Send")


async def catan_turn_with(world: World, cards: dict[str, int], *, harbour: bool = False) -> tuple[int, Person, str]:
    """A Catan table of three people (no AI seat, so nothing moves by itself) built to the active seat's
    trade and build step, after a setup of the first listed placements off the harbours: the active seat
    holds `cards` (from the bank), and with `harbour` a settlement on a 2:1 harbour too, whose resource is
    returned ("" without). The stored state is the built one."""
    game_id, people = await seated(world, "catan", guests=2)
    service = world.bot.service
    row = await service.storage.load(game_id)
    assert row is not None
    game = Catan.from_dict(json.loads(row.state))
    harbours = {v: kind for p, kind in zip(GEOMETRY.harbor_paths, game.s["layout"]["harbors"], strict=True)
                for v in GEOMETRY.paths[p]}
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.get("node") not in harbours))
    seat, kind = game.s["active"], ""
    if harbour:  # CAT-22 kept: an open corner of a resource's harbour
        node = next(v for v in sorted(harbours) if harbours[v] != "any" and all(
            game.s["buildings"][u] is None for u in (v, *GEOMETRY.node_neighbours[v])))
        game.s["buildings"][node], kind = [seat, 1], harbours[node]
    for hand in game.s["hands"]:
        for i, n in enumerate(hand):
            game.s["bank"][i] += n
            hand[i] = 0
    for name, n in {**cards, **({kind: 2} if kind else {})}.items():
        game.s["hands"][seat][RESOURCES.index(name)] += n
        game.s["bank"][RESOURCES.index(name)] -= n
    game.s["phase"] = "main"
    await service.storage.truncate_actions(game_id, keep=0, expected_version=row.version,
                                           state=json.dumps(game.to_dict()), now=service.clock())
    return game_id, people[seat], kind


async def test_a_catan_bank_trade_at_4_to_1_is_built_by_clicking(world: World) -> None:
    """CAT-33: the bank is a partner of the trade builder; four of a kind buy one card. The one-card bank
    trades are listed moves of the engine, and the panel groups them in the builder (no select of every
    combination)."""
    game_id, person, _ = await catan_turn_with(world, {"ore": 5, "wool": 1})
    service = world.bot.service
    view = await service.hand(game_id, person.user.id)
    assert view["rates"]["ore"] == 4
    listed = [m.action for m in await service.choices(game_id, person.user.id) if m.action["type"] == "maritime"]
    assert listed == [{"type": "maritime", "give": "ore", "get": r} for r in ("brick", "lumber", "wool", "grain")]
    panel = await world.panel(person)
    labels = [o["label"] for s in panel.selects() for o in s["options"]] + [b["label"] for b in panel.buttons()]
    assert "Trade offer…" in labels and not any(label.startswith("Trade 4") for label in labels), labels
    sent = await bank_trade(world, person, "ore", "grain", 4)
    assert sent.content.startswith("✓ Sent"), sent.content
    assert "traded 4 ore with the bank for 1 grain" in world.boards()[-1].text()
    after = (await service.hand(game_id, person.user.id))["hand"]
    assert after == {"brick": 0, "lumber": 0, "wool": 1, "grain": 1, "ore": 1}


async def test_a_catan_harbour_trade_at_2_to_1_is_built_by_clicking(world: World) -> None:
    """CAT-33: a player settled on a 2:1 harbour is offered that resource at 2:1 (listed one card at a time,
    grouped in the builder), two cards counted by themselves."""
    game_id, person, kind = await catan_turn_with(world, {}, harbour=True)
    service = world.bot.service
    view = await service.hand(game_id, person.user.id)
    assert view["rates"][kind] == 2
    get = next(r for r in RESOURCES if r != kind)
    assert {"type": "maritime", "give": kind, "get": get} in [m.action for m in await service.choices(
        game_id, person.user.id)]
    sent = await bank_trade(world, person, kind, get, 2)
    assert sent.content.startswith("✓ Sent"), sent.content
    assert f"traded 2 {kind} with the bank for 1 {get}" in world.boards()[-1].text()
    after = (await service.hand(game_id, person.user.id))["hand"]
    assert after[kind] == 0 and after[get] == 1
