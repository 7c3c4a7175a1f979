"""The local Discord on its own: raw HTTP requests, then a real discord.py client against it.

These prove the fake speaks the protocol discord.py expects (so the end-to-end scenarios test
the bot, not the fake) and that it catches what real Discord would refuse.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, handle_message_parameters

from tests.support.fake_discord import MESSAGES, FakeDiscord, is_png
from tests.support.fake_discord.interactions import MESSAGE_COMPONENT
from tests.support.person import Person

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde"
       b"\x00\x00\x00\x0cIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """Lenient, for the fake's own tests only: they send what Discord refuses on purpose, to prove the fake
    records it, and each asserts what it expects. Every other e2e test gets the strict `fake` of conftest."""
    async with FakeDiscord(check_answers=True) as server:
        yield server


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


@pytest.mark.parametrize(("body", "where"), [
    ({"content": "hi", "components": [{"type": 1, "id": 2**40, "components": [_button("go")]}]}, "components/0/id"),
    ({"embeds": [{"title": "t", "timestamp": "yesterday"}]}, "embeds/0/timestamp"),
], ids=["int32 out of range", "not a date-time"])
async def test_a_value_of_the_wrong_format_is_a_failure(fake: FakeDiscord, body: dict, where: str) -> None:
    await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", json=body)
    assert len(fake.failures) == 1 and f"body at {where}: format" in fake.failures[0], fake.failures


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

    def __init__(self, **options: Any) -> None:
        # One guild, sent right after READY: no need to wait discord.py's 2 s for more.
        super().__init__(intents=discord.Intents(guilds=True), guild_ready_timeout=0.1, **options)
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

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before a re-IDENTIFY, for Discord's identify limit; the fake has none."""

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
        assert fake.gateway.acks >= fake.gateway.heartbeats - 1, "every heartbeat is ACKed at once"
        assert fake.gateway.heartbeat_gaps[0] < 1, "discord.py beats at once after HELLO"
        assert all(0.05 < gap < 2 for gap in fake.gateway.heartbeat_gaps[1:4]), "then every interval"
        await client.close()
        await task
        assert fake.failures == []


# --- faults, as discord.py meets them -------------------------------------------------------


