"""The Catan table: the pieces and cards the rules count, what the board implies, and the shared
procedures (pay, gain, build, produce) that the moves are made of.

The state is plain lists and dicts so that it is its own JSON (see `StateGame`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, harbor_of_node, new_layout
from games.catan.placement import Placement
from games.catan.roads import longest_road_holder, road_length
from games.core import Event, Rng, StateGame

COSTS: dict[str, tuple[int, ...]] = {
    "road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3), "dev": (0, 0, 1, 1, 1)}
"""CAT-23, in RESOURCES order (brick, lumber, wool, grain, ore)."""
PIECES = {"road": 15, "settlement": 5, "city": 4}
"""CAT-8."""
DEV_DECK = ("knight",) * 14 + ("vp",) * 5 + ("road_building",) * 2 + ("year_of_plenty",) * 2 + ("monopoly",) * 2
"""CAT-7."""
DEV_NAMES = {"knight": "Knight", "vp": "Victory Point", "road_building": "Road Building",
             "year_of_plenty": "Year of Plenty", "monopoly": "Monopoly"}
CARDS_EACH = 19
"""CAT-6: the cards of each resource, bank and hands together."""
WIN_VP = 10
NEWS_KEPT = 6
INDEX = {r: i for i, r in enumerate(RESOURCES)}
"""Resource name -> its place in a hand, the bank and COSTS."""


def affords(hand: list[int], cost: tuple[int, ...]) -> bool:
    return hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3] \
        and hand[4] >= cost[4]


@lru_cache(maxsize=4096)
def affordable(hand: tuple[int, ...]) -> frozenset[str]:
    """What a hand pays for, of COSTS.  Remembered, since the same few hands come up again and again."""
    return frozenset(what for what, cost in COSTS.items() if affords(hand, cost))


@lru_cache(maxsize=4096)
def discards(hand: tuple[int, ...], owed: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of `owed` cards from a hand (CAT-18), as counts in RESOURCES order: each multiset once."""
    def split(i: int, left: int) -> list[tuple[int, ...]]:
        if i == len(hand) - 1:
            return [(left,)] if left <= hand[i] else []
        return [(n, *rest) for n in range(min(left, hand[i]), -1, -1) for rest in split(i + 1, left - n)]
    return tuple(split(0, owed))


def _rate(harbours: set[str], resource: str) -> int:
    """CAT-33: 4:1, 3:1 on a generic harbor, 2:1 on that resource's harbor (`harbours`: the kinds the seat
    has built on)."""
    return 2 if resource in harbours else 3 if "any" in harbours else 4


def named(counts: list[int], *, zeros: bool = False) -> dict[str, int]:
    """Counts in RESOURCES order as resource names and counts (zeros left out unless asked for)."""
    return {r: n for r, n in zip(RESOURCES, counts, strict=True) if n or zeros}


def new_table(num_players: int, seed: int, opts: dict[str, Any]) -> dict[str, Any]:
    """A fresh game state: the board (CAT-1 to CAT-6), the shuffled deck, the start player."""
    rng = Rng(seed)
    layout = new_layout(rng, opts["numbers"])
    deck = list(DEV_DECK)
    rng.shuffle(deck)
    start = rng.randint(0, num_players - 1)  # CAT-10 [policy]: the start player at random
    n = num_players
    s: dict[str, Any] = {
        "n": n, "options": opts, "layout": layout, "robber": layout["terrain"].index("desert"),
        "buildings": [None] * len(GEOMETRY.node_xy), "roads": [None] * len(GEOMETRY.paths),
        "hands": [[0] * 5 for _ in range(n)], "bank": [CARDS_EACH] * 5, "deck": deck,
        "devs": [dict.fromkeys(DEV_NAMES, 0) for _ in range(n)],
        "new_devs": [dict.fromkeys(DEV_NAMES, 0) for _ in range(n)],
        "knights": [0] * n, "played": dict.fromkeys(DEV_NAMES, 0), "dev_played": False,
        "phase": "setup", "setup_step": 0, "setup_node": None,
        "start": start, "active": start, "turn": 0, "discards": {}, "resume": None, "free_roads": 0,
        "offer": None, "next_offer": 1, "longest": None, "road_len": [0] * n, "largest": None,
        "news": [[] for _ in range(n)], "winner": None, "last_roll": None, "rng": rng.to_dict()}
    return s


