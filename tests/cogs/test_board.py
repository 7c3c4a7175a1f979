"""The board message (issue 27): Discord's layout components carrying the picture with its alt text, what
happened and the state as text, and the moves of the person to move that need no choice, one tap each."""

from __future__ import annotations

import re

from tests.support.clicking import seated
from tests.support.world import World


async def to_the_first_roll(world: World) -> tuple[int, dict, int]:
    """A Catan table of three people (nothing moves by itself), its setup placed through the service: the
    first seat to roll, and the board that asks it."""
    game_id, people = await seated(world, "catan", guests=2)
    service = world.bot.service
    while True:
        info = await service.get(game_id)
        seat = info.to_move[0]
        choices = await service.choices(game_id, people[seat].user.id)
        if choices[0].action["type"] == "roll":
            break
        await service.act(game_id, people[seat].user.id, choices[0].action, expected_version=info.version)
    await world.settle()
    return game_id, people, seat


async def test_the_board_is_a_layout_of_its_picture_with_alt_text_and_its_state_as_text(world: World) -> None:
    game_id, people, seat = await to_the_first_roll(world)
    board = world.boards()[-1]
    assert board.flags & (1 << 15) and not board.content, "a components-v2 message carries no content"
    gallery = next(c for c in board.components[0]["components"] if c["type"] == 12)
    described = gallery["items"][0]["description"]
    assert described and described == board.attachments[0].description, "alt text on the picture and its file"
    text = board.text()
    assert f"Catan** #{game_id}" in text and f"Your move: <@{people[seat].user.id}>" in text
    assert "Turn 1:" in text and "VP" in text and "Bank:" in text, "the summary (whose turn, scores, bank) as text"


async def test_roll_is_one_tap_on_the_board_for_the_player_to_move_only(world: World) -> None:
    game_id, people, seat = await to_the_first_roll(world)
    board = world.boards()[-1]
    labels = [b["label"] for b in board.buttons()]
    assert labels == ["Roll the dice", "Your move", "My hand"], "no move a hand decides is on the public board"
    before = (await world.bot.service.get(game_id)).version
    other = people[(seat + 1) % 3]
    refused = await other.click(board, "Roll the dice")
    await world.settle()
    assert "another player's moves" in refused.replies()[-1].content
    assert (await world.bot.service.get(game_id)).version == before, "nobody else rolls for them"
    done = await people[seat].click(board, "Roll the dice")
    await world.settle()
    assert done.replies()[-1].content.startswith("✓ Roll the dice"), "the roller hears privately what it did"
    assert (await world.bot.service.get(game_id)).version == before + 1
    assert "rolled" in world.boards()[-1].text()
    assert "Roll the dice" not in [b["label"] for b in world.fake.find_message(board.id).buttons()], \
        "the old board lost its buttons"
    assert world.fake.find_message(board.id).pngs(), "and kept its picture"


async def test_every_file_the_bot_uploads_in_a_whole_game_carries_alt_text(world: World) -> None:
    """Boards, the hand by DM and by *My hand*, `/game status`, the recap and a replay frame: each file has a
    description (its alt text), and a board's names the game and whose turn it is."""
    alice = world.person("alice")
    await world.open_table(alice, ai=1)
    service = world.bot.service
    game_id = (await service.game_in_channel(world.fake.channel.id)).id
    await world.press(alice, world.boards()[-1], "My hand")
    await alice.slash("game status")
    while (await service.get(game_id)).status == "running":
        card = (await service.hand(game_id, alice.user.id))["hand"][0]
        await service.act(game_id, alice.user.id, {"type": "play", "card": card})
        await service.advance_ai(game_id)
    await world.fake.wait_for(lambda: any(m.text().startswith("**How it went**") for m in world.channel()),
                              timeout=30, what="the recap")
    await alice.slash("game replay", id=game_id)
    await world.settle()
    files = [(m, a) for ms in world.fake.messages.values() for m in ms for a in m.attachments]
    kinds = {re.sub(r"\d+", "#", a.filename) for _, a in files}
    assert kinds >= {"testgame-hand.png", "testgame-#-v#.png", "testgame-#.png", "testgame-#-recap.png",
                     "testgame-#-turn#.png"}, kinds
    assert all(a.description for _, a in files), [a.filename for _, a in files if not a.description]
    assert world.boards()[0].attachments[0].description.startswith(
        "High card board. AI players: Basil (AI normal, blue). Scores: "), "what it is, who plays it, then the state"
