"""The moves of a turn: setup worker, market (ROA-S13, S14), tiles (S16), purchases (S17),
end of turn (S19) and resigning (R28).

Each move type has a `_check_<type>` returning why it is illegal (or None) and a `_do_<type>`;
`candidates` lists what a seat might do and `legal_actions` keeps what the checks let through.
"""

from __future__ import annotations

from typing import Any

from games import grammar
from games.core import Action
from games.roanoke import board as B
from games.roanoke.market import MARKET, MARKET_RES, TITLES
from games.roanoke.table import MAIN, MARKET_PHASE, MAX_HOUSES, MAX_UPGRADES, OVER, RES, SEATS, SETUP, TableMixin

HOUSE_COST = {r: 2 for r in RES}
UPGRADE_COST = {"wood": 4, "metal": 4}
SPLITS = ((2, 0), (1, 1), (0, 2))
MARKET_AT = {name: i for i, name in enumerate(MARKET)}
"""Each market square's place in MARKET, looked up by name."""
MOVES_FROM = tuple(tuple(t for t in MARKET if t != f) for f in MARKET)
"""For each market square (by place), the squares a worker there may move to (ROA-S13)."""
"""The 2 wood/food of a generator, as (wood, food)."""


def generator_cost(res: str, wood: int, food: int) -> dict[str, int]:
    cost = {r: 0 for r in RES}
    cost[res] += 4
    cost["wood"] += wood
    cost["food"] += food
    return cost


NAMES_OF: dict[str, str] = {
    "square": "the square", "from": "the market square the worker leaves", "to": "the market square it goes to",
    "row": "the row", "col": "the column", "mask": "the tile's open edges",
    "res": "the generator's resource", "wood": "the wood you pay", "food": "the food you pay",
    "give": "what you give", "get": "what you get"}
"""What a refusal calls each field: the board's and the panels' words, never the JSON key."""
OFFER_NAMES = {**NAMES_OF, "to": "the seat you offer to"}
BUILT_LEGAL = frozenset({"place", "collect", "market_add", "market_move"})
"""Candidates `legal_actions` does not run through their checkers: `candidates` builds them from the same tests
(placements from `board.placements`, ROA-S5–S7; in the market step, ROA-S13, the collection, a worker added
while none was this turn and the reserve holds one, and a worker's moves from a square it stands on to another)."""

