"""A forged or damaged custom id, of every item kind, gets a polite ephemeral refusal and changes nothing:
numbers past what storage holds, parts that are not numbers, a game of another server, a game that does
not exist. Sent through real discord.py objects as a client that forged the message would."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.client import OUR_FAULT
from bot.service import ELSEWHERE
from cogs.ids import BAD_ID
from tests.support.components import BUTTON
from tests.support.fake_discord.interactions import MODAL_SUBMIT
from tests.support.forged import SELECT, forged
from tests.support.world import World

BIG = "9" * 25
KEY = "0123456789ab"

FORMS = [  # (component type, custom id with {g} the game, {v} its version, {s} a seat)
    (BUTTON, f"fr:a:{{g}}:{{v}}:{{s}}:{KEY}"),
    (BUTTON, f"fr:k:{{g}}:{{v}}:{{s}}:{KEY}"),
    (SELECT, "fr:s:{g}:{v}:{s}:place:0:-"),
    (SELECT, "fr:cs:{g}:{v}:{s}:discard"),
    (BUTTON, f"fr:ot:{{g}}:{{v}}:{{s}}:{KEY}"),
    (BUTTON, "fr:oa:{g}:{v}:accept"),
    (BUTTON, "fr:t:{g}:{v}:0:o"),
    (BUTTON, "fr:t:{g}:{v}:0:o0.."),
    (BUTTON, "fr:m:{g}"),
    (BUTTON, "fr:h:{g}"),
    (BUTTON, "fr:x:{g}"),
    (BUTTON, "fr:l:{g}:join"),
    (SELECT, "fr:l:{g}:rm"),
    (SELECT, "fr:l:{g}:add"),
    (BUTTON, "fr:q:{g}:abandon"),
    (BUTTON, "fr:r:{g}:0:next"),
    (SELECT, "fr:rj:{g}"),
]
TRADE = "fr:tq:{g}:{v}:0:0.."
"""The trade modal: not an item, its submit is read by custom id."""


async def test_every_item_kind_refuses_a_forged_id_politely_and_changes_nothing(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    board = world.boards()[-1]
    service = world.bot.service
    here = await service.game_in_channel(world.fake.channel.id)
    assert here is not None
    elsewhere = await service.create(game_type="testgame", guild_id=world.fake.guild.id + 1, channel_id=1,
                                     user_id=bob.user.id, options={})
    games = (here.id, elsewhere.id)
    before = [await service.get(g) for g in games]
    posts, edits = len(world.channel()), board.edits
    seat = here.seat_of(alice.user.id)
    cases = {  # what the forgery is -> (game, version, seat) in the id, and the refusal it gets
        "game id past storage": ((BIG, here.version, seat), BAD_ID),
        "version past storage": ((here.id, BIG, seat), BAD_ID),
        "seat past any table": ((here.id, here.version, BIG), BAD_ID),
        "not a number": (("twelve", here.version, seat), BAD_ID),
        "another server's game": ((elsewhere.id, 0, 0), ELSEWHERE),
        "no such game": ((10**12, 0, 0), "There is no game #1000000000000"),
    }
    for what, ((g, v, s), refusal) in cases.items():
        for kind, form in FORMS:
            custom_id = form.format(g=g, v=v, s=s)
            if (what.startswith("version") and "{v}" not in form) or (what.startswith("seat") and "{s}" not in form):
                continue
            message = forged(board, kind, custom_id)
            record = await (alice.click(message, custom_id=custom_id) if kind == BUTTON else
                            alice.select(message, ["0"], custom_id=custom_id))
            await world.settle()
            answers = [m for m in record.replies() if m.id != board.id]  # a deferred click names the clicked one
            said = " ".join(m.content for m in answers)
            assert answers and all(m.ephemeral for m in answers), f"{what}, {custom_id}: {said}"
            assert OUR_FAULT not in said, f"{what}, {custom_id}: {said}"
            if not custom_id.startswith("fr:r"):  # the replay lets the history say which games one may watch
                assert refusal in said, f"{what}, {custom_id}: {said}"
        if what.startswith("seat"):
            continue
        custom_id = TRADE.format(g=g, v=v)
        data = {"custom_id": custom_id, "components": [
            {"type": 18, "component": {"type": 3, "custom_id": "1", "values": ["0x1"]}}]}
        record = await world.fake.interact(MODAL_SUBMIT, alice.user, board.channel_id, data, message=board)
        await asyncio.wait_for(record.answered.wait(), 10)
        await world.settle()
        said = " ".join(m.content for m in record.replies() if m.id != board.id)
        assert refusal in said and OUR_FAULT not in said, f"{what}, {custom_id}: {said}"
    assert [await service.get(g) for g in games] == before
    assert len(world.channel()) == posts and world.fake.find_message(board.id).edits == edits
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_forged_rules_controls_are_refused_politely(world: World, caplog: pytest.LogCaptureFixture) -> None:
    """The rules' ◀ ▶ and section select name no game id, only a game type, a section and a page."""
    alice = world.person("alice")
    message = (await alice.slash("game rules", game="catan")).replies()[-1]
    cases = {
        "fr:ru:catan:99:0:next": BAD_ID,  # a section the book does not have
        "fr:ru:catan:0:999:next": BAD_ID,  # a page past the section
        f"fr:ru:catan:{BIG}:0:next": BAD_ID,
        "fr:ru:catan:one:0:next": BAD_ID,
        "fr:ru:Catan!:0:0:next": BAD_ID,
        "fr:ru:chess:0:0:next": "There is no game called 'chess'",
    }
    for custom_id, refusal in cases.items():
        record = await alice.click(forged(message, BUTTON, custom_id), custom_id=custom_id)
        said = " ".join(m.content for m in record.replies() if m.id != message.id)
        assert refusal in said and OUR_FAULT not in said, f"{custom_id}: {said}"
    for custom_id, value in (("fr:rs:catan", "99"), ("fr:rs:catan", "x"), ("fr:rs:chess", "0")):
        select = forged(message, SELECT, custom_id)
        select.components[0]["components"][0]["options"] = [{"label": "One", "value": value}]
        record = await alice.select(select, [value], custom_id=custom_id)
        said = " ".join(m.content for m in record.replies() if m.id != message.id)
        assert said and OUR_FAULT not in said, f"{custom_id} {value}: {said}"
    assert world.fake.find_message(message.id).edits == message.edits
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_forged_level_in_the_add_ai_select_is_refused_politely(world: World) -> None:
    """The lobby's add-an-AI select offers the three levels; a client that sends another seats nobody."""
    alice = world.person("alice")
    lobby, info = await world.new_lobby(alice)
    for value in ("expert", "HARD", "hard:1"):
        custom_id = f"fr:l:{info.id}:add"
        select = forged(lobby, SELECT, custom_id)
        select.components[0]["components"][0]["options"] = [{"label": "One", "value": value}]
        record = await alice.select(select, [value], custom_id=custom_id)
        said = " ".join(m.content for m in record.replies() if m.id != lobby.id)
        assert BAD_ID in said and OUR_FAULT not in said, f"{value}: {said}"
    assert await world.bot.service.get(info.id) == info