class DiscordPyClock:
    """discord.http's asyncio with its sleeps (5xx back-off, 429 retry_after) put on the fake's clock:
    recorded (but for the zero ones of a fresh bucket), the fake's clock moved on by them, none
    really waited for."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.slept: list[float] = []

    def __getattr__(self, name: str) -> object:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: object = None) -> object:
        if delay:
            self.slept.append(delay)
            self.fake.clock.advance(delay)
        await asyncio.sleep(0)
        return result


@pytest.fixture
async def http(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[HTTPClient, DiscordPyClock]]:
    """discord.py's own REST client, logged in to the fake, on the fake's clock."""
    point_discord_py_at(fake, monkeypatch)
    clock = DiscordPyClock(fake)
    monkeypatch.setattr(discord.http, "asyncio", clock)
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    yield client, clock
    await client.close()


async def post(client: HTTPClient, channel_id: int, content: str) -> dict:
    with handle_message_parameters(content) as params:
        return await client.send_message(channel_id, params=params)


async def raw_answer(fake: FakeDiscord, method: str, path: str, **kwargs: object) -> tuple[int, dict, dict[str, str]]:
    """Status, JSON body and headers of one plain request."""
    async with aiohttp.ClientSession() as session, session.request(
            method, fake.api_base + path, headers={"Authorization": f"Bot {fake.token}"}, **kwargs) as resp:  # type: ignore[arg-type]
        return resp.status, await resp.json(), dict(resp.headers)


@pytest.mark.parametrize("status", [500, 502, 504])
async def test_5xx_is_retried_five_times_by_discord_py_then_raised(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock], status: int) -> None:
    client, clock = http
    fault = fake.server_error(status, times=5, method="POST", route=MESSAGES, channel=fake.channel)
    with pytest.raises(discord.DiscordServerError) as raised:
        await post(client, fake.channel.id, "board")
    assert (raised.value.status, raised.value.code) == (status, 0)
    assert clock.slept == [1, 3, 5, 7, 9], "discord.py's own back-off"
    assert fault.hits == 5 == fake.count("POST", MESSAGES, channel=fake.channel, fault=fault)
    assert fake.channel_messages() == []
    assert fake.failures == [] and fake.answer_problems == []


async def test_a_few_5xx_are_retried_and_the_message_posted_once(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, clock = http
    fake.server_error(502, times=2, route=MESSAGES)
    await post(client, fake.channel.id, "board")
    assert clock.slept == [1, 3]
    assert [m.content for m in fake.channel_messages()] == ["board"]
    assert fake.count("POST", MESSAGES, status=502) == 2 and fake.count("POST", MESSAGES, status=200) == 1


async def test_a_503_is_raised_at_once(fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, clock = http
    fake.server_error(503)
    with pytest.raises(discord.DiscordServerError) as raised:
        await post(client, fake.channel.id, "board")
    assert raised.value.status == 503 and clock.slept == [] and fake.count(fault=True) == 1


async def test_a_lost_answer_makes_discord_py_post_twice(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    """A 504 after the message was posted: the retry posts it again (what "posted exactly once" guards)."""
    client, _ = http
    fake.server_error(504, took_effect=True, route=MESSAGES)
    await post(client, fake.channel.id, "board")
    assert [m.content for m in fake.channel_messages()] == ["board", "board"]
    assert fake.count("POST", MESSAGES, channel=fake.channel) == 2


async def test_an_outage_lasts_its_span_of_the_fake_clock(fake: FakeDiscord) -> None:
    outage = fake.outage(seconds=30, status=503)
    status, body, _ = await raw_answer(fake, "GET", "/users/@me")
    assert (status, body) == (503, {"message": "503: Service Unavailable", "code": 0})
    status, _, _ = await raw_answer(fake, "GET", f"/channels/{fake.channel.id}")
    assert status == 503
    fake.clock.advance(29)
    assert (await raw_answer(fake, "GET", "/users/@me"))[0] == 503
    fake.clock.advance(2)
    assert (await raw_answer(fake, "GET", "/users/@me"))[0] == 200
    assert outage.hits == 3 and fake.count(status=503) == 3 and fake.count(fault=False) == 1
    assert fake.failures == [] and fake.answer_problems == []


async def test_an_outage_of_one_route_and_channel_spares_the_rest(fake: FakeDiscord) -> None:
    other = fake.add_text_channel("other")
    fake.outage(seconds=10, status=500, method="POST", route=MESSAGES, channel=fake.channel)
    assert (await raw_answer(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": "a"}))[0] == 500
    assert (await raw_answer(fake, "POST", f"/channels/{other.id}/messages", json={"content": "b"}))[0] == 200
    assert (await raw_answer(fake, "GET", f"/channels/{fake.channel.id}"))[0] == 200
    assert fake.count("POST", MESSAGES, channel=other, status=200) == 1


async def test_a_slow_discord_answers_late_but_serves(fake: FakeDiscord) -> None:
    slow = fake.slow(0.3, times=1, route=MESSAGES)
    started = asyncio.get_running_loop().time()
    status, _, _ = await raw_answer(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": "a"})
    assert status == 200 and asyncio.get_running_loop().time() - started >= 0.3
    assert [m.content for m in fake.channel_messages()] == ["a"] and fake.count(fault=slow) == 1
    assert (await raw_answer(fake, "GET", "/users/@me"))[0] == 200 and slow.hits == 1


async def test_repeated_429s_are_waited_out_and_the_message_posted_once(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, clock = http
    fault = fake.rate_limit(retry_after=0.25, times=3, method="POST", route=MESSAGES, channel=fake.channel)
    await post(client, fake.channel.id, "board")
    assert clock.slept == [0.25, 0.25, 0.25], "discord.py waits retry_after from the body"
    assert fault.hits == 3 and fault.early == 0 and len(fake.rate_limited) == 3
    assert [m.content for m in fake.channel_messages()] == ["board"]
    assert fake.failures == [] and fake.answer_problems == []


async def test_five_429s_in_a_row_make_discord_py_give_up(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, _ = http
    fake.rate_limit(retry_after=0.1, times=5, route=MESSAGES)
    with pytest.raises(discord.HTTPException) as raised:
        await post(client, fake.channel.id, "board")
    assert raised.value.status == 429 and fake.channel_messages() == []


async def test_a_per_route_429_answers_as_discord_does(fake: FakeDiscord) -> None:
    fault = fake.rate_limit(retry_after=2.5, route=MESSAGES)
    status, body, headers = await raw_answer(fake, "POST", f"/channels/{fake.channel.id}/messages",
                                             json={"content": "a"})
    assert status == 429
    assert body == {"message": "You are being rate limited.", "code": 0, "retry_after": 2.5, "global": False}
    assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Reset-After"] == "2.500"
    assert headers["Retry-After"] == "3" and headers["X-RateLimit-Scope"] == "user" and "Via" in headers
    assert "X-RateLimit-Bucket" in headers and "X-RateLimit-Global" not in headers
    fake.clock.advance(1)
    status, body, _ = await raw_answer(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": "a"})
    assert status == 429 and body["retry_after"] == pytest.approx(1.5, abs=0.1), "a retry too soon: another 429"
    assert fault.early == 1
    fake.clock.advance(1.5)
    assert (await raw_answer(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": "a"}))[0] == 200
    assert fake.answer_problems == []


async def test_a_global_429_blocks_every_route_but_interactions(fake: FakeDiscord) -> None:
    fake.rate_limit(retry_after=1.0, is_global=True)
    status, body, headers = await raw_answer(fake, "GET", "/users/@me")
    assert status == 429 and body["global"] is True and body["retry_after"] == 1.0
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and "Via" in headers
    assert (await raw_answer(fake, "GET", f"/channels/{fake.channel.id}"))[0] == 429, "global: every route"
    status, body = await raw(fake, "POST", "/interactions/1/nope/callback", auth=False, json={"type": 1})
    assert (status, body["code"]) == (404, 10062), "interaction routes are outside the global limit"  # type: ignore[index]
    fake.clock.advance(1.0)
    assert (await raw_answer(fake, "GET", "/users/@me"))[0] == 200
    assert fake.answer_problems == []


async def test_a_global_429_holds_discord_py_then_lets_it_through(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, clock = http
    fake.rate_limit(retry_after=0.75, is_global=True)
    await post(client, fake.channel.id, "board")
    assert clock.slept == [0.75] and [m.content for m in fake.channel_messages()] == ["board"]


@pytest.mark.parametrize(("code", "message"), [(50001, "Missing Access"), (50013, "Missing Permissions")])
async def test_a_forbidden_channel_raises_forbidden_with_the_code(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock], code: int, message: str) -> None:
    client, _ = http
    other = fake.add_text_channel("other")
    fault = fake.forbid(fake.channel, code)
    with pytest.raises(discord.Forbidden) as raised:
        await post(client, fake.channel.id, "board")
    assert (raised.value.status, raised.value.code, raised.value.text) == (403, code, message)
    with pytest.raises(discord.Forbidden):
        await client.get_channel(fake.channel.id)
    await post(client, other.id, "elsewhere")
    fault.stop()
    await post(client, fake.channel.id, "board")
    assert fake.count(status=403) == 2 and fake.answer_problems == []


async def test_a_refusal_narrowed_to_sending(fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, _ = http
    fake.forbid(fake.channel, 50013, method="POST", route=MESSAGES)
    assert (await client.get_channel(fake.channel.id))["name"] == "games"
    with pytest.raises(discord.Forbidden):
        await post(client, fake.channel.id, "board")


async def test_history_pages_the_channel_as_discord_does(fake: FakeDiscord, probe: Probe) -> None:
    """GET /channels/{id}/messages as discord.py pages it (issue 45): the newest page by default, and with
    `after=` every message since the anchor however many pages that takes, oldest first; answers valid against
    the spec."""
    dave = fake.add_user("dave")
    said = [fake.say(dave, f"message {n}") for n in range(250)]
    channel = probe.get_channel(fake.channel.id)
    newest = [m.content async for m in channel.history(limit=50)]  # type: ignore[union-attr]
    assert newest == [f"message {n}" for n in range(249, 199, -1)]
    since = [m.content async for m in channel.history(after=discord.Object(said[9].id), limit=None)]  # type: ignore[union-attr]
    assert since == [f"message {n}" for n in range(10, 250)]
    older = [m.content async for m in channel.history(before=discord.Object(said[20].id), limit=5)]  # type: ignore[union-attr]
    assert older == [f"message {n}" for n in range(19, 14, -1)]
    assert fake.count("GET", MESSAGES) == 1 + 3 + 1
    assert fake.failures == [] and fake.answer_problems == []


async def test_history_anchors_exclude_each_other(fake: FakeDiscord) -> None:
    status, _ = await raw(fake, "GET", f"/channels/{fake.channel.id}/messages", params={"before": "9", "after": "1"})
    assert status == 400 and fake.failures == [f"GET {MESSAGES}: after and before given"]


async def test_a_deleted_channel_is_unknown_everywhere(fake: FakeDiscord, probe: Probe) -> None:
    channel = probe.get_channel(fake.channel.id)
    sent = await channel.send("board")  # type: ignore[union-attr]
    await fake.delete_channel(fake.channel)
    await fake.wait_for(lambda: probe.get_channel(fake.channel.id) is None, what="CHANNEL_DELETE")
    for attempt in (channel.send("again"), sent.edit(content="x"), sent.delete(),  # type: ignore[union-attr]
                    probe.http.get_channel(fake.channel.id)):
        with pytest.raises(discord.NotFound) as raised:
            await attempt
        assert raised.value.code == 10003 and raised.value.text == "Unknown Channel"
    assert fake.count(status=404) == 4 and fake.failures == [] and fake.answer_problems == []


async def test_a_late_interaction_answer_is_refused_with_10062(fake: FakeDiscord, probe: Probe) -> None:
    fake.refuse_late_answers = True
    dave = fake.add_user("dave")
    record = await fake.interact(MESSAGE_COMPONENT, dave, fake.channel.id, {"custom_id": "x", "component_type": 2})
    await fake.wait_for(lambda: probe.seen, what="the interaction")
    fake.clock.advance(3.5)
    with pytest.raises(discord.NotFound) as raised:
        await probe.seen[0].response.send_message("too late")
    assert (raised.value.code, raised.value.text) == (10062, "Unknown interaction")
    assert [i for i, _ in fake.late_answers] == [record.id] and fake.late_answers[0][1] >= 3.5
    assert record.replies() == [] and fake.answer_problems == []


async def test_a_late_answer_is_only_recorded_by_default(fake: FakeDiscord, probe: Probe) -> None:
    record = await fake.interact(MESSAGE_COMPONENT, fake.add_user("dave"), fake.channel.id,
                                 {"custom_id": "x", "component_type": 2})
    await fake.wait_for(lambda: probe.seen, what="the interaction")
    fake.clock.advance(3.5)
    await probe.seen[0].response.send_message("late but shown")
    assert record.texts() == ["late but shown"] and len(fake.late_answers) == 1


async def test_follow_ups_stop_15_minutes_after_the_interaction(fake: FakeDiscord, probe: Probe) -> None:
    await fake.interact(MESSAGE_COMPONENT, fake.add_user("dave"), fake.channel.id,
                        {"custom_id": "x", "component_type": 2})
    await fake.wait_for(lambda: probe.seen, what="the interaction")
    interaction = probe.seen[0]
    await interaction.response.defer(thinking=True)
    fake.clock.advance(14 * 60)
    await interaction.followup.send("still in time")
    fake.clock.advance(61)
    with pytest.raises(discord.HTTPException) as raised:
        await interaction.followup.send("too late")
    assert (raised.value.status, raised.value.code, raised.value.text) == (401, 50027, "Invalid Webhook Token")
    with pytest.raises(discord.HTTPException):
        await interaction.edit_original_response(content="x")
    assert fake.count(status=401) == 2 and fake.failures == [] and fake.answer_problems == []


async def test_counting_requests_by_route_channel_and_status(
        fake: FakeDiscord, http: tuple[HTTPClient, DiscordPyClock]) -> None:
    client, _ = http
    other = fake.add_text_channel("other")
    fake.server_error(502, times=1, route=MESSAGES, channel=other)
    for channel_id in (fake.channel.id, other.id, fake.channel.id):
        await post(client, channel_id, "x")
    assert fake.count("POST", MESSAGES) == 4
    assert fake.count("POST", MESSAGES, channel=fake.channel) == 2
    assert fake.count("POST", MESSAGES, channel=other, status=200) == 1
    assert fake.count(route=[MESSAGES, "/users/@me"]) == 5
    (failed,) = fake.requests_to("POST", MESSAGES, fault=True)
    assert failed.status == 502 and failed.params == {"channel_id": str(other.id)}


# --- gateway faults ---------------------------------------------------------------------------

@pytest.fixture
async def quick_fake() -> AsyncIterator[FakeDiscord]:
    """A local Discord that wants a heartbeat every 100 ms and waits 0.3 s more for a missing one."""
    async with FakeDiscord(heartbeat_interval_ms=100) as server:
        server.gateway.heartbeat_grace_s = 0.3
        yield server


async def running(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, **options: Any) -> tuple[Probe, asyncio.Task]:
    point_discord_py_at(fake, monkeypatch)
    client = Probe(**options)
    task = asyncio.create_task(client.start(fake.token))
    await asyncio.wait_for(client.ready_event.wait(), 20)
    return client, task


async def gateway_socket(fake: FakeDiscord, session: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
    """A bare gateway connection, past HELLO."""
    ws = await session.ws_connect(fake.gateway_url)
    assert (await ws.receive_json())["op"] == 10
    return ws


def identify(fake: FakeDiscord) -> dict:
    return {"op": 2, "d": {"token": fake.token, "intents": 0, "properties": {}}}


async def test_a_zombie_connection_is_left_and_resumed(quick_fake: FakeDiscord,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Heartbeats go unanswered: discord.py gives up on the socket after heartbeat_timeout and RESUMEs."""
    fake = quick_fake
    client, task = await running(fake, monkeypatch, heartbeat_timeout=0.5)
    session = fake.gateway.live
    fake.gateway.ack_heartbeats = False
    await fake.wait_for(lambda: session is not None and session.resumes >= 1, what="a RESUME")
    fake.gateway.ack_heartbeats = True
    assert fake.gateway.identifies == 1 and fake.failures == []
    await client.close()
    await task


