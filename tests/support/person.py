"""Simulated people: slash commands, autocomplete, button clicks and selects, built only from
what the bot registered and posted (its commands, the custom_ids on its messages).
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.support.fake_discord import FakeDiscord, Guild, InteractionRecord, StoredMessage, User
from tests.support.fake_discord.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
)

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
ANSWER_TIMEOUT = 20.0
STRING_SELECT = 3


class Person:
    """A member of the fake guilds, acting in one channel (or another one passed per call)."""

    def __init__(self, fake: FakeDiscord, user: User, channel_id: int | None = None) -> None:
        self.fake = fake
        self.user = user
        self.channel_id = fake.channel.id if channel_id is None else channel_id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    # --- slash commands -----------------------------------------------------------------

    def guild(self, channel_id: int | None = None) -> Guild:
        """The guild of a channel (this person's by default); for a DM, the first guild."""
        return self.fake.guild_of(self.fake.channel_or_404(channel_id or self.channel_id)) or self.fake.guild

    def command(self, name: str, channel_id: int | None = None) -> dict[str, Any]:
        """The registered command (the channel's guild commands first, as Discord shows them)."""
        for scope in (self.guild(channel_id).id, None):
            for cmd in self.fake.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        names = sorted(c["name"] for cmds in self.fake.commands.values() for c in cmds)
        raise LookupError(f"no slash command /{name} registered; the bot registered {names}")

    def _command_data(self, line: str, options: dict[str, Any], focused: str | None,
                      channel_id: int) -> dict[str, Any]:
        """The interaction `data` for "/game new" with these options, checked against the registration."""
        words = line.lstrip("/").split()
        cmd = self.command(words[0], channel_id)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        holder, declared = data, cmd.get("options") or []
        for word in words[1:]:
            sub = next((o for o in declared if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)),
                       None)
            if sub is None:
                raise LookupError(f"/{line}: no subcommand {word!r}; declared: {[o['name'] for o in declared]}")
            node: dict[str, Any] = {"name": word, "type": sub["type"]}
            holder["options"] = [node]
            holder, declared = node, sub.get("options") or []
        values = []
        for name, value in options.items():
            spec = next((o for o in declared if o["name"] == name), None)
            if spec is None:
                raise LookupError(f"/{line}: no option {name!r}; declared: {[o['name'] for o in declared]}")
            values.append(self._option(spec, value, focused=name == focused))
            if spec["type"] in (USER, MENTIONABLE) and isinstance(value, User):
                self._resolve(data, value, channel_id)
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in options]
        if missing and focused is None:
            raise LookupError(f"/{line}: required options missing: {missing}")
        holder["options"] = values
        return data

    @staticmethod
    def _option(spec: dict[str, Any], value: Any, *, focused: bool) -> dict[str, Any]:
        kind = spec["type"]
        if focused:
            return {"name": spec["name"], "type": kind, "value": str(value), "focused": True}
        if isinstance(value, User):
            value = str(value.id)
        elif kind == INTEGER:
            value = int(value)
        elif kind == NUMBER:
            value = float(value)
        elif kind == BOOLEAN:
            value = bool(value)
        else:
            value = str(value)
        choices = [c["value"] for c in spec.get("choices") or []]
        if choices and value not in choices:
            raise LookupError(f"option {spec['name']!r}: {value!r} is not one of the declared choices {choices}")
        return {"name": spec["name"], "type": kind, "value": value}

    def _resolve(self, data: dict[str, Any], user: User, channel_id: int) -> None:
        guild = self.guild(channel_id)
        member = guild.members[user.id].payload(guild.manager_role_id)
        member.pop("user")
        resolved = data.setdefault("resolved", {"users": {}, "members": {}})
        resolved["users"][str(user.id)] = user.payload()
        resolved["members"][str(user.id)] = member

    async def slash(self, line: str, *, channel_id: int | None = None, **options: Any) -> InteractionRecord:
        """Run a slash command ("game new", game="catan") and wait for the bot's answer to it."""
        channel_id = channel_id or self.channel_id
        data = self._command_data(line, options, None, channel_id)
        record = await self.fake.interact(APPLICATION_COMMAND, self.user, channel_id, data)
        return await self._answered(record, f"/{line}")

    async def autocomplete(self, line: str, option: str, typed: str = "", *, channel_id: int | None = None,
                           **others: Any) -> list[dict[str, Any]]:
        """What Discord's client shows while typing `typed` into `option`: the bot's choices."""
        channel_id = channel_id or self.channel_id
        data = self._command_data(line, {**others, option: typed}, option, channel_id)
        record = await self.fake.interact(AUTOCOMPLETE, self.user, channel_id, data)
        await self._answered(record, f"autocomplete of /{line} {option}")
        return record.choices

    # --- components ---------------------------------------------------------------------

    async def click(self, message: StoredMessage, label: str | None = None, *,
                    custom_id: str | None = None) -> InteractionRecord:
        """Press a button the bot posted (by label, or by custom_id)."""
        if custom_id is None:
            if label is None:
                raise ValueError("click needs a label or a custom_id")
            button = message.button(label)
            if button.get("disabled"):
                raise LookupError(f"button {label!r} is disabled")
            custom_id = button["custom_id"]
        elif custom_id not in [b.get("custom_id") for b in message.buttons()]:
            raise LookupError(f"no button {custom_id!r} on message {message.id}")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._component(message, data)

    async def select(self, message: StoredMessage, values: list[str], *,
                     custom_id: str | None = None) -> InteractionRecord:
        """Choose `values` in a string select the bot posted (the only one, or the one with custom_id)."""
        selects = [s for s in message.selects() if custom_id is None or s.get("custom_id") == custom_id]
        if len(selects) != 1:
            raise LookupError(f"no single select {custom_id!r} on message {message.id}")
        select = selects[0]
        offered = [o["value"] for o in select.get("options") or []]
        unknown = [v for v in values if v not in offered]
        if unknown or not select.get("min_values", 1) <= len(values) <= select.get("max_values", 1):
            raise LookupError(f"cannot choose {values} in select {select.get('custom_id')}: options {offered}")
        data = {"custom_id": select["custom_id"], "component_type": select["type"], "values": values}
        return await self._component(message, data)

    async def submit(self, opened: InteractionRecord, values: dict[str, Any]) -> InteractionRecord:
        """Fill in and submit the modal the bot answered `opened` with: text inputs by custom_id, and selects
        by custom_id with the list of values chosen (each one the select offers, as many as it allows; a select
        not named keeps its default options)."""
        if opened.callback_type != MODAL:
            raise LookupError(f"interaction {opened.id} was not answered with a modal")
        modal = opened.callback_data

        def filled(component: dict[str, Any]) -> dict[str, Any]:
            if "component" in component:  # a label around its input
                return {"type": component["type"], "component": filled(component["component"])}
            if "components" in component:
                return {"type": component["type"], "components": [filled(c) for c in component["components"]]}
            cid = component.get("custom_id", "")
            if component["type"] == STRING_SELECT:
                return {"type": STRING_SELECT, "custom_id": cid, "values": chose(component, values.get(cid))}
            return {"type": component["type"], "custom_id": cid, "value": values.get(cid, component.get("value", ""))}

        def chose(select: dict[str, Any], picked: list[str] | None) -> list[str]:
            offered = [o["value"] for o in select.get("options") or []]
            low, high = select.get("min_values", 1), select.get("max_values", 1)
            if picked is None:
                picked = [o["value"] for o in select.get("options") or [] if o.get("default")]
                if not picked and low and select.get("required", True):
                    raise LookupError(f"the modal's select {select.get('custom_id')} must be chosen first")
            if not set(picked) <= set(offered) or not low <= len(picked) <= high:
                raise LookupError(f"cannot choose {picked} in the modal's select {select.get('custom_id')}: "
                                  f"{low}–{high} of {offered}")
            return list(picked)

        data = {"custom_id": modal["custom_id"], "components": [filled(c) for c in modal.get("components", [])]}
        message = self.fake.find_message(opened.message_id) if opened.message_id is not None else None
        record = await self.fake.interact(MODAL_SUBMIT, self.user, opened.channel_id, data, message=message)
        return await self._answered(record, f"the modal {modal['custom_id']}")

    async def _component(self, message: StoredMessage, data: dict[str, Any]) -> InteractionRecord:
        record = await self.fake.interact(MESSAGE_COMPONENT, self.user, message.channel_id, data, message=message)
        return await self._answered(record, f"the click on {data['custom_id']}")

    async def _answered(self, record: InteractionRecord, what: str) -> InteractionRecord:
        try:
            await asyncio.wait_for(record.answered.wait(), ANSWER_TIMEOUT)
        except TimeoutError:
            raise TimeoutError(f"the bot never answered {what} (interaction {record.id})") from None
        return record

    # --- reading ------------------------------------------------------------------------

    def channel(self, channel_id: int | None = None) -> list[StoredMessage]:
        """The channel as this person sees it (their ephemeral messages included)."""
        return self.fake.channel_messages(channel_id or self.channel_id, viewer=self.user)

    def dms(self) -> list[StoredMessage]:
        return self.fake.dm_messages(self.user)
