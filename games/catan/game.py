"""Catan, the base game, as `rules/catan.md` numbers it (CAT-1 … CAT-41).

The state is plain lists and dicts so that it is its own JSON (see `table`).  Every action goes
through one checker per action type (see `moves` and `trade`) that returns the reason it is
illegal (or None); `apply` raises that reason and `legal_actions` lists the candidates the
checker lets through, so what is listed and what is accepted can never drift apart.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar

from games.catan import text
from games.catan.board import GEOMETRY, RESOURCES
from games.catan.moves import KEYS, NAMES_OF
from games.catan.recap import RecapMixin
from games.catan.search import SearchMixin
from games.catan.table import COSTS, DEV_DECK, PIECES, WIN_VP, affordable, discards, named, new_table
from games.catan.trade import BANK, TradeMixin, offer_shape_help
from games.colours import colour_of
from games.core import (
    Action,
    Event,
    Option,
    Result,
    RuleError,
    bundle_field,
    fields_problem,
    kind_of,
    kind_problem,
    pick_field,
    register,
    split_handlers,
)
from games.suggested import kept, one_short

__all__ = ["DEV_DECK", "PIECES", "Catan"]
"""The card and piece counts stay importable from here, where the engine used to define them."""


BUILDS = {"city": "a city", "settlement": "a settlement", "road": "a road", "dev": "a development card"}
"""What a one-tap trade is for (`Catan.suggested`), in the player's words, the most wanted first."""


