"""ROAM's recap: points as the table shows them, the completed cards each seat claims, the artifacts bought,
the Outpost and the end being triggered."""

from __future__ import annotations

from typing import Any

from games.core import Moment
from games.grammar import plural


def _new(before: list[dict[str, Any]], after: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Entries of `after` whose `key` was not in `before`."""
    seen = {entry[key] for entry in before}
    return [entry for entry in after if entry[key] not in seen]


class RecapMixin:
    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        out: list[Moment] = []
        for p, was in zip(after["players"], before["players"], strict=True):
            out += [Moment(f"claims {c['name']} ({plural(c['vp'], 'point')})", p["seat"])
                    for c in _new(was["characters"], p["characters"], "card")]
            out += [Moment(f"buys the {a['name']}", p["seat"]) for a in _new(was["artifacts"], p["artifacts"], "id")]
        if after.get("outpost") is not None and before.get("outpost") is None:
            out.append(Moment("builds the Outpost", after["outpost"]))
        if after.get("end_triggered") and not before.get("end_triggered"):
            out.append(Moment("The end of the game is triggered"))
        return out