class MovesMixin(TableMixin):
    def afford(self, seat: int, cost: dict[str, int]) -> bool:
        hand = self.player(seat)["hand"]
        return all(hand[r] >= n for r, n in cost.items())

    def _market_index(self, name: Any, what: str) -> tuple[int | None, str | None]:
        i = MARKET_AT.get(name) if isinstance(name, str) else None
        if i is None:
            return None, f"{what[:1].upper()}{what[1:]} must be one of the eight market squares, Food 1 to Wood 2 " \
                         "(ROA-S3)."
        return i, None

    def _own_tile(self, seat: int, square: Any) -> tuple[int | None, str | None]:
        """The square a purchase names, if it is one of your road tiles (starting cross included)."""
        x = B.parse_label(square)
        if x is None:
            return None, f"{square!r} is not a square: name one as A1 … M13 (ROA-S1)."
        cell = self.cell(x)
        if not B.is_road(cell) or cell["owner"] != seat:  # type: ignore[index]
            return None, f"{B.label(x)} is not one of your road tiles (ROA-S17)."
        return x, None

    def _cost_problem(self, seat: int, cost: dict[str, int], what: str) -> str | None:
        hand = self.player(seat)["hand"]
        short = {r: n - hand[r] for r, n in cost.items() if hand[r] < n}
        if short:
            need = ", ".join(f"{n} {r}" for r, n in cost.items() if n)
            lack = ", ".join(f"{n} {r}" for r, n in short.items())
            return f"{what} costs {need}; you are short of {lack} (ROA-S17)."
        return None

    # -- checks ---------------------------------------------------------------------------------------

    def _check_market_add(self, seat: int, a: Action) -> str | None:
        s = self.s
        _i, problem = self._market_index(a["square"], NAMES_OF["square"])
        if problem:
            return problem
        if s["phase"] == SETUP:
            return None
        if s["phase"] != MARKET_PHASE:
            return "Workers are added in the market step, before you collect (ROA-S13)."
        if s["added_worker"]:
            return "You have already added a worker this turn: one per turn (ROA-S13, ROA-R14)."
        if self.player(seat)["reserve"] < 1:
            return "Your reserve is empty: all 10 workers are in the market (ROA-S13, ROA-R14)."
        return None

    def _check_market_move(self, seat: int, a: Action) -> str | None:
        if self.s["phase"] != MARKET_PHASE:
            return "Workers are moved in the market step, before you collect (ROA-S13)."
        i, problem = self._market_index(a["from"], NAMES_OF["from"])
        j, problem2 = self._market_index(a["to"], NAMES_OF["to"])
        if problem or problem2:
            return problem or problem2
        if i == j:
            return "Move the worker to a different square (ROA-S13)."
        if self.s["market"][i][seat] < 1:  # type: ignore[index]
            return f"You have no worker on {TITLES[a['from']]} (ROA-S13)."
        return None

    def _check_collect(self, seat: int, a: Action) -> str | None:
        if self.s["phase"] != MARKET_PHASE:
            return "You have already collected this turn (ROA-S14)."
        return None

    def _check_place(self, seat: int, a: Action) -> str | None:
        s = self.s
        kind = s["drawn_tile"]
        if s["phase"] != MAIN or kind is None:
            return "There is no drawn tile to place (ROA-S16)."
        row, col, mask = a["row"], a["col"], a["mask"]
        if not (0 <= row < B.SIZE and 0 <= col < B.SIZE):
            return "That square is off the board, which runs from A1 to M13 (ROA-S1)."
        if mask not in B.ORIENTATIONS[kind]:
            turns = ", ".join(B.edges_text(m) for m in B.ORIENTATIONS[kind])
            return f"The drawn tile is {grammar.a(kind)}; it can lie open {turns} (ROA-S4)."
        x = B.sq(row, col)
        return B.pave_problem(s["board"], x, seat) or B.fit_problem(s["board"], x, mask, seat)

    def _check_discard(self, seat: int, a: Action) -> str | None:
        if self.s["phase"] != MAIN or self.s["drawn_tile"] is None:
            return "There is no drawn tile to discard (ROA-S16)."
        return None

    def _main_problem(self) -> str | None:
        if self.s["phase"] != MAIN:
            return "Purchases are made in the main step, after you collect (ROA-S17, ROA-R18)."
        return None

    def _purchase_spot(self, seat: int, square: Any) -> tuple[Any, str | None]:
        """Where a purchase goes: in the main step, on one of the buyer's own tiles."""
        problem = self._main_problem()
        return (None, problem) if problem else self._own_tile(seat, square)

    def _check_buy_house(self, seat: int, a: Action) -> str | None:
        x, problem = self._purchase_spot(seat, a["square"])
        if problem:
            return problem
        if self.cell(x)["house"]:  # type: ignore[index, arg-type]
            return f"{B.label(x)} already has a house: one per tile (ROA-R19)."  # type: ignore[arg-type]
        if len(self.pieces(seat, "house")) >= MAX_HOUSES:
            return f"You already own {MAX_HOUSES} houses, the most a player may have (ROA-R19)."
        if self.s["houses_left"] < 1:
            return "All 20 houses are on the board (ROA-R19)."
        return self._cost_problem(seat, HOUSE_COST, "A house")

    def _check_buy_generator(self, seat: int, a: Action) -> str | None:
        x, problem = self._purchase_spot(seat, a["square"])
        if problem:
            return problem
        cell = self.cell(x)  # type: ignore[arg-type]
        if not cell["house"]:  # type: ignore[index]
            return f"A generator goes on one of your houses; {B.label(x)} has none (ROA-S17)."  # type: ignore[arg-type]
        if cell["gen"]:  # type: ignore[index]
            return f"{B.label(x)} already has a generator: one per house (ROA-R20)."  # type: ignore[arg-type]
        if a["res"] not in RES:
            return f"A generator makes one of {', '.join(RES)} (ROA-S17)."
        if (a["wood"], a["food"]) not in SPLITS:
            return "A generator also costs 2 wood or food in any mix: wood+food = 2 (ROA-R20)."
        return self._cost_problem(seat, generator_cost(a["res"], a["wood"], a["food"]), "That generator")

    def _check_buy_road_upgrade(self, seat: int, a: Action) -> str | None:
        x, problem = self._purchase_spot(seat, a["square"])
        if problem:
            return problem
        if self.cell(x)["up"]:  # type: ignore[index, arg-type]
            return f"{B.label(x)} already carries a road upgrade (ROA-S17)."  # type: ignore[arg-type]
        if len(self.pieces(seat, "up")) >= MAX_UPGRADES:
            return f"You already own {MAX_UPGRADES} road upgrades, the most a player may have (ROA-R16)."
        return self._cost_problem(seat, UPGRADE_COST, "A road upgrade")

    def _check_end_turn(self, seat: int, a: Action) -> str | None:
        s = self.s
        if s["phase"] != MAIN:
            return "Collect first: the market step comes before the end of your turn (ROA-S13, ROA-S19)."
        if s["drawn_tile"] is not None:
            return "Place or discard the drawn tile first (ROA-S16, ROA-S19)."
        if s["placements_left"] > 0:
            return "You still have tile placements to resolve (ROA-S19)."
        return None

    def _check_resign(self, seat: int, a: Action) -> str | None:
        if self.s["phase"] == SETUP:
            return "Resign once play has begun, after the setup workers (ROA-R28)."
        return None

    # -- candidates ------------------------------------------------------------------------------

    def candidates(self, seat: int) -> tuple[list[Action], list[Action]]:
        """What the active seat might do, as the BUILT_LEGAL moves, then the moves still to be checked."""
        s = self.s
        phase = s["phase"]
        if phase == SETUP:
            return [{"type": "market_add", "square": m} for m in MARKET], []
        out: list[Action] = []
        rest: list[Action] = []
        if phase == MARKET_PHASE:
            out.append({"type": "collect"})
            if not s["added_worker"] and self.player(seat)["reserve"] >= 1:  # one per turn, from the reserve
                out += [{"type": "market_add", "square": m} for m in MARKET]
            market = s["market"]
            out += [{"type": "market_move", "from": f, "to": t} for i, f in enumerate(MARKET)
                    if market[i][seat] for t in MOVES_FROM[i]]
        elif phase == MAIN:
            kind = s["drawn_tile"]
            if kind is not None:
                out += [{"type": "place", "row": x // B.SIZE, "col": x % B.SIZE, "mask": m}
                        for x, m in B.placements(s["board"], kind, seat)]
                rest.append({"type": "discard"})
            rest.append({"type": "end_turn"})
            rest += self.purchase_candidates(seat)
        rest.append({"type": "resign"})
        return out, rest

    def purchase_candidates(self, seat: int) -> list[Action]:
        board = self.s["board"]
        hand = self.player(seat)["hand"]
        house, upgrade = all(hand[r] >= 2 for r in RES), hand["wood"] >= 4 and hand["metal"] >= 4
        if not (house or upgrade or any(hand[r] >= 4 for r in RES)):
            return []  # nothing affordable (ROA-S17): the board need not be read
        mine = [x for x, c in enumerate(board) if c is not None and c["owner"] == seat and c["kind"] in B.ROAD_KINDS]
        out: list[Action] = []
        if house:
            out += [{"type": "buy_house", "square": B.label(x)} for x in mine if not board[x]["house"]]
        if upgrade:
            out += [{"type": "buy_road_upgrade", "square": B.label(x)} for x in mine if not board[x]["up"]]
        for x in mine:
            if board[x]["house"] and not board[x]["gen"]:
                out += [{"type": "buy_generator", "square": B.label(x), "res": r, "wood": w, "food": f}
                        for r in RES if hand[r] >= 4 for w, f in SPLITS]
        return out

    # -- doing ---------------------------------------------------------------------------------

    def _do_market_add(self, seat: int, a: Action) -> None:
        s = self.s
        i = MARKET_AT[a["square"]]
        s["market"][i][seat] += 1
        self.player(seat)["reserve"] -= 1
        if s["phase"] == SETUP:
            res = MARKET_RES[i]
            self.player(seat)["hand"][res] += 1
            s["pile"][res] -= 1
            self.emit({"type": "setup_worker", "seat": seat, "square": a["square"], "res": res})
            if seat + 1 < SEATS:  # ROA-S11 steps 4-5: setup runs once round the table from seat 0
                s["active"] = seat + 1
            else:
                self.start_season(0)
            return
        s["added_worker"] = True
        self.emit({"type": "worker_added", "seat": seat, "square": a["square"]})

    def _do_market_move(self, seat: int, a: Action) -> None:
        m = self.s["market"]
        m[MARKET_AT[a["from"]]][seat] -= 1
        m[MARKET_AT[a["to"]]][seat] += 1
        self.emit({"type": "worker_moved", "seat": seat, "from": a["from"], "to": a["to"]})

    def _do_collect(self, seat: int, a: Action) -> None:
        """ROA-S14 / S15 / S16: income capped by the pile, then MAIN with its placements fixed."""
        s = self.s
        entitled = self.income(seat)
        received = {r: min(n, s["pile"][r]) for r, n in entitled.items()}
        for r, n in received.items():
            s["pile"][r] -= n
            self.player(seat)["hand"][r] += n
        self.emit({"type": "collected", "seat": seat, "entitled": entitled, "received": received})
        s["phase"] = MAIN
        s["placements_left"] = 1 + min(MAX_UPGRADES, self.class_upgrades(seat))
        self.draw_next()

    def _do_place(self, seat: int, a: Action) -> None:
        """ROA-S5…S8: the tile goes down (over a paved one, which is discarded); the event says which colonies it
        linked to the placer's link class and which nodes it brought into the placer's super-road."""
        s = self.s
        x = B.sq(a["row"], a["col"])
        old = s["board"][x]
        paved = None
        if old is not None:
            s["discard"].append(B.KIND_OF_MASK[old["mask"]])
            paved = {"owner": old["owner"], "upgrade_lost": old["up"]}
        s["board"][x] = {"kind": "road", "mask": a["mask"], "owner": seat, "house": False, "gen": None, "up": False}
        kind = s["drawn_tile"]
        s["drawn_tile"] = None
        s["placements_left"] -= 1
        linked, reached = set(self.link_class(seat)), set(self.nodes_reached(seat))
        self.recompute_networks()
        self.emit({"type": "placed", "seat": seat, "square": B.label(x), "tile": kind, "mask": a["mask"],
                   "paved": paved, "linked": [y for y in self.link_class(seat) if y not in linked],
                   "reached": [B.label(y) for y in self.nodes_reached(seat) if y not in reached]})
        self.draw_next()

    def _do_discard(self, seat: int, a: Action) -> None:
        s = self.s
        kind = s["drawn_tile"]
        s["discard"].append(kind)
        s["drawn_tile"] = None
        s["placements_left"] -= 1
        self.emit({"type": "discarded", "seat": seat, "tile": kind})
        self.draw_next()

    def _do_buy_house(self, seat: int, a: Action) -> None:
        x = B.parse_label(a["square"])
        self.pay(seat, HOUSE_COST)
        self.s["board"][x]["house"] = True
        self.s["houses_left"] -= 1
        self.emit({"type": "bought", "seat": seat, "what": "house", "square": a["square"]})

    def _do_buy_generator(self, seat: int, a: Action) -> None:
        """ROA-R20: one of the 4 paid chits stays under the house as the marker."""
        x = B.parse_label(a["square"])
        res = a["res"]
        self.pay(seat, generator_cost(res, a["wood"], a["food"]))
        self.s["pile"][res] -= 1
        self.s["board"][x]["gen"] = res
        self.emit({"type": "bought", "seat": seat, "what": "generator", "square": a["square"], "res": res})

    def _do_buy_road_upgrade(self, seat: int, a: Action) -> None:
        x = B.parse_label(a["square"])
        self.pay(seat, UPGRADE_COST)
        self.s["board"][x]["up"] = True
        self.emit({"type": "bought", "seat": seat, "what": "road upgrade", "square": a["square"]})

    def _do_end_turn(self, seat: int, a: Action) -> None:
        if self.s["offer"] is not None:
            self.close_offer("cancelled")
        self.emit({"type": "turn_ended", "seat": seat})
        self.next_turn()

    def _do_resign(self, seat: int, a: Action) -> None:
        """ROA-R28: elimination at once; the hand passes left; the turn passes on if it was theirs."""
        s = self.s
        was_active = s["active"] == seat
        if was_active and s["drawn_tile"] is not None:
            s["discard"].append(s["drawn_tile"])
            s["drawn_tile"] = None
        self.eliminate([seat], "resigned")
        if was_active and s["phase"] != OVER:
            self.next_turn()
