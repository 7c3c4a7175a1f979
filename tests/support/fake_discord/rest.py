"""The REST routes the bot uses, keyed by the spec's path templates.

Each handler gets the parsed request and returns the JSON body Discord would return
(None for an empty 204), or raises `ApiError` with Discord's status, code and message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import message_problems
from .model import (
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    StoredMessage,
    discord_components,
    resolve_media,
    snowflake,
)

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .server import FakeDiscord

MAX_UPLOAD = 10 * 1024 * 1024
NONCE_SECONDS = 300.0
"""How long Discord remembers an enforced nonce ("the past few minutes")."""


class ApiError(Exception):
    """An error answer in Discord's shape: {"message": ..., "code": ...}."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


@dataclass
class Upload:
    filename: str
    data: bytes
    content_type: str


@dataclass
class ApiRequest:
    method: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: dict[int, Upload] = field(default_factory=dict)
    """files[n] parts of a multipart body, by n."""

    def int_param(self, name: str) -> int:
        return int(self.params[name])


Handler = Callable[["FakeDiscord", ApiRequest], Awaitable[Any]]
ROUTES: dict[tuple[str, str], Handler] = {}


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        ROUTES[(method, template)] = fn
        return fn
    return register


def attachments_for(req: ApiRequest, existing: list[Attachment]) -> list[Attachment]:
    """The message's attachments after this request: kept ones by id, plus the uploads."""
    body = req.body or {}
    if "attachments" not in body and not req.uploads:
        return existing
    if sum(len(u.data) for u in req.uploads.values()) > MAX_UPLOAD:
        raise ApiError(413, 40005, "Request entity too large")
    kept = {a.id: a for a in existing}
    out: list[Attachment] = []
    used: set[int] = set()
    for entry in body.get("attachments") or []:
        ref = int(entry["id"])
        if ref in req.uploads and ref not in used:
            used.add(ref)
            up = req.uploads[ref]
            out.append(Attachment(snowflake(), entry.get("filename") or up.filename, up.data, up.content_type,
                                  entry.get("description")))
        elif ref in kept:
            out.append(kept[ref])
    out += [Attachment(snowflake(), u.filename, u.data, u.content_type)
            for n, u in sorted(req.uploads.items()) if n not in used]
    return out


def enforce_limits(fake: FakeDiscord, req: ApiRequest, *, creating: bool, flags: int = 0) -> None:
    """Refuse (400, and a test failure) a message body that real Discord would refuse (`flags`: an edited
    message's own)."""
    problems = message_problems(req.body or {}, creating=creating, files=len(req.uploads), flags=flags)
    if problems:
        for problem in problems:
            fake.fail(f"{req.method} {req.template}: {problem}")
        empty = problems == ["Cannot send an empty message"]
        raise ApiError(400, 50006 if empty else 50035, "; ".join(problems))


def apply_edit(fake: FakeDiscord, msg: StoredMessage, req: ApiRequest) -> None:
    """A PATCH of a message: only the fields sent change."""
    enforce_limits(fake, req, creating=False, flags=msg.flags)
    body = req.body or {}
    if "content" in body:
        msg.content = body["content"] or ""
    if "components" in body:
        msg.components = discord_components(body["components"])
    if "embeds" in body:
        msg.embeds = body["embeds"] or []
    msg.attachments = attachments_for(req, msg.attachments)
    resolve_media(msg.components, msg.attachments, fake.url)
    if body.get("flags") is not None:
        msg.flags = (msg.flags & EPHEMERAL) | (int(body["flags"]) & ~EPHEMERAL)
    msg.flags &= ~LOADING
    msg.edits += 1


def new_message(fake: FakeDiscord, channel_id: int, req: ApiRequest, *, flags: int = 0,
                interaction: InteractionRecord | None = None, placeholder: bool = False) -> StoredMessage:
    if not placeholder:
        enforce_limits(fake, req, creating=True)
    body = req.body or {}
    flags |= int(body.get("flags") or 0)
    msg = StoredMessage(snowflake(), channel_id, fake.bot, content=body.get("content") or "",
                        components=discord_components(body.get("components")), embeds=body.get("embeds") or [],
                        flags=flags, via=req.template)
    msg.attachments = attachments_for(req, [])
    resolve_media(msg.components, msg.attachments, fake.url)
    if interaction is not None:
        msg.interaction_id = interaction.id
        msg.webhook_id = fake.application_id
        if msg.ephemeral:
            msg.visible_to = interaction.user.id
    return fake.store(msg)


# --- identity, gateway, commands ----------------------------------------------------------

@route("GET", "/gateway/bot")
async def gateway_bot(fake: FakeDiscord, req: ApiRequest) -> Any:
    return {"url": fake.gateway_url, "shards": fake.shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}


@route("GET", "/gateway")
async def gateway(fake: FakeDiscord, req: ApiRequest) -> Any:
    return {"url": fake.gateway_url}


