"""Operator commands on the live database: a consistent backup, and pruning finished games.

Both are safe while the bot runs: the backup uses SQLite's online backup API, and pruning
deletes only finished or abandoned games in one transaction; their results stay, so
`/game stats` keeps counting them. On PostgreSQL a prune's statements have the operator's time limit
(`OPERATOR_SECONDS`), not the bot's 10 s: a year of games is deleted in one transaction, which a 10 s
limit would roll back whole. The bot's own calls, running beside it, keep their limit.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import Settings
from bot.errors import Refused
from bot.storage import open_storage
from bot.storage.postgres import OPERATOR_SECONDS
from games.grammar import plural

AGE = re.compile(r"^(?P<n>\d+)(?P<unit>[dhw])$")
UNITS = {"h": "hours", "d": "days", "w": "weeks"}


def parse_age(text: str) -> timedelta:
    """'90d', '12h' or '2w'."""
    match = AGE.match(text.strip())
    if match is None:
        raise Refused(f"{text!r} is not an age: write a number and a unit, e.g. 90d, 12h or 2w.", "bad_age")
    return timedelta(**{UNITS[match["unit"]]: int(match["n"])})


async def backup(settings: Settings, target: Path) -> str:
    if target.exists():
        raise Refused(f"{target} exists already; name a new file for the backup.", "backup_exists")
    storage = await open_storage(settings.database)
    try:
        await storage.backup(target)
    except NotImplementedError as err:
        raise Refused(str(err), "backup_elsewhere") from None
    finally:
        await storage.close()
    return f"Backed up {settings.database_path} to {target} ({target.stat().st_size:,} bytes)."


async def prune(settings: Settings, older_than: timedelta, *, now: datetime | None = None) -> str:
    storage = await open_storage(settings.database, call_seconds=OPERATOR_SECONDS)
    try:
        removed = await storage.prune(before=(now or datetime.now(UTC)) - older_than)
    finally:
        await storage.close()
    return f"Removed {plural(removed, 'finished or abandoned game')} last changed before " \
           f"{older_than.days} days ago; their results are kept."
