"""What the pieces on the board imply, worked out once per arrangement of roads and buildings.

Listing moves, checking them, counting victory points and trade rates all ask the same
questions: which intersections a seat's network touches, who sits on which harbor or hex,
how many points stand on the board.  Answering them from scratch on every call was most of
the engine's time in random play, yet the board changes only a few dozen times a game.  A
`Placement` answers them from one pass over the pieces.  The game keeps one, tells it of each
road and building it places (`add_road`, `add_building`), and works out a new one only when the
pieces differ from its copies of them (compared by value, so edits made straight to the state,
as tests make them, are noticed too).
"""

from __future__ import annotations

from bisect import insort

from games.catan.board import GEOMETRY

_PATHS = GEOMETRY.paths
_NODE_PATHS = GEOMETRY.node_paths
_NODE_NEIGHBOURS = GEOMETRY.node_neighbours
_HEX_OF_NODE = GEOMETRY.node_hexes
_ALL_NODES = frozenset(range(len(GEOMETRY.node_xy)))


class Placement:
    __slots__ = ("_harbors", "_hex_seats", "_near", "_open", "anchors", "buildings", "kinds", "reach", "roads",
                 "settled", "vp")

    def __init__(self, players: int, roads: list[int | None], buildings: list[list[int] | None],
                 harbors: dict[int, str]) -> None:
        self.roads = list(roads)
        self.buildings = [None if b is None else list(b) for b in buildings]
        """Copies of the pieces this was worked out from, to tell when they have changed."""
        self._harbors = harbors
        self.reach: list[set[int]] = [set() for _ in range(players)]
        """Intersections each seat's roads or buildings touch."""
        self.vp = [0] * players
        """Points on the board: 1 a settlement, 2 a city."""
        self.kinds: list[set[str]] = [set() for _ in range(players)]
        """The harbor kinds each seat's buildings stand on."""
        self.settled: list[list[int]] = [[] for _ in range(players)]
        """Each seat's settlements (not cities), in intersection order."""
        built: list[set[int]] = [set() for _ in range(players)]
        for p, owner in enumerate(roads):
            if owner is not None:
                self.reach[owner].update(_PATHS[p])
        for v, b in enumerate(buildings):
            if b is not None:
                seat = b[0]
                built[seat].add(v)
                self.vp[seat] += b[1]
                if b[1] == 1:
                    self.settled[seat].append(v)
                if v in harbors:
                    self.kinds[seat].add(harbors[v])
        everyone = set().union(*built)
        for seat, own in enumerate(built):
            self.reach[seat] |= own
        self.anchors = [self.reach[seat] - (everyone - own) for seat, own in enumerate(built)]
        """Intersections a new road of each seat may leave from (CAT-24): its own buildings, and the
        ends of its roads where no opponent has built."""
        self._near: dict[int, list[int]] = {}
        self._open: set[int] | None = None
        self._hex_seats: list[set[int]] | None = None

    def copy(self) -> Placement:
        """An independent placement of the same pieces, for a copied game (cheaper than working it out)."""
        other = object.__new__(Placement)
        other.roads, other.buildings = list(self.roads), list(self.buildings)  # a building is replaced, not changed
        other._harbors, other.vp = self._harbors, list(self.vp)
        other.reach, other.kinds = [set(r) for r in self.reach], [set(k) for k in self.kinds]
        other.settled, other.anchors = [list(v) for v in self.settled], [set(a) for a in self.anchors]
        other._near = dict(self._near)  # each list is replaced, never changed
        other._open = self._open  # replaced, never changed
        other._hex_seats = None if self._hex_seats is None else [set(h) for h in self._hex_seats]
        return other

    def add_road(self, p: int, seat: int) -> None:
        """Take in a road just built on an empty path."""
        self.roads[p] = seat
        for v in _PATHS[p]:
            self.reach[seat].add(v)
            here = self.buildings[v]
            if here is None or here[0] == seat:
                self.anchors[seat].add(v)
        self._near.clear()  # the path is no longer empty for anyone

    def add_building(self, v: int, seat: int, level: int) -> None:
        """Take in a settlement just built on an empty intersection (level 1) or a city just
        built on the seat's settlement there (level 2)."""
        self.buildings[v] = [seat, level]
        self.vp[seat] += 1
        if level == 2:
            self.settled[seat].remove(v)
            return
        insort(self.settled[seat], v)
        if v in self._harbors:
            self.kinds[seat].add(self._harbors[v])
        self.reach[seat].add(v)
        for other, anchors in enumerate(self.anchors):
            if other == seat:
                anchors.add(v)
            else:
                anchors.discard(v)  # an opponent's building now cuts through here
        if self._open is not None:
            self._open = self._open - {v, *_NODE_NEIGHBOURS[v]}
        if self._hex_seats is not None:
            for h in _HEX_OF_NODE[v]:
                self._hex_seats[h].add(seat)
        self._near.clear()

    def open_nodes(self) -> set[int]:
        """Empty intersections with no building next to them (CAT-22), whoever may reach them."""
        if self._open is None:
            shut: set[int] = set()
            for v, b in enumerate(self.buildings):
                if b is not None:
                    shut.add(v)
                    shut.update(_NODE_NEIGHBOURS[v])
            self._open = _ALL_NODES - shut
        return self._open

    def near_paths(self, seat: int) -> list[int]:
        """The empty paths a road of the seat would connect to (CAT-24), in path order."""
        near = self._near.get(seat)
        if near is None:
            roads = self.roads
            near = self._near[seat] = sorted({p for v in self.anchors[seat] for p in _NODE_PATHS[v]
                                              if roads[p] is None})
        return near

    def seats_by_hex(self) -> list[set[int]]:
        """The seats with a building on each hex."""
        if self._hex_seats is None:
            self._hex_seats = [set() for _ in GEOMETRY.hexes]
            for v, b in enumerate(self.buildings):
                if b is not None:
                    for h in _HEX_OF_NODE[v]:
                        self._hex_seats[h].add(b[0])
        return self._hex_seats
