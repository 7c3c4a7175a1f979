"""The numbered rules ship with the package and page into Discord-sized pieces (issue 27, item 3); a player's
rulebook parses into chapters of passages and pictures, comments hidden (issue 35, item 1)."""

from __future__ import annotations

import pathlib
import re
from typing import NamedTuple

import pytest

from games.rulebook import MESSAGE, TEXT_DISPLAY, Page, book, examples, paged, pages, parse, parse_book, rules
from games.small_islands import data as islands
from games.small_islands.names import cell_name
from games.small_islands.tiles import cell_of

SHARED = pathlib.Path("/work/shared/rules")
GAMES = ["catan", "colonies", "roam", "roanoke", "small_islands"]
STATED = re.compile(r"\b(CAT-\d+|COL-[SR]\d+|ROA-[SR]\d+)\b")
"""Every rule id the rules files mention (the pattern of the shared rule_coverage tool)."""
NUMBERED = re.compile(r"^#+ ([AB]\d+(?:\.\d+)*)\.? ", re.M)
"""ROAM's and Small Islands' numbered sections (A5.3, B3.1)."""


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_of_the_rules_is_in_a_section(game: str) -> None:
    book = rules(game)
    ids = set(STATED.findall(book.source)) | set(NUMBERED.findall(book.source))
    assert ids, "each rules file numbers its rules"
    found = [rule for section in book.sections for rule in section.rules]
    assert ids <= set(found)
    assert len(found) == len(set(found)), "each rule is stated in one section"
    for rule in sorted(ids):
        assert book.section(rule) is not None and rule in book.section(rule).rules


@pytest.mark.parametrize("game", GAMES)
def test_sections_fit_a_select_and_their_pages_fit_discord(game: str) -> None:
    book = rules(game)
    assert 1 < len(book.sections) <= 25  # one select menu holds 25 options
    for section in book.sections:
        assert section.text.strip() and len(section.label) <= 100 and len(section.part_of) <= 100
        for size in (TEXT_DISPLAY, MESSAGE):
            cut = pages(section.text, size)
            assert all(0 < len(page) <= size for page in cut)
            assert _letters(cut) == _letters([section.text])  # nothing lost, nothing added but fences


def _letters(texts: list[str]) -> str:
    return "".join(re.sub(r"```\w*|\s", "", t) for t in texts)


def test_a_code_block_cut_over_pages_is_fenced_on_each() -> None:
    text = "Intro line.\n\n```json\n" + "\n".join(f"line {i} " + "x" * 40 for i in range(60)) + "\n```\n\nAfter."
    cut = pages(text, 500)
    assert len(cut) > 3
    fenced = [p for p in cut if "line " in p]
    assert all(p.count("```") % 2 == 0 and p.count("```") >= 2 for p in fenced)
    assert all(len(p) <= 500 for p in cut)
    assert all(p.startswith("```json") for p in fenced[1:])


def test_a_word_longer_than_a_page_is_cut() -> None:
    assert pages("a " + "y" * 130, 50) == ["a", "y" * 50, "y" * 50, "y" * 30]


def test_sections_are_found_by_number_rule_or_title() -> None:
    book = parse("# T\n\nIntro.\n\n## 1. Setup (COL-S1)\n\nPut.\n\n## A5. Spec\n\n### A5.1 State\n\n**CAT-3** x.\n")
    assert [s.title for s in book.sections] == ["Introduction", "1. Setup (COL-S1)", "A5.1 State"]
    assert book.sections[2].rules == ("A5", "A5.1", "CAT-3") and book.sections[2].part_of == "A5. Spec"
    assert book.section("2") is book.section("col-s1") is book.section("setup") is book.sections[1]
    assert book.section("cat-3") is book.sections[2]
    assert parse("## " + "w " * 80 + "\n\nx").sections[0].label == ("w " * 50)[:99].rstrip() + "…"
    assert book.section("9") is None and book.section("nothing like it") is None


@pytest.mark.parametrize("game", GAMES)
def test_packaged_rules_are_the_shared_rules(game: str) -> None:
    shared = SHARED / f"{game}.md"
    if not shared.is_file():
        pytest.skip("the shared rules folder is not on this machine")
    assert rules(game).source == shared.read_text(encoding="utf-8")


