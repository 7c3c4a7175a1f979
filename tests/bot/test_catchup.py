"""The catch-up that opens a person's ask (issues 36 and 43) puts first what they lost: in Catan, Longest Road
or Largest Army, whose events name the seat that lost the title.  Three people at a built position: the active
seat's road takes Longest Road from the next seat, whose private panel (and so its ask DM) then opens with it,
said to them ("from you"); the public board carries no one's catch-up."""

from __future__ import annotations

import json

from bot.service import GameService
from bot.storage import Effects
from games.catan.game import Catan
from games.core import get_game
from renderers.narrator import BULLET, HEADER
from tests.games.catan.positions import clear_board, give, rolled, trail
from tests.support.inspector import outbox_pending
from tests.support.tables import CHANNEL, CREATOR, FRIEND, STRANGER


async def longest_road_within_reach(service: GameService) -> tuple[int, dict[int, int], int, int]:
    """A Catan table of three people after the setup, built to the main step of the creator's seat: it and the
    next seat each have a road of five, the next seat holds Longest Road, and the creator holds a road's cards
    to make theirs six.  Returns the game, each seat's user, the creator's seat and the next seat."""
    info = await service.create(game_type="catan", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    for user in (FRIEND, STRANGER):
        await service.join(info.id, user)
    await service.start(info.id, CREATOR)
    row = await service.storage.load(info.id)
    assert row is not None
    users = {s.seat: s.user_id for s in row.seats}
    game = get_game("catan").from_dict(json.loads(row.state))
    assert isinstance(game, Catan)
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    builder = next(seat for seat, user in users.items() if user == CREATOR)
    holder = (builder + 1) % game.num_players
    clear_board(rolled(game))
    mine, mine_nodes = trail(6, start=0)
    theirs, their_nodes = trail(5, start=53)
    assert not set(mine_nodes) & set(their_nodes), "two roads apart"
    for p in mine[:5]:
        game.s["roads"][p] = builder
    for p in theirs:
        game.s["roads"][p] = holder
    game.s["road_len"][builder] = game.s["road_len"][holder] = 5
    game.s["longest"], game.s["active"] = holder, builder
    give(game, builder, brick=1, lumber=1)
    await service.storage.truncate_actions(info.id, keep=0, expected_version=row.version,
                                           state=json.dumps(game.to_dict()), now=service.clock(), effects=Effects())
    return info.id, users, builder, holder


async def test_the_seat_that_lost_longest_road_hears_it_first_when_its_turn_comes(service: GameService) -> None:
    """The road's own line came first, and "Seat 1 takes Longest Road (6)." did not name the seat that lost it,
    so its catch-up did not put it first."""
    game_id, users, builder, holder = await longest_road_within_reach(service)
    road = trail(6, start=0)[0][5]
    await service.act(game_id, CREATOR, {"type": "build_road", "path": road})
    await service.act(game_id, CREATOR, {"type": "end_turn"})
    news = (await service.panel(game_id, users[holder])).news
    assert news[0] == HEADER and news[1].startswith(BULLET) and "Longest Road" in news[1], news
    assert f"Player {builder + 1} (red) took Longest Road from you" in news[1], news
    pending = await outbox_pending(service.storage, game_id)
    assert all("catchup" not in item.payload for item in pending if item.kind == "board"), "a catch-up is private"
