"""The local Discord on its own: raw HTTP requests, then a real discord.py client against it.

These prove the fake speaks the protocol discord.py expects (so the end-to-end scenarios test
the bot, not the fake) and that it catches what real Discord would refuse.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from e2e_driver import Person
from fake_discord import FakeDiscord, is_png
from fake_discord.interactions import MESSAGE_COMPONENT

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde"
       b"\x00\x00\x00\x0cIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")


async def raw(fake: FakeDiscord, method: str, path: str, *, auth: bool = True, **kwargs: object) -> tuple[int, object]:
    headers = {"Authorization": f"Bot {fake.token}"} if auth else {}
    async with aiohttp.ClientSession() as session, \
            session.request(method, fake.api_base + path, headers=headers, **kwargs) as resp:  # type: ignore[arg-type]
        return resp.status, (await resp.json() if resp.content_type == "application/json" else None)


# --- raw HTTP -----------------------------------------------------------------------------

async def test_gateway_discovery_and_identity(fake: FakeDiscord) -> None:
    status, body = await raw(fake, "GET", "/gateway/bot")
    assert status == 200 and body["url"] == fake.gateway_url  # type: ignore[index]
    status, body = await raw(fake, "GET", "/users/@me")
    assert status == 200 and body["id"] == str(fake.bot.id)  # type: ignore[index]
    assert fake.failures == [] and fake.answer_problems == []


async def test_unknown_route_is_a_failure(fake: FakeDiscord) -> None:
    status, _ = await raw(fake, "GET", "/no/such/route")
    assert status == 404
    assert fake.failures == ["GET /no/such/route: no such route in Discord's API"]


async def test_invalid_body_is_a_failure(fake: FakeDiscord) -> None:
    await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": 5})
    assert len(fake.failures) == 1 and "body at content" in fake.failures[0]


async def test_custom_id_over_100_chars_is_a_failure(fake: FakeDiscord) -> None:
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "x" * 101}
    await raw(fake, "POST", f"/channels/{fake.channel.id}/messages",
              json={"content": "hi", "components": [{"type": 1, "components": [button]}]})
    assert fake.failures, "a custom_id longer than Discord allows must be caught"


def _row(*buttons: dict) -> dict:
    return {"type": 1, "components": list(buttons)}


def _button(custom_id: str | None, label: str = "Go") -> dict:
    return {"type": 2, "style": 1, "label": label} | ({"custom_id": custom_id} if custom_id else {})


@pytest.mark.parametrize(("body", "why"), [
    ({"content": "x" * 2001}, "2001 characters"),
    ({"content": "x", "components": [_row(_button(f"b{i}")) for i in range(6)]}, "6 action rows"),
    ({"content": "x", "components": [_row(_button(None))]}, "no custom_id"),
    ({"content": "x", "components": [_row(_button("same"), _button("same"))]}, "used twice"),
    ({}, "empty message"),
])
async def test_discord_limits_beyond_the_spec_are_failures(fake: FakeDiscord, body: dict, why: str) -> None:
    status, _ = await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", json=body)
    assert status == 400 and why in " ".join(fake.failures)
    assert fake.channel_messages() == []


async def test_missing_token_is_a_failure(fake: FakeDiscord) -> None:
    status, _ = await raw(fake, "GET", "/users/@me", auth=False)
    assert status == 401 and "Authorization" in fake.failures[0]


async def test_unknown_query_parameter_is_a_failure(fake: FakeDiscord) -> None:
    await raw(fake, "GET", "/gateway/bot", params={"bogus": "1"})
    assert fake.failures == ["GET /gateway/bot: unknown query parameter 'bogus'"]


async def test_multipart_message_keeps_the_file(fake: FakeDiscord) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "board", "attachments": [{"id": 0, "filename": "b.png"}]}',
                   content_type="application/json")
    form.add_field("files[0]", PNG, filename="b.png", content_type="image/png")
    status, body = await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", data=form)
    assert status == 200 and body["attachments"][0]["filename"] == "b.png"  # type: ignore[index]
    (msg,) = fake.channel_messages()
    assert msg.content == "board" and is_png(msg.pngs()[0])
    assert fake.failures == [] and fake.answer_problems == []


# --- a real discord.py client ---------------------------------------------------------------

class Probe(discord.Client):
    """A tiny bot: one slash command with autocomplete, one button, DMs."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.tree = app_commands.CommandTree(self)
        self.clicks = 0
        self.seen: list[discord.Interaction] = []
        self.ready_event = asyncio.Event()

        @self.tree.command(name="hello", description="Say hello")
        @app_commands.describe(word="what to say")
        async def hello(interaction: discord.Interaction, word: str) -> None:
            await interaction.response.defer(thinking=True)
            view = discord.ui.View(timeout=None)
            button = discord.ui.Button(label="Click", custom_id="probe:click")
            button.callback = self._clicked  # type: ignore[method-assign]
            view.add_item(button)
            await interaction.followup.send(f"hello {word}", file=discord.File(io.BytesIO(PNG), "board.png"),
                                            view=view)

        @hello.autocomplete("word")
        async def words(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=w, value=w) for w in ("apple", "avocado", "banana") if
                    w.startswith(current)]

    async def _clicked(self, interaction: discord.Interaction) -> None:
        self.clicks += 1
        await interaction.response.edit_message(content=f"clicked {self.clicks}", view=None)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(interaction)

    async def on_ready(self) -> None:
        self.ready_event.set()


