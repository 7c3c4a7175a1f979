"""A finished game's review (issue 44 item 6): the *Review my game* button under the recap and `/game review`
answer the player alone with their three costliest decisions, the chance before and after each, the better
move and why, the chart with the decisions marked and a close-up of a better move's place; someone who did not
play is refused, and so is a game not finished."""

from __future__ import annotations

import dataclasses
import io
import random
import re

import pytest
from PIL import Image

from cogs.review import REVIEW
from games.ai import RandomPlayer, choose_for
from games.core import get_game
from renderers.recap import REVIEW_WIDTH
from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.stored import stored_game
from tests.support.world import World

RECAP = "**How it went**"
DECISION = re.compile(r"\*\*(\d)\.\*\* (?:Round \d+|Setup): you chose \*\*(.+?)\*\*, leaving your chance of winning at "
                      r"(\d+)%\. \*\*(.+?)\*\* would have kept it at (\d+)%\. [^\n]+[.!?)]$", re.MULTILINE)


async def short_game(world: World, alice: Person, monkeypatch: pytest.MonkeyPatch) -> int:
    """Alice plays a short Colonies (12 events) against an easy AI, moving at random (mistakes to review), to its
    end; the recap is up."""
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 7)
    await alice.slash("game new", game="colonies", thread=False, options="events=12")
    await world.settle()
    lobby = world.lobby()
    await world.pick(alice, lobby, "Add an AI", "Easy")
    await alice.click(world.fake.find_message(lobby.id), "Start")
    await world.settle()
    service = world.bot.service
    game_id = (await service.game_in_channel(world.fake.channel.id)).id
    rng = random.Random(1)
    while (row := await service.storage.load(game_id)) is not None and row.status == "running":
        game = get_game(row.game_type).from_dict(__import__("json").loads(row.state))
        if 0 in game.to_move():
            await service.act(game_id, alice.user.id, choose_for(game, 0, RandomPlayer(), rng))
        await service.advance_ai(game_id)
    await world.fake.wait_for(lambda: any(m.content.startswith(RECAP) for m in world.channel()), timeout=30,
                              what="the recap")
    await world.settle()
    return game_id


def decisions_in(message: StoredMessage) -> list[tuple[str, ...]]:
    return [m.groups() for m in DECISION.finditer(message.content)]


def check_review(reply: StoredMessage, game_id: int) -> list[tuple[str, ...]]:
    """A private review of the game naming three decisions, each kept chance above the chance left, its chart
    (and any close-up) a picture read on a phone, with alt text."""
    assert reply.ephemeral and f"#{game_id}" in reply.content
    found = decisions_in(reply)
    assert [d[0] for d in found] == ["1", "2", "3"], reply.content
    for _, made, after, better, before in found:
        assert 0 <= int(after) < int(before) <= 100 and made != better
        assert "{" not in made + better and "'type'" not in made + better, "moves named in words, not ids"
    pictures = [Image.open(io.BytesIO(png)) for png in reply.pngs()]
    assert pictures and pictures[0].width == REVIEW_WIDTH, "the chart first"
    assert all(p.width <= 1000 for p in pictures) and all(a.description for a in reply.attachments)
    return found


async def test_the_review_button_under_the_recap_answers_its_player_alone(world: World,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    game_id = await short_game(world, alice, monkeypatch)
    recap = next(m for m in world.channel() if m.content.startswith(RECAP))
    record = await alice.click(recap, REVIEW)
    await world.settle()
    found = check_review(record.replies()[-1], game_id)
    refused = await bob.click(recap, REVIEW)
    await world.settle()
    assert "did not play in game" in " ".join(refused.texts()) and not any(r.pngs() for r in refused.replies())
    assert all(r.ephemeral for r in refused.replies()), "refused privately"
    again = await alice.slash("game review", game=game_id)
    await world.settle()
    assert decisions_in(again.replies()[-1]) == found, "the same review by the command"


async def test_a_review_shows_where_the_better_move_was(world: World) -> None:
    """A Catan game of the heuristic at every seat (the person's seat too): the search still finds three
    decisions to name, settlements among them, whose close-ups are drawn."""
    alice = world.person("alice")
    game_id = await stored_game(world.bot.storage, "catan", 3, user_id=alice.user.id, guild_id=world.fake.guild.id,
                                channel_id=world.fake.channel.id)
    record = await alice.slash("game review", game=game_id)
    await world.settle()
    reply = record.replies()[-1]
    check_review(reply, game_id)
    close_ups = reply.attachments[1:]
    assert close_ups and all("a close-up of hex" in a.description for a in close_ups), "a settlement's hexes"
    assert len(reply.pngs()) == 1 + len(close_ups) <= 1 + 3


async def test_a_game_not_finished_has_no_review_yet(world: World) -> None:
    alice = world.person("alice")
    game_id = await stored_game(world.bot.storage, "catan", 3, user_id=alice.user.id, guild_id=world.fake.guild.id,
                                channel_id=world.fake.channel.id, moves=40)
    record = await alice.slash("game review", game=game_id)
    await world.settle()
    assert "is still being played" in " ".join(record.texts())
    record = await alice.slash("game review", game=game_id + 100)
    await world.settle()
    assert f"There is no game #{game_id + 100}" in " ".join(record.texts())
    assert all(r.ephemeral for r in record.replies())


async def test_a_person_who_left_before_the_end_gets_no_review(world: World) -> None:
    """An AI played on in the seat of a person who left, and the log does not say from when: a review would judge
    its moves as theirs, so she is told there is none, privately."""
    alice = world.person("alice")
    storage = world.bot.storage
    game_id = await stored_game(storage, "colonies", 2, user_id=alice.user.id, guild_id=world.fake.guild.id,
                                channel_id=world.fake.channel.id)
    row = await storage.load(game_id)
    assert row is not None and row.status == "finished"
    left = [dataclasses.replace(s, is_ai=True, left=True, level="normal") if s.user_id == alice.user.id else s
            for s in row.seats]
    await storage.set_seats(game_id, left, expected_version=row.version, now=world.bot.service.clock())
    record = await alice.slash("game review", game=game_id)
    await world.settle()
    assert "You left game" in " ".join(record.texts()) and not any(r.pngs() for r in record.replies())
    assert all(r.ephemeral for r in record.replies())
