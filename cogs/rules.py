"""`/game rules game: [section]`: a game's *How to play*, then its full numbered rules, privately, in pages.

The book a player pages through is the *How to play* (with the table options) as section 0, then each
section of the numbered rules in order, so that "section 3" of the command is the rules' third section.
◀ ▶ step through the pages of the whole book and a select jumps to a section; both carry the game, the
section and the page in their custom ids, so the controls work after a restart and nothing lives in memory.
No game id: the rules of a game are the same everywhere, so these items skip the base's place check.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import discord

from bot.errors import Refused
from bot.limits import OPTIONS, bounded
from cogs import ids
from cogs.items import GameItem, Interaction, JumpItem, arrow, picked
from cogs.layout.moves import TEXT_LIMIT, clip
from cogs.words import echo, options_lines
from games.core import get_game
from games.rulebook import MESSAGE, how_to_play, pages, rules

PAGE = MESSAGE - 200
"""A page's text, leaving room in the message for its heading line."""
HOW = "How to play"
SELECT_MAX = OPTIONS
"""The most options a select holds: every game's book has fewer sections (a test checks it)."""


@dataclass(frozen=True)
class Chapter:
    """One section of the book as the select lists it and the pages show it."""

    label: str
    about: str
    pages: tuple[str, ...]


@cache
def book(game: str) -> tuple[Chapter, ...]:
    """The *How to play* and the table options, then every section of the numbered rules."""
    cls = get_game(game)
    how = "\n\n".join([*(f"**{s.title}**\n{s.text}" for s in how_to_play(game).sections),
                       *(["**Table options** (`/game new options:`)", *options_lines(game)] if cls.options else [])])
    chapters = [Chapter(HOW, f"{cls.title} in short: the goal, a turn, how to win, the picture",
                        tuple(pages(how, PAGE)))]
    for section in rules(game).sections:
        about = section.part_of or ", ".join(section.rules)
        chapters.append(Chapter(section.label, clip(about, TEXT_LIMIT), tuple(pages(section.text, PAGE))))
    return tuple(chapters)


def find_section(game: str, wanted: str | None) -> int:
    """The section a player names: nothing or "how" for the *How to play*, else as `Rulebook.section` reads
    it (its number, a rule id it states, a word of its title)."""
    if not wanted or wanted.strip().casefold() in ("0", "how", HOW.casefold()):
        return 0
    found = rules(game).section(wanted)
    if found is None:
        raise Refused(f"No section of the {get_game(game).title} rules is called {echo(wanted)}: leave it out for "
                      "How to play, or give a section's number, a rule id or a word of its title.",
                      "no_such_section")
    return rules(game).sections.index(found) + 1


def rules_message(game: str, section: int, page: int) -> tuple[str, discord.ui.View]:
    """One page of the book with its controls; `BadId` for a section or page the book does not have."""
    chapters = book(game)
    if not (0 <= section < len(chapters) and 0 <= page < len(chapters[section].pages)):
        raise ids.BadId(f"{game}:{section}:{page}")
    chapter = chapters[section]
    count = len(chapter.pages)
    where = f" · page {page + 1} of {count}" if count > 1 else ""
    number = f"{section}. " if section else ""
    content = f"**{get_game(game).title}** — {number}{chapter.label}{where}\n\n{chapter.pages[page]}"
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
    return content, view


class RulesStep(GameItem[discord.ui.Button], form=ids.RULES_STEP):
    """◀ or ▶: the section and page it leads to are in its custom id."""

    checks_place = False

    def __init__(self, game: str, section: int, page: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(arrow(direction, self.form.format(game=game, section=section, page=page,
                                                           direction=direction), disabled=disabled))
        self.game, self.section, self.page = game, section, page

    async def run(self, interaction: Interaction) -> None:
        content, view = rules_message(self.game, self.section, self.page)
        await interaction.response.edit_message(**bounded(content=content, view=view))


class RulesJump(JumpItem, form=ids.RULES_JUMP):
    """Jump to the first page of a section."""

    placeholder = "Go to a section…"
    game: str

    async def run(self, interaction: Interaction) -> None:
        content, view = rules_message(self.game, picked(interaction, "section"), 0)
        await interaction.response.edit_message(**bounded(content=content, view=view))
