"""The active player's moves: playing cards, Population actions, prompts and the end of the turn.

Each move type has a `_check_<type>` that returns why it is illegal (or None) and a
`_do_<type>` that plays it; `candidates` builds the legal moves from the helpers those
checkers consult, and a test holds the two to the same moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

from games.colonies import cards as C
from games.colonies.table import ACTED, MAIN, READY, RESERVED, SOLDIER, THREAT, TableMixin
from games.core import Action, listed

LAND_ROLLS = {"mountains": "miner", "forest": "trapper"}
"""Lands worked with a d6, and the Population whose +1 applies there (COL-R17)."""


NAMES_OF: dict[str, str] = {
    "card": "the card", "food": "where the Food comes from", "target": "the card it takes",
    "zone": "where that card lies",
    "land": "the Land worked", "mode": "how the Coast is worked", "wealth": "where the shipped Wealth comes from",
    "worker": "the Population who works", "granary": "the Food put in the granary", "partner": "the trade partner",
    "give": "the cards you give", "want": "the cards you want", "workers": "the Population working together"}
"""What a refusal calls each field of a move: the board's words, never the JSON key."""


class MovesMixin(TableMixin):
    # -- what the player holds ----------------------------------------------------------------

    def free_hand(self, seat: int) -> Counter[str]:
        """The hand minus the cards locked in the player's own pending trade offer (COL-R27)."""
        hand = Counter(self.player(seat)["hand"])
        offer = self.s["offer"]
        if offer is not None and offer["from"] == seat:
            hand -= Counter(offer["give"])
        return hand

    def free_cards(self, seat: int) -> list[str]:
        """The names `free_hand` holds, sorted: built without a Counter unless the seat has an offer out, since
        the moves are listed from it after every action."""
        offer = self.s["offer"]
        if offer is not None and offer["from"] == seat:
            return sorted(self.free_hand(seat))
        return sorted(set(self.player(seat)["hand"]))

    def free_count(self, seat: int, card: str) -> int:
        """How many of this card `free_hand` holds, counted without building it: the checks ask for one card
        each, many times over while the moves are listed."""
        count = self.player(seat)["hand"].count(card)
        offer = self.s["offer"]
        if offer is not None and offer["from"] == seat:
            count -= offer["give"].count(card)
        return max(count, 0)

    def locked(self) -> bool:
        """COL-S9: a Threat in the active hand during MAIN allows only Threats and Population actions."""
        return self.s["phase"] == MAIN and not C.THREATS.isdisjoint(self.player(self.s["current"])["hand"])

    def ready_index(self, seat: int, name: Any) -> int | None:
        """The first Population of that name in play that has not acted this turn."""
        for i, e in enumerate(self.player(seat)["in_play"]):
            if e["card"] == name and e["state"] == READY and C.KIND[e["card"]] == C.POPULATION:
                return i
        return None

    def workable(self, seat: int) -> list[str]:
        """What can be worked now: Lands in play (by name) and Livestock (COL-R15)."""
        p = self.player(seat)
        names = sorted({e["card"] for e in p["in_play"] if C.KIND[e["card"]] == C.LAND})
        return names + (["livestock"] if p["livestock"] else [])

    def _in_play_index(self, seat: int, name: str) -> int | None:
        return next((i for i, e in enumerate(self.player(seat)["in_play"]) if e["card"] == name), None)

    # -- omitted arguments (COL-R43) ------------------------------------------------------------

    def with_defaults(self, seat: int, a: Action) -> Action:
        """Fill what a command may leave out: Food from hand (COL-S10) or from the granary when that is the
        only source, the most Food to the granary (COL-R35), and a target where only one is legal (COL-R43).
        Anything else stays missing."""
        kind, card = a["type"], a.get("card")
        if kind == "end_turn" and "granary" not in a:
            return {**a, "granary": self.player(seat)["hand"].count("food") // 2}
        if kind != "play" or not isinstance(card, str) or card not in C.CARDS:
            return a
        if set(a) & {"food", "target", "zone", "land"}:
            return a
        if C.KIND[card] == C.POPULATION:  # hand by default; the granary when it is the only source
            only_granary = self.free_count(seat, "food") < 1 and self.player(seat)["granary"] > 0
            return {**a, "food": "granary" if only_granary else "hand"}
        if C.KIND[card] == C.THREAT and len(targets := self.threat_targets(seat, card)) == 1:
            return {**a, "target": targets[0]}
        if card == "arms" and len(pairs := self.arms_targets(seat)) == 1:
            return {**a, "zone": pairs[0][0], "target": pairs[0][1]}
        return a

    # -- checks -------------------------------------------------------------------------------

    def _check_play(self, seat: int, a: Action) -> str | None:
        card = a["card"]
        if card not in C.CARDS:
            return f"There is no card called {card!r}."
        if self.free_count(seat, card) < 1:
            if card in self.player(seat)["hand"]:
                return f"Your {C.title(card)} is offered in your trade; withdraw the offer to use it (COL-R27)."
            return f"You have no {C.title(card)} in your hand to play (COL-S10–S12)."
        k = C.KIND[card]
        if k == C.FOOD:
            return "Food is never played; it pays for Population, is traded or stored (COL-R42)."
        phase = self.s["phase"]
        if k != C.THREAT:
            if phase == SOLDIER and card != "soldier":
                return "Before your Threats only a Soldier may be played (COL-S6)."
            if phase == THREAT:
                return "Play every Threat in your hand first (COL-S7)."
            if self.locked():
                return "A Threat in your hand must be played before any other card (COL-S9)."
        return _SHAPES[k](self, seat, a)

    def _extra(self, a: Action, allowed: set[str]) -> str | None:
        if len(a) == 2 + len(allowed) and allowed.issubset(a):  # the type, the card and exactly those fields
            return None
        extra = set(a) - {"type", "card"} - allowed
        missing = allowed - set(a)
        if extra:
            return f"Leave out {listed(sorted(NAMES_OF[k] for k in extra))}: playing {C.title(a['card'])} needs none."
        if missing:
            return f"Playing {C.title(a['card'])} needs {listed(sorted(NAMES_OF[k] for k in missing))}."
        return None

    def _shape_threat(self, seat: int, a: Action) -> str | None:
        targets = self.threat_targets(seat, a["card"])
        if not targets:
            return self._extra(a, set())
        if a.get("target") not in targets:
            names = ", ".join(C.title(t) for t in targets)
            return f"{C.title(a['card'])} needs a target from your hand: {names} (COL-S8)."
        return self._extra(a, {"target"})

    def threat_targets(self, seat: int, threat: str) -> list[str]:
        """COL-S8 / R9: the cards the Threat could take, judged on the hand after it left."""
        hand = self.player(seat)["hand"]
        kinds = C.THREAT_TARGET_KINDS[threat]
        return sorted(c for c in set(hand) if C.KIND[c] in kinds and (c != threat or hand.count(c) > 1))

    def _shape_population(self, seat: int, a: Action) -> str | None:
        food = a.get("food")
        if food == "hand" and self.free_count(seat, "food") < 1:
            return "Playing a Population costs 1 Food and your hand has none free (COL-S10)."
        if food == "granary" and self.player(seat)["granary"] < 1:
            return "Your granary is empty; pay the Food from your hand (COL-S10)."
        if food not in ("hand", "granary"):
            return "Say where the Food comes from: your hand or your granary (COL-S10)."
        return self._extra(a, {"food"})

    def _shape_land(self, seat: int, a: Action) -> str | None:
        """A Land or a Wealth names nothing more than the card."""
        return self._extra(a, set())

    def _shape_shipment(self, seat: int, a: Action) -> str | None:
        card = a["card"]
        if card == "arms":
            targets = self.arms_targets(seat)
            if not targets:
                return self._extra(a, set())
            if [a.get("zone"), a.get("target")] not in targets:
                return "Arms trashes a Threat from your discard pile or in play: name it and its zone (COL-R13)."
            return self._extra(a, {"zone", "target"})
        if card == "laborers":
            if not self.workable(seat):
                return self._extra(a, set())
            return self._work_problem(seat, None, a) or self._extra(a, {"land", *self._work_keys(a)})
        return self._extra(a, set())

    def arms_targets(self, seat: int) -> list[list[str]]:
        p = self.player(seat)
        out = [["discard", c] for c in sorted(set(p["discard"])) if C.KIND[c] == C.THREAT]
        return out + [["play", c] for c in sorted({e["card"] for e in p["in_play"]}) if C.KIND[c] == C.THREAT]

    def _work_keys(self, a: Action) -> set[str]:
        if a.get("land") != "coast":
            return set()
        return {"mode", "wealth"} if a.get("mode") == "ship" else {"mode"}

    def _work_problem(self, seat: int, worker: str | None, a: Action) -> str | None:
        """Can `worker` (None: Laborers) work `a["land"]` in the way `a` says? (COL-S15, R15, R26, R31, R32)."""
        land = a.get("land")
        if land not in self.workable(seat):
            return "Only a Land you played this turn or your Livestock can be worked (COL-R15)."
        if land == "coast":
            if a.get("mode") not in ("food", "ship"):
                return "Say how the Coast is worked: for Food, or to ship Wealth (COL-S15)."
            if a["mode"] == "ship":
                if self.s["active_event"] == "strife":
                    return "Strife in the Homeland forbids shipping (COL-R26)."
                source = a.get("wealth")
                if source == "hand" and self.free_count(seat, "wealth") < 1:
                    return "You have no free Wealth in your hand to ship."
                if source == "play" and self._in_play_index(seat, "wealth") is None:
                    return "You have no Wealth in play to ship."
                if source not in ("hand", "play"):
                    return "Say where the shipped Wealth comes from: your hand or in play (COL-R31)."
        return None

    def _check_cannibalize(self, seat: int, a: Action) -> str | None:
        card = a["card"]
        if self.s["phase"] == THREAT or self.locked():
            return "Cannibalism is not allowed while Threats wait to be played (COL-S13)."
        if card not in C.CARDS or C.KIND[card] != C.POPULATION:
            return "Only a Population card can be cannibalized (COL-S13)."
        if self.free_count(seat, card) < 1:
            return f"You have no free {C.title(card)} in your hand."
        return self._cannibalism_problem()

    def _cannibalism_problem(self) -> str | None:
        """What forbids any cannibalism now, whichever Population (COL-R20, R33)."""
        if self.s["active_event"] == "harsh_winter":
            return "Cannibalism is illegal during Harsh Winter (COL-R20, R33)."
        if self.s["food_supply"] < 1:
            return "The Food supply is empty, so there is no Food to take (COL-R33)."
        return None

    def _worker_problem(self, seat: int, a: Action, *, in_soldier_window: bool = True) -> str | None:
        phase = self.s["phase"]
        if phase == THREAT:
            return "Play every Threat in your hand first (COL-S7)."
        if phase == SOLDIER and not in_soldier_window:
            return "That action is not allowed before your Threats are played (COL-S6)."
        if self.ready_index(seat, a["worker"]) is None:
            return f"You have no {C.title(a['worker']) if a['worker'] in C.CARDS else a['worker']} in play " \
                   "that has not acted this turn (COL-S14)."
        return None

    def _check_work(self, seat: int, a: Action) -> str | None:
        problem = self._worker_problem(seat, a) or self._work_problem(seat, a["worker"], a)
        if problem:
            return problem
        extra = set(a) - {"type", "worker", "land"} - self._work_keys(a)
        return f"Leave out {listed(sorted(NAMES_OF[k] for k in extra))}: this work needs none." if extra else None

    def _check_group(self, seat: int, a: Action) -> str | None:
        if self.s["phase"] != MAIN:
            return "Group work happens in your main step (COL-S16)."
        if a["land"] != "farmland" or "farmland" not in self.workable(seat):
            return "Group work needs a Farmland in play (COL-S16)."
        workers = a["workers"]
        if "laborers" in workers:
            return "Laborers cannot join group work (COL-S16, R32)."
        if len(workers) < 2:
            return "Group work needs two or more Population (COL-R16)."
        if Counter(workers) - Counter(self.ready_pool(seat)):
            return "Every worker in a group must be a Population in play that has not acted (COL-S16)."
        return None

    def _check_explore(self, seat: int, a: Action) -> str | None:
        if a["card"] not in self.s["frontier"]:
            return f"The Frontier has no {a['card']} to explore (COL-S18, R29)."
        return self._worker_problem(seat, a)

    def _check_reproduce(self, seat: int, a: Action) -> str | None:
        if a["card"] not in self.s["lineup"]:
            return f"The Line-Up has no {a['card']} (COL-S19, R30)."
        return self._worker_problem(seat, a)

    def _check_combat(self, seat: int, a: Action) -> str | None:
        card, zone = a["card"], a["zone"]
        if zone == "hand":
            found = card in self.player(seat)["hand"] and C.KIND[card] == C.THREAT
        elif zone == "play":
            found = self._threat_in_play(seat, card) is not None
        else:
            return "Say where the Threat you fight lies: in your hand or in play (COL-S20)."
        if not found:
            named = C.title(card) if card in C.CARDS else repr(card)
            where = "in your hand" if zone == "hand" else "in play"
            return f"There is no Threat {named} {where} to fight (COL-S20, R12)."
        return self._worker_problem(seat, a)

    def _threat_in_play(self, seat: int, name: str) -> int | None:
        return next((i for i, e in enumerate(self.player(seat)["in_play"])
                     if e["card"] == name and C.KIND[name] == C.THREAT), None)

    def _check_pick(self, seat: int, a: Action) -> str | None:
        pending = self.s["pending"]
        if pending is None or pending["kind"] != "explorer":
            return "There is no Explorer choice to make."
        if a["card"] not in pending["seen"]:
            return "Pick one of the Threats your Explorer saw (COL-S18)."
        return None

    def _check_witch(self, seat: int, a: Action) -> str | None:
        pending = self.s["pending"]
        if pending is None or pending["kind"] != "witch":
            return "There is no Witch Trials choice to make."
        if [a["zone"], a["card"]] not in self.witch_options(seat):
            return "Witch Trials takes a Population from your hand or discard pile (COL-R23)."
        return None

    def _end_problem(self) -> str | None:
        """What forbids ending the turn now, whatever goes to the granary (COL-S9, S21)."""
        if self.s["phase"] != MAIN or self.locked():
            return "Play your Threats before ending the turn (COL-S9, S21)."
        return None

    def witch_options(self, seat: int) -> list[list[str]]:
        p = self.player(seat)
        return [[zone, c] for zone in ("hand", "discard") for c in sorted(set(p[zone])) if C.KIND[c] == C.POPULATION]

    def _check_end_turn(self, seat: int, a: Action) -> str | None:
        if problem := self._end_problem():
            return problem
        top = self.player(seat)["hand"].count("food") // 2
        if not 0 <= a["granary"] <= top:
            return f"The granary can take 0 to {top} Food now: half the Food in your hand, rounded down (COL-R35)."
        return None

    # -- the moves a seat could make ------------------------------------------------------------

    def candidates(self, seat: int) -> list[Action]:
        """The active seat's legal moves.  Listing is the hot path of random play and search, so the moves are
        built from the checkers' own tests (the phase gates once, then the helpers the checkers consult) instead
        of each being run through its checker; `tests/games/colonies/test_listing.py` checks that they are exactly
        the moves the checkers accept."""
        s = self.s
        pending = s["pending"]
        if pending is not None:
            if pending["kind"] == "explorer":
                return [{"type": "pick", "card": c} for c in sorted(set(pending["seen"]))]
            return [{"type": "witch", "zone": z, "card": c} for z, c in self.witch_options(seat)]
        out: list[Action] = []
        p = self.player(seat)
        phase = s["phase"]
        main = phase == MAIN and not self.locked()  # any card may be played (COL-S6, S7, S9)
        cannibalism = (main or phase == SOLDIER) and self._cannibalism_problem() is None
        cards = self.free_cards(seat)
        pool = [] if phase == THREAT else self.ready_pool(seat)
        # what a worker or Laborers could work is the same for all, worked out once, and only when one could
        workable = self.workable(seat) if pool or "laborers" in cards else []
        lands = self._work_variants(seat, workable)
        food = []  # where a Population's Food may come from (COL-S10)
        if "food" in cards:
            food.append("hand")
        if p["granary"] >= 1:
            food.append("granary")
        for card in cards:
            k = C.KIND[card]
            if k == C.THREAT or (main and k != C.FOOD) or (phase == SOLDIER and card == "soldier"):
                self._add_plays(out, seat, card, lands, food)
            if cannibalism and k == C.POPULATION:
                out.append({"type": "cannibalize", "card": card})
        if phase == THREAT:  # no Population acts while Threats wait to be played (COL-S7)
            return out
        if pool:
            self._add_worker_moves(out, seat, sorted(set(pool)), lands)
        if phase == MAIN and len(pool) >= 2 and "farmland" in workable:
            groups = {combo for k in range(2, len(pool) + 1) for combo in combinations(pool, k)}
            out.extend({"type": "group", "land": "farmland", "workers": list(g)} for g in sorted(groups))
        if main:
            for granary in range(p["hand"].count("food") // 2, -1, -1):
                out.append({"type": "end_turn", "granary": granary})
        return out

    def ready_pool(self, seat: int) -> list[str]:
        """The names of the seat's Population in play that have not acted, sorted, a name as often as it is there."""
        pool = []
        for e in self.player(seat)["in_play"]:
            if e["state"] == READY and e["card"] in C.POPULATIONS:
                pool.append(e["card"])
        pool.sort()
        return pool

    def _add_worker_moves(self, out: list[Action], seat: int, workers: list[str], lands: list[dict[str, Any]]
                          ) -> None:
        """What each ready Population could do: work, explore, reproduce, fight (COL-S14..S20)."""
        s, p = self.s, self.player(seat)
        frontier, lineup = sorted(set(s["frontier"])), sorted(set(s["lineup"]))
        threats = sorted(C.THREATS.intersection(p["hand"]))
        threats_in_play = sorted(C.THREATS.intersection(e["card"] for e in p["in_play"]))
        for w in workers:
            out.extend({"type": "work", "worker": w, **v} for v in lands)
            out.extend({"type": "explore", "worker": w, "card": c} for c in frontier)
            out.extend({"type": "reproduce", "worker": w, "card": c} for c in lineup)
            out.extend({"type": "combat", "worker": w, "card": c, "zone": "hand"} for c in threats)
            out.extend({"type": "combat", "worker": w, "card": z, "zone": "play"} for z in threats_in_play)

    def _add_plays(self, out: list[Action], seat: int, card: str, lands: list[dict[str, Any]], food: list[str]
                   ) -> None:
        """The legal ways to play a card the phase allows: a Population's Food from where there is some, a
        Threat's, Arms' or Laborers' every target (none when there is nothing to take)."""
        k = C.KIND[card]
        if k == C.POPULATION:
            for f in food:
                out.append({"type": "play", "card": card, "food": f})
            return
        base = {"type": "play", "card": card}
        if k == C.THREAT:
            out.extend([{**base, "target": t} for t in self.threat_targets(seat, card)] or [base])
        elif card == "arms":
            out.extend([{**base, "zone": z, "target": t} for z, t in self.arms_targets(seat)] or [base])
        elif card == "laborers":
            out.extend([{**base, **v} for v in lands] or [base])
        else:
            out.append(base)

    def _work_variants(self, seat: int, workable: list[str]) -> list[dict[str, Any]]:
        """The legal works of these Lands (`_work_problem`): the Coast ships only a Wealth there is, and never
        under Strife (COL-R26, R31)."""
        out: list[dict[str, Any]] = []
        for land in workable:
            if land != "coast":
                out.append({"land": land})
                continue
            out.append({"land": land, "mode": "food"})
            if self.s["active_event"] != "strife":
                if self.free_count(seat, "wealth") >= 1:
                    out.append({"land": land, "mode": "ship", "wealth": "hand"})
                if self._in_play_index(seat, "wealth") is not None:
                    out.append({"land": land, "mode": "ship", "wealth": "play"})
        return out

    # -- doing -------------------------------------------------------------------------------

    def _do_play(self, seat: int, a: Action) -> None:
        p = self.player(seat)
        card = a["card"]
        p["hand"].remove(card)
        k = C.KIND[card]
        self.emit({"type": "played", "seat": seat, "card": card, **{x: a[x] for x in ("food", "target") if x in a}})
        if k == C.THREAT:
            self._resolve_threat(seat, card, a.get("target"))
            return
        if k == C.POPULATION:
            if a["food"] == "hand":
                p["hand"].remove("food")
                self.trash_card("food")
            else:
                p["granary"] -= 1
                self.s["food_supply"] += 1
        if card == "livestock":
            p["livestock"] += 1  # COL-R14: in play for the rest of the game
            return
        if card in ("supplies", "settlers"):
            if card == "supplies":
                self.gain_supply(seat, "food", 0 if self.s["active_event"] == "harsh_winter" else 5, card)
            else:
                self.gain_top(seat, "pop_deck", 3)
            self.trash_card(card)
            self.emit({"type": "trashed", "seat": seat, "cards": [card], "zone": "in_play", "why": "spent"})
            return
        p["in_play"].append({"card": card, "state": READY if k == C.POPULATION else ACTED})
        if card == "wealth":
            self.draw(seat, 1)
        elif card == "horses":
            self.draw(seat, 3)
        elif card == "arms" and "target" in a:
            if a["zone"] == "discard":
                self.trash_from(seat, "discard", a["target"], "arms")
            else:
                self.trash_in_play(seat, self._threat_in_play(seat, a["target"]) or 0, "arms")
        elif card == "laborers" and "land" in a:
            self._work(seat, len(p["in_play"]) - 1, "laborers", a)

    def _resolve_threat(self, seat: int, threat: str, target: str | None) -> None:
        """COL-S7 / S8 / R8 / R9 / R23: effect on the hand, Witch Trials on the first one, then the draw."""
        s = self.s
        p = self.player(seat)
        p["in_play"].append({"card": threat, "state": ACTED})
        s["threats_played"] += 1
        if s["phase"] == SOLDIER:
            s["phase"] = THREAT  # COL-R11: the Soldier window closes at the first Threat
        if target is not None:
            if threat == "peaceful_tribe":
                p["hand"].remove(target)
                p["discard"].append(target)
                self.emit({"type": "discarded", "seat": seat, "cards": [target], "why": threat})
            else:
                self.trash_from(seat, "hand", target, threat)
        draw = 0 if threat == "peaceful_tribe" else 1
        if s["active_event"] == "witch_trials" and s["threats_played"] == 1:
            options = self.witch_options(seat)
            if len(options) > 1:
                s["pending"] = {"kind": "witch", "seat": seat, "draw": draw}
                return
            if options:
                zone, card = options[0]
                self.trash_from(seat, zone, card, "witch_trials")
        self.draw(seat, draw)

    def _do_pick(self, seat: int, a: Action) -> None:
        seen = list(self.s["pending"]["seen"])
        seen.remove(a["card"])
        self.s["pending"] = None
        self._gain_threat(seat, a["card"], seen)

    def _gain_threat(self, seat: int, card: str, rest: list[str]) -> None:
        """The Explorer keeps one Threat and returns the others on top, in order (COL-R29)."""
        self.s["threat_deck"] = rest + self.s["threat_deck"]
        self.player(seat)["discard"].append(card)
        self.emit({"type": "gained", "seat": seat, "cards": [card], "source": "threat_deck"})
        if rest:
            self.emit({"type": "returned", "seat": seat, "count": len(rest)})

    def _do_witch(self, seat: int, a: Action) -> None:
        draw = self.s["pending"]["draw"]
        self.s["pending"] = None
        self.trash_from(seat, a["zone"], a["card"], "witch_trials")
        self.draw(seat, draw)

    def _do_cannibalize(self, seat: int, a: Action) -> None:
        """COL-S13: trash a Population from hand, 1 Food from the supply into hand, the top Threat gained."""
        self.trash_from(seat, "hand", a["card"], "cannibalism")
        self.s["food_supply"] -= 1
        self.player(seat)["hand"].append("food")
        self.emit({"type": "cannibal_food", "seat": seat})
        self.gain_top(seat, "threat_deck", 1)

    def _act(self, seat: int, worker: str) -> int:
        index = self.ready_index(seat, worker)
        assert index is not None
        self.player(seat)["in_play"][index]["state"] = ACTED
        return index

    def _do_work(self, seat: int, a: Action) -> None:
        self._work(seat, self._act(seat, a["worker"]), a["worker"], a)

    def _work(self, seat: int, index: int, worker: str, a: Action) -> None:
        """COL-S15 / R17 / R18 / R19: one work of a Land or Livestock by a Population or Laborers."""
        s = self.s
        land = a["land"]
        self.emit({"type": "work", "seat": seat, "worker": worker, "land": land, "mode": a.get("mode")})
        if land in ("farmland", "livestock"):
            self.gain_food(seat, (2 if land == "farmland" else 1) + (worker == "farmer"), land)
        elif land == "coast" and a["mode"] == "food":
            self.gain_food(seat, 2, land)
        elif land == "coast":
            self._ship(seat, a["wealth"], 2 if worker == "trader" else 1)
        else:
            die = self.rng.randint(1, 6)
            mod = 1 if LAND_ROLLS[land] == worker else 0
            total = die + mod
            s["last_roll"] = {"die": die, "mod": mod, "total": total, "land": land, "worker": worker}
            self.emit({"type": "roll", "seat": seat, "die": die, "mod": mod, "land": land, "worker": worker})
            if total <= 1:
                self.trash_in_play(seat, index, "died")
            elif land == "mountains":
                if total >= 3:
                    self.gain_supply(seat, "wealth", 3 if total >= 6 else 2, land)
            else:
                food, wealth = {2: (2, 0), 3: (2, 0), 4: (0, 1), 5: (0, 1)}.get(total, (2, 1))
                if food:
                    self.gain_food(seat, food, land)
                if wealth:
                    self.gain_supply(seat, "wealth", wealth, land)
            if land == "mountains" and s["active_event"] == "gold_rush":
                self.gain_supply(seat, "wealth", 1, "gold_rush")

    def _ship(self, seat: int, source: str, shipments: int) -> None:
        """COL-S15 / R28 / R31: a Wealth leaves the game for 5 points; the top Shipment(s) are gained."""
        p = self.player(seat)
        if source == "hand":
            p["hand"].remove("wealth")
        else:
            p["in_play"].pop(self._in_play_index(seat, "wealth") or 0)
        p["shipped"] += 1
        self.emit({"type": "shipped", "seat": seat, "from": source})
        self.gain_top(seat, "shipment_deck", shipments)

    def _do_group(self, seat: int, a: Action) -> None:
        """COL-S16 / R16: N Population work one Farmland together for N Wealth and no Food."""
        for w in a["workers"]:
            self._act(seat, w)
        self.emit({"type": "group", "seat": seat, "workers": list(a["workers"])})
        self.gain_supply(seat, "wealth", len(a["workers"]), "farmland")

    def _do_explore(self, seat: int, a: Action) -> None:
        """COL-S18 / R24 / R29: a Frontier Land, the top Threat (an Explorer sees three), Pilgrimage's Population."""
        s = self.s
        self._act(seat, a["worker"])
        s["frontier"].remove(a["card"])
        self.player(seat)["discard"].append(a["card"])
        self.emit({"type": "gained", "seat": seat, "cards": [a["card"]], "source": "frontier"})
        if s["active_event"] == "pilgrimage":
            self.gain_top(seat, "pop_deck", 1)
        if a["worker"] != "explorer":
            self.gain_top(seat, "threat_deck", 1)
            return
        seen, s["threat_deck"] = s["threat_deck"][:3], s["threat_deck"][3:]
        if len(set(seen)) > 1:
            s["pending"] = {"kind": "explorer", "seat": seat, "seen": seen}
        elif seen:
            self._gain_threat(seat, seen[0], seen[1:])

    def _do_reproduce(self, seat: int, a: Action) -> None:
        self._act(seat, a["worker"])
        self.s["lineup"].remove(a["card"])
        self.player(seat)["discard"].append(a["card"])
        self.emit({"type": "gained", "seat": seat, "cards": [a["card"]], "source": "lineup"})

    def _do_combat(self, seat: int, a: Action) -> None:
        """COL-S20 / R12: a Threat in hand is never played; one in play goes, its effect stays done."""
        self._act(seat, a["worker"])
        if a["zone"] == "hand":
            self.trash_from(seat, "hand", a["card"], "combat")
        else:
            self.trash_in_play(seat, self._threat_in_play(seat, a["card"]) or 0, "combat")

    def _do_end_turn(self, seat: int, a: Action) -> None:
        if self.s["offer"] is not None:
            self.release_offer("lapsed")
        self.cleanup(a["granary"])

    def release_offer(self, why: str) -> None:
        """A declined, withdrawn or lapsed offer frees its cards and its Population (COL-S17)."""
        offer = self.s["offer"]
        for e in self.player(offer["from"])["in_play"]:
            if e["state"] == RESERVED:
                e["state"] = READY
        self.s["offer"] = None
        self.emit({"type": "offer_closed", "seat": offer["from"], "partner": offer["to"], "why": why})


_SHAPES: dict[str, Callable[[MovesMixin, int, Action], str | None]] = {
    C.THREAT: MovesMixin._shape_threat, C.POPULATION: MovesMixin._shape_population, C.LAND: MovesMixin._shape_land,
    C.WEALTH: MovesMixin._shape_land, C.SHIPMENT: MovesMixin._shape_shipment}
"""What each kind of card needs named when it is played (Food is never played, COL-R42)."""
