"""A heuristic Roanoke player that survives together (ROA §5.4, issue: "gifts resources to a
player about to fail a goal when it can spare them").

From its own view only: it spreads workers where it outnumbers the others, grows roads toward
unreached nodes and toward other players' networks (links share nodes and generators), never
paves a neighbour while any other placement exists, buys what the revealed season card asks
for, then houses and generators with what it can spare, and in the last two rounds of a season
gifts (or asks for) exactly what a survivor lacks for the card.  It grants a request it can spare
without failing the card itself, for what the asker lacks for the card or paid by what it lacks.

That kindness keeps a table of AI seats alive (ROA §5.4), but it is the table's, not the seat's: the
chits it gives are chits a rival ranks by (ROA-S37).  The hard level's search follows the same player
without it (`shrewd`): it asks but never gives, and grants only what it is paid for.
"""

from __future__ import annotations

import random
from typing import Any

from games import asks
from games.ai import Player, by_type, register_policy
from games.core import Action
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import MARKET, payout

View = dict[str, Any]
RES = B.RESOURCES


def card_of(view: View) -> str | None:
    return view["seasons"][view["season"]]["card"]


def lead_type(view: View, seat: int) -> str:
    """The type a seat aims to lead under a lead card: its own colour's resource (an agreement all AIs share)."""
    return RES[seat]


def need(view: View, seat: int) -> dict[str, int]:
    """What the seat must keep in hand for the revealed card (per resource)."""
    card = card_of(view)
    if card is None:
        return {}
    c = SE.CARDS[card]
    p = view["players"][seat]
    hand = p["hand"]
    kind = c["kind"]
    if kind in ("hold", "consume"):
        return dict(c["amounts"])
    if kind == "hold_any":
        best = sorted(RES, key=lambda r: (-hand[r], RES.index(r)))[:c["types"]]
        return {r: c["n"] for r in best}
    if kind == "lead":
        t = lead_type(view, seat)
        top = max((view["players"][o]["hand"][t] for o in alive(view) if o != seat), default=-1)
        return {t: top + 1}
    if kind == "own":
        want = c["n"]
        if c["what"] == "house":
            missing = max(0, want - len(p["houses"]))
            return {r: 2 * missing for r in RES}
        if c["what"] == "generator":
            missing = max(0, want - len(p["generators"]))
            houses_free = len(p["houses"]) - len(p["generators"])
            cost = {r: 0 for r in RES}
            for i in range(missing):
                if i >= houses_free:
                    for r in RES:
                        cost[r] += 2
                cost["food"] += 4 + 2
            return cost
        if len(p["generators"]) + len(p["road_upgrades"]) < want:
            return {"wood": 4, "metal": 4}
    return {}


def alive(view: View) -> list[int]:
    return [p["seat"] for p in view["players"] if p["alive"]]


def shortfall(view: View, seat: int) -> dict[str, int]:
    hand = view["players"][seat]["hand"]
    return {r: n - hand[r] for r, n in need(view, seat).items() if hand[r] < n}


def spare(view: View, seat: int) -> dict[str, int]:
    hand = view["players"][seat]["hand"]
    keep = need(view, seat)
    return {r: max(0, hand[r] - keep.get(r, 0)) for r in RES}


def payment(free: dict[str, int], lacks: dict[str, int], most: int) -> dict[str, int]:
    """Up to `most` of the cards the payee `lacks` for the card, from what the payer can spare (`free`): the pay
    a shrewd seat asks for a request (`acceptable`).  Two shrewd seats each short of what the other spares then
    swap, where two bare requests would both be declined and the colony lost."""
    pay: dict[str, int] = {}
    for r, n in lacks.items():
        k = min(n, free[r], most - sum(pay.values()))
        if k > 0:
            pay[r] = k
    return pay


def acceptable(view: View, seat: int, offer: dict[str, Any], *, generous: bool = True) -> bool:
    """Accept when what is asked can be spared without failing the card, and each card of it beyond what
    the asker lacks for the card is paid for by a card this seat lacks.

    For a generous seat, help toward a survivor's card is free (as its own gifts are); a shrewd one helps
    nobody for free.  Either way a request for everything a seat can spare is declined."""
    free = spare(view, seat)
    if any(free[r] < n for r, n in offer["get"].items()):
        return False
    lacks = shortfall(view, offer["from"]) if generous else {}
    beyond = sum(max(0, n - lacks.get(r, 0)) for r, n in offer["get"].items())
    mine = shortfall(view, seat)
    paid = sum(min(n, mine.get(r, 0)) for r, n in offer["give"].items())
    return beyond <= paid


