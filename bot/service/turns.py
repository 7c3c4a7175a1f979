"""What the scheduler and delivery call: due jobs (AI turns, reminders, timeouts), AI moves run at once,
the catch-up at start-up, and delivery's bookkeeping (closed DMs, a channel out of reach)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

from bot import outbox
from bot.errors import Refused
from bot.outcome import Outcome
from bot.practice import idle_line, is_practice
from bot.seats import ai_level, player_of
from bot.service.kernel import STALE_CODE, Change, awaiting_answer, engine_of, info_of
from bot.service.play import Play
from bot.settings import with_defaults
from bot.storage import Effects, GameRow, JobKind, JobRow, SeatRow
from games.core import Action, Game

PASS_TYPES = ("pass", "end_turn", "skip")
"""Action types that the `skip` policy may play for an absent player, where a game lists one."""
MAX_TIMED_OUT_ACTIONS = 200
"""A timed-out turn is played to its end; this only bounds a game that never ends a turn."""
def taken_over(seat: SeatRow, level: str) -> SeatRow:
    """A person's seat once an AI of `level` plays it for good (they left, or forfeited at a timeout)."""
    return dataclasses.replace(seat, is_ai=True, left=True, level=level)


def taken_over_line(seat: SeatRow, level: str, what: str) -> str:
    """The board's line when a person's seat passes to an AI of `level` for good: who, what they did, and the
    AI named as every message names it ("Cleo (AI hard, yellow)"); no mention, since they need not act."""
    return f"{player_of(seat)} {what}; {player_of(taken_over(seat, level))} plays their seat from now on."


RESULTS_KEPT = "repair:results-of-old-games"
"""The `meta` key that says the results of games finished before results were kept have been written."""


