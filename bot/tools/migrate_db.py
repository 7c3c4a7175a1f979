"""`python -m bot migrate-db`: move a SQLite database to PostgreSQL (DESIGN §10), then check the copy.

The source is brought to the newest SQLite schema and read in one transaction (one snapshot); the
target gets its own migrations, then every table is copied in one transaction, ids kept, and each
identity sequence is set past the highest id ever handed out (SQLite's AUTOINCREMENT counter, which
remembers pruned games, whose results stay). The copy is then checked: row counts per table, and a
replay of every running game's action log, which must give the stored state exactly.

Every statement on the target has the operator's time limit (`OPERATOR_SECONDS`), not the bot's 10 s: the copy is
one transaction, and a `TRUNCATE` or a count of a large table, or a batch behind a slow disk, would roll it all back.

Columns are converted by the target's column types, so a new table needs one line: its name in `TABLES`.
A table on either side that is not listed there stops the copy instead of being left behind.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg

from bot.errors import Refused
from bot.service import replay
from bot.storage import POSTGRES_SCHEMES, PostgresStorage, SqliteStorage
from bot.storage.postgres import OPERATOR_SECONDS

TABLES: tuple[str, ...] = ("games", "seats", "actions", "messages", "guild_settings", "user_settings", "people",
                           "outbox",
                           "jobs", "results", "result_seats", "ratings", "meta")
"""Every table of the schema, each after the tables its foreign keys point to: the one list that the copy,
the empty-target check and the count check read. A migration that adds a table adds its name here."""

BOOKKEEPING = frozenset({"schema_version", "instances"})
"""What each database keeps for itself, never copied: its applied migrations, and (PostgreSQL) the beats of the
processes running on it now."""

LEFT_BEHIND = {"games": frozenset({"remind_at", "reminded"})}
"""SQLite columns with no PostgreSQL counterpart: the turn timers that SQLite's migration 003 moved into jobs."""

BATCH = 1000


def _timestamp(value: Any) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "bigint": int, "integer": int, "smallint": int, "boolean": bool, "double precision": float, "real": float,
    "text": str, "timestamp with time zone": _timestamp,
}
"""SQLite's stored value -> what asyncpg writes, by the PostgreSQL column type (SQLite keeps moments as ISO
text and truth as 0/1)."""


def sqlite_path(source: str) -> Path:
    """The file a `sqlite:///path` URL (or a plain path) names."""
    if source.startswith(POSTGRES_SCHEMES):
        raise Refused(f"--from must be a SQLite file (sqlite:///path), not {source.split('@')[-1]!r}", "cannot_migrate")
    path = Path(source.removeprefix("sqlite:///"))
    if not path.is_file():
        raise Refused(f"There is no SQLite file at {path}.", "cannot_migrate")
    return path


@dataclass
class TableCount:
    table: str
    source: int
    target: int

    @property
    def ok(self) -> bool:
        return self.source == self.target


@dataclass
class Report:
    """What was copied and what the check found; `ok` when every count agrees and every replay matches."""

    counts: list[TableCount] = field(default_factory=list)
    sequences: dict[str, int] = field(default_factory=dict)
    """Identity column (table.column) -> the last id counted as handed out."""
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and all(c.ok for c in self.counts)

    def lines(self) -> list[str]:
        width = max([len(c.table) for c in self.counts] + [5])
        out = [f"{'table':<{width}}  {'SQLite':>9}  {'PostgreSQL':>10}"]
        out += [f"{c.table:<{width}}  {c.source:>9,}  {c.target:>10,}{'' if c.ok else '  MISMATCH'}"
                for c in self.counts]
        out += [f"sequence {name}: next id {last + 1:,}" for name, last in sorted(self.sequences.items())]
        out.append(f"replayed {self.replayed:,} running games from their action logs")
        out += [f"MISMATCH: {problem}" for problem in self.problems]
        out.append("OK: the copy matches." if self.ok else
                   f"FAILED: {sum(not c.ok for c in self.counts) + len(self.problems)} mismatches.")
        return out


async def _target_tables(con: asyncpg.Connection) -> dict[str, dict[str, str]]:
    """Every table of the target's public schema -> its columns and their types, in column order."""
    rows = await con.fetch("SELECT table_name, column_name, data_type FROM information_schema.columns "
                           "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position")
    tables: dict[str, dict[str, str]] = {}
    for r in rows:
        tables.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
    return tables


def _source_tables(db: sqlite3.Connection) -> dict[str, list[str]]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND name NOT LIKE 'sqlite!_%' ESCAPE '!'")]  # SQLite's own: sequences, stats
    return {name: [r[1] for r in db.execute(f'PRAGMA table_info("{name}")')] for name in names}


def _unlisted(side: str, tables: Any) -> None:
    unknown = sorted(set(tables) - set(TABLES) - BOOKKEEPING)
    if unknown:
        raise Refused(f"The {side} has tables migrate-db does not know: {', '.join(unknown)}. Add each to "
                      "TABLES in bot/tools/migrate_db.py (after the tables it refers to), so it is copied too.",
                      "cannot_migrate")


