"""`/play` refuses JSON too big to parse safely, before parsing it, with a message that says why.

A deep nest used to reach RecursionError and a 5,000-digit number ValueError, both ending as
"Something went wrong"; no move needs more than a few hundred characters or three levels of brackets.
"""

from __future__ import annotations

import json

import pytest

from bot.errors import Refused
from cogs.layout.typed import JSON_MAX_CHARS, JSON_MAX_DEPTH, parse_move
from tests.support.world import World

DEEP = '{"type": "offer", "give": ' + "[" * 5000 + "]" * 5000 + "}"
LONG = '{"type": "bid", "amount": ' + "9" * 5000 + "}"


@pytest.mark.parametrize(("text", "said"), [(DEEP, "characters long"), (LONG, "characters long"),
                                            ('{"a": ' + "[" * (JSON_MAX_DEPTH + 1) + "]" * 9 + "}", "deep")])
def test_json_too_long_or_too_deep_is_refused_before_parsing(text: str, said: str) -> None:
    with pytest.raises(Refused) as info:
        parse_move(text, 1, [])
    assert said in str(info.value) and info.value.code == "bad_json"


def test_brackets_inside_strings_do_not_count_and_a_move_within_the_limits_parses() -> None:
    move = {"type": "x", "a": [[[{"b": [1]}]]], "s": '[[[[[[[[[[{{{{{{{{{{"\\'}
    text = json.dumps(move)
    assert len(text) <= JSON_MAX_CHARS
    assert parse_move(text, 1, []) == move


async def test_play_answers_deep_or_huge_json_plainly(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    for text, said in ((DEEP[:1900] + "]" * 10, "nests brackets"), (LONG, "characters long")):
        record = await alice.slash("play", action=text)
        await world.settle()
        replies = " ".join(record.texts())
        assert said in replies and "Something went wrong" not in replies, replies
