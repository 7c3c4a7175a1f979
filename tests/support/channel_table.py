"""A game table in the fake guild: people who open, fill and play a game through the bot's UI.

Everything is done as a person would: commands the bot registered, buttons it posted, the
channel read back. The only peek behind the curtain is the bot's SQLite file, read-only, to
know when a game has ended and to cross-check what the channel shows.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import games
from tests.support.bot_process import BotProcess
from tests.support.fake_discord import FakeDiscord, InteractionRecord, StoredMessage
from tests.support.person import Person
from tests.support.postgres import find_bindir
from tests.support.shipped import SHIPPED

MOVE_TIMEOUT = 60.0


def stored_rows(database: Path | str, table: str) -> list[dict[str, Any]]:
    """Rows of one of the bot's tables (read-only; WAL lets us read while it writes), from its SQLite file
    or its PostgreSQL database (a `postgresql://` URL, read with psql)."""
    if isinstance(database, str):
        return pg_rows(database, f"SELECT * FROM {table} ORDER BY 1")
    if not database.exists():
        return []
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as db:
        db.row_factory = sqlite3.Row
        return [dict(r) for r in db.execute(f"SELECT * FROM {table} ORDER BY rowid")]


def replays(database: Path | str, game: dict[str, Any]) -> bool:
    """Whether the game's stored action log, applied to a new game of its seed, gives its stored state."""
    seats = [s for s in stored_rows(database, "seats") if s["game_id"] == game["id"]]
    replayed = games.get_game(game["game_type"]).new(len(seats), seed=game["seed"],
                                                      options=json.loads(game["options"]))
    for action in sorted((a for a in stored_rows(database, "actions") if a["game_id"] == game["id"]),
                         key=lambda a: a["seq"]):
        replayed.apply(action["seat"], json.loads(action["action"]))
    return replayed.to_dict() == json.loads(game["state"])


def ai_turn_soon(database: Path | str, game_id: int) -> bool:
    """Whether an AI seat of the game is to move within a minute. An AI whose trade offer waits for a person's
    answer has its turn planned `offer_minutes` ahead: the game then waits for the person, as when no AI turn
    is planned at all."""
    soon = datetime.now(UTC) + timedelta(minutes=1)
    return any(job["kind"] == "ai_turn" and datetime.fromisoformat(job["due"]) < soon
               for job in stored_rows(database, "jobs") if job["game_id"] == game_id)


