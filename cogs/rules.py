"""`/game rules game: [section]`: a game's player's rulebook, privately, in pages, with its example pictures.

The book is `games/<id>/book.md` chapter by chapter (`games.rulebook.book`), then the table options when the book
has no chapter of its own on them (`cogs.words.options_lines`, from the game's declared options), then one
generated chapter, *Advanced: typing moves*, the JSON form of `/play` (`cogs.layout.typed.typing_help`). Before
them all stands the game's quick card (`games/<id>/quick.md`, drawn by `renderers.quick`): the first page a player
opens, the one to keep beside the board.
◀ ▶ step through the pages of the whole book and a select jumps to a chapter; both carry the game, the chapter
and the page in their custom ids, so the controls work after a restart and nothing lives in memory. A page
where the book places a picture shows it, drawn off the event loop once per game and picture (an example's
position is built the same every time). No game id: the rules of a game are the same everywhere, so these items
skip the base's place check.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from functools import cache

import discord

from bot.bounded import bounded
from bot.errors import Refused
from bot.pictures import png_file
from cogs import ids
from cogs.items import GameItem, Interaction, JumpItem, arrow, picked
from cogs.layout.moves import TEXT_LIMIT, clip
from cogs.layout.typed import typing_help
from cogs.words import echo, options_lines
from games.core import get_game
from games.rulebook import MESSAGE, Page, examples, paged, pages, quick
from games.rulebook import book as written_book
from renderers import render_area, render_board, render_private
from renderers.quick import card
from renderers.text import DESCRIPTION_LIMIT, alt_text
from renderers.text import clip as cut

PAGE = MESSAGE - 200
"""A page's text, leaving room in the message for its heading line."""
ADVANCED = "Advanced: typing moves"
QUICK = "Quick card"
OPTIONS = "Table options"


@dataclass(frozen=True)
class Chapter:
    """One chapter of the book as the select lists it and the pages show it."""

    label: str
    about: str
    pages: tuple[Page, ...]


@cache
def book(game: str) -> tuple[Chapter, ...]:
    """The quick card, the written chapters, the table options where the book says nothing of them, and
    *Advanced*."""
    cls = get_game(game)
    chapters = [Chapter(QUICK, "The turn, the costs, the score and the end on one page", _paged(quick_body(game)))]
    chapters += [Chapter(c.label, _about(c.text), paged(c, PAGE)) for c in written_book(game).chapters]
    if cls.options and not any("option" in c.label.casefold() for c in chapters):
        first = cls.options[0]
        other = next((c for c in first.choices if c != first.default), first.default)
        said = "\n\n".join([f"Chosen by whoever opens a table, e.g. `/game new game:{game} "
                            f"options:{first.name}={other}`. Each option, its choices and its default:",
                            "\n".join(options_lines(game))])
        chapters.append(Chapter(OPTIONS, "What /game new options: changes", _paged(said)))
    chapters.append(Chapter(ADVANCED, "The typed form of /play, for those who type their moves",
                            _paged(typing_help(game))))
    return tuple(chapters)


def quick_body(game: str) -> str:
    """The quick card as its page shows it: under the page's own heading, so without the card's title."""
    return quick(game).split("\n", 1)[1].strip()


def _paged(text: str) -> tuple[Page, ...]:
    return tuple(Page(p) for p in pages(text, PAGE))


def _about(text: str) -> str:
    """A chapter's first sentence, plain, as its select option's description (cut at a word to fit)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    plain = re.sub(r"^(?:- |\d+\. )", "", first.replace("**", "").replace("*", "").strip())
    return cut(re.split(r"(?<=[.!?])\s", plain)[0], TEXT_LIMIT)


def find_section(game: str, wanted: str | None) -> tuple[int, int]:
    """The chapter and page a player names: nothing for the first page (the quick card); a chapter's number (from
    1, as the headings number them); a rule id
    (the page where the passage teaching it begins); or a word of a chapter's title."""
    chapters = book(game)
    wanted = (wanted or "").strip()
    if not wanted:
        return 0, 0
    if wanted.isdigit() and 1 <= int(wanted) <= len(chapters):
        return int(wanted) - 1, 0
    if (taught := written_book(game).place(wanted, PAGE)) is not None:
        return taught[0] + 1, taught[1]  # the quick card stands before the book's first chapter
    folded = wanted.casefold()
    found = next((n for n, c in enumerate(chapters) if folded in c.label.casefold()), None)
    if found is None:
        raise Refused(f"No chapter of the {get_game(game).title} rules is called {echo(wanted)}: leave it out to "
                      "start at the beginning, or give a chapter's number, a word of its title or a rule id.",
                      "no_such_section")
    return found, 0


