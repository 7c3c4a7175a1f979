"""A table belongs to its server (issue 26): a member of another server who clicks a forged control for it
(any of the bot's buttons or selects, its custom id naming the table, on a message in her own server), even
with Manage Server there, changes nothing and is told so."""

from __future__ import annotations

from bot.service import ELSEWHERE
from tests.support.fake_discord import InteractionRecord, StoredMessage
from tests.support.fake_discord.model import snowflake
from tests.support.person import Person
from tests.support.world import World

MESSAGE_COMPONENT = 3
BUTTON, STRING_SELECT = 2, 3

LOBBY_KINDS = ["fr:l:{g}:join", "fr:l:{g}:ai", "fr:l:{g}:leave", "fr:l:{g}:start", ("fr:l:{g}:add", ["hard"]),
               ("fr:l:{g}:rm", ["0"]), "fr:q:{g}:abandon"]
"""Every lobby control: its buttons (Join, Leave, Start, and the Add AI of older lobbies), the add-an-AI and
remove-a-seat selects, and Abandon."""
GAME_KINDS = ["fr:m:{g}", "fr:h:{g}", "fr:a:{g}:{v}:0:0a1b", "fr:k:{g}:{v}:0:0a1b", ("fr:s:{g}:{v}:0:*:0:-", ["0"]),
              ("fr:cs:{g}:{v}:0:0", ["0"]), "fr:t:{g}:{v}:0:o",
              "fr:q:{g}:leave", "fr:q:{g}:resign", "fr:q:{g}:abandon", "fr:x:{g}", "fr:r:{g}:1:next",
              ("fr:rj:{g}", ["0"])]
"""Every control of a running game: Your move, My hand, a move button, its confirmation, the move select,
the card select, the trade modal's opener, leave, resign, abandon, cancel, and a replay's."""


async def forge(world: World, person: Person, kind: str | tuple[str, list[str]], game_id: int,
                version: int) -> InteractionRecord:
    """Post a message carrying the forged control in the person's channel, and use it as Discord's client would."""
    template, values = (kind, None) if isinstance(kind, str) else kind
    custom_id = template.format(g=game_id, v=version)
    if values is None:
        control: dict = {"type": BUTTON, "style": 2, "label": "Forged", "custom_id": custom_id}
        data: dict = {"custom_id": custom_id, "component_type": BUTTON}
    else:
        control = {"type": STRING_SELECT, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
        data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}
    message = world.fake.store(StoredMessage(snowflake(), person.channel_id, world.fake.bot, "forged",
                                             components=[{"type": 1, "components": [control]}]))
    record = await world.fake.interact(MESSAGE_COMPONENT, person.user, person.channel_id, data, message=message)
    await world.fake.wait_for(lambda: record.callback_type is not None, timeout=10, what=f"an answer to {kind}")
    await world.settle()
    return record


async def stored(world: World, game_id: int) -> tuple[int, list[tuple[int | None, bool]], str]:
    info = await world.bot.service.get(game_id)
    return info.version, [(s.user_id, s.is_ai) for s in info.seats], info.status


async def test_every_control_forged_from_another_server_is_refused(world: World) -> None:
    fake = world.fake
    elsewhere = fake.add_guild("Elsewhere")
    their_channel = fake.add_text_channel("games", elsewhere)
    mallory = Person(fake, fake.add_user("mallory", manager=True, guilds=[elsewhere]), their_channel.id)

    alice = world.person("alice")
    await alice.slash("game new", game="testgame", thread=False)  # the lobby in this channel, to find below
    await world.settle()
    lobby = (await world.bot.service.game_in_channel(fake.channel.id)).id
    before = await stored(world, lobby)
    for kind in LOBBY_KINDS:
        record = await forge(world, mallory, kind, lobby, before[0])
        assert await stored(world, lobby) == before, f"{kind} changed the lobby"
        assert record.texts() and all(m.ephemeral for m in record.replies()), f"{kind}: {record.texts()}"
    said = " ".join((await forge(world, mallory, LOBBY_KINDS[0], lobby, before[0])).texts())
    assert said == ELSEWHERE, said

    bob = world.person("bob")
    lobby_message = world.lobby()
    await bob.click(fake.find_message(lobby_message.id), "Join")
    await alice.click(fake.find_message(lobby_message.id), "Start")
    await world.settle()
    running = await stored(world, lobby)
    assert running[2] == "running"
    for kind in GAME_KINDS:
        record = await forge(world, mallory, kind, lobby, running[0])
        assert await stored(world, lobby) == running, f"{kind} changed the game"
        told = [m.content for m in record.replies() if m.ephemeral]
        assert told or (kind == "fr:x:{g}" and record.texts() == ["Cancelled: nothing changed."]), \
            f"{kind}: {record.texts()}"
