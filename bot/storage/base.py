"""The storage interface (DESIGN §3): what the service, delivery and scheduler may ask of a backend.

Nothing above this interface writes SQL. Every write that changes a game bumps its
`version` guarded by the version the change was computed from (`StaleVersion` otherwise)
and writes its `Effects` — outbox rows, re-planned jobs, a result — in the same transaction.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from bot.errors import StorageUnavailable
from bot.metrics import UNSAVED as UNSAVED_CHANGES
from bot.storage.rows import (
    ActionRow,
    BoardMessage,
    Effects,
    GameRow,
    JobRow,
    OutboxItem,
    OutboxRow,
    Rating,
    ResultSeat,
    SeatRow,
)

log = logging.getLogger(__name__)


Rater = Callable[[list[ResultSeat], dict[str, Rating]], list[Rating]]
"""A game's seats and the current ratings of their players (those rated before) -> the updated ratings."""


def migrations(backend: str) -> list[tuple[int, str]]:
    """A backend's numbered migrations (`migrations/<backend>/NNN_name.sql`), oldest first."""
    folder = resources.files("bot.storage") / "migrations" / backend
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Storage(ABC):
    outage: str | None = None
    """Why the database last failed to save, until a write succeeds again (said once in the log)."""
    held = False
    """While set, this process cannot say it is alive (PostgreSQL: its instance's beat does not get through): it
    sends nothing, runs no timer and answers every interaction that nothing can be saved (DESIGN §10)."""

    def unavailable(self, cause: str) -> StorageUnavailable:
        """A write failed for a reason of the database's own (disk full, read-only, gone): the cause is logged
        once per outage, the failure counted, and raised (the player reads `UNSAVED`)."""
        if cause != self.outage:
            log.warning("database_unavailable: %s; changes are rolled back until it can save again", cause)
            self.outage = cause
        UNSAVED_CHANGES.inc()
        return StorageUnavailable(cause)

    def saved(self) -> None:
        """A write succeeded: an outage, if any, is over."""
        if self.outage is not None:
            self.outage = None
            log.info("database_recovered: changes are saved again")

    @abstractmethod
    async def close(self) -> None: ...

    async def abandon(self) -> None:
        """Close at once, without waiting for what is under way: another process may run as this one now."""
        await self.close()

    @abstractmethod
    async def migrate(self) -> int:
        """Apply the migrations not yet applied; returns the schema version."""

    # -- games -----------------------------------------------------------------

    @abstractmethod
    async def create_game(self, *, game_type: str, guild_id: int | None, channel_id: int,
                          thread_id: int | None, created_by: int, options: dict[str, Any],
                          settings: dict[str, Any], seed: int, now: datetime) -> int: ...

    @abstractmethod
    async def load(self, game_id: int) -> GameRow | None: ...

    @abstractmethod
    async def active_in_channel(self, channel_id: int) -> int | None:
        """The open (lobby or running) game of a channel or thread: the table that holds its slot. A practice
        table (`bot.practice`) holds only its own thread's, never a channel's."""

    @abstractmethod
    async def games_of_user(self, user_id: int) -> list[int]: ...

    @abstractmethod
    async def set_seats(self, game_id: int, seats: list[SeatRow], *, expected_version: int, now: datetime,
                        effects: Effects | None = None) -> int:
        """Replace the seat list (lobby changes, seats passing to AI players); returns the new version."""

    @abstractmethod
    async def set_status(self, game_id: int, status: str, *, expected_version: int, now: datetime,
                         state: str | None = None, effects: Effects | None = None) -> int: ...

    @abstractmethod
    async def set_settings(self, game_id: int, settings: dict[str, Any], *, expected_version: int, now: datetime,
                           effects: Effects | None = None) -> int: ...

    @abstractmethod
    async def set_paused(self, game_id: int, reason: str | None, *, effects: Effects | None = None,
                         now: datetime) -> bool:
        """Pause (with a reason) or resume (None) a game; True when that changed anything, and only
        then are `effects` written."""

    @abstractmethod
    async def guild_settings(self, guild_id: int | None) -> dict[str, Any]:
        """A server's defaults for new tables ({} when it set none)."""

    @abstractmethod
    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

    @abstractmethod
    async def notify_setting(self, user_id: int) -> str | None:
        """A person's choice of DMs (None when they never chose); also read with every seat (`SeatRow.notify`)."""

    @abstractmethod
    async def set_notify(self, user_id: int, notify: str) -> None: ...

    @abstractmethod
    async def set_name(self, guild_id: int | None, user_id: int, name: str) -> None:
        """Remember what `user_id` is called in a server (None: outside one); seats read it (`SeatRow.known_as`)."""

    @abstractmethod
    async def names(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        """What each of these people is called in a server, for those the bot has seen there."""

    @abstractmethod
    async def meta(self, key: str) -> str | None:
        """A fact about the bot itself (not a game), such as the fingerprint of the commands it registered."""

    @abstractmethod
    async def set_meta(self, key: str, value: str) -> None: ...

    # -- moves -----------------------------------------------------------------

    @abstractmethod
    async def commit_move(self, game_id: int, *, expected_version: int, state: str, status: str, seat: int,
                          action: dict[str, Any], events: list[dict[str, Any]], interaction_id: str | None,
                          now: datetime, effects: Effects | None = None) -> int:
        """Append the action and write the new state in one transaction; returns the new version."""

    @abstractmethod
    async def truncate_actions(self, game_id: int, *, keep: int, expected_version: int, state: str,
                               now: datetime, effects: Effects | None = None) -> int:
        """Drop the log after `keep` actions and store the state they replay to (undo)."""

    @abstractmethod
    async def find_interaction(self, interaction_id: str) -> tuple[int, ActionRow] | None: ...

    @abstractmethod
    async def actions(self, game_id: int) -> list[ActionRow]: ...

    # -- results ---------------------------------------------------------------

    @abstractmethod
    async def finished_without_result(self) -> list[int]:
        """Finished games whose result was never written (finished before results were kept)."""

    @abstractmethod
    async def record_result(self, game_id: int, seats: list[ResultSeat], now: datetime) -> None: ...

    @abstractmethod
    async def tally(self, guild_id: int | None) -> list[tuple[str, int, int, int]]:
        """(game type, user, games won, games played) for every person with a result on this server."""

    @abstractmethod
    async def anonymize_user(self, user_id: int) -> int:
        """Remove a user's id from every stored game and result, drop their ratings and their own settings
        (their choice of DMs), and drop DMs not yet sent to them."""

    # -- ratings ---------------------------------------------------------------

    @abstractmethod
    async def unrated_results(self) -> list[int]:
        """Results not yet rated (a crash between a game's end and its rating), in the order they ended."""

    @abstractmethod
    async def rate_result(self, game_id: int, rate: Rater) -> bool:
        """Rate a finished game once: in one transaction, for its server and for all servers (scope 0),
        `rate` turns its seats and their players' current ratings into new ones, which are stored with the
        result's `rated` flag. False (and nothing written) when it was rated already or has no result."""

    @abstractmethod
    async def leaderboard(self, game_type: str, scope: int, limit: int) -> list[Rating]:
        """The best ratings of a game type in a scope (a server's id, or 0 for all servers), best first."""

    @abstractmethod
    async def ratings_of(self, player: str, scope: int) -> dict[str, Rating]:
        """A player's rating per game type in a scope."""

    # -- the outbox (read by delivery only) --------------------------------------

    @abstractmethod
    async def claim_outbox(self, *, now: datetime, owner: str, lease: timedelta, limit: int,
                           hold: timedelta, busy: Collection[int] = (), skip: Collection[int] = ()) -> list[OutboxItem]:
        """Lease the due rows nobody holds, oldest first. A game's board rows wait while it has an AI turn
        due within `hold` and its newest board row is younger than `hold` (an AI turn planned later, as when
        an AI waits for a person's answer to its offer, holds nothing): AI seats still moving come in the same board,
        however long their moves take together, so consecutive AI moves between two people's turns make one
        board. The board of a `busy` game, one with a change under way, waits too; no row of a `skip` game is
        taken (it is being delivered)."""

    @abstractmethod
    async def pending_boards(self, game_id: int, up_to: int) -> list[OutboxItem]:
        """The game's board rows not yet shown, up to a row id (they are shown together)."""

    @abstractmethod
    async def shown_boards(self, game_id: int, limit: int) -> list[OutboxItem]:
        """The game's latest board rows already shown (delivered, not given up), at most `limit`, oldest first:
        what the board message being edited shows (`bot.posting`)."""

    @abstractmethod
    async def newer_pending(self, item: OutboxItem) -> bool:
        """Whether a newer row of the same kind for the same target is waiting (this one is superseded)."""

    @abstractmethod
    async def outbox_done(self, ids: list[int], *, now: datetime, error: str | None = None) -> None:
        """Mark rows delivered (or given up, with the error)."""

    @abstractmethod
    async def outbox_retry(self, item_id: int, *, next_try: datetime, error: str, failed: bool = True) -> None:
        """Try the row again at `next_try`; `failed=False` when it only waits its turn (a recap for its final
        board), so its attempts, and the backoff after a real failure, do not grow meanwhile."""

    @abstractmethod
    async def emit(self, game_id: int, rows: list[OutboxRow], *, now: datetime, done_job: JobRow | None = None) -> None:
        """Write outbox rows for the game's current version (a reminder), finishing a job with them."""

    @abstractmethod
    async def refuse_dms(self, game_id: int, user_id: int, *, notice: OutboxRow, now: datetime) -> bool:
        """Remember that a player takes no DMs; the channel `notice` is written only the first time."""

    @abstractmethod
    async def board_message(self, game_id: int) -> BoardMessage | None: ...

    @abstractmethod
    async def record_board(self, game_id: int, board: BoardMessage, done: list[int], now: datetime,
                           caused: list[OutboxRow] | None = None) -> None:
        """The newest board message, the outbox rows it showed, and the rows it causes (the replaced board's
        strip), in one write: a crash cannot leave a replaced board live with nothing to strip it."""

    # -- jobs (run by the scheduler only) -----------------------------------------

    @abstractmethod
    async def claim_jobs(self, *, now: datetime, owner: str, lease: timedelta, limit: int) -> list[JobRow]:
        """Lease the due jobs nobody holds; a paused game's reminders and timeouts wait."""

    @abstractmethod
    async def finish_job(self, job: JobRow) -> None:
        """Delete the job if it is still the one planned for that version."""

    @abstractmethod
    async def retry_job(self, job: JobRow, *, due: datetime) -> None: ...

    @abstractmethod
    async def next_job_due(self) -> datetime | None:
        """When the next job is due; where other processes share the jobs, not before another's lease on it
        runs out (so a process does not poll in a loop while another runs the job)."""

    @abstractmethod
    async def next_outbox_try(self) -> datetime | None:
        """When the next outbox row is due; where other processes share the outbox, not before another's
        lease on it runs out."""

    @abstractmethod
    async def take_back(self, owner: str, lost: Callable[[], None] | None = None) -> None:
        """At start: refuse (`InstanceTaken`) when another live process runs as `owner`, else hold the name
        for this process's life and free the claims a previous run under it left, so they are served now
        rather than when their lease runs out.  `lost` is called should the name ever be taken from this
        process (it was taken for dead): it must stop."""

    @abstractmethod
    async def ping(self) -> None:
        """Raise unless the database answers (the health check)."""

    @abstractmethod
    async def games_running(self) -> int:
        """How many games are being played (the `frontier_games_running` gauge)."""

    @abstractmethod
    async def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` when another process sharing the database writes outbox rows or jobs, so that it
        delivers and schedules work it did not cause."""

    # -- housekeeping ------------------------------------------------------------

    @abstractmethod
    async def backup(self, target: Path) -> None:
        """A consistent copy of the database, safe while the bot runs."""

    @abstractmethod
    async def prune(self, *, before: datetime) -> int:
        """Delete finished and abandoned games last changed before a time (their results stay);
        returns how many."""
