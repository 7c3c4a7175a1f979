"""The Roanoke board (ROA-S1…S10): the 13×13 grid, fixed squares, road tiles and networks.

A square is an index `row * 13 + col`; its label is a column letter and a row number
("G7" = (6, 6), ROA-S1).  The board is a list of 169 cells, each None (free) or a dict:
`{"kind": "road"|"cross"|"exit"|"node", "mask": edges, "owner": seat|None, ...}`; road
tiles and starting crosses also carry `house`, `gen` (a resource or None) and `up` (a
road-upgrade marker), nodes carry `res`.  Everything here is a pure function of the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SIZE = 13
SQUARES = SIZE * SIZE
N, E, S, W = 1, 2, 4, 8
EDGES = ((N, "N", -1, 0), (E, "E", 0, 1), (S, "S", 1, 0), (W, "W", 0, -1))
OPP = {N: S, E: W, S: N, W: E}
EDGE_NAME = {N: "N", E: "E", S: "S", W: "W"}
RESOURCES = ("food", "water", "metal", "wood")

TILE_KINDS = ("straight", "T", "cross", "elbow")
TILES_PER_KIND = 43
ORIENTATIONS: dict[str, tuple[int, ...]] = {
    "straight": (N | S, E | W),
    "elbow": (N | E, E | S, S | W, W | N),
    "T": (E | S | W, N | S | W, N | E | W, N | E | S),
    "cross": (N | E | S | W,),
}
"""ROA-S4: the distinct open-edge masks of each kind."""
KIND_OF_MASK = {m: k for k, masks in ORIENTATIONS.items() for m in masks}
GLYPH = {N | S: "│", E | W: "─", N | E: "└", E | S: "┌", S | W: "┐", W | N: "┘", E | S | W: "┬",
         N | S | W: "┤", N | E | W: "┴", N | E | S: "├", N | E | S | W: "┼"}


def sq(row: int, col: int) -> int:
    return row * SIZE + col


def rc(square: int) -> tuple[int, int]:
    return divmod(square, SIZE)


def label(square: int) -> str:
    """ROA-S1: column letter A–M and row number 1–13, so (6, 6) is G7."""
    row, col = rc(square)
    return f"{'ABCDEFGHIJKLM'[col]}{row + 1}"


def parse_label(text: Any) -> int | None:
    """The square a label such as "G7" names, or None."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    col = "ABCDEFGHIJKLM".find(text[0].upper())
    if col < 0 or not text[1:].isdigit():
        return None
    row = int(text[1:]) - 1
    return sq(row, col) if 0 <= row < SIZE else None


def edges_text(mask: int) -> str:
    """"E-S-W": a mask's open edges in N, E, S, W order."""
    return "-".join(name for bit, name, _, _ in EDGES if mask & bit)


NEIGHBOURS: list[tuple[tuple[int, int], ...]] = []
"""For each square, (edge bit, neighbouring square) for each side that stays on the board."""
for _s in range(SQUARES):
    _r, _c = rc(_s)
    NEIGHBOURS.append(tuple((bit, sq(_r + dr, _c + dc)) for bit, _, dr, dc in EDGES
                            if 0 <= _r + dr < SIZE and 0 <= _c + dc < SIZE))

EXITS = (sq(0, 6), sq(6, 12), sq(12, 6), sq(6, 0))
EXIT_MASKS = (S, W, N, E)
CROSSES = (sq(1, 6), sq(6, 11), sq(11, 6), sq(6, 1))
NODES = {sq(3, 3): "wood", sq(3, 9): "metal", sq(9, 9): "food", sq(9, 3): "water"}
"""ROA-S2: exits and starting crosses by seat; resource nodes by square."""


def new_board(node_resources: dict[int, str] | None = None) -> list[dict[str, Any] | None]:
    """ROA-S2: exits, starting crosses (owned) and the four resource nodes on an empty grid."""
    board: list[dict[str, Any] | None] = [None] * SQUARES
    for seat in range(4):
        board[EXITS[seat]] = {"kind": "exit", "mask": EXIT_MASKS[seat], "owner": seat}
        board[CROSSES[seat]] = {"kind": "cross", "mask": 15, "owner": seat, "house": False, "gen": None,
                                "up": False}
    for square, res in (node_resources or NODES).items():
        board[square] = {"kind": "node", "mask": 15, "owner": None, "res": res}
    return board


ROAD_KINDS = ("road", "cross")


def is_road(cell: dict[str, Any] | None) -> bool:
    """A road tile for ownership purposes: a placed tile or a starting cross."""
    return cell is not None and cell["kind"] in ROAD_KINDS


def own_net(board: list[dict[str, Any] | None], seat: int) -> set[int]:
    """ROA-S8: squares reachable from the seat's exit through open–open edges, entering only
    the seat's own road tiles (starting cross included) and nodes."""
    start = EXITS[seat]
    seen = {start}
    stack = [start]
    while stack:
        here = stack.pop()
        mask = board[here]["mask"]  # type: ignore[index]
        for bit, there in NEIGHBOURS[here]:
            if mask & bit and there not in seen:
                cell = board[there]
                if cell is not None and cell["mask"] & OPP[bit] and (
                        cell["kind"] == "node" or (cell["kind"] in ("road", "cross") and cell["owner"] == seat)):
                    seen.add(there)
                    stack.append(there)
    return seen