class Turns(Play):
    async def run_job(self, job: JobRow) -> str:
        """Run one due job; a job planned for a version the game has left does nothing, also when another
        process changed the game while the job ran (its write is refused as stale; that change planned the
        game's jobs anew). Returns what it did."""
        async with self._locked(job.game_id):
            row = await self.storage.load(job.game_id)
            if row is None or row.status != "running" or row.version != job.for_version:
                return "stale"
            game = engine_of(row)
            assert game is not None
            try:
                return await JOB_HANDLERS[JobKind(job.kind)](self, Change(row, self.clock), game, job)
            except Refused as err:
                if err.code != STALE_CODE:
                    raise
                return "stale"  # another process changed the game after the load: the jobs it planned go on

    async def _ai_turn(self, change: Change, game: Game, job: JobRow) -> str:
        # impatient: when only an AI awaiting an answer is left to move, this is the job planned at its wait's end
        if await self._ai_move(change, game, patient=False):
            return "moved"
        # Only a running game written before jobs existed has an AI turn planned with no AI to move (a storage
        # migration planned it): its timers are planned now.
        _, effects = self._next_row(change.row, game)
        if not effects.jobs:
            return "no AI to move"
        await change.write(self.storage.set_settings, change.row.settings, effects=effects)
        return "no AI to move: the turn's timers planned"

    async def _remind(self, change: Change, game: Game, job: JobRow) -> str:
        row = change.row
        if row.deadline and datetime.fromisoformat(row.deadline) <= self.clock():
            await change.write(self.storage.emit, [], versioned=False, done_job=job)
            return "too late to remind: the timeout is due"
        await change.write(self.storage.emit, outbox.reminder(info_of(row, game)), versioned=False, done_job=job)
        return "reminded"

    async def _timeout(self, change: Change, game: Game, job: JobRow) -> str:
        if is_practice(change.row.settings):  # its learner left it alone for `IDLE`: it ends, said in one line
            await self._abandoned(change, idle_line())
            return "practice table ended: idle"
        await self._time_out(change, game)
        return "timed out"

    async def _abandoned(self, change: Change, *lines: str) -> None:
        """The game ends without a result: its `lines` said, its board loses its buttons, its timers go."""
        running = change.row.status == "running"
        effects = Effects(outbox=[*map(outbox.notice, lines), outbox.retire()] if running else [], jobs=[],
                          release=True)
        await change.write(self.storage.set_status, "abandoned", effects=effects)

    async def _ai_move(self, change: Change, game: Game, *, before_lines: Sequence[str] = (),
                       patient: bool = True) -> Outcome | None:
        """One move of the first AI seat to move, at the seat's level. An AI awaiting people's answer to its
        offer moves last, and only when not `patient` (its wait is over)."""
        row = change.row
        waiting = awaiting_answer(row, game)
        movers = sorted((s for s in row.seats if s.is_ai and s.seat in game.to_move()
                         and not (patient and s.seat == waiting)), key=lambda s: (s.seat == waiting, s.seat))
        if not movers:
            return None
        action = await self._choose(row, game, movers[0].seat, ai_level(movers[0]))
        return await self._apply(change, game, movers[0].seat, action, before_lines=before_lines)

    async def _choose(self, row: GameRow, game: Game, seat: int, level: str) -> Action:
        """An AI's move for `seat` (seeded by the game and its version, so a rerun agrees): the quick levels in
        place, the hard one searching in a worker process for `think_seconds`, never on the event loop."""
        return await self.thinking.choose(game, seat, level, self.think_seconds, seed=row.seed * 31 + row.version)

    async def advance_ai(self, game_id: int, *, limit: int = 2000) -> Outcome | None:
        """Let AI seats move now until a person is to move or the game ends (the ai_turn jobs, run at once:
        for tests, local tools and the bench)."""
        merged_outcome: Outcome | None = None
        for _ in range(limit):
            async with self.change(game_id) as change:
                game = engine_of(change.row)
                if change.row.status != "running" or game is None:
                    break
                outcome = await self._ai_move(change, game)
            if outcome is None:
                break
            merged_outcome = outcome if merged_outcome is None else merged_outcome.then(outcome)
        return merged_outcome

    async def _time_out(self, change: Change, game: Game) -> None:
        """The table's policy for every person still to move at the deadline."""
        row = change.row
        settings = with_defaults(row.settings)
        policy, level = settings["policy"], settings["ai_level"]
        late = [s for s in row.seats if s.seat in game.to_move() and not s.is_ai]
        if policy == "forfeit":
            seats = [taken_over(s, level) if s in late else s for s in row.seats]
            await self._seats_to_ai(change, seats, [taken_over_line(s, level, "ran out of time and forfeits")
                                                    for s in late])
            return
        for seat in late:
            if game.over or seat.seat not in game.to_move():
                continue
            for count in range(MAX_TIMED_OUT_ACTIONS):  # the seat's whole turn, not one action of it
                legal = game.legal_actions(seat.seat)
                passes = [a for a in legal if a.get("type") in PASS_TYPES] if policy == "skip" else []
                action = passes[0] if passes else await self._choose(change.row, game, seat.seat, level)
                how = "passes" if passes else f"an AI ({level}) plays for them"
                said = [] if count else [f"{player_of(seat)} ran out of time: {how}."]
                await self._apply(change, game, seat.seat, action, before_lines=said)
                change = Change(await self._row(row.id), self.clock)
                if game.over or game.to_move() != {seat.seat}:
                    break  # the turn passed on (or others are asked): it is theirs now

    async def recover(self) -> int:
        """At start-up: rate the results not rated yet (a crash between a game's end and its rating; oldest
        first), and once per database write the results of games finished before results were kept. Returns
        how many games it touched.

        That last repair is not a SQL migration because a result (winners, places) is the game engine's
        reading of the stored state; the other repair of that era, AI turns for running games written before
        jobs existed, is one (`migrations/*/…_ai_turns_of_old_games.sql`)."""
        touched = 0
        if await self.storage.meta(RESULTS_KEPT) is None:
            for game_id in await self.storage.finished_without_result():
                row = await self._row(game_id)
                _, effects = self._next_row(row, engine_of(row), status="finished")
                if effects.result is not None:
                    await self.storage.record_result(game_id, effects.result, self.clock())
                    touched += 1
            await self.storage.set_meta(RESULTS_KEPT, self.clock().isoformat())
        for game_id in await self.storage.unrated_results():
            touched += await self._rate(game_id)
        return touched

    # -- delivery's bookkeeping ----------------------------------------------------

    async def refuse_dms(self, game_id: int, user_id: int) -> None:
        """A player's DMs are closed: from now on their hand is only behind the My hand button (told once)."""
        if await self.storage.refuse_dms(game_id, user_id, notice=outbox.dms_refused(user_id), now=self.clock()):
            self._changed()

    async def pause(self, game_id: int, why: str) -> bool:
        """The game's channel cannot be reached: no turn times out until it can; the host is told by DM once."""
        async with self.change(game_id) as change:
            row = change.row
            effects = Effects(outbox=[outbox.paused(info_of(row, None), why)] if row.created_by else [])
            return await change.write(self.storage.set_paused, why, versioned=False, effects=effects)

    async def resume(self, game_id: int) -> bool:
        """Delivery works again: the turn's timers restart from now."""
        async with self.change(game_id) as change:
            row = change.row
            if row.paused is None:
                return False
            _, effects = self._next_row(dataclasses.replace(row, paused=None), engine_of(row))
            effects.outbox = [outbox.notice("I can post here again; the game goes on.")]
            await change.write(self.storage.set_paused, None, versioned=False, effects=effects)
        return True


JobHandler = Callable[[Turns, Change, Game, JobRow], Awaitable[str]]
JOB_HANDLERS: dict[JobKind, JobHandler] = {
    JobKind.AI_TURN: Turns._ai_turn,
    JobKind.REMIND: Turns._remind,
    JobKind.TIMEOUT: Turns._timeout,
}
"""What each kind of job does (`bot.storage.JobKind`)."""
