"""`/game …` through real discord.py objects: lobby, start, refusals, listing."""

from __future__ import annotations

from tests.support.world import World, select_of


async def test_new_join_add_ai_start_posts_a_board(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await alice.slash("game new", game="testgame", thread=False)
    lobby = world.lobby()
    assert "High card" in lobby.content and "1. alice (red) (host)" in lobby.content, "named, not mentioned"
    await bob.click(lobby, "Join")
    lobby = await world.pick(alice, world.fake.find_message(lobby.id), "Add an AI", "Normal")
    assert "2. bob (blue)" in lobby.content and "Cleo (AI normal, yellow)" in lobby.content
    await alice.click(lobby, "Start")
    await world.fake.wait_for(lambda: any(m.pngs() for m in world.channel()), what="the first board")
    board = [m for m in world.channel() if m.pngs()][-1]
    assert {b["label"] for b in board.buttons()} >= {"Your move", "My hand"}
    assert "Your move:" in board.text()


async def test_add_ai_seats_the_level_asked_for_shown_in_the_lobby_and_its_remove_list(world: World) -> None:
    """Issue 25 item 3: `/game add-ai level:` seats an easy, normal or hard AI; the lobby names each level."""
    alice = world.person("alice")
    await alice.slash("game new", game="testgame", thread=False)
    await alice.slash("game add-ai", level="hard")
    record = await alice.slash("game add-ai", level="easy")
    lobby = record.replies()[-1]
    assert "2. Basil (AI hard, blue) · 3. Cleo (AI easy, yellow)" in lobby.content
    remove = next(s for s in lobby.selects() if s.get("placeholder", "").startswith("Remove a seat"))
    assert [o["label"] for o in remove["options"]] == ["2. Basil (AI hard, blue)", "3. Cleo (AI easy, yellow)"]
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and [s.level for s in info.seats] == [None, "hard", "easy"]


async def test_the_lobby_seats_an_ai_of_each_level_in_two_taps(world: World) -> None:
    """Issue 25 item 3: the lobby's *Add an AI player* select offers the three levels, each explained; the
    host's pick seats an AI of that level, named with it in the lobby and its remove list."""
    alice = world.person("alice")
    await alice.slash("game new", game="testgame", thread=False)
    await world.settle()
    lobby = world.lobby()
    offered = select_of(lobby, "Add an AI")["options"]
    assert [(o["label"], o["value"]) for o in offered] == [("Easy", "easy"), ("Normal", "normal"), ("Hard", "hard")]
    assert all(o.get("description") for o in offered), "each level says how it plays"
    for level in ("Hard", "Easy", "Normal"):
        lobby = await world.pick(alice, lobby, "Add an AI", level)
    assert "2. Basil (AI hard, blue) · 3. Cleo (AI easy, yellow) · 4. Dorian (AI normal, green)" in lobby.content
    assert [o["label"] for o in select_of(lobby, "Remove a seat")["options"]] == [
        "2. Basil (AI hard, blue)", "3. Cleo (AI easy, yellow)", "4. Dorian (AI normal, green)"]
    info = await world.bot.service.game_in_channel(world.fake.channel.id)
    assert info is not None and [s.level for s in info.seats] == [None, "hard", "easy", "normal"]


async def test_the_add_ai_button_of_a_lobby_posted_before_the_level_select_still_seats_a_normal_ai(
        world: World) -> None:
    """A lobby already on Discord keeps its *Add AI* button (`fr:l:<game>:ai`): it seats a normal AI and the
    lobby is redrawn with the level select."""
    alice = world.person("alice")
    lobby, info = await world.new_lobby(alice)
    old = {"type": 2, "style": 2, "label": "Add AI", "custom_id": f"fr:l:{info.id}:ai"}
    lobby.components[0]["components"].insert(1, old)
    await alice.click(lobby, "Add AI")
    lobby = world.fake.find_message(lobby.id)
    assert "2. Basil (AI normal, blue)" in lobby.content and select_of(lobby, "Add an AI")
    assert all(b.get("label") != "Add AI" for b in lobby.buttons()), "the redrawn lobby has the level select"


async def test_only_the_host_starts_and_refusals_are_private(world: World) -> None:
    alice, bob = world.person("alice"), world.person("bob")
    await alice.slash("game new", game="testgame", thread=False)
    record = await bob.slash("game start")
    (refusal,) = record.replies()
    assert "Only the game's creator" in refusal.content
    assert refusal.ephemeral and refusal.visible_to == bob.user.id, "the refusal is bob's alone"
    assert refusal.id not in [m.id for m in world.fake.channel_messages(viewer=alice.user)]
    assert all(not m.pngs() for m in world.channel())


async def test_a_second_game_in_the_channel_is_refused_with_the_way_out(world: World) -> None:
    alice = world.person("alice")
    await alice.slash("game new", game="testgame", thread=False)
    record = await alice.slash("game new", game="testgame", thread=False)
    assert "already open here" in " ".join(record.texts()) and "thread" in " ".join(record.texts())


async def test_unknown_game_lists_the_games(world: World) -> None:
    record = await world.person("alice").slash("game new", game="chess", thread=False)
    assert "no game called `chess`" in " ".join(record.texts())
    assert "testgame" in " ".join(record.texts())


async def test_a_new_game_opens_its_own_thread_by_default_and_one_inside_a_thread_stays_there(world: World) -> None:
    """Issue 27: a quieter channel. Where the bot may create a thread, `/game new` opens the table in one of its
    own; inside a thread (where no thread can be made) the table opens right there."""
    alice = world.person("alice")
    record = await alice.slash("game new", game="testgame")
    await world.settle()
    assert "is open in <#" in " ".join(record.texts())
    thread = next(c for c in world.fake.channels.values() if c.is_thread)
    assert any(b.get("label") == "Start" for m in world.fake.channel_messages(thread.id) for b in m.buttons())
    assert not any(m.buttons() for m in world.channel()), "the channel itself holds no lobby"
    asked = (await alice.slash("game abandon", channel_id=thread.id)).replies()[-1]
    await alice.click(asked, custom_id=asked.buttons()[0]["custom_id"])  # "Are you sure?": its confirmation
    await world.settle()
    inside = await alice.slash("game new", game="testgame", channel_id=thread.id)
    await world.settle()
    assert not any("is open in" in t for t in inside.texts())
    assert sum(c.is_thread for c in world.fake.channels.values()) == 1, "no thread inside the thread"
    assert any(b.get("label") == "Start" for m in inside.replies() for b in m.buttons()), inside.texts()