def link_classes(board: list[dict[str, Any] | None], nets: list[set[int]]) -> list[int]:
    """ROA-S8: each seat's link class, named by its lowest seat.  Two seats are linked when their
    OwnNets share a node or a square of one has an open–open edge to a square of the other."""
    parent = list(range(len(nets)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    where: dict[int, list[int]] = {}
    for seat, net in enumerate(nets):
        for square in net:
            where.setdefault(square, []).append(seat)
    for seats in where.values():
        for other in seats[1:]:
            union(seats[0], other)
    for seat, net in enumerate(nets):
        for here in net:
            mask = board[here]["mask"]  # type: ignore[index]
            for bit, there in NEIGHBOURS[here]:
                if mask & bit and there in where:
                    cell = board[there]
                    if cell is not None and cell["mask"] & OPP[bit]:
                        for other in where[there]:
                            if other != seat:
                                union(seat, other)
    return [find(s) for s in range(len(nets))]


def networks(board: list[dict[str, Any] | None]) -> tuple[list[list[int]], list[int]]:
    """Every seat's OwnNet (sorted squares) and link class, from scratch."""
    nets = [own_net(board, seat) for seat in range(4)]
    return [sorted(n) for n in nets], link_classes(board, nets)


def is_anchor(board: list[dict[str, Any] | None], square: int, seat: int) -> bool:
    """ROA-S6 / R7 / R8: a road tile the seat owns, or a node with an open–open link to one."""
    cell = board[square]
    if cell is None:
        return False
    if cell["kind"] in ("road", "cross"):
        return cell["owner"] == seat
    if cell["kind"] != "node":
        return False
    for bit, there in NEIGHBOURS[square]:
        other = board[there]
        if other is not None and other["kind"] in ("road", "cross") and other["owner"] == seat \
                and other["mask"] & OPP[bit]:
            return True
    return False


def pave_problem(board: list[dict[str, Any] | None], square: int, seat: int) -> str | None:
    """ROA-S7 / R32 / R33: why a tile may not go on that square whatever its shape (None: it may)."""
    cell = board[square]
    if cell is None:
        return None
    where = label(square)
    kind = cell["kind"]
    if kind == "exit":
        return f"{where} is an exit: exits are never built on or over (ROA-S2, ROA-R32)."
    if kind == "cross":
        return f"{where} is a starting cross: it cannot be paved (ROA-S7, ROA-R32)."
    if kind == "node":
        return f"{where} is a resource node: nodes are never built over (ROA-S7, ROA-R7)."
    if cell["owner"] == seat:
        return f"{where} is your own tile: you never pave your own tiles (ROA-S7, ROA-R33)."
    if cell["house"]:
        return f"{where} carries a house: houses protect a tile from paving (ROA-S7)."
    return None


def _misfit(board: list[dict[str, Any] | None], square: int, mask: int, seat: int) -> tuple[int, int] | bool:
    """ROA-S5 / S6: the first (edge bit, neighbour) whose facing edge does not match, else whether an open edge
    meets one of the seat's anchors.  No words: `placements` asks it of every orientation it tries."""
    connected = False
    for bit, there in NEIGHBOURS[square]:
        cell = board[there]
        if cell is None:
            continue
        mine = bool(mask & bit)
        if mine != bool(cell["mask"] & OPP[bit]):
            return bit, there
        if mine and not connected and is_anchor(board, there, seat):
            connected = True
    return connected


def fit_problem(board: list[dict[str, Any] | None], square: int, mask: int, seat: int) -> str | None:
    """ROA-S5 / S6 / R5 / R6: do all ends match, and does an open edge meet one of your anchors?"""
    misfit = _misfit(board, square, mask, seat)
    if misfit is True:
        return None
    if misfit is False:
        return ("The tile must join, open edge to open edge, a road you own or a node joined to your road "
                "(ROA-S6, ROA-R8).")
    bit, there = misfit
    mine = bool(mask & bit)
    state = "open" if mine else "closed"
    return (f"The {EDGE_NAME[bit]} edge would be {state} against {label(there)}, whose facing edge is "
            f"{'closed' if mine else 'open'}: every shared edge must match (ROA-S5, ROA-R6).")


def _placements(board: list[dict[str, Any] | None], kind: str, seat: int) -> Iterator[tuple[int, int]]:
    # Only the seat's own roads and the nodes can be anchors: the rest is passed over without a call.
    maybe = [x for x, c in enumerate(board) if c is not None and (c["owner"] == seat or c["kind"] == "node")]
    targets: set[int] = set()
    for square in maybe:
        if is_anchor(board, square, seat):
            mask = board[square]["mask"]  # type: ignore[index]
            targets.update(there for bit, there in NEIGHBOURS[square] if mask & bit)
    for square in sorted(targets):
        if board[square] is not None and pave_problem(board, square, seat) is not None:
            continue
        for mask in ORIENTATIONS[kind]:
            if _misfit(board, square, mask, seat) is True:
                yield square, mask


def placements(board: list[dict[str, Any] | None], kind: str, seat: int) -> list[tuple[int, int]]:
    """Every legal (square, mask) for a tile of that kind (ROA-S5…S7)."""
    return list(_placements(board, kind, seat))


def can_place(board: list[dict[str, Any] | None], kind: str, seat: int) -> bool:
    """Whether a tile of that kind fits anywhere: the search stops at the first placement."""
    return next(_placements(board, kind, seat), None) is not None


START_NETS, START_LINKS = networks(new_board())
"""The networks of a board before any tile (the nodes' resources play no part in them)."""


def road_tiles(board: list[dict[str, Any] | None], squares: set[int] | list[int]) -> int:
    """ROA-S10 / R11: road tiles (placed tiles and starting crosses) among those squares."""
    return sum(1 for x in squares if is_road(board[x]))
