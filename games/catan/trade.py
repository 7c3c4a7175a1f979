"""Player trades: the bundles of cards an offer names, and what makes one legal (CAT-32)."""

from __future__ import annotations

from typing import Any

from games.catan.board import RESOURCES

Bundle = list[int]
"""Counts in RESOURCES order."""


def parse_bundle(named: dict[str, int]) -> Bundle:
    return [int(named.get(r, 0)) for r in RESOURCES]


def _shape_problem(named: Any, side: str) -> str | None:
    if not isinstance(named, dict):
        return f"{side} must be resources and counts, e.g. {{\"ore\": 1}}."
    unknown = [k for k in named if k not in RESOURCES]
    if unknown:
        return f"{side}: {', '.join(map(str, unknown))} is not a resource (resources: {', '.join(RESOURCES)})."
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in named.values()):
        return f"{side}: counts are whole numbers of cards."
    return None


def bundle_problem(give: Any, get: Any, hand: list[int]) -> str | None:
    """Each side gives at least one card, never the same resource both ways, only cards held."""
    problem = _shape_problem(give, "give") or _shape_problem(get, "get")
    if problem:
        return problem
    gives, gets = parse_bundle(give), parse_bundle(get)
    if not any(gives) or not any(gets):
        return "Each side of a trade gives at least one card; no gifts."
    same = [r for r, a, b in zip(RESOURCES, gives, gets, strict=True) if a and b]
    if same:
        return f"You cannot trade {same[0]} for {same[0]}."
    short = [r for r, n, have in zip(RESOURCES, gives, hand, strict=True) if n > have]
    if short:
        return f"You do not hold the {', '.join(short)} you would give."
    return None


def offer_shape_help(players: int) -> str:
    return ('{"type": "offer", "to": 2, "give": {"brick": 1}, "get": {"ore": 1}} — '
            f'"to" is a seat number (1–{players}) or "all"; you give "give" and get "get"')
