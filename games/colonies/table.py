"""The Colonies table: setup, the shared procedures (draw, gain, trash) and the turn flow.

Cards are name strings (see `cards`); the whole state is one JSON dict `self.s`.  Every
procedure that changes the table appends public events to `self.events`; cards a player
draws are reported by count only, so the log never shows a hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.colonies import cards as C
from games.core import Rng, StateGame

SHIPPED_POINTS = 5
"""What a shipped Wealth scores (COL-S28)."""

SOLDIER, THREAT, MAIN, OVER = "soldier", "threat", "main", "over"
READY, ACTED, RESERVED = "ready", "acted", "reserved"
"""States of a card in play: a Population that may still act, has acted, or is reserved by a trade offer."""


def new_player() -> dict[str, Any]:
    return {"deck": [], "hand": [], "discard": [], "in_play": [], "livestock": 0, "granary": 0,
            "shipped": 0, "eliminated": False, "mulligans": 0}


def new_table(num_players: int, seed: int, events: int, first_settler: int | None) -> dict[str, Any]:
    """COL-S1: starting sets, shuffled common decks, Line-Up and Frontier (hands are dealt by the game)."""
    rng = Rng(seed)
    decks: dict[str, list[str]] = {}
    for name, counts in (("event_deck", C.EVENT_DECK), ("pop_deck", C.POPULATION_DECK),
                         ("land_deck", C.LAND_DECK), ("threat_deck", C.THREAT_DECK),
                         ("shipment_deck", C.SHIPMENT_DECK)):
        pile = C.expand(counts)
        rng.shuffle(pile)
        decks[name] = pile
    decks["event_deck"] = decks["event_deck"][:events]  # COL-R2: the host's short game
    first = rng.randint(0, num_players - 1) if first_settler is None else first_settler
    players = [new_player() for _ in range(num_players)]
    for p in players:
        p["deck"] = C.expand(C.STARTING_SET)
        rng.shuffle(p["deck"])
    s: dict[str, Any] = {
        "n": num_players, "events_total": events, "first_settler": first, "current": first, "round": 1,
        "turn_no": 1, "phase": MAIN, "final_round": False, "food_supply": C.FOOD_SUPPLY,
        "wealth_supply": C.WEALTH_SUPPLY, "active_event": None, "event_discard": [], "trash": [],
        "lineup": decks["pop_deck"][:3], "frontier": decks["land_deck"][:3], "last_roll": None,
        "threats_played": 0, "pending": None, "offer": None, "players": players, "log": [],
        "rng": rng.to_dict(), **decks}
    s["pop_deck"] = s["pop_deck"][3:]
    s["land_deck"] = s["land_deck"][3:]
    return s


class TableMixin(StateGame):
    """The procedures of COL-S2..S5 and S22..S28 on the state dict."""

    def player(self, seat: int) -> dict[str, Any]:
        return self.s["players"][seat]

    # -- shared procedures ------------------------------------------------------------------

    def opening_hand(self, seat: int) -> None:
        """COL-S1 step 4 / COL-R36: a hand with no Food or only Food is revealed and redrawn, as often as needed."""
        p = self.player(seat)
        p["hand"], p["deck"] = p["deck"][:5], p["deck"][5:]
        while p["hand"].count("food") in (0, len(p["hand"])):
            self.emit({"type": "mulligan", "seat": seat, "cards": list(p["hand"])})
            p["deck"].extend(p["hand"])
            self.rng.shuffle(p["deck"])
            p["hand"], p["deck"] = p["deck"][:5], p["deck"][5:]
            p["mulligans"] += 1

    def draw(self, seat: int, n: int) -> int:
        """COL-S2 / COL-R4: one card at a time; an empty deck is the shuffled discard pile; both empty: nothing."""
        p = self.player(seat)
        drawn = 0
        while drawn < n:
            if not p["deck"]:
                if not p["discard"]:
                    break
                p["deck"], p["discard"] = p["discard"], []
                self.rng.shuffle(p["deck"])
                self.emit({"type": "reshuffled", "seat": seat, "count": len(p["deck"])})
            deck = p["deck"]
            taken = deck[:n - drawn]  # from the top, as many as the deck holds
            del deck[:len(taken)]
            p["hand"].extend(taken)
            drawn += len(taken)
        if drawn:
            self.emit({"type": "drew", "seat": seat, "count": drawn})
        return drawn

    def gain_supply(self, seat: int, name: str, n: int, source: str) -> int:
        """COL-S3 / COL-R1: up to n Food or Wealth from the finite supply to the discard pile."""
        key = f"{name}_supply"
        got = max(0, min(n, self.s[key]))
        self.s[key] -= got
        self.player(seat)["discard"].extend([name] * got)
        self.emit({"type": "gained", "seat": seat, "cards": [name] * got, "source": source})
        return got

    def gain_food(self, seat: int, base: int, source: str) -> int:
        """Food from a work: Harsh Winter makes it none (COL-R20), Bountiful Harvest adds one (COL-R19)."""
        if self.s["active_event"] == "harsh_winter":
            self.emit({"type": "winter", "seat": seat, "source": source})
            return 0
        bonus = 1 if self.s["active_event"] == "bountiful_harvest" and base > 0 else 0
        return self.gain_supply(seat, "food", base + bonus, source)

    def gain_top(self, seat: int, deck: str, n: int) -> list[str]:
        """COL-S3 / COL-R5: the top n of a common deck to the discard pile (fewer if it runs short)."""
        pile: list[str] = self.s[deck]
        got, self.s[deck] = pile[:n], pile[n:]
        self.player(seat)["discard"].extend(got)
        self.emit({"type": "gained", "seat": seat, "cards": got, "source": deck})
        return got

    def trash_card(self, name: str) -> None:
        """COL-S4: Food and Wealth return to their supply; any other card goes to the trash for good."""
        if name in ("food", "wealth"):
            self.s[f"{name}_supply"] += 1
        else:
            self.s["trash"].append(name)

    def trash_from(self, seat: int, zone: str, name: str, why: str) -> None:
        """Trash one named card from a player's hand or discard pile."""
        self.player(seat)[zone].remove(name)
        self.trash_card(name)
        self.emit({"type": "trashed", "seat": seat, "cards": [name], "zone": zone, "why": why})

    def trash_in_play(self, seat: int, index: int, why: str) -> None:
        card = self.player(seat)["in_play"].pop(index)["card"]
        self.trash_card(card)
        self.emit({"type": "trashed", "seat": seat, "cards": [card], "zone": "in_play", "why": why})

    # -- turn flow --------------------------------------------------------------------------

    def start_turn(self) -> None:
        """COL-S5 (the First Settler flips an Event from round 2), then the Soldier window if a Threat is in hand."""
        s = self.s
        s["threats_played"] = 0
        s["pending"] = None
        s["offer"] = None
        seat = s["current"]
        self.emit({"type": "turn", "seat": seat, "round": s["round"]})
        if seat == s["first_settler"] and s["round"] >= 2 and s["event_deck"]:
            self.flip_event()
        hand = self.player(seat)["hand"]
        s["phase"] = SOLDIER if not C.THREATS.isdisjoint(hand) else MAIN

    def flip_event(self) -> None:
        """COL-S5 / COL-R21 / COL-R22: a new active event; Vermin moves every granary to its discard pile."""
        s = self.s
        if s["active_event"]:
            s["event_discard"].append(s["active_event"])
        s["active_event"] = s["event_deck"].pop(0)
        if not s["event_deck"]:
            s["final_round"] = True
        self.emit({"type": "event", "card": s["active_event"], "left": len(s["event_deck"])})
        if s["active_event"] == "vermin":
            for seat, p in enumerate(s["players"]):
                if p["granary"]:
                    p["discard"].extend(["food"] * p["granary"])
                    self.emit({"type": "vermin", "seat": seat, "food": p["granary"]})
                    p["granary"] = 0

    def cleanup(self, granary: int) -> None:
        """COL-S22..S24: in play to discard, granary, reveal and clear the hand, refill, draw to 5."""
        s = self.s
        seat = s["current"]
        p = self.player(seat)
        for e in p["in_play"]:
            p["discard"].append(e["card"])
        p["in_play"] = []
        for _ in range(granary):
            p["hand"].remove("food")
        p["granary"] += granary
        revealed, p["hand"] = p["hand"], []
        trashed = []
        for c in revealed:
            if c in C.POPULATIONS:
                trashed.append(c)
                self.trash_card(c)
            else:
                p["discard"].append(c)
        self.emit({"type": "cleanup", "seat": seat, "granary": granary, "revealed": revealed, "trashed": trashed})
        for row, deck in (("lineup", "pop_deck"), ("frontier", "land_deck")):
            while len(s[row]) < 3 and s[deck]:
                s[row].append(s[deck].pop(0))
        self.draw(seat, 5 - len(p["hand"]))
        if all(C.POPULATIONS.isdisjoint(p[zone]) for zone in ("hand", "deck", "discard")):
            self.eliminate(seat)
        self.next_turn()

    def eliminate(self, seat: int) -> None:
        """COL-S25 / COL-R39: all the player's cards leave the game; granary Food returns to the supply."""
        p = self.player(seat)
        for c in p["hand"] + p["deck"] + p["discard"] + ["livestock"] * p["livestock"]:
            self.trash_card(c)
        self.s["food_supply"] += p["granary"]
        p.update(hand=[], deck=[], discard=[], livestock=0, granary=0, eliminated=True)
        self.emit({"type": "eliminated", "seat": seat})

    def alive(self) -> list[int]:
        return [seat for seat, p in enumerate(self.s["players"]) if not p["eliminated"]]

    def next_turn(self) -> None:
        """COL-S26 / S27 / R37 / R38: the next surviving seat, a new round at the First Settler, or the end."""
        s = self.s
        if len(self.alive()) <= 1:
            self.finish()
            return
        n, a = s["n"], s["current"]
        b = next(x % n for x in range(a + 1, a + n + 1) if not s["players"][x % n]["eliminated"])
        if 1 <= (s["first_settler"] - a) % n <= ((b - a) % n or n):
            if s["final_round"]:
                self.finish()
                return
            s["round"] += 1
            s["first_settler"] = b  # COL-R38: an eliminated First Settler hands the role on
        s["current"] = b
        s["turn_no"] += 1
        self.start_turn()

    def finish(self) -> None:
        s = self.s
        s["phase"] = OVER
        s["pending"] = None
        s["offer"] = None
        self.emit({"type": "game_over", "scores": [self.score(seat) for seat in range(s["n"])],
                   "tallies": [None if p["eliminated"] else self.tally(seat) for seat, p in enumerate(s["players"])]})

    # -- scoring ----------------------------------------------------------------------------

    def owned(self, seat: int) -> list[str]:
        """The seat's cards that score (COL-S28): hand, deck, discard, and this turn's cards in play."""
        p = self.player(seat)
        return p["hand"] + p["deck"] + p["discard"] + [e["card"] for e in p["in_play"]]

    def tally(self, seat: int) -> dict[str, int]:
        """COL-S28's counts over hand, deck, discard (and this turn's cards in play)."""
        p = self.player(seat)
        kinds = Counter(map(C.KIND.__getitem__, self.owned(seat)))
        return {"population": kinds[C.POPULATION], "wealth": kinds[C.WEALTH], "land": kinds[C.LAND],
                "shipped": p["shipped"]}

    def score(self, seat: int) -> int:
        """COL-S28: 1 per Population and Wealth, 2 per Land, 5 per shipped Wealth; eliminated players score 0."""
        if self.player(seat)["eliminated"]:
            return 0
        t = self.tally(seat)
        return t["population"] + t["wealth"] + 2 * t["land"] + SHIPPED_POINTS * t["shipped"]