async def test_a_client_that_stops_heartbeating_is_closed_with_4009(quick_fake: FakeDiscord) -> None:
    fake = quick_fake
    async with aiohttp.ClientSession() as http:
        ws = await gateway_socket(fake, http)
        await ws.send_json(identify(fake))
        ready = await ws.receive_json()
        while (await ws.receive()).type is aiohttp.WSMsgType.TEXT:
            pass
        assert ws.close_code == 4009
        assert any("no heartbeat" in f for f in fake.failures), "a bot that stops heartbeating fails its test"
        ws = await gateway_socket(fake, http)
        await ws.send_json({"op": 6, "d": {"token": fake.token, "session_id": ready["d"]["session_id"], "seq": 1}})
        assert await ws.receive_json() == {"op": 9, "d": False}, "the timed-out session cannot be resumed"
        await ws.close()


@pytest.mark.parametrize(("frames", "code"), [
    (["not json"], 4002),
    ([{"op": 99, "d": None}], 4003),
    ([{"op": 8, "d": {"guild_id": "1", "query": "", "limit": 0}}], 4003),
    (["identify", "identify"], 4005),
    (["identify", {"op": 99, "d": None}], 4001),
])
async def test_protocol_errors_close_the_socket_as_discord_does(fake: FakeDiscord, frames: list, code: int) -> None:
    async with aiohttp.ClientSession() as http:
        ws = await gateway_socket(fake, http)
        for frame in frames:
            if frame == "identify":
                await ws.send_json(identify(fake))
            elif isinstance(frame, str):
                await ws.send_str(frame)
            else:
                await ws.send_json(frame)
        while (await ws.receive()).type is aiohttp.WSMsgType.TEXT:
            pass
        assert ws.close_code == code and fake.gateway.closes == [code]
        assert fake.failures, "a protocol error is the client's bug"


