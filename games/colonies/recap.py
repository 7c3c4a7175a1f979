"""Colonies' recap: the public score (COL-S28), Wealth shipped for 5 points each, eliminations (COL-R39)
and the last Event starting the final round."""

from __future__ import annotations

from typing import Any

from games.colonies.table import SHIPPED_POINTS
from games.core import Moment


class RecapMixin:
    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        out: list[Moment] = []
        for p, was in zip(after["players"], before["players"], strict=True):
            if p["eliminated"] and not was["eliminated"]:
                out.append(Moment("is eliminated", p["seat"]))
            if (shipped := p["shipped"] - was["shipped"]) > 0:
                wealth = "a Wealth" if shipped == 1 else f"{shipped} Wealth"
                out.append(Moment(f"ships {wealth} (+{SHIPPED_POINTS * shipped} points)", p["seat"]))
        if after.get("final_round") and not before.get("final_round"):
            out.append(Moment("The Event deck is out: the final round begins"))
        return out
