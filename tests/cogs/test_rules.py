"""`/game rules game: [section]` (issue 27 item 3, issue 35 item 1): each game's player's rulebook, paged with ◀ ▶
and a chapter select, privately, its example pictures shown with their pages; then the generated *Advanced:
typing moves*. Every book, checked page by page for what players must not read, for its size, for teaching
every numbered rule of the specification, and for its pictures. The clicks go through real discord.py objects."""

from __future__ import annotations

import json
import re

import pytest

from bot.limits import OPTIONS as SELECT_MAX
from cogs.rules import ADVANCED, PAGE, QUICK, book, example_picture, find_section
from games.core import get_game
from games.rulebook import MESSAGE, examples, paged, rules
from games.rulebook import book as written_book
from renderers.text import DESCRIPTION_LIMIT
from tests.support.person import Person
from tests.support.shipped import SHIPPED
from tests.support.world import World, option_values, select_of

MOST_PAGES = 20
FORBIDDEN = re.compile(
    r"```|[{}]|\[(?:DESIGNED|REAL|CLARIFY)\]|seeds/|\b[\w-]+\.(?:md|py|json|txt|toml|png)\b"
    r"|\btest|implementation|pseudo|copy it|\bengine\b|\bspec\b|\b(?:CAT|COL|ROA)-[SR]?\d+\b|\b[AB]\d+\.\d+\b",
    re.IGNORECASE)
"""What a player's page never holds: code, JSON objects, the specification's tags, file names, words about tests
or the program, rule ids."""


async def redrawn(world: World, person: Person, message, label: str | None = None, *, pick: str | None = None):
    """The rules message once a click on ◀/▶ (`label`) or a pick in the chapter select is answered."""
    edits = message.edits
    if pick is None:
        await person.click(message, label)
    else:
        select = select_of(message, "Go to a chapter")
        await person.select(message, option_values(select, pick), custom_id=select["custom_id"])
    await world.fake.wait_for(lambda: world.fake.find_message(message.id).edits > edits, timeout=10,
                              what="the rules page redrawn")
    return world.fake.find_message(message.id)


async def opened(world: World, person: Person, **options: str):
    """The answer to `/game rules` once drawn (it is deferred while its picture is drawn)."""
    record = await person.slash("game rules", **options)
    await world.fake.wait_for(lambda: not record.replies()[-1].loading, timeout=30, what="the rules page")
    return record.replies()[-1]


def heading(message) -> str:
    return message.content.split("\n")[0]


def player_pages(game: str) -> list[tuple[str, int, str]]:
    """(chapter, page number, text) of every page of the book but the generated *Advanced*."""
    return [(c.label, n, p.text) for c in book(game) if c.label != ADVANCED for n, p in enumerate(c.pages)]


async def test_the_catan_book_pages_through_to_the_end_with_its_pictures(world: World) -> None:
    """◀ ▶ walk the whole book; a page where the book places a picture carries it, with the renderer's alt text
    and the caption; a page without one carries none (the last picture does not linger)."""
    alice = world.person("alice")
    chapters = book("catan")
    message = await opened(world, alice, game="catan")
    assert message.ephemeral and message.visible_to == alice.user.id
    assert heading(message).startswith(f"**Catan** — 1. {chapters[0].label}")
    assert message.button("◀").get("disabled")
    seen = []
    for number, chapter in enumerate(chapters, 1):
        for n, page in enumerate(chapter.pages):
            if number > 1 or n:
                message = await redrawn(world, alice, message, "▶")
            where = f" · page {n + 1} of {len(chapter.pages)}" if len(chapter.pages) > 1 else ""
            assert heading(message) == f"**Catan** — {number}. {chapter.label}{where}"
            assert page.text in message.content
            if chapter.label == QUICK:
                [picture] = message.attachments
                assert picture.filename == "catan-quick.png" and "Road: 1 brick + 1 lumber" in picture.description
            elif page.picture is None:
                assert not message.attachments, heading(message)
            else:
                [picture] = message.attachments
                caption = examples("catan")[page.picture].shown()[1]
                assert message.pngs() and picture.description.endswith(caption)
                assert len(picture.description) > len(caption) + 20, "the renderer's own words come first"
                seen.append(page.picture)
    assert seen == written_book("catan").pictures() and message.button("▶").get("disabled")
    assert heading(message).startswith(f"**Catan** — {len(chapters)}. {ADVANCED}")
    message = await redrawn(world, alice, message, pick=chapters[1].label)
    assert heading(message).startswith(f"**Catan** — 2. {chapters[1].label}")
    assert [o["label"] for o in select_of(message, "Go to a chapter")["options"] if o.get("default")] == \
        [chapters[1].label]


