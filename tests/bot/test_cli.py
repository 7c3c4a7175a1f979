"""The command line: what a newcomer sees when the bot cannot start (no token, a refused token, no network,
no database)."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from pathlib import Path

from aiohttp import web

REPO = Path(__file__).resolve().parents[2]
"""This checkout, whose code the bot process runs (not an installed copy)."""


def test_without_a_token_the_bot_says_what_to_set_and_exits_2(tmp_path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert ".env.example" in done.stderr
    assert "python -m bot play" in done.stderr


async def _run_bot(tmp_path: Path, api_base: str, **settings: str) -> tuple[int, str]:
    """`python -m bot` with a token, aimed at a loopback address; its exit code and stderr."""
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "not-a-real-token", "DISCORD_API_BASE": api_base,
           "DATABASE_PATH": str(tmp_path / "frontier.sqlite3"), "PYTHONPATH": str(REPO), **settings}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, err.decode()


async def test_a_token_discord_refuses_is_said_plainly_and_exits_2(tmp_path: Path) -> None:
    async def refuse(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        code, err = await _run_bot(tmp_path, f"http://127.0.0.1:{port}/api/v10")
    finally:
        await runner.cleanup()
    assert code == 2, err
    assert "Traceback" not in err
    assert "Discord refused the bot token" in err and "DISCORD_TOKEN in .env" in err


async def test_no_network_is_said_plainly_and_exits_3(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a loopback port that nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, err = await _run_bot(tmp_path, f"http://127.0.0.1:{port}/api/v10")
    assert code == 3, err
    assert "Traceback" not in err
    assert "Could not reach Discord" in err and "network" in err


async def test_a_database_that_cannot_be_reached_at_start_is_one_line_and_exits_3(tmp_path: Path) -> None:
    """Issue 26: Discord takes the token, the database (DATABASE_URL, its port closed) does not answer."""
    async def me(request: web.Request) -> web.Response:
        user = {"id": "1", "username": "frontier", "discriminator": "0", "global_name": None, "avatar": None,
                "bot": True}  # exactly application/json, or discord.py does not parse it
        return web.Response(body=json.dumps(user).encode(), headers={"Content-Type": "application/json"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    try:
        code, err = await _run_bot(tmp_path, f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10",
                                   DATABASE_URL=f"postgresql://frontier:secret@127.0.0.1:{closed}/frontier")
    finally:
        await runner.cleanup()
    assert code == 3, err
    assert "Traceback" not in err and "secret" not in err
    (said,) = [line for line in err.splitlines() if "database" in line.lower()]
    assert said.startswith("Could not open the database of DATABASE_URL=postgresql://frontier:***@127.0.0.1"), said
