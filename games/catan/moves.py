"""The moves of a turn other than player trades: setup, building, the dice, the robber, bank trades
and development cards.

Each move type has a `_check_<type>` that returns why it is illegal (or None) and a `_do_<type>`
that plays it; `apply` raises the checker's reason and `legal_actions` lists the candidates the
checker lets through (or, in the main phase, builds them from the checkers' own tests), so what is
listed and what is accepted can never drift apart.
"""

from __future__ import annotations

from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD
from games.catan.roads import road_length
from games.catan.table import COSTS, DEV_NAMES, INDEX, PIECES, TableMixin, affords, named
from games.colours import colour_of
from games.core import TEXT, WHOLE, Action, Event, Field, whole
from games.grammar import plural

SEAT_OR_NONE = Field("a seat number or null", lambda v: v is None or whole(v))
PARTNER = Field('a seat number, "all" or "bank"', lambda v: v in ("all", "bank") or whole(v))
NAMES = Field('a list of resource names, such as ["ore", "grain"]',
              lambda v: isinstance(v, list) and all(isinstance(r, str) for r in v))
BUNDLE = Field('resources and counts, such as {"ore": 1}', lambda v: isinstance(v, dict))
KEYS: dict[str, dict[str, Field]] = {
    "roll": {}, "end_turn": {}, "buy_dev": {}, "build_road": {"path": WHOLE}, "build_settlement": {"node": WHOLE},
    "build_city": {"node": WHOLE}, "maritime": {"give": TEXT, "get": TEXT}, "discard": {"cards": BUNDLE},
    "move_robber": {"hex": WHOLE, "victim": SEAT_OR_NONE}, "play_knight": {}, "play_road_building": {},
    "play_year_of_plenty": {"resources": NAMES}, "play_monopoly": {"resource": TEXT},
    "offer": {"to": PARTNER, "give": BUNDLE, "get": BUNDLE}, "accept": {"offer": WHOLE},
    "decline": {"offer": WHOLE}, "counter": {"offer": WHOLE, "give": BUNDLE, "get": BUNDLE},
    "confirm": {"offer": WHOLE, "with": WHOLE}, "withdraw": {"offer": WHOLE}}
"""The fields of each move type, trades included, and the JSON type of each (checked before any rule)."""
NAMES_OF: dict[str, str] = {
    "path": "the path's number", "node": "the intersection's number", "hex": "the hex's number",
    "victim": "the player you rob", "give": "what you give", "get": "what you get", "resource": "the resource",
    "resources": "the two resources", "cards": "the cards you discard", "to": "the player you offer to",
    "offer": "the offer", "with": "the player you trade with"}
"""What a refusal calls each field: the picture's and the panels' names, never the JSON key."""


