"""Two real bot processes on one PostgreSQL, the shards split between them (issue 19, DESIGN §10).

Shard 0 (with DMs) is one process, shard 1 the other; three guilds spread over both. Games on
both processes' guilds are played to the end, partly by the buttons of the DMs that ask for a
move — which arrive on shard 0, so a game hosted on shard 1 is played through the other
process. Then the process holding the claim on a board is killed with SIGKILL while Discord is
slow to take it, and restarted at once (issue 26): under the same instance id, it takes its
claims back and posts the board within seconds, with the default two-minute lease; a second
live process under an id in use is refused at start. The game's jobs run on (the host's turn
times out, the AI seats play) and it plays to its end. Nothing is lost or doubled: each board
and DM once (per version, per nonce), and every game's action log replays to its stored state.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import STALE
from cogs import ids
from cogs.layout.moves import CONFIRM_FIRST, is_place
from tests.support.bot_process import BotProcess
from tests.support.channel_table import (
    Table,
    ai_turn_soon,
    board_versions,
    first_game,
    leave_to_ai_and_finish,
    pg_rows,
    psql,
    replays,
    seats_to_fill,
)
from tests.support.fake_discord import MESSAGES, FakeDiscord, Guild, InteractionRecord, StoredMessage
from tests.support.person import Person
from tests.support.postgres import PostgresServer
from tests.support.world import steps_in

pytestmark = pytest.mark.e2e
SHARDS = 2
RESTART_BUDGET = 5.0
"""Seconds after a killed process is back within which the claims it held are served (the lease is 120 s)."""


@dataclass
class Cluster:
    fake: FakeDiscord
    url: str
    processes: list[BotProcess]
    """Index = the shard each process owns."""
    guilds: list[Guild]
    """One guild on shard 0 (the first guild), two on shard 1."""

    def process_by_owner(self, owner: str) -> BotProcess:
        """The process whose claims these are: the default instance id ends with the shards it runs."""
        return self.processes[int(owner.rsplit("shards-", 1)[1])]


@pytest.fixture
async def cluster(fake: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer) -> AsyncIterator[Cluster]:
    """Two processes, each owning one of two shards, on one new PostgreSQL database; at the end, the
    strict `fake` saw nothing Discord would refuse and neither process logged an unhandled error."""
    url = await postgres_server.new_database()
    guilds = [fake.guild, fake.add_guild("South", shard=1), fake.add_guild("East", shard=1)]
    for guild in guilds[1:]:
        fake.add_text_channel("games", guild)
    processes = []
    for shard in range(SHARDS):
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        processes.append(BotProcess(fake, workdir, env={
            "DATABASE_URL": url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard), "DEV_GUILD_ID": ""}))
    await asyncio.gather(*(p.start() for p in processes))
    try:
        yield Cluster(fake, url, processes, guilds)
    finally:
        for process in processes:
            await process.stop()
    for process in processes:
        assert process.problems() == [], process.log_tail()


def channel_of(fake: FakeDiscord, guild: Guild) -> int:
    return next(c.id for c in guild.channels.values() if c.name == "games")


async def opened_table(cluster: Cluster, guild: Guild, host: Person, game_type: str) -> Table:
    """A started game in the guild's channel: the host and AI seats."""
    table = Table(cluster.fake, cluster.processes[0], host, host.channel_id)
    lobby = await table.open(game_type)
    await table.fill_with_ai_and_start(lobby, seats_to_fill(game_type, 1))
    return table


def shard_that_got(fake: FakeDiscord, record: InteractionRecord) -> int:
    """The shard whose gateway session the interaction was dispatched to."""
    (shard,) = {s.shard[0] for s in fake.gateway.sessions.values() for f in s.history
                if f.get("t") == "INTERACTION_CREATE" and f["d"]["id"] == str(record.id)}
    return shard


def drawn_for(component: dict[str, Any]) -> tuple[str, str]:
    """(game id, version) a move button or select was drawn for: fr:a:<game>:<version>:..."""
    parts = str(component.get("custom_id", "")).split(":")
    return (parts[2], parts[3]) if len(parts) > 3 and parts[1] in ("a", "s", "sb") else ("", "")


