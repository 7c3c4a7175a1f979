"""Catan, the base game, as `rules/catan.md` numbers it (CAT-1 … CAT-41).

The state is plain lists and dicts so that it is its own JSON.  Every action goes through
one checker per action type that returns the reason it is illegal (or None); `apply`
raises that reason and `legal_actions` lists the candidates the checker lets through,
so what is listed and what is accepted can never drift apart.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, ClassVar

from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, harbor_of_node, new_layout
from games.catan.placement import Placement
from games.catan.roads import longest_road_holder, road_length
from games.catan.trade import Bundle, bundle_problem, offer_shape_help, parse_bundle
from games.core import Action, Event, Option, Result, Rng, RuleError, StateGame, register

COSTS: dict[str, tuple[int, ...]] = {
    "road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3), "dev": (0, 0, 1, 1, 1)}
"""CAT-23, in RESOURCES order (brick, lumber, wool, grain, ore)."""
PIECES = {"road": 15, "settlement": 5, "city": 4}
"""CAT-8."""
DEV_DECK = ("knight",) * 14 + ("vp",) * 5 + ("road_building",) * 2 + ("year_of_plenty",) * 2 + ("monopoly",) * 2
"""CAT-7."""
DEV_NAMES = {"knight": "Knight", "vp": "Victory Point", "road_building": "Road Building",
             "year_of_plenty": "Year of Plenty", "monopoly": "Monopoly"}
KEYS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "roll": (), "end_turn": (), "buy_dev": (), "build_road": ("path",), "build_settlement": ("node",),
    "build_city": ("node",), "maritime": ("give", "get"), "discard": ("resource",),
    "move_robber": ("hex", "victim"), "play_knight": (), "play_road_building": (),
    "play_year_of_plenty": ("resources",), "play_monopoly": ("resource",),
    "offer": ("to", "give", "get"), "accept": ("offer",), "decline": ("offer",),
    "counter": ("offer", "give", "get"), "confirm": ("offer", "with"), "withdraw": ("offer",)}.items()}
FIELDS = {kind: keys | {"type"} for kind, keys in KEYS.items()}
"""Every key an action of each type carries, "type" included."""
WIN_VP = 10
NEWS_KEPT = 6
_INDEX = {r: i for i, r in enumerate(RESOURCES)}


def _r(name: str) -> int:
    return _INDEX[name]


def _affords(hand: list[int], cost: tuple[int, ...]) -> bool:
    return hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3] \
        and hand[4] >= cost[4]


@lru_cache(maxsize=4096)
def _affordable(hand: tuple[int, ...]) -> frozenset[str]:
    """What a hand pays for, of COSTS.  Remembered, since the same few hands come up again and again."""
    return frozenset(what for what, cost in COSTS.items() if _affords(hand, cost))


@register
class Catan(StateGame):
    id: ClassVar[str] = "catan"
    title: ClassVar[str] = "Catan"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (
        Option("numbers", "spiral", ("spiral", "random"),
               "spiral: tokens in the official order; random: shuffled, no 6 or 8 side by side"),)
    summary: ClassVar[str] = (
        "Settle the island: in snake order place two settlements with a road each, then on your turn roll "
        "for production, trade with players or the bank, and build roads, settlements, cities and development "
        "cards. A 7 moves the robber. First to 10 victory points on their own turn wins.")

    def __init__(self, s: dict[str, Any]) -> None:
        super().__init__(s)
        layout = s["layout"]  # fixed for the whole game, so what it implies is worked out once
        self._harbors = harbor_of_node(layout["harbors"])
        self._yields: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        """Number -> (hex, resource index, its intersections) for each hex with that token."""
        for h, (terrain, token) in enumerate(zip(layout["terrain"], layout["tokens"], strict=True)):
            if token is not None and terrain != "desert":
                self._yields.setdefault(token, []).append((h, _r(TERRAIN_YIELD[terrain]), GEOMETRY.hex_nodes[h]))
        self._placed: Placement | None = None
        self._pinned = False
        self._only = [frozenset((t,)) for t in range(self.num_players)]
        """Each seat alone, as `to_move` answers it most of the time (shared: frozensets never change)."""

    # -- contract: creation and serialisation -------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> Catan:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        rng = Rng(seed)
        layout = new_layout(rng, opts["numbers"])
        deck = list(DEV_DECK)
        rng.shuffle(deck)
        start = rng.randint(0, num_players - 1)  # CAT-10 [policy]: the start player at random
        n = num_players
        s: dict[str, Any] = {
            "n": n, "options": opts, "layout": layout, "robber": layout["terrain"].index("desert"),
            "buildings": [None] * len(GEOMETRY.node_xy), "roads": [None] * len(GEOMETRY.paths),
            "hands": [[0] * 5 for _ in range(n)], "bank": [19] * 5, "deck": deck,
            "devs": [dict.fromkeys(DEV_NAMES, 0) for _ in range(n)],
            "new_devs": [dict.fromkeys(DEV_NAMES, 0) for _ in range(n)],
            "knights": [0] * n, "played": dict.fromkeys(DEV_NAMES, 0), "dev_played": False,
            "phase": "setup", "setup_step": 0, "setup_node": None,
            "start": start, "active": start, "turn": 0, "discards": {}, "resume": None, "free_roads": 0,
            "offer": None, "next_offer": 1, "longest": None, "road_len": [0] * n, "largest": None,
            "news": [[] for _ in range(n)], "winner": None, "last_roll": None, "rng": rng.to_dict()}
        return cls(s)

    # -- who is to move ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.s["phase"] == "over"

    def setup_order(self) -> list[int]:
        """CAT-10: clockwise from the start player, then back counter-clockwise."""
        n, start = self.num_players, self.s["start"]
        round1 = [(start + i) % n for i in range(n)]
        return round1 + round1[::-1]

    def to_move(self) -> frozenset[int]:
        s = self.s
        phase = s["phase"]
        if phase == "over":
            return frozenset()
        if phase == "setup":
            return self._only[self.setup_order()[s["setup_step"]]]
        if phase == "discard":
            return frozenset(int(k) for k in s["discards"])
        if s["offer"] is not None:
            waiting = self._unanswered()
            if waiting:
                return frozenset(waiting)
        return self._only[s["active"]]

    def current_seat(self) -> int | None:
        return None if self.over else (self.s["active"] if self.s["phase"] != "setup"
                                       else self.setup_order()[self.s["setup_step"]])

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
        """CAT-33: 4:1, 3:1 on a generic harbor, 2:1 on that resource's harbor."""
        kinds = self._placement().kinds[seat]
        return 2 if resource in kinds else 3 if "any" in kinds else 4

    def _harbor_kinds(self, seat: int) -> set[str]:
        return self._placement().kinds[seat]

    def _unanswered(self) -> list[int]:
        offer = self.s["offer"]
        return [t for t in self._addressees(offer) if str(t) not in offer["answers"]]

    def _addressees(self, offer: dict[str, Any]) -> list[int]:
        return [offer["to"]] if offer["to"] is not None else [t for t in range(self.num_players)
                                                               if t != offer["from"]]

    # -- checking actions --------------------------------------------------------------------

    def _problem(self, seat: int, action: Action) -> str | None:
        """Why this seat may not take this action now; None when it may."""
        kind = action.get("type")
        if kind not in KEYS:
            return f"There is no Catan move called {kind!r}."
        if action.keys() != FIELDS[kind]:
            return f"A {kind} move takes exactly these fields: {', '.join(sorted(KEYS[kind])) or 'none'}."
        if self.s["phase"] == "over":
            return "The game is over."
        if seat not in self.to_move():
            return "It is not your move now."
        return _CHECKS[kind](self, seat, action)

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
            whose = "your" if s["buildings"][near][0] == seat else f"Seat {s['buildings'][near][0] + 1}'s"
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
        if _affords(hand, cost):
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
        if self.s["hands"][seat][_INDEX[give]] < rate:
            return f"You need {rate} {give} to trade at {rate}:1."
        if self.s["bank"][_INDEX[get]] < 1:
            return f"The bank has no {get} left."
        return None

    def _check_discard(self, seat: int, action: Action) -> str | None:
        resource = action["resource"]
        if resource not in RESOURCES:
            return f"Resources are: {', '.join(RESOURCES)}."
        if self.s["hands"][seat][_r(resource)] < 1:
            return f"You hold no {resource}."
        return None

    def robber_victims(self, seat: int, h: int) -> list[int]:
        """CAT-20: opponents with a building on the hex who hold at least one resource card."""
        on_hex = self._placement().seats_by_hex()[h]
        return [o for o in self._robbable(seat) if o in on_hex]

    def _robbable(self, seat: int) -> list[int]:
        """Opponents holding at least one resource card, in seat order."""
        return [o for o, hand in enumerate(self.s["hands"]) if o != seat and sum(hand) > 0]

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
            return f"Choose whom to rob: {', '.join(f'Seat {v + 1}' for v in victims)}."
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
        if wanted not in self._plenty_choices():
            return "Take two resources the bank holds (fewer only when the bank cannot supply two)."
        return None

    def _plenty_choices(self) -> list[list[str]]:
        """CAT-29: any two the bank holds; if it cannot supply two, what it has."""
        bank = self.s["bank"]
        pairs = [[a, RESOURCES[j]] for i, a in enumerate(RESOURCES) for j in range(i, 5)
                 if bank[i] >= 1 + (i == j) and bank[j] >= 1]
        return pairs or [[r] for i, r in enumerate(RESOURCES) if bank[i] >= 1]

    def _check_play_monopoly(self, seat: int, action: Action) -> str | None:
        if problem := self._dev_problem(seat, "monopoly"):
            return problem
        return None if action["resource"] in RESOURCES else f"Resources are: {', '.join(RESOURCES)}."

    # -- trade checks (CAT-32 and the offer protocol) -----------------------------------------

    def _check_offer(self, seat: int, action: Action) -> str | None:
        s = self.s
        if s["phase"] != "main" or seat != s["active"]:
            return "Only the player whose turn it is trades, after rolling."  # CAT-32
        if s["offer"] is not None:
            return "You already have an open offer."
        to = action["to"]
        if to != "all" and (not isinstance(to, int) or not 1 <= to <= self.num_players or to - 1 == seat):
            return f"Offer to another seat by its number (1–{self.num_players}) or to \"all\"."
        return bundle_problem(action["give"], action["get"], self.s["hands"][seat])

    def _offer_of(self, action: Action) -> dict[str, Any] | str:
        offer = self.s["offer"]
        if offer is None or action["offer"] != offer["id"]:
            return "That offer is no longer open."
        return offer

    def _answer_problem(self, seat: int, action: Action) -> str | None:
        """An answer (accept, decline, counter) goes to an open offer this seat has not answered yet."""
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        return None if seat in self._unanswered() else "You have already answered this offer."

    def _check_accept(self, seat: int, action: Action) -> str | None:
        if problem := self._answer_problem(seat, action):
            return problem
        need = parse_bundle(self.s["offer"]["get"])
        if any(self.s["hands"][seat][i] < n for i, n in enumerate(need)):
            return "You do not hold the cards this offer asks of you."
        return None

    def _check_decline(self, seat: int, action: Action) -> str | None:
        return self._answer_problem(seat, action)

    def _check_counter(self, seat: int, action: Action) -> str | None:
        return self._answer_problem(seat, action) or bundle_problem(action["give"], action["get"],
                                                                   self.s["hands"][seat])

    def _check_confirm(self, seat: int, action: Action) -> str | None:
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        if seat != offer["from"]:
            return "Only the player who made the offer confirms it."
        answer = offer["answers"].get(str(action["with"]))
        if answer is None or answer == "decline":
            return "That player has not accepted this offer."
        give, get = self._terms(offer, action["with"])
        hands = self.s["hands"]
        if any(hands[seat][i] < n for i, n in enumerate(give)):
            return "You no longer hold the cards you offered."
        if any(hands[action["with"]][i] < n for i, n in enumerate(get)):
            return "They no longer hold the cards the trade asks of them."
        return None

    def _terms(self, offer: dict[str, Any], partner: int) -> tuple[Bundle, Bundle]:
        """What the offerer gives and gets with this partner: the offer, or the partner's counter."""
        answer = offer["answers"][str(partner)]
        if isinstance(answer, dict):
            return parse_bundle(answer["get"]), parse_bundle(answer["give"])
        return parse_bundle(offer["give"]), parse_bundle(offer["get"])

    def _check_withdraw(self, seat: int, action: Action) -> str | None:
        offer = self._offer_of(action)
        if isinstance(offer, str):
            return offer
        return None if seat == offer["from"] else "Only the player who made the offer withdraws it."

    # -- listing -----------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Candidates put to the checks `apply` uses.  Candidates are pruned first only where the
        check would refuse anyway (occupied places, places away from the network, cards not held),
        keeping their order, so the list is what filtering every candidate would give."""
        self._pin()  # see _placement
        try:
            return self._listing(seat)
        finally:
            self._pinned = False

    def _listing(self, seat: int) -> list[Action]:
        if seat not in self.to_move():  # nobody is to move once the game is over
            return []
        s = self.s
        phase = s["phase"]
        if phase == "setup":
            if s["setup_node"] is None:
                return [{"type": "build_settlement", "node": v} for v in sorted(self._placement().open_nodes())
                        if self._settle_problem(seat, v, setup=True) is None]
            return [{"type": "build_road", "path": p} for p in GEOMETRY.node_paths[s["setup_node"]]
                    if self._road_problem(seat, p) is None]
        if phase == "discard":
            return [{"type": "discard", "resource": r} for r in RESOURCES if s["hands"][seat][_r(r)] > 0]
        if phase == "robber":
            robbable, out = self._robbable(seat), []
            for h, on_hex in enumerate(self._placement().seats_by_hex()):
                if h != s["robber"]:  # robber_victims, hex by hex
                    victims = [o for o in robbable if o in on_hex] if on_hex else None
                    for victim in victims or (None,):
                        out.append({"type": "move_robber", "hex": h, "victim": victim})
            return out
        if phase == "road_building":
            return [{"type": "build_road", "path": p} for p in self._placement().near_paths(seat)
                    if self._road_problem(seat, p) is None]
        offer = s["offer"]
        if offer is not None:
            if seat != offer["from"]:
                return [a for a in ({"type": "accept", "offer": offer["id"]}, {"type": "decline", "offer": offer["id"]})
                        if self._problem(seat, a) is None]
            accepted = [int(t) for t, a in offer["answers"].items() if a != "decline"]
            return [*({"type": "confirm", "offer": offer["id"], "with": t} for t in sorted(accepted)
                      if self._check_confirm(seat, {"offer": offer["id"], "with": t}) is None),
                    {"type": "withdraw", "offer": offer["id"]}]
        return self._turn_actions(seat)

    def _turn_actions(self, seat: int) -> list[Action]:
        """The active player's moves before or after the roll.  Candidates are pruned cheaply
        (what the hand cannot pay, places away from the player's network, cards not held) and
        then put to the same checks `apply` uses."""
        s = self.s
        hand = s["hands"][seat]
        candidates: list[Action] = []
        if s["phase"] == "roll":
            candidates.append({"type": "roll"})
        else:
            placed = self._placement()
            pays = _affordable(tuple(hand))
            if "city" in pays:
                candidates += [{"type": "build_city", "node": v} for v in placed.settled[seat]]
            if "settlement" in pays:
                candidates += [{"type": "build_settlement", "node": v}
                               for v in sorted(placed.reach[seat] & placed.open_nodes())]
            if "road" in pays and s["roads"].count(seat) < PIECES["road"]:
                candidates += [{"type": "build_road", "path": p} for p in placed.near_paths(seat)]
            if "dev" in pays:
                candidates.append({"type": "buy_dev"})
            kinds = placed.kinds[seat]
            candidates += [{"type": "maritime", "give": a, "get": b} for i, a in enumerate(RESOURCES)
                           if hand[i] >= (2 if a in kinds else 3 if "any" in kinds else 4)
                           for b in RESOURCES if a != b]
            candidates.append({"type": "end_turn"})
        if not s["dev_played"]:
            devs, new = s["devs"][seat], s["new_devs"][seat]  # a card bought this turn waits (_dev_problem)
            if devs["knight"] > new["knight"]:
                candidates.append({"type": "play_knight"})
            if devs["road_building"] > new["road_building"]:
                candidates.append({"type": "play_road_building"})
            if devs["year_of_plenty"] > new["year_of_plenty"]:
                candidates += [{"type": "play_year_of_plenty", "resources": pair} for pair in self._plenty_choices()]
            if devs["monopoly"] > new["monopoly"]:
                candidates += [{"type": "play_monopoly", "resource": r} for r in RESOURCES]
        return [a for a in candidates if _CHECKS[a["type"]](self, seat, a) is None]

    def action_shapes(self, seat: int) -> list[dict[str, Any]]:
        s = self.s
        if self.over or seat not in self.to_move() or s["phase"] != "main":
            return []
        if s["offer"] is None and seat == s["active"]:
            return [{"type": "offer", "help": offer_shape_help(self.num_players)}]
        if s["offer"] is not None and seat in self._unanswered():
            return [{"type": "counter", "help": (
                f'{{"type": "counter", "offer": {s["offer"]["id"]}, "give": {{"ore": 1}}, "get": {{"wool": 1}}}}'
                " — what you would give and get instead")}]
        return []

    # -- playing -----------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._pin()  # see _placement
        try:
            problem = self._problem(seat, action)
            if problem is not None:
                raise RuleError(problem, f"catan_{action.get('type', 'unknown')}")
            events: list[Event] = _DOS[action["type"]](self, seat, action)
            s = self.s
            if s["phase"] not in ("setup", "over") and self.vp(s["active"]) >= WIN_VP:
                events.append(self._win(s["active"]))  # CAT-39: only the active player wins, at once
            return events
        finally:
            self._pinned = False

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        for i, n in enumerate(cost):
            self.s["hands"][seat][i] -= n
            self.s["bank"][i] += n

    def _gain(self, seat: int, resource: int, n: int) -> None:
        """From the bank to the hand (to the bank when n is negative)."""
        self.s["hands"][seat][resource] += n
        self.s["bank"][resource] -= n

    def _note(self, seat: int, text: str) -> None:
        news = self.s["news"][seat]
        news.append(text)
        del news[:-NEWS_KEPT]

    def _build(self, v: int, seat: int, level: int) -> None:
        """Put a settlement (1) or city (2) on the board, bringing the placement up to date with it
        rather than working it out again."""
        placed = self._placement()
        self.s["buildings"][v] = [seat, level]
        placed.add_building(v, seat, level)

    def _do_build_settlement(self, seat: int, action: Action) -> list[Event]:
        s, v = self.s, action["node"]
        self._build(v, seat, 1)
        events: list[Event] = [{"type": "settlement", "seat": seat, "node": v}]
        if s["phase"] == "setup":
            s["setup_node"] = v
            if s["setup_step"] >= self.num_players:  # CAT-13: the second settlement yields
                got = [0] * 5
                for h in GEOMETRY.node_hexes[v]:
                    terrain = s["layout"]["terrain"][h]
                    if terrain != "desert":
                        got[_r(TERRAIN_YIELD[terrain])] += 1
                for i, n in enumerate(got):
                    self._gain(seat, i, n)
                events.append({"type": "start_cards", "seat": seat, "cards": _named(got)})
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

    def _recount_roads(self, seats: set[int]) -> list[Event]:
        """Road lengths of the seats whose roads changed, then who holds Longest Road."""
        s = self.s
        for t in seats:
            s["road_len"][t] = road_length(t, s["roads"], s["buildings"])
        holder = longest_road_holder(s["longest"], s["road_len"])
        if holder == s["longest"]:
            return []
        s["longest"] = holder
        return [{"type": "longest_road", "seat": holder, "length": max(s["road_len"])}]

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
        self._note(seat, f"You drew {DEV_NAMES[card]}.")
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

    def _do_discard(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._gain(seat, _r(action["resource"]), -1)
        key = str(seat)
        s["discards"][key] -= 1
        if s["discards"][key] == 0:
            del s["discards"][key]
        if not s["discards"]:
            s["phase"] = "robber"
        return [{"type": "discarded", "seat": seat, "resource": action["resource"]}]

    def _do_move_robber(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        s["robber"] = action["hex"]
        s["phase"], s["resume"] = s["resume"], None
        events: list[Event] = [{"type": "robber", "seat": seat, "hex": action["hex"]}]
        victim = action["victim"]
        if victim is not None:
            hand = s["hands"][victim]
            cards = [i for i in range(5) for _ in range(hand[i])]
            taken = self.rng.choice(cards)
            hand[taken] -= 1
            s["hands"][seat][taken] += 1
            self._note(seat, f"You stole 1 {RESOURCES[taken]} from Seat {victim + 1}.")
            self._note(victim, f"Seat {seat + 1} stole 1 {RESOURCES[taken]} from you.")
            events.append({"type": "steal", "seat": seat, "victim": victim})
        return events

    def _play(self, seat: int, card: str) -> None:
        s = self.s
        s["devs"][seat][card] -= 1
        s["played"][card] += 1
        s["dev_played"] = True

    def _do_play_knight(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._play(seat, "knight")
        s["knights"][seat] += 1
        s["resume"], s["phase"] = s["phase"], "robber"  # CAT-21: no discards
        events: list[Event] = [{"type": "played", "seat": seat, "card": "knight"}]
        holder = s["largest"]
        if s["knights"][seat] >= 3 and holder != seat and (holder is None or s["knights"][seat] > s["knights"][holder]):
            s["largest"] = seat  # CAT-37
            events.append({"type": "largest_army", "seat": seat, "knights": s["knights"][seat]})
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
            self._gain(seat, _r(r), 1)
        return [{"type": "played", "seat": seat, "card": "year_of_plenty", "resources": list(action["resources"])}]

    def _do_play_monopoly(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        self._play(seat, "monopoly")
        i = _r(action["resource"])
        taken = 0
        for t in range(self.num_players):
            if t != seat:
                taken += s["hands"][t][i]
                s["hands"][t][i] = 0
        s["hands"][seat][i] += taken
        return [{"type": "played", "seat": seat, "card": "monopoly", "resource": action["resource"], "taken": taken}]

    def _do_maritime(self, seat: int, action: Action) -> list[Event]:
        rate = self.rate(seat, action["give"])
        self._gain(seat, _r(action["give"]), -rate)
        self._gain(seat, _r(action["get"]), 1)
        return [{"type": "maritime", "seat": seat, "give": action["give"], "count": rate, "get": action["get"]}]

    def _do_offer(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        to = None if action["to"] == "all" else action["to"] - 1
        offer = {"id": s["next_offer"], "from": seat, "to": to, "give": _clean(action["give"]),
                 "get": _clean(action["get"]), "answers": {}}
        s["offer"], s["next_offer"] = offer, s["next_offer"] + 1
        return [{"type": "offer", "offer": copy.deepcopy(offer)}]

    def _answered(self, seat: int, answer: Any) -> list[Event]:
        offer = self.s["offer"]
        offer["answers"][str(seat)] = answer
        events: list[Event] = [{"type": "answer", "seat": seat, "offer": offer["id"], "answer": copy.deepcopy(answer)}]
        if not self._unanswered() and all(a == "decline" for a in offer["answers"].values()):
            self.s["offer"] = None
            events.append({"type": "offer_closed", "offer": offer["id"]})
        return events

    def _do_accept(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, "accept")

    def _do_decline(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, "decline")

    def _do_counter(self, seat: int, action: Action) -> list[Event]:
        return self._answered(seat, {"give": _clean(action["give"]), "get": _clean(action["get"])})

    def _do_confirm(self, seat: int, action: Action) -> list[Event]:
        s, partner = self.s, action["with"]
        give, get = self._terms(s["offer"], partner)
        for i in range(5):
            s["hands"][seat][i] += get[i] - give[i]
            s["hands"][partner][i] += give[i] - get[i]
        s["offer"] = None
        return [{"type": "trade", "seat": seat, "with": partner, "give": _named(list(give)), "get": _named(list(get))}]

    def _do_withdraw(self, seat: int, action: Action) -> list[Event]:
        self.s["offer"] = None
        return [{"type": "offer_closed", "offer": action["offer"]}]

    def _do_end_turn(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        s["new_devs"][seat] = dict.fromkeys(DEV_NAMES, 0)
        s["dev_played"] = False
        s["active"] = (seat + 1) % self.num_players
        s["turn"] += 1
        s["phase"] = "roll"
        return [{"type": "turn", "seat": s["active"], "turn": s["turn"]}]

    def _win(self, seat: int) -> Event:
        s = self.s
        s["phase"], s["winner"], s["offer"], s["discards"] = "over", seat, None, {}
        return {"type": "won", "seat": seat, "vp": [self.vp(t) for t in range(self.num_players)],
                "vp_cards": [s["devs"][t]["vp"] for t in range(self.num_players)]}

    # -- views and words ---------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        s = self.s
        over = self.over
        pieces = [[0, 0, 0] for _ in range(self.num_players)]  # settlements, cities, roads
        for b in s["buildings"]:
            if b is not None:
                pieces[b[0]][b[1] - 1] += 1
        for owner in s["roads"]:
            if owner is not None:
                pieces[owner][2] += 1
        players = [{
            "seat": t, "vp": pieces[t][0] + 2 * pieces[t][1] + 2 * (s["longest"] == t) + 2 * (s["largest"] == t)
            + (s["devs"][t]["vp"] if over else 0), "cards": sum(s["hands"][t]),
            "dev_cards": sum(s["devs"][t].values()), "knights": s["knights"][t], "road_length": s["road_len"][t],
            "settlements": pieces[t][0], "cities": pieces[t][1], "roads": pieces[t][2]}
            for t in range(self.num_players)]
        out: dict[str, Any] = {
            "game": "catan", "title": self.title, "phase": s["phase"], "turn": s["turn"], "active": s["active"],
            "to_move": sorted(self.to_move()), "terrain": list(s["layout"]["terrain"]),
            "tokens": list(s["layout"]["tokens"]), "harbors": list(s["layout"]["harbors"]), "robber": s["robber"],
            "buildings": [b and list(b) for b in s["buildings"]], "roads": list(s["roads"]), "bank": list(s["bank"]),
            "deck": len(s["deck"]), "players": players, "longest_road": s["longest"], "largest_army": s["largest"],
            "last_roll": s["last_roll"], "discards": dict(s["discards"]), "offer": copy.deepcopy(s["offer"]),
            "winner": s["winner"]}
        if seat is not None:
            out["seat"] = seat
            out["hand"] = _named(s["hands"][seat], zeros=True)
            out["dev_hand"] = {k: v for k, v in s["devs"][seat].items() if v}
            out["new_dev"] = {k: v for k, v in s["new_devs"][seat].items() if v}
            out["vp_total"] = self.vp(seat)
            kinds = self._harbor_kinds(seat)
            out["rates"] = {r: 2 if r in kinds else 3 if "any" in kinds else 4 for r in RESOURCES}
            out["news"] = list(s["news"][seat])
        return out

    def describe(self, action: Action) -> str:
        kind = action.get("type")
        s = self.s
        if kind == "build_settlement":
            return f"{'Settle' if s['phase'] == 'setup' else 'Build a settlement'} at {action['node']}"
        if kind == "build_road":
            free = " (free)" if s["phase"] in ("setup", "road_building") else ""
            return f"Road on path {action['path']} ({GEOMETRY.path_labels[action['path']]}){free}"
        if kind == "build_city":
            return f"City at {action['node']}"
        if kind == "maritime":
            rate = self.rate(s["active"], action["give"])
            return f"Trade {rate} {action['give']} for 1 {action['get']}"
        if kind == "discard":
            return f"Discard 1 {action['resource']}"
        if kind == "move_robber":
            hex_label = GEOMETRY.hex_labels[action["hex"]]
            victim = action["victim"]
            return f"Robber to {hex_label}" + (f", rob Seat {victim + 1}" if victim is not None else " (no one to rob)")
        if kind == "play_year_of_plenty":
            return "Year of Plenty: " + " + ".join(action["resources"])
        if kind == "play_monopoly":
            return f"Monopoly on {action['resource']}"
        if kind in ("accept", "decline", "withdraw"):
            return f"{kind.capitalize()} offer #{action['offer']}"
        if kind == "confirm":
            return f"Trade with Seat {action['with'] + 1} (offer #{action['offer']})"
        if kind in ("offer", "counter"):
            return f"{kind.capitalize()}: give {_words(action['give'])}, get {_words(action['get'])}"
        return {"roll": "Roll the dice", "end_turn": "End your turn", "buy_dev": "Buy a development card",
                "play_knight": "Play a Knight", "play_road_building": "Play Road Building"}.get(kind, str(kind))

    def describe_event(self, event: Event) -> str:
        kind, who = event["type"], f"Seat {event.get('seat', 0) + 1}"
        if kind == "settlement":
            return f"{who} built a settlement at {event['node']}."
        if kind == "road":
            return f"{who} built a road on path {event['path']} ({GEOMETRY.path_labels[event['path']]})."
        if kind == "city":
            return f"{who} built a city at {event['node']}."
        if kind == "start_cards":
            return f"{who} takes starting cards: {_words(event['cards']) or 'none'}."
        if kind == "turn":
            return f"Turn {event['turn']}: {who} to roll."
        if kind == "roll":
            return f"{who} rolled {event['dice'][0]} + {event['dice'][1]} = {sum(event['dice'])}."
        if kind == "produce":
            gains = "; ".join(f"Seat {int(t) + 1} gets {_words(g)}" for t, g in event["gains"].items())
            short = f" The bank is short of {', '.join(event['short'])}." if event["short"] else ""
            return (gains or "Nobody produces.") + short
        if kind == "must_discard":
            return "Discard half: " + ", ".join(f"Seat {int(t) + 1} {n}" for t, n in event["seats"].items()) + "."
        if kind == "discarded":
            return f"{who} discarded 1 {event['resource']}."
        if kind == "robber":
            return f"{who} moved the robber to {GEOMETRY.hex_labels[event['hex']]}."
        if kind == "steal":
            return f"{who} stole a card from Seat {event['victim'] + 1}."
        if kind == "bought_dev":
            return f"{who} bought a development card ({event['left']} left)."
        if kind == "played":
            extra = {"year_of_plenty": lambda: f", taking {' and '.join(event['resources'])}",
                     "monopoly": lambda: f" on {event['resource']}, taking {event['taken']}"}.get(
                event["card"], lambda: "")()
            return f"{who} played {DEV_NAMES[event['card']]}{extra}."
        if kind == "maritime":
            return f"{who} traded {event['count']} {event['give']} with the bank for 1 {event['get']}."
        if kind == "offer":
            o = event["offer"]
            to = "everyone" if o["to"] is None else f"Seat {o['to'] + 1}"
            return (f"Seat {o['from'] + 1} offers {to} (#{o['id']}): "
                    f"gives {_words(o['give'])}, wants {_words(o['get'])}.")
        if kind == "answer":
            a = event["answer"]
            said = a if isinstance(a, str) else f"counters: gives {_words(a['give'])}, wants {_words(a['get'])}"
            return f"{who} {said}s offer #{event['offer']}." if isinstance(a, str) else f"{who} {said}."
        if kind == "offer_closed":
            return f"Offer #{event['offer']} is closed."
        if kind == "trade":
            return f"{who} traded {_words(event['give'])} to Seat {event['with'] + 1} for {_words(event['get'])}."
        if kind == "longest_road":
            return ("Longest Road is set aside." if event["seat"] is None
                    else f"{who} takes Longest Road ({event['length']}).")
        if kind == "largest_army":
            return f"{who} takes Largest Army ({event['knights']} knights)."
        if kind == "won":
            return f"{who} wins with {event['vp'][event['seat']]} victory points!"
        return kind

    def result(self) -> Result | None:
        if not self.over:
            return None
        s = self.s
        vps = [self.vp(t) for t in range(self.num_players)]
        return Result.by_keys([(t == s["winner"], vps[t]) for t in range(self.num_players)], vps,
                              {"vp_cards": [s["devs"][t]["vp"] for t in range(self.num_players)],
                               "longest_road": s["longest"], "largest_army": s["largest"]})

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """Builds, bank trades and discards reveal nothing hidden or random."""
        return action.get("type") in ("build_road", "build_settlement", "build_city", "maritime", "discard") \
            and not any(e["type"] == "won" for e in events)


def _named(counts: list[int], *, zeros: bool = False) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, counts, strict=True) if n or zeros}


def _clean(bundle: dict[str, int]) -> dict[str, int]:
    return {r: int(n) for r, n in bundle.items() if n}


def _words(bundle: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in bundle.items() if n)


_CHECKS = {kind: getattr(Catan, f"_check_{kind}") for kind in KEYS}
"""The checker of each action type, looked up once rather than by name on every call."""
_DOS = {kind: getattr(Catan, f"_do_{kind}") for kind in KEYS}