class MovesMixin(TableMixin):
    # -- checks ------------------------------------------------------------------------------

    def _phase_problem(self, seat: int, *phases: str) -> str | None:
        s = self.s
        if s["phase"] not in phases:
            return {"setup": "During setup you place a settlement and then a road.",
                    "roll": "Roll the dice first (only a development card may come before the roll).",
                    "discard": "Players are discarding half their cards after the 7.",
                    "robber": "Move the robber first.",
                    "road_building": "Place your free roads first."}.get(s["phase"], "Not now.")
        if s["offer"] is not None and s["phase"] == "main" and seat == s["active"]:
            return "Your trade offer is open: confirm one answer or withdraw it first."
        return None

    def _settle_problem(self, seat: int, v: int, *, setup: bool) -> str | None:
        s = self.s
        if not isinstance(v, int) or not 0 <= v < len(s["buildings"]):
            return "There is no such intersection."
        if s["buildings"][v] is not None:
            return f"Intersection {v} is taken."
        near = next((u for u in GEOMETRY.node_neighbours[v] if s["buildings"][u] is not None), None)
        if near is not None:  # CAT-22
            whose = "your" if s["buildings"][near][0] == seat else f"the {colour_of(s['buildings'][near][0])}"
            kind = "city" if s["buildings"][near][1] == 2 else "settlement"
            return (f"A settlement must be two intersections away from any other — {v} touches "
                    f"{whose} {kind} at {near}.")
        if setup:
            return None
        if not any(s["roads"][p] == seat for p in GEOMETRY.node_paths[v]):
            return f"A settlement needs one of your roads at intersection {v}."  # CAT-25
        if self._count(seat, 1) >= PIECES["settlement"]:
            return "All 5 of your settlements are on the board; upgrade one to a city first."
        return None

    def _road_problem(self, seat: int, p: int) -> str | None:
        s = self.s
        if not isinstance(p, int) or not 0 <= p < len(s["roads"]):
            return "There is no such path."
        if s["roads"][p] is not None:
            return f"Path {GEOMETRY.path_labels[p]} already has a road."
        if s["roads"].count(seat) >= PIECES["road"]:
            return "All 15 of your roads are on the board."
        if s["phase"] == "setup":
            if s["setup_node"] not in GEOMETRY.paths[p]:
                return f"This road must touch the settlement you just placed at {s['setup_node']}."  # CAT-12
            return None
        a, b = GEOMETRY.paths[p]
        anchors = self._placement().anchors[seat]  # own buildings, own road ends no opponent built on
        if a in anchors or b in anchors:
            return None
        return f"A road on {GEOMETRY.path_labels[p]} would not connect to your roads or buildings."  # CAT-24

    def _afford(self, seat: int, cost: tuple[int, ...], what: str) -> str | None:
        hand = self.s["hands"][seat]
        if affords(hand, cost):
            return None
        short = [f"{need - have} {RESOURCES[i]}" for i, (need, have) in enumerate(zip(cost, hand, strict=True))
                 if have < need]
        return f"You cannot afford {what}: you are short of {', '.join(short)}." if short else None

    def _check_build_settlement(self, seat: int, action: Action) -> str | None:
        s = self.s
        if s["phase"] == "setup":
            if s["setup_node"] is not None:
                return "Place the road of your new settlement first."
            return self._settle_problem(seat, action["node"], setup=True)
        return (self._phase_problem(seat, "main") or self._settle_problem(seat, action["node"], setup=False)
                or self._afford(seat, COSTS["settlement"], "a settlement"))

    def _check_build_road(self, seat: int, action: Action) -> str | None:
        s = self.s
        if s["phase"] == "setup":
            if s["setup_node"] is None:
                return "Place a settlement first, then its road."
            return self._road_problem(seat, action["path"])
        if s["phase"] == "road_building":
            return self._road_problem(seat, action["path"])
        return (self._phase_problem(seat, "main") or self._road_problem(seat, action["path"])
                or self._afford(seat, COSTS["road"], "a road"))

    def _check_build_city(self, seat: int, action: Action) -> str | None:
        v = action["node"]
        if problem := self._phase_problem(seat, "main"):
            return problem
        if not isinstance(v, int) or not 0 <= v < len(self.s["buildings"]):
            return "There is no such intersection."
        if self.s["buildings"][v] != [seat, 1]:
            return f"A city replaces one of your settlements; intersection {v} holds none."  # CAT-26
        if self._count(seat, 2) >= PIECES["city"]:
            return "All 4 of your cities are on the board."
        return self._afford(seat, COSTS["city"], "a city")

    def _check_buy_dev(self, seat: int, action: Action) -> str | None:
        if problem := self._phase_problem(seat, "main"):
            return problem
        if not self.s["deck"]:
            return "The development deck is empty."  # CAT-27
        return self._afford(seat, COSTS["dev"], "a development card")

    def _check_roll(self, seat: int, action: Action) -> str | None:
        return None if self.s["phase"] == "roll" else "You have already rolled this turn."

    def _check_end_turn(self, seat: int, action: Action) -> str | None:
        return self._phase_problem(seat, "main")

    def _check_maritime(self, seat: int, action: Action) -> str | None:
        give, get = action["give"], action["get"]
        if problem := self._phase_problem(seat, "main"):
            return problem
        if give not in RESOURCES or get not in RESOURCES:
            return f"Resources are: {', '.join(RESOURCES)}."
        if give == get:
            return "Trade for a different resource."
        rate = self.rate(seat, give)
        if self.s["hands"][seat][INDEX[give]] < rate:
            return f"You need {rate} {give} to trade at {rate}:1."
        if self.s["bank"][INDEX[get]] < 1:
            return f"The bank has no {get} left."
        return None

    def _check_discard(self, seat: int, action: Action) -> str | None:
        """CAT-18: the whole discard at once, exactly the cards owed, each one held."""
        if problem := self._phase_problem(seat, "discard"):  # an offer's partner is to move too, in the main phase
            return problem
        cards, owed = action["cards"], self.s["discards"][str(seat)]
        unknown = [str(r) for r in cards if r not in RESOURCES]
        if unknown:
            return f"{', '.join(unknown)} is not a resource (resources: {', '.join(RESOURCES)})."
        if any(not whole(n) or n < 1 for n in cards.values()):
            return "Name each resource you discard with how many, 1 or more, such as {\"ore\": 2}."
        if sum(cards.values()) != owed:
            return f"Discard exactly {plural(owed, 'card')}, half your hand rounded down, " \
                   f"not {sum(cards.values())} (CAT-18)."
        hand = self.s["hands"][seat]
        over = [r for r, n in cards.items() if n > hand[INDEX[r]]]
        if over:
            return f"You hold only {', '.join(f'{hand[INDEX[r]]} {r}' for r in over)}, so you cannot discard " \
                   f"{' and '.join(f'{cards[r]} {r}' for r in over)}."
        return None

    def _check_move_robber(self, seat: int, action: Action) -> str | None:
        h, victim = action["hex"], action["victim"]
        if self.s["phase"] != "robber":
            return "The robber moves only after a 7 or a Knight."
        if not isinstance(h, int) or not 0 <= h < len(GEOMETRY.hexes):
            return "There is no such hex."
        if h == self.s["robber"]:
            return "The robber must move to a different hex."  # CAT-19
        victims = self.robber_victims(seat, h)
        if victim is None and victims:
            return f"Choose whom to rob: {' or '.join(colour_of(v) for v in victims)}."
        if victim is not None and victim not in victims:
            return "You can rob only an opponent with a building on that hex who holds a card."
        return None

    def _dev_problem(self, seat: int, card: str) -> str | None:
        s = self.s
        if s["phase"] not in ("roll", "main"):
            return self._phase_problem(seat, "roll", "main")
        if s["offer"] is not None:
            return "Your trade offer is open: confirm one answer or withdraw it first."
        if s["dev_played"]:
            return "You have already played a development card this turn."  # CAT-30
        if s["devs"][seat][card] - s["new_devs"][seat][card] < 1:
            if s["devs"][seat][card]:
                return f"A {DEV_NAMES[card]} bought this turn cannot be played until your next turn."
            return f"You hold no {DEV_NAMES[card]} card."
        return None

    def _check_play_knight(self, seat: int, action: Action) -> str | None:
        return self._dev_problem(seat, "knight")

    def _check_play_road_building(self, seat: int, action: Action) -> str | None:
        if problem := self._dev_problem(seat, "road_building"):
            return problem
        if not any(self._road_problem(seat, p) is None for p in self._placement().near_paths(seat)):
            return "You could not place any road, so Road Building cannot be played."  # CAT-29 [policy]
        return None

    def _check_play_year_of_plenty(self, seat: int, action: Action) -> str | None:
        if problem := self._dev_problem(seat, "year_of_plenty"):
            return problem
        wanted = action["resources"]
        if not isinstance(wanted, list) or not all(r in RESOURCES for r in wanted):
            return "Name two resources, e.g. [\"ore\", \"grain\"]."
        if sorted(wanted, key=INDEX.__getitem__) not in self._plenty_choices():  # CAT-29: in any order
            return "Take two resources the bank holds (fewer only when the bank cannot supply two)."
        return None

    def _check_play_monopoly(self, seat: int, action: Action) -> str | None:
        if problem := self._dev_problem(seat, "monopoly"):
            return problem
        return None if action["resource"] in RESOURCES else f"Resources are: {', '.join(RESOURCES)}."

    # -- playing -----------------------------------------------------------------------------

    def _do_build_settlement(self, seat: int, action: Action) -> list[Event]:
        s, v = self.s, action["node"]
        self._build(v, seat, 1)
        events: list[Event] = [{"type": "settlement", "seat": seat, "node": v}]
        if s["phase"] == "setup":
            events[0]["setup"] = True  # a seat's setup turn opens with it
            s["setup_node"] = v
            if s["setup_step"] >= self.num_players:  # CAT-13: the second settlement yields
                got = [0] * 5
                for h in GEOMETRY.node_hexes[v]:
                    terrain = s["layout"]["terrain"][h]
                    if terrain != "desert":
                        got[INDEX[TERRAIN_YIELD[terrain]]] += 1
                for i, n in enumerate(got):
                    self._gain(seat, i, n)
                events.append({"type": "start_cards", "seat": seat, "cards": named(got)})
        else:
            self._pay(seat, COSTS["settlement"])
            cut = {owner for p in GEOMETRY.node_paths[v] if (owner := s["roads"][p]) is not None and owner != seat}
            events += self._recount_roads(cut)  # a settlement may break an opponent's road (CAT-36)
        return events

    def _do_build_road(self, seat: int, action: Action) -> list[Event]:
        s, p = self.s, action["path"]
        placed = self._placement()
        s["roads"][p] = seat
        placed.add_road(p, seat)  # brought up to date rather than worked out again
        events: list[Event] = [{"type": "road", "seat": seat, "path": p}]
        if s["phase"] == "setup":
            s["setup_node"] = None
            s["setup_step"] += 1
            s["road_len"][seat] = road_length(seat, s["roads"], s["buildings"])
            if s["setup_step"] == 2 * self.num_players:  # CAT-14
                s["phase"], s["active"], s["turn"] = "roll", s["start"], 1
                events.append({"type": "turn", "seat": s["active"], "turn": 1})
            return events
        if s["phase"] == "road_building":
            s["free_roads"] -= 1
            if s["free_roads"] == 0 or not any(self._road_problem(seat, q) is None
                                               for q in self._placement().near_paths(seat)):
                s["free_roads"], s["phase"], s["resume"] = 0, s["resume"], None
        else:
            self._pay(seat, COSTS["road"])
        return events + self._recount_roads({seat})

    def _do_build_city(self, seat: int, action: Action) -> list[Event]:
        self._build(action["node"], seat, 2)
        self._pay(seat, COSTS["city"])
        return [{"type": "city", "seat": seat, "node": action["node"]}]

    def _do_buy_dev(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._pay(seat, COSTS["dev"])
        card = s["deck"].pop()
        s["devs"][seat][card] += 1
        s["new_devs"][seat][card] += 1
        self._note(seat, {"type": "drew", "seat": seat, "card": card})
        return [{"type": "bought_dev", "seat": seat, "left": len(s["deck"])}]

    def _do_roll(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        dice = self.rng.dice(2)
        s["last_roll"] = dice
        events: list[Event] = [{"type": "roll", "seat": seat, "dice": dice}]
        if sum(dice) != 7:
            s["phase"] = "main"
            return [*events, self._produce(sum(dice))]
        due = {t: sum(h) // 2 for t, h in enumerate(s["hands"]) if sum(h) >= 8}  # CAT-18
        if due:
            s["discards"], s["phase"], s["resume"] = {str(t): n for t, n in due.items()}, "discard", "main"
            return [*events, {"type": "must_discard", "seats": {str(t): n for t, n in due.items()}}]
        s["phase"], s["resume"] = "robber", "main"
        return events

    def _do_discard(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        cards = {r: action["cards"][r] for r in RESOURCES if r in action["cards"]}
        for r, n in cards.items():
            self._gain(seat, INDEX[r], -n)
        del s["discards"][str(seat)]
        if not s["discards"]:
            s["phase"] = "robber"
        return [{"type": "discarded", "seat": seat, "cards": cards}]

    def _do_move_robber(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        s["robber"] = action["hex"]
        s["phase"], s["resume"] = s["resume"], None
        owners = {b[0] for v in GEOMETRY.hex_nodes[action["hex"]] if (b := s["buildings"][v]) is not None}
        blocked = sorted(owners - {seat})  # whose buildings the hex no longer pays: their catch-up says so
        events: list[Event] = [{"type": "robber", "seat": seat, "hex": action["hex"], "blocks": blocked}]
        victim = action["victim"]
        if victim is not None:
            hand = s["hands"][victim]
            cards = [i for i in range(5) for _ in range(hand[i])]
            taken = self.rng.choice(cards)
            hand[taken] -= 1
            s["hands"][seat][taken] += 1
            for told in (seat, victim):  # which card: news for these two alone
                self._note(told, {"type": "steal", "seat": seat, "victim": victim, "resource": RESOURCES[taken]})
            events.append({"type": "steal", "seat": seat, "victim": victim})
        return events

    def _do_play_knight(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._play(seat, "knight")
        s["knights"][seat] += 1
        s["resume"], s["phase"] = s["phase"], "robber"  # CAT-21: no discards
        events: list[Event] = [{"type": "played", "seat": seat, "card": "knight"}]
        holder = s["largest"]
        if s["knights"][seat] >= 3 and holder != seat and (holder is None or s["knights"][seat] > s["knights"][holder]):
            s["largest"] = seat  # CAT-37; the event names who lost it, as Longest Road's does
            events.append({"type": "largest_army", "seat": seat, "knights": s["knights"][seat], "from": holder})
        return events

    def _do_play_road_building(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._play(seat, "road_building")
        left = PIECES["road"] - s["roads"].count(seat)
        s["free_roads"], s["resume"], s["phase"] = min(2, left), s["phase"], "road_building"
        return [{"type": "played", "seat": seat, "card": "road_building"}]

    def _do_play_year_of_plenty(self, seat: int, action: Action) -> list[Event]:
        self._play(seat, "year_of_plenty")
        for r in action["resources"]:
            self._gain(seat, INDEX[r], 1)
        return [{"type": "played", "seat": seat, "card": "year_of_plenty", "resources": list(action["resources"])}]

    def _do_play_monopoly(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._play(seat, "monopoly")
        i = INDEX[action["resource"]]
        lost = {str(t): s["hands"][t][i] for t in range(self.num_players) if t != seat and s["hands"][t][i]}
        for t in lost:
            s["hands"][int(t)][i] = 0
        taken = sum(lost.values())
        s["hands"][seat][i] += taken
        return [{"type": "played", "seat": seat, "card": "monopoly", "resource": action["resource"], "taken": taken,
                 "from": lost}]

    def _do_maritime(self, seat: int, action: Action) -> list[Event]:
        rate = self.rate(seat, action["give"])
        self._gain(seat, INDEX[action["give"]], -rate)
        self._gain(seat, INDEX[action["get"]], 1)
        return [{"type": "maritime", "seat": seat, "give": action["give"], "count": rate, "get": action["get"]}]

    def _do_end_turn(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        s["new_devs"][seat] = dict.fromkeys(DEV_NAMES, 0)
        s["dev_played"] = False
        s["declined"] = []
        s["active"] = (seat + 1) % self.num_players
        s["turn"] += 1
        s["phase"] = "roll"
        return [{"type": "turn", "seat": s["active"], "turn": s["turn"]}]
