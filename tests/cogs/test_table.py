"""Table features through Discord: settings, server defaults, board edits, list, log, undo, stats, forget-me."""

from __future__ import annotations

from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.tables import FakeClock
from tests.support.world import World, started


def said(record) -> str:
    return " ".join(record.texts())


async def slash(world: World, person: Person, line: str, **options: object) -> str:
    record = await person.slash(line, **options)
    await world.settle()
    return said(record)


async def test_settings_are_the_hosts_and_are_announced(world: World) -> None:
    alice, bob, _ = await started(world)
    assert "Only the game's creator" in await slash(world, bob, "game settings", policy="skip")
    await slash(world, alice, "game settings", deadline_hours=0, policy="forfeit")
    announced = world.channel()[-1].content
    assert "changed the table settings" in announced and "deadline off" in announced and "forfeit" in announced
    shown = await slash(world, bob, "game settings")
    assert "deadline off" in shown and "on timeout: forfeit" in shown


async def test_board_edit_mode_keeps_one_board_message_and_pings_apart(world: World) -> None:
    alice, bob, first = await started(world)
    await slash(world, alice, "game settings", board="edit")
    for person in (alice, bob):
        value = (await person.autocomplete("play", "action", ""))[0]["value"]
        await slash(world, person, "play", action=value)
    assert [m.id for m in world.boards()] == [first.id], "the one board message was edited in place"
    board = world.fake.find_message(first.id)
    assert board.edits and board.buttons(), "the edited board keeps live buttons"
    assert world.channel()[-1].content.startswith("Your move:"), "the turn line is a message of its own"


async def test_server_defaults_need_manage_server_and_shape_new_tables(world: World) -> None:
    alice, admin = world.person("alice"), world.person("admin", manager=True)
    assert "Manage Server" in await slash(world, alice, "game server-defaults", deadline_hours=12)
    saved = await slash(world, admin, "game server-defaults", deadline_hours=12, thread=True)
    assert saved.startswith("Saved.") and "deadline 12 h" in saved and "thread: yes" in saved
    opened = await slash(world, alice, "game new", game="testgame")
    assert "is open in <#" in opened, "tables open in a thread by default now"
    thread = next(c for c in world.fake.channels.values() if c.is_thread)
    assert "deadline 12 h" in await slash(world, alice, "game settings", channel_id=thread.id)


async def test_list_shows_every_open_table_with_whose_move_and_time_left(world: World) -> None:
    alice, _, _ = await started(world)
    listed = await slash(world, alice, "game list")
    assert "High card" in listed and "**your move**" in listed and "deadline <t:" in listed
    assert "in no open game" in await slash(world, world.person("carol"), "game list")


async def test_log_undo_and_what_undo_refuses(world: World) -> None:
    alice, bob, _ = await started(world)
    value = (await alice.autocomplete("play", "action", ""))[0]["value"]
    await slash(world, alice, "play", action=value)
    assert "put a card down" in await slash(world, bob, "game log")
    posted = len(world.boards())
    assert "Taken back" in await slash(world, alice, "game undo")
    assert len(world.boards()) == posted + 1, "the board after the undo is posted"
    assert len(await alice.autocomplete("play", "action", "")) == 3, "the card is back in the hand"
    refused = await slash(world, bob, "game undo")
    assert "Taken back" not in refused and refused, "nothing of Bob's to take back"


async def finish_with_ai(world: World, *people: Person) -> StoredMessage:
    for person in people:
        asked = await person.slash("game leave")
        await world.settle()
        await person.click(asked.replies()[-1], "Yes, leave")  # "Are you sure?"
        await world.settle()
    await world.fake.wait_for(lambda: "Game over" in world.boards()[-1].text(), what="the final board")
    return world.boards()[-1]


