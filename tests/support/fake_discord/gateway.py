"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Sharded as Discord is: IDENTIFY names its shard `[i, n]` (none: `[0, 1]`); that session is told
of the guilds with `(guild_id >> 22) % n == i` only, and receives only their events; DMs and DM
interactions go to shard 0. A shard outside its count is closed with 4010.

Frames go out as plain JSON text (discord.py reads text frames whatever compression it
asked for). A session outlives its socket so that a client which lost the connection can
RESUME and receive the dispatches it missed, as on Discord.

As Discord, the fake closes a socket that breaks the protocol (4002 undecodable frame, 4001
unknown op, 4003 a frame before IDENTIFY, 4005 a second IDENTIFY) or stops heartbeating
(4009 after 1.5 intervals plus `heartbeat_grace_s` without one; the session ends), and each
of those is also a test failure. Faults a test injects: `drop(code, resumable=)` (the network
or Discord closes the socket), `request_reconnect()` (op 7), `invalidate_session(resumable=)`
(op 9), and `ack_heartbeats = False` (a zombie connection: heartbeats go unanswered).
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
    from .model import Guild
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, ACK = (
    0, 1, 2, 3, 6, 7, 8, 9, 10, 11)
GUILDS_INTENT = 1 << 0
UNKNOWN_OPCODE, DECODE_ERROR, NOT_AUTHENTICATED, AUTHENTICATION_FAILED, ALREADY_AUTHENTICATED, SESSION_TIMED_OUT = (
    4001, 4002, 4003, 4004, 4005, 4009)
INVALID_SHARD = 4010


def loop_time() -> float:
    return asyncio.get_running_loop().time()


@dataclass
class _Beat:
    last: float
    """When the socket's last heartbeat came (or its HELLO went)."""


@dataclass
class Session:
    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)
    """(i, n): this session is shard i of n."""
    seq: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    resumes: int = 0
    ended_with: int | None = None
    """The close code its last socket ended with: 1000 when the bot closed it, 1006 or None when it was cut."""


