"""Playing by clicking only (issues 18, 27): trades by modal in Catan and Roanoke, Catan's discard in one pick,
two-step placement, confirmations, and the host's lobby controls. No move is typed: every one is a button, a
select or a modal the bot posted."""

from __future__ import annotations

import re

import pytest

from bot.limits import LABEL
from cogs.layout.moves import find_choice
from games.catan.board import GEOMETRY
from games.catan.game import Catan
from games.core import Game, get_game
from tests.games.roanoke.table import set_hand
from tests.support.clicking import seated, trade, wait_for_people
from tests.support.playing import measured
from tests.support.positions import catan_turn_with, many, opened_to, rewritten
from tests.support.tally import Tally
from tests.support.world import World, select_of, step_of


async def test_a_catan_settlement_is_placed_in_two_steps_hex_then_corner(world: World) -> None:
    """CAT-10: the first settlement of the setup; 54 corners are chosen as a hex, then one of its corners, the
    second step showing the hex close up with its corners' numbers (and saying them in its alt text)."""
    game_id, people = await seated(world, "catan", ai=1)
    first = people[min(await wait_for_people(world, game_id))]
    tally = Tally(first)
    panel = await world.panel(first)
    places = step_of(panel, "Build settlement")
    assert len(places) == 19 and places[0]["label"] == "hex A…", "first the hex"
    assert all(o["button"] for o in places), "each hex a button: one tap"
    panel = await world.take(first, panel, places[0])
    spots = step_of(panel, "Build settlement")
    assert spots[0]["label"] == "← Other places" and 1 < len(spots) <= 7, "then the corners of that hex"
    assert all(o["button"] for o in spots), "each corner a button: one tap"
    zoom = [a for a in panel.attachments if a.filename.endswith("-area.png")]
    assert len(zoom) == 1 and zoom[0].data.startswith(b"\x89PNG"), "the second step shows hex A close up"
    alt = [a.get("description") or "" for r in world.fake.requests if isinstance(r.body, dict)
           for a in r.body.get("attachments") or [] if str(a.get("filename", "")).endswith("-area.png")]
    corners = [re.findall(r"\d+", o["label"])[0] for o in spots[1:]]
    assert alt and "close-up of hex A" in alt[-1] and all(c in alt[-1] for c in corners), (alt, corners)
    panel = await world.take(first, panel, spots[1])
    assert not [a for a in panel.attachments if a.filename.endswith("-area.png")], "the close-up goes with its step"
    assert "built a settlement" in world.boards()[-1].text()
    view = await world.bot.service.hand(game_id, first.user.id)
    assert sum(1 for b in view["buildings"] if b and b[0] == view["seat"]) == 1
    assert tally.count().taps <= 3, "three taps with the close-up last"
    measured("Catan", "Build a setup settlement (hex, then corner)", tally.count())


def _road_towards_a_settlement(game: Game) -> None:
    """Roads of the active seat laid out from its network until settlements can be built in two places (a lone
    move is a button of its own)."""
    assert isinstance(game, Catan)
    seat = game.s["active"]
    for _ in range(3):
        if sum(a["type"] == "build_settlement" for a in game.legal_actions(seat)) > 1:
            return
        mine = {v for p, owner in enumerate(game.s["roads"]) if owner == seat for v in GEOMETRY.paths[p]}
        for p, owner in enumerate(game.s["roads"]):
            if owner is None and set(GEOMETRY.paths[p]) & mine:
                game.s["roads"][p] = seat
    raise AssertionError("no settlement spot came within reach")


@pytest.mark.parametrize(("kind", "select", "action"), [
    ("build_road", "Build road", "Build a road (hex, then path)"),
    ("build_settlement", "Build settlement", "Build a settlement (hex, then corner)"),
    ("build_city", "Build city", "Build a city (hex, then corner)")])
async def test_a_catan_mid_game_build_is_a_hex_then_its_spot_on_a_close_up(world: World, kind: str, select: str,
                                                                           action: str) -> None:
    """Issue 36: a road, settlement or city in the main phase is picked as the setup's are: the hex, then the spot
    on a close-up of that hex whose ids read on a phone; three taps of the panel at most."""
    game_id, people, seat, _ = await catan_turn_with(
        world, {"brick": 2, "lumber": 2, "wool": 1, "grain": 3, "ore": 3})
    if kind == "build_settlement":
        await rewritten(world, game_id, _road_towards_a_settlement)
    person = people[seat]
    version = (await world.bot.service.get(game_id)).version
    tally = Tally(person)
    panel = await world.panel(person)
    hexes = step_of(panel, select)
    assert hexes and all(o["value"].startswith("@") and o["button"] for o in hexes), "first the hex, a tap"
    panel = await world.take(person, panel, hexes[0])
    zoom = [a for a in panel.attachments if a.filename.endswith("-area.png")]
    assert len(zoom) == 1, "the second step shows the hex close up"
    spots = step_of(panel, select)
    assert all(o["button"] for o in spots) and spots[0]["label"] == "← Other places", "then its spots, a tap"
    await world.take(person, panel, next(o for o in spots if not o["value"].startswith(("@", "p"))))
    assert (await world.bot.service.get(game_id)).version > version, "the build was made"
    built = {"build_road": "road", "build_settlement": "settlement", "build_city": "city"}[kind]
    assert f"built a {built}" in world.boards()[-1].text()
    assert tally.count().taps <= 3, "three taps with the close-up last"
    measured("Catan", action, tally.count())


