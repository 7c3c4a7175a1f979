"""The Roanoke table: setup (ROA-S11), networks and income (S8, S9, S15), tile draws (S16),
the turn and season flow (S12, S19, S31), elimination (S35, S36) and final scoring (S37).

The whole state is one JSON dict `self.s`; every procedure that changes the table appends
public events to `self.events`.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng, StateGame
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import MARKET, WORKERS, payout
from games.roanoke.text import COLOURS

SETUP, MARKET_PHASE, MAIN, OVER = "setup", "market", "main", "over"
ROUNDS, SEASONS, SEATS = 3, 8, 4
PILE_START, HOUSES, MAX_HOUSES, MAX_UPGRADES = 40, 20, 5, 2
RES = B.RESOURCES


def empty_hand() -> dict[str, int]:
    return {r: 0 for r in RES}


def new_table(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """ROA-S11: board, shuffled tiles, full pile, 20 houses, one hidden season card per slot."""
    rng = Rng(seed)
    nodes = dict(B.NODES)
    if options["node_layout"] == "random":
        res = list(nodes.values())
        rng.shuffle(res)
        nodes = dict(zip(nodes, res, strict=True))
    tiles = [kind for kind in B.TILE_KINDS for _ in range(B.TILES_PER_KIND)]
    rng.shuffle(tiles)
    seasons = SE.deal(options["deck"], rng.choice)
    board = B.new_board(nodes)
    nets, links = [list(n) for n in B.START_NETS], list(B.START_LINKS)
    return {
        "n": SEATS, "options": dict(options), "rng": rng.to_dict(),
        "players": [{"alive": True, "hand": empty_hand(), "reserve": WORKERS} for _ in range(SEATS)],
        "market": [[0] * SEATS for _ in MARKET], "pile": {r: PILE_START for r in RES},
        "board": board, "draw_pile": tiles, "discard": [], "houses_left": HOUSES,
        "seasons": seasons, "revealed": [True] + [False] * (SEASONS - 1), "season_idx": 0, "round": 1,
        "first_seat": 0, "active": 0, "phase": SETUP, "added_worker": False, "placements_left": 0,
        "drawn_tile": None, "offer": None, "asks": [], "round_left": [], "nets": nets, "links": links, "log": [],
        "ending": None, "turn_no": 0}


class TableMixin(StateGame):
    """Shared procedures on the state dict."""

    def player(self, seat: int) -> dict[str, Any]:
        return self.s["players"][seat]

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.s["players"]) if p["alive"]]

    def cell(self, square: int) -> dict[str, Any] | None:
        return self.s["board"][square]

    def public_players(self) -> list[dict[str, Any]]:
        """Every colony as anyone may see it (the view's players, which `seasons.standing` reads)."""
        s = self.s
        board = s["board"]
        return [{"seat": i, "colour": COLOURS[i], "alive": p["alive"], "hand": dict(p["hand"]),
                 "chits": sum(p["hand"].values()), "reserve": p["reserve"],
                 "workers": {m: s["market"][j][i] for j, m in enumerate(MARKET) if s["market"][j][i]},
                 "houses": [B.label(x) for x in self.pieces(i, "house")],
                 "generators": {B.label(x): board[x]["gen"] for x in self.pieces(i, "gen")},
                 "road_upgrades": [B.label(x) for x in self.pieces(i, "up")],
                 "road_length": self.road_length(i), "own_road": self.own_road(i),
                 "link_class": self.link_class(i), "nodes": [B.label(x) for x in self.nodes_reached(i)]}
                for i, p in enumerate(s["players"])]

    # -- networks (ROA-S8, S9, S10) ------------------------------------------------------------

    def recompute_networks(self) -> None:
        self.s["nets"], self.s["links"] = B.networks(self.s["board"])

    def link_class(self, seat: int) -> list[int]:
        links = self.s["links"]
        return [x for x in range(SEATS) if links[x] == links[seat]]

    def super_road(self, seat: int) -> set[int]:
        out: set[int] = set()
        for member in self.link_class(seat):
            out.update(self.s["nets"][member])
        return out

    def road_length(self, seat: int) -> int:
        """ROA-S10 / R11: road tiles in the seat's super-road."""
        return B.road_tiles(self.s["board"], self.super_road(seat))

    def own_road(self, seat: int) -> int:
        """Road tiles in the seat's OwnNet (the second tiebreak, ROA-R30)."""
        return B.road_tiles(self.s["board"], self.s["nets"][seat])

    def nodes_reached(self, seat: int) -> list[int]:
        board = self.s["board"]
        return sorted(x for x in self.super_road(seat) if board[x]["kind"] == "node")

    def active_pieces(self, seat: int, piece: str) -> list[int]:
        """ROA-S9: the seat's houses / generators / road upgrades on squares of its own OwnNet."""
        board = self.s["board"]
        return [x for x in self.s["nets"][seat] if B.is_road(board[x]) and board[x]["owner"] == seat
                and board[x][piece]]

    def pieces(self, seat: int, piece: str) -> list[int]:
        """Every house / generator / road upgrade the seat owns, active or not (ROA-S32 'own')."""
        memo = getattr(self, "_memo", None)
        if memo is not None and (seat, piece) in memo:
            return memo[(seat, piece)]
        out = [x for x, c in enumerate(self.s["board"]) if c and c.get(piece) and c["owner"] == seat]
        if memo is not None:
            memo[(seat, piece)] = out
        return out

    def class_upgrades(self, seat: int) -> int:
        return sum(len(self.active_pieces(m, "up")) for m in self.link_class(seat))

    def income(self, seat: int) -> dict[str, int]:
        """ROA-S14 / S15 / R25: market payout + 1 per node in the super-road + 1 per active generator
        of the link class."""
        board = self.s["board"]
        total = payout(self.s["market"], seat)
        for x in self.nodes_reached(seat):
            total[board[x]["res"]] += 1
        for member in self.link_class(seat):
            for x in self.active_pieces(member, "gen"):
                total[board[x]["gen"]] += 1
        return total

    # -- tiles (ROA-S16, R17, R36) ---------------------------------------------------------------

    def draw_next(self) -> None:
        """Draw face up while placements remain and nothing is pending; unplaceable draws are discarded."""
        s = self.s
        while s["placements_left"] > 0 and s["drawn_tile"] is None:
            if not s["draw_pile"]:
                if not s["discard"]:
                    s["placements_left"] = 0
                    self.emit({"type": "no_tiles", "seat": s["active"]})
                    return
                s["draw_pile"], s["discard"] = s["discard"], []
                self.rng.shuffle(s["draw_pile"])
                self.emit({"type": "reshuffled", "count": len(s["draw_pile"])})
            kind = s["draw_pile"].pop()
            self.emit({"type": "tile_drawn", "seat": s["active"], "tile": kind})
            if B.can_place(s["board"], kind, s["active"]):
                s["drawn_tile"] = kind
            else:
                s["discard"].append(kind)
                s["placements_left"] -= 1
                self.emit({"type": "tile_unplaceable", "seat": s["active"], "tile": kind})

    # -- turn flow (ROA-S12, S19) ------------------------------------------------------------------

    def start_turn(self, seat: int) -> None:
        s = self.s
        s.update(active=seat, phase=MARKET_PHASE, added_worker=False, placements_left=0, drawn_tile=None)
        s["turn_no"] += 1
        self.emit({"type": "turn", "seat": seat, "season": s["season_idx"], "round": s["round"]})

    def start_round(self) -> None:
        s = self.s
        first = s["first_seat"]
        order = [(first + i) % SEATS for i in range(SEATS)]
        s["round_left"] = [x for x in order if s["players"][x]["alive"]]
        self.start_turn(s["round_left"].pop(0))

    def start_season(self, k: int) -> None:
        """ROA-S12 / R13: season k opens with its card revealed; its first seat is seat k mod 4, or the next
        surviving seat after it."""
        s = self.s
        s["season_idx"], s["round"] = k, 1
        if not s["revealed"][k]:
            s["revealed"][k] = True
        self.emit({"type": "season_revealed", "season": k, "card": s["seasons"][k]})
        s["first_seat"] = next(x for x in ((k + i) % SEATS for i in range(SEATS))
                               if s["players"][x]["alive"])
        self.start_round()

    def next_turn(self) -> None:
        s = self.s
        if s["phase"] == OVER:
            return
        if s["round_left"]:
            self.start_turn(s["round_left"].pop(0))
        elif s["round"] < ROUNDS:
            s["round"] += 1
            self.start_round()
        else:
            self.end_season()

    # -- seasons (ROA-S31, S32) --------------------------------------------------------------------

    def passes(self, seat: int, card_id: str) -> bool:
        """ROA-S32: does the seat meet the card on the current state?"""
        c = SE.CARDS[card_id]
        kind = c["kind"]
        hand = self.player(seat)["hand"]
        if kind == "own":
            what = ("gen", "up") if c["what"] == "generator_or_upgrade" else ({"house": "house", "generator": "gen"}
                                                                             [c["what"]],)
            return sum(len(self.pieces(seat, p)) for p in what) >= c["n"]
        if kind in ("hold", "consume"):
            return all(hand[r] >= n for r, n in c["amounts"].items())
        if kind == "hold_any":
            return sum(1 for r in RES if hand[r] >= c["n"]) >= c["types"]
        if kind == "lead":
            others = [x for x in self.alive() if x != seat]
            led = sum(1 for r in RES if all(hand[r] > self.player(o)["hand"][r] for o in others))
            return led >= c["types"]
        if kind == "reach":
            return bool(self.nodes_reached(seat))
        if kind == "road":
            return any(self.road_length(x) >= c["n"] for x in self.alive())
        links = {self.s["links"][x] for x in self.alive()}
        return len(links) <= 1

    def end_season(self) -> None:
        """ROA-S31 / R35: check every survivor on the same state, consume, eliminate the failers together."""
        s = self.s
        k = s["season_idx"]
        card = s["seasons"][k]
        survivors = self.alive()
        passed = {x: self.passes(x, card) for x in survivors}
        if SE.collective(card):
            ok = passed[survivors[0]]
            passed = {x: ok for x in survivors}
        failed = [x for x in survivors if not passed[x]]
        players = self.public_players() if failed else []
        why = {str(x): SE.standing(card, x, players)[1] for x in failed}
        amounts = SE.CARDS[card].get("amounts", {}) if SE.CARDS[card]["kind"] == "consume" else {}
        for x in survivors:
            if passed[x] and amounts:
                self.pay(x, amounts)
        self.emit({"type": "season_checked", "season": k, "card": card,
                   "passed": [x for x in survivors if passed[x]], "failed": failed, "paid": amounts, "why": why})
        self.eliminate(failed, "season")
        if s["phase"] == OVER:
            return
        if k == SEASONS - 1:
            self.finish("final")
        else:
            self.start_season(k + 1)

    def pay(self, seat: int, amounts: dict[str, int]) -> None:
        hand, pile = self.player(seat)["hand"], self.s["pile"]
        for r, n in amounts.items():
            hand[r] -= n
            pile[r] += n

    # -- elimination and the end (ROA-S35, S36, S37) ---------------------------------------------

    def eliminate(self, seats: list[int], why: str) -> None:
        """ROA-S35 / R23 / R37: hands pass to the nearest seat on the left surviving this same check."""
        s = self.s
        if not seats:
            return
        for x in seats:
            self.player(x)["alive"] = False
        offer = s["offer"]
        if offer is not None and (offer["from"] in seats or offer["to"] in seats):
            self.close_offer("cancelled")
        for x in seats:
            p = self.player(x)
            heir = next((y for y in ((x + i) % SEATS for i in range(1, SEATS)) if s["players"][y]["alive"]), None)
            given = {r: n for r, n in p["hand"].items() if n}
            target = s["pile"] if heir is None else self.player(heir)["hand"]
            for r, n in given.items():
                target[r] += n
            p["hand"] = empty_hand()
            removed = 0
            for counts in s["market"]:
                removed += counts[x]
                counts[x] = 0
            s["round_left"] = [y for y in s["round_left"] if y != x]
            self.emit({"type": "eliminated", "seat": x, "why": why, "heir": heir, "hand": given, "workers": removed})
        if not self.alive():
            self.finish("extinct")

    def finish(self, how: str) -> None:
        s = self.s
        s["phase"] = OVER
        s["ending"] = how
        if s["drawn_tile"] is not None:
            s["discard"].append(s["drawn_tile"])
            s["drawn_tile"] = None
        s["placements_left"] = 0
        if s["offer"] is not None:
            self.close_offer("cancelled")
        self.emit({"type": "game_over", "survivors": self.alive(), "winners": self.winners(),
                   "chits": [self.chits(x) for x in range(SEATS)]})

    def chits(self, seat: int) -> int:
        return sum(self.player(seat)["hand"].values())

    def score_key(self, seat: int) -> tuple[int, int, int]:
        """ROA-S37 / R30: chits in hand, then houses, then own road tiles."""
        return (self.chits(seat), len(self.pieces(seat, "house")), self.own_road(seat))

    def winners(self) -> list[int]:
        survivors = self.alive()
        if not survivors:
            return []
        best = max(self.score_key(x) for x in survivors)
        return [x for x in survivors if self.score_key(x) == best]

    # -- offers (the procedure shared by end of turn and elimination) -----------------------------

    def close_offer(self, why: str) -> None:
        offer = self.s["offer"]
        self.s["offer"] = None
        self.emit({"type": "offer_closed", "seat": offer["from"], "to": offer["to"], "why": why})
