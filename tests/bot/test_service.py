"""GameService on both storage backends: who may do what, AI seats, undo, the log, and refusals that change nothing."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.errors import Refused
from bot.service import GameService
from bot.storage import Storage
from games.core import RuleError, get_game
from renderers.cast import Cast, ai_player
from renderers.narrator import log
from tests.support.inspector import outbox_pending
from tests.support.tables import CHANNEL, CREATOR, FRIEND, STRANGER, FakeClock, play_out, running_game


async def refused(coro, code: str) -> str:
    with pytest.raises(RuleError) as err:
        await coro
    assert err.value.code == code, str(err.value)
    return str(err.value)


async def test_one_active_game_per_channel(service: GameService) -> None:
    await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    message = await refused(service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=FRIEND),
                            "game_running_here")
    assert "thread" in message
    other = await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=FRIEND,
                                 thread_id=99)
    assert other.thread_id == 99


async def test_lobby_rules(service: GameService) -> None:
    info = await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await refused(service.start(info.id, CREATOR), "too_few_players")
    await refused(service.join(info.id, CREATOR), "already_seated")
    await refused(service.add_ai(info.id, STRANGER), "not_creator")
    await service.join(info.id, FRIEND)
    await refused(service.start(info.id, FRIEND), "not_creator")
    await refused(service.remove_seat(info.id, FRIEND, 0), "not_creator")
    await refused(service.add_ai(info.id, FRIEND), "not_creator")  # only the host (or Manage Server) seats AIs
    await service.add_ai(info.id, FRIEND, guild_rights=1)
    await service.add_ai(info.id, CREATOR)
    await refused(service.join(info.id, STRANGER), "lobby_full")
    removed = await service.remove_seat(info.id, STRANGER, 3, guild_rights=1)
    assert len(removed.seats) == 3
    left = await service.leave(info.id, FRIEND)
    assert [s.user_id for s in left.game.seats] == [CREATOR, None]
    await refused(service.leave(info.id, CREATOR), "creator_leaves")
    started = await service.start(info.id, CREATOR)
    assert started.game.status == "running"
    await refused(service.join(info.id, STRANGER), "not_in_lobby")


async def test_only_seated_players_to_move_may_act(service: GameService) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await refused(service.act(game_id, STRANGER, {"type": "play", "card": card}), "not_seated")
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    other = (await service.hand(game_id, CREATOR))["hand"][0]
    message = await refused(service.act(game_id, CREATOR, {"type": "play", "card": other}), "not_your_turn")
    assert "seat 2" in message
    await refused(service.act(game_id, None, {"type": "play", "card": other}, as_seat=0), "not_seated")


async def test_an_illegal_action_is_refused_by_the_engine_and_nothing_changes(service: GameService) -> None:
    game_id = await running_game(service)
    before = await service.storage.load(game_id)
    await refused(service.act(game_id, CREATOR, {"type": "play", "card": 99}), "not_in_hand")
    await refused(service.act(game_id, CREATOR, {"type": "dance"}), "bad_action")
    assert await service.storage.load(game_id) == before


async def test_a_stale_version_is_refused(service: GameService) -> None:
    game_id = await running_game(service)
    info = await service.get(game_id)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    message = await refused(service.act(game_id, CREATOR, {"type": "play", "card": card},
                                        expected_version=info.version - 1), "stale_board")
    assert "newest board" in message


async def test_unknown_finished_and_abandoned_games_refuse_moves(service: GameService) -> None:
    await refused(service.act(424242, CREATOR, {"type": "play", "card": 1}), "no_game")
    game_id = await running_game(service)
    await refused(service.abandon(game_id, FRIEND), "not_creator")
    await service.abandon(game_id, FRIEND, guild_rights=1)
    await refused(service.act(game_id, CREATOR, {"type": "play", "card": 1}), "game_over")
    await refused(service.abandon(game_id, CREATOR), "game_over")


async def test_a_whole_game_with_ai_seats_plays_to_its_result(service: GameService) -> None:
    game_id = await running_game(service, ai=2, friend=False)
    while (info := await service.get(game_id)).status == "running":
        card = (await service.hand(game_id, CREATOR))["hand"][0]
        outcome = await service.act(game_id, CREATOR, {"type": "play", "card": card})
        assert outcome.public_view is not None and "hand" not in outcome.public_view
        assert set(outcome.private_views) <= {0}  # only human seats get private views
        ai = await service.advance_ai(game_id)
        if ai is not None:
            outcome = outcome.then(ai)
    assert info.status == "finished"
    final = await service.status(game_id)
    assert final.result is not None and len(final.result.scores) == 3
    assert any("revealed" in line for line in await service.log(game_id, per_page=100))


async def test_private_views_go_only_to_seats_whose_view_changed(service: GameService) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    outcome = await service.act(game_id, CREATOR, {"type": "play", "card": card})
    assert set(outcome.private_views) == {0}
    assert "hand" not in outcome.public_view and "my_card" not in outcome.public_view


async def test_leaving_a_running_game_hands_the_seat_to_an_ai(service: GameService) -> None:
    game_id = await running_game(service)
    outcome = await service.resign(game_id, FRIEND)
    seat = outcome.game.seats[1]
    assert seat.is_ai and seat.left
    assert "AI" in outcome.lines[0]
    await refused(service.hand(game_id, FRIEND), "not_seated")


async def test_undo_own_last_action_only(service: GameService) -> None:
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    await refused(service.undo(game_id, FRIEND), "cannot_undo")
    undone = await service.undo(game_id, CREATOR)
    assert card in undone.private_views[0]["hand"]
    assert await service.storage.actions(game_id) == []
    await refused(service.undo(game_id, CREATOR), "cannot_undo")
    # The last card of a round reveals every card: that cannot be taken back.
    for user in (CREATOR, FRIEND):
        await service.act(game_id, user, {"type": "play", "card": (await service.hand(game_id, user))["hand"][0]})
    message = await refused(service.undo(game_id, FRIEND), "cannot_undo")
    assert "revealed" in message
    await refused(service.undo(game_id, CREATOR), "cannot_undo")


async def test_fifty_concurrent_actions_apply_exactly_the_legal_ones(service: GameService) -> None:
    game_id = await running_game(service, ai=2)
    users = [CREATOR, FRIEND]

    async def attempt(i: int) -> bool:
        user = users[i % 2]
        try:
            hand = (await service.hand(game_id, user))["hand"]
            if not hand:
                return False
            await service.act(game_id, user, {"type": "play", "card": hand[i % len(hand)]})
        except Refused:
            return False
        await service.advance_ai(game_id)
        return True

    results = await asyncio.gather(*(attempt(i) for i in range(50)))
    log = await service.storage.actions(game_id)
    assert sum(results) == sum(1 for entry in log if entry.seat in (0, 1))
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    row = await service.storage.load(game_id)
    replay = get_game("testgame").new(len(row.seats), seed=row.seed, options=row.options)
    for entry in log:
        replay.apply(entry.seat, entry.action)
    assert replay.to_dict() == json.loads(row.state)
    assert row.version >= len(log)


async def test_games_of_user_lists_every_open_table(service: GameService) -> None:
    first = await running_game(service)
    second = await running_game(service, channel=CHANNEL + 1)
    assert [g.id for g in await service.games_of_user(FRIEND)] == [first, second]
    assert await service.games_of_user(STRANGER) == []
    assert (await service.game_in_channel(CHANNEL)).id == first


async def test_choices_label_the_legal_actions_of_the_caller(service: GameService) -> None:
    game_id = await running_game(service)
    labels = [move.label for move in await service.choices(game_id, CREATOR)]
    assert labels and all(label.startswith("Play your") for label in labels)
    await refused(service.choices(game_id, STRANGER), "not_seated")


async def creator_won(service: GameService, game_id: int) -> bool:
    """Whether the finished game's own result ranks the creator's seat among its winners."""
    row = await service.storage.load(game_id)
    assert row is not None and row.state is not None
    result = get_game(row.game_type).from_dict(json.loads(row.state)).result()
    assert result is not None
    return next(s.seat for s in row.seats if s.user_id == CREATOR) in result.winners


async def test_stats_count_wins_per_server_and_title(service: GameService) -> None:
    wins = 0
    for channel in (CHANNEL, CHANNEL + 1):
        game_id = await running_game(service, ai=2, friend=False, channel=channel)
        await play_out(service, game_id)
        wins += await creator_won(service, game_id)
    [(title, rows)] = (await service.stats(1)).items()
    assert title == get_game("testgame").title
    assert rows == [(CREATOR, wins, 2)], "the creator's wins as the results say, of two games played"
    assert await service.stats(2) == {}, "another server's table is its own"


async def test_forget_leaves_every_table_and_erases_the_id(service: GameService) -> None:
    running = await running_game(service)
    lobby = await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL + 1, user_id=FRIEND)
    outcomes = await service.forget(FRIEND)
    assert [o.game.id for o in outcomes] == [running]
    assert outcomes[0].game.seats[1].is_ai
    assert (await service.get(lobby.id)).status == "abandoned"
    assert await service.games_of_user(FRIEND) == []
    row = await service.storage.load(running)
    assert all(seat.user_id != FRIEND for seat in row.seats)


async def test_shapes_are_offered_only_to_a_seat_to_move(service: GameService) -> None:
    game_id = await running_game(service)
    assert await service.shapes(game_id, CREATOR) == []  # the test game has no free-form moves
    await refused(service.shapes(game_id, STRANGER), "not_seated")


async def test_a_games_private_notices_reach_only_human_seats(service: GameService) -> None:
    """Roanoke tells every seat of a revealed season card (ROA-S41): the human hears it, the AI seats do not."""
    info = await service.create(game_type="roanoke", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    for _ in range(3):
        await service.add_ai(info.id, CREATOR)
    started = await service.start(info.id, CREATOR)
    human = next(s.seat for s in started.game.seats if s.user_id == CREATOR)
    await service.advance_ai(info.id)
    heard: list[str] = []
    for _ in range(50):
        outcome = await service.act(info.id, CREATOR, (await service.choices(info.id, CREATOR))[0][1])
        later = await service.advance_ai(info.id)
        outcome = outcome.then(later) if later is not None else outcome
        assert set(outcome.notices) <= {human}, "notices go to human seats only"
        heard += outcome.notices.get(human, [])
        if heard:
            break
    channel = log("roanoke", outcome.events, Cast([]))
    assert heard and all(line in channel for line in heard), "the season's reveal, as the channel says it"


async def test_roa_r28_resigning_in_roanoke_eliminates_the_seat_where_other_games_hand_it_to_an_ai(
        service: GameService) -> None:
    info = await service.create(game_type="roanoke", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    for _ in range(3):
        await service.add_ai(info.id, CREATOR)
    await service.start(info.id, CREATOR)
    for _ in range(50):  # the AI seats move until the person is asked, past the setup workers
        await service.advance_ai(info.id)
        choices = await service.choices(info.id, CREATOR)
        if {"type": "resign"} in [m.action for m in choices]:
            break
        await service.act(info.id, CREATOR, choices[0][1])
    mine = (await service.get(info.id)).seat_of(CREATOR)
    outcome = await service.resign(info.id, CREATOR)
    assert any("resigned" in line for line in log("roanoke", outcome.events, Cast([])))
    seat = (await service.get(info.id)).seats[mine]
    assert not seat.is_ai and not seat.left, "the seat is eliminated, not handed to an AI"
    state = json.loads((await service.storage.load(info.id)).state)
    assert state["players"][mine]["alive"] is False
    running = await running_game(service, channel=CHANNEL + 1)
    await service.resign(running, FRIEND)
    assert (await service.get(running)).seats[1].is_ai, "where the rules define no resignation, an AI plays on"


async def test_starting_seats_the_players_as_the_game_says(service: GameService, monkeypatch) -> None:
    """Roanoke seats its four players in a seeded random order (ROA-S11 step 1, R12): the service reorders
    the lobby's seats with `seating` before the first board, and seat 1 then plays first."""
    monkeypatch.setattr("bot.service.lobby.secrets.randbits", lambda bits: 0)  # seed 0 seats them [3, 2, 0, 1]
    info = await service.create(game_type="roanoke", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await service.join(info.id, FRIEND)
    await service.join(info.id, STRANGER)
    await service.add_ai(info.id, CREATOR)
    lobby = [s.user_id for s in (await service.get(info.id)).seats]
    row = await service.storage.load(info.id)
    order = get_game("roanoke").seating(4, row.seed, row.options)
    assert order == [3, 2, 0, 1]
    started = await service.start(info.id, CREATOR)
    assert [s.user_id for s in started.game.seats] == [lobby[i] for i in order]
    assert [s.seat for s in started.game.seats] == [0, 1, 2, 3]
    assert json.loads((await service.storage.load(info.id)).state)["active"] == 0


async def test_a_hand_goes_by_dm_only_when_others_changed_it_and_only_to_those_who_want_it(
        service: GameService) -> None:
    """Issue 18: a player's own move writes no hand DM for them (its answer and My hand show it); a change
    others made does, for a person whose choice is every turn, not for my turn only."""
    info = await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    for user in (FRIEND, STRANGER):
        await service.join(info.id, user)
    await service.set_notify(CREATOR, "every")
    await service.set_notify(STRANGER, "every")
    await service.start(info.id, CREATOR)
    storage = service.storage
    await storage.outbox_done([i.id for i in await outbox_pending(storage, info.id)], now=service.clock())

    async def hands_after(user: int) -> list[int | None]:
        card = (await service.hand(info.id, user))["hand"][0]
        outcome = await service.act(info.id, user, {"type": "play", "card": card})
        assert outcome.private_views, "the mover's own view changed"
        rows = await outbox_pending(storage, info.id)
        await storage.outbox_done([i.id for i in rows], now=service.clock())
        return sorted(i.target for i in rows if i.kind == "hand")

    assert await hands_after(CREATOR) == [], "her own card down"
    assert await hands_after(FRIEND) == []
    assert await hands_after(STRANGER) == [CREATOR], "the reveal took everyone's card back: only she wants it"


async def test_a_hard_ai_seat_thinks_in_the_worker_pool_and_its_game_plays_on(storage: Storage,
                                                                             clock: FakeClock) -> None:
    """Issue 25 item 3: `/game add-ai level:hard` seats a searching AI, named with its level; its moves are
    searched in the worker processes (a small budget here) and the game goes on between it and the person."""
    service = GameService(storage, clock=clock, think_seconds=0.05)
    info = await service.create(game_type="roam", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await refused(service.add_ai(info.id, CREATOR, level="brilliant"), "bad_level")
    lobby = await service.add_ai(info.id, CREATOR, level="hard")
    assert [s.name for s in lobby.seats if s.is_ai] == ["Basil (AI hard, blue)"]
    await service.start(info.id, CREATOR)
    hard = next(s.seat for s in (await service.get(info.id)).seats if s.is_ai)
    try:
        for _ in range(40):
            await service.advance_ai(info.id, limit=5)
            if sum(a.seat == hard for a in await storage.actions(info.id)) >= 3:
                break
            choices = await service.choices(info.id, CREATOR)
            await service.act(info.id, CREATOR, choices[0][1])
        assert service.thinking.running, "the hard seat thought in a worker, not on the event loop"
    finally:
        service.thinking.close()
    assert sum(a.seat == hard for a in await storage.actions(info.id)) >= 3
    assert [s.name for s in (await service.get(info.id)).seats if s.is_ai] == [ai_player(hard, "hard").full]


async def test_a_seat_left_in_a_running_game_goes_to_an_ai_of_the_tables_level(service: GameService) -> None:
    game_id = await running_game(service)
    info = await service.update_settings(game_id, CREATOR, changes={"ai_level": "easy"})
    assert info.settings["ai_level"] == "easy"
    await refused(service.update_settings(game_id, CREATOR, changes={"ai_level": "brilliant"}), "bad_setting")
    await service.leave(game_id, FRIEND)
    seat = next(s for s in (await service.get(game_id)).seats if s.user_id == FRIEND)
    assert seat.is_ai and seat.level == "easy" and seat.name == ai_player(seat.seat, "easy").full