BOOK = """# Game — how to play
## The game
<!-- teaches: CAT-1 CAT-2 -->
First passage, <!-- a writer's note --> said plainly.
<!-- a note
over two lines -->
Still the first passage.

### A ruling
<!-- picture: start -->
<!-- teaches: CAT-3 -->
Can I? No.
## Long
<!-- teaches: CAT-4 -->
""" + "word " * 400 + """

<!-- teaches: CAT-5 -->
The end.

<!-- picture: end -->
"""


def test_a_book_is_chapters_of_passages_and_pictures_with_comments_hidden() -> None:
    book = parse_book(BOOK)
    assert book.title == "Game — how to play" and [c.title for c in book.chapters] == ["The game", "Long"]
    first = book.chapters[0]
    assert first.text == ("First passage,  said plainly.\nStill the first passage.\n\n**A ruling**\nCan I? No.")
    assert "<!--" not in first.text and "note" not in first.text
    assert [ids for _, ids in first.passages] == [("CAT-1", "CAT-2"), ("CAT-3",)]
    assert first.text[first.passages[1][0]:].startswith("Can I?"), "a passage begins where its comment stands"
    assert book.teaches() == ["CAT-1", "CAT-2", "CAT-3", "CAT-4", "CAT-5"] and book.pictures() == ["start", "end"]
    assert paged(first, 500) == (Page(first.text, "start", ("CAT-1", "CAT-2", "CAT-3")),)


def test_a_rule_opens_the_page_where_its_passage_begins() -> None:
    book = parse_book(BOOK)
    long = paged(book.chapters[1], 1000)
    assert len(long) == 3 and all(len(p.text) <= 1000 for p in long)
    assert [(p.picture, p.teaches) for p in long] == [(None, ("CAT-4",)), (None, ()), ("end", ("CAT-5",))]
    assert long[2].text.endswith("The end.")
    assert book.place("cat-5", 1000) == (1, 2) and book.place("CAT-3", 1000) == (0, 0)
    assert book.place("CAT-6", 1000) is None


PLAYER_WORDS = (
    (re.compile(r"\bSeats? \d"), "a player is named by their colour or name, not by a seat number"),
    (re.compile(r"^\d+\. to \d+\.|\*\* and \d+\. \*\*", re.M), "the turn's steps are numbered for players, not "
                                                                "by the specification's step numbers"),
    (re.compile(r"\b1 (?:chits|points|cards|coins|markers|houses|workers)\b|\b(?:[02-9]|\d\d+) (?:chit|point)\b"),
     "a count agrees with its noun"),
)


@pytest.mark.parametrize("game", GAMES)
def test_a_book_speaks_a_players_words(game: str) -> None:
    """Issue 44, item 7: no "Seat 2", no spec step numbers ("5. to 9."), no "1 chits", in the book or its
    pictures' captions; no snake_case name (a shape's or an option's id) but in the chapter on table options."""
    written = book(game)
    captions = [example.shown()[1] for example in examples(game).values()]
    for said in [chapter.text for chapter in written.chapters] + captions:
        for pattern, why in PLAYER_WORDS:
            assert not pattern.search(said), f"{why}: {pattern.search(said).group(0)!r}"  # type: ignore[union-attr]
    for chapter in written.chapters:
        if "option" not in chapter.title.casefold():
            assert not re.findall(r"\b[a-z]+_[a-z_]+\b", chapter.text), chapter.title


DEFINED = {"roanoke": ("super-road", "link class")}
"""Words a book defines in bold in one passage: none is used before it."""


@pytest.mark.parametrize(("game", "word"), [(g, w) for g, words in DEFINED.items() for w in words])
def test_a_word_is_defined_before_it_is_used(game: str, word: str) -> None:
    text = "\n".join(chapter.text for chapter in book(game).chapters).casefold()
    assert text.find(word) == text.find(f"**{word}**") + 2, f"{word!r} is used before its definition"


