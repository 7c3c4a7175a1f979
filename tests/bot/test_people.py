"""People's names (issue 43), on both backends: what a person is called in a server is kept when they act, read
with every seat of that server's games, refreshed when it changes, cleaned and clipped, and erased with the
rest by `/game forget-me`."""

from __future__ import annotations

from bot.names import NAME_MOST
from bot.seats import cast_of, player_of
from bot.service import GameService
from tests.support.tables import CREATOR, running_game


async def test_a_persons_name_is_kept_read_with_their_seats_refreshed_and_forgotten(service: GameService) -> None:
    game_id = await running_game(service)
    guild = (await service.get(game_id)).guild_id
    await service.known_as(guild, CREATOR, "al\u202eice")
    await service.known_as(999, CREATOR, "elsewhere")  # another server's name is not this game's
    row = await service.storage.load(game_id)
    assert row is not None
    mine = next(s for s in row.seats if s.user_id == CREATOR)
    assert mine.known_as == "alice", "the direction override is gone"
    colour = cast_of(row.seats).player(mine.seat).colour
    assert cast_of(row.seats).full(mine.seat) == player_of(mine) == f"alice ({colour})"
    await service.known_as(guild, CREATOR, "  **Al**   " + "x" * 40)
    row = await service.storage.load(game_id)
    assert row is not None
    name = next(s for s in row.seats if s.user_id == CREATOR).known_as
    assert name is not None and name.startswith("**Al** x") and len(name) == NAME_MOST and name.endswith("…")
    assert await service.names_in(guild, [CREATOR]) == {CREATOR: "\\*\\*Al\\*\\* " + name[7:]}
    await service.forget(CREATOR)
    assert await service.storage.names(guild, [CREATOR]) == {} and await service.storage.names(999, [CREATOR]) == {}
