"""Ratings (issue 20 item 4): each finished game is rated once with OpenSkill, per server and across servers;
AI policies are rated as players of their own; ratings survive a restart and forget-me erases them."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from bot import ratings
from bot.service import GameService
from bot.storage import open_storage, user_player
from cogs.words import player_name
from games.levels import policy_name
from tests.support.tables import CHANNEL, CREATOR, FRIEND, FakeClock, play_out, running_game

PEOPLE = [201, 202, 203, 204]
AI = "ai:random"  # the test game has no heuristic policy, so its AI seats play at random


async def play_table(service: GameService, *, guild: int, channel: int, people: list[int], ai: int,
                     rng: random.Random) -> list[tuple[str, int]]:
    """A test game between `people` and `ai` AI seats, every move chosen by a seeded random player (the
    people's too) — AI against AI; returns each seat's rated player and place."""
    info = await service.create(game_type="testgame", guild_id=guild, channel_id=channel, user_id=people[0])
    for user in people[1:]:
        await service.join(info.id, user)
    for _ in range(ai):
        await service.add_ai(info.id, people[0])
    await service.start(info.id, people[0])
    while (await service.get(info.id)).status == "running":
        for user in people:
            if choices := await service.choices(info.id, user):
                await service.act(info.id, user, rng.choice(choices)[1])
        await service.advance_ai(info.id)
    final = await service.status(info.id)
    assert final.result is not None
    place = {seat: i for i, tied in enumerate(final.result.ranking) for seat in tied}
    return [(AI if s.is_ai else user_player(s.user_id), place[s.seat]) for s in final.game.seats]


def expected_board(games: list[list[tuple[str, int]]]) -> list[tuple[str, float, int]]:
    """OpenSkill's own computation from the same results, done here: (player, ordinal, games) best first."""
    model = PlackettLuce()
    rating = {}
    played: dict[str, int] = {}
    for seats in games:
        players = [p for p, _ in seats]
        after = model.rate([[rating.get(p) or model.rating()] for p in players], ranks=[r for _, r in seats])
        for player, [new] in zip(players, after, strict=True):
            rating[player] = new
            played[player] = played.get(player, 0) + 1
    board = [(p, r.ordinal(), played[p]) for p, r in rating.items()]
    return sorted(board, key=lambda row: (-row[1], -row[2], row[0]))


def shown(board) -> list[tuple[str, float, int]]:
    return [(r.player, r.ordinal, r.games) for r in board]


def same(board, expected) -> bool:
    return [(p, g) for p, _, g in shown(board)] == [(p, g) for p, _, g in expected] and all(
        got == pytest.approx(want, abs=1e-9) for (_, got, _), (_, want, _) in zip(shown(board), expected, strict=True))


async def test_twenty_ai_games_rank_players_as_openskill_does_and_survive_a_restart(database: str) -> None:
    """20 games, two servers: each server's leaderboard and the one across servers equal OpenSkill's
    Plackett-Luce run over the same rankings; reopening the database keeps every rating."""
    storage = await open_storage(database)
    service = GameService(storage, clock=FakeClock())
    rng = random.Random(20)
    played: dict[int, list[list[tuple[str, int]]]] = {1: [], 2: []}
    for number in range(20):
        guild = 1 + number % 2
        people = rng.sample(PEOPLE, rng.choice((2, 3)))
        played[guild].append(await play_table(service, guild=guild, channel=CHANNEL + number, people=people,
                                              ai=1, rng=rng))
    everywhere = expected_board([seats for pair in zip(played[1], played[2], strict=True) for seats in pair])
    boards = {1: await service.leaderboard("testgame", 1), 2: await service.leaderboard("testgame", 2),
              None: await service.leaderboard("testgame", None)}
    assert same(boards[1], expected_board(played[1]))
    assert same(boards[2], expected_board(played[2]))
    assert same(boards[None], everywhere)
    assert next(r for r in boards[None] if r.player == AI).games == 20, "the AI policy is one player"
    await storage.close()

    reopened = await open_storage(database)
    try:
        again = GameService(reopened, clock=FakeClock())
        assert await again.recover() == 0, "nothing is rated twice at a start"
        for scope, board in boards.items():
            assert await again.leaderboard("testgame", scope) == board
    finally:
        await reopened.close()


async def test_a_game_is_rated_once_and_recover_rates_one_a_crash_left(service: GameService,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure between the finishing commit and the rating leaves the move standing and the game
    unrated; the next start rates it, once."""
    def crash(*_: object) -> list:
        raise RuntimeError("the process died here")

    monkeypatch.setattr(ratings, "rate", crash)
    game_id = await running_game(service, ai=1)
    await play_out_both(service, game_id)
    assert (await service.get(game_id)).status == "finished"
    assert await service.profile(CREATOR) == {}
    assert await service.storage.unrated_results() == [game_id]
    monkeypatch.undo()

    assert await service.recover() == 1
    [(title, mine)] = (await service.profile(CREATOR)).items()
    assert title == "High card" and mine.games == 1
    assert await service.recover() == 0
    assert not await service.storage.rate_result(game_id, ratings.rate), "the rated flag guards a second rating"
    assert (await service.profile(CREATOR))["High card"] == mine


async def play_out_both(service: GameService, game_id: int) -> None:
    """CREATOR and FRIEND play their first card each round until the game ends."""
    while (await service.get(game_id)).status == "running":
        for user in (CREATOR, FRIEND):
            if choices := await service.choices(game_id, user):
                await service.act(game_id, user, choices[0][1])
        await service.advance_ai(game_id)


async def test_an_ai_policy_in_two_seats_counts_both_and_people_are_rated_against_it(service: GameService) -> None:
    """Two AI seats are one rated player with two games; the person's update is OpenSkill's for the
    three-seat match."""
    game_id = await running_game(service, ai=2, friend=False)
    await play_out(service, game_id)
    final = await service.status(game_id)
    assert final.result is not None
    place = {seat: i for i, tied in enumerate(final.result.ranking) for seat in tied}
    board = {r.player: r for r in await service.leaderboard("testgame", 1)}
    assert board[AI].games == 2
    assert board[AI].wins == sum(1 for s in final.game.seats if s.is_ai and place[s.seat] == 0)
    model = PlackettLuce()
    after = model.rate([[model.rating()] for _ in final.game.seats], ranks=[place[s.seat] for s in final.game.seats])
    person = next(s.seat for s in final.game.seats if not s.is_ai)
    assert board[user_player(CREATOR)].mu == pytest.approx(after[person][0].mu)


async def test_a_seat_left_to_an_ai_is_not_rated(service: GameService) -> None:
    """A person who left is not rated for that game, and neither is the AI that finished for them."""
    game_id = await running_game(service)
    await service.leave(game_id, FRIEND)
    await play_out(service, game_id)
    board = {r.player: r.games for r in await service.leaderboard("testgame", None)}
    assert board == {user_player(CREATOR): 1}


async def test_forget_removes_a_users_ratings(service: GameService) -> None:
    game_id = await running_game(service, ai=1)
    await play_out_both(service, game_id)
    assert set(await service.profile(FRIEND))
    await service.forget(FRIEND)
    assert await service.profile(FRIEND) == {}
    for scope in (1, None):
        players = {r.player for r in await service.leaderboard("testgame", scope)}
        assert user_player(FRIEND) not in players and user_player(CREATOR) in players


async def test_profile_puts_the_most_played_game_first(service: GameService) -> None:
    for number in range(2):
        await play_out(service, await running_game(service, ai=1, friend=False, channel=CHANNEL + number))
    info = await service.create(game_type="roanoke", guild_id=1, channel_id=CHANNEL + 5, user_id=CREATOR)
    for _ in range(3):
        await service.add_ai(info.id, CREATOR)
    await service.start(info.id, CREATOR)
    await service.leave(info.id, CREATOR)
    await service.advance_ai(info.id, limit=20000)
    assert (await service.get(info.id)).status == "finished"
    assert list(await service.profile(CREATOR)) == ["High card"], "a game left before its end is not the user's"
    board = await service.leaderboard("roanoke", None)
    assert [(r.player, r.games) for r in board] == [("ai:heuristic", 3)], "a shipped game's policy is rated"


async def test_each_ai_level_is_rated_as_a_player_of_its_own_and_named_by_its_level(service: GameService) -> None:
    """Issue 25 item 3: an easy and a normal AI at one table are two players on the leaderboard, shown as
    "AI (easy)" and "AI (normal)" (the normal level keeps its older rating name); a hard one is "ai:hard"."""
    info = await service.create(game_type="testgame", guild_id=1, channel_id=CHANNEL, user_id=CREATOR)
    await service.add_ai(info.id, CREATOR, level="easy")
    await service.add_ai(info.id, CREATOR)
    await service.start(info.id, CREATOR)
    await play_out(service, info.id)
    board = await service.leaderboard("testgame", 1)
    assert sorted(r.player for r in board) == sorted(["ai:easy", AI, user_player(CREATOR)])
    assert sorted(player_name(r, {}) for r in board if r.user_id is None) == ["AI (easy)", "AI (normal)"]
    assert policy_name("roam", "hard") == "hard" and player_name(ratings.fresh("ai:hard"), {}) == "AI (hard)"