def test_roanokes_season_checks_which_eliminate_are_taught_before_the_market() -> None:
    """ROA-S31: a season check eliminates, so a newcomer reads of it among the first chapters."""
    chapter, _ = book("roanoke").place("ROA-S31") or (99, 0)
    titles = [c.title for c in book("roanoke").chapters]
    assert chapter < titles.index("The market") and chapter <= 4


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_step_by_step_ends_once(game: str) -> None:
    """ROAM's turn ended in steps 5 and 7: a turn's list of steps names **End turn** at most once."""
    for chapter in book(game).chapters:
        steps = "\n".join(line for line in chapter.text.splitlines() if re.match(r"\d+\. ", line))
        assert steps.count("**End turn**") <= 1, chapter.title


def test_catan_teaches_picking_a_place_hex_then_close_up_where_the_first_move_is_taught() -> None:
    """The first move (a setup settlement, CAT-11) is picked in two steps: the book says how on that page."""
    written = book("catan")
    chapter, _ = written.place("CAT-11") or (99, 0)
    assert "close up" in written.chapters[chapter].text and written.chapters[chapter].title == "Setup"


CELL_NAME = re.compile(r"\b[A-Z]{1,2}[1-9]\d?\b")
"""A Small Islands cell name as the book writes it ("C4", "E10"); ids (T09, O07, D12, RW08) are told apart below."""
REFERRED = re.compile(r"the picture of \*([^*]+)\*")
"""A paragraph that reads another chapter's picture: "(the picture of *Exploring*)"."""


class IslandsMap(NamedTuple):
    """What one picture of the Small Islands book shows of its map, named as that map names cells."""

    names: set[str]
    """Every cell of the map: the tiles and the free ring around them."""
    start: str
    """The starting island, "B2 to C3": its north-west and south-east cells."""
    public: bool


def _small_islands_maps() -> dict[str, IslandsMap]:
    """Each picture's map, its cells named by names.cell_name over the example's grid."""
    maps = {}
    for name, example in examples("small_islands").items():
        grid = example.build().s["grid"]
        xs, ys = zip(*(cell_of(key) for key in grid), strict=True)
        shown = {cell_name(x, y, grid) for x in range(min(xs) - 1, max(xs) + 2)
                 for y in range(min(ys) - 1, max(ys) + 2)}
        maps[name] = IslandsMap(shown, f"{cell_name(0, 0, grid)} to {cell_name(1, 1, grid)}", example.seat is None)
    return maps


IDS = {*islands.LANDSCAPE, *islands.STARTING, *islands.DISCOVERY, *islands.MISSIONS, *islands.REWARDS,
       *islands.OBJECTIVES}
"""Small Islands' tile, token and card ids, which look like cell names ("T10", "D12", "O12")."""


def test_small_islands_book_names_only_cells_its_pictures_show() -> None:
    """Issue 44, item 7: the book said "B2", then "D2 to E3", of pictures whose maps named cells otherwise. Each
    cell a paragraph names is a cell of the picture it reads: the one it refers to ("the picture of
    *Exploring*"), else its chapter's own."""
    maps = _small_islands_maps()
    chapters = book("small_islands").chapters
    own = {chapter.title: chapter.pictures[0][1] for chapter in chapters if chapter.pictures}
    checked = 0
    for chapter in chapters:
        for paragraph in chapter.text.split("\n\n"):
            referred = REFERRED.search(paragraph)
            picture = (next(own[t] for t in own if t.startswith(referred.group(1))) if referred
                       else own.get(chapter.title))
            if picture is None:
                continue
            for cell in set(CELL_NAME.findall(paragraph)) - IDS:
                checked += 1
                assert cell in maps[picture].names, f"{chapter.title}: {cell} is no cell of the {picture} picture"
    assert checked >= 10


def test_small_islands_book_says_when_a_pictures_names_moved() -> None:
    """A map that grew west or north renames its cells (by design): where one public picture's map names the
    starting island otherwise than the picture before, the chapter beside it says both names."""
    maps = _small_islands_maps()
    before: str | None = None
    for chapter in book("small_islands").chapters:
        for _, picture in chapter.pictures:
            if not maps[picture].public:
                continue
            now = maps[picture].start
            if before is not None and now != before:
                assert before in chapter.text and now in chapter.text, (
                    f"{chapter.title}: the starting island was {before}, is {now}: say so")
            before = now