async def test_a_catan_close_ups_spot_buttons_say_what_each_spot_makes(world: World) -> None:
    """A button has no description line: a city's spot says what that corner makes, as the select's description
    did, and leaves out the cost every city shares, within a button's 80 characters."""
    game_id, people, seat, _ = await catan_turn_with(world, {"grain": 2, "ore": 3})
    hexes: list[int] = []

    def two_settlements_on_one_hex(game: Game) -> None:
        assert isinstance(game, Catan)
        empty = [v for v, b in enumerate(game.s["buildings"])
                 if b is None and all(game.s["buildings"][u] is None for u in GEOMETRY.node_neighbours[v])]
        h = next(h for h, corners in enumerate(GEOMETRY.hex_nodes) if game.s["layout"]["terrain"][h] != "desert"
                 and corners[0] in empty and corners[2] in empty)
        for v in GEOMETRY.hex_nodes[h][0:3:2]:
            game.s["buildings"][v] = [game.s["active"], 1]
        hexes.append(h)

    await rewritten(world, game_id, two_settlements_on_one_hex)
    person = people[seat]
    panel = await world.panel(person)
    where = f"hex {GEOMETRY.hex_labels[hexes[0]]}…"
    panel = await world.take(person, panel, next(o for o in step_of(panel, "Build city") if o["label"] == where))
    spots = [o for o in step_of(panel, "Build city") if not o["value"].startswith(("@", "p"))]
    choices = await world.bot.service.choices(game_id, person.user.id)
    assert len(spots) >= 2 and all(o["button"] for o in spots)
    for spot in spots:
        move = find_choice(choices, spot["value"])
        assert move is not None
        makes = next(part for part in move.label.split("(", 1)[1].rstrip(")").split("; ") if part.startswith("makes"))
        assert spot["label"] == f"{move.label.split(' (')[0]} ({makes})", (spot["label"], move.label)
        assert len(spot["label"]) <= LABEL


@pytest.mark.parametrize(("game", "title", "action"), [
    ("small_islands", "Small Islands", "Place a tile (column, then square)"),
    ("roam", "ROAM", "Place a key marker (card, then square)")])
async def test_a_long_placement_is_a_place_then_a_spot_with_a_close_up(world: World, game: str, title: str,
                                                                        action: str) -> None:
    """More placements than a select holds are chosen where on the picture first, then the spot, the second
    step showing that place close up."""
    game_id, people, seat = await opened_to(world, game, many("place"))
    person = people[seat]
    version = (await world.bot.service.get(game_id)).version
    tally = Tally(person)
    panel = await world.panel(person)
    places = step_of(panel, "Place")
    assert all(o["value"].startswith("@") and o["button"] for o in places), "first where, a tap"
    panel = await world.take(person, panel, places[0])
    assert [a for a in panel.attachments if a.filename.endswith("-area.png")], "the place close up"
    spots = step_of(panel, "Place")
    assert all(o["button"] for o in spots), "then the spot, a tap"
    await world.take(person, panel, next(o for o in spots if not o["value"].startswith(("@", "p"))))
    assert (await world.bot.service.get(game_id)).version > version, "the placement was made"
    assert tally.count().taps <= 3, "three taps with the close-up last"
    measured(title, action, tally.count())


def _taken_but_the_first_card(game: Game) -> None:
    """Every square of the ROAM map but those of the first land card taken, by a marker of a seat not to move."""
    other = (game.current + 1) % game.num_players  # type: ignore[attr-defined]
    for r in range(6):
        for c in range(6):
            if (r >= 3 or c >= 2) and not game.map[r][c]:  # type: ignore[attr-defined]
                game.map[r][c].append(other)  # type: ignore[attr-defined]


