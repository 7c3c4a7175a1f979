"""How long processes waited for a core: the part of an interaction's 3 s that the machine, not the bot, spent.

Discord gives a bot 3 s to answer an interaction. On a loaded test machine (two cores, a parallel test run, a
CPU-heavy job beside it) the bot can be ready to answer and still wait for a core; that wait is the machine's,
not the bot's, and must not fail a test. Linux counts it per thread in `/proc/<pid>/task/<tid>/schedstat` (the
second field: nanoseconds spent runnable on a run queue, not running)."""

from __future__ import annotations

from pathlib import Path


def run_queue_seconds(pid: int) -> float | None:
    """The seconds every thread of a process has spent waiting for a core so far; None once the process is gone
    (or where Linux does not say)."""
    total, seen = 0, False
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
            seen = True
        except (OSError, IndexError, ValueError):  # a thread that ended between the listing and the read
            continue
    return total / 1e9 if seen else None
