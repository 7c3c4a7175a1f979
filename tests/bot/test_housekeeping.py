"""Operator commands: a backup taken while the bot writes, and pruning that keeps the stats true."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings
from bot.service import GameService
from bot.storage import open_storage
from bot.tools.housekeeping import backup, parse_age, prune
from games.core import RuleError
from tests.support.tables import CREATOR, FakeClock, play_out, running_game


def settings_for(path: Path) -> Settings:
    return Settings(token=None, database_path=path, dev_guild_id=None, log_level="INFO", discord_api_base=None,
                    discord_gateway_url=None)


async def test_a_backup_taken_while_the_bot_holds_the_database_has_every_game(tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    store = await open_storage(path)  # the running bot's connection stays open throughout
    service = GameService(store, clock=FakeClock())
    game_id = await running_game(service)
    card = (await service.hand(game_id, CREATOR))["hand"][0]
    await service.act(game_id, CREATOR, {"type": "play", "card": card})
    said = await backup(settings_for(path), tmp_path / "copy.sqlite3")
    assert "copy.sqlite3" in said
    copy = await open_storage(tmp_path / "copy.sqlite3")
    assert await copy.load(game_id) == await store.load(game_id)
    assert await copy.actions(game_id) == await store.actions(game_id)
    await copy.close()
    await store.close()
    with pytest.raises(RuleError, match="exists already"):
        await backup(settings_for(path), tmp_path / "copy.sqlite3")


async def test_prune_removes_old_finished_games_and_keeps_their_results(tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    clock = FakeClock()
    store = await open_storage(path)
    service = GameService(store, clock=clock)
    old = await running_game(service, friend=False, ai=1)
    await play_out(service, old)
    clock.advance(days=100)
    running = await running_game(service, channel=11)
    stats = await service.stats(1)
    said = await prune(settings_for(path), parse_age("90d"), now=clock.now)
    assert said.startswith("Removed 1 finished")
    assert await store.load(old) is None and await store.actions(old) == []
    assert (await store.load(running)).status == "running"
    assert await service.stats(1) == stats, "the results of pruned games still count"
    assert {u for rows in stats.values() for u, _, _ in rows} == {CREATOR}
    await store.close()


def test_ages_are_read_as_an_operator_writes_them() -> None:
    assert parse_age("90d") == timedelta(days=90) and parse_age("12h") == timedelta(hours=12)
    assert parse_age("2w") == timedelta(weeks=2)
    with pytest.raises(RuleError, match="a number and a unit"):
        parse_age("ninety days")


def test_the_commands_run_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "live.sqlite3"))
    assert main(["prune", "--older-than", "30d"]) == 0
    assert "Removed 0 finished or abandoned games" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "b.sqlite3")]) == 0
    assert (tmp_path / "b.sqlite3").exists()
    assert main(["prune", "--older-than", "soon"]) == 2
