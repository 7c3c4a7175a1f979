"""A game told again from its stored action log (issue 20): the recap, `/game replay` and the GIF all read it.

The log replayed through the engine gives every state; a frame is kept where a turn ends (see
`games.core.turn_states`). A frame holds only the **public** view and what is read from it (the seats'
public scores, the moments since the previous frame), so nothing drawn from a frame can show a hand,
a hidden objective or a deck order: the board picture of a frame is the picture of `view(None)`.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NamedTuple

from bot.errors import Refused
from bot.storage import GameRow, Storage
from games.ai import choose_for, policy_for
from games.core import Action, Game, Moment, get_game, outcome, turn_states
from games.learned import win_chances
from renderers.cast import Cast
from renderers.recap import recap as recap_picture

MOMENTS_SHOWN = 8
"""A recap lists the last few moments: the ones nearest the end decided most (and the turning point)."""
TURNING = "turns the game"
"""The start of the turning point's moment: the largest swing in the estimated chances of winning."""


@dataclass(frozen=True)
class Frame:
    """The table as a turn ends, in public."""

    step: int
    """Actions applied so far."""
    seat: int | None
    """Whose turn it is now (None once the game is over)."""
    round: int
    view: dict[str, Any]
    scores: list[float]
    moments: list[Moment]
    """What happened since the previous frame that helped decide the game."""
    chances: list[float]
    """Each seat's estimated chance of winning, from the public view alone (games/learned.py); once the
    game is over, its result."""


def leader(scores: list[float]) -> int | None:
    """The seat alone at the top, if one is."""
    best = max(scores, default=0)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return top[0] if len(top) == 1 else None


def frames(game_type: str, players: int, seed: int, options: dict[str, Any],
           log: list[tuple[int, Action]]) -> list[Frame]:
    """The public frames of a game played from its seed and options through `log` (seat, action)."""
    cls = get_game(game_type)
    out: list[Frame] = []
    for step, game in turn_states(cls.new(players, seed=seed, options=options), log):
        view = json.loads(json.dumps(game.view(None)))  # kept: a view may share lists the next move changes
        moments = cls.moments(out[-1].view, view) if out else []
        result = game.result() if game.over else None
        chances = [outcome(result, s) for s in range(players)] if result else win_chances(game_type, view)
        out.append(Frame(step, game.current_seat(), cls.round_of(view), view, cls.public_scores(view), moments,
                         chances))
    _lead_for_good(out)
    _turning_point(out)
    return out


def _lead_for_good(story: list[Frame]) -> None:
    """Mark the frame where the final leader went ahead alone and stayed there."""
    final = leader(story[-1].scores) if story else None
    if final is None:
        return
    since = len(story) - 1
    while since > 0 and leader(story[since - 1].scores) == final:
        since -= 1
    if since > 0:
        story[since].moments.append(Moment("takes the lead for good", final))


class Turn(NamedTuple):
    """The turning point: the round (from the frame ending the round before, `since`, to the frame ending
    it, `at`) over which a seat's estimated chance of winning moved most, and the seat that gained most."""

    since: int
    at: int
    seat: int

    def said(self, story: list[Frame]) -> str:
        return f"{story[self.since].chances[self.seat]:.0%} → {story[self.at].chances[self.seat]:.0%}"


def turning(story: list[Frame]) -> Turn | None:
    """The turning point of a game, or None in one too short to have one. Measured round by round, so that
    a swing undone within the round (a payout spent at once) does not count; left out: a setup (round 0 of
    a game that counts rounds), whose half-placed board swings the estimate from seat to seat, and the end,
    which only settles the chances."""
    setup = 0 if story and story[-1].round > 0 else -1
    ends = [i for i in range(len(story) - 1) if story[i + 1].round != story[i].round and story[i].round > setup]
    if len(ends) < 2:
        return None

    def swing(pair: tuple[int, int]) -> float:
        was, now = story[pair[0]].chances, story[pair[1]].chances
        return max(abs(b - a) for a, b in zip(was, now, strict=True))

    since, at = max(pairwise(ends), key=swing)
    was, now = story[since].chances, story[at].chances
    return Turn(since, at, max(range(len(now)), key=lambda s: now[s] - was[s]))


def _turning_point(story: list[Frame]) -> None:
    """Mark the turning point as a moment of the seat whose chance rose most there."""
    turn = turning(story)
    if turn is not None:
        story[turn.at].moments.append(Moment(f"{TURNING}: {turn.said(story)} to win", turn.seat))


def decisive(story: list[Frame], limit: int = MOMENTS_SHOWN) -> list[tuple[int, Moment]]:
    """The last `limit` moments of a game, each with the index of the frame it happened in; the turning
    point always among them (in place of the earliest)."""
    found = [(i, moment) for i, frame in enumerate(story) for moment in frame.moments]
    shown = found[-limit:]
    turn = next((f for f in found if f[1].text.startswith(TURNING)), None)
    if turn is not None and turn not in shown:
        shown = [turn, *shown[1:]]
    return shown


