"""Roanoke for exactly four, as `rules/roanoke.md` numbers it (ROA-S1…S41, ROA-R1…R39).

Roads from four exits on a 13×13 grid, workers in an off-grid market, houses, generators
and road upgrades, and a season card to survive every three rounds.  The state is one JSON
dict; every move type has one checker (see `moves`, `trade`) and `legal_actions` lists only
what the checkers accept.  Nothing is private: every hand is public (ROA §7).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

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
    clone,
    fields_problem,
    kind_of,
    kind_problem,
    pick_field,
    register,
    split_handlers,
)
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke import text
from games.roanoke.market import MARKET, payout
from games.roanoke.moves import BUILT_LEGAL, HOUSE_COST, NAMES_OF, OFFER_NAMES, UPGRADE_COST
from games.roanoke.recap import RecapMixin
from games.roanoke.search import SearchMixin
from games.roanoke.table import MAIN, OVER, RES, ROUNDS, SEATS, SETUP, new_table
from games.roanoke.trade import TradeMixin
from games.suggested import kept, one_short

MAP = Field("a map of resource to amount", lambda v: isinstance(v, dict))
KEYS: dict[str, dict[str, Field]] = {
    "market_add": {"square": TEXT}, "market_move": {"from": TEXT, "to": TEXT}, "collect": {},
    "place": {"row": WHOLE, "col": WHOLE, "mask": WHOLE}, "discard": {}, "buy_house": {"square": TEXT},
    "buy_generator": {"square": TEXT, "res": TEXT, "wood": WHOLE, "food": WHOLE}, "buy_road_upgrade": {"square": TEXT},
    "offer": {"to": WHOLE, "give": MAP, "get": MAP}, "accept": {}, "decline": {}, "cancel": {}, "end_turn": {},
    "resign": {}}
"""Each move type and its fields (all required, no others)."""
ANSWERS = frozenset({"accept", "decline", "resign"})
QUIET = frozenset({"market_add", "market_move", "buy_house", "buy_generator", "buy_road_upgrade", "place", "discard"})
ALONE = tuple(frozenset({seat}) for seat in range(SEATS))
"""Each seat alone, as `to_move` answers it but for an open offer (shared: frozensets never change)."""
REVEALING = frozenset({"tile_drawn", "reshuffled", "season_revealed", "season_checked", "no_tiles"})


@register
class Roanoke(RecapMixin, SearchMixin, TradeMixin):
    id: ClassVar[str] = "roanoke"
    title: ClassVar[str] = "Roanoke"
    resignation: ClassVar[str] = "Resigning eliminates your colony at once; your resources pass to the left."
    """ROA-R28."""
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (
        Option("deck", "random", SE.DECKS,
               "Season cards: random (one of three per slot), designer (the ★ cards) or designer_original "
               "(the source's numbers — nearly unwinnable for four survivors)."),
        Option("node_layout", "fixed", ("fixed", "random"), "Resource nodes as printed, or shuffled over the four "
               "node squares."),
        Option("seat_order", "random", ("random", "join"),
               "Who sits where (seat 1 plays first): a seeded random order, or join order (replaces 'oldest "
               "player first')."),
    )
    summary: ClassVar[str] = (
        "Roanoke: four colonies build roads from their exits on a 13×13 grid.  Each turn: place, add or move "
        "market workers and collect (most workers on a square earns 2, a tie 1), then draw and place road tiles, "
        "buy houses, generators and road upgrades, and trade.  Every season has three rounds and a card to meet; "
        "whoever fails is out and their hand passes left.  Survive two years with the most resources.")

    def __init__(self, s: dict[str, Any]) -> None:
        super().__init__(s)
        self._memo = None

    # -- contract: creation and serialisation ----------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> Roanoke:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        game = cls(new_table(seed, opts))
        game.s["rng"] = game.rng.to_dict()
        return game

    @classmethod
    def seating(cls, num_players: int, seed: int, options: dict[str, Any] | None = None) -> list[int]:
        """ROA-S11 step 1 / R12: the players take seats 0–3 in a random order from the seed (or in join
        order); seat 0 then plays first (ROA-S11 step 5), so the randomness is in who sits where, not in a
        shifted start.  Its own stream, so it does not disturb the table's shuffles."""
        order = list(range(num_players))
        if cls.resolve_options(options)["seat_order"] == "random":
            random.Random(f"roanoke seating {seed}").shuffle(order)
        return order

    # -- who moves ---------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.s["phase"] == OVER

    def to_move(self) -> frozenset[int]:
        s = self.s
        if s["phase"] == OVER:
            return frozenset()
        if s["offer"] is not None:
            return frozenset({s["active"], s["offer"]["to"]})
        return ALONE[s["active"]]

    def current_seat(self) -> int | None:
        return None if self.over else self.s["active"]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        s = self.s
        built: list[Action] = []
        rest: list[Action] = []
        offer = s["offer"]
        if offer is not None and offer["to"] == seat:
            rest = [*self.offer_answers(seat), {"type": "resign"}]
        elif seat == s["active"]:
            built, rest = self.candidates(seat)
            if offer is not None:
                built.insert(0, {"type": "cancel"})
        # The candidates are well-formed and the seat is to move: only the move's own checker remains, and none
        # for the BUILT_LEGAL ones, which are built from their checkers' own tests.
        self._memo: dict[Any, Any] | None = {}
        try:
            check = _CHECKS
            return [a for a in built if a["type"] in BUILT_LEGAL or check[a["type"]](self, seat, a) is None] + [
                a for a in rest if check[a["type"]](self, seat, a) is None]
        finally:
            self._memo = None

    def action_shapes(self, seat: int) -> list[dict[str, Any]]:
        """The trade offer, free-form (ROA-S18, R21)."""
        s = self.s
        if self.over or seat != s["active"] or s["phase"] != MAIN or s["offer"] is not None:
            return []
        other = next((x for x in self.alive() if x != seat), None)
        if other is None:
            return []
        return [{"type": "offer", "help": (
            f'{{"type": "offer", "to": {other + 1}, "give": {{"food": 2}}, "get": {{"metal": 1}}}} — to is a seat '
            'number (1–4); give and get map food, water, metal or wood to amounts; either may be {} (a gift or a '
            'request).'), "title": "Trade offer", "fields": [
                pick_field("to", "Offer to", [(x + 1, text.COLOURS[x].capitalize()) for x in self.alive()
                                              if x != seat]),
                bundle_field("give", "You give", [(r, r, n) for r, n in self.player(seat)["hand"].items()]),
                bundle_field("get", "You get", [(r, r, 99) for r in RES])]}]

    def suggested(self, seat: int) -> list[tuple[Action, str]]:
        """For a house or a road upgrade one chit short: a spare chit for it, offered to the first colony that
        holds one (every hand is public, ROA §7; issue 43)."""
        view = self.view(seat)
        if not self.action_shapes(seat):
            return []
        players = view["players"]
        found: list[tuple[Action, str]] = []
        for short in one_short(players[seat]["hand"], {"a house": HOUSE_COST, "a road upgrade": UPGRADE_COST}):
            found += [({"type": "offer", "to": p["seat"] + 1, "give": {next(iter(short.spare)): 1},
                        "get": {short.lacking: 1}}, short.what)
                      for p in players if p["seat"] != seat and p["alive"] and p["hand"].get(short.lacking)][:1]
        return kept(self, seat, found)

    # -- playing -----------------------------------------------------------------------------------

    def _problem(self, seat: int, action: Action) -> str | None:
        """Why this seat may not make this move now; None when it may."""
        if problem := kind_problem(action, KEYS, self.title) or fields_problem(
                action, KEYS[action["type"]], names=OFFER_NAMES if action["type"] == "offer" else NAMES_OF):
            return problem
        kind = action["type"]
        if self.over:
            return "The game is over."
        if not isinstance(seat, int) or seat not in self.to_move():
            return f"It is not your turn: {text.COLOURS[self.s['active']]} is to move."
        offer = self.s["offer"]
        if kind not in ANSWERS and seat != self.s["active"]:
            return (f"An offer waits for your answer: accept or decline it; it is {text.COLOURS[self.s['active']]}'s "
                    "turn.")
        if kind != "resign" and offer is not None and seat == self.s["active"] and kind in ("accept", "decline"):
            return "You cannot answer your own offer; cancel it instead (ROA-S18)."
        if self.s["phase"] == SETUP and kind != "market_add":
            return "Setup: put your first worker on a market square (ROA-S11)."
        return _CHECKS[kind](self, seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        problem = self._problem(seat, action)
        if problem is not None:
            raise RuleError(problem, f"roanoke_{kind_of(action)}")
        self.events = []
        _DOS[action['type']](self, seat, action)
        self.check_offer_still_stands()
        self._remember(self.events)
        return self.events

    def _remember(self, events: list[Event]) -> None:
        """The last few events, as the view's "last" (a game stored before kept sentences there: they stay text)."""
        log = self.s["log"]  # the state's own list (a copy clones it): kept in place
        log += clone([e for e in events if e["type"] != "turn"])
        del log[:-8]

    def notices(self, events: list[Event]) -> dict[int, list[Event]]:
        """ROA-S41: every seat hears of a revealed season card, and a player of their own elimination."""
        out: dict[int, list[Event]] = {}
        for e in events:
            if e["type"] == "season_revealed":
                for seat in range(SEATS):
                    out.setdefault(seat, []).append(e)
            elif e["type"] == "eliminated":
                out.setdefault(e["seat"], []).append(e)
        return out

    def warnings(self, seat: int) -> list[str]:
        """A living colony that does not meet the season card as things stand: what is short, when the card is
        checked and how many of its turns remain before then, and that failing eliminates (ROA-S31, S35)."""
        s = self.s
        if self.over or not self.player(seat)["alive"]:
            return []
        card = s["seasons"][s["season_idx"]]
        if self.passes(seat, card):
            return []
        _ok, why = SE.standing(card, seat, self.public_players())
        order = [x for x in ((s["first_seat"] + i) % SEATS for i in range(SEATS)) if self.player(x)["alive"]]
        if s["phase"] == SETUP:  # the first season's rounds are all ahead
            turns, now = ROUNDS, False
        else:
            now = seat == s["active"]
            turns = ROUNDS - s["round"] + (1 if now or seat in s["round_left"] else 0)
        return [text.season_warning(card, s["season_idx"], why, last=order[-1], turns=turns, now=now)]

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """Market moves, purchases and tile moves that drew no new tile: nothing hidden came to light."""
        if action.get("type") not in QUIET or self.s["phase"] == SETUP:
            return False
        return not any(e["type"] in REVEALING or e["type"] == "setup_worker" for e in events)

    # -- words -------------------------------------------------------------------------------------

    def areas(self, action: Action) -> tuple[str, ...]:
        """A square's column on the board, by the picture's letter (ROA-S1)."""
        return (f"column {B.label(B.sq(0, action['col']))[0]}",) if "col" in action else ()

    def describe(self, action: Action) -> str:
        """The label; collecting says what the income will be (market, nodes and generators, ROA-S14, S15)."""
        if action.get("type") == "collect" and not self.over:
            return f"Collect income ({text.bundle(self.income(self.s['active']))})"
        return text.describe(action)

    # -- views -------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """ROA §7: everything but the draw-pile order, unrevealed season cards and the RNG; the same for all."""
        s = self.s
        board = s["board"]
        players = self.public_players()
        seasons = []
        for k, card in enumerate(s["seasons"]):
            shown = s["revealed"][k]
            seasons.append({"slot": SE.SEASON_NAMES[k], "candidates": list(SE.SLOTS[k]),
                            "card": card if shown else None, "name": SE.CARDS[card]["name"] if shown else None,
                            "goal": SE.goal_text(card) if shown else None})
        active = None if self.over else s["active"]
        drawn = s["drawn_tile"]
        spots = sorted({B.label(x) for x, _ in B.placements(board, drawn, s["active"])}) if drawn else []
        out: dict[str, Any] = {
            "title": self.title, "game": self.id, "num_players": SEATS, "phase": s["phase"],
            "to_move": sorted(self.to_move()), "active": active, "first_seat": s["first_seat"],
            "season": s["season_idx"], "season_name": SE.SEASON_NAMES[s["season_idx"]], "round": s["round"],
            "round_left": list(s["round_left"]), "seasons": seasons,
            "board": [None if c is None else dict(c) for c in board],
            "labels": {"exits": [B.label(x) for x in B.EXITS], "crosses": [B.label(x) for x in B.CROSSES]},
            "nets": [list(n) for n in s["nets"]], "links": list(s["links"]),
            "market": {m: list(s["market"][j]) for j, m in enumerate(MARKET)},
            "payout_preview": None if active is None else payout(s["market"], active),
            "income_preview": None if active is None else self.income(active),
            "pile": dict(s["pile"]), "draw_pile": len(s["draw_pile"]), "discard": list(s["discard"]),
            "houses_left": s["houses_left"], "added_worker": s["added_worker"],
            "placements_left": s["placements_left"], "drawn_tile": drawn, "drawn_spots": spots,
            "offer": None if s["offer"] is None else json.loads(json.dumps(s["offer"])),
            "turn": s["turn_no"], "asks": json.loads(json.dumps(self.recent_asks())),
            "players": players, "last": clone(s["log"]),
            "result": (r.to_dict() if (r := self.result()) else None)}
        if seat is not None:
            out["seat"] = seat
        return out

    # -- the end -------------------------------------------------------------------------------------

    def result(self) -> Result | None:
        """ROA-S36 / S37 / R30: survivors by chits, houses, own road; nobody wins when all are gone."""
        if not self.over:
            return None
        survivors = self.alive()
        scores = [self.chits(x) for x in range(SEATS)]
        rows = [{"chits": scores[x], "houses": len(self.pieces(x, "house")), "own_road": self.own_road(x),
                 "eliminated": x not in survivors} for x in range(SEATS)]
        details = {"survivors": len(survivors), "columns": ["chits", "houses", "own_road", "eliminated"],
                   "rows": rows}
        if not survivors:
            return Result(scores, [], details)
        ranked = Result.by_keys([self.score_key(x) for x in survivors], [scores[x] for x in survivors])
        ranking = [[survivors[i] for i in place] for place in ranked.ranking]
        dead = [x for x in range(SEATS) if x not in survivors]
        if dead:
            ranking.append(dead)
        return Result(scores, ranking, details)


Check = Callable[[Roanoke, int, Action], str | None]
Do = Callable[[Roanoke, int, Action], None]
_HANDLERS: dict[str, tuple[Check, Do]] = {
    "market_add": (Roanoke._check_market_add, Roanoke._do_market_add),
    "market_move": (Roanoke._check_market_move, Roanoke._do_market_move),
    "collect": (Roanoke._check_collect, Roanoke._do_collect),
    "place": (Roanoke._check_place, Roanoke._do_place),
    "discard": (Roanoke._check_discard, Roanoke._do_discard),
    "buy_house": (Roanoke._check_buy_house, Roanoke._do_buy_house),
    "buy_generator": (Roanoke._check_buy_generator, Roanoke._do_buy_generator),
    "buy_road_upgrade": (Roanoke._check_buy_road_upgrade, Roanoke._do_buy_road_upgrade),
    "offer": (Roanoke._check_offer, Roanoke._do_offer),
    "accept": (Roanoke._check_accept, Roanoke._do_accept),
    "decline": (Roanoke._check_decline, Roanoke._do_decline),
    "cancel": (Roanoke._check_cancel, Roanoke._do_cancel),
    "end_turn": (Roanoke._check_end_turn, Roanoke._do_end_turn),
    "resign": (Roanoke._check_resign, Roanoke._do_resign),
}
"""Every action type's checker (why it is illegal, or None) and doer, in one visible table."""
_CHECKS, _DOS = split_handlers(_HANDLERS)
