"""`bot.bounded.bounded`, the one check every message passes before it is sent (issue 38): a body past each of
Discord's limits (content, a button's label, a select's placeholder, options and their texts, alt text, a
layout's text, an embed) is sent within them, through the bot's own HTTP client to the strict fake, which
refuses what Discord would (the `world` fixture fails the test on it)."""

from __future__ import annotations

import io

import discord
from PIL import Image

from bot.bounded import bounded
from tests.support.fake_discord.limits import TEXT_DISPLAY, walk
from tests.support.world import World

MEDIA_GALLERY = 12


def png(name: str, alt: str) -> discord.File:
    data = io.BytesIO()
    Image.new("RGB", (4, 4)).save(data, "PNG")
    data.seek(0)
    return discord.File(data, filename=name, description=alt)


def oversized_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="b" * 200, custom_id="t:1"))
    view.add_item(discord.ui.Select(custom_id="t:2", placeholder="p" * 300, min_values=1, max_values=30, options=[
        discord.SelectOption(label="l" * 200, value=str(i), description="d" * 200) for i in range(30)]))
    return view


def oversized_layout() -> discord.ui.LayoutView:
    container: discord.ui.Container = discord.ui.Container()
    container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://b.png", description="a" * 2000)))
    for _ in range(3):
        container.add_item(discord.ui.TextDisplay("t" * 3000))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(container)
    return layout


async def test_a_body_past_every_limit_is_sent_within_them(world: World) -> None:
    channel = world.bot.get_partial_messageable(world.fake.channel.id, guild_id=world.fake.guild.id)
    embed = discord.Embed(title="e" * 500, description="f" * 5000)
    for _ in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    sent = await channel.send(**bounded(content="c" * 5000, view=oversized_view(), file=png("a.png", "alt " * 600),
                                        embeds=[embed]))
    stored = world.fake.find_message(sent.id)
    assert stored is not None and len(stored.content) == 2000
    assert [len(b["label"]) for b in stored.buttons()] == [80]
    select = stored.selects()[0]
    assert len(select["placeholder"]) == 150 and len(select["options"]) == 25 == select["max_values"]
    assert all(len(o["label"]) == len(o["description"]) == 100 for o in select["options"])
    assert len(stored.attachments[0].description or "") == 1024

    sent = await channel.send(**bounded(view=oversized_layout(), files=[png("b.png", "")]))
    stored = world.fake.find_message(sent.id)
    assert stored is not None
    texts = [c["content"] for c in walk(stored.components) if c["type"] == TEXT_DISPLAY]
    assert [len(t) for t in texts] == [3000, 1000], "the second display clipped, the third left out"
    gallery = next(c for c in walk(stored.components) if c["type"] == MEDIA_GALLERY)
    assert len(gallery["items"][0]["description"]) == 1024
