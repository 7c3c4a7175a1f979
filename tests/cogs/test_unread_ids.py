"""A custom id no item of the bot reads (issue 38) gets the polite refusal of a forged id, ephemeral, rather
than no answer at all: an unknown prefix, too few or too many fields, a verb outside its form's words (the
lobby's, a hand-over's, an offer's answer, a pager's direction), and a modal the bot never drew. Sent through
real discord.py objects as a client that forged the message would."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.client import OUR_FAULT
from cogs.ids import BAD_ID
from tests.support.components import BUTTON
from tests.support.fake_discord.interactions import MODAL_SUBMIT
from tests.support.forged import SELECT, forged
from tests.support.world import World

SHAPES = [  # (component type, custom id with {g} the game, {v} its version)
    (BUTTON, "fr:zz:{g}"),  # an unknown prefix
    (BUTTON, "hello"),  # not one of the bot's ids at all
    (BUTTON, "fr:a:{g}:{v}:0"),  # a move without its key: a field too few
    (BUTTON, "fr:m:{g}:{v}"),  # Your move with a version: a field too many
    (SELECT, "fr:s:{g}:{v}:0:place:0"),  # a move select without its place
    (BUTTON, "fr:l:{g}:dance"),  # a lobby verb the lobby has not
    (BUTTON, "fr:q:{g}:explode"),  # a hand-over verb outside leave|resign|abandon
    (BUTTON, "fr:oa:{g}:{v}:maybe"),  # an offer's answer outside accept|decline
    (BUTTON, "fr:r:{g}:0:sideways"),  # a replay step outside prev|next
    (BUTTON, "fr:ru:catan:0:0:up"),  # a rules step outside prev|next
]


async def test_a_control_no_item_reads_is_refused_politely(world: World, caplog: pytest.LogCaptureFixture) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    board = world.boards()[-1]
    service = world.bot.service
    here = await service.game_in_channel(world.fake.channel.id)
    assert here is not None
    posts, edits = len(world.channel()), board.edits
    for kind, shape in SHAPES:
        custom_id = shape.format(g=here.id, v=here.version)
        message = forged(board, kind, custom_id)
        record = await (alice.click(message, custom_id=custom_id) if kind == BUTTON else
                        alice.select(message, ["0"], custom_id=custom_id))
        await world.settle()
        answers = [m for m in record.replies() if m.id != board.id]
        said = " ".join(m.content for m in answers)
        assert answers and all(m.ephemeral for m in answers), f"{custom_id}: {said}"
        assert BAD_ID in said and OUR_FAULT not in said, f"{custom_id}: {said}"
    data = {"custom_id": f"fr:zz:{here.id}", "components": [
        {"type": 18, "component": {"type": 3, "custom_id": "1", "values": ["0"]}}]}
    record = await world.fake.interact(MODAL_SUBMIT, alice.user, board.channel_id, data, message=board)
    await asyncio.wait_for(record.answered.wait(), 10)
    await world.settle()
    said = " ".join(m.content for m in record.replies() if m.id != board.id)
    assert BAD_ID in said, f"a modal the bot never drew: {said}"
    assert await service.get(here.id) == here
    assert len(world.channel()) == posts and world.fake.find_message(board.id).edits == edits
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
