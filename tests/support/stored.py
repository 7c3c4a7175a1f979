"""A game of AI players written straight into storage, as the service would have left it: for tests that
read stored games (the replay, the GIF) without posting a board for every move."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.history import ai_log
from bot.settings import with_defaults
from bot.storage import Effects, SeatRow, Storage
from games.core import get_game

NOW = datetime(2026, 1, 1, tzinfo=UTC)


async def stored_game(storage: Storage, game_type: str, players: int, *, user_id: int, guild_id: int,
                      channel_id: int, seed: int = 5, moves: int | None = None, level: str | None = None) -> int:
    """`user_id` in seat 1 and AI seats (of `level`, None: never chosen, so normal), played by the AI players
    to the end or for the first `moves` actions; no outbox rows and no jobs."""
    game_id = await storage.create_game(game_type=game_type, guild_id=guild_id, channel_id=channel_id,
                                        thread_id=None, created_by=user_id, options={}, settings=with_defaults({}),
                                        seed=seed, now=NOW)
    seats = [SeatRow(0, user_id, False, True, False), *(SeatRow(i, None, True, True, False, level=level)
                                                         for i in range(1, players))]
    version = await storage.set_seats(game_id, seats, expected_version=0, now=NOW)
    _, log = ai_log(game_type, players, seed)
    log = log if moves is None else log[:moves]
    game = get_game(game_type).new(players, seed=seed)
    version = await storage.set_status(game_id, "running", expected_version=version, now=NOW,
                                       state=json.dumps(game.to_dict()), effects=Effects(jobs=[]))
    for n, (seat, action) in enumerate(log, start=1):
        events = game.apply(seat, action)
        state = json.dumps(game.to_dict()) if n == len(log) else "{}"  # only the last state is ever read
        version = await storage.commit_move(game_id, expected_version=version, state=state,
                                            status="finished" if game.over else "running", seat=seat,
                                            action=action, events=events, interaction_id=None, now=NOW,
                                            effects=Effects(jobs=[]))
    return game_id