@route("GET", "/users/@me")
async def current_user(fake: FakeDiscord, req: ApiRequest) -> Any:
    return fake.bot.payload() | {"mfa_enabled": False, "locale": "en-US", "verified": True}


@route("GET", "/users/{user_id}")
async def get_user(fake: FakeDiscord, req: ApiRequest) -> Any:
    user = fake.users.get(req.int_param("user_id"))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return user.payload()


@route("GET", "/oauth2/applications/@me")
@route("GET", "/applications/@me")
async def application(fake: FakeDiscord, req: ApiRequest) -> Any:
    return {
        "id": str(fake.application_id), "name": fake.bot.username, "icon": None, "description": "",
        "type": None, "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
        "flags": 0, "flags_new": "0", "redirect_uris": [], "interactions_endpoint_url": None,
        "role_connections_verification_url": None, "owner": fake.owner.payload(), "team": None,
        "approximate_guild_count": 1, "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0, "explicit_content_filter": 0,
        "eligible_oauth2_scopes": [], "bot": fake.bot.payload(), "summary": "",
    }


def _command_scope(req: ApiRequest) -> int | None:
    return int(req.params["guild_id"]) if "guild_id" in req.params else None


@route("PUT", "/applications/{application_id}/commands")
@route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
async def put_commands(fake: FakeDiscord, req: ApiRequest) -> Any:
    scope = _command_scope(req)
    old = {c["name"]: c for c in fake.commands.get(scope, [])}
    registered = []
    for cmd in req.body or []:
        known = old.get(cmd["name"])
        registered.append({
            "type": 1, "description": "", "options": [], "default_member_permissions": None,
            "nsfw": False, **{k: v for k, v in cmd.items() if v is not None},
            "id": known["id"] if known else str(snowflake()),
            "application_id": str(fake.application_id), "version": str(snowflake()),
        } | ({"guild_id": str(scope)} if scope else {}))
    fake.commands[scope] = registered
    return registered


@route("GET", "/applications/{application_id}/commands")
@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
async def get_commands(fake: FakeDiscord, req: ApiRequest) -> Any:
    return fake.commands.get(_command_scope(req), [])


# --- guild, channels, DMs, threads ----------------------------------------------------------

@route("GET", "/guilds/{guild_id}")
async def get_guild(fake: FakeDiscord, req: ApiRequest) -> Any:
    payload = fake.guild_or_404(req.int_param("guild_id")).payload()
    return {k: v for k, v in payload.items() if k not in ("members", "channels", "threads", "presences")}


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(fake: FakeDiscord, req: ApiRequest) -> Any:
    guild = fake.guild_or_404(req.int_param("guild_id"))
    return [c.payload() for c in guild.channels.values() if not c.is_thread]


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(fake: FakeDiscord, req: ApiRequest) -> Any:
    guild = fake.guild_or_404(req.int_param("guild_id"))
    member = guild.members.get(req.int_param("user_id"))
    if member is None:
        raise ApiError(404, 10007, "Unknown Member")
    return member.payload(guild.manager_role_id)


@route("GET", "/channels/{channel_id}")
async def get_channel(fake: FakeDiscord, req: ApiRequest) -> Any:
    return fake.channel_or_404(req.int_param("channel_id")).payload()


@route("POST", "/users/@me/channels")
async def open_dm(fake: FakeDiscord, req: ApiRequest) -> Any:
    user = fake.users.get(int(req.body["recipient_id"]))
    if user is None:
        raise ApiError(400, 50033, "Invalid Recipients")
    return fake.dm_channel(user).payload()


@route("POST", "/channels/{channel_id}/threads")
async def start_thread(fake: FakeDiscord, req: ApiRequest) -> Any:
    parent = fake.channel_or_404(req.int_param("channel_id"))
    kind = int(req.body.get("type") or PRIVATE_THREAD)
    return (await fake.open_thread(parent, req.body["name"], kind, snowflake())).payload()


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def start_thread_from_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    parent = fake.channel_or_404(req.int_param("channel_id"))
    fake.message_or_404(parent.id, req.int_param("message_id"))
    return (await fake.open_thread(parent, req.body["name"], PUBLIC_THREAD, req.int_param("message_id"))).payload()


THREAD_CREATOR_EDITS = frozenset({"name", "archived", "auto_archive_duration"})
"""What a thread's creator may change without Manage Threads, which the bot is not given (README's invite):
locking, or editing any other channel, answers 403 Missing Permissions."""


@route("PATCH", "/channels/{channel_id}")
async def edit_channel(fake: FakeDiscord, req: ApiRequest) -> Any:
    channel = fake.channel_or_404(req.int_param("channel_id"))
    body = req.body if isinstance(req.body, dict) else {}
    if not channel.is_thread or channel.owner_id != fake.bot.id or not set(body) <= THREAD_CREATOR_EDITS:
        raise ApiError(403, 50013, "Missing Permissions")
    channel.name = body.get("name") or channel.name
    channel.archived = bool(body.get("archived", channel.archived))
    await fake.gateway.dispatch("THREAD_UPDATE", channel.payload())
    return channel.payload()