def rules_text(game: str, section: int, page: int) -> tuple[str, Page]:
    """One page of the book as the message shows it, under its heading; `BadId` for a place the book lacks."""
    chapters = book(game)
    if not (0 <= section < len(chapters) and 0 <= page < len(chapters[section].pages)):
        raise ids.BadId(f"{game}:{section}:{page}")
    chapter = chapters[section]
    count = len(chapter.pages)
    where = f" · page {page + 1} of {count}" if count > 1 else ""
    shown = chapter.pages[page]
    return f"**{get_game(game).title}** — {section + 1}. {chapter.label}{where}\n\n{shown.text}", shown


def rules_view(game: str, section: int, page: int) -> discord.ui.View:
    """◀ ▶ over the pages of the whole book, and the chapter select."""
    chapters = book(game)
    count = len(chapters[section].pages)
    previous = ((section, page - 1) if page else (section - 1, len(chapters[section - 1].pages) - 1) if section
                else None)
    following = ((section, page + 1) if page + 1 < count else (section + 1, 0) if section + 1 < len(chapters)
                 else None)
    view = discord.ui.View(timeout=None)
    view.add_item(RulesStep(game, *(previous or (section, page)), "prev", disabled=previous is None))
    view.add_item(RulesStep(game, *(following or (section, page)), "next", disabled=following is None))
    options = [discord.SelectOption(label=c.label, value=str(i), default=i == section,
                                    description=c.about or None) for i, c in enumerate(chapters)]
    view.add_item(RulesJump(game=game, options=options))
    return view


@cache
def example_picture(game: str, name: str) -> tuple[bytes, str]:
    """An example's PNG, drawn as the board or hand of its position is (with the places the player to move may
    pick), and its alt text: the renderer's words for that view, then the caption, within Discord's limit."""
    example = examples(game)[name]
    engine, caption, area = example.shown()
    view = engine.view(example.seat)
    seat = engine.current_seat()
    choices = engine.legal_actions(seat) if seat is not None and example.seat in (None, seat) else []
    if area is not None:
        drawn = render_area(game, view, area, choices)
    elif example.seat is not None:
        drawn = render_private(game, view)
    else:
        drawn = render_board(game, view, choices)
    if drawn is None:
        raise LookupError(f"{game} draws no picture for the example {name!r}")
    room = DESCRIPTION_LIMIT - len(caption) - 1
    said = alt_text(game, view, "board" if example.seat is None else "hand")
    return drawn, f"{clip(said, room)} {caption}".strip()


def quick_alt(game: str) -> str:
    """The quick card picture's alt text: its own words, as one line, within Discord's limit."""
    return cut(" ".join(quick(game).replace("**", "").replace("# ", "").split()), DESCRIPTION_LIMIT)


async def rules_message(game: str, section: int, page: int) -> tuple[str, discord.ui.View, list[discord.File]]:
    """A page of the book: its text, its controls, and its picture if it has one."""
    content, shown = rules_text(game, section, page)
    files = []
    if book(game)[section].label == QUICK:
        files.append(png_file(await asyncio.to_thread(card, game), f"{game}-quick.png", quick_alt(game)))
    elif shown.picture is not None:
        data, described = await asyncio.to_thread(example_picture, game, shown.picture)
        files.append(png_file(data, f"{game}-{shown.picture}.png", described))
    return content, rules_view(game, section, page), files


async def show_page(interaction: Interaction, game: str, section: int, page: int) -> None:
    """Redraw the clicked rules message at another page, its picture replacing the last (or none). A page the
    book does not have (a forged id) is refused before anything is said, so the refusal is the reply."""
    rules_text(game, section, page)
    await interaction.response.defer()  # a picture may take a moment to draw
    content, view, files = await rules_message(game, section, page)
    await interaction.edit_original_response(**bounded(content=content, view=view, attachments=files))


class RulesStep(GameItem[discord.ui.Button], form=ids.RULES_STEP):
    """◀ or ▶: the chapter and page it leads to are in its custom id."""

    checks_place = False

    def __init__(self, game: str, section: int, page: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(arrow(direction, self.form.format(game=game, section=section, page=page,
                                                           direction=direction), disabled=disabled))
        self.game, self.section, self.page = game, section, page

    async def run(self, interaction: Interaction) -> None:
        await show_page(interaction, self.game, self.section, self.page)


class RulesJump(JumpItem, form=ids.RULES_JUMP):
    """Jump to the first page of a chapter."""

    placeholder = "Go to a chapter…"
    game: str

    async def run(self, interaction: Interaction) -> None:
        await show_page(interaction, self.game, picked(interaction, "section"), 0)