@register
class Catan(RecapMixin, SearchMixin, TradeMixin):
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

    # -- contract: creation and serialisation -------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> Catan:
        cls.check_players(num_players)
        return cls(new_table(num_players, seed, cls.resolve_options(options)))

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
            if waiting:  # CAT-32: the offerer may withdraw meanwhile (a silent answer stalls no one)
                return frozenset([*waiting, s["offer"]["from"]])
        return self._only[s["active"]]

    def current_seat(self) -> int | None:
        return None if self.over else (self.s["active"] if self.s["phase"] != "setup"
                                       else self.setup_order()[self.s["setup_step"]])

    # -- checking actions --------------------------------------------------------------------

    def _problem(self, seat: int, action: Action) -> str | None:
        """Why this seat may not take this action now; None when it may."""
        problem = kind_problem(action, KEYS, self.title) or fields_problem(action, KEYS[action["type"]],
                                                                                           names=NAMES_OF)
        if problem is not None:
            return problem
        kind = action["type"]
        if self.s["phase"] == "over":
            return "The game is over."
        if seat not in self.to_move():
            return "It is not your move now."
        return _CHECKS[kind](self, seat, action)

    # -- listing -----------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Candidates put to the checks `apply` uses, or built from those checks' own tests (the main phase,
        see `_turn_actions`).  Candidates are pruned first only where the check would refuse anyway
        (occupied places, places away from the network, cards not held), keeping their order, so the
        list is what filtering every candidate would give."""
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
        if phase == "discard":  # every choice of the cards owed, as one move each (CAT-18)
            return [{"type": "discard", "cards": named(list(cards))}
                    for cards in discards(tuple(s["hands"][seat]), s["discards"][str(seat)])]
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
        """The active player's moves before or after the roll.  The main phase's moves are built from
        their checks' own tests (`_listing` has answered an open offer already; the hand pays, pieces are
        left, the place is open and joins the network, the deck or the bank holds a card); the roll and the
        development cards are put to the checks `apply` uses.  Bank trades are listed one card at a time;
        the move panel groups them in its trade builder (DESIGN §2: the engine lists, the interface groups)."""
        s = self.s
        hand = s["hands"][seat]
        out: list[Action] = []
        candidates: list[Action] = []
        if s["phase"] == "roll":
            candidates.append({"type": "roll"})
        else:
            placed = self._placement()
            pays = affordable(tuple(hand))
            if "city" in pays and self._count(seat, 2) < PIECES["city"]:
                out += [{"type": "build_city", "node": v} for v in placed.settled[seat]]
            if "settlement" in pays and self._count(seat, 1) < PIECES["settlement"]:
                out += [{"type": "build_settlement", "node": v}
                        for v in sorted(placed.reach[seat] & placed.open_nodes())]
            if "road" in pays and s["roads"].count(seat) < PIECES["road"]:
                out += [{"type": "build_road", "path": p} for p in placed.near_paths(seat)]
            if "dev" in pays and s["deck"]:
                out.append({"type": "buy_dev"})
            rates, bank = self.rates(seat), s["bank"]  # one card for the seat's rate (CAT-33)
            out += [{"type": "maritime", "give": a, "get": b} for i, a in enumerate(RESOURCES)
                    if hand[i] >= rates[a] for j, b in enumerate(RESOURCES) if j != i and bank[j]]
            out.append({"type": "end_turn"})
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
        return out + [a for a in candidates if _CHECKS[a["type"]](self, seat, a) is None]

    def action_shapes(self, seat: int) -> list[dict[str, Any]]:
        s = self.s
        if self.over or seat not in self.to_move() or s["phase"] != "main":
            return []
        hand = s["hands"][seat]
        give = bundle_field("give", "You give", [(r, r, n) for r, n in zip(RESOURCES, hand, strict=True)])
        get = bundle_field("get", "You get", [(r, r, 19) for r in RESOURCES])
        if s["offer"] is None and seat == s["active"]:
            partners = [(t + 1, colour_of(t)) for t in range(self.num_players) if t != seat]
            to = pick_field("to", "Offer to", [*partners, ("all", "Everyone"), (BANK, "The bank / harbour")],
                            rates={BANK: {"give": self.rates(seat)}})
            return [{"type": "offer", "help": offer_shape_help(), "title": "Trade offer",
                     "fields": [to, give, get], "groups": ["maritime"]}]
        if s["offer"] is not None and seat in self._unanswered():
            return [{"type": "counter", "help": (
                f'{{"type": "counter", "offer": {s["offer"]["id"]}, "give": {{"ore": 1}}, "get": {{"wool": 1}}}}'
                " — what you would give and get instead"), "title": f"Counter-offer to offer #{s['offer']['id']}",
                "fixed": {"offer": s["offer"]["id"]}, "fields": [give, get]}]
        return []

    def suggested(self, seat: int) -> list[tuple[Action, str]]:
        """For each build one card short that has a piece and a place left: one spare card for that card offered
        to everyone, and the bank or harbour trade that gets it while the build stays paid (issue 43)."""
        view = self.view(seat)
        if view["phase"] != "main" or view["offer"] is not None:
            return []
        mine = view["players"][seat]
        room = {"road": mine["roads"] < PIECES["road"], "dev": True, "city": mine["settlements"] > 0
                and mine["cities"] < PIECES["city"], "settlement": mine["settlements"] < PIECES["settlement"]
                and self.open_spots(seat)[0] > 0}
        costs = {words: named(list(COSTS[key])) for key, words in BUILDS.items() if room[key]}
        found: list[tuple[Action, str]] = []
        for short in one_short(view["hand"], costs):
            found.append(({"type": "offer", "to": "all", "give": {next(iter(short.spare)): 1},
                           "get": {short.lacking: 1}}, short.what))
            found += [({"type": "maritime", "give": kind, "get": short.lacking}, short.what)
                      for kind, n in short.spare.items() if n >= view["rates"][kind]][:1]
        return kept(self, seat, found)

    def areas(self, action: Action) -> tuple[str, ...]:
        """The hexes a settlement, city, road or the robber goes on, by the picture's hex letters."""
        if "node" in action:
            hexes: tuple[int, ...] = GEOMETRY.node_hexes[action["node"]]
        elif "path" in action:
            a, b = GEOMETRY.paths[action["path"]]
            hexes = tuple(h for h in GEOMETRY.node_hexes[a] if h in GEOMETRY.node_hexes[b])
        elif "hex" in action:
            hexes = (action["hex"],)
        else:
            return ()
        return tuple(f"hex {GEOMETRY.hex_labels[h]}" for h in hexes)

    # -- playing -----------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._pin()  # see _placement
        try:
            problem = self._problem(seat, action)
            if problem is not None:
                raise RuleError(problem, f"catan_{kind_of(action)}")
            events: list[Event] = _DOS[action["type"]](self, seat, action)
            s = self.s
            if s["phase"] not in ("setup", "over") and self.vp(s["active"]) >= WIN_VP:
                events.append(self._win(s["active"]))  # CAT-39: only the active player wins, at once
            return events
        finally:
            self._pinned = False

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
            "declined": copy.deepcopy(s.get("declined", [])), "asks": copy.deepcopy(self.recent_asks()),
            "winner": s["winner"]}
        if seat is not None:
            out["seat"] = seat
            out["hand"] = named(s["hands"][seat], zeros=True)
            out["dev_hand"] = {k: v for k, v in s["devs"][seat].items() if v}
            out["new_dev"] = {k: v for k, v in s["new_devs"][seat].items() if v}
            out["vp_total"] = self.vp(seat)
            out["rates"] = self.rates(seat)
            out["news"] = list(s["news"][seat])
        return out

    def describe(self, action: Action) -> str:
        """The label, and in parentheses what the move costs and what else it does: a build's price, what a
        place produces, a robber put on the mover's own hex. A seat it names is named by its colour; the narrator's
        `label` names the person."""
        s = self.s
        kind, layout = action.get("type"), s["layout"]
        if kind == "move_robber":
            return text.robber_label(action, colour_of, layout, s["buildings"], s["active"])
        label = text.describe(action, s["phase"], lambda resource: self.rate(s["active"], resource))
        if kind in ("build_settlement", "build_city"):
            makes = text.produces(GEOMETRY.node_hexes[action["node"]], layout)
            price = "" if s["phase"] == "setup" else text.COST_WORDS[kind] + "; "
            harbour = self._harbors.get(action["node"]) if kind == "build_settlement" else None
            port = "" if harbour is None else f"; harbour {'3:1' if harbour == 'any' else '2:1 ' + harbour}"
            return f"{label} ({price}{makes}{port})"
        if kind in ("build_road", "buy_dev") and s["phase"] not in ("setup", "road_building"):
            return f"{label} ({text.COST_WORDS[kind]})"
        return label

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
        bank = action.get("type") == "offer" and action.get("to") == BANK
        return (bank or action.get("type") in ("build_road", "build_settlement", "build_city", "maritime", "discard")) \
            and not any(e["type"] == "won" for e in events)