@route("PUT", "/channels/{channel_id}/thread-members/@me")
async def join_thread(fake: FakeDiscord, req: ApiRequest) -> Any:
    fake.channel_or_404(req.int_param("channel_id"))


@route("POST", "/channels/{channel_id}/typing")
async def typing(fake: FakeDiscord, req: ApiRequest) -> Any:
    fake.channel_or_404(req.int_param("channel_id"))


# --- channel messages ---------------------------------------------------------------------

@route("POST", "/channels/{channel_id}/messages")
async def create_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    channel = fake.channel_or_404(req.int_param("channel_id"))
    if channel.is_dm and channel.recipient is not None and channel.recipient.id in fake.dm_refused:
        fake.refused_dms.append(channel.recipient.id)
        raise ApiError(403, 50007, "Cannot send messages to this user")
    body = req.body if isinstance(req.body, dict) else {}
    nonce = body.get("nonce")
    if nonce is not None and body.get("enforce_nonce"):
        # Discord: a nonce seen from the same author in the past few minutes returns that message
        seen = fake.nonces.get((channel.id, str(nonce)))
        if seen is not None and fake.clock.now() - seen[1] < NONCE_SECONDS:
            return seen[0].payload(fake.url)
    message = new_message(fake, channel.id, req)
    if nonce is not None and body.get("enforce_nonce"):
        fake.nonces[(channel.id, str(nonce))] = (message, fake.clock.now())
    return message.payload(fake.url)


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(fake: FakeDiscord, req: ApiRequest) -> Any:
    """A page of the channel, newest first, as Discord pages it: with no anchor the newest `limit` (default 50);
    `before=` the newest `limit` older than that id; `after=` the `limit` just after that id (the oldest of those
    newer, still sent newest first, so a client paging forward goes on after the page's first). The anchors
    exclude each other; `around=` is not modelled (the bot does not use it): both are recorded as failures."""
    channel = fake.channel_or_404(req.int_param("channel_id"))
    limit = int(req.query.get("limit", 50))
    anchors = sorted(set(req.query) & {"before", "after", "around"})
    if len(anchors) > 1 or "around" in anchors:
        fake.fail(f"GET {req.template}: {' and '.join(anchors)} given" if len(anchors) > 1
                  else f"GET {req.template}: around= is not modelled by the fake")
        raise ApiError(400, 50035, "Invalid Form Body")
    shown = [m for m in fake.messages.get(channel.id, []) if not m.deleted and not m.ephemeral]
    shown.sort(key=lambda m: m.id)
    if "after" in req.query:
        page = [m for m in shown if m.id > int(req.query["after"])][:limit]
    else:
        page = [m for m in shown if "before" not in req.query or m.id < int(req.query["before"])][-limit:]
    return [m.payload(fake.url) for m in reversed(page)]


def _own_message(fake: FakeDiscord, req: ApiRequest) -> StoredMessage:
    msg = fake.message_or_404(req.int_param("channel_id"), req.int_param("message_id"))
    if msg.ephemeral:
        raise unknown_message()
    return msg


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    return _own_message(fake, req).payload(fake.url)


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    msg = _own_message(fake, req)
    if msg.author.id != fake.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    apply_edit(fake, msg, req)
    return msg.payload(fake.url)


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    _own_message(fake, req).deleted = True


# --- interactions -------------------------------------------------------------------------

@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
async def interaction_callback(fake: FakeDiscord, req: ApiRequest) -> Any:
    record = fake.interactions.get(req.int_param("interaction_id"))
    if record is None or record.token != req.params["interaction_token"]:
        raise ApiError(404, 10062, "Unknown interaction")
    return record.respond(req)


def _webhook_interaction(fake: FakeDiscord, req: ApiRequest) -> InteractionRecord:
    record = fake.by_token.get(req.params["webhook_token"])
    if record is None or req.int_param("webhook_id") != fake.application_id:
        raise ApiError(404, 10015, "Unknown Webhook")
    record.check_token()
    return record


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
async def followup(fake: FakeDiscord, req: ApiRequest) -> Any:
    msg = _webhook_interaction(fake, req).follow_up(req)
    wait = req.query.get("wait", "false").lower() in ("1", "true")
    return msg.payload(fake.url) if wait else None


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def get_webhook_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    return _webhook_interaction(fake, req).own_message(req.params.get("message_id")).payload(fake.url)


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def edit_webhook_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    msg = _webhook_interaction(fake, req).own_message(req.params.get("message_id"))
    apply_edit(fake, msg, req)
    return msg.payload(fake.url)


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def delete_webhook_message(fake: FakeDiscord, req: ApiRequest) -> Any:
    _webhook_interaction(fake, req).own_message(req.params.get("message_id")).deleted = True


def thread_channel(parent: Channel, name: str, kind: int, thread_id: int, owner_id: int) -> Channel:
    return Channel(thread_id, kind, name=name, guild_id=parent.guild_id, parent_id=parent.id, owner_id=owner_id)