async def test_rules_open_at_a_chapter_named_by_rule_id_number_or_word(world: World) -> None:
    alice = world.person("alice")
    chapters = book("catan")
    chapter, page = written_book("catan").place("CAT-12", PAGE) or (-1, -1)
    chapter += 1  # the quick card stands first
    word = chapters[2].label.split()[-1]
    for wanted, (number, n) in (("CAT-12", (chapter, page)), ("3", (2, 0)),
                                (word, next((i, 0) for i, c in enumerate(chapters) if word in c.label))):
        message = await opened(world, alice, game="catan", section=wanted)
        assert heading(message).startswith(f"**Catan** — {number + 1}. {chapters[number].label}"), wanted
        assert chapters[number].pages[n].text in message.content, wanted
    message = await opened(world, alice, game="catan", section="no such words")
    assert message.ephemeral and "No chapter of the Catan rules" in message.content
    choices = await alice.autocomplete("game rules", "section", "adv", game="catan")
    assert [c["name"] for c in choices] == [f"{len(chapters)}. {ADVANCED}"]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_page_is_for_players(game: str) -> None:
    """No code, JSON, tags, file names, words about tests or the program, or rule ids, on any page but the
    generated *Advanced: typing moves* (the one place, with `/play`'s help, that shows a move as JSON)."""
    found = [(chapter, n + 1, hit.group(0)) for chapter, n, text in player_pages(game)
             for hit in FORBIDDEN.finditer(text)]
    assert not found
    advanced = book(game)[-1]
    typed = "\n".join(page.text for page in advanced.pages)
    examples_shown = [json.loads(found) for found in re.findall(r"`(\{.*?\})`", typed)]
    assert advanced.label == ADVANCED and "/play" in typed and examples_shown
    assert all("type" in action for action in examples_shown), "each JSON shown is a move `/play` reads"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_book_fits_its_pages_and_discord(game: str) -> None:
    """At most 20 pages (card reference and table options included, the generated *Advanced* apart); one
    select holds the chapters; each page under its heading fits a message."""
    chapters = book(game)
    assert len([p for p in player_pages(game) if p[0] != QUICK]) <= MOST_PAGES
    assert len(chapters) <= SELECT_MAX
    assert all(c.label and len(c.label) <= 100 and len(c.about) <= 100 for c in chapters)
    assert all(0 < len(page.text) <= MESSAGE - 200 for c in chapters for page in c.pages)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_table_options_are_in_the_book(game: str) -> None:
    """Each option the game declares is named in the book, with each of its choices (but true and false)."""
    text = "\n".join(text for _, _, text in player_pages(game)).casefold()
    missing = [f"{o.name}={c}" for o in get_game(game).options for c in (o.name, *o.choices)
               if not isinstance(c, bool) and str(c).casefold() not in text]
    assert not missing


@pytest.mark.parametrize("game", SHIPPED)
def test_every_numbered_rule_is_taught_and_its_id_opens_the_passage(game: str) -> None:
    """Every rule id of the specification is named by a passage, and `section:<id>` opens the page where the
    first passage naming it begins; a passage names no id the specification lacks."""
    spec = [rule for section in rules(game).sections for rule in section.rules]
    written = written_book(game)
    taught = written.teaches()
    assert not set(spec) - set(taught), "rules no passage teaches"
    assert not set(taught) - set(spec), "ids no rule has"
    starts = {}  # each rule's first passage: the chapter and the text it begins with
    for number, chapter in enumerate(written.chapters):
        for offset, ids in chapter.passages:
            for rule in ids:
                starts.setdefault(rule, (number, chapter.text[offset:offset + 40].split("\n")[0]))
    for rule in spec:
        number, opening = starts[rule]
        chapter, page = find_section(game, rule.lower())
        assert chapter == number + 1 and opening in book(game)[chapter].pages[page].text, rule


@pytest.mark.parametrize("game", SHIPPED)
def test_each_book_shows_pictures_of_built_positions_with_alt_text(game: str) -> None:
    """At least three pictures, each a page of its own; each example builds the same position twice and is drawn
    with alt text (the renderer's words, then the caption) within Discord's limit."""
    written = written_book(game)
    names = written.pictures()
    assert len(names) >= 3 and len(set(names)) == len(names)
    shown = [p.picture for c in written.chapters for p in paged(c, PAGE) if p.picture]
    assert shown == names, "at most one picture a page"
    for name in names:
        example = examples(game)[name]
        _, caption, _ = example.shown()
        assert caption and example.build().to_dict() == example.build().to_dict(), name
        png, described = example_picture(game, name)
        assert png.startswith(b"\x89PNG") and described.endswith(caption), name
        assert len(caption) + 20 < len(described) <= DESCRIPTION_LIMIT, name


def test_the_typed_offer_names_no_seat_range_a_table_size_would_set() -> None:
    """Catan's *Advanced* said "a seat number (1–3)", wrong at four players: its words hold at any table size."""
    typed = "\n".join(page.text for page in book("catan")[-1].pages)
    assert '"to"' in typed and not re.search(r"\(1[–-]\d\)", typed)
