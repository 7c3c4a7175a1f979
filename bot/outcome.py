"""Plain results the service returns; nothing here knows about Discord."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.practice import is_practice
from bot.seats import dm_target, is_person, player_of
from games.core import Event, Move, Result


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    user_id: int | None
    """None for an AI seat."""
    is_ai: bool
    dm_ok: bool = True
    left: bool = False
    """The player left or forfeited; an AI plays the seat now."""
    notify: str | None = None
    """The person's choice of DMs (`bot.settings.NOTIFY`); None: the default."""
    level: str | None = None
    """The AI level of an AI seat (`bot.seats.ai_level` reads it); None for a person's seat."""
    known_as: str | None = None
    """What the seated person is called in the game's server (`bot.seats.player`); None when never seen."""

    @property
    def name(self) -> str:
        return player_of(self)



@dataclass(frozen=True)
class GameInfo:
    """One game row as the layers above the service see it."""

    id: int
    game_type: str
    title: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    status: str
    """"lobby", "running", "finished" or "abandoned"."""
    version: int
    created_by: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    to_move: list[int]
    deadline: datetime | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    paused: str | None = None
    """Why the game waits for its channel to be reachable again (no turn times out meanwhile)."""
    idle: list[int] = field(default_factory=list)
    """People's seats to move only to decline an offer they cannot take (`Game.only_declines`): not pinged,
    reminded nor asked; the offer stands on the board for them as for everyone."""

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id and is_person(s)), None)

    def users_to_move(self) -> list[int]:
        """The people who must act now (not those who could only decline an offer)."""
        return [s.user_id for s in self.seats if s.seat in self.to_move and s.seat not in self.idle and is_person(s)]

    def dm_target(self, seat: int, level: str) -> int | None:
        """The user to DM for a seat at this level of DMs, or None (`bot.seats.dm_target`); never on a practice
        table, whose learner plays at the table (`bot.practice`)."""
        info = next((s for s in self.seats if s.seat == seat), None)
        return None if info is None or is_practice(self.settings) else dm_target(info, level)


@dataclass(frozen=True)
class Panel:
    """What one seated person sees of a game when they open their moves: the game, their seat, the moves
    they may make now (listed, and free-form with how to write them), their private view, and while they are to
    move the game's warnings to them (`Game.warnings`: private, since one may name a secret objective)."""

    game: GameInfo
    seat: int
    choices: list[Move]
    shapes: list[dict[str, Any]]
    hand: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    coach: list[str] = field(default_factory=list)
    """On a practice table (`bot.practice`), the coach's line on this decision."""
    news: list[str] = field(default_factory=list)
    """What changed for the person since they last acted (`bot.service.catchup`), where it was read."""
    suggested: list[Move] = field(default_factory=list)
    """Trades worth one tap now (`Game.suggested`), labelled with what each is for: "Offer everyone 1 wool for
    1 brick (then a road)"."""

    def warning_lines(self, asked: Sequence[str] = ()) -> list[str]:
        """What leads the player's turn message, before its moves: their news, what is `asked` of them (a DM
        says it), the warnings, the coach's line."""
        return [*self.news, *asked, *(f"⚠️ {w}" for w in self.warnings), *self.coach]


@dataclass
class Outcome:
    """What one call changed: the runtime posts it, the CLI prints it."""

    game: GameInfo
    events: list[Event] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    """What the board says besides the story of `events` (a seat taken over, the coach on a practice table)."""
    public_view: dict[str, Any] | None = None
    private_views: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Seat -> its new private view, for each human seat whose private view changed."""
    result: Result | None = None
    replayed: bool = False
    """True when a repeated interaction id was answered from what was stored."""
    notices: dict[int, list[str]] = field(default_factory=dict)
    """Seat -> sentences that seat also hears by DM (the game's `notices`: an elimination, a new season)."""
    asked: list[int] = field(default_factory=list)
    """Human seats this outcome newly asks to move: their turn begins, or an offer awaits their answer."""
    panel: Panel | None = None
    """The acting person's panel after the change (what they may do next), drawn from the same load."""

    def then(self, later: Outcome) -> Outcome:
        """This outcome followed by a later one (an AI's moves after a human's)."""
        views = {**self.private_views, **later.private_views}
        notices = {s: self.notices.get(s, []) + later.notices.get(s, []) for s in {*self.notices, *later.notices}}
        return Outcome(game=later.game, events=self.events + later.events, lines=self.lines + later.lines,
                       public_view=later.public_view or self.public_view, private_views=views,
                       result=later.result or self.result, replayed=self.replayed and later.replayed,
                       notices=notices, asked=sorted({*self.asked, *later.asked}), panel=later.panel)
