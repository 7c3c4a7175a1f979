"""The bench runs end to end (its figures are reported, never asserted)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import asyncpg
import pytest

from bot.errors import Refused
from bot.service import GameService
from bot.storage import PostgresStorage
from bot.tools import bench_restart
from bot.tools.bench import (
    BACKENDS,
    ENGINES,
    HEAD,
    bench_engines,
    bench_recaps,
    bench_renders,
    collect,
    engines_table,
    sections,
    table,
    write_page,
)
from bot.tools.bench_cluster import bench_backends
from bot.tools.bench_cluster import table as backends_table
from bot.tools.bench_review import bench_reviews
from bot.tools.bench_service import bench_service
from bot.tools.bench_thinking import bench_thinking
from bot.tools.pgserver import PostgresServer
from tests.support.tables import FakeClock, running_game


async def test_bench_sections_measure_the_test_game() -> None:
    service = await bench_service(["testgame"], quick=True)
    assert service is not None and service["moves_timed"] > 0 and service["bot_process_rss_mb"] > 0
    data = {"when": "now", "machine": "here", "quick": True,
            "engines": bench_engines(["testgame"], runs=1, seconds=0.05),
            "renders": bench_renders(["testgame"], states=1, repeats=1),
            "recaps": bench_recaps(["testgame"], repeats=1),
            "service": service}
    text = table(data)
    assert "| testgame |" in text and "| mix of all games |" in text
    assert "| whole move ≤ 60 ms p95 |" in text and "testgame board ≤ 40 ms" in text
    assert "testgame recap of a" in text


async def test_bench_backends_measures_one_and_two_processes_on_postgres_next_to_sqlite(
        postgres_server: PostgresServer) -> None:
    """`bench --backend postgres --processes 2` on DATABASE_URL's database, which it leaves empty."""
    url = await postgres_server.new_database()
    data = await bench_backends(["testgame"], processes=2, quick=True, url=url)
    assert data is not None
    assert [(r["backend"], r["processes"]) for r in data["runs"]] == [("sqlite", 1), ("postgres", 1), ("postgres", 2)]
    assert all(r["moves"] > 0 and r["moves_per_s"] > 0 and r["p95_ms"] > 0 for r in data["runs"])
    text = backends_table(data)
    assert "| SQLite | 1 |" in text and "| PostgreSQL | 2 |" in text and "machine CPU busy" in text
    assert "| 2 processes on one PostgreSQL ≥ 1.6× one |" in text
    assert "| whole move ≤ 60 ms p95 with 2 processes |" in text
    con = await asyncpg.connect(url)
    try:
        assert await con.fetchval("SELECT COUNT(*) FROM games") == 0, "an operator's database is left as it was found"
    finally:
        await con.close()


async def test_bench_backends_refuses_a_database_that_holds_data_and_leaves_it_alone(
        postgres_server: PostgresServer) -> None:
    url = await postgres_server.new_database()
    store = await PostgresStorage.open(url)
    try:
        kept = await running_game(GameService(store, clock=FakeClock()))
        with pytest.raises(Refused, match="already holds data"):
            await bench_backends(["testgame"], processes=2, quick=True, url=url)
        assert await store.load(kept) is not None
    finally:
        await store.close()


def test_writing_one_part_of_the_performance_page_keeps_the_others(tmp_path: Path) -> None:
    page = tmp_path / "PERFORMANCE.md"
    write_page("main table 1", path=page)
    write_page("backends 1", BACKENDS, path=page)
    write_page("notes by hand", "Notes", path=page)
    write_page("main table 2", path=page)
    write_page("backends 2", BACKENDS, path=page)
    assert page.read_text() == (f"{HEAD}main table 2\n\n## {BACKENDS}\n\nbackends 2\n\n## Notes\n\nnotes by hand\n")


def engine_row(game: str, actions_per_s: float) -> dict[str, object]:
    return {"game": game, "players": 4, "games_per_s": {"median": 100.0, "p95": 110.0},
            "actions_per_s": {"median": actions_per_s, "p95": actions_per_s}, "copy_us": 30.0, "json_us": 500.0}


def test_the_page_keeps_one_engine_table_which_an_engines_run_rewrites(tmp_path: Path) -> None:
    """A whole run used to write its engine rows into the page's top, which `bench --engines --write` never
    touches: the page then showed a stale Small Islands row (7,773 actions/s) above the current one."""
    page = tmp_path / "PERFORMANCE.md"
    whole = {"when": "then", "machine": "here", "quick": False,
             "engines": [engine_row("roam", 26_024.0), engine_row("small_islands", 7_773.0)],
             "recaps": [{"game": "roam", "actions": 319, "recap_ms": {"median": 76.0, "p95": 90.0}}]}
    for section, text in sections(whole, engines_only=False).items():
        write_page(text, section, path=page)
    engines = {"when": "now", "machine": "here", "quick": False,
               "engines": [engine_row("roam", 48_187.0), engine_row("small_islands", 31_250.0)]}
    for section, text in sections(engines, engines_only=True).items():
        write_page(text, section, path=page)
    written = page.read_text()
    assert written.count("| small_islands | 4 |") == 1 and "| small_islands | 4 | 100.0 | 110.0 | 31,250 |" in written
    assert "7,773" not in written and "26,024" not in written
    assert "| small_islands ≥ 30,000 random actions/s on one core | 31,250 | yes |" in written
    assert "| roam | 319 | 76 | 90 |" in written and written.index("| roam | 319 |") < written.index(f"## {ENGINES}")


