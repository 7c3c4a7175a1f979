"""The Small Islands table: setup (B5.2), the round flow (B5.3) and the end (B5.5).

The whole state is one JSON dict `self.s`.  Every procedure that changes the table appends
events to `self.events`.  Events never name a hidden thing: tiles drawn into a hand,
objective cards and discovery tokens are reported by count only.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng, StateGame, clone
from games.small_islands import islands as I
from games.small_islands import rewards as R
from games.small_islands.data import (
    BONUS_TOKENS,
    DISCOVERY,
    FACES,
    HAND_SIZE,
    HELD_CARDS,
    HOUSES_RESERVE,
    HOUSES_START,
    LANDSCAPE,
    MISSIONS,
    NAV_SIZE,
    OBJECTIVES,
    REWARDS,
    ROW_SIZE,
    SEA_RING,
    SHIPS,
    STARTING,
)
from games.small_islands.memo import IslandMemo, MapMemo, land_bits, turned
from games.small_islands.names import cell_name
from games.small_islands.tiles import (
    AROUND,
    cell_of,
    key,
    placement_problem,
    rotate,
)

SETUP, PREP, TURN, STUCK, PLACE, BONUS, HOUSES, KEEP, OVER = (
    "setup", "prep", "turn", "stuck", "place", "bonus", "houses", "keep", "over")
"""Steps of play.  TURN/STUCK/PLACE/BONUS make up the EXPLORE phase, HOUSES/KEEP the REWARD phase."""
PHASE = {SETUP: "setup", PREP: "prep", TURN: "explore", STUCK: "explore", PLACE: "explore", BONUS: "explore",
         HOUSES: "reward", KEEP: "reward", OVER: "end"}
EXPLORE_STEPS = frozenset({TURN, STUCK, PLACE, BONUS})


def kinds(mode: str) -> tuple[str, ...]:
    """The card decks in play: objectives (normal) or missions and rewards (advanced, B3.4)."""
    return ("objective",) if mode == "normal" else ("mission", "reward")


def new_player() -> dict[str, Any]:
    """B5.2 step 1: 4 houses in hand, 4 in reserve, 4 bonus tokens, the coloured ship."""
    return {"hand": [], "houses_hand": HOUSES_START, "houses_reserve": HOUSES_RESERVE, "houses_played": 0,
            "bonus_left": BONUS_TOKENS, "pp": 0, "discovery": [], "own_ship": True, "last_tile": 0,
            "held": {}, "now": {}, "chosen": False}


def new_state(n: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    rng = Rng(seed)
    reserve = list(LANDSCAPE)
    rng.shuffle(reserve)                                            # B5.2 step 3
    pool = sorted(DISCOVERY)
    rng.shuffle(pool)                                               # B5.2 step 6
    mode = options["mode"]
    decks: dict[str, list[str]] = {}
    for kind in kinds(mode):
        deck = sorted(OBJECTIVES) if kind == "objective" else sorted(MISSIONS) if kind == "mission" \
            else sorted(REWARDS)
        rng.shuffle(deck)                                           # B5.2 step 7
        decks[kind] = deck
    first = rng.randint(0, n - 1)                                   # B5.2 step 0
    players = [new_player() for _ in range(n)]
    s: dict[str, Any] = {
        "n": n, "options": dict(options), "mode": mode, "step": SETUP, "round": 0, "first_player": first,
        "current": first, "lander": None, "reward_seat": None, "reward_count": 0, "grid": {}, "islands": {},
        "next_island": 1, "placements": 0, "reserve": reserve, "nav": [], "row": [], "box": [],
        "grey_ships": SHIPS - n, "ships_placed": 0, "discovery_pool": pool, "decks": decks, "pending": None,
        "revealed": {}, "start_left": list(STARTING), "ending": None, "end": None, "players": players,
        "log": [], "rng": rng.to_dict()}
    for _ in range(ROW_SIZE):                                       # B5.2 step 4
        s["row"].append(s["reserve"].pop(0))
    for p in players:                                               # B5.2 step 5
        for _ in range(HAND_SIZE):
            p["hand"].append(s["reserve"].pop(0))
        for kind in kinds(mode):                                    # B5.2 step 7
            p["held"][kind] = [decks[kind].pop(0)]
            p["now"][kind] = None
    return s


class TableMixin(StateGame):
    """The table's lookups and procedures on the state dict: setup, rounds, rewards and the end."""

    _mine: set[str] | None = None
    """The grid keys of the tiles this game may change in place: None while it shares no tile with a copy (made
    by `new` or `from_dict`), else those it has cloned since (`tile_to_change`)."""
    _map: MapMemo | None = None
    """The map's memo (`map_memo`), once asked for."""
    _islands: IslandMemo | None = None
    """The islands' memo (`island_memo`), once asked for."""

    # -- copies -------------------------------------------------------------------------------

    def copy(self) -> Any:
        """`StateGame.copy` but for the map's tiles, which the two games share (a search copies the game at
        every step, and the map is most of the state) until one of them changes a tile: it clones it first."""
        self._mine = set()
        other = super().copy()
        other._mine = set()
        return other

    def copied_state(self) -> dict[str, Any]:
        """A deep copy of the state but for its fixed keys and the map's tiles (see `copy`)."""
        s = self.s
        fixed = self.fixed
        rest = clone({k: v for k, v in s.items() if k != "grid" and k not in fixed})
        return {k: dict(v) if k == "grid" else v if k in fixed else rest[k] for k, v in s.items()}

    def tile_to_change(self, k: str) -> dict[str, Any]:
        """The tile at grid key k, to change in place: cloned first while a copy may share it."""
        tile = self.grid[k]
        mine = self._mine
        if mine is not None and k not in mine:
            tile = self.grid[k] = clone(tile)
            mine.add(k)
        return tile

    # -- lookups ------------------------------------------------------------------------------

    def player(self, seat: int) -> dict[str, Any]:
        return self.s["players"][seat]

    @property
    def grid(self) -> dict[str, Any]:
        return self.s["grid"]

    def mission_reward(self, seat: int) -> tuple[str | None, str | None]:
        """The mission and reward a player plays this round (its "now" card or cards)."""
        now = self.player(seat)["now"]
        if self.s["mode"] == "normal":
            card = now.get("objective")
            return (OBJECTIVES[card]["mission"], OBJECTIVES[card]["reward"]) if card else (None, None)
        return now.get("mission"), now.get("reward")

    def island_memo(self) -> IslandMemo:
        """The islands' statistics and who may build where, remembered until a tile, house or token changes them;
        a copy shares them until then."""
        stamp = self._island_stamp()
        memo = self._islands
        if memo is None or memo.stamp != stamp:
            memo = self._islands = IslandMemo(stamp)
        return memo

    def _island_stamp(self) -> tuple[int, int, int, int]:
        s = self.s
        houses = bonus = 0
        for p in s["players"]:  # one loop, not two sums of comprehensions: asked several times a house
            houses += p["houses_played"]
            bonus += p["bonus_left"]
        return s["placements"], len(s["grid"]), houses, bonus

    def house_built(self, island: str) -> None:
        """A house has just gone on this island: the other islands' statistics still hold."""
        memo = self._islands
        placements, tiles, houses, bonus = stamp = self._island_stamp()
        if memo is not None and memo.stamp == (placements, tiles, houses - 1, bonus):
            self._islands = memo.after_house(island, stamp)

    def island_stats(self, island: str) -> dict[str, Any]:
        """`islands.stats` of one island, remembered with the islands.  Read it, never change it."""
        return self.island_memo().stats_of(island, self.s)

    def ship_ports(self, seat: int) -> int:
        """B5.5: ports (printed and tokens) on the 8 cells around the player's own coloured ship."""
        grid = self.grid
        for k, t in grid.items():
            if t["ship"] == seat:
                x, y = cell_of(k)
                return sum(I.port_count(u) for dx, dy in AROUND
                           if (u := grid.get(key(x + dx, y + dy))) is not None)
        return 0

    def discovery_pp(self, seat: int) -> int:
        return sum(DISCOVERY[t] for t in self.player(seat)["discovery"])

    def score(self, seat: int) -> int:
        """B5.5 final score: reward PP, kept discovery tokens, ports around the own ship."""
        return self.player(seat)["pp"] + self.discovery_pp(seat) + self.ship_ports(seat)

    def map_memo(self) -> MapMemo:
        """The map's tiles and open cells (B2), remembered until the map changes; a copy shares them until then."""
        grid = self.s["grid"]
        stamp = (self.s["placements"], len(grid))
        memo = self._map
        if memo is None or memo.stamp != stamp:
            if memo is not None and memo.stamp == (stamp[0] - 1, stamp[1] - 1):
                placed = next(reversed(grid))
                memo = memo.placed(placed, grid[placed], stamp)
            else:
                memo = MapMemo.read(grid, stamp)
            self._map = memo
        return memo

    def fitting(self, ring: str) -> list[tuple[int, int]]:
        """The open cells where a tile showing this (rotated) ring fits (B2), row by row.  Read it, never change
        it."""
        return self.map_memo().cells_for(land_bits(ring))

    def placement_problem(self, x: int, y: int, ring: str) -> str | None:
        """B2 rules 1 and 2 for a tile with this (rotated) ring at (x, y); None if it may go there."""
        if self.map_memo().fits(x, y, ring):
            return None
        return placement_problem(self.grid, x, y, ring, cell_name(x, y, self.grid))

    def ship_cells(self) -> list[tuple[int, int]]:
        """Cells where a ship tile may go: the same rules 1 and 2 as any tile (B2 ship placement)."""
        return self.fitting(SEA_RING)  # the cells that need no land

    def ships_for(self, seat: int) -> list[str]:
        """B5.3 Land: the ships this player may choose now ("own" coloured, "grey")."""
        if self.s["nav"]:
            return []
        out = ["own"] if self.player(seat)["own_ship"] else []
        return out + (["grey"] if self.s["grey_ships"] > 0 else [])

    def can_land(self, seat: int) -> bool:
        return bool(self.ships_for(seat)) and bool(self.ship_cells())

    def any_placement(self, tiles: list[str]) -> bool:
        """B5.3 Explore step 3: does any of these tiles fit anywhere, in any rotation?"""
        memo = self.map_memo()  # the cells it finds are those the placements list next
        return any(memo.cells_for(bits) for t in tiles for bits in turned(FACES[t]["ring"]))

    # -- putting things on the map ------------------------------------------------------------

    def put_tile(self, x: int, y: int, face: str, rot: int, seat: int | None = None) -> str:
        """A landscape or starting tile on the map, joined to its island (checked by the caller)."""
        f = FACES[face]
        k = key(x, y)
        self.s["placements"] += 1
        self.grid[k] = {"tile": face, "rot": rot, "ring": rotate(f["ring"], rot), "res": list(f["resources"]),
                        "covered": [None] * len(f["resources"]), "res_tokens": [], "temple": f["temple"],
                        "ports": f["port"], "port_tokens": [], "symbols": f["house"], "houses": [],
                        "ship": None, "island": None, "order": self.s["placements"]}
        I.join(self.s, k, self.tile_to_change)
        if seat is not None:
            self.player(seat)["last_tile"] = self.s["placements"]
        return k

    def put_ship(self, x: int, y: int, owner: int | str, seat: int) -> None:
        self.s["placements"] += 1
        self.grid[key(x, y)] = {"tile": "ship", "rot": 0, "ring": SEA_RING, "res": [], "covered": [],
                                "res_tokens": [], "temple": 0, "ports": 0, "port_tokens": [], "symbols": 0,
                                "houses": [], "ship": owner, "island": None, "order": self.s["placements"]}
        self.s["ships_placed"] += 1
        self.player(seat)["last_tile"] = self.s["placements"]

    # -- drawing ------------------------------------------------------------------------------

    def draw_reserve(self) -> str | None:
        """The top reserve tile, or None: the reserve is empty and the game must end (B5.5 b)."""
        return self.s["reserve"].pop(0) if self.s["reserve"] else None

    # -- the round (B5.3) --------------------------------------------------------------------

    def start_round(self) -> None:
        s = self.s
        s["round"] += 1
        s["revealed"] = {}
        s["lander"] = None
        s["reward_seat"] = None
        self.events.append({"type": "round", "round": s["round"], "seat": s["first_player"]})
        for _ in range(NAV_SIZE):                                   # PREP 1
            tile = self.draw_reserve()
            if tile is None:
                self.end_game("reserve")
                return
            s["nav"].append(tile)
        self.events.append({"type": "nav", "count": len(s["nav"])})
        s["step"] = PREP
        for seat, p in enumerate(s["players"]):                      # PREP 2
            p["chosen"] = False
            drawn = 0
            for kind in kinds(s["mode"]):
                deck = s["decks"][kind]
                while len(p["held"][kind]) < HELD_CARDS and deck:
                    p["held"][kind].append(deck.pop(0))
                    drawn += 1
            self.events.append({"type": "cards_drawn", "seat": seat, "count": drawn})

    def all_chosen(self) -> None:
        s = self.s
        s["current"] = s["first_player"]
        self.events.append({"type": "explore", "round": s["round"]})
        self.start_turn()

    def start_turn(self) -> None:
        s = self.s
        seat = s["current"]
        if not s["row"] and not self.can_land(seat):                # B5.5 (c)
            self.abort("row_empty")
            return
        s["step"] = TURN
        self.events.append({"type": "turn", "seat": seat})

    def after_take(self, seat: int) -> None:
        """Step 3 of Explore: go on to placing, or the stuck rule when no hand tile fits."""
        hand = self.player(seat)["hand"]
        if self.any_placement(hand):
            self.s["step"] = PLACE
        else:
            self.s["step"] = STUCK
            self.events.append({"type": "stuck", "seat": seat, "hand": sorted(hand)})

    def end_turn(self) -> None:
        """Explore step 5: refill the row from the Navigation stack, else the reserve; next player."""
        s = self.s
        if s["nav"]:
            tile, source = s["nav"].pop(0), "nav"
        else:
            tile, source = self.draw_reserve(), "reserve"
            if tile is None:
                self.abort("reserve")
                return
        s["row"].append(tile)
        self.events.append({"type": "refilled", "tile": tile, "source": source, "nav_left": len(s["nav"])})
        s["current"] = (s["current"] + 1) % s["n"]
        self.start_turn()

    def abort(self, reason: str) -> None:
        """B5.5 (b)/(c): the game ends at once, or with this round's reward phase under `reward_on_abort`."""
        s = self.s
        if s["options"].get("reward_on_abort") and s["step"] in EXPLORE_STEPS and s["ending"] is None:
            s["ending"] = reason
            self.events.append({"type": "aborting", "reason": reason})
            self.begin_reward(s["current"])
            return
        self.end_game(reason)

    # -- the reward phase ----------------------------------------------------------------------

    def begin_reward(self, lander: int) -> None:
        s = self.s
        s["lander"] = lander
        s["reward_count"] = 0
        s["pending"] = None
        self.next_reward_turn()

    def next_reward_turn(self) -> None:
        """REWARD: each player in turn from the lander reveals the objective and places houses."""
        s = self.s
        while s["reward_count"] < s["n"]:
            seat = (s["lander"] + s["reward_count"]) % s["n"]
            s["reward_seat"] = seat
            s["step"] = HOUSES
            if str(seat) not in s["revealed"]:                      # REWARD 1
                now = dict(self.player(seat)["now"])
                s["revealed"][str(seat)] = now
                self.events.append({"type": "revealed", "seat": seat, "cards": now})
            if self.can_house(seat):
                return
            self.events.append({"type": "no_house", "seat": seat, **self.no_house_why(seat)})
            self.close_reward_turn(seat)
        self.end_round()

    def close_reward_turn(self, seat: int) -> None:
        """REWARD 4 and 5: refill the house hand from the reserve; the used cards go back and are shuffled."""
        s = self.s
        p = self.player(seat)
        moved = min(HOUSES_START - p["houses_hand"], p["houses_reserve"])
        p["houses_hand"] += moved
        p["houses_reserve"] -= moved
        for kind, card in p["now"].items():
            if card is not None:
                s["decks"][kind].append(card)
                self.rng.shuffle(s["decks"][kind])
                p["now"][kind] = None
        self.events.append({"type": "reward_done", "seat": seat, "refilled": moved})
        s["reward_count"] += 1

    def house_islands(self, seat: int) -> list[list[str]]:
        """REWARD 2: the islands (their cells) on which this player's mission would let a house go as the map
        stands: 2 tiles or more, the mission met, a free house symbol and no house of theirs yet."""
        mission, _reward = self.mission_reward(seat)
        if mission is None:
            return []
        s = self.s
        memo = self.island_memo()
        ids = memo.open_to.get((seat, mission))
        if ids is None:
            ids = memo.open_to[(seat, mission)] = []
            for island in memo.islands(s):
                st = memo.stats_of(island, s)
                if seat not in st["houses"] and st["symbols"] > len(st["houses"]) and R.satisfies(mission, st):
                    ids.append(island)
        return [s["islands"][island] for island in ids]

    def no_house_why(self, seat: int) -> dict[str, Any]:
        """Why a player with no house choice at the reward builds none: no house in hand, or no island meets the
        mission (B5.3 REWARD 2); the mission is public by then, revealed in REWARD 1."""
        if self.player(seat)["houses_hand"] < 1:
            return {"why": "no_houses"}
        return {"why": "mission", "mission": self.mission_reward(seat)[0]}

    def can_house(self, seat: int) -> bool:
        """Has `house_choices` any choice?  An island open to a house holds a tile with a free house symbol, since
        no tile holds more houses than symbols."""
        return self.player(seat)["houses_hand"] >= 1 and self.mission_reward(seat)[1] is not None \
            and bool(self.house_islands(seat))

    def house_choices(self, seat: int) -> list[dict[str, Any]]:
        """REWARD 2: every (tile, resource) where this player may put a house now."""
        p = self.player(seat)
        _mission, reward = self.mission_reward(seat)
        if p["houses_hand"] < 1 or reward is None:
            return []
        out = []
        for cells in self.house_islands(seat):
            for k in cells:
                t = self.grid[k]
                if t["symbols"] > len(t["houses"]):
                    x, y = cell_of(k)
                    if R.is_choice(reward):
                        out += [{"type": "house", "x": x, "y": y, "resource": r} for r in ("flower", "fruit", "leaf")]
                    else:
                        out.append({"type": "house", "x": x, "y": y})
        return out

    def end_round(self) -> None:
        s = self.s
        if s["ending"] is not None:
            self.end_game(s["ending"])
        elif s["ships_placed"] >= SHIPS:                             # B5.5 (a)
            self.end_game("ships")
        else:
            s["first_player"] = s["lander"]
            self.start_round()

    def end_game(self, reason: str) -> None:
        s = self.s
        s["step"] = OVER
        s["end"] = reason
        s["pending"] = None
        self.events.append({"type": "game_over", "reason": reason,
                            "scores": [self.score(i) for i in range(s["n"])],
                            "discovery": [self.discovery_pp(i) for i in range(s["n"])],
                            "prestige": [self.player(i)["pp"] for i in range(s["n"])],
                            "ports": [self.ship_ports(i) for i in range(s["n"])]})