async def test_an_invalidated_session_makes_discord_py_identify_again(fake: FakeDiscord, probe: Probe) -> None:
    await fake.gateway.invalidate_session()
    await fake.wait_for(lambda: fake.gateway.identifies == 2 and fake.gateway.live, what="a new IDENTIFY")
    record = await Person(fake, fake.add_user("erin")).slash("hello", word="again")
    await fake.wait_for(lambda: "hello again" in record.texts(), what="the command on the new session")
    assert fake.failures == []


async def test_a_resumable_invalid_session_is_resumed(fake: FakeDiscord, probe: Probe) -> None:
    session = fake.gateway.live
    await fake.gateway.invalidate_session(resumable=True)
    await fake.wait_for(lambda: session is not None and session.resumes == 1, what="RESUME")
    assert fake.gateway.identifies == 1


@pytest.mark.parametrize(("code", "resumable", "identifies"), [(1001, True, 1), (4000, False, 2)])
async def test_dropped_socket(fake: FakeDiscord, probe: Probe, code: int, resumable: bool, identifies: int) -> None:
    """Going away (1001) is resumed; a drop whose session is gone gets op 9 on RESUME and IDENTIFYs anew."""
    await fake.gateway.drop(code=code, resumable=resumable)
    await fake.wait_for(lambda: fake.gateway.live and fake.gateway.identifies == identifies
                        and (not resumable or fake.gateway.live.resumes == 1), what="the reconnection")
    assert fake.gateway.closes[0] == code and fake.failures == []


