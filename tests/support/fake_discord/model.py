"""What the local Discord holds: users, a guild, channels and the messages posted in them.

Payload builders here produce the JSON shapes Discord's API returns (and the gateway
dispatches), complete enough that discord.py parses them like the real thing.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from .limits import TEXT_DISPLAY, walk

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
# What @everyone may do in the fake guild: view, send, embed, attach, read history, use commands,
# create public threads, send in threads.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 35) | (1 << 38)

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing Discord id (time in the high bits, as Discord does)."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def discord_components(components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Components as Discord stores them: numbered in reading order, select defaults filled in,
    and a Unicode emoji without the `id: null` that clients send (Discord answers with its name only)."""
    numbers = itertools.count(1)

    def fill(component: dict[str, Any]) -> dict[str, Any]:
        out = dict(component)
        out.setdefault("id", next(numbers))
        if isinstance(out.get("emoji"), dict):
            out["emoji"] = {k: v for k, v in out["emoji"].items() if v is not None}
        if out.get("type") in (3, 5, 6, 7, 8):
            out.setdefault("min_values", 1)
            out.setdefault("max_values", 1)
        if "components" in out:
            out["components"] = [fill(c) for c in out["components"]]
        if isinstance(out.get("accessory"), dict):
            out["accessory"] = fill(out["accessory"])
        return out

    return [fill(c) for c in components or []]


INTERACTIVE = (2, 3, 5, 6, 7, 8)
"""Buttons and the selects."""


MEDIA_GALLERY = 12


def resolve_media(components: list[dict[str, Any]], attachments: list[Attachment], base_url: str) -> None:
    """A media gallery's items as Discord returns them: `attachment://name` (or an attachment's own url, as a
    client re-sends a fetched message) becomes that attachment, any other url an external image."""
    for gallery in (c for c in walk(components) if c.get("type") == MEDIA_GALLERY):
        for item in gallery.get("items") or []:
            url = str((item.get("media") or {}).get("url", ""))
            found = next((a for a in attachments if url in (f"attachment://{a.filename}", a.payload(base_url)["url"])),
                         None)
            item["media"] = {"id": str(snowflake()), "url": url, "proxy_url": url} if found is None else {
                "id": str(found.id), "url": found.payload(base_url)["url"], "proxy_url": found.payload(base_url)["url"],
                "width": None, "height": None, "content_type": found.content_type, "attachment_id": str(found.id)}
            item.setdefault("description", None)
            item.setdefault("spoiler", False)


def is_png(data: bytes) -> bool:
    """A PNG file: the signature, then an IHDR chunk, and an IEND chunk at the end."""
    return data.startswith(PNG_MAGIC) and data[12:16] == b"IHDR" and data[-8:-4] == b"IEND"


@dataclass
class User:
    id: int
    username: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "username": self.username, "global_name": self.username,
            "discriminator": "0", "avatar": None, "public_flags": 0, "flags": 0, "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Member:
    user: User
    manager: bool = False
    """Holds the guild's "Managers" role (Manage Server)."""
    joined_at: str = field(default_factory=iso_now)

    @property
    def permissions(self) -> int:
        return MEMBER_PERMISSIONS | (MANAGE_GUILD if self.manager else 0)

    def payload(self, manager_role_id: int, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.payload(), "roles": [str(manager_role_id)] if self.manager else [],
            "nick": None, "avatar": None, "banner": None, "joined_at": self.joined_at, "premium_since": None,
            "deaf": False, "mute": False,
            "pending": False, "flags": 0, "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient: User | None = None
    owner_id: int | None = None
    position: int = 0
    archived: bool = False
    """A thread hidden from the channel's list (its creator or Manage Threads archive it)."""

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def payload(self) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "flags": 0, "last_message_id": None,
                    "recipients": [self.recipient.payload()]}
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "flags": 0, "guild_id": str(self.guild_id),
            "name": self.name, "last_message_id": None, "rate_limit_per_user": 0, "nsfw": False,
        }
        if self.is_thread:
            data |= {
                "parent_id": str(self.parent_id), "owner_id": str(self.owner_id), "message_count": 0,
                "member_count": 1, "total_message_sent": 0,
                "thread_metadata": {"archived": self.archived, "auto_archive_duration": 1440, "locked": False,
                                    "archive_timestamp": iso_now(), "create_timestamp": iso_now()},
            }
        else:
            data |= {"position": self.position, "parent_id": None, "topic": None, "permission_overwrites": []}
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None
    """The file's alt text, as the uploader gave it (Discord keeps and returns it)."""

    def payload(self, base_url: str) -> dict[str, Any]:
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        data = {"id": str(self.id), "filename": self.filename, "size": len(self.data), "url": url,
                "proxy_url": url, "content_type": self.content_type}
        return data | ({"description": self.description} if self.description is not None else {})


@dataclass
class StoredMessage:
    """One message as a person would read it, plus who may see it (ephemeral ones)."""

    id: int
    channel_id: int
    author: User
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None
    """For an ephemeral message: the only user who sees it."""
    interaction_id: int | None = None
    webhook_id: int | None = None
    via: str = ""
    """The route that created it, e.g. "/channels/{channel_id}/messages"."""
    edits: int = 0
    deleted: bool = False
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def pngs(self) -> list[bytes]:
        return [a.data for a in self.attachments if is_png(a.data)]

    def interactive(self) -> list[dict[str, Any]]:
        """Every button and select in the message's action rows (inside containers too), in reading order."""
        return [c for c in walk(self.components) if c.get("type") in INTERACTIVE]

    def text(self) -> str:
        """What a person reads in the message: its content, or (a layout message) its text displays, in order."""
        shown = [c.get("content", "") for c in walk(self.components) if c.get("type") == TEXT_DISPLAY]
        return "\n".join([self.content, *shown] if self.content else shown)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.interactive() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.interactive() if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, label: str) -> dict[str, Any]:
        """The button whose label is (or starts with) `label`."""
        for b in self.buttons():
            if b.get("label") == label:
                return b
        matches = [b for b in self.buttons() if str(b.get("label", "")).startswith(label)]
        if len(matches) != 1:
            labels = [b.get("label") for b in self.buttons()]
            raise LookupError(f"no single button {label!r} on message {self.id}; buttons: {labels}")
        return matches[0]

    def payload(self, base_url: str) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.payload(),
            "content": self.content, "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [a.payload(base_url) for a in self.attachments], "embeds": self.embeds,
            "pinned": False, "type": 0 if self.interaction_id is None else 20, "flags": self.flags,
            "components": self.components,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    manager_role_id: int = field(default_factory=snowflake)

    def payload(self) -> dict[str, Any]:
        """The GUILD_CREATE payload: the guild with all its channels, threads and members."""
        role = {"position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        everyone = role | {"id": str(self.id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS)}
        managers = role | {"id": str(self.manager_role_id), "name": "Managers", "position": 1,
                           "permissions": str(MEMBER_PERMISSIONS | MANAGE_GUILD)}
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(self.owner_id), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [everyone, managers], "emojis": [], "stickers": [], "features": [], "mfa_level": 0,
            "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
            "rules_channel_id": None, "vanity_url_code": None, "description": None, "banner": None,
            "premium_tier": 0, "preferred_locale": "en-US", "public_updates_channel_id": None,
            "nsfw_level": 0, "premium_progress_bar_enabled": False, "large": False, "unavailable": False,
            "joined_at": iso_now(), "member_count": len(self.members),
            "members": [m.payload(self.manager_role_id) for m in self.members.values()],
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread],
            "threads": [c.payload() for c in self.channels.values() if c.is_thread],
            "presences": [], "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
