"""Playing: a person's (or an AI seat's) action applied, stored with what it shows and plans, and rated
when it ends the game; undo; seats passing to AI players."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot import outbox, ratings
from bot.errors import Refused
from bot.metrics import MOVES
from bot.outcome import Outcome, Panel
from bot.practice import practice_lines
from bot.seats import cast_of, player_of
from bot.service.kernel import (
    STALE,
    STALE_CODE,
    Change,
    acting_seat,
    engine_of,
    humans,
    info_of,
    person_seat,
    replay,
)
from bot.service.queries import Queries, panel_of
from bot.storage import GameRow, SeatRow
from games.core import Action, Game, Move, get_game
from renderers.narrator import label
from renderers.narrator import log as told

log = logging.getLogger(__name__)

_MISSING = object()
OTHERS_MOVES = "These are another player's moves; press **Your move** under the board for yours."


@dataclass(frozen=True)
class Click:
    """A click on a move listed on a person's panel: the version and seat the panel was drawn for, and how to
    find the clicked move among the seat's moves now (the Discord layer names moves by a key of its own)."""

    version: int
    seat: int
    pick: Callable[[list[Move]], Move | None]
    confirmed: bool = False
    """The person confirmed a move that cannot be taken back (`Game.costly`)."""


@dataclass(frozen=True)
class Clicked:
    """What a click did: the move clicked (None for a click applied before, a retried interaction) and its
    outcome — None when the move cannot be taken back and waits for the person to confirm it."""

    move: Move | None
    outcome: Outcome | None


class StalePanel(Refused):
    """The clicked panel was drawn for an earlier version (or its move is gone): refused, with the panel the
    person sees now, to redraw it."""

    def __init__(self, panel: Panel) -> None:
        super().__init__(STALE, STALE_CODE)
        self.panel = panel


def _private_parts(game: Game, seats: list[int]) -> dict[int, dict[str, Any]]:
    """What each seat sees beyond the public view: a DM is due only when this changes."""
    public = game.view(None)
    return {s: {k: v for k, v in game.view(s).items() if public.get(k, _MISSING) != v} for s in seats}


def _running(row_status: str) -> None:
    if row_status != "running":
        raise Refused("That game is not running: " + ("it has not started yet." if row_status == "lobby"
                                                       else f"it is {row_status}."), "game_over")


def _replayed(row: GameRow, events: list[dict[str, Any]], user_id: int | None) -> Outcome:
    """The answer to an interaction already applied: what it did again, and the game as it is now."""
    game = engine_of(row)
    lines = told(row.game_type, events, cast_of(row.seats), game.view(None)) if game else []
    seated = user_id is not None and game is not None and person_seat(row, user_id) is not None \
        and row.status != "abandoned"
    return Outcome(game=info_of(row, game), events=events, lines=lines,
                   public_view=game.view(None) if game else None, result=game.result() if game else None,
                   replayed=True, panel=panel_of(row, game, user_id) if seated and user_id is not None else None)


