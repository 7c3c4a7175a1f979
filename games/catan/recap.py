"""Catan's recap: victory points as the board shows them, the two titles changing hands (CAT-35, CAT-37)
and the win (CAT-39)."""

from __future__ import annotations

from typing import Any

from games.colours import colour_of
from games.core import Moment
from games.grammar import plural

TITLES = (("longest_road", "Longest Road", "road_length", "road"),
          ("largest_army", "Largest Army", "knights", "knight"))


class RecapMixin:
    @classmethod
    def public_scores(cls, view: dict[str, Any]) -> list[float]:
        """Points on the board; hidden victory point cards count once the game is over and they are shown."""
        return [p["vp"] for p in view["players"]]

    @classmethod
    def round_of(cls, view: dict[str, Any]) -> int:
        """Round 0 is the setup; then every player's turn once is a round."""
        turn = int(view.get("turn") or 0)
        return 0 if view.get("phase") == "setup" else -(-turn // len(view["players"]))

    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        out: list[Moment] = []
        for key, title, measure, unit in TITLES:
            was, now = before.get(key), after.get(key)
            if was == now:
                continue
            if now is None:
                out.append(Moment(f"{title} is broken; nobody holds it now"))
                continue
            count = after["players"][now][measure]
            taken = f" from {colour_of(was)}" if was is not None else ""  # the engine names no one: a colour
            out.append(Moment(f"takes {title}{taken} ({plural(count, unit)})", now))
        if after.get("winner") is not None and before.get("winner") is None:
            seat = after["winner"]
            out.append(Moment(f"reaches {after['players'][seat]['vp']} points and wins", seat))
        return out