class Gateway:
    """All gateway state of the fake: sessions, sockets, heartbeats seen."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval_ms: int = 41_250,
                 heartbeat_grace_s: float = 5.0) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.heartbeat_grace_s = heartbeat_grace_s
        self.sessions: dict[str, Session] = {}
        self.heartbeats = 0
        self.acks = 0
        self.ack_heartbeats = True
        self.unreachable = False
        """While set, connecting fails (503 on the upgrade): with `drop()`, the bot stays disconnected."""
        """False: heartbeats go unanswered, as on a zombie connection (the client should reconnect)."""
        self.heartbeat_gaps: list[float] = []
        """Seconds between one socket's successive heartbeats (from HELLO for the first)."""
        self.closes: list[int] = []
        """Close codes the fake sent, in order."""
        self.identifies = 0
        self.connected = asyncio.Event()
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def live(self) -> Session | None:
        """The session whose socket is open now (the first, where several shards are connected)."""
        return next(iter(self.live_sessions()), None)

    def live_sessions(self, shard: int | None = None) -> list[Session]:
        """The sessions whose socket is open now (of one shard number, if given)."""
        return [s for s in self.sessions.values() if s.socket is not None and not s.socket.closed
                and (shard is None or s.shard[0] == shard)]

    @property
    def live_shards(self) -> set[int]:
        """The shard numbers some bot process is connected as now."""
        return {s.shard[0] for s in self.live_sessions()}

    def covers(self, session: Session, guild_id: int | None) -> bool:
        """Whether Discord sends this guild's events (None: a DM's) to this session's shard."""
        i, n = session.shard
        return self.fake.shard_of(guild_id, n) == i

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.unreachable:
            return web.Response(status=503, text="the gateway is unreachable")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        beat = _Beat(loop_time())
        watchdog = asyncio.create_task(self._watch_heartbeats(ws, beat))
        try:
            await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await self._refuse(ws, DECODE_ERROR, "Decode error", f"undecodable frame {msg.data[:80]!r}")
                    break
                if frame.get("op") == HEARTBEAT:
                    now = loop_time()
                    self.heartbeat_gaps.append(now - beat.last)
                    beat.last = now
                session = await self._receive(ws, frame, session)
        finally:
            watchdog.cancel()
            self._sockets.discard(ws)
            if session is not None and session.socket is ws:
                session.ended_with = ws.close_code
                session.socket = None
                self.connected.clear()
        return ws

    async def _receive(self, ws: web.WebSocketResponse, frame: dict[str, Any],
                       session: Session | None) -> Session | None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            if self.ack_heartbeats:
                self.acks += 1
                await self._send(ws, {"op": ACK})
        elif op not in (IDENTIFY, RESUME) and session is None:
            await self._refuse(ws, NOT_AUTHENTICATED, "Not authenticated.", f"op {op} before IDENTIFY")
        elif op == IDENTIFY:
            if session is not None:
                await self._refuse(ws, ALREADY_AUTHENTICATED, "Already authenticated.", "a second IDENTIFY")
                return session
            if data.get("token") != self.fake.token:
                await self._refuse(ws, AUTHENTICATION_FAILED, "Authentication failed.",
                                   f"IDENTIFY with a wrong token {data.get('token')!r}")
                return session
            shard = data.get("shard") or [0, 1]
            if not (len(shard) == 2 and 0 <= shard[0] < shard[1]):
                await self._refuse(ws, INVALID_SHARD, "Invalid shard.", f"IDENTIFY as shard {shard}")
                return session
            self.identifies += 1
            session = Session(secrets.token_hex(16), int(data.get("intents", 0)), (shard[0], shard[1]))
            self.sessions[session.id] = session
            session.socket = ws
            await self._dispatch(session, "READY", self._ready(session))
            if session.intents & GUILDS_INTENT:
                for guild in self._guilds_of(session):
                    await self._dispatch(session, "GUILD_CREATE", guild.payload())
            self.connected.set()
        elif op == RESUME:
            session = await self._resume(ws, data)
        elif op == REQUEST_MEMBERS:
            guild = self.fake.guild_or_404(int(data["guild_id"]))
            members = [m.payload(guild.manager_role_id) for m in guild.members.values()]
            if session is not None:
                await self._dispatch(session, "GUILD_MEMBERS_CHUNK", {
                    "guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1,
                    "nonce": data.get("nonce")})
        elif op != PRESENCE:
            await self._refuse(ws, UNKNOWN_OPCODE, "Unknown opcode.", f"unexpected op {op}")
        return session

    async def _refuse(self, ws: web.WebSocketResponse, code: int, reason: str, problem: str) -> None:
        """Close as Discord does on a protocol error; the client broke the protocol, so the test fails."""
        self.fake.fail(f"gateway: {problem} (closed with {code})")
        await self._close(ws, code, reason)

    async def _close(self, ws: web.WebSocketResponse, code: int, reason: str = "") -> None:
        self.closes.append(code)
        await ws.close(code=code, message=reason.encode())

    async def _watch_heartbeats(self, ws: web.WebSocketResponse, beat: _Beat) -> None:
        """Discord closes a connection whose client stopped heartbeating, and ends its session."""
        allowed = self.heartbeat_interval_ms / 1000 * 1.5 + self.heartbeat_grace_s
        while not ws.closed:
            await asyncio.sleep(max(beat.last + allowed - loop_time(), 0.05))
            if not ws.closed and loop_time() - beat.last > allowed:
                for sid in [sid for sid, s in self.sessions.items() if s.socket is ws]:
                    del self.sessions[sid]
                await self._refuse(ws, SESSION_TIMED_OUT, "Session timed out.",
                                   f"no heartbeat for {loop_time() - beat.last:.1f} s")

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
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self._guilds_of(session)],
            "session_id": session.id, "resume_gateway_url": fake.gateway_url, "shard": list(session.shard),
            "private_channels": [],
            "relationships": [], "presences": [], "user_settings": {}, "guild_join_requests": [],
            "application": {"id": str(fake.application_id), "flags": 0},
        }

    def _guilds_of(self, session: Session) -> list[Guild]:
        return [g for g in self.fake.guilds.values() if self.covers(session, g.id)]

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.history.append(frame)
        if session.socket is not None and not session.socket.closed:
            await self._send(session.socket, frame)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the sessions of the shard its guild is on (`data["guild_id"]`; none: a DM's,
        shard 0), or, when none of them is connected, keep it in the newest one's history for RESUME."""
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        covering = [s for s in self.sessions.values() if self.covers(s, guild_id)]
        sessions = [s for s in covering if s.socket is not None] or covering[-1:]
        for session in sessions:
            await self._dispatch(session, event, data)

    def _live_one(self, shard: int | None) -> Session | None:
        return next(iter(self.live_sessions(shard)), None)

    async def drop(self, *, code: int = 4000, resumable: bool = True, shard: int | None = None) -> None:
        """Close the live socket (of `shard`, if given) as Discord or the network would (4000 unknown
        error, 1001 going away, 1006 ...); the client should RESUME. Not `resumable`: the session is
        gone, a RESUME gets op 9."""
        session = self._live_one(shard)
        if session is not None and session.socket is not None:
            if not resumable:
                del self.sessions[session.id]
            await self._close(session.socket, code)

    async def request_reconnect(self, *, shard: int | None = None) -> None:
        """Op 7: ask the client (of `shard`, if given) to reconnect and resume."""
        session = self._live_one(shard)
        if session is not None and session.socket is not None:
            await self._send(session.socket, {"op": RECONNECT, "d": None})

    async def invalidate_session(self, *, resumable: bool = False, shard: int | None = None) -> None:
        """Op 9 on the live socket (of `shard`, if given): d=false, the session is gone and the client must
        IDENTIFY again; d=true, it may RESUME."""
        session = self._live_one(shard)
        if session is not None and session.socket is not None:
            if not resumable:
                del self.sessions[session.id]
            await self._send(session.socket, {"op": INVALID_SESSION, "d": resumable})

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await self._close(ws, 1001)

    @staticmethod
    async def _send(ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(json.dumps(frame))
