"""Roanoke's recap: each colony's resources, the season cards as they are revealed, and the eliminations
(ROA-S30, ROA-S35) that decide who is left to score (ROA-S37)."""

from __future__ import annotations

from typing import Any

from games.core import Moment

ROUNDS_PER_SEASON = 3
"""ROA-S12."""


class RecapMixin:
    @classmethod
    def public_scores(cls, view: dict[str, Any]) -> list[float]:
        """Resources held (the final score, ROA-S37); an eliminated colony's pass on, so it drops to none."""
        return [p["chits"] if p["alive"] else 0 for p in view["players"]]

    @classmethod
    def round_of(cls, view: dict[str, Any]) -> int:
        """Rounds counted across the seasons, from 1."""
        return int(view["season"]) * ROUNDS_PER_SEASON + int(view["round"])

    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        out = [Moment("is eliminated", p["seat"]) for p, was in zip(after["players"], before["players"], strict=True)
               if was["alive"] and not p["alive"]]
        out += [Moment(f"{season['slot']}: {season['name']} — {season['goal']}")
                for season, was in zip(after["seasons"], before["seasons"], strict=True)
                if season["card"] is not None and was["card"] is None]
        return out
