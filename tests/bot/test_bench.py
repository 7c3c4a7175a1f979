"""The bench runs end to end (its figures are reported, never asserted)."""

from __future__ import annotations

from bot.bench import bench_engines, bench_renders, table
from bot.bench_service import bench_service


async def test_bench_sections_measure_the_test_game() -> None:
    service = await bench_service(["testgame"], quick=True)
    assert service is not None and service["moves timed"] > 0
    data = {"when": "now", "machine": "here", "quick": True,
            "engines": bench_engines(["testgame"], runs=1, seconds=0.05),
            "renders": bench_renders(["testgame"], states=1, repeats=1),
            "service": service, "peak_rss_mb": 1.0}
    text = table(data)
    assert "| testgame |" in text and "move p95 ms" in text
