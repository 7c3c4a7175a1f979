"""Roanoke's log lines and labels read as English (issue 27, item 7)."""

from __future__ import annotations

from games.roanoke import text


def test_roa_s16_a_drawn_elbow_is_an_elbow() -> None:
    assert text.describe_event({"type": "tile_drawn", "seat": 0, "tile": "elbow"}).endswith("draws an elbow tile.")
    assert text.describe_event({"type": "tile_drawn", "seat": 0, "tile": "T"}).endswith("draws a T tile.")
    placed = text.describe_event({"type": "placed", "seat": 1, "tile": "elbow", "square": "G5", "mask": 3})
    assert "places an elbow on G5" in placed