def test_bench_engines_alone_measures_random_play_and_copies() -> None:
    """`bench --engines`: the engine table only, each game's copy beside its JSON round trip, and the
    random-play budgets of issue 25."""
    data = collect(True, ["testgame"], engines_only=True)
    assert set(data) >= {"engines"} and "renders" not in data and "service" not in data
    row = data["engines"][0]
    assert row["copy_us"] > 0 and row["json_us"] > 0 and row["actions_per_s"]["median"] > 0
    text = engines_table(data)
    assert "| copy µs | JSON round trip µs |" in text and "| picture |" not in text
    assert "| testgame ≥ 30,000 random actions/s on one core |" in text


def test_catan_is_measured_against_catanatron_in_the_same_run() -> None:
    """The yardstick (issue 45, 7): catanatron, pinned in the `bench` extra that CI installs, plays beside Catan
    and the table prints the ratio; where it is missing the table says how to install it (CI fails instead)."""
    if importlib.util.find_spec("catanatron") is None:
        if os.environ.get("CI"):
            pytest.fail("catanatron is not installed: pip install -e '.[test,bench]'")
        pytest.skip("catanatron is not installed (pip install -e '.[bench]')")
    data = {"when": "now", "machine": "here", "quick": True,
            "engines": bench_engines(["catan"], runs=1, seconds=0.05)}
    row = data["engines"][0]
    assert row["catanatron_games_per_s"]["median"] > 0 and row["ratio_vs_catanatron"] > 0
    assert "| **catan / catanatron** |" in engines_table(data)
    assert "| catan ≥ 2× catanatron's random games/s |" in engines_table(data)


def test_without_catanatron_the_engine_table_says_how_to_install_it() -> None:
    row = {"game": "catan", "players": 4, "games_per_s": {"median": 100.0, "p95": 110.0},
           "actions_per_s": {"median": 40_000.0, "p95": 41_000.0}, "copy_us": 10.0, "json_us": 100.0}
    text = engines_table({"when": "now", "machine": "here", "quick": True, "engines": [row]})
    assert "catanatron: not installed, no ratio (`pip install -e '.[bench]'`)" in text


async def test_bench_restarts_the_bot_against_the_fake_discord_and_reports_ready() -> None:
    """Restart to READY (issue 45, 5): a real `python -m bot`, killed and started again on its database against
    the fake Discord; the figure is reported in the table and its budget row, never asserted."""
    found = await bench_restart.restart_to_ready(1)
    assert found is not None and found["runs"] == 1 and 0 < found["median_s"] <= found["worst_s"]
    text = table({"when": "now", "machine": "here", "quick": True, "restart": found})
    assert "| process start to the gateway's READY | 1 |" in text
    assert "| ready ≤ 2 s after a restart (median) |" in text


async def test_bench_measures_the_event_loop_while_four_hard_seats_play_through_the_bot() -> None:
    """The event-loop section (issue 25): Catan's hard seats play through the scheduler and the worker pool
    while the probe samples the loop; it reports lag, decision times and each process's memory."""
    found = await bench_thinking(["catan", "roam"], quick=True)
    assert found is not None and found["game"] == "catan" and found["seats"] == 4
    assert found["hard_decisions"] >= 8 and found["decision_p95_ms"] >= found["decision_p50_ms"] > 0
    assert found["lag_samples"] > 0 and found["lag_max_ms"] >= found["lag_p99_ms"] >= found["lag_p50_ms"] >= 0
    assert found["loop_cpu_max_ms"] >= found["loop_cpu_p99_ms"] >= 0 and 0 <= found["core_wait_share"] <= 1
    assert found["bot_process_rss_mb"] > 0 and len(found["worker_rss_mb"]) >= 1
    assert all(mb > 0 for mb in found["worker_rss_mb"]), "the worker the hard seats thought in is weighed"
    text = table({"when": "now", "machine": "here", "quick": True, "engines": [], "thinking": found})
    assert "### Event loop while four hard seats think" in text and "| each worker's peak RSS |" in text
    assert "| event-loop lag ≤ 50 ms p99 while four hard seats think |" in text
    assert "| hard decision ≤ 2 s p95, sent to a worker and back |" in text


def test_bench_times_a_review_of_a_long_game_in_a_worker() -> None:
    """The review section (issue 44 item 6): seat 0's review of a whole four-seat Catan game, through the pool;
    a game that cannot sample its worlds (the test game) is left out."""
    rows = bench_reviews(["catan", "testgame"], quick=True)
    assert [(r["game"], r["players"]) for r in rows] == [("catan", 4)]
    assert rows[0]["actions"] > 200 and rows[0]["review_s"]["max"] >= rows[0]["review_s"]["median"] > 0
    text = table({"when": "now", "machine": "here", "quick": True, "engines": [], "reviews": rows})
    assert "| review | seats | actions | seat 0's moves | median s | slowest s |" in text and "| catan | 4 |" in text
