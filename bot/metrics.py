"""What an operator watches (README, Runbook): the bot's Prometheus metrics, through `prometheus_client`.

Counters are bumped where the thing happens (a move committed, a refusal, a Discord error, a retry);
the gauges that describe the database (outbox and job lag, games running) are read from it when
`/metrics` is scraped (`bot.health`), so they are true for the whole cluster, not one process.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import Counter, Gauge

from games.core import RuleError

MOVES = Counter("frontier_moves", "Moves committed (people's and AI seats'), by game type", ["game"])
REFUSALS = Counter("frontier_refusals", "Moves and table changes refused, by game type and refusal code",
                   ["game", "code"])
DISCORD_ERRORS = Counter("frontier_discord_errors", "Errors Discord answered the delivery worker with, by HTTP "
                         "status and Discord error code (status 0: no answer in time or a network fault)",
                         ["status", "code"])
DELIVERY_RETRIES = Counter("frontier_delivery_retries", "Outbox rows put back for another try, by kind", ["kind"])
DELIVERIES_IN_FLIGHT = Gauge("frontier_deliveries_in_flight", "Games whose messages this process is sending now")
OUTBOX_LAG = Gauge("frontier_outbox_lag_seconds", "How long the most overdue outbox row has been due (0: none)")
JOB_LAG = Gauge("frontier_job_lag_seconds", "How long the most overdue job has been due (0: none)")
GAMES_RUNNING = Gauge("frontier_games_running", "Games being played (running, paused included)")
LOOP_LAG = Gauge("frontier_event_loop_lag_seconds", "How late the event loop last ran a 1 s timer: time spent "
                 "blocked by work that should not run on it")
MALFORMED_REQUESTS = Counter("frontier_malformed_requests", "Requests to the metrics port that were not well-formed "
                             "HTTP (answered 400), by the kind of fault", ["kind"])
UNSAVED = Counter("frontier_unsaved_changes", "Changes the database could not save (disk full, read-only, gone)")


@contextmanager
def counting_refusals(game_type: str) -> Iterator[None]:
    """Count a refusal (a `RuleError`) raised inside, by the game's type and the refusal's code."""
    try:
        yield
    except RuleError as err:
        REFUSALS.labels(game_type, err.code).inc()
        raise
