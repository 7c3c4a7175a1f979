"""Colonies, the deckbuilder for 2–6, as `rules/colonies.md` numbers it (COL-S1…S29, COL-R1…R45).

The state is one JSON dict.  Moves are checked by one checker per move type (see
`moves`); the trade partner is the only player who may act in another player's turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from games.colonies import cards as C
from games.colonies import text
from games.colonies.moves import NAMES_OF
from games.colonies.recap import RecapMixin
from games.colonies.search import SearchMixin
from games.colonies.table import MAIN, OVER, READY, SOLDIER, THREAT, new_table
from games.colonies.trade import TradeMixin
from games.core import (
    TEXT,
    WHOLE,
    Action,
    Event,
    Field,
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

NAMES = Field("a list of card names", lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v))
FIELDS: dict[str, Field] = {"card": TEXT, "food": TEXT, "target": TEXT, "zone": TEXT, "land": TEXT, "mode": TEXT,
                            "wealth": TEXT, "worker": TEXT, "granary": WHOLE, "partner": WHOLE, "give": NAMES,
                            "want": NAMES, "workers": NAMES}
KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {k: (frozenset(r), frozenset(o)) for k, (r, o) in {
    "play": (("card",), ("food", "target", "zone", "land", "mode", "wealth")),
    "cannibalize": (("card",), ()), "work": (("worker", "land"), ("mode", "wealth")),
    "group": (("land", "workers"), ()), "explore": (("worker", "card"), ()),
    "reproduce": (("worker", "card"), ()), "combat": (("worker", "card", "zone"), ()),
    "pick": (("card",), ()), "witch": (("zone", "card"), ()), "end_turn": ((), ("granary",)),
    "offer": (("partner", "give", "want"), ("worker",)), "accept": ((), ()), "decline": ((), ()),
    "counter": (("give",), ()), "withdraw": ((), ())}.items()}
"""Each move type's required and optional fields."""
SPECS = {kind: ({f: FIELDS[f] for f in required}, {f: FIELDS[f] for f in optional})
         for kind, (required, optional) in KEYS.items()}
"""The same with each field's JSON type, as `fields_problem` checks them."""
ANSWERS = frozenset({"accept", "decline", "counter"})
PROMPTS = {"explorer": "pick", "witch": "witch"}
"""A pending choice and the only move that resolves it (COL-R43)."""
LOG_LINES = 8
"""The latest events the state keeps (the view's "last")."""
RANDOM_EVENTS = frozenset({"drew", "reshuffled", "roll", "turn", "returned", "event", "mulligan"})
PLURALS = {c: text.many(c, 2) for c in C.CARDS}
"""Each card's name for more than one, for the trade form's amounts ("2 Farmers", "2 Food")."""


