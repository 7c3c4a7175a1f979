"""Longest Road: the length of each player's longest trail, and who holds the card (CAT-34 to CAT-36)."""

from __future__ import annotations

from games.catan.board import GEOMETRY

_PATHS = GEOMETRY.paths


def road_length(seat: int, roads: list[int | None], buildings: list[list[int] | None]) -> int:
    """The longest trail of the seat's own roads, each used once; an opponent's building cuts through it.

    An exhaustive walk, but only from where a longest trail can start.  A trail that starts at an
    intersection with an even number of the seat's roads, no opponent's building and another end
    elsewhere leaves one of them unused there and could be one road longer; so a longest trail
    starts where that number is odd or an opponent has built, or else it is closed, runs through
    every road of its network and may be walked from any of its intersections.
    """
    links: dict[int, list[tuple[int, int]]] = {}
    """Intersection -> (road, its other end) for each of the seat's roads there."""
    for p, owner in enumerate(roads):
        if owner == seat:
            a, b = _PATHS[p]
            links.setdefault(a, []).append((p, b))
            links.setdefault(b, []).append((p, a))
    if not links:
        return 0
    # a trail may end at an opponent's building but not pass through it
    blocked = {v for v in links if (b := buildings[v]) is not None and b[0] != seat}
    walked: set[int] = set()
    best = 0

    def walk(v: int, used: set[int], length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if v in blocked:
            return
        for p, u in links[v]:
            if p not in used:
                used.add(p)
                walked.add(p)
                walk(u, used, length + 1)
                used.remove(p)

    def start(v: int) -> None:
        for p, u in links[v]:
            walked.add(p)
            walk(u, {p}, 1)

    for v, here in links.items():
        if len(here) % 2 or v in blocked:
            start(v)
    if len(walked) * 2 < sum(map(len, links.values())):  # networks of closed loops only, where no walk started
        for v, here in links.items():
            if any(p not in walked for p, _ in here):
                start(v)
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