class Play(Queries):
    async def _done_before(self, change: Change, interaction_id: str | None, user_id: int | None) -> Outcome | None:
        """The answer again to an interaction already applied (looked up inside the lock: a retried
        interaction waits for the first)."""
        done = await self.storage.find_interaction(interaction_id) if interaction_id is not None else None
        if done is None:
            return None
        row = change.row if done[0] == change.row.id else await self._row(done[0])
        return _replayed(row, done[1].events, user_id)

    async def act(self, game_id: int, user_id: int | None, action: Action, *, interaction_id: str | None = None,
                  expected_version: int | None = None, as_seat: int | None = None,
                  seen: GameRow | None = None) -> Outcome:
        """Apply one action; the outcome carries the acting person's next panel, drawn without a second load
        (`seen`: the row the caller's checks loaded, see `Kernel.change`)."""
        async with self.change(game_id, seen=seen) as change:
            if (done := await self._done_before(change, interaction_id, user_id)) is not None:
                return done
            _running(change.row.status)
            if expected_version is not None and expected_version != change.row.version:
                raise Refused(STALE, STALE_CODE)
            game = engine_of(change.row)
            assert game is not None
            seat = acting_seat(change.row, user_id, as_seat)
            return await self._apply(change, game, seat, action, interaction_id, panel_for=user_id)

    async def click(self, game_id: int, user_id: int, click: Click, *,
                    interaction_id: str | None = None, seen: GameRow | None = None) -> Clicked:
        """A person's click on a listed move, from one load: the panel's seat must be theirs, and its version
        the game's (else `StalePanel`); a costly move waits for `Click.confirmed`."""
        async with self.change(game_id, seen=seen) as change:
            if (done := await self._done_before(change, interaction_id, user_id)) is not None:
                return Clicked(move=None, outcome=done)
            row = change.row
            if person_seat(row, user_id) != click.seat:
                raise Refused(OTHERS_MOVES, "not_your_controls")
            game = engine_of(row)
            panel = panel_of(row, game, user_id)
            move = click.pick([*panel.choices, *panel.suggested])  # a one-tap trade is a click too
            if row.version != click.version or move is None:
                raise StalePanel(panel)
            if not click.confirmed and get_game(row.game_type).costly(move.action):
                return Clicked(move=move, outcome=None)
            assert game is not None
            outcome = await self._apply(change, game, click.seat, move.action, interaction_id, panel_for=user_id)
            return Clicked(move=move, outcome=outcome)

    async def _apply(self, change: Change, game: Game, seat: int, action: Action,
                     interaction_id: str | None = None, *, before_lines: Sequence[str] = (),
                     panel_for: int | None = None) -> Outcome:
        """Apply and persist one action of `seat`, with what it shows and plans, and `panel_for`'s next panel
        (the person who acted)."""
        row = change.row
        if seat not in game.to_move():
            waiting = ", ".join(f"seat {s + 1}" for s in sorted(game.to_move()))
            raise Refused(f"It is not your turn — waiting for {waiting}.", "not_your_turn")
        people = humans(row)
        before = _private_parts(game, people)
        waiting, turn = game.to_move(), game.current_seat()
        events = game.apply(seat, action)  # a RuleError leaves the stored state untouched
        status = "finished" if game.over else "running"
        later, effects = self._next_row(row, game, status=status)
        after = _private_parts(game, people)
        notices = {s: told(row.game_type, said, cast_of(row.seats, s), game.view(None))
                   for s, said in game.notices(events).items() if s in people}
        turn_goes_on = not game.over and game.current_seat() == turn
        info = info_of(later, game)
        # the people newly to move who must act: not who could only decline an offer (`Game.only_declines`)
        newly = (game.to_move() - waiting) & set(people) - set(info.idle)
        coached = await practice_lines(self.storage, row, game, seat, action, events, self.thinking.judge)
        if coached.settings is not None:
            later.settings = coached.settings
        outcome = Outcome(
            game=info, events=events,
            lines=[*before_lines, *coached.lines],
            public_view=game.view(None),
            private_views={s: game.view(s) for s in people if after[s] != before[s]}, result=game.result(),
            notices=notices,
            # the player whose turn goes on (others discarded or answered meanwhile) is not asked again
            asked=sorted(s for s in newly if not (turn_goes_on and s == turn)),
            panel=None if panel_for is None else panel_of(later, game, panel_for))
        mover = None if game.over else game.current_seat()
        effects.outbox = outbox.for_outcome(outcome, actor=seat, turn=turn,
                                            ping=bool(newly), mover=mover)
        effects.release, effects.settings = not turn_goes_on, coached.settings
        await change.write(self.storage.commit_move, state=json.dumps(game.to_dict()), status=status, seat=seat,
                           action=action, events=events, interaction_id=interaction_id, effects=effects)
        MOVES.labels(row.game_type).inc()
        if status == "finished":
            await self._rate(row.id)
        return outcome

    async def _rate(self, game_id: int) -> bool:
        """Rate a finished game, after the commit that finished it: the move stands whatever happens here,
        and a game left unrated is rated by `recover` at the next start."""
        try:
            return await self.storage.rate_result(game_id, ratings.rate)
        except Exception:
            log.exception("rating game #%s failed; it is rated again at the next start", game_id)
            return False

    async def _seats_to_ai(self, change: Change, seats: list[SeatRow], lines: list[str]) -> Outcome:
        """Seats pass to AI players (a player left or forfeited): said on a fresh board, AI turns planned."""
        game = engine_of(change.row)
        later, effects = self._next_row(change.row, game, seats=seats)
        outcome = Outcome(game=info_of(later, game), lines=lines, public_view=game.view(None) if game else None)
        effects.outbox = [outbox.board(outcome)]
        await change.write(self.storage.set_seats, seats, effects=effects)
        return outcome

    async def undo(self, game_id: int, user_id: int) -> Outcome:
        """Take back the caller's last action while nobody acted since and it revealed nothing."""
        def running(row: GameRow) -> None:
            if row.status != "running":
                raise Refused("Only a running game's moves can be undone.", "game_over")

        async with self.change(game_id, check=running) as change:
            row = change.row
            seat = acting_seat(row, user_id, None)
            log = await self.storage.actions(game_id)
            if not log or log[-1].seat != seat:
                raise Refused("You can undo only your own last action, before anyone else has acted.",
                              "cannot_undo")
            game = replay(row, log[:-1])
            if not game.undoable(log[-1].action, log[-1].events):
                raise Refused("That action revealed something hidden or random, so it cannot be undone.",
                              "cannot_undo")
            later, effects = self._next_row(row, game)
            undone = Move(game.describe(log[-1].action), log[-1].action)
            took = label(row.game_type, undone, cast_of(row.seats, text=False, intro=False), game.view(None)).label
            line = f"{player_of(next(s for s in row.seats if s.seat == seat))} took back: {took}."
            outcome = Outcome(game=info_of(later, game), lines=[line], public_view=game.view(None),
                              private_views={seat: game.view(seat)})
            effects.outbox = outbox.for_outcome(outcome, actor=seat)
            await change.write(self.storage.truncate_actions, keep=log[-1].seq - 1,
                               state=json.dumps(game.to_dict()), effects=effects)
            return outcome
