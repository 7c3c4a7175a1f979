"""Who the seats are, for one reader of one message: the names a narrator, a caption or a score strip uses.

Engines know seats by number; people know each other by name. The runtime builds a `Cast` from the seats it
stores (a person's server name, an AI seat's own name and level) and hands it to whatever writes about the
seats: the narrators (`renderers.narrator`), the words beside a picture (`renderers.text`) and the pictures'
score strips. Text written to one person is read by that person (`reader`): they are "you" there.

A name is someone's typed text. `Player.name` arrives here already made inert for where it is shown (the runtime
escapes it for Discord's markdown: `bot.names`); a cast only clips and never lets it open a mention.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.colours import colour_of
from games.grammar import verb

AI_NAMES: tuple[str, ...] = ("Ada", "Basil", "Cleo", "Dorian", "Edith", "Felix")
"""An AI seat's own name, by seat: short, easy to tell apart, the same all game (seat 3 is always Cleo)."""


@dataclass(frozen=True)
class Player:
    """One seat as people know it: `name` ("alice", or an AI's "Cleo"), its colour, and the AI's level (None for
    a person)."""

    name: str
    colour: str
    level: str | None = None

    @property
    def full(self) -> str:
        """"alice (red)", "Cleo (AI hard, yellow)": the name with what tells the seat apart on the board."""
        if self.level is not None:
            return f"{self.name} (AI {self.level}, {self.colour})"
        return self.name if self.name.lower() == self.colour else f"{self.name} ({self.colour})"


def ai_player(seat: int, level: str) -> Player:
    return Player(AI_NAMES[seat % len(AI_NAMES)], colour_of(seat), level)


def colour_player(seat: int) -> Player:
    """A seat known by its colour alone ("Red"): where no one sits yet (the rulebook's examples, the terminal's
    other seats before they are named)."""
    colour = colour_of(seat)
    return Player(colour[0].upper() + colour[1:], colour)


@dataclass
class Cast:
    """The seats' players, as one `reader` (a seat, or None for everyone in the channel) reads about them.

    A seat is named in full the first time a message names it ("alice (red)") and by its name after ("alice");
    `intro=False` names every seat short. The reader is "you" ("You rolled 5", "bob stole 1 wool from you")."""

    players: Sequence[Player]
    reader: int | None = None
    intro: bool = True
    _met: set[int] = field(default_factory=set, repr=False)

    @classmethod
    def colours(cls, count: int, reader: int | None = None) -> Cast:
        """A cast of `count` seats known by colour (`colour_player`)."""
        return cls([colour_player(s) for s in range(count)], reader)

    def player(self, seat: int) -> Player:
        return self.players[seat] if 0 <= seat < len(self.players) else colour_player(seat)

    def reading(self, reader: int | None) -> Cast:
        """The same seats, read by `reader`, as a fresh message (every seat introduced again)."""
        return Cast(self.players, reader, self.intro)

    def name(self, seat: int) -> str:
        """How a sentence names the seat here: "you", "alice (red)" the first time, "alice" after."""
        if seat == self.reader:
            return "you"
        player = self.player(seat)
        if self.intro and seat not in self._met:
            self._met.add(seat)
            return player.full
        return player.name

    def Name(self, seat: int) -> str:
        """`name` at the start of a sentence: "You", else the name as its owner wrote it."""
        said = self.name(seat)
        return "You" if said == "you" else said

    def full(self, seat: int) -> str:
        """"alice (red)" (or "you (red)" for the reader) whatever was said before: a score strip, a ranking."""
        player = self.player(seat)
        return f"you ({player.colour})" if seat == self.reader else player.full

    def short(self, seat: int) -> str:
        """The name alone ("alice", "Cleo"; "you" for the reader)."""
        return "you" if seat == self.reader else self.player(seat).name

    def whose(self, seat: int) -> str:
        """"your", "alice's"."""
        return "your" if seat == self.reader else f"{self.name(seat)}'s"

    def Whose(self, seat: int) -> str:
        """`whose` at the start of a sentence: "Your", else the name as its owner wrote it ("alice's")."""
        said = self.whose(seat)
        return "Your" if said == "your" else said

    def own(self, seat: int) -> str:
        """The possessive of a sentence's own subject: "You ... your hand", "bob ... their hand" (not "bob's" again)."""
        return "your" if seat == self.reader else "their"

    def verb(self, seat: int, singular: str) -> str:
        """A present-tense verb agreeing with the seat as subject: "has" for alice, "have" for you."""
        return verb(2 if seat == self.reader else 1, singular)

    def names(self, seats: Sequence[int]) -> str:
        """"alice, bob and you": several seats in one phrase, the reader last."""
        ordered = sorted(seats, key=lambda s: s == self.reader)
        said = [self.name(s) for s in ordered]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1] if said else "nobody"