async def test_a_roam_key_marker_that_places_nothing_comes_last_and_is_asked_about_first(world: World) -> None:
    """Issue 36: the placements come card by card; a key marker that would place nothing (every square of the
    pattern taken) comes after the cards, and choosing it asks "are you sure?" before it is made."""
    game_id, people, seat = await opened_to(world, "roam", lambda game, seat: game.phase == "anchor")  # type: ignore[attr-defined]
    await rewritten(world, game_id, _taken_but_the_first_card)
    person = people[seat]
    version = (await world.bot.service.get(game_id)).version
    panel = await world.panel(person)
    options = step_of(panel, "Place")
    places = [n for n, o in enumerate(options) if o["value"].startswith("@")]
    nothing = [n for n, o in enumerate(options) if "places nothing" in o["label"]]
    assert places and nothing and max(places) < min(nothing), [o["label"] for o in options]
    option = options[nothing[0]]
    record = await (person.click(panel, custom_id=option["custom_id"]) if option["button"]
                    else person.select(panel, [option["value"]], custom_id=option["custom_id"]))
    await world.settle()
    question = record.replies()[-1]
    assert "are you sure" in question.content and question.ephemeral
    assert (await world.bot.service.get(game_id)).version == version, "nothing is made before the answer"
    await world.press(person, question, "Confirm")
    assert (await world.bot.service.get(game_id)).version > version, "made once confirmed"


async def test_a_catan_turn_is_ended_and_rolled_with_one_tap_on_the_board(world: World) -> None:
    """CAT-15: the turn's end and the next player's roll are each one button on the board, for that player."""
    _, people, seat, _ = await catan_turn_with(world, {})
    tally = Tally(people[seat])
    await world.press(people[seat], world.boards()[-1], "End your turn")
    measured("Catan", "End the turn (one tap on the board)", tally.count())
    after = people[(seat + 1) % 3]
    tally = Tally(after)
    await world.press(after, world.boards()[-1], "Roll the dice")
    measured("Catan", "Roll the dice (one tap on the board)", tally.count())
    assert "rolled" in world.boards()[-1].text().lower()


async def test_a_catan_discard_is_one_pick_of_exactly_the_cards_owed(world: World) -> None:
    """CAT-18: a player owing 4 of 8 cards picks them in one select of the hand's cards, one option per card,
    exactly 4 to pick; the one discard move is played."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 3, "grain": 3, "wool": 2}, discard=4)
    person = people[seat]
    tally = Tally(person)
    panel = await world.panel(person)
    select = select_of(panel, "Discard")
    assert select["min_values"] == select["max_values"] == 4
    assert [o["label"] for o in select["options"]] == [
        "Wool 1", "Wool 2", "Grain 1", "Grain 2", "Grain 3", "Ore 1", "Ore 2", "Ore 3"]
    await world.pick(person, panel, "Discard", "Ore 1", "Ore 2", "Grain 1", "Wool 1")
    assert "discarded" in world.boards()[-1].text()
    hand = (await world.bot.service.hand(game_id, person.user.id))["hand"]
    assert hand == {"brick": 0, "lumber": 0, "wool": 1, "grain": 2, "ore": 1}
    measured("Catan", "Discard 4 of 8 cards after a 7", tally.count())


async def test_a_catan_trade_with_a_counter_offer_by_clicking(world: World) -> None:
    """CAT-32: Alice offers 1 ore for 1 grain by the trade modal, Bob counters by the counter-offer modal (his
    wool for her ore), Alice confirms his counter with a button; the cards change hands as countered."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 2}, others={"wool": 1})
    offerer, partner_seat = people[seat], (seat + 1) % 3
    partner = people[partner_seat]
    service = world.bot.service
    tally = Tally(offerer)
    panel = await trade(world, offerer, await world.panel(offerer), "Trade offer", [
        ("Offer to", [partner.user.username]), ("You give", ["1 ore"]), ("You get", ["1 grain"])])
    assert panel.content.startswith("✓ Sent"), panel.content
    assert "offered" in world.boards()[-1].text()
    measured("Catan", "Trade offer to a player by the form, 1 for 1", tally.count())

    counter = await world.panel(partner)
    assert counter.button("Decline"), "the answers are buttons"
    await trade(world, partner, counter, "Counter-offer", [("You give", ["1 wool"]), ("You get", ["1 ore"])])
    assert "countered" in world.boards()[-1].text()

    await world.press(offerer, await world.panel(offerer), f"Trade with {partner.user.username}")
    assert "traded" in world.boards()[-1].text()
    after = (await service.hand(game_id, offerer.user.id))["hand"]
    assert after["ore"] == 1 and after["wool"] == 1


