"""What an operator watches (issue 26), read from the real bot process: `/healthz` (200 while the gateway
is connected and the database answers, 503 while Discord's gateway cannot be reached), `/metrics` parsed
with prometheus_client's own parser (the move counter equals the moves stored), and JSON log lines that
name the game and the kind of work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.support.bot_process import BotProcess
from tests.support.channel_table import first_game, move_told, started_table, stored_rows
from tests.support.fake_discord import MESSAGES, FakeDiscord
from tests.support.health import free_port, get, healthy

pytestmark = pytest.mark.e2e
OPERATOR_METRICS = ("frontier_moves", "frontier_refusals", "frontier_discord_errors", "frontier_delivery_retries",
                    "frontier_deliveries_in_flight", "frontier_outbox_lag_seconds", "frontier_job_lag_seconds",
                    "frontier_event_loop_lag_seconds", "frontier_games_running", "frontier_unsaved_changes")


async def metrics(port: int) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    """Each metric family's samples, by sample name and labels."""
    status, text = await get(port, "/metrics")
    assert status == 200
    found: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for family in text_string_to_metric_families(text):
        samples = found.setdefault(family.name, {})
        for sample in family.samples:
            samples[(("sample", sample.name), *sorted(sample.labels.items()))] = sample.value
    return found


def total(family: dict[tuple[tuple[str, str], ...], float], sample: str, **labels: str) -> float:
    return sum(value for key, value in family.items() if key[0] == ("sample", sample)
               and all((k, v) in key for k, v in labels.items()))


async def test_healthz_metrics_and_json_logs(fake: FakeDiscord, tmp_path: Path) -> None:
    port = free_port()
    bot = BotProcess(fake, tmp_path, env={"METRICS_PORT": str(port), "LOG_FORMAT": "json"})
    await bot.start()
    try:
        await healthy(fake, port)
        game_type = first_game()
        table = await started_table(fake, bot, game_type)
        await fake.settle(quiet=0.5)
        for move in range(3):
            await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=60,
                                what="the host's turn")
            await fake.settle(quiet=0.3)
            if move == 2:  # Discord fails the board once: a retry, logged with the game and the row's kind
                fake.server_error(503, method="POST", route=MESSAGES, channel=table.channel_id)
            assert "✓" in await move_told(table)
        await fake.wait_for(lambda: table.host.mention in table.latest_board().text(), timeout=60,
                            what="the board after the retry")
        refused = await table.host.slash("play", channel_id=table.channel_id, action='{"type": "no_such_move"}')
        await fake.wait_for(lambda: any(m.content and not m.loading for m in refused.replies()), timeout=30,
                            what="the refusal")
        await fake.settle(quiet=0.5)

        seen = await metrics(port)
        assert set(OPERATOR_METRICS) <= set(seen), sorted(seen)
        game_id = table.game()["id"]
        moves = [a for a in stored_rows(bot.database, "actions") if a["game_id"] == game_id]
        assert total(seen["frontier_moves"], "frontier_moves_total", game=game_type) == len(moves) >= 3
        assert total(seen["frontier_refusals"], "frontier_refusals_total", game=game_type) == 1, refused.texts()
        assert total(seen["frontier_games_running"], "frontier_games_running") == 1
        assert total(seen["frontier_outbox_lag_seconds"], "frontier_outbox_lag_seconds") == 0
        assert total(seen["frontier_deliveries_in_flight"], "frontier_deliveries_in_flight") == 0
        assert total(seen["frontier_discord_errors"], "frontier_discord_errors_total", status="503") == 1
        assert total(seen["frontier_delivery_retries"], "frontier_delivery_retries_total", kind="board") == 1

        fake.gateway.unreachable = True  # Discord's gateway drops and cannot be reached for a while
        await fake.gateway.drop()
        await fake.wait_for(lambda: fake.gateway.live is None, what="the socket to close")
        status, said = await get(port, "/healthz")
        assert status == 503 and "disconnected" in said, said
        fake.gateway.unreachable = False
        await fake.wait_for(lambda: fake.gateway.live is not None, timeout=60, what="the bot to reconnect")
        await healthy(fake, port)
    finally:
        await bot.stop()

    lines = [json.loads(line) for line in bot.log().splitlines() if line.startswith("{")]
    assert lines and all({"time", "level", "logger", "message", "game_id", "kind"} <= set(line) for line in lines)
    assert any(line["game_id"] == game_id and line["kind"] == "board" and "delivery_retry" in line["message"]
               for line in lines), "a delivery's line names its game and the row's kind"
    assert any(line["kind"] == "command:play" and "refused" in line["message"] for line in lines), \
        "a refusal names the command it answered"
    problems = [p for p in bot.problems() if "Attempting a reconnect" not in p]  # discord.py's own, while down
    assert problems == [], bot.log_tail()
