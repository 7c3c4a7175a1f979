"""A finished game's review, private to one of its players (issue 44 item 6; DESIGN §5 "Teach by playing"):
`/game review` and the *Review my game* button under the recap both answer with it, ephemerally.

The review itself (`games.review`: the person's three costliest decisions by the hard level's evaluation
from their own view) is computed in the worker pool (`bot.thinking.Thinking.review`); this module checks who
may have it, and says it: a few lines (notes/voice.md, "The coach": each decision with the chance before and
after, the better move and why, the rest praise), the chance-of-winning chart with the decisions numbered on
the person's line, and a close-up of where each better move was, for a move that has a place. Pictures are
drawn in a worker thread, never on the event loop; no discord here (the cog sends what this returns)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot import history
from bot.errors import Refused
from bot.outbox import fit
from bot.seats import cast_of
from bot.storage import GameRow, Storage
from bot.thinking import Thinking
from games.core import Move, get_game
from games.review import Costly, Review
from renderers import place_label, render_area
from renderers.narrator import label
from renderers.recap import review_chart


@dataclass(frozen=True)
class Picture:
    """One picture of a review: the PNG, its file name, its alt text."""

    png: bytes
    name: str
    alt: str


@dataclass(frozen=True)
class Told:
    """A review as the person reads it: the message's text and its pictures (the chart first)."""

    text: str
    pictures: list[Picture]


async def reviewable(storage: Storage, game_id: int, user_id: int) -> tuple[GameRow, int]:
    """The finished game and the seat the user played in it; refused, in words that say why, for a game that
    does not exist, one the user did not play in (a review is private to each player) or left before its end, or one
    not finished."""
    row = await storage.load(game_id)
    if row is None:
        raise Refused(f"There is no game #{game_id}.", "no_game")
    seated = next((s for s in row.seats if s.user_id == user_id), None)
    if seated is None:
        raise Refused(f"You did not play in game #{game_id}: a review is for the game's own players, each their "
                      "own.", "not_seated")
    if seated.left:  # the log does not say when: an AI's moves would be judged as theirs
        raise Refused(f"You left game #{game_id} before it ended and an AI played your seat on: a review would judge "
                      "its moves as yours, so there is none.", "left_seat")
    seat = seated.seat
    if row.status != "finished":
        said = {"lobby": "has not started yet", "running": "is still being played"}.get(row.status,
                                                                                       f"was {row.status}")
        raise Refused(f"Game #{game_id} {said}: a review is made once a game is finished.", "not_finished")
    return row, seat


async def review_for(storage: Storage, thinking: Thinking, row: GameRow, seat: int) -> Told:
    """The seat's review of the finished game `row`: computed in a worker process, drawn in a worker thread."""
    log = [(entry.seat, entry.action) for entry in await storage.actions(row.id)]
    found = await thinking.review(row.game_type, row.seed, row.options, len(row.seats), log, seat)
    story = await asyncio.to_thread(history.frames, row.game_type, len(row.seats), row.seed, row.options, log)
    return await asyncio.to_thread(told, row, found, story)


def frame_of(story: list[history.Frame], step: int) -> int:
    """The frame that shows the table once the move at `step` (from 0) was made: the end of its turn."""
    return next((i for i, frame in enumerate(story) if frame.step > step), len(story) - 1)


def when(story: list[history.Frame], step: int) -> str:
    """When in the game a decision was, as a replay's rounds count: "Round 4", or "Setup" for a game's round 0
    (the placements before the first round, in a game that counts rounds)."""
    rnd = story[frame_of(story, step)].round
    return "Setup" if rnd == 0 and story[-1].round > 0 else f"Round {rnd}"


def named(row: GameRow, seat: int, costly: Costly, better: bool) -> str:
    """The move made (or the better one) as the buttons name it to the person (the narrator's label)."""
    action, said = (costly.better, costly.said[1]) if better else (costly.action, costly.said[0])
    return label(row.game_type, Move(said, action, ()), cast_of(row.seats, seat), costly.view).label


def lines(row: GameRow, found: Review, story: list[history.Frame]) -> list[str]:
    """What the review says: each decision with the chance the better move kept and the chance the move made
    left, the better move and why; then the rest, in praise."""
    title, seat = get_game(row.game_type).title, found.seat
    out = [f"**Your review of {title}** #{row.id}, private to you: "
           + ("the decisions that cost you most" if found.costly else "how your decisions went")
           + ", by the hard AI's reckoning from what you could see then (your hand and the board, never another "
             "player's hidden cards)."]
    for number, costly in enumerate(found.costly, start=1):
        why = costly.reason[:1].upper() + costly.reason[1:]
        why += "" if why.endswith((".", "!", "?", ")")) else "."  # a coach's reason is written to follow a colon
        out.append(f"**{number}.** {when(story, costly.step)}: you chose "
                   f"**{named(row, seat, costly, False)}**, leaving your chance of winning at {costly.after:.0%}. "
                   f"**{named(row, seat, costly, True)}** would have kept it at {costly.before:.0%}. {why}")
    rest = found.decisions - len(found.costly)
    if not found.costly:
        out.append(f"None of your {found.decisions} decisions with a choice cost you anything by that reckoning: "
                   "well played." if found.decisions else "You had no decision with a choice to review.")
    elif rest:
        best = f"; {found.sound} of them were as good as the best move found" if found.sound else ""
        out.append(f"Your other {rest} decisions with a choice cost you less{best}.")
    out.append("The chart: each player's chance of winning over the game as the public board showed it"
               + (", your decisions numbered on your line." if found.costly else "."))
    return out


def told(row: GameRow, found: Review, story: list[history.Frame]) -> Told:
    """The review's text and pictures (drawn here: call it in a worker thread)."""
    cls, seat = get_game(row.game_type), found.seat
    cast = cast_of(row.seats, seat, text=False)
    marks = [frame_of(story, c.step) for c in found.costly]
    chart = review_chart(row.game_type, story[-1].view, [f.chances for f in story], [f.round for f in story], seat,
                         marks, cast)
    pictures = [Picture(chart, f"{row.game_type}-{row.id}-review.png",
                        f"{cls.title} #{row.id}: each player's estimated chance of winning over the game, your line "
                        f"marked with {len(marks)} numbered rings at the decisions the review names.")]
    for number, costly in enumerate(found.costly, start=1):
        if not costly.areas:
            continue  # a move with no place (a trade, ending the turn): nothing to show on the board
        png = render_area(row.game_type, costly.view, costly.areas[0], [costly.better])
        if png is None:
            continue
        spot = place_label(row.game_type, costly.view, costly.better)
        better = named(row, seat, costly, True)
        pictures.append(Picture(png, f"{row.game_type}-{row.id}-review{number}.png",
                                f"{cls.title}: a close-up of {costly.areas[0]} as it was at decision {number}, "
                                f"where {better} was" + (f", numbered {spot}." if spot else ".")))
    return Told(fit(lines(row, found, story)), pictures)