async def test_a_roanoke_trade_by_the_modal_accepted_from_the_channel(world: World) -> None:
    """ROA-S18, R21: an offer made by the trade modal (to whom, what is given), accepted with one tap on the
    board by the partner; the position is built, four people at the table."""
    game_id, people, seat = await opened_to(world, "roanoke", lambda game, seat: bool(
        game.action_shapes(seat) and any(game.view(seat)["players"][seat]["hand"].values())))
    await rewritten(world, game_id, lambda game: set_hand(game, seat, food=2, water=1, wood=1))  # kinds to pick from
    service = world.bot.service
    person = people[seat]
    view = await service.hand(game_id, person.user.id)
    other = next(s for s in people if s != seat and view["players"][s]["alive"])
    mine, theirs = view["players"][seat]["hand"], view["players"][other]["hand"]
    give = next(r for r, n in mine.items() if n)
    tally = Tally(person)
    panel = await trade(world, person, await world.panel(person), "Trade offer",
                        [("Offer to", [people[other].user.username]), ("You give", [f"1 {give}"])])
    assert panel.content.startswith("✓ Sent"), panel.content
    measured("Roanoke", "Trade offer by the form (a gift)", tally.count())
    partner = people[other]
    await world.settle()
    tally = Tally(partner)
    await world.press(partner, world.boards()[-1], f"Accept {person.user.username}'s offer: ")
    measured("Roanoke", "Accept an offer (one tap on the board)", tally.count())
    after = (await service.hand(game_id, partner.user.id))["players"][other]["hand"]
    assert after[give] == theirs[give] + 1, "the gift arrived"
    assert "Accept" not in " ".join(b["label"] for b in (await world.panel(partner)).buttons())


async def test_resigning_asks_first_and_a_cancel_changes_nothing(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    asked = await bob.slash("game resign")
    await world.settle()
    question = asked.replies()[-1]
    assert question.ephemeral and "Resign from" in question.content and "an AI plays your seat" in question.content
    await world.press(bob, question, "Cancel")
    assert "Cancelled" in world.fake.find_message(question.id).content
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and info.seat_of(bob.user.id) is not None, "Bob still plays"
    asked = await bob.slash("game resign")
    await world.settle()
    await world.press(bob, asked.replies()[-1], "Yes, resign")
    info = await world.bot.service.get(info.id)
    assert info.seat_of(bob.user.id) is None and info.seats[1].is_ai, "an AI took Bob's seat"
    assert any("left" in m.text() for m in world.boards()[-1:]), "the board says so"


async def test_a_game_whose_rules_put_a_resigner_out_says_so(world: World) -> None:
    """ROA-R28: Roanoke lists a resign move of its own; the question says the player is out."""
    _, people = await seated(world, "roanoke", ai=2)
    asked = await next(iter(people.values())).slash("game resign")  # Roanoke seats players at random
    await world.settle()
    assert get_game("roanoke").resignation in asked.replies()[-1].content


async def test_the_host_removes_seats_and_alone_adds_ai(world: World) -> None:
    alice, bob, carol = world.person("alice"), world.person("bob"), world.person("carol")
    await alice.slash("game new", game="testgame", thread=False)
    await world.settle()
    lobby = world.lobby()
    await bob.click(lobby, "Join")
    await carol.click(world.fake.find_message(lobby.id), "Join")
    add = select_of(lobby, "Add an AI")["custom_id"]
    record = await bob.select(world.fake.find_message(lobby.id), ["normal"], custom_id=add)
    assert "Only the game's creator" in " ".join(record.texts()), "a guest does not seat AIs"
    await world.pick(alice, world.fake.find_message(lobby.id), "Add an AI", "Normal")
    lobby = world.fake.find_message(lobby.id)
    remove = select_of(lobby, "Remove a seat")
    labels = [o["label"] for o in remove["options"]]
    assert labels[:2] == ["2. bob (blue)", "3. carol (yellow)"] and labels[2].endswith("(AI normal, green)"), labels
    record = await bob.select(lobby, ["3"], custom_id=remove["custom_id"])
    assert "Only the game's creator" in " ".join(record.texts()), "a guest removes nobody"
    lobby = await world.pick(alice, lobby, "Remove a seat", "4.")
    assert labels[2].split(" (")[0].removeprefix("4. ") not in lobby.content, "the AI seat is gone"
    lobby = await world.pick(alice, lobby, "Remove a seat", "2.")
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and [s.user_id for s in info.seats] == [alice.user.id, carol.user.id]


async def test_a_costly_move_is_confirmed_first(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move the game marks costly (`Game.costly`) asks "Are you sure?"; Cancel plays nothing."""
    from tests.support.testgame import HighCard

    monkeypatch.setattr(HighCard, "costly", classmethod(lambda cls, action: True))
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    panel = await world.panel(alice)
    option = panel.selects()[0]["options"][0]
    record = await alice.select(panel, [option["value"]])
    await world.settle()
    question = record.replies()[-1]
    assert "cannot be taken back" in question.content and question.ephemeral
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    await world.press(alice, question, "Cancel")
    assert (await world.bot.service.get(info.id)).version == info.version, "nothing was played"
    record = await alice.select(world.fake.find_message(panel.id), [option["value"]])
    await world.settle()
    done = await world.press(alice, record.replies()[-1], "Confirm")
    assert done.content.startswith("✓ Play"), done.content