async def test_game_end_posts_the_ranking_and_stats_count_the_server(world: World) -> None:
    alice, bob, _ = await started(world, ai=1)
    assert "No game has been finished" in await slash(world, alice, "game stats")
    final = await finish_with_ai(world, bob, alice)
    ranking = [line for line in final.text().splitlines() if line[:1].isdigit() and ". " in line]
    assert len(ranking) == 3 and ranking[0].startswith("1. "), "a ranking with every seat"
    assert not final.buttons(), "a finished game's board has no moves"
    # Players who left before the end are not counted; a game played through is.
    alice2, bob2, _ = await started(world, ai=1)
    for _ in range(10):  # three rounds of two moves at most
        if "Game over" in world.boards()[-1].text():
            break
        for person in (alice2, bob2):
            choices = await person.autocomplete("play", "action", "")
            if choices:
                await slash(world, person, "play", action=choices[0]["value"])
    stats = await slash(world, alice2, "game stats")
    assert "High card" in stats and ("alice: 1 won of 1" in stats or "alice: 0 won of 1" in stats), stats
    assert "<@" not in stats, "people by name, not by mention"


async def test_leaderboard_and_profile_show_the_ratings_of_a_finished_game(world: World) -> None:
    """Issue 20 item 4 through Discord: a game played to its end rates both people and the AI policy."""
    alice, bob, _ = await started(world, ai=1)
    assert "has been rated on this server yet" in await slash(world, alice, "game leaderboard", game="testgame")
    for _ in range(10):  # three rounds of two moves at most
        if "Game over" in world.boards()[-1].text():
            break
        for person in (alice, bob):
            if choices := await person.autocomplete("play", "action", ""):
                await slash(world, person, "play", action=choices[0]["value"])
    board = await slash(world, alice, "game leaderboard", game="testgame")
    assert "High card" in board and "on this server" in board
    ranked = [line for line in board.splitlines() if line[:1].isdigit()]
    assert len(ranked) == 3 and all("1 played" in line and "rating " in line for line in ranked)
    assert any("AI (normal)" in line for line in ranked), "the AI policy is rated as a player"
    assert any(line.split(": ")[0].endswith(". bob") for line in ranked), "people by name, not by mention"
    assert "on every server" in await slash(world, bob, "game leaderboard", game="testgame", everywhere=True)
    profile = await slash(world, alice, "game profile", user=bob.user)
    assert "bob: 1 played" in profile and "favourite game: High card" in profile
    assert "**High card**: 1 played" in profile and "rating " in profile
    await slash(world, bob, "game forget-me")
    assert "not finished a rated game" in await slash(world, bob, "game profile")
    assert f"<@{bob.user.id}>" not in await slash(world, alice, "game leaderboard", game="testgame")


async def test_forget_me_leaves_tables_and_is_safe_twice(world: World) -> None:
    _, bob, _ = await started(world)
    assert "your id is gone" in await slash(world, bob, "game forget-me")
    assert "Basil (AI normal, blue) plays their seat from now on" in world.boards()[-1].text()
    assert "your id is gone" in await slash(world, bob, "game forget-me"), "twice is harmless"
    assert "in no open game" in await slash(world, bob, "game list")


async def test_reminders_reach_the_channel_even_with_closed_dms_and_the_timeout_plays_on(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    world.fake.refuse_dms(bob.user)
    clock = FakeClock()
    world.bot.service.clock = clock
    await world.open_table(alice, guests=(bob,))
    clock.advance(hours=25)
    await world.bot.scheduler.drain()
    await world.settle()
    reminder = next(m.content for m in reversed(world.channel()) if m.content.startswith("⏰"))
    assert reminder.startswith("⏰") and alice.mention in reminder and bob.mention in reminder
    assert any("⏰ Your move" in m.content for m in alice.dms()) and bob.dms() == []
    posted = len(world.boards())
    clock.advance(hours=24)
    await world.bot.scheduler.drain()
    await world.settle()
    assert len(world.boards()) == posted + 1, "at the deadline the AI played both turns and a board followed"
