"""People by name (issue 43): two people with hostile names and two AI seats at every game; every board text,
notice, DM, alt text, `/game log` and `/game replay` line names each person by what the server calls them,
inert (markdown escaped, no mention it could open, right-to-left text isolated) and clipped; no "Seat N" for
anyone; a person's own DMs say "you", never their name; the AI seats by their own names and levels."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.names import NAME_MOST, clean, inert
from bot.service.kernel import engine_of
from renderers.cast import AI_NAMES
from tests.support.fake_discord.limits import walk
from tests.support.fake_discord.model import StoredMessage
from tests.support.person import Person
from tests.support.table_talk import play_as_the_ai_would, seeded
from tests.support.world import World

LOUD = "**Al** @everyone"
"""Markdown and a mention, as a display name may hold them."""
LONG_RTL = "\u202e\u0628\u0648\u0628 " + "x" * 40
"""A direction override, right-to-left letters, and far more than fits."""
SEAT_N = re.compile(r"\bSeat \d")
MEDIA_GALLERY = 12
MOVES = 6
"""How many moves each person makes: enough for boards, asks and catch-ups, few enough to stay quick."""


def alt_texts(message: StoredMessage) -> list[str]:
    """The alt text of every picture a message carries: its attachments' and its gallery items'."""
    gallery = [item.get("description") or "" for c in walk(message.components) if c.get("type") == MEDIA_GALLERY
               for item in c.get("items", [])]
    return [*(a.description or "" for a in message.attachments), *gallery]


def markdown_texts(messages: list[StoredMessage]) -> list[str]:
    return [m.text() for m in messages if m.text()]


def assert_inert(text: str) -> None:
    """No markdown or mention from a name acts: the loud name's stars and ping are escaped, nothing says "Seat N"."""
    assert "**Al**" not in text and "@everyone" not in text, text[:300]
    assert not SEAT_N.search(text), text[:300]
    assert "x" * (NAME_MOST + 1) not in text, "the long name is clipped"


async def play_a_little(world: World, people: dict[int, Person]) -> None:
    """Each person makes `MOVES` moves (as the heuristic player would), the AI seats playing between."""
    made = dict.fromkeys(people, 0)
    for _ in range(400):
        await world.settle()
        info = await world.bot.service.game_in_channel(world.fake.channel.id)
        if info is None or min(made.values()) >= MOVES:
            return
        row = await world.bot.storage.load(info.id)
        assert row is not None
        game = engine_of(row)
        assert game is not None
        if game.over:
            return
        mover = next((s for s in sorted(game.to_move()) if s in people), None)
        if mover is None:
            continue
        await play_as_the_ai_would(world, people[mover], game, mover)
        made[mover] += 1


@pytest.mark.parametrize("game", ["catan", "colonies", "roam", "roanoke", "small_islands"])
async def test_people_are_named_inert_and_clipped_everywhere_and_you_in_private(world: World, game: str) -> None:
    alice, bob = world.person(LOUD), world.person(LONG_RTL)
    with seeded(5):
        await world.open_table(alice, game, guests=(bob,), ai=2)
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None
    people = {info.seat_of(p.user.id): p for p in (alice, bob)}
    await play_a_little(world, people)
    await alice.slash("game log")
    await alice.slash("game replay", id=info.id)
    await world.settle()

    channel = [m for m in world.channel() if not m.deleted]
    shown = markdown_texts(channel) + [t for p in (alice, bob) for t in markdown_texts(p.dms())]
    assert shown
    for text in shown:
        assert_inert(text)
    loud, long_rtl = clean(LOUD), clean(LONG_RTL)
    assert loud is not None and long_rtl is not None and long_rtl.endswith("…") and len(long_rtl) == NAME_MOST
    boards = "\n".join(b.text() for b in world.boards())
    assert inert(loud) in boards and inert(long_rtl) in boards, "both people are named on the boards"
    assert "\u2068" in boards, "the right-to-left name is isolated from the sentence around it"
    assert any(name in boards for name in AI_NAMES), "the AI seats are named by their own names"
    for person, name in ((alice, loud), (bob, long_rtl)):
        for dm in markdown_texts(person.dms()):
            assert inert(name) not in dm, f"a DM says 'you' to its reader: {dm[:300]}"
    alts = [alt for m in [*channel, *alice.dms(), *bob.dms()] for alt in alt_texts(m) if alt]
    assert alts, "pictures were sent"
    for alt in alts:
        assert not SEAT_N.search(alt), alt[:300]
        assert "x" * (NAME_MOST + 1) not in alt
    said: list[Any] = [alt for alt in alts if loud in alt]
    assert said, "alt text names the people as the server shows them (no markdown is read there)"
