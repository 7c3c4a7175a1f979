"""A throwaway PostgreSQL server for the tests and the bench: Debian's binaries, a temporary folder, loopback only.

The tests start one per session (so one per pytest-xdist worker), on a free port, with its socket
in its own folder. Tests share one database that is emptied before each (milliseconds, where a
new database takes a few hundred); a test of migrations asks for a database of its own. As root
the server runs as the unprivileged `postgres` user, since `initdb` refuses to run as root.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

SERVER_USER = "postgres"
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
"""A server thrown away after the tests needs no durability; these make it start and write fast. The bench
keeps PostgreSQL's durable defaults, as SQLite keeps synchronous=FULL, so that the two compare fairly."""


def find_bindir() -> Path | None:
    """The folder of `initdb` and `pg_ctl`: on PATH, else the newest under /usr/lib/postgresql."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One throwaway server; `start` it, ask `new_database` for each test, `stop` it at the end."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.settings = "" if durable else FAST
        self.root = Path(tempfile.mkdtemp(prefix="frontier-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self._names = itertools.count(1)
        self._shared: str | None = None
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam(SERVER_USER)
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", SERVER_USER, "--"]

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self._as, str(self.bindir / tool), *args], capture_output=True, text=True,
                              cwd=self.root, check=False)
        if done.returncode != 0:
            log = self.root / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}\n{tail}")

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        for attempt in range(3):  # the free port may be taken between choosing and binding it
            self.port = _free_port()
            options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 {self.settings}"
            try:
                self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")
                return
            except RuntimeError:
                if attempt == 2:
                    raise

    def restart(self) -> None:
        """Stop the server (its every session ended at once, as in a failover) and start it again on the same port,
        with the same options; returns once it accepts connections."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-m", "fast", "-w", "restart")

    def postmaster_pid(self) -> int:
        """The server's main process (the bench counts the CPU of it and its children)."""
        return int((self.data / "postmaster.pid").read_text().split("\n", 1)[0])

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"test_{next(self._names)}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return self.url(name)

    async def emptied_database(self) -> str:
        """The session's shared database with every table but the schema version emptied; its URL."""
        if self._shared is None:
            self._shared = await self.new_database()
            return self._shared
        con = await asyncpg.connect(self._shared)
        try:
            tables = [r[0] for r in await con.fetch("SELECT quote_ident(tablename) FROM pg_tables "
                                                    "WHERE schemaname = 'public' AND tablename <> 'schema_version'")]
            # DELETE, not TRUNCATE: a few test rows go in milliseconds, a TRUNCATE's new files take 100+
            await con.execute("".join(f"DELETE FROM {table};" for table in tables))
        finally:
            await con.close()
        return self._shared

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