def chances_told(story: list[Frame], cast: Cast) -> str:
    """Who led the estimated chances of winning for most of the game, and when and for whom it turned."""
    if len(story) < 2:
        return ""
    ahead = [max(range(len(f.chances)), key=lambda s: f.chances[s]) for f in story[:-1]]
    led = max(sorted(set(ahead)), key=ahead.count)
    told = f"{cast.full(led)} had the best chance of winning for most of the game"
    turn = turning(story)
    if turn is None:
        return told + "."
    return (f"{told}; it turned in round {story[turn.at].round}, when "
            f"{cast.short(turn.seat)}'s chance went {turn.said(story)}.")


def chances_line(frame: Frame, cast: Cast) -> str:
    """Each seat's estimated chance of winning at a frame, as the replay shows it."""
    return "Chance of winning (estimated from the public board): " + ", ".join(
        f"{cast.full(s)} {c:.0%}" for s, c in enumerate(frame.chances)) + "."


def said(moment: Moment, cast: Cast) -> str:
    """A moment as a sentence, its seat named by `cast`."""
    return moment.text if moment.seat is None else f"{cast.full(moment.seat)} {moment.text}"


def recap(game_type: str, story: list[Frame], cast: Cast, drawn: Cast | None = None) -> tuple[bytes, list[str]]:
    """The recap of a finished game: its picture (the final board beside each seat's score over the game, the
    moments numbered on the chart, the seats named by `drawn`, as typed; by `cast` when None) and the message's
    lines listing those moments, seats named by `cast`."""
    marks = decisive(story)
    picture = recap_picture(game_type, story[-1].view, [f.scores for f in story], [f.round for f in story],
                            [(i, m.seat) for i, m in marks], [f.chances for f in story],
                            turn.at if (turn := turning(story)) else None, drawn or cast)
    lines = ["**How it went** — each seat's score and chance of winning over the game"
             + (", and the moments that decided it:" if marks else ".")]
    lines += [f"{number}. Round {story[i].round}: {said(moment, cast)}"
              for number, (i, moment) in enumerate(marks, start=1)]
    return picture, lines


def caption(title: str, game_id: int, story: list[Frame], at: int, cast: Cast) -> str:
    """Where in the game the frame is, whose turn it is, each seat's estimated chance of winning, and what
    it decided."""
    frame = story[at]
    if at == len(story) - 1 and frame.seat is None:
        whose = "the game is over"
    elif frame.seat is None:
        whose = "the start"
    else:
        whose = f"{cast.full(frame.seat)} to move"
    lines = [f"**{title}** #{game_id} replay — frame {at} of {len(story) - 1}, round {frame.round}: {whose}.",
             chances_line(frame, cast)]
    lines += [f"• {said(m, cast)}" for m in frame.moments]
    return "\n".join(lines)[:2000]


async def story(storage: Storage, row: GameRow) -> list[Frame]:
    """The frames of a stored game (started or finished): its log is read here and replayed in a worker
    thread, never on the event loop."""
    log = [(entry.seat, entry.action) for entry in await storage.actions(row.id)]
    return await asyncio.to_thread(frames, row.game_type, len(row.seats), row.seed, row.options, log)


async def replayable(storage: Storage, game_id: int, *, user_id: int, guild_id: int | None) -> GameRow:
    """The game a user may replay: any finished game of the server asked from, or a running game the user
    sits in (wherever it is played). Anything else is refused in words that say why."""
    row = await storage.load(game_id)
    here = row is not None and guild_id is not None and row.guild_id == guild_id
    if row is None or (row.status == "finished" and not here):
        raise Refused(f"There is no finished game #{game_id} on this server.", "no_game")
    if row.status == "running":
        if not any(s.user_id == user_id for s in row.seats):
            raise Refused(f"Game #{game_id} is still being played; only its players can replay it until it ends.",
                          "not_seated")
    elif row.status != "finished":
        said = "has not started yet" if row.status == "lobby" else f"was {row.status}"
        raise Refused(f"Game #{game_id} {said}: only finished games and your own running games can be replayed.",
                      "not_replayable")
    return row


def ai_log(game_type: str, players: int, seed: int, *, options: dict[str, Any] | None = None,
           max_actions: int = 5000) -> tuple[Game, list[tuple[int, Action]]]:
    """A seeded game of the heuristic AI players at every seat, and its log: for the bench, the pictures
    of docs/PICTURES.md and the tests."""
    cls = get_game(game_type)
    game = cls.new(players, seed=seed, options=options)
    rng, policy, log = random.Random(seed), policy_for(game_type), []
    while not game.over and len(log) < max_actions:
        seat = min(game.to_move())
        action = choose_for(game, seat, policy, rng)
        game.apply(seat, action)
        log.append((seat, action))
    return game, log
