"""Shared set-up for service-level tests: a fake clock and a ready table of the test game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service import GameService

CREATOR, FRIEND, STRANGER = 101, 102, 103
CHANNEL = 10


class FakeClock:
    """A clock the tests move by hand; deadlines never wait for real time."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


async def running_game(service: GameService, *, ai: int = 0, friend: bool = True, channel: int = CHANNEL) -> int:
    """A started test game: the creator, then FRIEND (unless told not), then `ai` AI seats."""
    info = await service.create(game_type="testgame", guild_id=1, channel_id=channel, user_id=CREATOR)
    if friend:
        await service.join(info.id, FRIEND)
    for _ in range(ai):
        await service.add_ai(info.id, CREATOR)
    await service.start(info.id, CREATOR)
    return info.id


async def play_out(service: GameService, game_id: int) -> None:
    """Play a started test game to its end: the creator plays the first card of their hand each turn."""
    while (await service.get(game_id)).status == "running":
        card = (await service.hand(game_id, CREATOR))["hand"][0]
        await service.act(game_id, CREATOR, {"type": "play", "card": card})
        await service.advance_ai(game_id)
