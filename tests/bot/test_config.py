"""Cluster settings (issue 19, DESIGN §10): SHARD_COUNT and SHARD_IDS, checked with messages that say what to fix."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.client import Frontier
from bot.config import Settings, SettingsError, load_settings, parse_shards


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("", "", (None, None)),
    ("4", "", (4, None)),
    ("8", "0-3", (8, (0, 1, 2, 3))),
    ("8", "0,2,5", (8, (0, 2, 5))),
    ("8", " 4-5 , 0 ", (8, (0, 4, 5))),
    ("2", "1", (2, (1,))),
])
def test_shard_settings_are_read(count: str, ids: str, expected: tuple[int | None, tuple[int, ...] | None]) -> None:
    assert parse_shards(count, ids) == expected


@pytest.mark.parametrize(("count", "ids", "said"), [
    ("", "0-3", "needs SHARD_COUNT"),
    ("4", "2-5", "shard 4 is outside SHARD_COUNT=4 (shards are numbered 0 to 3)"),
    ("4", "4", "outside SHARD_COUNT=4"),
    ("0", "", "SHARD_COUNT='0': expected a whole number of shards, 1 or more"),
    ("two", "", "expected a whole number"),
    ("4", "0,1,1", "shard 1 is named twice"),
    ("4", "3-1", "runs backwards"),
    ("4", "a-b", "expected shard numbers and ranges such as 0-3 or 0,2,5"),
    ("4", "-1", "expected shard numbers"),
])
def test_shard_settings_that_cannot_work_are_refused_with_what_to_fix(count: str, ids: str, said: str) -> None:
    with pytest.raises(SettingsError, match="SHARD_") as caught:
        parse_shards(count, ids)
    assert said in str(caught.value)


def test_sync_commands_reads_on_and_off(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, expected in (("", True), ("on", True), ("off", False), ("0", False)):
        monkeypatch.setenv("SYNC_COMMANDS", value)
        assert load_settings().sync_commands is expected
    monkeypatch.setenv("SYNC_COMMANDS", "sometimes")
    with pytest.raises(SettingsError, match="SYNC_COMMANDS='sometimes': expected on or off"):
        load_settings()


def settings(count: int | None, ids: tuple[int, ...] | None) -> Settings:
    return Settings(token="t", database_path=Path("unused"), dev_guild_id=None, log_level="INFO",
                    discord_api_base=None, discord_gateway_url=None, shard_count=count, shard_ids=ids)


async def test_the_bot_owns_the_shards_it_is_given_or_every_shard() -> None:
    cluster = Frontier(settings(4, (2, 3)))
    alone = Frontier(settings(None, None))
    assert isinstance(cluster, discord.AutoShardedClient) and isinstance(alone, discord.AutoShardedClient)
    assert (cluster.shard_count, cluster.shard_ids) == (4, [2, 3])
    assert (alone.shard_count, alone.shard_ids) == (None, None), "Discord's recommended count, all of them here"
    assert not settings(4, (2, 3)).owns_shard_0 and settings(4, (0, 1)).owns_shard_0
    assert settings(None, None).owns_shard_0


def test_the_bot_refuses_to_start_on_shard_ids_without_a_count(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "SHARD_IDS": "0-1", "SHARD_COUNT": ""}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "SHARD_IDS='0-1' needs SHARD_COUNT" in done.stderr and "Traceback" not in done.stderr


def test_the_claim_lease_is_read_in_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLAIM_LEASE_SECONDS", raising=False)
    assert load_settings().claim_lease_seconds == 120.0
    monkeypatch.setenv("CLAIM_LEASE_SECONDS", "7.5")
    assert load_settings().claim_lease_seconds == 7.5
    for wrong in ("0", "soon"):
        monkeypatch.setenv("CLAIM_LEASE_SECONDS", wrong)
        with pytest.raises(SettingsError, match="expected a number of seconds above 0"):
            load_settings()


def test_the_instance_id_is_stable_per_host_and_shards_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: the id a process's claims are owned by survives its restart, and differs between the processes
    of a cluster on one host (each runs other shards)."""
    for name in ("INSTANCE_ID", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    host = socket.gethostname()
    assert load_settings().instance_id == f"{host}:all" == load_settings().instance_id
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    assert load_settings().instance_id == f"{host}:shards-2,3"
    monkeypatch.setenv("INSTANCE_ID", "frontier-b")
    assert load_settings().instance_id == "frontier-b"


@pytest.mark.parametrize(("name", "value", "said"), [
    ("DISCORD_TIMEOUT_SECONDS", "0", "DISCORD_TIMEOUT_SECONDS='0': expected a number of seconds above 0"),
    ("DELIVERY_CONCURRENCY", "none", "DELIVERY_CONCURRENCY='none': expected a whole number from 1"),
    ("METRICS_PORT", "70000", "METRICS_PORT='70000': expected a whole number from 1 to 65535"),
    ("LOG_FORMAT", "xml", "LOG_FORMAT='xml': expected one of text, json"),
])
def test_operations_settings_that_cannot_work_are_refused(monkeypatch: pytest.MonkeyPatch, name: str, value: str,
                                                          said: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=re.escape(said)):
        load_settings()


def test_operations_settings_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("DISCORD_TIMEOUT_SECONDS", "7.5"), ("DELIVERY_CONCURRENCY", "4"), ("METRICS_PORT", "9108"),
                        ("LOG_FORMAT", "JSON")):
        monkeypatch.setenv(name, value)
    read = load_settings()
    assert (read.discord_timeout_seconds, read.delivery_concurrency, read.metrics_port, read.log_format) == \
        (7.5, 4, 9108, "json")
    monkeypatch.setenv("METRICS_PORT", "")
    assert load_settings().metrics_port is None
