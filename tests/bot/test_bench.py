"""The bench runs end to end (its figures are reported, never asserted)."""

from __future__ import annotations

from bot.tools.bench import bench_engines, bench_recaps, bench_renders, table
from bot.tools.bench_service import bench_service


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
