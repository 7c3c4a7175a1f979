"""Every action of Small Islands: one `_check_<type>` (why it is illegal, citing the rules, or
None) and one `_do_<type>` per action type, and the candidates `legal_actions` filters.

The listed moves and the accepted moves cannot drift apart: `legal_actions` keeps only
the candidates that the checkers let through, and `apply` runs the same checkers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from games.core import TEXT, WHOLE, Action, Field, fields_problem, kind_problem
from games.grammar import plural
from games.small_islands import islands as I
from games.small_islands import rewards as R
from games.small_islands.data import FACES, RESOURCES, SEA_RING
from games.small_islands.memo import turned
from games.small_islands.names import cell_name
from games.small_islands.table import BONUS, HOUSES, KEEP, PLACE, PREP, SETUP, STUCK, TURN, TableMixin, kinds
from games.small_islands.tiles import frontier, key, rotate

STEP_OF = {"start_tile": SETUP, "choose": PREP, "take": TURN, "land": TURN, "discard": STUCK, "place": PLACE,
           "port": BONUS, "convert": BONUS, "no_bonus": BONUS, "house": HOUSES, "done": HOUSES, "keep": KEEP}
"""The step in which each action type is played."""
NAMES_OF: dict[str, str] = {
    "tile": "the tile", "side": "the side (A or B)", "rot": "the turn of the tile", "x": "the cell's column",
    "y": "the cell's row", "icon": "the resource icon", "to": "the resource it becomes",
    "now": "this round's objective", "next": "next round's objective", "mission": "this round's mission",
    "reward": "this round's reward", "next_mission": "next round's mission", "next_reward": "next round's reward",
    "resource": "the resource you name", "ship": "the ship (yours or a grey one)", "token": "the discovery token"}
"""What a refusal calls each field: the picture's and the panels' words, never the JSON key."""
OTHER_RESOURCES = {now: tuple(r for r in RESOURCES if r != now) for now in RESOURCES}
"""What a resource token may turn each resource icon into (B3.3), in the order of `RESOURCES`."""
CHECKED = frozenset({SETUP})
"""The steps whose candidates (start tiles) `legal_actions` runs through their checkers: `candidates` builds every
other step's from the same tests its checker applies (a hand's tile, a fitting cell, a free house symbol, two of
the cards held by a seat that has not chosen yet)."""
INT_FIELDS = frozenset({"x", "y", "rot", "icon"})
WAITING = {SETUP: "the first player to arrange the starting tiles (B5.2 step 2)",
           PREP: "every player to choose objectives (B5.3 PREP 2)",
           TURN: "the player to Explore or Land (B5.3 EXPLORE)",
           STUCK: "the player to discard a hand tile, since none fits (B5.3 Explore step 3)",
           PLACE: "the player to place a tile from the hand (B5.3 Explore step 2)",
           BONUS: "the player to place a bonus token or pass (B5.3 Explore step 4)",
           HOUSES: "the player to place houses or finish (B5.3 REWARD 2)",
           KEEP: "the player to keep one discovery token (B5.3 REWARD 3)"}


def fields_of(mode: str, kind: str, reward: str | None = None) -> tuple[str, ...]:
    """The exact fields (besides "type") each action type takes."""
    if kind == "choose":
        return ("now", "next") if mode == "normal" else ("mission", "reward", "next_mission", "next_reward")
    if kind == "house":
        return ("x", "y", "resource") if reward is not None and R.is_choice(reward) else ("x", "y")
    return {"start_tile": ("tile", "side", "rot", "x", "y"), "take": ("tile",), "discard": ("tile",),
            "place": ("tile", "rot", "x", "y"), "port": ("x", "y"), "convert": ("x", "y", "icon", "to"),
            "no_bonus": (), "land": ("ship", "x", "y"), "done": (), "keep": ("token",)}[kind]


@lru_cache(maxsize=256)
def field_specs(mode: str, kind: str, reward: str | None = None) -> dict[str, Field]:
    """`fields_of` with the JSON type of each field, as `fields_problem` asks them.  Read it, never change it."""
    return {name: WHOLE if name in INT_FIELDS else TEXT for name in fields_of(mode, kind, reward)}


def choose_keys(mode: str) -> list[tuple[str, str, str]]:
    """(deck kind, "now" field, "next" field) of the choose action."""
    if mode == "normal":
        return [("objective", "now", "next")]
    return [("mission", "mission", "next_mission"), ("reward", "reward", "next_reward")]


class MovesMixin(TableMixin):
    # -- the shape of an action --------------------------------------------------------------

    def shape_problem(self, seat: int, a: Any) -> str | None:
        if problem := kind_problem(a, STEP_OF, "Small Islands", "action"):
            return problem
        kind = a["type"]
        reward = self.mission_reward(seat)[1] if kind == "house" and 0 <= seat < self.s["n"] else None
        want = field_specs(self.s["mode"], kind, reward)
        if kind == "house" and (set(a) - {"type"}) ^ set(want) == {"resource"}:
            return ("Your reward lets you name a resource for each island: name flower, fruit or leaf (B3.4 RW08)."
                    if "resource" in want else "Your reward names no resource: leave the resource out.")
        return fields_problem(a, want, noun="action", names=NAMES_OF)

    # -- checks -------------------------------------------------------------------------------

    def _check_start_tile(self, seat: int, a: Action) -> str | None:
        if a["tile"] not in self.s["start_left"]:
            return f"{a['tile']} is not a starting tile still to place (B3.3)."
        if a["side"] not in ("A", "B"):
            return "A starting tile has side A or side B (B3.3)."
        if not 0 <= a["rot"] <= 3:
            return "Rotation is 0 to 3 quarter-turns clockwise (B2)."
        if not self.grid:
            first = (a["x"], a["y"]) == (0, 0)
            return None if first else "The first starting tile goes at A1, the only cell of the empty map."
        return self.placement_problem(a["x"], a["y"], rotate(FACES[a["tile"] + a["side"]]["ring"], a["rot"]))

    def _check_choose(self, seat: int, a: Action) -> str | None:
        p = self.player(seat)
        if p["chosen"]:
            return "You have already chosen this round (B5.3 PREP 2)."
        for kind, now, nxt in choose_keys(self.s["mode"]):
            held = p["held"][kind]
            if a[now] not in held or a[nxt] not in held:
                return f"Choose your {kind} cards among those you hold: {', '.join(held)} (B5.3 PREP 2)."
            if a[now] == a[nxt]:
                return f"Your {kind} for now and for next round must be two different cards (B5.3 PREP 2)."
        return None

    def _check_take(self, seat: int, a: Action) -> str | None:
        if a["tile"] not in self.s["row"]:
            return f"{a['tile']} is not in the face-up row; the row holds {', '.join(self.s['row'])} (B5.3 Explore 1)."
        return None

    def _check_discard(self, seat: int, a: Action) -> str | None:
        if a["tile"] not in self.player(seat)["hand"]:
            return f"{a['tile']} is not in your hand (B5.3 Explore step 3)."
        return None

    def _check_place(self, seat: int, a: Action) -> str | None:
        if a["tile"] not in self.player(seat)["hand"]:
            return f"{a['tile']} is not in your hand (B5.3 Explore step 2)."
        if not 0 <= a["rot"] <= 3:
            return "Rotation is 0 to 3 quarter-turns clockwise (B2)."
        return self.placement_problem(a["x"], a["y"], rotate(FACES[a["tile"]]["ring"], a["rot"]))

    def _bonus_target(self, seat: int, a: Action) -> tuple[dict[str, Any] | None, str | None]:
        if self.player(seat)["bonus_left"] < 1:
            return None, "You have no bonus token left (B3.3)."
        tile = self.grid.get(key(a["x"], a["y"]))
        if tile is None:
            return None, f"There is no tile at {cell_name(a['x'], a['y'], self.grid)}."
        if not I.is_land(tile):
            return None, "Bonus tokens go on landscape tiles, not on ships (B3.3)."
        return tile, None

    def _check_port(self, seat: int, a: Action) -> str | None:
        tile, problem = self._bonus_target(seat, a)
        if tile is None:
            return problem
        if not I.coastal(tile):
            return "A port goes only on a coastal tile; this tile is all land (B2 coast, B3.3)."
        if I.port_count(tile) >= 2:
            return "This tile already has 2 ports, the most a tile may hold (B2, B3.3)."
        return None

    def _check_convert(self, seat: int, a: Action) -> str | None:
        tile, problem = self._bonus_target(seat, a)
        if tile is None:
            return problem
        if not 0 <= a["icon"] < len(tile["res"]):
            return (f"This tile has {plural(len(tile['res']), 'resource icon')}; a resource token must cover one "
                    "of them (B3.3).")
        if a["to"] not in RESOURCES:
            return "A resource token shows flower, fruit or leaf (B3.3)."
        if tile["res"][a["icon"]] == a["to"]:
            return f"That icon already shows {a['to']}; the token must change it (B3.3)."
        return None

    def _check_no_bonus(self, seat: int, a: Action) -> str | None:
        return None

    def _check_land(self, seat: int, a: Action) -> str | None:
        s = self.s
        if s["nav"]:
            return (f"You may land only once the Navigation stack is empty; it still holds "
                    f"{plural(len(s['nav']), 'tile')} (B5.3 Land).")
        if a["ship"] == "own":
            if not self.player(seat)["own_ship"]:
                return "Your coloured ship has already landed (B5.3 Land)."
        elif a["ship"] == "grey":
            if s["grey_ships"] < 1:
                return "No grey ship is left (B3.3, B5.3 Land)."
        else:
            return 'Choose the ship "own" (your colour) or "grey" (B5.3 Land).'
        return self.placement_problem(a["x"], a["y"], SEA_RING)

    def _check_house(self, seat: int, a: Action) -> str | None:
        p = self.player(seat)
        if p["houses_hand"] < 1:
            return "You have no house left in hand this round (B5.3 REWARD 2)."
        tile = self.grid.get(key(a["x"], a["y"]))
        if tile is None or not I.is_land(tile):
            return f"There is no island tile at {cell_name(a['x'], a['y'], self.grid)}."
        if len(self.s["islands"][tile["island"]]) < 2:
            return "Houses go on islands of at least 2 tiles, not on an islet (B2 islet, B5.3 REWARD 2)."
        st = self.island_stats(tile["island"])
        if seat in st["houses"]:
            return "You already have a house on this island: one house per island per player (B5.3 REWARD 2)."
        mission, reward = self.mission_reward(seat)
        assert mission is not None and reward is not None
        if not R.satisfies(mission, st):
            return f"This island does not satisfy your mission: {R.MISSIONS[mission]['text']} (B5.3 REWARD 2)."
        if tile["symbols"] < 1:
            return "This tile has no house symbol; houses go on empty house symbols (B5.3 REWARD 2)."
        if len(tile["houses"]) >= tile["symbols"]:
            return "That house symbol is taken: a symbol holds one house (B3.1, B5.3 REWARD 2)."
        if "resource" in a and a["resource"] not in RESOURCES:
            return "Name flower, fruit or leaf for this reward (B3.4 RW08)."
        return None

    def _check_keep(self, seat: int, a: Action) -> str | None:
        if a["token"] not in self.s["pending"]["drawn"]:
            return "Keep one of the discovery tokens you drew (B3.4 RW07)."
        return None

    def _check_done(self, seat: int, a: Action) -> str | None:
        return None

    # -- candidates ---------------------------------------------------------------------------

    def candidates(self, seat: int) -> list[Action]:
        s = self.s
        step = s["step"]
        p = self.player(seat)
        if step == SETUP:
            cells = frontier(self.grid) if self.grid else [(0, 0)]
            return [{"type": "start_tile", "tile": t, "side": side, "rot": q, "x": x, "y": y}
                    for t in s["start_left"] for side in ("A", "B") for q in range(4) for x, y in cells]
        if step == PREP:
            picks = [list(permutations(p["held"][k], 2)) for k in kinds(s["mode"])]
            if s["mode"] == "normal":
                return [{"type": "choose", "now": a, "next": b} for a, b in picks[0]]
            return [{"type": "choose", "mission": m1, "reward": r1, "next_mission": m2, "next_reward": r2}
                    for m1, m2 in picks[0] for r1, r2 in picks[1]]
        if step == TURN:
            out: list[Action] = [{"type": "take", "tile": t} for t in s["row"]]
            ships = self.ships_for(seat)
            if ships:
                out += [{"type": "land", "ship": ship, "x": x, "y": y} for x, y in self.ship_cells() for ship in ships]
            return out
        if step == STUCK:
            return [{"type": "discard", "tile": t} for t in p["hand"]]
        if step == PLACE:
            return self.placements(p["hand"])
        if step == BONUS:
            return self.bonus_options(seat)
        if step == HOUSES:
            return [*self.house_choices(seat), {"type": "done"}]
        if step == KEEP:
            return [{"type": "keep", "token": t} for t in s["pending"]["drawn"]]
        return []

    def placements(self, hand: list[str]) -> list[Action]:
        """Every (hand tile, rotation, cell) that matches (B2), in hand order."""
        memo = self.map_memo()
        return [{"type": "place", "tile": t, "rot": q, "x": x, "y": y}
                for t in hand for q, bits in enumerate(turned(FACES[t]["ring"])) for x, y in memo.cells_for(bits)]

    def bonus_options(self, seat: int) -> list[Action]:
        if self.player(seat)["bonus_left"] < 1:
            return [{"type": "no_bonus"}]
        out: list[Action] = []
        grid = self.grid
        for y, x, k, coastal in self.map_memo().rows:
            t = grid[k]
            if coastal and I.port_count(t) < 2:
                out.append({"type": "port", "x": x, "y": y})
            for i, now in enumerate(t["res"]):  # loops, not a comprehension per tile (a call each in Python 3.11)
                for r in OTHER_RESOURCES[now]:
                    out.append({"type": "convert", "x": x, "y": y, "icon": i, "to": r})
        out.append({"type": "no_bonus"})
        return out

    # -- doing --------------------------------------------------------------------------------

    def _do_start_tile(self, seat: int, a: Action) -> None:
        s = self.s
        self.put_tile(a["x"], a["y"], a["tile"] + a["side"], a["rot"], seat)
        s["start_left"].remove(a["tile"])
        self.events.append({"type": "start_tile", "seat": seat, "tile": a["tile"], "side": a["side"],
                            "rot": a["rot"], "x": a["x"], "y": a["y"]})
        if not s["start_left"]:
            self.start_round()

    def _do_choose(self, seat: int, a: Action) -> None:
        s = self.s
        p = self.player(seat)
        for kind, now, nxt in choose_keys(s["mode"]):
            rest = [c for c in p["held"][kind] if c not in (a[now], a[nxt])]
            s["decks"][kind].extend(rest)                           # returned face down under the deck
            p["now"][kind] = a[now]
            p["held"][kind] = [a[nxt]]
        p["chosen"] = True
        self.events.append({"type": "chose", "seat": seat})
        if all(q["chosen"] for q in s["players"]):
            self.all_chosen()

    def _do_take(self, seat: int, a: Action) -> None:
        self.s["row"].remove(a["tile"])
        self.player(seat)["hand"].append(a["tile"])
        self.events.append({"type": "took", "seat": seat, "tile": a["tile"]})
        self.after_take(seat)

    def _do_discard(self, seat: int, a: Action) -> None:
        p = self.player(seat)
        p["hand"].remove(a["tile"])
        self.s["box"].append(a["tile"])
        self.events.append({"type": "discarded", "seat": seat, "tile": a["tile"]})
        tile = self.draw_reserve()
        if tile is None:
            self.abort("reserve")
            return
        p["hand"].append(tile)
        self.events.append({"type": "drew", "seat": seat, "count": 1})
        self.after_take(seat)

    def _do_place(self, seat: int, a: Action) -> None:
        p = self.player(seat)
        p["hand"].remove(a["tile"])
        self.put_tile(a["x"], a["y"], a["tile"], a["rot"], seat)
        self.events.append({"type": "placed", "seat": seat, "tile": a["tile"], "rot": a["rot"], "x": a["x"],
                            "y": a["y"]})
        if p["bonus_left"] > 0:
            self.s["step"] = BONUS
        else:
            self.end_turn()

    def _do_port(self, seat: int, a: Action) -> None:
        self.tile_to_change(key(a["x"], a["y"]))["port_tokens"].append(seat)
        self.player(seat)["bonus_left"] -= 1
        self.events.append({"type": "port", "seat": seat, "x": a["x"], "y": a["y"]})
        self.end_turn()

    def _do_convert(self, seat: int, a: Action) -> None:
        tile = self.tile_to_change(key(a["x"], a["y"]))
        before = tile["res"][a["icon"]]
        tile["res"][a["icon"]] = a["to"]
        tile["covered"][a["icon"]] = seat
        tile["res_tokens"].append(seat)
        self.player(seat)["bonus_left"] -= 1
        self.events.append({"type": "converted", "seat": seat, "x": a["x"], "y": a["y"], "from": before,
                            "to": a["to"]})
        self.end_turn()

    def _do_no_bonus(self, seat: int, a: Action) -> None:
        self.end_turn()

    def _do_land(self, seat: int, a: Action) -> None:
        s = self.s
        if a["ship"] == "own":
            self.player(seat)["own_ship"] = False
            owner: int | str = seat
        else:
            s["grey_ships"] -= 1
            owner = "grey"
        self.put_ship(a["x"], a["y"], owner, seat)
        self.events.append({"type": "landed", "seat": seat, "ship": a["ship"], "x": a["x"], "y": a["y"]})
        self.begin_reward(seat)

    def _do_house(self, seat: int, a: Action) -> None:
        s = self.s
        p = self.player(seat)
        tile = self.tile_to_change(key(a["x"], a["y"]))
        tile["houses"].append(seat)
        p["houses_hand"] -= 1
        p["houses_played"] += 1
        island = tile["island"]
        self.house_built(island)
        st = self.island_stats(island)
        _, reward = self.mission_reward(seat)
        assert reward is not None
        pp = R.points(reward, st, a.get("resource"))
        p["pp"] += pp
        self.events.append({"type": "house", "seat": seat, "x": a["x"], "y": a["y"], "island": island,
                            "reward": reward, "pp": pp, **({"resource": a["resource"]} if "resource" in a else {})})
        if R.is_discovery(reward):                                  # B3.4 RW07
            pool = s["discovery_pool"]
            drawn = pool[:st["temple"]]
            del pool[:len(drawn)]
            self.events.append({"type": "discovery", "seat": seat, "count": len(drawn)})
            if len(drawn) == 1:
                self._keep(seat, drawn[0], [])
            elif len(drawn) > 1:
                s["pending"] = {"seat": seat, "drawn": drawn}
                s["step"] = KEEP
                return
        self._after_house(seat)

    def _do_keep(self, seat: int, a: Action) -> None:
        drawn = self.s["pending"]["drawn"]
        self.s["pending"] = None
        self._keep(seat, a["token"], [t for t in drawn if t != a["token"]])
        self._after_house(seat)

    def _keep(self, seat: int, token: str, rest: list[str]) -> None:
        self.player(seat)["discovery"].append(token)
        if rest:
            self.s["discovery_pool"].extend(rest)
            self.rng.shuffle(self.s["discovery_pool"])
        self.events.append({"type": "kept", "seat": seat, "returned": len(rest)})

    def _after_house(self, seat: int) -> None:
        """Go on placing houses while any is possible; otherwise this player's reward turn ends."""
        self.s["step"] = HOUSES
        if not self.can_house(seat):
            self.close_reward_turn(seat)
            self.next_reward_turn()

    def _do_done(self, seat: int, a: Action) -> None:
        self.close_reward_turn(seat)
        self.next_reward_turn()