def _columns(table: str, source: list[str], target: dict[str, str]) -> list[tuple[str, Callable[[Any], Any]]]:
    """The columns to copy with their converters; refused where the two schemas disagree."""
    kept = [c for c in source if c not in LEFT_BEHIND.get(table, ())]
    if set(kept) != set(target):
        raise Refused(f"Table {table} differs: only in SQLite {sorted(set(kept) - set(target))}, "
                      f"only in PostgreSQL {sorted(set(target) - set(kept))}.", "cannot_migrate")
    unknown = sorted({t for t in target.values() if t not in CONVERTERS})
    if unknown:
        raise Refused(f"Table {table} has column types migrate-db cannot convert yet: {', '.join(unknown)}.",
                      "cannot_migrate")
    return [(c, CONVERTERS[target[c]]) for c in kept]


def _rows(db: sqlite3.Connection, table: str, columns: list[tuple[str, Callable[[Any], Any]]]
          ) -> Iterator[list[tuple[Any, ...]]]:
    """The table's rows in batches, converted for the target."""
    names = ", ".join(f'"{c}"' for c, _ in columns)
    cursor = db.execute(f'SELECT {names} FROM "{table}"')
    while batch := cursor.fetchmany(BATCH):
        yield [tuple(None if v is None else convert(v) for v, (_, convert) in zip(row, columns, strict=True))
               for row in batch]


async def _copy(db: sqlite3.Connection, con: asyncpg.Connection,
                replace: bool) -> tuple[dict[str, int], dict[str, int]]:
    """Copy every table (the caller holds the target's transaction): the source's row counts and the
    identity sequences set."""
    source, target = _source_tables(db), await _target_tables(con)
    _unlisted("SQLite file", source)
    _unlisted("PostgreSQL database", target)
    for side, tables in (("SQLite file", source), ("PostgreSQL database", target)):
        missing = [t for t in TABLES if t not in tables]
        if missing:
            raise Refused(f"The {side} has no table {', '.join(missing)} after its migrations.", "cannot_migrate")
    columns = {t: _columns(t, source[t], target[t]) for t in TABLES}
    filled = [t for t in TABLES if await con.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{t}")')]
    if filled and not replace:
        raise Refused(f"The PostgreSQL database already holds data (in {', '.join(filled)}); "
                      "pass --replace to empty it first, or choose an empty database.", "cannot_migrate")
    if filled:
        await con.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in TABLES))
    counts = {}
    for table in TABLES:
        counts[table] = 0
        for batch in _rows(db, table, columns[table]):
            await con.copy_records_to_table(table, records=batch, columns=[c for c, _ in columns[table]])
            counts[table] += len(batch)
    return counts, await _set_sequences(db, con)


async def _set_sequences(db: sqlite3.Connection, con: asyncpg.Connection) -> dict[str, int]:
    """Each identity sequence continues after the highest id SQLite handed out, so no id is used twice."""
    handed_out = dict(db.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
    done = {}
    for r in await con.fetch("SELECT table_name, column_name FROM information_schema.columns "
                             "WHERE table_schema = 'public' AND is_identity = 'YES'"):
        table, column = r["table_name"], r["column_name"]
        last = max(await con.fetchval(f'SELECT COALESCE(MAX("{column}"), 0) FROM "{table}"'),
                   int(handed_out.get(table) or 0))
        await con.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
                          table, column, max(last, 1), last > 0)
        done[f"{table}.{column}"] = last
    return done


def _state_difference(stored: dict[str, Any], replayed: dict[str, Any]) -> str:
    keys = sorted(k for k in stored.keys() | replayed.keys() if stored.get(k) != replayed.get(k))
    return ", ".join(keys[:5]) + (" …" if len(keys) > 5 else "")


async def verify(store: PostgresStorage, source_counts: dict[str, int]) -> Report:
    """Counts per table against the source's, and a replay of every running game against its stored state."""
    report = Report()
    for table in TABLES:
        target = await store.pool.fetchval(f'SELECT COUNT(*) FROM "{table}"')
        report.counts.append(TableCount(table, source_counts.get(table, 0), target))
    for game_id in [r[0] for r in await store.pool.fetch("SELECT id FROM games WHERE status = 'running' ORDER BY id")]:
        row = await store.load(game_id)
        assert row is not None and row.state is not None
        log = await store.actions(game_id)
        try:
            replayed = json.loads(json.dumps(replay(row, log).to_dict()))
        except Exception as err:  # any engine error is a broken log, reported with the others
            report.problems.append(f"game #{game_id} ({row.game_type}): its {len(log)} actions do not replay: {err}")
            continue
        stored = json.loads(row.state)
        if replayed != stored:
            report.problems.append(f"game #{game_id} ({row.game_type}): a replay of its {len(log)} actions differs "
                                   f"from the stored state in {_state_difference(stored, replayed)}")
        report.replayed += 1
    return report


async def migrate(source: str, target: str, *, replace: bool = False) -> Report:
    """Copy the SQLite database `source` into the PostgreSQL database `target` and check the copy."""
    path = sqlite_path(source)
    if not target.startswith(POSTGRES_SCHEMES):
        raise Refused(f"--to must be a PostgreSQL URL (postgresql://user@host/database), not {target!r}",
                      "cannot_migrate")
    await (await SqliteStorage.open(path)).close()  # the file's own migrations: the schema this code knows
    store = await PostgresStorage.open(target, call_seconds=OPERATOR_SECONDS)  # and the target's
    try:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("BEGIN")  # one snapshot of the whole file
            async with store.pool.acquire(timeout=OPERATOR_SECONDS) as con, con.transaction():
                counts, sequences = await _copy(db, con, replace)
        finally:
            db.close()
        report = await verify(store, counts)
        report.sequences = sequences
    finally:
        await store.close()
    return report
