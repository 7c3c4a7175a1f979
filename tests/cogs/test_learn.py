"""`/game learn` (issue 35, DESIGN §5): for each game a practice table against easy AI seats, played to the end
by clicking the move panel's components (the person takes the coach's suggestion each time); a coach line on
every one of the person's decisions, each first-time explanation exactly once, and nothing rated."""

from __future__ import annotations

import json

import pytest

from bot.practice import AI_LEVEL, NOT_RATED
from bot.storage import user_player
from games.coach import COACH, COACHES, suggestion
from games.core import get_game
from tests.support.clicking import wait_for_people
from tests.support.fake_discord import StoredMessage
from tests.support.inspector import jobs_of
from tests.support.person import Person
from tests.support.suggested import click_move
from tests.support.world import World

SEEDS = {"catan": 20261128, "roam": 15}
"""The practice game's seed (else 20261127): every move after it is the person's (the coach's suggestion) or an
easy AI's (seeded by the game), so the game and the mechanics it meets are the same each run; these seeds were
picked for games that meet every mechanic the coach explains."""
DECISIONS = 2000
"""The most decisions of the person a game takes here before the test calls it endless."""
SEEN = {"catan": {"the robber", "a discard"}, "roanoke": {"a season check"}, "roam": {"a tie bid"},
        "colonies": {"a Threat"}, "small_islands": {"a landing", "the reward"}}
"""The mechanics each game's practice game (at its seed) meets, every one explained once."""


def thread_messages(world: World, thread_id: int) -> list[StoredMessage]:
    return world.fake.channel_messages(thread_id)


def boards(world: World, thread_id: int) -> list[StoredMessage]:
    return [m for m in thread_messages(world, thread_id) if m.pngs()
            and not any(a.filename.endswith("-recap.png") for a in m.attachments)]


async def opened(world: World, game: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Person, int, int]:
    """Alice runs `/game learn`; returns her in the practice table's thread, the thread, and the game."""
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: SEEDS.get(game, 20261127))
    alice = world.person("alice")
    record = await alice.slash("game learn", game=game)
    await world.settle()
    thread = next(c for c in world.fake.channels.values() if c.is_thread)
    assert f"<#{thread.id}>" in " ".join(record.texts()), "the practice table opens in its own thread"
    info = await world.bot.service.game_in_channel(thread.id)
    assert info is not None and info.settings["practice"]
    assert [s.level for s in info.seats if s.is_ai] == [AI_LEVEL] * (get_game(game).min_players - 1)
    return Person(world.fake, alice.user, thread.id), thread.id, info.id


@pytest.mark.parametrize("game", sorted(COACHES))
async def test_a_practice_game_is_coached_to_the_end_and_not_rated(world: World, game: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    alice, thread, game_id = await opened(world, game, monkeypatch)
    service = world.bot.service
    decisions = 0
    for _ in range(DECISIONS):
        if not await wait_for_people(world, game_id):
            break
        row = await service.storage.load(game_id)
        assert row is not None
        engine = get_game(game).from_dict(json.loads(row.state))
        seat = next(s.seat for s in row.seats if s.user_id == alice.user.id)
        pick = suggestion(engine, seat)
        record = await alice.click(boards(world, thread)[-1], "Your move")
        panel = await world.fake.wait_for(lambda r=record: next((m for m in r.replies() if not m.loading), None),
                                          what="the move panel")
        await world.settle()
        coached = [line for line in panel.text().splitlines() if line.startswith(f"{COACH} **Coach:**")]
        assert len(coached) == 1 and f"**{engine.describe(pick)}**" in coached[0], panel.text()
        await click_move(world, alice, panel, engine, seat, pick)
        assert (await service.get(game_id)).version > row.version, f"{engine.describe(pick)!r} was not made"
        decisions += 1
    info = await service.get(game_id)
    assert info.status == "finished" and decisions > 10, (info.status, decisions)

    said = "\n".join(m.text() for m in thread_messages(world, thread))
    for mechanic in COACHES[game].mechanics:
        told = said.count(f"First time: {mechanic.key}.")
        assert told == (mechanic.key in SEEN[game]), f"{mechanic.key!r} explained {told} times"
        if told:
            assert f"`/game rules game:{game} section:{mechanic.rule}`" in said
    final = boards(world, thread)[-1].text()
    assert NOT_RATED in final and "**Well done:**" in final and "**In a real game, try:**" in final, final
    assert await service.storage.ratings_of(user_player(alice.user.id), 0) == {}, "nothing was rated"
    assert await service.storage.tally(None) == [], "nor counted in the stats"


async def test_a_practice_table_has_no_turn_deadline(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the learner waits on their move: no deadline, no reminder, no AI playing it for them days later."""
    _, _, game_id = await opened(world, "catan", monkeypatch)
    info = await world.bot.service.get(game_id)
    assert info.settings["deadline_hours"] is None and info.deadline is None
    assert [j.kind for j in await jobs_of(world.bot.storage, game_id)] == [], "no reminder or timeout planned"


async def test_leaving_ends_the_practice_table(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The welcome's Leave button ends a practice table (no AI plays on in the person's seat), unrated."""
    alice, thread, game_id = await opened(world, "small_islands", monkeypatch)
    welcome = next(m for m in thread_messages(world, thread) if m.text().startswith("**Learning Small Islands**"))
    assert "not rated" in welcome.text() and "`/game leave`" in welcome.text()
    assert "quick card" in welcome.text() and "`/game rules game:small_islands` opens on it" in welcome.text()
    record = await alice.click(welcome, "Leave practice")
    await world.settle()
    assert "practice game is over" in " ".join(record.texts())
    info = await world.bot.service.get(game_id)
    assert info.status == "abandoned" and not any(s.left for s in info.seats), "the table ended; nobody took over"
    assert await world.bot.service.game_in_channel(thread) is None, "the thread is free for another table"
