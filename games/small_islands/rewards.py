"""Missions and rewards (rules B3.4): does an island satisfy a mission, what does a reward pay.

Both work on the island statistics of `islands.stats`: tiles, flower, fruit, leaf,
temple, port.
"""

from __future__ import annotations

from typing import Any

from games.small_islands.data import MISSIONS, RESOURCES, REWARDS

Stats = dict[str, Any]


def satisfies(mission: str, st: Stats) -> bool:
    """B3.4 missions M01–M12 on an island's statistics."""
    spec = MISSIONS[mission]["spec"]
    kind = spec["type"]
    if kind == "more":
        return st[spec["a"]] > st[spec["b"]]
    if kind == "atleast":
        return all(st[what] >= n for what, n in spec["need"].items())
    if kind == "equal_any":
        present = [st[r] for r in RESOURCES if st[r] >= 1]
        return len(present) != len(set(present))
    if kind == "equal_with":
        a = st[spec["a"]]
        return a >= 1 and any(st[r] == a for r in RESOURCES if r != spec["a"])
    if kind == "size":
        return st["tiles"] >= spec["min"]
    raise ValueError(f"unknown mission type {kind}")


def is_choice(reward: str) -> bool:
    """RW08: the player names a resource for each island."""
    return REWARDS[reward]["spec"]["type"] == "choose"


def is_discovery(reward: str) -> bool:
    return REWARDS[reward]["spec"]["type"] == "discovery"


def points(reward: str, st: Stats, resource: str | None = None) -> int:
    """B3.4 rewards in PP for one island (RW07 discovery pays tokens instead: 0 here)."""
    spec = REWARDS[reward]["spec"]
    kind = spec["type"]
    if kind == "per":
        return spec["k"] * st[spec["what"]] + spec["plus"]
    if kind == "lowest":
        present = [st[r] for r in RESOURCES if st[r] >= 1]
        return spec["k"] * (min(present) if present else 0) + spec["plus"]
    if kind == "flat":
        return spec["pp"]
    if kind == "size":
        return max((pp for size, pp in spec["table"] if st["tiles"] >= size), default=0)
    if kind == "discovery":
        return 0
    if kind == "choose":
        assert resource in RESOURCES
        return spec["k"] * st[resource] + spec["plus"]
    if kind == "kinds":
        return spec["k"] * sum(1 for r in RESOURCES if st[r] >= 1)
    if kind == "tiles":
        return min(spec["k"] * st["tiles"], spec["max"])
    raise ValueError(f"unknown reward type {kind}")