async def move_by_dm(table: Table) -> InteractionRecord:
    """The host makes a move with the buttons (or the select) of a DM: the one that asked for it, or the
    one whose panel the last move redrew."""
    fake, host = table.fake, table.host
    game: dict[str, Any] = {}

    def ask() -> StoredMessage | None:
        game.update(table.game())
        wanted = (str(game["id"]), str(game["version"]))
        return next((m for m in reversed(host.dms()) if any(drawn_for(c) == wanted for c in m.interactive())), None)

    message = await fake.wait_for(ask, timeout=60, what="a DM with the host's moves")
    wanted = (str(game["id"]), str(game["version"]))
    for _ in range(3):  # a long list is chosen place first: the place, then the move
        buttons = [b for b in message.buttons() if str(b.get("custom_id", "")).startswith(ids.MOVE.prefix)
                   and drawn_for(b) == wanted and "Resign" not in str(b.get("label"))]
        if buttons:
            record = await host.click(message, custom_id=buttons[0]["custom_id"])
            break
        options = [o for step in steps_in([c for c in message.interactive() if drawn_for(c) == wanted]).values()
                   for o in step]
        option = next((o for o in options if not o["value"].startswith(("p", "@", CONFIRM_FIRST))), None) or \
            next(o for o in options if is_place(o["value"]))  # a move, else a place
        record = await (host.click(message, custom_id=option["custom_id"]) if option["button"]
                        else host.select(message, [option["value"]], custom_id=option["custom_id"]))
        if not is_place(option["value"]):
            break
        edits = message.edits  # the place's moves come once the close-up of the place is drawn
        message = await fake.wait_for(lambda m=message, n=edits: (now := table.current(m)).edits > n and now,
                                      timeout=30, what="the chosen place's moves")
    else:
        raise AssertionError(f"no move on the DM panel: {message.content!r}")
    await fake.wait_for(lambda: table.game()["version"] > game["version"], timeout=30, what="the DM move")
    return record


async def move_by_play(table: Table) -> None:
    """The host's first offered move through /play (answered by the process of the game's guild). AI seats may
    move between the list and the pick (a discard, an offer): then, as the refusal says, the host picks again."""
    for _ in range(3):
        choices = await table.my_turn()
        record = await table.host.slash("play", channel_id=table.channel_id, action=choices[0]["value"])
        await table.fake.wait_for(lambda r=record: any(m.content and not m.loading for m in r.replies()),
                                  timeout=30, what="the answer to /play")
        if STALE not in " ".join(record.texts()):
            break
    assert "✓" in " ".join(record.texts()), record.texts()


def awaits_a_person(url: str, game_id: int) -> bool:
    """The game waits for a person: their timeout is planned and no AI turn is due soon — none at all, or
    only an AI's offer waiting minutes for the person's answer (read from the database, since the guild's
    process may be down and unable to answer)."""
    timeout = any(j["kind"] == "timeout" for j in pg_rows(url, f"SELECT kind FROM jobs WHERE game_id = {game_id}"))
    return timeout and not ai_turn_soon(url, game_id)


def nonces_posted_twice(fake: FakeDiscord) -> list[tuple[str, str]]:
    """(channel, nonce) sent more than once: every board, notice and DM carries its outbox row's nonce, so
    this is a row delivered twice (which Discord's nonce check would hide from players for a few minutes)."""
    posted = [(r.params["channel_id"], str(r.body["nonce"])) for r in fake.requests_to("POST", MESSAGES)
              if r.status == 200 and isinstance(r.body, dict) and r.body.get("nonce")]
    return sorted({p for p in posted if posted.count(p) > 1})


def board_trail(url: str, game_id: int) -> list[dict[str, Any]]:
    """A game's newest actions and outbox rows, to tell a board never delivered from one overtaken."""
    return [*pg_rows(url, "SELECT version, seat, action FROM actions "
                          f"WHERE game_id = {game_id} ORDER BY id DESC LIMIT 6"),
            *pg_rows(url, "SELECT id, kind, version, done_at, lease_owner, claims FROM outbox "
                          f"WHERE game_id = {game_id} ORDER BY id DESC LIMIT 6")]


