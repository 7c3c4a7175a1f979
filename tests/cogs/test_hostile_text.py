"""What a person types is quoted back clipped and with its markdown and mentions shown as typed, and no reply can
break Discord's limits (issue 38): 4,000 characters, or text laden with `**`, `@everyone`, `<@123…>`, backticks
and `||`, in every string option of every command (and their autocompletes), in a forged select value and in the
trade modal's fields. The strict fake refuses what Discord would (content over 2,000 characters, a label, an
option or a placeholder past its limit, …; the `world` fixture fails the test on any of it, or on an interaction
left unanswered), and nothing reaches the log at ERROR."""

from __future__ import annotations

import json
import logging
import re

import pytest

from tests.support.clicking import modal_select
from tests.support.fake_discord.interactions import MODAL_SUBMIT
from tests.support.forged import SELECT, forged
from tests.support.person import Person
from tests.support.positions import catan_turn_with
from tests.support.world import World

LONG = "a" * 4000
LADEN = ("**b** @everyone @here <@123456789012345678> <@&123456789012345678> `c` ```x``` ||s|| __u__ ~~t~~ "
         "> q\n# h ") * 40
LOUD = "**b** @everyone <@123456789012345678> `c` ||s||"
HOSTILE = {"4,000 characters": LONG, "markdown for 4,000 characters": LADEN[:4000], "markdown, short": LOUD}
RAW = ("**b**", "@everyone", "<@123456789012345678>", "||s||")
"""Markdown and mentions as typed: quoted back, none of them may stay as it is (they would act, not show)."""

COMMANDS = [  # (command, the option given the hostile text, the other options it needs, whether it autocompletes)
    ("play", "action", {}, True),
    ("game new", "game", {"thread": False}, True),
    ("game new", "options", {"game": "testgame", "thread": False}, False),
    ("game rules", "game", {}, True),
    ("game rules", "section", {"game": "catan"}, True),
    ("game leaderboard", "game", {}, True),
]


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def quoted_safely(said: str) -> None:
    """Within Discord's limit, and what was typed shows only inside inline code (Discord renders no markdown and
    resolves no mention there), never as live markdown or a mention."""
    assert said and len(said) <= 2000, said[:200]
    live = re.sub(r"`[^`]*`", "", said)
    assert not any(raw in live for raw in RAW), said[:400]


async def seated(world: World) -> Person:
    """Alice, seated at a running table of this channel (so `/play` reads what she types)."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,))
    return alice


@pytest.mark.parametrize(("command", "option", "others", "completes"), COMMANDS,
                         ids=[f"{c} {o}" for c, o, _, _ in COMMANDS])
async def test_hostile_text_in_a_command_option_is_quoted_back_within_discords_limits(
        world: World, caplog: pytest.LogCaptureFixture, command: str, option: str, others: dict,
        completes: bool) -> None:
    """Typed into the option (its autocomplete answers as it is typed), then sent."""
    alice = await seated(world)
    for what, text in HOSTILE.items():
        if completes:
            choices = await alice.autocomplete(command, option, text, **others)
            assert all(1 <= len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in choices), choices
        record = await alice.slash(command, **others, **{option: text})
        await world.settle()
        said = " ".join(record.texts())
        assert all(m.ephemeral for m in record.replies()), f"/{command} {option}: {what}: {said[:200]}"
        quoted_safely(said)
    assert errors(caplog) == []


async def test_a_typed_move_whose_fields_are_hostile_is_refused_by_the_engine_as_typed(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """A move typed as JSON reaches the engine, whose refusal quotes the field ("There is no … move called '…'"):
    the engines know no Discord, so the reply escapes its markdown and mentions."""
    _, people, seat, _ = await catan_turn_with(world, {})
    for text in (LOUD, LADEN[:1000]):
        record = await people[seat].slash("play", action=json.dumps({"type": text}))
        await world.settle()
        said = " ".join(record.texts())
        assert "There is no" in said and all(m.ephemeral for m in record.replies()), said[:200]
        quoted_safely(said)
    assert errors(caplog) == []


async def test_hostile_values_in_a_select_and_in_the_trade_modals_fields_are_refused_within_limits(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """A guard more than a repair: these refusals quote nothing (the values are read as custom-id fields)."""
    game_id, people, seat, _ = await catan_turn_with(world, {"ore": 5, "wool": 1})
    person = people[seat]
    panel = await world.panel(person)
    opened = await person.click(panel, "Trade with the bank")
    await world.settle()
    modal = opened.callback_data
    for text in HOSTILE.values():
        fields = [{"type": 18, "component": {"type": 3, "custom_id": modal_select(modal, label)["custom_id"],
                                             "values": [text[:100]]}} for label in ("You give", "You get")]
        record = await world.fake.interact(MODAL_SUBMIT, person.user, panel.channel_id,
                                           {"custom_id": modal["custom_id"], "components": fields}, message=panel)
        await person._answered(record, "the hostile modal")
        await world.settle()
        quoted_safely(" ".join(m.content for m in record.replies() if m.id != panel.id) or "refused")
        custom_id = f"fr:l:{game_id}:add"
        select = forged(panel, SELECT, custom_id)
        select.components[0]["components"][0]["options"] = [{"label": "One", "value": text[:100]}]
        record = await person.select(select, [text[:100]], custom_id=custom_id)
        quoted_safely(" ".join(m.content for m in record.replies() if m.id != panel.id))
    assert errors(caplog) == []