# --- shards (issue 19) ------------------------------------------------------------------------

@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    """A local Discord that recommends two shards, with a guild on each besides the first guild."""
    async with FakeDiscord(shards=2) as server:
        server.add_guild("Zero", shard=0)
        server.add_guild("One", shard=1)
        yield server


def identify_as(fake: FakeDiscord, shard: list[int]) -> dict:
    return {"op": 2, "d": {"token": fake.token, "intents": 1, "properties": {}, "shard": shard}}


async def frames_until_quiet(ws: aiohttp.ClientWebSocketResponse, quiet: float = 0.3) -> list[dict]:
    """The dispatches a socket receives until it has been quiet for `quiet` seconds."""
    frames = []
    while True:
        try:
            msg = await ws.receive(timeout=quiet)
        except TimeoutError:
            return frames
        if msg.type is not aiohttp.WSMsgType.TEXT:
            return frames
        frames.append(msg.json())


async def test_gateway_bot_recommends_the_shard_count(sharded: FakeDiscord) -> None:
    status, body = await raw(sharded, "GET", "/gateway/bot")
    assert status == 200 and body["shards"] == 2  # type: ignore[index]


async def test_each_shard_is_told_of_its_own_guilds_only(sharded: FakeDiscord) -> None:
    """Guilds are spread by (guild_id >> 22) % n; each session's READY and GUILD_CREATEs name its own."""
    fake = sharded
    async with aiohttp.ClientSession() as http:
        for i in (0, 1):
            ws = await gateway_socket(fake, http)
            await ws.send_json(identify_as(fake, [i, 2]))
            frames = await frames_until_quiet(ws)
            ready = frames[0]["d"]
            created = [int(f["d"]["id"]) for f in frames if f.get("t") == "GUILD_CREATE"]
            expected = sorted(g.id for g in fake.guilds.values() if (g.id >> 22) % 2 == i)
            assert ready["shard"] == [i, 2]
            assert sorted(int(g["id"]) for g in ready["guilds"]) == expected == sorted(created)
            assert expected, f"shard {i} has a guild"
            await ws.close()
    assert fake.gateway.identifies == 2 and fake.failures == []


