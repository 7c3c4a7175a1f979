"""The world of the cog tests: the local fake Discord, the real bot running in this process, and people
who use it; the plain player's choices and the selects they read. The `world` fixture (tests/cogs/conftest.py)
builds it."""

from __future__ import annotations

import asyncio
import re

from bot.client import Frontier
from bot.outcome import GameInfo
from cogs import ids
from tests.support.fake_discord import FakeDiscord, StoredMessage
from tests.support.person import Person


def prefer(choices: list[dict], preference: tuple[str, ...]) -> dict:
    """A plain player: the first autocomplete choice whose label starts like the earliest preference."""
    for start in preference:
        for choice in choices:
            if choice["name"].startswith(start):
                return choice
    return choices[0]


HANDLERS = ("CommandTree-invoker", "discord-ui-", "discord.py: ", "delivery-")
"""How discord.py names the tasks that run a command (and its autocomplete), an item's or a modal's callback and
an event listener, and how the delivery names a game's: while one runs, the bot is at work even when Discord
hears nothing from it (a picture drawn in a worker thread, a database write)."""


def handling() -> bool:
    """Whether a task of the bot's is still handling an interaction, an event or a game's delivery."""
    return any(not task.done() and task.get_name().startswith(HANDLERS) for task in asyncio.all_tasks())


async def busy(bot: Frontier) -> bool:
    """Whether the bot has work under way or due now: a handler running, outbox rows, jobs, or a change."""
    now = bot.service.clock()
    due = [await bot.storage.next_outbox_try(), await bot.storage.next_job_due()]
    return handling() or bool(bot.service.busy_games()) or any(t is not None and t <= now for t in due)


def select_of(message: StoredMessage, placeholder: str) -> dict:
    """The select whose placeholder starts with `placeholder`."""
    found = [s for s in message.selects() if str(s.get("placeholder", "")).startswith(placeholder)]
    if len(found) != 1:
        shown = [s.get("placeholder") for s in message.selects()]
        raise LookupError(f"no single select {placeholder!r}; selects: {shown}")
    return found[0]


def option_values(select: dict, *labels: str) -> list[str]:
    """The values of the options whose labels start with `labels`, in that order."""
    return [next(o["value"] for o in select["options"] if o["label"].startswith(label)) for label in labels]


def steps_in(items: list[dict]) -> dict[str, list[dict]]:
    """The options of each group's step among a move panel's components (`StoredMessage.interactive()`), by the
    group's key ("build_road", "place", "*"): its buttons where the panel draws them so, else its select's options;
    each {"label", "value", "custom_id", "button"}, the value being what a select's option carries ("@n" a place,
    "@" back to the places, "p<page>", a move's digest, "!" and a digest for a move asked about first)."""
    out: dict[str, list[dict]] = {}
    for item in items:
        custom_id = str(item.get("custom_id", ""))
        if m := re.fullmatch(ids.GROUP_BUTTON.template, custom_id):
            out.setdefault(m["group"], []).append(
                {"label": item["label"], "value": m["value"], "custom_id": custom_id, "button": True})
        elif m := re.fullmatch(ids.MOVE_SELECT.template, custom_id):
            out.setdefault(m["group"], []).extend(
                {"label": o["label"], "value": o["value"], "custom_id": custom_id, "button": False}
                for o in item.get("options") or [])
    return out


def step_of(message: StoredMessage, title: str) -> list[dict]:
    """The options of one group's step (see `steps_in`), the group named by its title ("Build road", "Place")."""
    return steps_in(message.interactive())[title.lower().replace(" ", "_")]


