"""PostgreSQL calls that end (DESIGN §10): every statement and every wait for a pool connection has a time limit,
so nothing waits for ever on a server that stalls or a link that drops every packet, and a call that fails for
the server's sake fails one way, as `StorageUnavailable`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import asyncpg

from bot.errors import StorageUnavailable

CALL_SECONDS = 10.0
"""The longest one statement (asyncpg's `command_timeout`), or the wait for a pool connection, may take. A move
slower than this is told it was not saved; a cancelled statement's clean-up is bounded by it too."""
UNAVAILABLE = (OSError, TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
               asyncpg.InternalClientError,
               asyncpg.exceptions.ReadOnlySQLTransactionError, asyncpg.exceptions.InsufficientResourcesError,
               asyncpg.exceptions.OperatorInterventionError, asyncpg.exceptions.CannotConnectNowError)
"""Failures of the server or the way to it (gone, silent past a time limit, read-only, disk full, shutting down),
not of our SQL. asyncpg's `InternalClientError` ("cannot switch to state …; another operation is in progress") is
what a statement meets on a pool connection whose session the server has just ended (a failover, a restart: its
last error read, its close not yet); our code never shares a connection between two calls, so nothing else
raises it."""


class Calls:
    """The pool's one-statement calls, each waiting at most `seconds` for a connection (the statement's own limit
    is the pool's `command_timeout`); a failure of the server or the link raises what `fail` makes of it."""

    def __init__(self, pool: asyncpg.Pool, fail: Callable[[str], StorageUnavailable], seconds: float) -> None:
        self.pool = pool
        self.fail = fail
        self.seconds = seconds

    async def fetch(self, query: str, *args: Any) -> list[asyncpg.Record]:
        result: list[asyncpg.Record] = await self._call("fetch", query, args)
        return result

    async def fetchrow(self, query: str, *args: Any) -> asyncpg.Record | None:
        return await self._call("fetchrow", query, args)

    async def fetchval(self, query: str, *args: Any) -> Any:
        return await self._call("fetchval", query, args)

    async def execute(self, query: str, *args: Any) -> str:
        status: str = await self._call("execute", query, args)
        return status

    async def _call(self, method: str, query: str, args: tuple[Any, ...]) -> Any:
        try:
            async with self.pool.acquire(timeout=self.seconds) as con:
                return await getattr(con, method)(query, *args)
        except UNAVAILABLE as err:
            raise self.fail(f"PostgreSQL: {err!r}") from err


class Cut:
    """The pool's way to open a connection (asyncpg's `connect=`), until `cut()`: from then on none is opened, and
    one being opened (over a link that drops every packet, until its time limit) is given up at once. Cutting the
    pool's connections ends every statement under way; this ends every wait for a connection too."""

    def __init__(self) -> None:
        self._cut = asyncio.Event()

    def cut(self) -> None:
        self._cut.set()

    async def connect(self, *args: Any, **kwargs: Any) -> asyncpg.Connection:
        if self._cut.is_set():
            raise asyncpg.InterfaceError("the storage was abandoned")
        opening = asyncio.ensure_future(asyncpg.connect(*args, **kwargs))
        cut = asyncio.ensure_future(self._cut.wait())
        try:
            await asyncio.wait({opening, cut}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            cut.cancel()
            if not opening.done():
                opening.cancel()
        if opening.cancelled() or not opening.done():
            raise asyncpg.InterfaceError("the storage was abandoned")
        return opening.result()
