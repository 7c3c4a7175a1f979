"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Frames go out as plain JSON text (discord.py reads text frames whatever compression it
asked for). A session outlives its socket so that a client which lost the connection can
RESUME and receive the dispatches it missed, as on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, ACK = (
    0, 1, 2, 3, 6, 7, 8, 9, 10, 11)
GUILDS_INTENT = 1 << 0


@dataclass
class Session:
    id: str
    intents: int
    seq: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    resumes: int = 0


class Gateway:
    """All gateway state of the fake: sessions, sockets, heartbeats seen."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval_ms: int = 41_250) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.heartbeats = 0
        self.identifies = 0
        self.connected = asyncio.Event()
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def live(self) -> Session | None:
        """The session whose socket is open now (one bot, one shard)."""
        for session in self.sessions.values():
            if session.socket is not None and not session.socket.closed:
                return session
        return None

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        try:
            await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                session = await self._receive(ws, frame, session)
        finally:
            self._sockets.discard(ws)
            if session is not None and session.socket is ws:
                session.socket = None
                self.connected.clear()
        return ws

    async def _receive(self, ws: web.WebSocketResponse, frame: dict[str, Any],
                       session: Session | None) -> Session | None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            await self._send(ws, {"op": ACK})
        elif op == IDENTIFY:
            if data.get("token") != self.fake.token:
                self.fake.fail(f"gateway: IDENTIFY with a wrong token {data.get('token')!r}")
                await ws.close(code=4004, message=b"Authentication failed.")
                return session
            self.identifies += 1
            session = Session(secrets.token_hex(16), int(data.get("intents", 0)))
            self.sessions[session.id] = session
            session.socket = ws
            await self._dispatch(session, "READY", self._ready(session))
            if session.intents & GUILDS_INTENT:
                await self._dispatch(session, "GUILD_CREATE", self.fake.guild.payload())
            self.connected.set()
        elif op == RESUME:
            session = await self._resume(ws, data)
        elif op == REQUEST_MEMBERS:
            guild = self.fake.guild
            members = [m.payload(guild.manager_role_id) for m in guild.members.values()]
            if session is not None:
                await self._dispatch(session, "GUILD_MEMBERS_CHUNK", {
                    "guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1,
                    "nonce": data.get("nonce")})
        elif op != PRESENCE:
            self.fake.fail(f"gateway: unexpected op {op}")
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.fake.token or data.get("seq", -1) > session.seq:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        session.socket = ws
        session.resumes += 1
        for frame in session.history:
            if frame["s"] > data["seq"]:
                await self._send(ws, frame)
        await self._dispatch(session, "RESUMED", {})
        self.connected.set()
        return session

    def _ready(self, session: Session) -> dict[str, Any]:
        fake = self.fake
        return {
            "v": 10, "user": fake.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(fake.guild.id), "unavailable": True}], "session_id": session.id,
            "resume_gateway_url": fake.gateway_url, "shard": [0, 1], "private_channels": [],
            "relationships": [], "presences": [], "user_settings": {}, "guild_join_requests": [],
            "application": {"id": str(fake.application_id), "flags": 0},
        }

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.history.append(frame)
        if session.socket is not None and not session.socket.closed:
            await self._send(session.socket, frame)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the bot's session (kept for RESUME if its socket is down)."""
        sessions = [s for s in self.sessions.values() if s.socket is not None] or list(self.sessions.values())[-1:]
        for session in sessions:
            await self._dispatch(session, event, data)

    async def drop(self, *, code: int = 4000) -> None:
        """Close the live socket as a network failure would; the client should RESUME."""
        session = self.live
        if session is not None and session.socket is not None:
            await session.socket.close(code=code)

    async def request_reconnect(self) -> None:
        """Op 7: ask the client to reconnect and resume."""
        session = self.live
        if session is not None and session.socket is not None:
            await self._send(session.socket, {"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001)

    @staticmethod
    async def _send(ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(json.dumps(frame))