@register
class Colonies(RecapMixin, SearchMixin, TradeMixin):
    id: ClassVar[str] = "colonies"
    title: ClassVar[str] = "Colonies"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[tuple[Option, ...]] = (
        Option("events", 24, (24, 12), "Event cards in the game: 24 (full, 25 rounds) or 12 (a shorter game)."),)
    summary: ClassVar[str] = (
        "Colonies: build a colony deck.  Each turn play your Threats first (a Soldier may fight them), then "
        "pay Food to put Population into play and send them to work Lands, explore the Frontier, reproduce "
        "from the Line-Up, fight, or trade.  Ship Wealth from the Coast for 5 points.  The First Settler flips "
        "an Event every round; when the Event deck runs out the round ends the game.")

    # -- contract: creation and serialisation --------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None,
            first_settler: int | None = None) -> Colonies:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        game = cls(new_table(num_players, seed, opts["events"], first_settler))
        game.s["options"] = opts
        for seat in range(num_players):
            game.opening_hand(seat)
        game.start_turn()
        game._remember(game.events)
        return game

    # -- who moves -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.s["phase"] == OVER

    def to_move(self) -> frozenset[int]:
        s = self.s
        if s["phase"] == OVER:
            return frozenset()
        offer = s["offer"]
        if offer is not None and offer["waiting"] != s["current"]:
            return frozenset({s["current"], offer["waiting"]})
        return frozenset({s["current"]})

    def current_seat(self) -> int | None:
        return None if self.over else self.s["current"]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        s = self.s
        out: list[Action] = []
        offer = s["offer"]
        if offer is not None and offer["waiting"] == seat:
            out += [a for a in self.offer_answers(seat) if self._rule_problem(seat, a) is None]
        if seat == s["current"]:
            out += self.candidates(seat)
            if offer is not None and offer["waiting"] != seat:
                withdraw = {"type": "withdraw"}
                if self._rule_problem(seat, withdraw) is None:
                    out.append(withdraw)
        return out

    def action_shapes(self, seat: int) -> list[dict[str, Any]]:
        """The trade offer, free-form because any cards may be offered for any names (COL-R27)."""
        s = self.s
        if seat != s["current"] or self.over or self.offer_blocked():
            return []
        partner = next(x for x in self.alive() if x != seat) + 1
        ready = sorted({e["card"] for e in self.player(seat)["in_play"] if e["state"] == READY})
        if not ready and s["active_event"] != "trade_winds":  # no Population to trade: nothing to build
            return []
        worker = f', "worker": "{ready[0]}"' if ready and s["active_event"] != "trade_winds" else ""
        free = self.free_hand(seat)
        size = sum(n for c, n in free.items() if C.KIND[c] not in (C.THREAT, C.EVENT))
        fields = [
            pick_field("partner", "Trade with", [(x + 1, f"Seat {x + 1}") for x in self.alive() if x != seat]),
            bundle_field("give", "You give", [(c, C.CARDS[c].title, free[c]) for c in C.CARDS
                                              if C.KIND[c] not in (C.THREAT, C.EVENT)], as_names=True,
                         plurals=PLURALS),
            bundle_field("want", "You want", [(c, C.CARDS[c].title, size) for c in C.CARDS
                                              if C.KIND[c] not in (C.THREAT, C.EVENT)], as_names=True,
                         plurals=PLURALS),
            pick_field("worker", "Trading Population", [(c, C.CARDS[c].title) for c in ready],
                       optional=s["active_event"] == "trade_winds")]
        return [{"type": "offer", "help": (
            f'{{"type": "offer", "partner": {partner}, "give": ["food"], "want": ["wealth"]{worker}}}'
            f' — partner is a seat number (1–{s["n"]}); give cards from your hand for as many card names;'
            ' "worker" is the Population in play that trades (not needed under Trade Winds)'),
            "title": "Trade offer", "fields": fields, "same_size": ["give", "want"]}]

    def suggested(self, seat: int) -> list[tuple[Action, str]]:
        """A Population in hand with no Food to play it (COL-S10): a spare card for a Food, offered to the first
        partner by the first Population ready to trade (issue 43)."""
        shapes = self.action_shapes(seat)
        view = self.view(seat)
        if not shapes or view["players"][seat]["granary"]:
            return []
        hand = Counter(c for c in view["hand"] if C.KIND[c] not in (C.THREAT, C.EVENT))
        partner, *_, worker = shapes[0]["fields"]
        costs = {f"play your {C.CARDS[c].title}": {c: 1, "food": 1} for c in hand if C.KIND[c] == C.POPULATION}
        found: list[tuple[Action, str]] = [
            ({"type": "offer", "partner": partner["choices"][0]["value"], "give": [next(iter(short.spare))],
              "want": ["food"]} | ({} if worker.get("optional") else {"worker": worker["choices"][0]["value"]}),
             short.what) for short in one_short(hand, costs)]
        return kept(self, seat, found)

    @classmethod
    def costly(cls, action: Action) -> bool:
        """Cannibalizing a Population and trashing one for the Witch Trials lose a card for good."""
        return action.get("type") in ("cannibalize", "witch") or super().costly(action)

    # -- playing ----------------------------------------------------------------------------------

    def _problem(self, seat: int, action: Action) -> str | None:
        """Why this seat may not make this move of a known type now; None when it may."""
        if problem := fields_problem(action, *SPECS[action["type"]], names=NAMES_OF):
            return problem
        return self._rule_problem(seat, action)

    def _rule_problem(self, seat: int, action: Action) -> str | None:
        """Why this seat may not make this well-formed move now; None when it may."""
        kind = action["type"]
        if self.over:
            return "The game is over."
        if kind not in ANSWERS:
            if seat != self.s["current"]:
                return "It is not your turn: only the active player acts, apart from answering an offer (COL-R27)."
            pending = self.s["pending"]
            if pending is not None and PROMPTS[pending["kind"]] != kind:
                what = "which Threat your Explorer keeps" if pending["kind"] == "explorer" else \
                    "which Population Witch Trials takes"
                return f"First choose {what} (COL-R43)."
        return _CHECKS[kind](self, seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        problem = kind_problem(action, KEYS, self.title)
        if problem is None:
            action = self.with_defaults(seat, action)
            problem = self._problem(seat, action)
        if problem is not None:
            raise RuleError(problem, f"colonies_{kind_of(action)}")
        self.events = []
        _DOS[action['type']](self, seat, action)
        self._settle()
        self._remember(self.events)
        return self.events

    def _settle(self) -> None:
        """After a move: a lapsed offer closes; the Soldier window and the Threat step end when no Threat is left."""
        s = self.s
        if s["phase"] == OVER:
            return
        self.check_offer_still_stands()
        if s["phase"] in (SOLDIER, THREAT) and s["pending"] is None \
                and C.THREATS.isdisjoint(self.player(s["current"])["hand"]):
            s["phase"] = MAIN

    def _remember(self, events: list[Event]) -> None:
        """Keep the latest events (not the draws) in the state, for the view's "last": the events themselves, as
        the narrator says them to each reader (a game stored before holds sentences there instead)."""
        kept = [e for e in events if e["type"] not in ("drew", "reshuffled")]
        if kept:
            self.s["log"] = [*self.s["log"], *kept][-LOG_LINES:]

    def notices(self, events: list[Event]) -> dict[int, list[Event]]:
        """A player hears of their own elimination by DM too (COL-S25)."""
        out: dict[int, list[Event]] = {}
        for e in events:
            if e["type"] == "eliminated":
                out.setdefault(e["seat"], []).append(e)
        return out

    def warnings(self, seat: int) -> list[str]:
        """On the player's own turn: ending it now would eliminate the colony, because no Population would be
        left once the hand's Population is lost at clean-up (COL-S22, S25, R39)."""
        s = self.s
        if self.over or seat != s["current"] or self.player(seat)["eliminated"]:
            return []
        p = self.player(seat)
        kept = p["deck"] + p["discard"] + [e["card"] for e in p["in_play"]]
        if any(C.KIND[c] == C.POPULATION for c in kept):
            return []
        return [text.last_population_warning(sum(C.KIND[c] == C.POPULATION for c in p["hand"]))]

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """Moves that revealed no card and rolled no die; nothing another player did depends on them."""
        if action.get("type") not in ("play", "work", "group", "reproduce", "combat"):
            return False
        return not any(e["type"] in RANDOM_EVENTS or (e["type"] == "gained" and e["source"].endswith("_deck"))
                       for e in events)

    # -- words --------------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        return text.describe(action)

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The public table (COL §6), and for a seat its own hand and what its Explorer saw."""
        s = self.s
        players = []
        for i, p in enumerate(s["players"]):
            players.append({
                "seat": i, "hand_size": len(p["hand"]), "deck_size": len(p["deck"]), "discard": list(p["discard"]),
                "in_play": [dict(e) for e in p["in_play"]], "livestock": p["livestock"], "granary": p["granary"],
                "shipped": p["shipped"], "eliminated": p["eliminated"], "mulligans": p["mulligans"],
                "score": self.score(i)})
        out: dict[str, Any] = {
            "title": self.title, "game": self.id, "num_players": s["n"], "phase": s["phase"],
            "to_move": sorted(self.to_move()), "current": None if self.over else s["current"],
            "first_settler": s["first_settler"], "round": s["round"], "turn": s["turn_no"],
            "final_round": s["final_round"], "food_supply": s["food_supply"], "wealth_supply": s["wealth_supply"],
            "active_event": s["active_event"], "events_left": len(s["event_deck"]),
            "event_discard": list(s["event_discard"]),
            "events_flipped": len(s["event_discard"]) + (s["active_event"] is not None),
            "lineup": list(s["lineup"]), "frontier": list(s["frontier"]),
            "pop_deck": len(s["pop_deck"]), "land_deck": len(s["land_deck"]), "threat_deck": len(s["threat_deck"]),
            "shipment_deck": len(s["shipment_deck"]), "trash": list(s["trash"]), "last_roll": s["last_roll"],
            "threats_played": s["threats_played"], "locked": self.locked(),
            "pending": None if s["pending"] is None else {"kind": s["pending"]["kind"], "seat": s["pending"]["seat"]},
            "offer": None if s["offer"] is None else dict(s["offer"]), "players": players, "last": list(s["log"]),
            "asks": [dict(a) for a in self.recent_asks()],
            "result": (r.to_dict() if (r := self.result()) else None)}
        if seat is not None:
            out["seat"] = seat
            out["hand"] = sorted(s["players"][seat]["hand"], key=_hand_order)
            out["playable"] = sorted({a["card"] for a in self.legal_actions(seat) if a["type"] == "play"})
            pending = s["pending"]
            if pending is not None and pending["kind"] == "explorer" and pending["seat"] == seat:
                out["explorer_sees"] = list(pending["seen"])
        return out

    # -- the end -------------------------------------------------------------------------------

    def result(self) -> Result | None:
        """COL-S28 / S29 / R40 / R41: survivors by score, then shipped Wealth, Land, Population."""
        if not self.over:
            return None
        n = self.s["n"]
        tallies = [self.tally(i) for i in range(n)]
        scores = [self.score(i) for i in range(n)]
        alive = [not self.player(i)["eliminated"] for i in range(n)]
        keys = [(alive[i], scores[i], tallies[i]["shipped"], tallies[i]["land"], tallies[i]["population"])
                if alive[i] else (False,) for i in range(n)]
        rows = [{**tallies[i], "score": scores[i], "eliminated": not alive[i]} for i in range(n)]
        return Result.by_keys(keys, scores, {"columns": ["population", "wealth", "land", "shipped", "eliminated"],
                                             "rows": rows})


def _hand_order(card: str) -> tuple[int, str]:
    return (["THREAT", "FOOD", "POPULATION", "WEALTH", "LAND", "SHIPMENT"].index(C.KIND[card]), card)


def count_cards(game: Colonies) -> Counter[str]:
    """Every card of the game by name, across all zones (the conservation check of the property tests)."""
    s = game.s
    total: Counter[str] = Counter()
    for name in ("event_deck", "event_discard", "pop_deck", "lineup", "land_deck", "frontier", "threat_deck",
                 "shipment_deck", "trash"):
        total.update(s[name])
    if s["active_event"]:
        total[s["active_event"]] += 1
    if s["pending"] is not None and s["pending"]["kind"] == "explorer":
        total.update(s["pending"]["seen"])
    for p in s["players"]:
        total.update(p["deck"] + p["hand"] + p["discard"] + [e["card"] for e in p["in_play"]])
        total["livestock"] += p["livestock"]
        total["food"] += p["granary"]
    total["food"] += s["food_supply"]
    total["wealth"] += s["wealth_supply"]
    return total


Check = Callable[[Colonies, int, Action], str | None]
Do = Callable[[Colonies, int, Action], None]
_HANDLERS: dict[str, tuple[Check, Do]] = {
    "play": (Colonies._check_play, Colonies._do_play),
    "cannibalize": (Colonies._check_cannibalize, Colonies._do_cannibalize),
    "work": (Colonies._check_work, Colonies._do_work),
    "group": (Colonies._check_group, Colonies._do_group),
    "explore": (Colonies._check_explore, Colonies._do_explore),
    "reproduce": (Colonies._check_reproduce, Colonies._do_reproduce),
    "combat": (Colonies._check_combat, Colonies._do_combat),
    "pick": (Colonies._check_pick, Colonies._do_pick),
    "witch": (Colonies._check_witch, Colonies._do_witch),
    "end_turn": (Colonies._check_end_turn, Colonies._do_end_turn),
    "offer": (Colonies._check_offer, Colonies._do_offer),
    "accept": (Colonies._check_accept, Colonies._do_accept),
    "decline": (Colonies._check_decline, Colonies._do_decline),
    "counter": (Colonies._check_counter, Colonies._do_counter),
    "withdraw": (Colonies._check_withdraw, Colonies._do_withdraw),
}
"""Every action type's checker (why it is illegal, or None) and doer, in one visible table."""
_CHECKS, _DOS = split_handlers(_HANDLERS)
