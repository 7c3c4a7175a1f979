"""A game's numbered rules (the specification) and its player's rulebook, in pieces a chat message can show.

Both ship with the package.  `games/<id>/rules.md` is the project's one copy of the numbered rules (the same
text as the shared rules folder): code and tests read it, players never see it.  `games/<id>/book.md` is what
players read with `/game rules`: chapters (second-level headings) of passages, each passage naming in an HTML
comment the numbered rules it teaches (`<!-- teaches: CAT-1 CAT-2 -->`), and example pictures named the same
way (`<!-- picture: robber -->`, a key of `EXAMPLES` in `games/<id>/examples.py`).  Comments are stripped
from what players see; `games/<id>/quick.md` is the book's quick card, one page shown first.  This module
parses them and splits a text into pages of a size the caller names (Discord: 4000 characters for a text display
or an embed description, 2000 for a plain message).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from games.core import Game

TEXT_DISPLAY = 4000
"""The most characters of a text display (or an embed's description): a page's default size."""
MESSAGE = 2000
"""The most characters of a plain message."""
LABEL = 100
"""The most characters of a select option's label or description."""

RULE_ID = re.compile(r"\*\*((?:CAT|COL|ROA)-[SR]?\d+)|\(((?:CAT|COL|ROA)-[SR]?\d+)\)\s*$")
"""A numbered rule where it is stated: in bold at its start ("**CAT-13**", "**ROA-S1 Grid.**"), or named at
the end of its section's heading ("## 3. Setup (COL-S1)")."""
SECTION_ID = re.compile(r"^([AB]\d+(?:\.\d+)*)\.?\s")
"""A section number of ROAM (A5.3) and Small Islands (B3.1), which number their rules by section."""
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
FENCE = "```"


@dataclass(frozen=True)
class Section:
    """One heading's own text (up to the next heading of any level)."""

    title: str
    """The heading as written, without its hashes: "Setup phase", "A5.3 Turn sequence for the active player P"."""
    rules: tuple[str, ...]
    """The rule ids stated here, in order: "CAT-10", "ROA-S4", or the section's number, "A5.3"."""
    text: str
    part_of: str = ""
    """The title of the enclosing section, for a sub-section ("A5. Digital rules spec (ROAM)"); else empty."""

    @property
    def label(self) -> str:
        """The title cut to 100 characters, the most a select option's label holds."""
        return self.title if len(self.title) <= LABEL else self.title[:LABEL - 1].rstrip() + "…"


@dataclass(frozen=True)
class Rulebook:
    """A parsed rules file: its title (the first-level heading), its sections in order, and its source text."""

    title: str
    sections: tuple[Section, ...]
    source: str

    def section(self, wanted: str) -> Section | None:
        """The section a player names: by its position from 1, a rule id it states ("CAT-12", "a5.3"), or a
        word of its title ("setup"); None when nothing matches."""
        wanted = wanted.strip()
        if wanted.isdigit():
            number = int(wanted)
            return self.sections[number - 1] if 1 <= number <= len(self.sections) else None
        folded = wanted.casefold()
        for section in self.sections:
            if any(rule.casefold() == folded for rule in section.rules):
                return section
        return next((s for s in self.sections if folded and folded in s.title.casefold()), None)


def parse(source: str) -> Rulebook:
    """Split a rules file at its headings.  The text before the first second-level heading is the
    "Introduction"; a heading with no text of its own before its first sub-heading ("## A5. Digital rules
    spec") stands as no section: its rule ids go to the next section, and its title is each sub-section's
    `part_of`."""
    title = ""
    sections: list[Section] = []
    heading, level, lines = "Introduction", 2, []
    chapter = ""
    pending: tuple[str, ...] = ()
    in_code = False

    def close() -> None:
        nonlocal pending
        body = "\n".join(lines).strip("\n")
        ids = pending + _heading_rules(heading) + _body_rules(body)
        if not body.strip():
            pending = ids
            return
        pending = ()
        sections.append(Section(heading, tuple(dict.fromkeys(ids)), body, chapter if level > 2 else ""))

    for line in source.splitlines():
        if line.startswith(FENCE):
            in_code = not in_code
        found = None if in_code else HEADING.match(line)
        if found is None:
            lines.append(line)
            continue
        if len(found.group(1)) == 1 and not title:
            title = found.group(2)
            continue
        close()
        heading, level, lines = found.group(2), len(found.group(1)), []
        if level <= 2:
            chapter = heading
    close()
    return Rulebook(title, tuple(sections), source)


def _heading_rules(title: str) -> tuple[str, ...]:
    number = SECTION_ID.match(title)
    stated = [m.group(2) for m in RULE_ID.finditer(title) if m.group(2)]
    return ((number.group(1),) if number else ()) + tuple(stated)


def _body_rules(body: str) -> tuple[str, ...]:
    return tuple(m.group(1) for m in RULE_ID.finditer(body) if m.group(1))


def pages(text: str, size: int = TEXT_DISPLAY) -> list[str]:
    """`text` in pages of at most `size` characters, broken between paragraphs where it can, else between
    lines, else between words; a code block broken over pages is closed and reopened on each."""
    if size < 40:
        raise ValueError(f"a page of {size} characters cannot hold a fenced code block")
    out: list[str] = []
    page = ""
    for block, code in _blocks(text):
        for piece in _pieces(block, code, size):
            joined = f"{page}\n\n{piece}" if page else piece
            if len(joined) <= size:
                page = joined
            else:
                out.append(page)
                page = piece
    if page or not out:
        out.append(page)
    return out


def _blocks(text: str) -> list[tuple[str, bool]]:
    """Paragraphs, with each fenced code block (fences included) as one paragraph marked as code."""
    blocks: list[tuple[str, bool]] = []
    lines: list[str] = []
    in_code = False
    for line in text.splitlines():
        if line.startswith(FENCE):
            if in_code:
                lines.append(line)
                blocks.append(("\n".join(lines), True))
                lines, in_code = [], False
                continue
            if lines:
                blocks.append(("\n".join(lines), False))
            lines, in_code = [line], True
        elif not in_code and not line.strip():
            if lines:
                blocks.append(("\n".join(lines), False))
            lines = []
        else:
            lines.append(line)
    if lines:
        blocks.append(("\n".join(lines), in_code))
    return blocks


def _pieces(block: str, code: bool, size: int) -> list[str]:
    """A paragraph cut to pieces of at most `size` characters (a code block's pieces each fenced)."""
    if len(block) <= size:
        return [block]
    lines = block.splitlines()
    room, opening = size, lines[0]
    if code:
        lines = [ln for ln in lines if not ln.startswith(FENCE)]
        room = size - len(opening) - len(FENCE) - 2
    pieces = _pack((part for line in lines for part in _words(line, room)), "\n", room)
    return [f"{opening}\n{p}\n{FENCE}" for p in pieces] if code else pieces


def _words(line: str, room: int) -> list[str]:
    """A line cut between words into parts of at most `room` characters (a word longer than that is cut)."""
    chunks = (word[i:i + room] for word in line.split(" ") for i in range(0, max(len(word), 1), room))
    return _pack(chunks, " ", room)


def _pack(items: Iterable[str], sep: str, room: int) -> list[str]:
    """Items, none longer than `room`, joined by `sep` into as few parts of at most `room` characters as
    their order allows (the lines of a page, the words of a line)."""
    parts: list[str] = []
    part = ""
    for item in items:
        joined = f"{part}{sep}{item}" if part else item
        if len(joined) <= room:
            part = joined
        else:
            parts.append(part)
            part = item
    parts.append(part)
    return parts


@cache
def rules(game_id: str) -> Rulebook:
    """The numbered rules of a game (`games/<id>/rules.md`), parsed once."""
    return parse(_packaged(game_id, "rules.md"))


@dataclass(frozen=True)
class Example:
    """A picture of the player's rulebook: a position built in code, shown as one seat (or the public) sees it.
    A caption or close-up that names a fact of the position (a hex, a number, who holds what) is said of the
    built position by a function, so that it cannot drift from what the engine builds."""
    build: Callable[[], Game]
    seat: int | None = None      # None: the public board; a seat: that seat's private picture (hand, objectives)
    caption: str | Callable[[Game], str] = ""  # one or two sentences shown under the picture (and added to its
    #                                            alt text), or the function that says them of the position
    area: str | Callable[[Game], str] | None = None  # optional: draw the close-up of this area instead

    def shown(self) -> tuple[Game, str, str | None]:
        """The position built, its caption, and the area drawn close up (None: the whole picture)."""
        game = self.build()
        caption = self.caption(game) if callable(self.caption) else self.caption
        return game, caption, self.area(game) if callable(self.area) else self.area


COMMENT = re.compile(r"<!--(.*?)-->", re.S)
DIRECTIVE = re.compile(r"\x00(teaches|picture)\x00(.*?)\x00", re.S)
"""A `teaches:` or `picture:` comment once `_marked` has put it in a form no text holds."""
HIDDEN = "\x01"
"""Where any other comment stood: a line holding nothing else is dropped."""


@dataclass(frozen=True)
class Page:
    """One page of a chapter as `/game rules` shows it: its text, the example picture shown with it (the first
    `picture:` standing on it), and the rules whose passages begin on it."""

    text: str
    picture: str | None = None
    teaches: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chapter:
    """A second-level heading of a book and its text as players read it (comments stripped, sub-headings as
    bold lines), with where each passage and picture stands in that text (character offsets)."""

    title: str
    text: str
    passages: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """(offset, rule ids) of each passage, in order."""
    pictures: tuple[tuple[int, str], ...] = ()
    """(offset, example name) of each picture, in order."""

    @property
    def label(self) -> str:
        """The title cut to 100 characters, the most a select option's label holds."""
        return self.title if len(self.title) <= LABEL else self.title[:LABEL - 1].rstrip() + "…"


@dataclass(frozen=True)
class Book:
    """A game's player's rulebook: its title (the first-level heading) and its chapters in order."""

    title: str
    chapters: tuple[Chapter, ...]

    def teaches(self) -> list[str]:
        """Every rule id some passage names, in the order of the book."""
        return [rule for chapter in self.chapters for _, ids in chapter.passages for rule in ids]

    def pictures(self) -> list[str]:
        return [name for chapter in self.chapters for _, name in chapter.pictures]

    def place(self, rule: str, size: int = TEXT_DISPLAY) -> tuple[int, int] | None:
        """The chapter and page (from 0) where the first passage teaching `rule` begins; None if none does."""
        folded = rule.strip().casefold()
        for number, chapter in enumerate(self.chapters):
            for page_number, page in enumerate(paged(chapter, size)):
                if any(taught.casefold() == folded for taught in page.teaches):
                    return number, page_number
        return None


def parse_book(source: str) -> Book:
    """A book's chapters: text before the first chapter stands as an "Introduction"; a `teaches:` comment starts
    a passage and a `picture:` comment places a picture where it stands; every other comment is dropped."""
    title = ""
    chapters: list[Chapter] = []
    heading, length = "Introduction", 0
    lines: list[str] = []
    passages: list[tuple[int, tuple[str, ...]]] = []
    pictures: list[tuple[int, str]] = []

    def close() -> None:
        text = "\n".join(lines).strip()
        if text or passages or pictures:
            chapters.append(Chapter(heading, text, tuple(passages), tuple(pictures)))

    for line in _marked(source).splitlines():
        for kind, said in DIRECTIVE.findall(line):
            if kind == "teaches":
                passages.append((length, tuple(said.split())))
            else:
                pictures.append((length, said.strip()))
        hid = HIDDEN in line or DIRECTIVE.search(line) is not None
        line = DIRECTIVE.sub("", line).replace(HIDDEN, "")
        found = HEADING.match(line)
        if found and len(found.group(1)) == 1 and not title:
            title = found.group(2)
            continue
        if found and len(found.group(1)) == 2:
            close()
            heading, lines, length, passages, pictures = found.group(2), [], 0, [], []
            continue
        if found:
            line = f"**{found.group(2)}**"
        if not line.strip() and (hid or not lines or not lines[-1].strip()):
            continue
        lines.append(line.rstrip())
        length += len(lines[-1]) + 1
    close()
    return Book(title, tuple(chapters))


def _marked(source: str) -> str:
    """The source with each `teaches:`/`picture:` comment turned into a `DIRECTIVE` and every other comment
    into `HIDDEN`."""
    def mark(found: re.Match[str]) -> str:
        said = re.match(r"\s*(teaches|picture):(.*)", found.group(1), re.S)
        return f"\x00{said.group(1)}\x00{said.group(2).strip()}\x00" if said else HIDDEN
    return COMMENT.sub(mark, source)


@cache
def paged(chapter: Chapter, size: int = TEXT_DISPLAY) -> tuple[Page, ...]:
    """A chapter in pages of at most `size` characters, each with its picture and the rules taught on it."""
    cut = pages(chapter.text, size)
    starts, at = [], 0
    for page in cut:  # each page is a stretch of the text, in order, with only the breaks between them dropped
        found = chapter.text.find(page[:40], at)
        starts.append(found if found >= 0 else at)
        at = starts[-1] + len(page)

    def on(offset: int) -> int:
        return max((n for n, start in enumerate(starts) if start <= offset), default=0)

    return tuple(Page(text, next((name for at, name in chapter.pictures if on(at) == n), None),
                      tuple(rule for at, ids in chapter.passages if on(at) == n for rule in ids))
                 for n, text in enumerate(cut))


@cache
def book(game_id: str) -> Book:
    """A game's player's rulebook (`games/<id>/book.md`), parsed once."""
    return parse_book(_packaged(game_id, "book.md"))


@cache
def quick(game_id: str) -> str:
    """A game's quick card (`games/<id>/quick.md`): the turn, the costs, the score and the end on one page, to
    keep beside the board; a first-level heading, then bold headings over numbered steps, bullets and lines."""
    return _packaged(game_id, "quick.md").strip()


@cache
def examples(game_id: str) -> dict[str, Example]:
    """The positions behind a book's pictures (`EXAMPLES` of `games/<id>/examples.py`), by the names the book
    gives them."""
    if not re.fullmatch(r"[a-z_]+", game_id):
        raise KeyError(game_id)
    found: dict[str, Example] = importlib.import_module(f"games.{game_id}.examples").EXAMPLES
    return found


def _packaged(game_id: str, name: str) -> str:
    if not re.fullmatch(r"[a-z_]+", game_id):
        raise KeyError(game_id)
    return resources.files(f"games.{game_id}").joinpath(name).read_text("utf-8")