def psql(url: str, sql: str) -> str:
    """Run SQL with `psql` (so that a test's synchronous checks can use PostgreSQL); what it printed."""
    bindir = find_bindir()
    client = shutil.which("psql") or (bindir and str(bindir / "psql"))
    assert client, "PostgreSQL's client (psql) is not installed"
    done = subprocess.run([client, url, "-AtqX", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def pg_rows(url: str, query: str) -> list[dict[str, Any]]:
    """A query's rows as dicts."""
    rows: list[dict[str, Any]] = json.loads(psql(url, f"SELECT COALESCE(json_agg(r), '[]') FROM ({query}) r"))
    return rows


@dataclass
class Table:
    fake: FakeDiscord
    bot: BotProcess
    host: Person
    channel_id: int
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    human_moves: int = 0

    # --- reading the channel --------------------------------------------------------------

    def messages(self) -> list[StoredMessage]:
        return self.fake.channel_messages(self.channel_id)

    def boards(self) -> list[StoredMessage]:
        """Public messages that carry a picture: the board posts (a game's recap has its own picture)."""
        return [m for m in self.messages() if m.pngs() and not any(a.filename.endswith("-recap.png")
                                                                   for a in m.attachments)]

    def latest_board(self) -> StoredMessage:
        boards = self.boards()
        assert boards, "no board picture in the channel"
        return boards[-1]

    def shown(self) -> tuple[int, int]:
        """How many boards are posted, and how often the newest was edited: it changes when a board is delivered."""
        return len(self.boards()), self.latest_board().edits

    def game(self) -> dict[str, Any]:
        places = ("channel", "thread", "channel_id", "thread_id")
        rows = [g for g in stored_rows(self.bot.database, "games") if self.channel_id in [g.get(k) for k in places]]
        assert rows, "the bot stored no game for this channel"
        return rows[-1]

    def hosts_turn_come(self) -> bool:
        """Whether the game waits on its host: a board pings them, or they are to move only to decline an AI's
        offer they cannot take (nobody is pinged for that, DESIGN §5; the AI waits `offer_minutes` on them)."""
        if self.host.mention in self.latest_board().text():
            return True
        row = self.game()
        seat = next(s["seat"] for s in stored_rows(self.bot.database, "seats")
                    if s["game_id"] == row["id"] and s["user_id"] == self.host.user.id)
        game = games.get_game(row["game_type"]).from_dict(json.loads(row["state"]))
        return seat in game.to_move() and game.only_declines(seat)

    def moves_of(self, seat: int) -> int:
        """How many actions the bot stored for a seat of this table's game."""
        game_id = self.game()["id"]
        actions = stored_rows(self.bot.database, "actions")
        return sum(1 for a in actions if a["game_id"] == game_id and a["seat"] == seat)

    def over(self) -> bool:
        return self.game()["status"] == "finished"

    # --- lobby ----------------------------------------------------------------------------

    async def open(self, game_type: str) -> StoredMessage:
        """`/game new` for `game_type`; returns the lobby message (the one with a Start button)."""
        new = self.host.command("game", self.channel_id)
        sub = next(o for o in new["options"] if o["name"] == "new")
        option = next(o for o in sub.get("options", []) if o["name"] in ("game", "game_type", "type"))
        record = await self.host.slash("game new", channel_id=self.channel_id, thread=False,
                                       **{option["name"]: game_type})
        return await self.lobby(record)

    async def lobby(self, record: InteractionRecord) -> StoredMessage:
        def find() -> StoredMessage | None:
            for msg in reversed(self.fake.channel_messages(self.channel_id)):
                if any(str(b.get("label", "")).startswith("Start") for b in msg.buttons()):
                    return msg
            return None
        return await self.fake.wait_for(find, what=f"a lobby with a Start button (answer: {record.texts()})")

    async def fill_with_ai_and_start(self, lobby: StoredMessage, seats: int) -> StoredMessage:
        for _ in range(seats):
            shown = self.current(lobby)
            add = next(s for s in shown.selects() if str(s.get("placeholder", "")).startswith("Add an AI"))
            await self.host.select(shown, ["normal"], custom_id=add["custom_id"])
            await self.fake.settle(quiet=0.2)
        await self.host.click(self.current(lobby), "Start")
        return await self.fake.wait_for(lambda: self.boards() and self.boards()[-1], timeout=MOVE_TIMEOUT,
                                        what="the first board")

    def current(self, message: StoredMessage) -> StoredMessage:
        """The message as it is now (the fake edits stored messages in place)."""
        found = self.fake.find_message(message.id)
        assert found is not None and not found.deleted
        return found

    # --- play -----------------------------------------------------------------------------

    async def my_choices(self, person: Person) -> list[dict[str, Any]]:
        return await person.autocomplete("play", "action", "", channel_id=self.channel_id)

    async def my_turn(self) -> list[dict[str, Any]]:
        """Wait until the host has moves to make (the AI seats may be moving first); the moves /play offers."""
        for _ in range(200):
            choices = await self.my_choices(self.host)
            if choices:
                return choices
            await asyncio.sleep(0.3)
        raise AssertionError("the host's turn never came")

    async def play_one(self, person: Person) -> InteractionRecord | None:
        """One move through `/play`: a random one of the offered actions; None when none is offered."""
        choices = await self.my_choices(person)
        if not choices:
            return None
        choice = self.rng.choice(choices)
        boards_before = len(self.boards())
        record = await person.slash("play", channel_id=self.channel_id, action=choice["value"])
        await self.fake.wait_for(lambda: len(self.boards()) > boards_before, timeout=MOVE_TIMEOUT,
                                 what=f"a board after {choice['name']!r} ({record.texts()})")
        self.human_moves += 1
        return record

    async def play_to_the_end(self, people: list[Person], *, max_moves: int = 3000) -> None:
        for _ in range(max_moves):
            await self.fake.settle(quiet=0.3, timeout=MOVE_TIMEOUT)
            if self.over():
                return
            moved = [p for p in people if await self.play_one(p) is not None]
            if not moved:
                await self.fake.settle(quiet=1.0, timeout=MOVE_TIMEOUT)
                if self.over():
                    return
                raise AssertionError(f"nobody can move and the game is not over; last posts: "
                                     f"{[m.text() for m in self.messages()[-3:]]}")
        raise AssertionError(f"the game did not end within {max_moves} human moves")


def first_game() -> str:
    """The game the single-game scenarios use (they need one shipped game)."""
    if not SHIPPED:
        pytest.skip("no game is shipped yet")
    return SHIPPED[0]


def seats_to_fill(game_type: str, humans: int) -> int:
    """AI seats to add so that `humans` people make a game of `game_type`."""
    cls = games.get_game(game_type)
    return max(cls.min_players - humans, 0)


async def hosts_turn(fake: FakeDiscord, bot: BotProcess) -> Table:
    """A running game of the first shipped game in the fake's channel: alice hosts, AI seats fill the rest, and
    her turn has come (the board as the table's settings post it)."""
    game_type = first_game()
    table = Table(fake, bot, Person(fake, fake.add_user("alice")), fake.channel.id)
    await table.fill_with_ai_and_start(await table.open(game_type), seats_to_fill(game_type, 1))
    await table.my_turn()
    return table


async def every_move_posted(table: Table) -> None:
    """The table's boards are posted after every move (`board: new`), so that each move's board can be told
    apart (the default edits the board while nobody new is asked)."""
    await table.host.slash("game settings", channel_id=table.channel_id, board="new")


async def started_table(fake: FakeDiscord, bot: BotProcess, game_type: str, *guests: Person) -> Table:
    """A started game in the first channel: alice hosts, the guests join, AI seats fill the rest; a board
    after every move (`every_move_posted`)."""
    host = Person(fake, fake.add_user("alice"))
    table = Table(fake, bot, host, fake.channel.id)
    lobby = await table.open(game_type)
    await every_move_posted(table)
    for guest in guests:
        await guest.click(table.current(lobby), "Join")
    await table.fill_with_ai_and_start(lobby, seats_to_fill(game_type, 1 + len(guests)))
    return table


async def leave(table: Table, person: Person) -> None:
    """/game leave, and Yes to its "Are you sure?"; unless the game is over by then, when there is no seat left
    to leave: a person's moves can lose a two-seat game of Colonies (COL-R39, R40), and once one person has left,
    the AI in their seat can end the game before the next one leaves."""
    asked = await person.slash("game leave", channel_id=table.channel_id)
    reply = asked.replies()[-1]
    if not reply.buttons():
        assert table.over(), f"/game leave asked nothing in a running game: {reply.text()}"
        return
    confirmed = await person.click(reply, "Yes, leave")
    said = " ".join(confirmed.texts())
    assert said.startswith("Done") or table.over(), f"the leave did not take: {said!r}"


async def leave_to_ai_and_finish(table: Table, *people: Person) -> None:
    """Everyone named leaves (AI players take their seats), then the AI seats play the game out."""
    for person in people:
        await leave(table, person)
        await table.fake.settle()
    # The board first: the fake checks this after every request, and reading the database (psql on PostgreSQL)
    # blocks the fake's loop, which slowed a whole AI game's requests past the timeout on a loaded machine.
    await table.fake.wait_for(lambda: "game over" in table.latest_board().text().lower() and table.over(),
                              timeout=120, what="the AI seats to finish the game and the final board")


async def move_told(table: Table) -> str:
    """The host plays the first move offered through /play; returns what the bot answered them."""
    choice = (await table.my_choices(table.host))[0]
    record = await table.host.slash("play", channel_id=table.channel_id, action=choice["value"])
    await table.fake.wait_for(lambda: any(m.content and not m.loading for m in record.replies()), timeout=30,
                              what="the answer to /play")
    return " ".join(record.texts())


def board_versions(table: Table) -> list[str]:
    """The picture names of the board posts (each names its game version), oldest first."""
    return [a.filename for board in table.boards() for a in board.attachments]