@pytest.mark.fake_discord(shards=SHARDS)
async def test_two_processes_share_the_games_and_one_survives_the_other(cluster: Cluster) -> None:
    fake, url = cluster.fake, cluster.url
    game_type = first_game()
    alice = fake.add_user("alice", guilds=cluster.guilds)
    north, south, east = [await opened_table(cluster, guild, Person(fake, alice, channel_of(fake, guild)), game_type)
                          for guild in cluster.guilds]

    assert [fake.shard_of(g.id) for g in cluster.guilds] == [0, 1, 1]

    # Games on both processes' guilds, moved by DM buttons and /play, then ended. DM clicks arrive on shard 0,
    # so South's are made through the process that does not host its guild.
    for table in (north, south):
        clicked = [await move_by_dm(table) for _ in range(2)]
        assert {shard_that_got(fake, r) for r in clicked} == {0}
        await move_by_play(table)
        await leave_to_ai_and_finish(table, table.host)

    # The process holding the claim on East's next board dies while Discord holds the request, and is back at once.
    await move_by_dm(east)
    await fake.settle(quiet=0.5)
    game = east.game()
    held = fake.slow(delay=600, method=("POST", "PATCH"), route=(MESSAGES, f"{MESSAGES}/{{message_id}}"),
                     channel=east.channel_id)  # the board is posted, or edited in place (a move asking nobody new)
    await move_by_play(east)
    await fake.wait_for(lambda: held.hits == 1, timeout=30, what="the board's post, held by Discord")
    (claim,) = pg_rows(url, f"SELECT DISTINCT lease_owner, kind FROM outbox WHERE game_id = {game['id']} "
                            "AND target IS NULL AND done_at IS NULL AND lease_until > now()")
    assert claim["kind"] == "board", claim
    victim = cluster.process_by_owner(claim["lease_owner"])
    survivor = next(p for p in cluster.processes if p is not victim)
    boards = east.shown()
    assert victim.process is not None
    victim.process.send_signal(signal.SIGKILL)
    await victim.process.wait()
    assert victim.process.returncode == -signal.SIGKILL
    await fake.wait_for(lambda: fake.abandoned, timeout=10, what="the dead process's request to be dropped")
    await victim.start()
    back = time.monotonic()
    await fake.wait_for(lambda: east.shown() != boards, timeout=RESTART_BUDGET,
                        what="the restarted process to take its claim back and deliver the board")
    assert time.monotonic() - back <= RESTART_BUDGET

    # A second live process under an instance id in use is refused at start, in words.
    twin = BotProcess(fake, survivor.log_path.parent / "twin", env=survivor.extra_env)
    twin.log_path.parent.mkdir()
    with pytest.raises(RuntimeError, match="exited with 3"):
        await twin.start()
    assert "is in use by another live process" in twin.log() and "Traceback" not in twin.log()

    # The game's jobs run on: the host's turn times out (brought forward), the AI seats play.
    await fake.wait_for(lambda: awaits_a_person(url, game["id"]), timeout=30, what="the host's turn (no AI to move)")
    (host_seat,) = [s["seat"] for s in pg_rows(url, f"SELECT seat FROM seats WHERE game_id = {game['id']} "
                                                    f"AND user_id = {alice.id}")]

    def moves() -> tuple[int, int]:
        """(the host's, the AI seats') actions so far."""
        rows = pg_rows(url, f"SELECT seat = {host_seat} AS host, count(*) AS n FROM actions "
                            f"WHERE game_id = {game['id']} GROUP BY 1")
        counts = {r["host"]: r["n"] for r in rows}
        return counts.get(True, 0), counts.get(False, 0)

    (host_moves, by_ai) = moves()
    psql(url, f"UPDATE jobs SET due = now() WHERE game_id = {game['id']} AND kind = 'timeout'; "
              "NOTIFY frontier_work")
    await fake.wait_for(lambda: moves()[0] > host_moves, timeout=30, what="the timeout to play the host's turn")
    await fake.wait_for(lambda: moves()[1] > by_ai and awaits_a_person(url, game["id"]), timeout=30,
                        what="the AI seats to play their turns and hand it back to the host")
    await fake.wait_for(lambda: east.host.mention in east.latest_board().text(), timeout=30,
                        what="a board pinging the host")
    assert survivor.process is not None and survivor.process.returncode is None

    # The game goes on to its end.
    await move_by_play(east)
    await leave_to_ai_and_finish(east, east.host)

    await fake.settle(quiet=0.5)
    for table in (north, south, east):
        names = board_versions(table)
        assert len(names) == len(set(names)), f"a board was posted twice: {names}"
        final = table.game()
        assert names[-1].endswith(f"-v{final['version']}.png"), f"the last board shows the last version: " \
            f"{names[-4:]} {board_trail(url, final['id'])}"
        assert replays(url, final), f"game {final['id']}'s log replays to its state"
    assert nonces_posted_twice(fake) == [], "no outbox row was delivered twice"
    assert len(fake.abandoned) == 1