@register_policy("roanoke")
class RoanokePlayer(Player):
    def __init__(self, *, generous: bool = True, offers: bool = True) -> None:
        """`generous`: it gives a neighbour what they lack for the season card; `offers`: it makes offers at all
        (the coach suggests the heuristic's move without its offer where the offer would be a gift)."""
        self.generous, self.offers = generous, offers

    def shrewd(self) -> Player:
        return RoanokePlayer(generous=False)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        groups = by_type(legal)
        seat = view["seat"]
        if "accept" in groups or "decline" in groups:
            offer = view["offer"]
            if offer is not None and offer["to"] == seat:
                if "accept" in groups and acceptable(view, seat, offer, generous=self.generous):
                    return groups["accept"][0]
                return groups.get("decline", legal)[0]
        phase = view["phase"]
        if phase == "setup":
            return self._setup(view, groups)
        if phase == "market":
            return self._market(view, groups)
        return self._main(view, groups, rng)

    # -- market -----------------------------------------------------------------------------------

    def _weights(self, view: View, seat: int) -> dict[str, float]:
        short = shortfall(view, seat)
        pile = view["pile"]
        return {r: (1.0 + 0.6 * (r in short)) * (1.0 if pile[r] > 4 else 0.3) + 0.01 * RES.index(r) for r in RES}

    def _value(self, market: list[list[int]], seat: int, w: dict[str, float]) -> float:
        got = payout(market, seat)
        return sum(got[r] * w[r] for r in RES)

    def _setup(self, view: View, groups: dict[str, list[Action]]) -> Action:
        seat = view["seat"]
        market = view["market"]
        order = [RES[(seat + i) % 4] for i in range(4)]
        for res in order:
            for m in MARKET:
                if m.startswith(res) and not any(market[m]):
                    return {"type": "market_add", "square": m}
        return groups["market_add"][0]

    def _market(self, view: View, groups: dict[str, list[Action]]) -> Action:
        seat = view["seat"]
        market = [list(view["market"][m]) for m in MARKET]
        w = self._weights(view, seat)
        base = self._value(market, seat, w)
        best, best_gain = None, 1e-9
        for a in groups.get("market_add", []):
            i = MARKET.index(a["square"])
            market[i][seat] += 1
            gain = self._value(market, seat, w) - base + 0.05  # an extra worker is worth having anyway
            market[i][seat] -= 1
            if gain > best_gain:
                best, best_gain = a, gain
        for a in groups.get("market_move", []):
            i, j = MARKET.index(a["from"]), MARKET.index(a["to"])
            market[i][seat] -= 1
            market[j][seat] += 1
            gain = self._value(market, seat, w) - base
            market[i][seat] += 1
            market[j][seat] -= 1
            if gain > best_gain + 1e-6:
                best, best_gain = a, gain
        if best is not None and (best["type"] == "market_add" or best_gain > 0.05):
            return best
        return groups["collect"][0]

    # -- main -------------------------------------------------------------------------------------

    def _main(self, view: View, groups: dict[str, list[Action]], rng: random.Random) -> Action:
        if view["offer"] is None:
            offer = self._offer(view)
            if offer is not None:
                return offer
        buy = self._buy(view, groups)
        if buy is not None:
            return buy
        if "place" in groups:
            return self._place(view, groups["place"], groups.get("discard", [None])[0])
        if "discard" in groups:
            return groups["discard"][0]
        if "end_turn" in groups:
            return groups["end_turn"][0]
        return groups.get("cancel", [next(a for a in groups.values())[0]])[0]

    def _offer(self, view: View) -> Action | None:
        """In rounds 2–3, one offer to each other survivor at most, the best this seat would make it: the gift
        of what it lacks for the card (if generous) and the request for what this seat lacks that it can spare
        (paid up front with what it lacks, if shrewd); never to a seat already asked this turn, nor on terms
        that seat declined this round (issue 36: it would only be declined again)."""
        seat = view["seat"]
        if not self.offers or view["round"] < 2 or card_of(view) is None:
            return None
        record = view["asks"]
        for to, give, get in self._offers(view, seat):
            if not asks.asked_this_turn(record, view["turn"], seat, to) \
                    and not asks.refused(record, to, {"give": give, "get": get}):
                return {"type": "offer", "to": to + 1, "give": give, "get": get}
        return None

    def _offers(self, view: View, seat: int) -> list[tuple[int, dict[str, int], dict[str, int]]]:
        """One offer per other survivor worth asking, as (target seat, give, get): gifts first, then those that
        can spare the most of what this seat lacks.  A shrewd seat's request comes paid (`payment`), since a
        shrewd seat grants nothing for free and a seat is asked once a turn."""
        others = [o for o in alive(view) if o != seat]
        mine, lacks = spare(view, seat), shortfall(view, seat)
        offers = []
        for o in others:
            theirs, short = spare(view, o), shortfall(view, o)
            get = {r: min(n, theirs[r]) for r, n in lacks.items() if min(n, theirs[r]) > 0}
            if self.generous:
                give = {r: min(n, mine[r]) for r, n in short.items() if min(n, mine[r]) > 0}
            else:
                give = payment(mine, short, sum(get.values()))
            if give or get:
                offers.append((o, give, get))
        return sorted(offers, key=lambda t: (self.generous and not t[1], -sum(t[2].values())))

    def _buy(self, view: View, groups: dict[str, list[Action]]) -> Action | None:
        seat = view["seat"]
        p = view["players"][seat]
        hand = p["hand"]
        card = card_of(view)
        net = set(view["nets"][seat])
        late = view["season"] >= 6
        c = SE.CARDS[card] if card else {}
        wants_house = c.get("kind") == "own" and c.get("what") == "house" and len(p["houses"]) < c["n"]
        wants_gen = c.get("kind") == "own" and c.get("what") in ("generator", "generator_or_upgrade") and \
            len(p["generators"]) + (len(p["road_upgrades"]) if c.get("what") != "generator" else 0) < c["n"]
        if wants_gen and not [a for a in groups.get("buy_generator", [])] and \
                len(p["houses"]) <= len(p["generators"]):
            wants_house = True
        keep = {} if (wants_house or wants_gen) else need(view, seat)
        free = {r: hand[r] - keep.get(r, 0) for r in RES}

        def affordable(cost: dict[str, int]) -> bool:
            return all(free[r] >= n for r, n in cost.items())

        gens = groups.get("buy_generator", [])
        if gens and (wants_gen or not late):
            pile = view["pile"]
            ranked = sorted(gens, key=lambda a: (B.parse_label(a["square"]) not in net, -pile[a["res"]] - hand[a["res"]]
                                                 * 0.1, a["wood"] if hand["wood"] < hand["food"] else a["food"]))
            for a in ranked:
                cost = {r: 0 for r in RES}
                cost[a["res"]] += 4
                cost["wood"] += a["wood"]
                cost["food"] += a["food"]
                if affordable({r: n + (0 if wants_gen else 2) for r, n in cost.items() if n}):
                    return a
        houses = groups.get("buy_house", [])
        if houses and (wants_house or (not late and len(p["houses"]) < 3)):
            margin = 0 if wants_house else 2
            if affordable({r: 2 + margin for r in RES}):
                ranked = sorted(houses, key=lambda a: (B.parse_label(a["square"]) not in net, a["square"]))
                return ranked[0]
        ups = groups.get("buy_road_upgrade", [])
        if ups and (wants_gen or (not late and len(p["road_upgrades"]) < 1 and view["season"] >= 1)):
            margin = 0 if wants_gen else 3
            if affordable({"wood": 4 + margin, "metal": 4 + margin}):
                ranked = sorted(ups, key=lambda a: (B.parse_label(a["square"]) not in net, a["square"]))
                return ranked[0]
        return None

    def _place(self, view: View, places: list[Action], discard: Action | None) -> Action:
        seat = view["seat"]
        board = view["board"]
        nets = [set(n) for n in view["nets"]]
        links = view["links"]
        mine = nets[seat]
        my_class = {x for x in range(4) if links[x] == links[seat]}
        reached = set()
        for m in my_class:
            reached |= {x for x in nets[m] if board[x]["kind"] == "node"}
        targets_nodes = [x for x in B.NODES if x not in reached] or [x for x in range(169)
                                                                      if board[x] and board[x]["kind"] == "node"]
        foreign = {}
        for o in range(4):
            if o not in my_class:
                for x in nets[o]:
                    foreign[x] = o
        best, best_score = None, -1e9
        for a in places:
            x = B.sq(a["row"], a["col"])
            mask = a["mask"]
            score = 0.0
            if board[x] is not None:
                score -= 12
            joined = False
            touches_node = touches_other = False
            open_free = 0
            for bit, y in B.NEIGHBOURS[x]:
                if not mask & bit:
                    continue
                cell = board[y]
                if cell is None:
                    open_free += 1
                    continue
                if y in mine:
                    joined = True
                if cell["kind"] == "node" and y not in reached:
                    touches_node = True
                if y in foreign:
                    touches_other = True
            if joined:
                score += 3
                if touches_node:
                    score += 10
                if touches_other:
                    score += 8
            score += 0.6 * open_free
            r, c = divmod(x, 13)
            d = min(abs(r - t // 13) + abs(c - t % 13) for t in targets_nodes)
            score -= 0.4 * d
            if foreign:
                d2 = min(abs(r - t // 13) + abs(c - t % 13) for t in foreign)
                score -= 0.2 * d2
            if score > best_score:
                best, best_score = a, score
        if best is None or (best_score < -8 and discard is not None):
            return discard or places[0]
        return best
