"""The tests' throwaway PostgreSQL server lives in `bot.tools.pgserver`, where the bench starts one too."""

from bot.tools.pgserver import PostgresServer, find_bindir

__all__ = ["PostgresServer", "find_bindir"]
