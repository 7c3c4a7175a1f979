"""`/game rules game: [section]` (issue 27 item 3) through real discord.py objects: the *How to play* first,
the full numbered rules paged with ◀ ▶ and a section select, privately."""

from __future__ import annotations

import pytest

from cogs.rules import SELECT_MAX, book
from games.rulebook import MESSAGE, rules
from tests.support.person import Person
from tests.support.shipped import SHIPPED
from tests.support.world import World, option_values, select_of


async def redrawn(world: World, person: Person, message, label: str | None = None, *, pick: str | None = None):
    """The rules message once a click on ◀/▶ (`label`) or a pick in the section select is answered."""
    edits = message.edits
    if pick is None:
        await person.click(message, label)
    else:
        select = select_of(message, "Go to a section")
        await person.select(message, option_values(select, pick), custom_id=select["custom_id"])
    await world.fake.wait_for(lambda: world.fake.find_message(message.id).edits > edits, timeout=10,
                              what="the rules page redrawn")
    return world.fake.find_message(message.id)


def heading(message) -> str:
    return message.content.split("\n")[0]


async def test_rules_open_on_how_to_play_and_page_through_the_numbered_rules(world: World) -> None:
    alice = world.person("alice")
    record = await alice.slash("game rules", game="roam")
    message = record.replies()[-1]
    assert message.ephemeral and message.visible_to == alice.user.id
    assert heading(message) == "**ROAM** — How to play · page 1 of 2" and "**Goal**" in message.content
    assert message.button("◀").get("disabled") and not message.button("▶").get("disabled")
    message = await redrawn(world, alice, message, "▶")
    assert heading(message) == "**ROAM** — How to play · page 2 of 2"
    assert "`" in message.content  # the table options close the How to play
    message = await redrawn(world, alice, message, "▶")
    first = rules("roam").sections[0]
    assert heading(message) == f"**ROAM** — 1. {first.label}" and first.text[:50] in message.content
    message = await redrawn(world, alice, message, "◀")
    assert heading(message) == "**ROAM** — How to play · page 2 of 2"
    longest = max(range(1, len(book("roam"))), key=lambda i: len(book("roam")[i].pages))
    chapter = book("roam")[longest]
    message = await redrawn(world, alice, message, pick=chapter.label)
    assert heading(message) == f"**ROAM** — {longest}. {chapter.label} · page 1 of {len(chapter.pages)}"
    for page in range(2, len(chapter.pages) + 1):
        message = await redrawn(world, alice, message, "▶")
        assert heading(message).endswith(f"page {page} of {len(chapter.pages)}")
    assert [o["label"] for o in select_of(message, "Go to a section")["options"] if o.get("default")] == [chapter.label]


async def test_rules_open_at_a_section_named_by_rule_id_number_or_word(world: World) -> None:
    alice = world.person("alice")
    for wanted, expected in (("CAT-12", rules("catan").section("CAT-12")), ("3", rules("catan").sections[2]),
                             ("setup", rules("catan").section("setup"))):
        assert expected is not None
        message = (await alice.slash("game rules", game="catan", section=wanted)).replies()[-1]
        assert expected.label in heading(message) and expected.text[:40] in message.content, wanted
    message = (await alice.slash("game rules", game="catan", section="no such words")).replies()[-1]
    assert message.ephemeral and "No section of the Catan rules" in message.content
    choices = await alice.autocomplete("game rules", "section", "set", game="catan")
    assert choices and all("set" in c["name"].casefold() for c in choices)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_page_and_section_list_fits_discord(game_id: str) -> None:
    """Each game's book fits one select, and each page with its heading fits a message."""
    chapters = book(game_id)
    assert len(chapters) == len(rules(game_id).sections) + 1 <= SELECT_MAX
    assert all(len(c.label) <= 100 and len(c.about) <= 100 for c in chapters)
    assert all(len(page) + 200 <= MESSAGE for c in chapters for page in c.pages)
