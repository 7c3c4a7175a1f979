"""A heuristic Colonies player: a sound economy from its own view only.

It fights Threats with Soldiers before they strike, puts every Land, Wealth and
Shipment into play, feeds as much Population as its Food allows, sends each worker to
the Land it is best at (Traders ship, Miners mine, Trappers trap, Farmers farm), explores
and reproduces with the rest, cannibalizes only Population it could not feed anyway,
stores the most Food it can, and trades: with a Trader ready and Population in hand it cannot
feed, it offers its least useful card for a Food (to each seat once a turn at most, never on terms that
seat declined this round), and it
answers offers by the points and Food they are worth, countering with one card changed where
that makes a bad offer good.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games import asks
from games.ai import Player, register_policy
from games.colonies.cards import CARDS, EVENT, FOOD, POPULATION, THREAT
from games.core import Action

View = dict[str, Any]

CARD_VALUE = {"food": 1.2, "wealth": 1.5, "farmer": 1.4, "trader": 1.8, "miner": 1.6, "trapper": 1.5,
              "soldier": 1.7, "explorer": 1.3, "farmland": 2.5, "coast": 2.6, "mountains": 2.3, "forest": 2.2,
              "supplies": 1.5, "settlers": 1.8, "horses": 1.2, "livestock": 1.6, "arms": 0.8, "laborers": 1.3}
"""What a card is worth to hold: points (COL-S28) plus what it produces."""
THREAT_PAIN = {"peaceful_tribe": 1, "crop_failure": 2, "warlike_tribe": 3, "pirates": 3, "disease": 4}
BEST_LAND = {"farmer": "farmland", "trader": "coast", "miner": "mountains", "trapper": "forest"}
PLAY_ORDER = {"livestock": 36, "land": 35, "wealth": 34, "horses": 33, "supplies": 32, "settlers": 32}


def _value(card: str) -> float:
    return CARD_VALUE.get(card, 0.5)


@register_policy("colonies")
class ColoniesPlayer(Player):
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        offer = self._offer(view)
        if offer is not None:
            return offer
        return max(legal, key=lambda a: self.score(view, a) + rng.random() * 0.01)

    def _offer(self, view: View) -> Action | None:
        """A Food for the least useful card in hand, made by a ready Trader (both gain a Wealth, COL-R28,
        so a fair swap is good for the partner too), when Population in hand outnumber the Food to feed
        them; to the seat with the most cards, else the next, never to a seat asked this turn nor on terms it
        declined this round (issue 36)."""
        seat = view["seat"]
        me = view["players"][seat]
        if (view["current"] != seat or view["phase"] != "main" or view["locked"] or view["pending"] is not None
                or view["offer"] is not None or view["active_event"] == "strife"):
            return None
        if not any(e["card"] == "trader" and e["state"] == "ready" for e in me["in_play"]):
            return None
        hand = view["hand"]
        pops = sum(1 for c in hand if CARDS[c].kind == POPULATION)
        if pops <= hand.count("food") + me["granary"]:
            return None
        spare = [c for c in hand if CARDS[c].kind not in (FOOD, POPULATION, THREAT, EVENT)]
        if not spare:
            return None
        give = min(spare, key=_value)
        partners = sorted((p for p in view["players"] if p["seat"] != seat and not p["eliminated"]),
                          key=lambda p: (-p["hand_size"], p["seat"]))
        record = view["asks"]
        for p in partners:
            if not asks.asked_this_turn(record, view["turn"], seat, p["seat"]) \
                    and not asks.refused(record, p["seat"], {"give": [give], "want": ["food"]}):
                return {"type": "offer", "partner": p["seat"] + 1, "give": [give], "want": ["food"],
                        "worker": "trader"}
        return None

    def score(self, view: View, a: Action) -> float:
        kind = a["type"]
        if kind == "pick":
            return -THREAT_PAIN.get(a["card"], 3)
        if kind == "witch":
            return (1 if a["zone"] == "discard" else 0) - _value(a["card"])
        if kind in ("accept", "decline", "counter"):
            return self._answer(view, a)
        if kind == "combat":
            return 50 - (a["worker"] != "soldier") + (a["zone"] == "hand")
        if kind == "play":
            return self._play(view, a)
        if kind == "work":
            return self._work(view, a["worker"], a)
        if kind == "group":  # Wealth instead of Food: worth it once Food is laid by
            fed = self._food_stock(view) >= 3
            return (22 if fed else 12) + len(a["workers"]) - sum(_value(w) for w in a["workers"]) * 0.1
        if kind == "explore":
            return (19 if a["worker"] == "explorer" else 14) + _value(a["card"])
        if kind == "reproduce":
            return 15 + _value(a["card"])
        if kind == "end_turn":
            return a["granary"] * 0.1
        if kind == "cannibalize":
            return self._cannibalize(view, a["card"])
        return -10  # withdraw: never by choice

    @staticmethod
    def _food_stock(view: View) -> float:
        """Food the player can count on: in hand, in the granary, and half of what waits in the discard pile."""
        me = view["players"][view["seat"]]
        return view["hand"].count("food") + me["granary"] + me["discard"].count("food") / 2

    def _cannibalize(self, view: View, card: str) -> float:
        """Worth it only when Population in hand outnumber the Food to feed them by two or more: the
        unfed ones would be trashed at clean-up anyway (COL-S22), so one feeds another (COL-S13)."""
        hand = view["hand"]
        pops = sum(1 for c in hand if CARDS[c].kind == POPULATION)
        food = hand.count("food") + view["players"][view["seat"]]["granary"]
        return 29 - _value(card) if pops - food >= 2 else -10

    def _play(self, view: View, a: Action) -> float:
        card = a["card"]
        kind = CARDS[card].kind
        if kind == "THREAT":
            return 10 - THREAT_PAIN[card] * 0.1 - _value(a.get("target", "")) * 0.01
        if kind == POPULATION:
            cost = 0.5 if a["food"] == "granary" else 0  # keep hand Food for the granary's safety
            return (40 if card == "soldier" and view["phase"] == "soldier" else 30) + _value(card) - cost
        if card == "arms":
            return 20 if "target" in a else 1
        if card == "laborers":
            return 24 + (self._work(view, "laborers", a) / 10 if "land" in a else -20)
        return PLAY_ORDER.get(card, PLAY_ORDER.get(CARDS[card].kind.lower(), 5))

    def _work(self, view: View, worker: str, a: Action) -> float:
        land = a["land"]
        if a.get("mode") == "ship":
            return 28 + (worker == "trader") * 2 - (a["wealth"] == "play") * 0.5
        base = {"farmland": 20, "livestock": 18, "coast": 15, "mountains": 13, "forest": 12}[land]
        if BEST_LAND.get(worker) == land or (worker == "farmer" and land == "livestock"):
            base += 8
        winter = view.get("active_event") == "harsh_winter" and land in ("farmland", "livestock", "coast")
        return base - (12 if winter else 0)

    def _answer(self, view: View, a: Action) -> float:
        """Accept by what the cards are worth (and a Trader's Wealth); counter only one card away from the
        cards asked (a small change the offerer may take), a little below an acceptance as good."""
        offer = view["offer"]
        mine = view["seat"] == offer["to"]
        if a["type"] == "decline":
            return 0
        if a["type"] == "counter":
            if (Counter(offer["want"]) - Counter(a["give"])).total() != 1:
                return -1
            bonus = 1 if offer["worker"] == "trader" else 0
            return sum(_value(c) for c in offer["give"]) - sum(_value(c) for c in a["give"]) + bonus - 0.25
        got, given = (offer["give"], offer["want"]) if mine else (offer["want"] if offer["counter"] is None
                                                                   else offer["counter"], offer["give"])
        gain = sum(_value(c) for c in got) - sum(_value(c) for c in given)
        bonus = 1 if offer["worker"] == "trader" else 0
        return gain + bonus

