"""Settings from the environment, or from a `.env` file beside the project (README, Settings)."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    discord_api_base: str | None
    """Test only: the REST base of a local fake Discord."""
    discord_gateway_url: str | None
    """Test only: the gateway of that fake (discord.py does not discover it for one shard)."""
    ai_pace_seconds: float = 0.0
    """How long an AI seat waits before it moves, so people can follow an AI's turn (0: at once)."""
    database_url: str | None = None
    """`postgresql://…` for several processes on one PostgreSQL; when set it wins over `database_path`."""
    shard_count: int | None = None
    """How many shards the bot runs as in all (None: as many as Discord recommends, all in this process)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process owns (None: every one of `shard_count`); needs `shard_count`."""
    claim_lease_seconds: float = 120.0
    """How long a process's claim on an outbox row or a job lasts: when it dies, another process takes its
    claims over once they run out. Longer than any delivery or job takes."""
    sync_commands: bool = True
    """Whether the process owning shard 0 registers changed slash commands at start (`python -m bot sync`
    always does)."""
    instance_id: str = ""
    """Who owns this process's claims on outbox rows and jobs: the same across its restarts, so a restarted
    process takes its claims back at once (`INSTANCE_ID`; by default the host and the shards it runs)."""
    discord_timeout_seconds: float = 20.0
    """The longest one Discord request of the delivery worker may take before it is retried."""
    delivery_concurrency: int = 16
    """How many games' messages are sent at once."""
    metrics_port: int | None = None
    """Where `/healthz` and `/metrics` are served (None: not served)."""
    metrics_host: str = "127.0.0.1"
    """The address they are served on (0.0.0.0 for a scraper on another machine)."""
    log_format: str = "text"
    """`text` lines, or `json` (one object a line, with the game id and kind of work)."""

    @property
    def owns_shard_0(self) -> bool:
        """DMs arrive on shard 0, and its owner is the one process that syncs commands at start."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def database(self) -> str | Path:
        """What `open_storage` opens: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path


class SettingsError(ValueError):
    """A setting that cannot be used as given; the message says which and what is expected."""


def _int_or_none(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value else None


def parse_shards(count_text: str | None, ids_text: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """`SHARD_COUNT` and `SHARD_IDS` ("0-3", "0,2,5" or "0-1,4"): a count of at least 1, ids within it,
    no id twice, and no ids without a count (discord.py cannot place them otherwise)."""
    count_text, ids_text = (count_text or "").strip(), (ids_text or "").strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise SettingsError(f"SHARD_COUNT={count_text!r}: expected a whole number of shards, 1 or more")
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise SettingsError(f"SHARD_IDS={ids_text!r} needs SHARD_COUNT, the number of shards of the whole bot "
                            "(every process of the cluster sets the same SHARD_COUNT)")
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.strip().isdigit()):
            raise SettingsError(f"SHARD_IDS={ids_text!r}: expected shard numbers and ranges such as 0-3 or 0,2,5")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise SettingsError(f"SHARD_IDS={ids_text!r}: the range {part.strip()} runs backwards")
        ids.extend(range(low, high + 1))
    outside = sorted({i for i in ids if i >= count})
    if outside:
        raise SettingsError(f"SHARD_IDS={ids_text!r}: shard {outside[0]} is outside SHARD_COUNT={count} "
                            f"(shards are numbered 0 to {count - 1})")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise SettingsError(f"SHARD_IDS={ids_text!r}: shard {twice[0]} is named twice")
    return count, tuple(sorted(ids))


def _seconds(name: str, value: str | None, default: float) -> float:
    value = (value or "").strip()
    try:
        seconds = float(value) if value else default
    except ValueError:
        seconds = -1.0
    if seconds <= 0:
        raise SettingsError(f"{name}={value!r}: expected a number of seconds above 0")
    return seconds


def _count(name: str, value: str | None, default: int, *, low: int = 1, high: int = 1_000_000) -> int:
    value = (value or "").strip()
    if not value:
        return default
    if not value.isdigit() or not low <= int(value) <= high:
        raise SettingsError(f"{name}={value!r}: expected a whole number from {low} to {high}")
    return int(value)


def _choice(name: str, value: str | None, choices: tuple[str, ...]) -> str:
    value = (value or "").strip().lower() or choices[0]
    if value not in choices:
        raise SettingsError(f"{name}={value!r}: expected one of {', '.join(choices)}")
    return value


def default_instance_id(shard_ids: tuple[int, ...] | None) -> str:
    """This host and the shards it runs: stable across restarts, distinct for the processes of a cluster
    on one host (each runs its own shards)."""
    shards = "all" if shard_ids is None else "shards-" + ",".join(map(str, shard_ids))
    return f"{socket.gethostname()}:{shards}"


def _switch(name: str, value: str | None) -> bool:
    value = (value or "").strip().lower()
    if value in ("", "on", "true", "yes", "1"):
        return True
    if value in ("off", "false", "no", "0"):
        return False
    raise SettingsError(f"{name}={value!r}: expected on or off")


def load_settings() -> Settings:
    """Read the settings; values already in the environment win over `.env`. Raises `SettingsError`."""
    load_dotenv(override=False)
    env = os.environ
    shard_count, shard_ids = parse_shards(env.get("SHARD_COUNT"), env.get("SHARD_IDS"))
    return Settings(
        token=env.get("DISCORD_TOKEN", "").strip() or None,
        database_path=Path(env.get("DATABASE_PATH", "").strip() or "./data/frontier.sqlite3"),
        dev_guild_id=_int_or_none(env.get("DEV_GUILD_ID")),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        discord_api_base=env.get("DISCORD_API_BASE", "").strip() or None,
        discord_gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
        ai_pace_seconds=float(env.get("AI_PACE_SECONDS", "").strip() or 0),
        database_url=env.get("DATABASE_URL", "").strip() or None,
        shard_count=shard_count,
        shard_ids=shard_ids,
        claim_lease_seconds=_seconds("CLAIM_LEASE_SECONDS", env.get("CLAIM_LEASE_SECONDS"), 120.0),
        sync_commands=_switch("SYNC_COMMANDS", env.get("SYNC_COMMANDS")),
        instance_id=env.get("INSTANCE_ID", "").strip() or default_instance_id(shard_ids),
        discord_timeout_seconds=_seconds("DISCORD_TIMEOUT_SECONDS", env.get("DISCORD_TIMEOUT_SECONDS"), 20.0),
        delivery_concurrency=_count("DELIVERY_CONCURRENCY", env.get("DELIVERY_CONCURRENCY"), 16),
        metrics_port=_count("METRICS_PORT", env.get("METRICS_PORT"), 0, low=1, high=65535) or None,
        metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
        log_format=_choice("LOG_FORMAT", env.get("LOG_FORMAT"), ("text", "json")),
    )
