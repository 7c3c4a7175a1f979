"""Longest Road: the length of each player's longest trail, and who holds the card (CAT-34 to CAT-36)."""

from __future__ import annotations

from games.catan.board import GEOMETRY


def road_length(seat: int, roads: list[int | None], buildings: list[list[int] | None]) -> int:
    """The longest trail of the seat's own roads, each used once; an opponent's building cuts through it."""
    own = [i for i, owner in enumerate(roads) if owner == seat]
    if not own:
        return 0
    paths, node_paths = GEOMETRY.paths, GEOMETRY.node_paths

    def blocked(v: int) -> bool:
        b = buildings[v]
        return b is not None and b[0] != seat

    best = 0

    def walk(v: int, used: set[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if blocked(v):
            return  # a trail may end at an opponent's building but not pass through it
        for p in node_paths[v]:
            if p not in used and roads[p] == seat:
                used.add(p)
                a, b = paths[p]
                walk(b if a == v else a, used, length + 1)
                used.remove(p)

    ends = {v for p in own for v in paths[p]}
    for v in ends:
        for p in node_paths[v]:
            if roads[p] == seat:
                a, b = paths[p]
                walk(b if a == v else a, {p}, 1)
    return best


def longest_road_holder(holder: int | None, lengths: list[int]) -> int | None:
    """Who holds Longest Road after the lengths changed (CAT-35, CAT-36).

    The holder keeps it while still (tied for) longest at 5 or more; otherwise it goes to the
    one player with the unique longest road of 5 or more, or is set aside when there is none.
    """
    best = max(lengths)
    if holder is not None and lengths[holder] >= 5 and lengths[holder] == best:
        return holder
    leaders = [s for s, n in enumerate(lengths) if n == best]
    return leaders[0] if best >= 5 and len(leaders) == 1 else None