async def test_a_shard_outside_its_count_is_closed_with_4010(sharded: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        ws = await gateway_socket(sharded, http)
        await ws.send_json(identify_as(sharded, [2, 2]))
        await frames_until_quiet(ws)
        assert ws.close_code == 4010 and sharded.gateway.identifies == 0
    assert sharded.failures == ["gateway: IDENTIFY as shard [2, 2] (closed with 4010)"]


async def test_interactions_reach_their_guilds_shard_and_dms_shard_0(sharded: FakeDiscord) -> None:
    fake = sharded
    one = next(g for g in fake.guilds.values() if g.name == "One")
    alice = fake.add_user("alice", guilds=fake.guilds.values())
    in_one = fake.add_text_channel("games", one)
    async with aiohttp.ClientSession() as http:
        sockets = []
        for i in (0, 1):
            ws = await gateway_socket(fake, http)
            await ws.send_json(identify_as(fake, [i, 2]))
            await frames_until_quiet(ws)
            sockets.append(ws)
        for channel, custom_id in ((in_one, "x"), (fake.dm_channel(alice), "y")):
            await fake.interact(MESSAGE_COMPONENT, alice, channel.id, {"custom_id": custom_id, "component_type": 2})
        seen = [[f["d"]["data"]["custom_id"] for f in await frames_until_quiet(ws)
                 if f.get("t") == "INTERACTION_CREATE"] for ws in sockets]
        assert seen == [["y"], ["x"]], "the guild's click on shard 1, the DM's on shard 0"
        for ws in sockets:
            await ws.close()
    assert fake.failures == []


class ShardedProbe(discord.AutoShardedClient):
    """discord.py's auto-sharded client, as the bot is."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents(guilds=True), guild_ready_timeout=0.1, **options)
        self.ready_event = asyncio.Event()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s between the shards' IDENTIFYs: the fake has no identify limit."""

    async def on_ready(self) -> None:
        self.ready_event.set()


@pytest.mark.parametrize("shard_ids", [None, [1]])
async def test_discord_py_runs_the_recommended_shards_or_the_ones_it_is_given(
        sharded: FakeDiscord, monkeypatch: pytest.MonkeyPatch, shard_ids: list[int] | None) -> None:
    fake = sharded
    point_discord_py_at(fake, monkeypatch)
    client = ShardedProbe(shard_ids=shard_ids, shard_count=2 if shard_ids else None)
    task = asyncio.create_task(client.start(fake.token))
    await asyncio.wait_for(client.ready_event.wait(), 20)
    owned = shard_ids or [0, 1]
    assert client.shard_count == 2 and sorted(client.shards) == owned
    assert fake.gateway.live_shards == set(owned)
    assert {g.id for g in client.guilds} == {g for g in fake.guilds if (g >> 22) % 2 in owned}
    assert all(g.shard_id == (g.id >> 22) % 2 for g in client.guilds)
    await client.close()
    await task
    assert fake.failures == []


async def test_a_held_request_whose_client_dies_is_never_served(fake: FakeDiscord) -> None:
    """A bot process killed while Discord is slow to answer: its request is dropped, not posted later."""
    hold = fake.slow(delay=30, method="POST", route=MESSAGES, channel=fake.channel)
    with pytest.raises(TimeoutError):
        await raw(fake, "POST", f"/channels/{fake.channel.id}/messages", json={"content": "lost"},
                  timeout=aiohttp.ClientTimeout(total=0.3))
    await fake.wait_for(lambda: fake.abandoned, timeout=5, what="the request to be dropped")
    assert hold.hits == 1 and fake.channel_messages() == [] and fake.count("POST", MESSAGES) == 0