class TableMixin(StateGame):
    def __init__(self, s: dict[str, Any]) -> None:
        super().__init__(s)
        layout = s["layout"]  # fixed for the whole game, so what it implies is worked out once
        self._harbors = harbor_of_node(layout["harbors"])
        self._yields: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        """Number -> (hex, resource index, its intersections) for each hex with that token."""
        for h, (terrain, token) in enumerate(zip(layout["terrain"], layout["tokens"], strict=True)):
            if token is not None and terrain != "desert":
                self._yields.setdefault(token, []).append((h, INDEX[TERRAIN_YIELD[terrain]], GEOMETRY.hex_nodes[h]))
        self._placed: Placement | None = None
        self._pinned = False
        self._only = [frozenset((t,)) for t in range(self.num_players)]
        """Each seat alone, as `to_move` answers it most of the time (shared: frozensets never change)."""

    # -- reading the position ----------------------------------------------------------------

    def _placement(self) -> Placement:
        """What the pieces imply, rebuilt only when a road or building differs from last time.

        The pieces are compared on every call, since the state may have been edited directly in
        between, except while `legal_actions` or `apply` runs: they compare once and pin it, as
        pieces then move only through `_build` and `_do_build_road`, which keep it up to date.
        """
        s, placed = self.s, self._placed
        if placed is not None and (self._pinned or (s["roads"] == placed.roads
                                                    and s["buildings"] == placed.buildings)):
            return placed  # the pieces are the ones it was worked out from (compared by value)
        placed = self._placed = Placement(self.num_players, s["roads"], s["buildings"], self._harbors)
        return placed

    def _pin(self) -> None:
        """Compare the pieces now and trust the placement until the caller unpins it."""
        self._placement()
        self._pinned = True

    def _count(self, seat: int, level: int) -> int:
        return self.s["buildings"].count([seat, level])

    def public_vp(self, seat: int) -> int:
        s = self.s
        on_board = self._placement().vp[seat]  # 1 a settlement, 2 a city
        return on_board + 2 * (s["longest"] == seat) + 2 * (s["largest"] == seat)

    def vp(self, seat: int) -> int:
        """CAT-38, hidden Victory Point cards included."""
        return self.public_vp(seat) + self.s["devs"][seat]["vp"]

    def rate(self, seat: int, resource: str) -> int:
        return _rate(self._placement().kinds[seat], resource)

    def rates(self, seat: int) -> dict[str, int]:
        """The seat's best rate with the bank for each resource: what the builder and the hand show."""
        kinds = self._placement().kinds[seat]
        return {r: _rate(kinds, r) for r in RESOURCES}

    def robber_victims(self, seat: int, h: int) -> list[int]:
        """CAT-20: opponents with a building on the hex who hold at least one resource card."""
        on_hex = self._placement().seats_by_hex()[h]
        return [o for o in self._robbable(seat) if o in on_hex]

    def _robbable(self, seat: int) -> list[int]:
        """Opponents holding at least one resource card, in seat order."""
        return [o for o, hand in enumerate(self.s["hands"]) if o != seat and sum(hand) > 0]

    def _plenty_choices(self) -> list[list[str]]:
        """CAT-29: any two the bank holds; if it cannot supply two, what it has."""
        bank = self.s["bank"]
        pairs = [[a, RESOURCES[j]] for i, a in enumerate(RESOURCES) for j in range(i, 5)
                 if bank[i] >= 1 + (i == j) and bank[j] >= 1]
        return pairs or [[r] for i, r in enumerate(RESOURCES) if bank[i] >= 1]

    # -- procedures the moves are made of ----------------------------------------------------

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        for i, n in enumerate(cost):
            self.s["hands"][seat][i] -= n
            self.s["bank"][i] += n

    def _gain(self, seat: int, resource: int, n: int) -> None:
        """From the bank to the hand (to the bank when n is negative)."""
        self.s["hands"][seat][resource] += n
        self.s["bank"][resource] -= n

    def _note(self, seat: int, entry: Event) -> None:
        """Private news for one seat, as an event the narrator tells that seat (the engine writes no sentences)."""
        news = self.s["news"][seat]
        news.append(entry)
        del news[:-NEWS_KEPT]

    def _build(self, v: int, seat: int, level: int) -> None:
        """Put a settlement (1) or city (2) on the board, bringing the placement up to date with it
        rather than working it out again."""
        placed = self._placement()
        self.s["buildings"][v] = [seat, level]
        placed.add_building(v, seat, level)

    def _recount_roads(self, seats: set[int]) -> list[Event]:
        """Road lengths of the seats whose roads changed, then who holds Longest Road; its event names who lost
        it ("from"), so that the loser's catch-up tells them first (issue 36)."""
        s = self.s
        for t in seats:
            s["road_len"][t] = road_length(t, s["roads"], s["buildings"])
        holder, lost = longest_road_holder(s["longest"], s["road_len"]), s["longest"]
        if holder == lost:
            return []
        s["longest"] = holder
        return [{"type": "longest_road", "seat": holder, "length": max(s["road_len"]), "from": lost}]

    def _produce(self, number: int) -> Event:
        """CAT-16 and the bank shortage of CAT-17, each resource on its own."""
        s = self.s
        buildings, bank, hands, robber = s["buildings"], s["bank"], s["hands"], s["robber"]
        owed: dict[int, dict[int, int]] = {}
        """Resource index -> seat -> cards owed; only what someone is owed appears."""
        for h, res, nodes in self._yields.get(number, ()):
            if h != robber:
                for v in nodes:
                    b = buildings[v]
                    if b is not None:
                        per = owed.setdefault(res, {})
                        per[b[0]] = per.get(b[0], 0) + b[1]
        short: list[str] = []
        gains: list[dict[str, int]] = [{} for _ in hands]
        for i in sorted(owed):
            per = owed[i]
            if sum(per.values()) > bank[i]:
                short.append(RESOURCES[i])
                per = {t: bank[i] for t in per} if len(per) == 1 else {}  # one taker gets what is left
            for t, n in per.items():
                if n:
                    hands[t][i] += n
                    bank[i] -= n
                    gains[t][RESOURCES[i]] = n
        return {"type": "produce", "number": number, "short": short,
                "gains": {str(t): got for t, got in enumerate(gains) if got}}

    def _play(self, seat: int, card: str) -> None:
        s = self.s
        s["devs"][seat][card] -= 1
        s["played"][card] += 1
        s["dev_played"] = True

    def _win(self, seat: int) -> Event:
        s = self.s
        s["phase"], s["winner"], s["offer"], s["discards"] = "over", seat, None, {}
        return {"type": "won", "seat": seat, "vp": [self.vp(t) for t in range(self.num_players)],
                "vp_cards": [s["devs"][t]["vp"] for t in range(self.num_players)],
                "buildings": self._placement().vp[seat], "longest": s["longest"], "largest": s["largest"]}

