"""Issue 25 item 3: an AI seat's level shows wherever the seat is named — beside the board and in its alt text,
in `/game status` and its picture, in the final results, and in a replay — through real discord.py objects."""

from __future__ import annotations

from tests.support.person import Person
from tests.support.stored import stored_game
from tests.support.world import World

LINE = "AI players: Basil (AI easy, blue) · Cleo (AI normal, yellow)."


async def played_with_ai(world: World, alice: Person, *levels: str) -> int:
    """Alice seats AIs of these levels with the lobby's select, starts, and plays High card to its end."""
    await alice.slash("game new", game="testgame", thread=False)
    await world.settle()
    lobby = world.lobby()
    for level in levels:
        lobby = await world.pick(alice, lobby, "Add an AI", level)
    await alice.click(lobby, "Start")
    await world.fake.wait_for(lambda: bool(world.boards()), what="the first board")
    await world.settle()
    service = world.bot.service
    game_id = (await service.game_in_channel(world.fake.channel.id)).id
    await alice.slash("game status")
    while (await service.get(game_id)).status == "running":
        await service.advance_ai(game_id)
        if (await service.get(game_id)).status != "running":
            break
        card = (await service.hand(game_id, alice.user.id))["hand"][0]
        await service.act(game_id, alice.user.id, {"type": "play", "card": card})
    await world.fake.wait_for(lambda: any(m.text().startswith("**How it went**") for m in world.channel()),
                              timeout=30, what="the recap")
    return game_id


async def test_the_levels_show_on_the_board_its_alt_text_the_status_and_the_results(world: World) -> None:
    alice = world.person("alice")
    await played_with_ai(world, alice, "Easy", "Normal")
    first, last = world.boards()[0], world.boards()[-1]
    for board in (first, last):
        assert LINE in board.text(), board.text()
        assert LINE in board.attachments[0].description, "the picture's alt text names the AI seats too"
    assert "Game over" in last.text()
    assert "Basil (AI easy, blue):" in last.text() and "Cleo (AI normal, yellow):" in last.text()
    status = next(m for ms in world.fake.messages.values() for m in ms if m.content.startswith("**High card**")
                  and m.visible_to == alice.user.id)
    assert "2. Basil (AI easy, blue) · 3. Cleo (AI normal, yellow)" in status.content
    assert LINE in status.attachments[0].description


async def test_a_replay_names_each_ai_seat_with_its_level(world: World) -> None:
    """The replay names the seats as the board did: the AI's level beside the frame, in the frame's alt text and
    in whose turn it is."""
    alice = world.person("alice")
    game_id = await stored_game(world.bot.storage, "roam", 2, user_id=alice.user.id, guild_id=world.fake.guild.id,
                                channel_id=world.fake.channel.id, level="hard")
    record = await alice.slash("game replay", id=game_id)
    await world.fake.wait_for(lambda: not record.replies()[-1].loading, timeout=30, what="the replay")
    message = record.replies()[-1]
    assert "AI players: Basil (AI hard, blue)." in message.content
    assert "AI players: Basil (AI hard, blue)." in message.attachments[0].description
    captions = [message.content.split("\n")[0]]
    while not any("Basil (AI hard, blue) to move" in c for c in captions) and len(captions) < 10:
        edits = message.edits
        await alice.click(message, "▶")
        await world.fake.wait_for(lambda n=edits, at=message.id: world.fake.find_message(at).edits > n,
                                  timeout=30, what="the replay redrawn")
        message = world.fake.find_message(message.id)
        captions.append(message.content.split("\n")[0])
    assert any("Basil (AI hard, blue) to move" in c for c in captions), captions


async def test_the_leaderboard_rates_each_level_as_a_player_of_its_own(world: World) -> None:
    """An easy, a normal and a hard AI at one ROAM table are three rated players, named by their levels on
    `/game leaderboard` (the host leaves at once, so the AIs play the game out; the hard one searches in the
    worker pool, on a small budget here)."""
    world.bot.service.think_seconds = 0.05
    alice = world.person("alice")
    await alice.slash("game new", game="roam", thread=False)
    await world.settle()
    lobby = world.lobby()
    for level in ("Easy", "Normal", "Hard"):
        lobby = await world.pick(alice, lobby, "Add an AI", level)
    await alice.click(lobby, "Start")
    await world.settle()
    asked = (await alice.slash("game leave")).replies()[-1]
    await alice.click(asked, custom_id=asked.buttons()[0]["custom_id"])  # "Are you sure?": its confirmation
    game_id = (await world.bot.service.game_in_channel(world.fake.channel.id)).id
    await world.bot.service.advance_ai(game_id, limit=20000)
    assert (await world.bot.service.get(game_id)).status == "finished"
    record = await alice.slash("game leaderboard", game="roam")
    await world.fake.wait_for(lambda: not record.replies()[-1].loading, timeout=30, what="the leaderboard")
    ranked = [line for line in record.replies()[-1].content.splitlines() if line[:1].isdigit()]
    assert sorted(line.split(". ", 1)[1].split(":")[0] for line in ranked) == ["AI (easy)", "AI (hard)", "AI (normal)"]
    assert all("1 played" in line for line in ranked), ranked