def point_discord_py_at(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """What DISCORD_API_BASE / DISCORD_GATEWAY_URL do in the bot: REST and gateway to the fake."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))


@pytest.fixture
async def probe(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Probe]:
    point_discord_py_at(fake, monkeypatch)
    client = Probe()
    task = asyncio.create_task(client.start(fake.token))
    await asyncio.wait_for(client.ready_event.wait(), 20)
    yield client
    await client.close()
    await asyncio.wait_for(task, 10)


def command(fake: FakeDiscord, name: str) -> dict:
    return next(c for c in fake.commands[None] if c["name"] == name)


async def test_client_logs_in_registers_commands_and_sees_the_guild(fake: FakeDiscord, probe: Probe) -> None:
    guild = probe.get_guild(fake.guild.id)
    assert guild is not None and guild.get_channel(fake.channel.id) is not None
    assert command(fake, "hello")["options"][0]["name"] == "word"
    assert fake.gateway.identifies == 1
    assert fake.failures == [] and fake.answer_problems == []


async def test_slash_command_autocomplete_follow_up_and_button(fake: FakeDiscord, probe: Probe) -> None:
    alice = Person(fake, fake.add_user("alice"))
    choices = await alice.autocomplete("hello", "word", "a")
    assert [c["value"] for c in choices] == ["apple", "avocado"]

    run = await alice.slash("hello", word="apple")
    msg = await fake.wait_for(lambda: [m for m in run.replies() if not m.loading], what="the follow-up")
    (shown,) = alice.channel()
    assert shown is msg[0] and shown.content == "hello apple" and is_png(shown.pngs()[0])

    await alice.click(shown, "Click")
    assert shown.content == "clicked 1" and shown.components == []
    assert fake.failures == [] and fake.answer_problems == []


async def test_driver_uses_only_what_the_bot_registered(fake: FakeDiscord, probe: Probe) -> None:
    bob = Person(fake, fake.add_user("bob"))
    with pytest.raises(LookupError, match="no option"):
        await bob.slash("hello", wrd="x")
    with pytest.raises(LookupError, match="required options missing"):
        await bob.slash("hello")
    with pytest.raises(LookupError, match="no slash command"):
        await bob.slash("goodbye")


async def test_dm_refused_with_50007(fake: FakeDiscord, probe: Probe) -> None:
    bob, carol = fake.add_user("bob"), fake.add_user("carol")
    fake.refuse_dms(carol)
    await (await probe.fetch_user(bob.id)).send("your hand")
    with pytest.raises(discord.Forbidden) as refused:
        await (await probe.fetch_user(carol.id)).send("your hand")
    assert refused.value.code == 50007
    assert [m.content for m in fake.dm_messages(bob)] == ["your hand"]
    assert fake.dm_messages(carol) == [] and fake.refused_dms == [carol.id]
    assert fake.failures == []


async def test_one_429_is_retried_and_the_message_posted_once(fake: FakeDiscord, probe: Probe) -> None:
    fake.rate_limit_once("POST", "/channels/{channel_id}/messages", retry_after=0.2, channel_id=fake.channel.id)
    channel = probe.get_channel(fake.channel.id)
    await channel.send("after the limit")  # type: ignore[union-attr]
    assert len(fake.rate_limited) == 1
    assert [m.content for m in fake.channel_messages()] == ["after the limit"]
    assert fake.failures == []


async def test_edit_and_thread(fake: FakeDiscord, probe: Probe) -> None:
    channel = probe.get_channel(fake.channel.id)
    sent = await channel.send("first")  # type: ignore[union-attr]
    await sent.edit(content="second", attachments=[discord.File(io.BytesIO(PNG), "b.png")])
    (stored,) = fake.channel_messages()
    assert stored.content == "second" and stored.edits == 1 and is_png(stored.pngs()[0])
    thread = await channel.create_thread(name="Catan #1", type=discord.ChannelType.public_thread)  # type: ignore[union-attr]
    await thread.send("in the thread")
    await fake.wait_for(lambda: probe.get_channel(thread.id), what="THREAD_CREATE to reach the client")
    assert [m.content for m in fake.channel_messages(thread.id)] == ["in the thread"]
    assert fake.failures == [] and fake.answer_problems == []


async def test_double_acknowledgement_is_a_failure(fake: FakeDiscord, probe: Probe) -> None:
    dave = fake.add_user("dave")
    record = await fake.interact(MESSAGE_COMPONENT, dave, fake.channel.id,
                                 {"custom_id": "nothing", "component_type": 2})
    await fake.wait_for(lambda: probe.seen, what="the interaction")
    await probe.seen[0].response.send_message("one", ephemeral=True)
    status, body = await raw(fake, "POST", f"/interactions/{record.id}/{record.token}/callback", auth=False,
                             json={"type": 4, "data": {"content": "two"}})
    assert (status, body["code"]) == (400, 40060)  # type: ignore[index]
    assert any("acknowledged twice" in f for f in fake.failures)
    assert [m.content for m in fake.channel_messages(viewer=dave)] == ["one"]
    assert fake.channel_messages() == [], "an ephemeral reply is seen by its user only"


async def test_resume_after_a_dropped_socket(fake: FakeDiscord, probe: Probe) -> None:
    session = fake.gateway.live
    assert session is not None
    await fake.gateway.drop()
    await fake.wait_for(lambda: session.resumes == 1 and fake.gateway.live is session, what="RESUME")
    record = await Person(fake, fake.add_user("erin")).slash("hello", word="back")
    await fake.wait_for(lambda: "hello back" in record.texts(), what="the command after RESUME")
    assert fake.gateway.identifies == 1 and fake.failures == []


async def test_heartbeats_are_acknowledged(monkeypatch: pytest.MonkeyPatch) -> None:
    async with FakeDiscord(heartbeat_interval_ms=100) as fake:
        point_discord_py_at(fake, monkeypatch)
        client = Probe()
        task = asyncio.create_task(client.start(fake.token))
        await fake.wait_for(lambda: fake.gateway.heartbeats >= 4, timeout=20, what="heartbeats")
        assert fake.gateway.identifies == 1, "acknowledged heartbeats keep the session"
        await client.close()
        await task
