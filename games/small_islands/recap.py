"""Small Islands' recap: prestige points as they are scored, the ships that land (ending a round, B5.1)
and the prestige each objective earns in the reward phases."""

from __future__ import annotations

from typing import Any

from games.core import Moment
from games.small_islands.data import MISSIONS, OBJECTIVES


class RecapMixin:
    @classmethod
    def public_scores(cls, view: dict[str, Any]) -> list[float]:
        """Prestige points during the game; at the end the final scores, discovery tokens and ports included."""
        if view.get("result"):
            return list(view["result"]["scores"])
        return [p["pp"] for p in view["players"]]

    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        out: list[Moment] = []
        if after.get("lander") is not None and before.get("lander") is None:
            out.append(Moment(f"lands a ship, ending round {after['round']}", after["lander"]))
        for p, was in zip(after["players"], before["players"], strict=True):
            if (gain := p["pp"] - was["pp"]) > 0:
                shown = p.get("revealed")
                mission = MISSIONS[OBJECTIVES[shown["objective"]]["mission"]]["text"] if shown else ""
                said = f"scores {gain} prestige points" + (f" for “{mission}”" if mission else "")
                out.append(Moment(said, p["seat"]))
        return out
