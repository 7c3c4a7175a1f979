"""The review of a finished game, private to one seat (issue 44 item 6; DESIGN §5 "Teach by playing", §7;
notes/voice.md, "The coach"): the seat's three costliest decisions by the hard level's evaluation from what
the seat could see, each with the chance it could have kept, the chance its move left, the better move and why.

The game is replayed from its seed and log (as the recap's frames are, `games.core.turn_states`); at each of
the seat's decisions that had a choice, its move is weighed (`games.judge.worths`: the hard level's flat
search over worlds sampled from the seat's view) against the moves a good player would have considered:
the coach's pick (`games.coach.advise`, which carries the reason said for it), the heuristic's shrewd pick
(the hard level's guide) and, where the game names them, its `search_candidates`. A decision's cost is the
best candidate's worth less the worth of the move made.

Everything read at a decision is the seat's own: its legal moves and its view (the coach, the heuristic and
the candidates read `view(seat)`), and the worlds are drawn by `determinize(seat, …)`, which keeps the seat's
view and redraws the rest from what that view allows; so another seat's hidden cards cannot change a review
(tests/games/test_review.py swaps them).

Affordable (its time for a long game: docs/PERFORMANCE.md): every decision is first screened over
`SCREEN_WORLDS` worlds, and only the `SHORTLIST` costliest are weighed again over `games.judge.WORLDS`
worlds, one world at a time so that the reason can say in how many of them the better move did better. A
decision whose move is the only candidate (the seat played what the coach and the heuristic pick, and the
game names no other) costs nothing and is not searched at all."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from games.ai import choose_for, policy_for
from games.coach import COACHES, advise
from games.core import Action, Game, get_game
from games.judge import WORLDS, worths
from games.search import key

NAMED = 3
"""The decisions a review names (notes/voice.md: few, three); the rest is praise or silence."""
SCREEN_WORLDS = 2
"""The worlds each decision is first weighed over: enough to find the few that may have cost something."""
SHORTLIST = 2 * NAMED
"""The decisions the screen found costliest, weighed again over `games.judge.WORLDS` worlds each: twice
those named, so that a decision the screen overrated by the luck of its two worlds leaves room for another."""
LITTLE = 0.01
"""A cost under this (a chance in [0, 1]) is within what the worlds sampled can tell apart: no mistake."""


@dataclass(frozen=True)
class Decision:
    """One of the seat's decisions with a choice: the game as it stood (`game`, a copy the review may keep),
    the index of the move in the game's log (`step`, from 0), the move made, and the turn it was made in (how
    many times the turn had passed before: decisions of one turn share it)."""

    step: int
    game: Game
    action: Action
    turn: int = 0


@dataclass(frozen=True)
class Costly:
    """A decision that cost the seat some of its chance to win: what it played, what would have kept more,
    and why. Plain data (it crosses from the worker process that computes a review)."""

    step: int
    """The index of the move in the game's log (from 0): the recap's frame after it marks it on the chart."""
    action: Action
    better: Action
    before: float
    """The chance to win (the hard level's evaluation for the seat, in [0, 1]) the better move kept."""
    after: float
    """The chance the move made left."""
    reason: str
    """Why the better move: the coach's reason when it is the coach's pick, else what the worlds showed."""
    said: tuple[str, str]
    """The engine's labels of the move made and the better move (`Game.describe`), for the narrator to name."""
    areas: tuple[str, ...]
    """Where the better move happens on the board (`Game.areas`): the close-up's place; none for a move with
    no place (a trade, ending the turn)."""
    view: dict[str, Any] = field(repr=False)
    """The public view at the decision: the close-up and the labels are drawn from it, never from a hand."""
    turn: int = 0
    """The turn of the decision (`Decision.turn`)."""

    @property
    def cost(self) -> float:
        return self.before - self.after


@dataclass(frozen=True)
class Review:
    """A seat's review: its costliest decisions in the order played (at most `NAMED`), how many decisions
    with a choice it made, and how many of those lost nothing by the screen (the praise)."""

    seat: int
    costly: tuple[Costly, ...]
    decisions: int
    sound: int


def decisions(game_type: str, players: int, seed: int, options: dict[str, Any] | None,
              log: Iterable[tuple[int, Action]], seat: int) -> Iterator[Decision]:
    """The seat's decisions with a choice (more than one legal move, or a free-form move such as an offer)
    in a game replayed from its seed and options through `log` (seat, action)."""
    game = get_game(game_type).new(players, seed=seed, options=options)
    turn, whose = 0, game.current_seat()
    for step, (actor, action) in enumerate(log):
        if actor == seat:
            legal = game.legal_actions(seat)
            if len(legal) > 1 or action not in legal:
                yield Decision(step, game.copy(), action, turn)
        game.apply(actor, action)
        if game.current_seat() != whose:
            turn, whose = turn + 1, game.current_seat()


def candidates(game: Game, seat: int, action: Action) -> tuple[list[Action], Action | None, str | None]:
    """The moves the seat's move is weighed against, the move made first; the coach's pick and its reason
    (None where the coach has nothing to say). Read from the seat's view alone."""
    legal = game.legal_actions(seat)
    advice = advise(game, seat) if game.id in COACHES else None
    shrewd = choose_for(game, seat, policy_for(game.id).shrewd(), random.Random(game.num_players), legal)
    moves = [action, shrewd]
    if advice is not None:
        moves.append(advice.action)
    few = getattr(game, "search_candidates", None)
    if few is not None:
        moves += few(seat, legal, shrewd)
    distinct = list({key(m): m for m in moves}.values())
    return distinct, advice.action if advice else None, advice.reason.text if advice else None


def screen(decision: Decision, seat: int, worlds: int = SCREEN_WORLDS) -> float:
    """What the decision cost by a quick look (`worlds` worlds): the best candidate's worth less the move
    made's; 0 where the move made was the only candidate."""
    moves, _, _ = candidates(decision.game, seat, decision.action)
    if len(moves) == 1:
        return 0.0
    values = worths(decision.game, seat, moves, seed=decision.step, worlds=worlds)
    return max(values) - values[0]


def weigh(decision: Decision, seat: int, worlds: int = WORLDS) -> Costly | None:
    """The decision weighed over `worlds` worlds, each weighed apart (so the reason can count them): the
    best candidate, the chances, the reason; None when nothing did better by `LITTLE`."""
    game, action = decision.game, decision.action
    moves, pick, why = candidates(game, seat, action)
    if len(moves) == 1:
        return None
    each = [worths(game, seat, moves, seed=decision.step * 1000 + w, worlds=1) for w in range(worlds)]
    means = [sum(world[i] for world in each) / worlds for i in range(len(moves))]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    if means[best] - means[0] < LITTLE:
        return None
    coached = next((i for i, m in enumerate(moves) if pick is not None and key(m) == key(pick)), None)
    if coached is not None and why and means[coached] - means[0] >= LITTLE and means[best] - means[coached] < LITTLE:
        best = coached  # as good as the best within what the worlds tell apart, and the coach can say why
    better = moves[best]
    if pick is not None and why and key(better) == key(pick):
        reason = why
    else:
        reason = played_out(sum(world[best] > world[0] for world in each),
                            sum(world[best] < world[0] for world in each), worlds)
    return Costly(decision.step, action, better, means[best], means[0], reason,
                  (game.describe(action), game.describe(better)), tuple(game.areas(better)), game.view(None),
                  decision.turn)


def played_out(ahead: int, behind: int, worlds: int) -> str:
    """The reason for a better move the coach did not pick: what the worlds showed, counted (a fact a test can
    check): in how many of the ways the game could have gone on, drawn from what the seat could see, the better
    move did better than the move made, and in how many worse."""
    ways = "ways the game could have gone on from what you could see then"
    if ahead == worlds:
        return f"it did better than your move in all {worlds} {ways}."
    worse = f", worse in {behind}" if behind else ""
    return f"it did better than your move in {ahead} of {worlds} {ways}{worse}."


def same_lesson(a: Costly, b: Costly) -> bool:
    """Two decisions of one turn whose better move is the same: one lesson, said once."""
    return a.turn == b.turn and key(a.better) == key(b.better)


def lessons(weighed: list[Costly], named: int) -> list[Costly]:
    """The `named` costliest of the decisions weighed, one of each lesson (`same_lesson`)."""
    kept: list[Costly] = []
    for costly in sorted(weighed, key=lambda c: (-c.cost, c.step)):
        if len(kept) < named and not any(same_lesson(costly, k) for k in kept):
            kept.append(costly)
    return kept


def review_of(found: Iterable[Decision], seat: int, *, named: int = NAMED, worlds: int = WORLDS) -> Review:
    """The review of the seat's `found` decisions: each screened, the `SHORTLIST` costliest weighed again
    (and the next ones, while fewer than `named` lessons are found), the `named` costliest of those kept, in the
    order they were played; of several decisions of one turn with the same better move (it was there to play
    all turn: end the turn or trade, and still not the Knight), the costliest alone, so the three name three
    lessons."""
    screened = [(screen(d, seat), d) for d in found]
    short = [d for cost, d in sorted(screened, key=lambda p: (-p[0], p[1].step)) if cost >= LITTLE]
    weighed: list[Costly] = []
    kept: list[Costly] = []
    for at, decision in enumerate(short):  # the shortlist, and past it while lessons repeat
        if at >= max(SHORTLIST, named) and len(kept) == named:
            break
        if (costly := weigh(decision, seat, worlds)) is not None:
            weighed.append(costly)
        kept = lessons(weighed, named)
    return Review(seat, tuple(sorted(kept, key=lambda c: c.step)), len(screened),
                  sum(1 for cost, _ in screened if cost < LITTLE))


def review(game_type: str, players: int, seed: int, options: dict[str, Any] | None,
           log: list[tuple[int, Action]], seat: int, *, named: int = NAMED, worlds: int = WORLDS) -> Review:
    """The seat's review of a game played from its seed and options through `log`: what a worker computes
    (bot/thinking.py)."""
    return review_of(decisions(game_type, players, seed, options, log, seat), seat, named=named, worlds=worlds)