Check = Callable[[Catan, int, Action], str | None]
Do = Callable[[Catan, int, Action], list[Event]]
_HANDLERS: dict[str, tuple[Check, Do]] = {
    "roll": (Catan._check_roll, Catan._do_roll),
    "end_turn": (Catan._check_end_turn, Catan._do_end_turn),
    "buy_dev": (Catan._check_buy_dev, Catan._do_buy_dev),
    "build_road": (Catan._check_build_road, Catan._do_build_road),
    "build_settlement": (Catan._check_build_settlement, Catan._do_build_settlement),
    "build_city": (Catan._check_build_city, Catan._do_build_city),
    "maritime": (Catan._check_maritime, Catan._do_maritime),
    "discard": (Catan._check_discard, Catan._do_discard),
    "move_robber": (Catan._check_move_robber, Catan._do_move_robber),
    "play_knight": (Catan._check_play_knight, Catan._do_play_knight),
    "play_road_building": (Catan._check_play_road_building, Catan._do_play_road_building),
    "play_year_of_plenty": (Catan._check_play_year_of_plenty, Catan._do_play_year_of_plenty),
    "play_monopoly": (Catan._check_play_monopoly, Catan._do_play_monopoly),
    "offer": (Catan._check_offer, Catan._do_offer),
    "accept": (Catan._check_accept, Catan._do_accept),
    "decline": (Catan._check_decline, Catan._do_decline),
    "counter": (Catan._check_counter, Catan._do_counter),
    "confirm": (Catan._check_confirm, Catan._do_confirm),
    "withdraw": (Catan._check_withdraw, Catan._do_withdraw),
}
"""Every action type's checker (why it is illegal, or None) and doer, in one visible table."""
_CHECKS, _DOS = split_handlers(_HANDLERS)
