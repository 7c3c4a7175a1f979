"""Settings from the environment, or from a `.env` file beside the project (README, Settings)."""

from __future__ import annotations

import os
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

    @property
    def database(self) -> str | Path:
        """What `open_storage` opens: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path


def _int_or_none(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value else None


def load_settings() -> Settings:
    """Read the settings; values already in the environment win over `.env`."""
    load_dotenv(override=False)
    env = os.environ
    return Settings(
        token=env.get("DISCORD_TOKEN", "").strip() or None,
        database_path=Path(env.get("DATABASE_PATH", "").strip() or "./data/frontier.sqlite3"),
        dev_guild_id=_int_or_none(env.get("DEV_GUILD_ID")),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        discord_api_base=env.get("DISCORD_API_BASE", "").strip() or None,
        discord_gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
        ai_pace_seconds=float(env.get("AI_PACE_SECONDS", "").strip() or 0),
        database_url=env.get("DATABASE_URL", "").strip() or None,
    )