class World:
    """The fake Discord, the bot, and people who use it."""

    def __init__(self, fake: FakeDiscord, bot: Frontier) -> None:
        self.fake = fake
        self.bot = bot

    def person(self, name: str, *, manager: bool = False) -> Person:
        return Person(self.fake, self.fake.add_user(name, manager=manager))

    def channel(self) -> list:
        return self.fake.channel_messages(self.fake.channel.id)

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until the bot has nothing due: no outbox row or job due now, no change under way, and
        Discord quiet (the board follows a move from the outbox, not within the move)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            await self.fake.settle(quiet=0.05)
            if not await busy(self.bot):
                return
            await asyncio.sleep(0.02)
        raise TimeoutError("the bot still had work due after 30 s")

    async def new_lobby(self, host: Person, game: str = "testgame") -> tuple[StoredMessage, GameInfo]:
        """A table `host` opens in the channel (no thread): its lobby message and the game."""
        await host.slash("game new", game=game, thread=False)
        await self.settle()
        info = await self.bot.service.game_in_channel(self.fake.channel.id)
        assert info is not None
        return self.lobby(), info

    def lobby(self) -> StoredMessage:
        """The channel's open lobby: the message with the Start button."""
        return next(m for m in self.channel() if any(b.get("label") == "Start" for b in m.buttons()))

    def boards(self) -> list:
        """The channel's board posts (messages with a picture, but not a game's recap), oldest first."""
        return [m for m in self.channel() if m.pngs() and not any(a.filename.endswith("-recap.png")
                                                                  for a in m.attachments)]

    async def play_to_the_end(self, person: Person, preference: tuple[str, ...], *, limit: int) -> str:
        """The person plays through `/play` (moves picked by label, see `prefer`) until the game is over;
        returns the final board's text."""
        for _ in range(limit):
            if "Game over" in self.boards()[-1].text():
                break
            choices = await person.autocomplete("play", "action", "")
            if not choices:  # the AI seats are still moving: their board comes next
                posted = len(self.boards())
                await self.fake.wait_for(lambda n=posted: len(self.boards()) > n, timeout=60, what="AI moves")
                continue
            await person.slash("play", action=prefer(choices, preference)["value"])
            await self.settle()
        return self.boards()[-1].text()

    async def panel(self, person: Person) -> StoredMessage:
        """The person's private move panel, opened from the newest board."""
        record = await person.click(self.boards()[-1], "Your move")
        await self.settle()
        return record.replies()[-1]

    async def pick(self, person: Person, message: StoredMessage, placeholder: str, *labels: str) -> StoredMessage:
        """Choose options by label in one of the message's selects; returns the message as it is then."""
        select = select_of(message, placeholder)
        await person.select(message, option_values(select, *labels), custom_id=select["custom_id"])
        await self.settle()
        found = self.fake.find_message(message.id)
        assert found is not None
        return found

    async def take(self, person: Person, message: StoredMessage, option: dict) -> StoredMessage:
        """Take one option of a group's step (`step_of`): press its button, or pick it in its select; returns the
        message as it is then (a place, a page or the way back once the panel is redrawn: its close-up is drawn
        in a thread, which may outlast the bot's quiet)."""
        edits = message.edits
        if option["button"]:
            await person.click(message, custom_id=option["custom_id"])
        else:
            await person.select(message, [option["value"]], custom_id=option["custom_id"])
        if option["value"].startswith(("@", "p")):
            await self.fake.wait_for(lambda: (now := self.fake.find_message(message.id)) and now.edits > edits,
                                     what="the panel's next step")
        await self.settle()
        found = self.fake.find_message(message.id)
        assert found is not None
        return found

    async def press(self, person: Person, message: StoredMessage, label: str) -> StoredMessage:
        await person.click(message, label)
        await self.settle()
        found = self.fake.find_message(message.id)
        assert found is not None
        return found

    async def open_table(self, host: Person, game: str = "testgame", *, guests: tuple[Person, ...] = (),
                         ai: int = 0) -> None:
        """`/game new`, guests press Join, the host adds AI seats and presses Start, and the board is up."""
        await host.slash("game new", game=game, thread=False)
        await self.settle()
        lobby = next(m for m in self.channel() if any(b.get("label") == "Start" for b in m.buttons()))
        for guest in guests:
            await guest.click(self.fake.find_message(lobby.id), "Join")
        for _ in range(ai):
            await self.pick(host, self.fake.find_message(lobby.id), "Add an AI", "Normal")
        await host.click(self.fake.find_message(lobby.id), "Start")
        await self.fake.wait_for(lambda: bool(self.boards()), what="the first board")
        await self.settle()


async def started(world: World, *, ai: int = 0) -> tuple[Person, Person, StoredMessage]:
    """Alice hosts, Bob joins, `ai` AI seats; returns them and the first board."""
    alice, bob = world.person("alice"), world.person("bob")
    await world.open_table(alice, guests=(bob,), ai=ai)
    return alice, bob, world.boards()[-1]
