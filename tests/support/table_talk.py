"""What a table says in its channel and by DM while a person plays it with AI seats (issue 36): the posts,
who they ping, and the DMs, counted per round; and a person who plays by `/play`.

A round is counted from one of the person's turns to the next (`Tally.turn`): the board that asks them, the
boards of the AI seats in between and every AI offer to them."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

from bot.service import lobby
from bot.service.kernel import engine_of
from games.ai import choose_for, policy_for
from games.core import Action, Game
from tests.support.person import Person
from tests.support.world import World

POSTS = "/channels/{channel_id}/messages"
MENTION = re.compile(r"<@(\d+)>")


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Tables opened meanwhile get `seed` (the seating, the board and every AI move follow from it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lobby.secrets, "randbits", lambda _bits: seed)
        yield


def pinged(body: object) -> set[int]:
    """Who a message posted with this body pings: the users it mentions, where its allowed mentions let it."""
    if not isinstance(body, dict):
        return set()
    allowed = body.get("allowed_mentions") or {}
    if "users" not in allowed.get("parse", []) and not allowed.get("users"):
        return set()
    return {int(u) for u in MENTION.findall(json.dumps({k: v for k, v in body.items() if k != "allowed_mentions"}))}


@dataclass
class Round:
    posts: int = 0
    """Messages posted in the game's channel (not edits, not private replies)."""
    pings: set[int] = field(default_factory=set)
    mentions: Counter[int] = field(default_factory=Counter)
    """How many posts pinged each person."""
    pinging: int = 0
    """How many of the posts ping someone."""
    dms: dict[int, int] = field(default_factory=dict)
    offers: int = 0
    """AI offers the round put to a person."""


class Tally:
    """The channel's posts (or a thread's: `channel`), their pings and each person's DMs, cut into rounds."""

    def __init__(self, world: World, channel: int | None = None, *, since: int | None = None) -> None:
        """Count from the request numbered `since` on (the count of requests made before), else from now."""
        self.world = world
        self.channel = world.fake.channel.id if channel is None else channel
        self.rounds: list[Round] = []
        self._seen = len(world.fake.requests) if since is None else since

    def turn(self) -> Round:
        """Count what was sent since the last call as the round that ends now."""
        fake = self.world.fake
        done = Round()
        for record in fake.requests[self._seen:]:
            if record.method != "POST" or record.template != POSTS or record.status >= 300:
                continue
            channel = int(record.params["channel_id"])
            if channel == self.channel:
                done.posts += 1
                done.pings |= pinged(record.body)
                done.mentions.update(pinged(record.body))
                done.pinging += bool(pinged(record.body))
            else:
                user = next((u for u, msgs in fake.all_dms().items() if any(m.channel_id == channel for m in msgs)),
                            None)
                if user is not None:
                    done.dms[user] = done.dms.get(user, 0) + 1
        self._seen = len(fake.requests)
        self.rounds.append(done)
        return done


async def play_as_the_ai_would(world: World, person: Person, game: Game, seat: int) -> Action:
    """The person types, by `/play`, the move the game's heuristic player would make in their seat (seeded by
    the game's state, so a rerun plays the same): a person who plays sensibly, trades and answers offers."""
    action = choose_for(game, seat, policy_for(game.id), random.Random(len(json.dumps(game.to_dict()))))
    await person.slash("play", action=json.dumps(action))
    await world.settle()
    return action


async def engine(world: World, game_id: int) -> Game:
    """The game as stored now."""
    row = await world.bot.storage.load(game_id)
    assert row is not None
    game = engine_of(row)
    assert game is not None
    return game


def shown(world: World) -> tuple[int, int]:
    """How many boards are posted, and how often the newest was edited: it changes when a board is delivered,
    posted or edited in place."""
    return len(world.boards()), world.boards()[-1].edits
