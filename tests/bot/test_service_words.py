"""The service's refusals speak the player's words too (issue 18, item 7): for each shipped game, a table is
taken through everything the service refuses — a second game in the channel, bad options, the lobby's
wrong hands, moves by strangers, out of turn, on a stale board, junk the engine refuses, an undo, a resign
and settings that cannot be, and any move after the table is abandoned — and every message is checked for
rule ids and the game's field names (tests.support.words)."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.service import GameService
from games.core import RuleError, registry
from tests.support.shipped import SHIPPED
from tests.support.tables import CHANNEL, CREATOR, FRIEND, STRANGER
from tests.support.words import engine_keys, problems


@pytest.fixture
def backend() -> str:
    """SQLite only: the words do not depend on the storage."""
    return "sqlite"


async def said(messages: dict[str, str], how: str, attempt: Awaitable[object]) -> None:
    """Run what must be refused and keep its message."""
    try:
        await attempt
    except RuleError as refusal:
        messages[str(refusal)] = how
        return
    raise AssertionError(f"{how} was not refused")


@pytest.mark.parametrize("game_id", SHIPPED)
async def test_service_refusals_name_no_rule_id_and_no_field(service: GameService, game_id: str) -> None:
    cls, messages = registry()[game_id], {}
    await said(messages, "unknown game", service.create(game_type="nonesuch", guild_id=1, channel_id=CHANNEL,
                                                        user_id=CREATOR))
    await said(messages, "unknown option", service.create(game_type=game_id, guild_id=1, channel_id=CHANNEL,
                                                          user_id=CREATOR, options={"junk": 1}))
    for option in cls.options:
        await said(messages, f"bad {option.name}", service.create(
            game_type=game_id, guild_id=1, channel_id=CHANNEL, user_id=CREATOR, options={option.name: "junk"}))
    info = await service.create(game_type=game_id, guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await said(messages, "second game", service.create(game_type=game_id, guild_id=1, channel_id=CHANNEL,
                                                       user_id=FRIEND))
    await said(messages, "too few", service.start(info.id, CREATOR))
    await said(messages, "seated twice", service.join(info.id, CREATOR))
    await said(messages, "stranger adds an AI", service.add_ai(info.id, STRANGER))
    await said(messages, "stranger removes a seat", service.remove_seat(info.id, STRANGER, 0))
    await said(messages, "no such seat", service.remove_seat(info.id, CREATOR, 7))
    await said(messages, "creator leaves", service.leave(info.id, CREATOR))
    await said(messages, "stranger leaves", service.leave(info.id, STRANGER))
    await said(messages, "move in the lobby", service.act(info.id, CREATOR, {"type": "end_turn"}))
    await said(messages, "hand in the lobby", service.hand(info.id, CREATOR))
    await service.join(info.id, FRIEND)
    while len((await service.get(info.id)).seats) < cls.max_players:
        await service.add_ai(info.id, CREATOR)
    await said(messages, "full table", service.join(info.id, STRANGER))
    await said(messages, "stranger starts", service.start(info.id, STRANGER))
    await service.start(info.id, CREATOR)
    await said(messages, "join a running game", service.join(info.id, STRANGER))
    await said(messages, "stranger moves", service.act(info.id, STRANGER, {"type": "end_turn"}))
    await said(messages, "stale board", service.act(info.id, CREATOR, {"type": "end_turn"}, expected_version=-1))
    await service.advance_ai(info.id)
    game = await service.get(info.id)
    movers = game.users_to_move()
    idle = FRIEND if CREATOR in movers else CREATOR
    mover = CREATOR if CREATOR in movers else FRIEND
    if idle not in movers:
        await said(messages, "out of turn", service.act(info.id, idle, {"type": "end_turn"}))
    if mover in movers:
        for junk in ({"type": "nonesuch"}, {"type": 3}, {}, {"type": "end_turn", "junk": 1}):
            await said(messages, f"junk {junk}", service.act(info.id, mover, junk))
    await said(messages, "nothing to undo", service.undo(info.id, STRANGER))
    await said(messages, "stranger's settings", service.update_settings(info.id, STRANGER, changes={"policy": "ai"}))
    await said(messages, "bad setting", service.update_settings(info.id, CREATOR, changes={"nonesuch": 1}))
    await said(messages, "stranger abandons", service.abandon(info.id, STRANGER))
    await said(messages, "not a manager", service.set_server_defaults(1, guild_rights=None, changes={"policy": "ai"}))
    await service.abandon(info.id, CREATOR)
    await said(messages, "move after abandoning", service.act(info.id, CREATOR, {"type": "end_turn"}))
    await said(messages, "abandoned twice", service.abandon(info.id, CREATOR))
    await said(messages, "hand after abandoning", service.hand(info.id, CREATOR))
    keys = engine_keys(cls)
    faults = [f"{how}: {message!r} ({', '.join(found)})" for message, how in sorted(messages.items())
              if (found := problems(message, keys))]
    assert len(messages) >= 20, messages
    assert not faults, "\n".join(faults)
