"""Longest Road: the length of each player's longest trail, and who holds the card (CAT-34 to CAT-36)."""

from __future__ import annotations

from games.catan.board import GEOMETRY

_PATHS = GEOMETRY.paths


Node = int | tuple[int, int]
"""An intersection, or (intersection, road) for one road's end at an opponent's building."""


def road_length(seat: int, roads: list[int | None], buildings: list[list[int] | None]) -> int:
    """The longest trail of the seat's own roads, each used once; an opponent's building cuts through it.

    The seat's roads are taken as a graph in which an intersection holding an opponent's building
    is a separate dead end for each road there, so that no trail passes through it.  Each connected
    part of it is searched on its own: a tree (the usual case) by its longest path, a part with a
    loop exhaustively.
    """
    links: dict[Node, list[tuple[int, Node]]] = {}
    """Node -> (road, the node at its other end) for each of the seat's roads there."""
    for p, owner in enumerate(roads):
        if owner == seat:
            a: Node
            b: Node
            a, b = _PATHS[p]
            if (here := buildings[a]) is not None and here[0] != seat:
                a = (a, p)
            if (here := buildings[b]) is not None and here[0] != seat:
                b = (b, p)
            links.setdefault(a, []).append((p, b))
            links.setdefault(b, []).append((p, a))
    best, seen = 0, set[Node]()
    for root in links:
        if root not in seen:
            part = _part(links, root)
            seen.update(part)
            roads_in_part = sum(len(links[v]) for v in part) // 2
            if roads_in_part == len(part) - 1:  # a tree: from anywhere to the farthest end, then from there
                length = _farthest(links, _farthest(links, root)[0])[1]
            else:
                length = _longest_trail(links, part)
            best = max(best, length)
    return best


def _part(links: dict[Node, list[tuple[int, Node]]], root: Node) -> list[Node]:
    """The nodes connected to root."""
    part: list[Node] = []
    stack, found = [root], {root}
    while stack:
        v = stack.pop()
        part.append(v)
        for _, u in links[v]:
            if u not in found:
                found.add(u)
                stack.append(u)
    return part


def _farthest(links: dict[Node, list[tuple[int, Node]]], start: Node) -> tuple[Node, int]:
    """In a tree: the node farthest from start, and how many roads away it is."""
    far, best = start, 0
    stack: list[tuple[Node, int, int]] = [(start, -1, 0)]
    while stack:
        v, came_by, length = stack.pop()
        if length > best:
            far, best = v, length
        for p, u in links[v]:
            if p != came_by:
                stack.append((u, p, length + 1))
    return far, best


def _longest_trail(links: dict[Node, list[tuple[int, Node]]], part: list[Node]) -> int:
    """Every trail, walked from where a longest one can start.  A trail starting at a node with an
    even number of roads and ending elsewhere leaves one of them unused there and could be longer;
    so a longest trail starts at a node with an odd number, or else it is closed, runs through
    every road of the part (all its nodes even) and may be walked from any node."""
    best = 0

    def walk(v: Node, used: set[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for p, u in links[v]:
            if p not in used:
                used.add(p)
                walk(u, used, length + 1)
                used.remove(p)

    for v in [v for v in part if len(links[v]) % 2] or part[:1]:
        walk(v, set(), 0)
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
