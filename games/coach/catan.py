"""Catan's coach: its choices in a player's words, a reason for each suggestion computed from the learner's own
view (the numbers a spot touches and their pips, the cards a build still lacks, what a trade completes), and the
mechanics a beginner meets, each explained once with the chapter of the book that teaches it.

Pips: how many of the 36 rolls of two dice make a number (2 and 12: 1; 3 and 11: 2; … 6 and 8: 5), the dots
under a token (`games.catan.board.pips`). A place is named as the picture and the buttons name it: an
intersection by its number ("40"), a path by its number and its two intersections ("path 23 (12-13)"), a hex by
its letter ("hex K"). Nothing here names a seat: another player is "the player with the most points" or "a
player with 4 points"."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from games.ai import by_type, choose_for, policy_for
from games.catan.ai import CatanPlayer
from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD, harbor_of_node, pips
from games.catan.roads import road_length
from games.catan.table import COSTS, PIECES
from games.coach.coaching import Advice, Coaching, Mechanic, Reason, event_of
from games.core import Action, Event, Game
from games.grammar import plural

View = dict[str, Any]
BUILD_WORDS = {"city": "a city", "settlement": "a settlement", "dev": "a development card", "road": "a road"}
"""The builds of CAT-23, as the coach names them."""
LONGEST_FROM = 5
"""Longest Road goes to a road of at least this length (CAT-35)."""


# -- reading the position (the learner's own view only) -----------------------------------------------------

def listed(items: Iterable[str]) -> str:
    """"a, b and c"."""
    said = list(items)
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else "".join(said)


def cards(bundle: dict[str, int]) -> str:
    """"2 brick and 1 ore" (RESOURCES order); "nothing" for an empty bundle."""
    return listed(f"{bundle[r]} {r}" for r in RESOURCES if bundle.get(r)) or "nothing"


def yields(view: View, v: int) -> list[tuple[str, int]]:
    """(resource, number) of each producing hex round an intersection, in the board's hex order."""
    return [(TERRAIN_YIELD[view["terrain"][h]], view["tokens"][h]) for h in GEOMETRY.node_hexes[v]
            if view["terrain"][h] != "desert"]


def spot_pips(view: View, v: int) -> int:
    return sum(pips(n) for _, n in yields(view, v))


def makes(view: View, v: int) -> str:
    """"brick on 4, lumber on 5, grain on 8"."""
    return ", ".join(f"{r} on {n}" for r, n in yields(view, v)) or "nothing (desert only)"


def spot_facts(view: View, v: int) -> dict[str, Any]:
    made = yields(view, v)
    return {"node": v, "resources": [r for r, _ in made], "numbers": [n for _, n in made], "pips": spot_pips(view, v)}


def is_open(buildings: list[Any], v: int) -> bool:
    """Empty, with its neighbours empty (the distance rule, CAT-22)."""
    return buildings[v] is None and all(buildings[u] is None for u in GEOMETRY.node_neighbours[v])


def hand_of(view: View) -> dict[str, int]:
    return {r: int(view["hand"].get(r, 0)) for r in RESOURCES}


def missing(hand: dict[str, int], build: str) -> dict[str, int]:
    """The cards `build` still lacks, given the hand."""
    return {r: c - hand[r] for r, c in zip(RESOURCES, COSTS[build], strict=True) if c > hand[r]}


def cost_of(build: str) -> dict[str, int]:
    return {r: c for r, c in zip(RESOURCES, COSTS[build], strict=True) if c}


def rooms(view: View) -> list[str]:
    """The builds the seat has a piece and a place (or a card) for, the most wanted first."""
    seat = view["seat"]
    mine = view["players"][seat]
    out = []
    if mine["settlements"] and mine["cities"] < PIECES["city"]:
        out.append("city")
    if mine["settlements"] < PIECES["settlement"] and CatanPlayer()._settle_spots(view):
        out.append("settlement")
    if view["deck"]:
        out.append("dev")
    if mine["roads"] < PIECES["road"]:
        out.append("road")
    return out


def plan(view: View) -> str:
    """The build the coach works toward: the heuristic's next build (`CatanPlayer._target`)."""
    target = CatanPlayer()._target(view)
    return next(build for build, cost in COSTS.items() if cost == target)


def nearest(view: View) -> str | None:
    """The build with a piece and a place that lacks fewest cards but some (the most wanted first on a tie)."""
    hand = hand_of(view)
    lacking = [b for b in rooms(view) if missing(hand, b)]
    return min(lacking, key=lambda b: sum(missing(hand, b).values()), default=None)


def network(view: View) -> set[int]:
    """The intersections the seat's roads and buildings touch."""
    seat = view["seat"]
    nodes = {v for p, owner in enumerate(view["roads"]) if owner == seat for v in GEOMETRY.paths[p]}
    return nodes | {v for v, b in enumerate(view["buildings"]) if b is not None and b[0] == seat}


def road_spot(view: View, p: int) -> tuple[int, int] | None:
    """The richest open spot a road on path `p` leads to: (intersection, roads to it: 1 when the road ends there,
    2 when one more road from its far end does); None when it leads to none."""
    buildings, roads, ours = view["buildings"], view["roads"], network(view)
    far = [v for v in GEOMETRY.paths[p] if v not in ours]
    if len(far) != 1:
        return None
    end = far[0]
    found: list[tuple[int, int]] = []
    if is_open(buildings, end):
        found.append((end, 1))
    if buildings[end] is None:  # an opponent's building there would cut the way on
        for q in GEOMETRY.node_paths[end]:
            u = sum(GEOMETRY.paths[q]) - end
            if roads[q] is None and is_open(buildings, u):
                found.append((u, 2))
    return max(found, key=lambda f: (spot_pips(view, f[0]), -f[1], -f[0]), default=None)


def longer(view: View, p: int) -> tuple[int, int]:
    """The seat's longest road before and after a road on `p`."""
    seat = view["seat"]
    roads = list(view["roads"])
    before = road_length(seat, roads, view["buildings"])
    roads[p] = seat
    return before, road_length(seat, roads, view["buildings"])


def harbour_words(kind: str) -> str:
    """"the 3:1 harbour", "the 2:1 ore harbour"."""
    return "the 3:1 harbour" if kind == "any" else f"the 2:1 {kind} harbour"


def standing(view: View, t: int) -> str:
    """Another player as the coach names them: by their points (visible ones), never by seat."""
    others = [p["vp"] for p in view["players"] if p["seat"] != view["seat"]]
    vp = view["players"][t]["vp"]
    if vp == max(others) and others.count(vp) == 1:
        return f"the player with the most points ({vp})"
    return f"a player with {vp} points"


# -- reasons, move by move ---------------------------------------------------------------------------------------

def reason(text: str, short: str, **facts: Any) -> Reason:
    return Reason(text, short, facts)


def settle_reason(view: View, v: int, legal: list[Action], setup: bool) -> Reason:
    spots = [a["node"] for a in legal if a["type"] == "build_settlement"]
    best = max(spot_pips(view, u) for u in spots)
    p = spot_pips(view, v)
    tied = sum(spot_pips(view, u) == best for u in spots) > 1
    if len(spots) == 1:
        rank = "your only open spot"
    elif p == best:
        rank = "tied for the most of any spot left" if tied else "the most of any spot left"
    else:
        rank = f"{best} at the richest spot left"
    facts = {**spot_facts(view, v), "best": best, "spots": len(spots)}
    harbour = harbor_of_node(view["harbors"]).get(v)
    port = "" if harbour is None else f", and it has {harbour_words(harbour)}"
    facts["harbour"] = harbour
    extra = ""
    if setup and view["players"][view["seat"]]["settlements"] == 1:  # the second settlement pays at once (CAT-13)
        got: dict[str, int] = {}
        for r, _ in yields(view, v):
            got[r] = got.get(r, 0) + 1
        facts["start"] = got
        extra = f"; you start with {cards(got)}" if got else ""
    point = "" if setup else " and 1 point"
    text = f"{makes(view, v)} — {p} pips{point}, {rank}{port}{extra}."
    return reason(text, f"{p} pips at {v}, {rank}.", **facts)


def road_reason(view: View, p: int) -> Reason | None:
    """Where the road leads, or what it adds to the longest road; None when it does neither."""
    found = road_spot(view, p)
    price = " It is free." if view["phase"] == "road_building" else ""
    if found is not None:
        u, steps = found
        way = "it reaches" if steps == 1 else "one more road from it reaches"
        harbour = harbor_of_node(view["harbors"]).get(u)
        port = "" if harbour is None else f", and {harbour_words(harbour)}"
        facts = {**spot_facts(view, u), "path": p, "steps": steps, "harbour": harbour}
        text = f"{way} {u}, an open spot with {makes(view, u)} — {spot_pips(view, u)} pips{port}.{price}"
        return reason(text, f"toward {u}, {spot_pips(view, u)} pips.", **facts)
    before, after = longer(view, p)
    if after > before:
        others = max((q["road_length"] for q in view["players"] if q["seat"] != view["seat"]), default=0)
        if after >= LONGEST_FROM and after > others and view["longest_road"] != view["seat"]:
            goal = "that takes Longest Road, 2 points"
        else:
            goal = f"Longest Road needs at least {LONGEST_FROM} and more than the others' best, {others}"
        text = f"your longest road grows from {before} to {after}; {goal}.{price}"
        return reason(text, f"your road grows to {after}.", path=p, before=before, after=after, others=others)
    return None


def best_road(view: View, roads: list[Action]) -> tuple[Action, Reason] | None:
    """The road to the richest spot within reach, else the one that lengthens the longest road most."""
    scored = []
    for a in roads:
        why = road_reason(view, a["path"])
        if why is not None:
            spot = why.facts.get("pips", -1)
            scored.append(((spot, -why.facts.get("steps", 0), why.facts.get("after", 0), -a["path"]), a, why))
    if not scored:
        return None
    _, action, why = max(scored, key=lambda s: s[0])
    return action, why


def city_reason(view: View, v: int, cities: list[Action]) -> Reason:
    mine = [a["node"] for a in cities]
    p = spot_pips(view, v)
    if len(mine) == 1:
        rank = "your only settlement"
    elif p == max(spot_pips(view, u) for u in mine):
        rank = f"the richest of your {len(mine)} settlements"
    else:
        rank = f"one of your {len(mine)} settlements"
    text = f"{makes(view, v)} then pay you 2 cards instead of 1 — {p} more pips — and 1 more point, {rank}."
    return reason(text, f"{p} more pips and 1 more point at {v}.", **spot_facts(view, v), settlements=len(mine))


def roll_reason(view: View) -> Reason:
    seat, robber = view["seat"], view["robber"]
    paying: set[int] = set()
    blocked: list[tuple[str, int]] = []
    for v, b in enumerate(view["buildings"]):
        if b is None or b[0] != seat:
            continue
        for h in GEOMETRY.node_hexes[v]:
            if view["terrain"][h] == "desert":
                continue
            made = (TERRAIN_YIELD[view["terrain"][h]], view["tokens"][h])
            if h == robber:
                blocked.append(made)
            else:
                paying.add(made[1])
    numbers = sorted(paying)
    ways = sum(pips(n) for n in numbers)
    block = ""
    if blocked:
        r, n = blocked[0]
        block = f" The robber on hex {GEOMETRY.hex_labels[robber]} blocks your {r} on {n}."
    if not numbers:
        return reason(f"no number pays you now.{block}", "no number pays you now.", numbers=[], ways=0)
    text = f"{listed(map(str, numbers))} pay you: {ways} of the 36 rolls.{block}"
    return reason(text, f"{ways} of 36 rolls pay you.", numbers=numbers, ways=ways,
                  blocked=[n for _, n in blocked])


def robber_reason(view: View, action: Action) -> Reason:
    h, victim, seat = action["hex"], action["victim"], view["seat"]
    label = GEOMETRY.hex_labels[h]
    owners = sorted({b[0] for v in GEOMETRY.hex_nodes[h] if (b := view["buildings"][v]) is not None})
    facts: dict[str, Any] = {"hex": label, "number": view["tokens"][h], "pips": pips(view["tokens"][h])}
    if view["terrain"][h] == "desert":
        what = "the desert pays nobody"
    else:
        what = f"hex {label} makes {TERRAIN_YIELD[view['terrain'][h]]} on {view['tokens'][h]}, {facts['pips']} pips"
    others = [t for t in owners if t != seat]
    facts["blocks"] = len(others)
    if victim is not None:
        facts.update(victim_vp=view["players"][victim]["vp"], victim_cards=view["players"][victim]["cards"])
        whom = (f"; it stops paying {standing(view, victim)}, and you steal 1 of their "
                f"{view['players'][victim]['cards']} cards")
    elif others:
        whom = "; it stops paying a player with no card to steal"
    else:
        whom = "; no other player's building is there, so it blocks no one"
    own = " (your own building is there too)" if seat in owners else ""
    facts["own"] = seat in owners
    return reason(f"{what}{whom}{own}.", f"hex {label}, {facts['pips']} pips.", **facts)


def knight_reason(view: View) -> Reason | None:
    """A Knight before the roll when the robber sits on one of the seat's hexes."""
    h, seat = view["robber"], view["seat"]
    if view["terrain"][h] == "desert":
        return None
    mine = [b for v in GEOMETRY.hex_nodes[h] if (b := view["buildings"][v]) is not None and b[0] == seat]
    if not mine:
        return None
    number, knights = view["tokens"][h], view["players"][seat]["knights"] + 1
    text = (f"the robber on hex {GEOMETRY.hex_labels[h]} blocks your {TERRAIN_YIELD[view['terrain'][h]]} on "
            f"{number} ({pips(number)} pips); a Knight moves it off and steals a card, and your played knights "
            f"become {knights} (Largest Army needs 3).")
    return reason(text, f"free hex {GEOMETRY.hex_labels[h]} ({pips(number)} pips).", hex=GEOMETRY.hex_labels[h],
                  number=number, pips=pips(number), knights=knights)


def discard_pick(view: View, legal: list[Action]) -> tuple[Action, Reason]:
    """The discard that keeps the most wanted build whose cards the hand can keep, taking the rest from the
    biggest piles; else the one that leaves the nearest build fewest cards short."""
    hand = hand_of(view)
    owed = sum(legal[0]["cards"].values())
    wanted = list(dict.fromkeys([plan(view), *rooms(view), "city", "settlement", "dev", "road"]))
    keepable = [b for b in wanted if not missing(hand, b) and sum(hand.values()) - owed >= sum(COSTS[b])]
    build = keepable[0] if keepable else None
    need = cost_of(build) if build else {}
    left, gone = dict(hand), dict.fromkeys(RESOURCES, 0)
    for _ in range(owed):
        if build is None:  # keep what the nearest builds use: give from the biggest pile
            pile = max(RESOURCES, key=lambda r: (left[r], -RESOURCES.index(r)))
        else:
            pile = max(RESOURCES, key=lambda r: (left[r] - need.get(r, 0), left[r], -RESOURCES.index(r)))
        left[pile] -= 1
        gone[pile] += 1
    chosen = {r: n for r, n in gone.items() if n}
    action = next(a for a in legal if a["cards"] == chosen)
    kept = {r: n for r, n in left.items() if n}
    if build is not None:
        text = f"you keep {cards(kept)}: the cards of {BUILD_WORDS[build]} ({cards(cost_of(build))})."
        return action, reason(text, f"you keep {BUILD_WORDS[build]}'s cards.", kept=kept, build=build, lacks={})
    target = min(wanted, key=lambda b: (sum(missing(left, b).values()), wanted.index(b)))
    lacks = missing(left, target)
    text = f"you keep {cards(kept)}; {BUILD_WORDS[target]} then lacks {cards(lacks)}."
    return action, reason(text, f"you keep {cards(kept)}.", kept=kept, build=target, lacks=lacks)


def end_reason(view: View) -> Reason:
    hand = hand_of(view)
    held = sum(hand.values())
    build = nearest(view)
    risk = f" With {held} cards, a 7 would cost you half." if held >= 8 else ""
    if build is None:
        return reason(f"keep your {plural(held, 'card')} for next turn.{risk}",
                      "keep your cards for next turn.", build=None, lacks={}, cards=held)
    lacks = missing(hand, build)
    text = f"{BUILD_WORDS[build]} still lacks {cards(lacks)}; keep your {plural(held, 'card')} for next turn.{risk}"
    return reason(text, f"{BUILD_WORDS[build]} lacks {cards(lacks)}.", build=build, lacks=lacks, cards=held)


def trade_reason(view: View, action: Action) -> Reason:
    hand, build = hand_of(view), plan(view)
    give, get = action["give"], action["get"]
    rate = view["rates"][give]
    after = dict(hand)
    after[give] -= rate
    after[get] += 1
    need = cost_of(build).get(give, 0)
    lacks = missing(after, build)
    then = f"it then lacks {cards(lacks)}" if lacks else "it is paid for"
    text = (f"{BUILD_WORDS[build]} lacks {get}; you have {hand[give]} {give} and it needs {need or 'none'}, "
            f"so {rate} of them at {rate}:1 buy the {get}, and {then}.")
    return reason(text, f"{rate} {give} for the {get} you lack.", give=give, get=get, rate=rate, had=hand[give],
                  build=build, lacks_before=missing(hand, build), lacks=lacks)


def dev_reason(view: View) -> Reason:
    hand, build = hand_of(view), plan(view)
    after = {r: hand[r] - COSTS["dev"][i] for i, r in enumerate(RESOURCES)}
    held = sum(hand.values())
    paid = f"wool, grain and ore from your {hand['wool']} wool, {hand['grain']} grain and {hand['ore']} ore"
    if held >= 8:
        why = f"; it takes your hand from {held} to {held - 3} cards, safer on a 7"
    elif build != "dev" and missing(after, build) == missing(hand, build):
        why = f"; it uses no card {BUILD_WORDS[build]} needs"
    else:
        why = ""
    text = f"{paid}{why}; {view['deck']} cards are left in the deck."
    return reason(text, f"{view['deck']} development cards left.", hand=hand, build=build, deck=view["deck"],
                  cards=held)


def progress_reason(view: View, action: Action) -> Reason:
    hand, build = hand_of(view), plan(view)
    kind = action["type"]
    if kind == "play_year_of_plenty":
        got = action["resources"]
        after = dict(hand)
        for r in got:
            after[r] += 1
        lacks = missing(after, build)
        then = f"then lacks {cards(lacks)}" if lacks else "is then paid for"
        text = f"take {listed(got)} from the bank for free; {BUILD_WORDS[build]} {then}."
        return reason(text, f"2 free cards: {listed(got)}.", resources=list(got), build=build, lacks=lacks)
    if kind == "play_monopoly":
        r = action["resource"]
        lacks = missing(hand, build)
        text = f"every {r} the others hold comes to you; {BUILD_WORDS[build]} lacks {cards(lacks)}."
        return reason(text, f"all the others' {r}.", resource=r, build=build, lacks=lacks)
    left = PIECES["road"] - view["players"][view["seat"]]["roads"]
    text = f"two roads for free, worth 2 brick and 2 lumber; you have {left} roads left to place."
    return reason(text, "two free roads.", roads_left=left)


def answer_reason(view: View, action: Action) -> Reason:
    """Accept or decline another player's offer, by what it does to the build the coach plans."""
    offer, hand, build = view["offer"], hand_of(view), plan(view)
    gets, gives = offer["give"], offer["get"]  # the offer's sides from its maker: we get what they give
    after = {r: hand[r] + gets.get(r, 0) - gives.get(r, 0) for r in RESOURCES}
    before, then = missing(hand, build), missing(after, build)
    facts = {"get": dict(gets), "give": dict(gives), "build": build, "lacks_before": before, "lacks": then}
    maker_vp = view["players"][offer["from"]]["vp"]
    terms = f"{cards(gets)} for your {cards(gives)}"
    if action["type"] == "accept":
        if then == before:
            more = sum(gets.values()) - sum(gives.values())
            text = (f"{terms}: {plural(more, 'card')} more in hand, and {BUILD_WORDS[build]} lacks {cards(then)} "
                    "either way.")
            return reason(text, f"{plural(more, 'card')} more in hand.", **facts)
        text = (f"{terms}: {BUILD_WORDS[build]} lacks {cards(before)} now, "
                + (f"{cards(then)} after." if then else "nothing after."))
        return reason(text, f"{cards(gets)} you lack.", **facts)
    short = {r: n for r, n in gives.items() if n > hand[r]}
    if short:
        held = listed(f"{hand[r]} {r}" if hand[r] else f"no {r}" for r in short)
        facts["held"] = {r: hand[r] for r in short}
        return reason(f"{terms}: you hold {held}, so you cannot accept.", "you lack the cards it asks.", **facts)
    if maker_vp >= 8:
        facts["maker_vp"] = maker_vp
        return reason(f"the player offering has {maker_vp} points, close to the 10 that win; help nobody that near.",
                      "they are close to winning.", **facts)
    worse = sum(then.values()) > sum(before.values())
    useful = sum(then.values()) < sum(before.values())
    if then == before:
        why = f"{BUILD_WORDS[build]} would still lack {cards(then)}" if then else \
            f"{BUILD_WORDS[build]} is paid for either way"
    elif not before:
        why = f"{BUILD_WORDS[build]} is paid for now, and would lack {cards(then)}"
    elif worse or not useful:
        why = f"{BUILD_WORDS[build]} would lack {cards(then)} instead of {cards(before)}"
    else:
        why = f"it costs {sum(gives.values())} cards for {sum(gets.values())}"
    return reason(f"{terms}: {why}.", f"{terms} does not help.", **facts)


def offer_close_reason(view: View, action: Action) -> Reason | None:
    offer, hand, build = view["offer"], hand_of(view), plan(view)
    if action["type"] == "withdraw":
        waiting = [t for t in range(len(view["players"])) if t != offer["from"] and str(t) not in offer["answers"]
                   and (offer["to"] is None or offer["to"] == t)]
        if waiting:
            return None
        return reason(f"no answer to your offer brings {BUILD_WORDS[build]} closer.", "no answer helps.",
                      build=build, lacks=missing(hand, build))
    answer = offer["answers"][str(action["with"])]
    got, given = (answer["give"], answer["get"]) if isinstance(answer, dict) else (offer["get"], offer["give"])
    after = {r: hand[r] + got.get(r, 0) - given.get(r, 0) for r in RESOURCES}
    lacks = missing(after, build)
    then = f"then lacks {cards(lacks)}" if lacks else "is then paid for"
    return reason(f"you get {cards(got)} for {cards(given)}; {BUILD_WORDS[build]} {then}.",
                  f"{cards(got)} for {cards(given)}.", get=dict(got), give=dict(given), build=build, lacks=lacks)


# -- the advice ----------------------------------------------------------------------------------------------------

def advise(game: Game, seat: int) -> Advice | None:
    """The coach's suggestion and its reason, from the seat's own view and legal moves."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    view = game.view(seat)
    moves = by_type(legal)
    heuristic = CatanPlayer()
    rng = random.Random(game.num_players)
    if "decline" in moves or "accept" in moves:
        pick = choose_for(game, seat, policy_for("catan"), rng, legal)
        chosen = pick if pick["type"] == "accept" and pick in legal else moves["decline"][0]
        return Advice(chosen, answer_reason(view, chosen))
    if "withdraw" in moves:
        pick = heuristic._close(view, moves)
        why = offer_close_reason(view, pick)
        return Advice(pick, why) if why is not None else None
    if "discard" in moves:
        return Advice(*discard_pick(view, moves["discard"]))
    if "move_robber" in moves:
        pick = max(moves["move_robber"], key=lambda a: (heuristic.robber_value(view, a), -a["hex"]))
        return Advice(pick, robber_reason(view, pick))
    if view["phase"] in ("setup", "road_building"):
        if "build_settlement" in moves:
            spots = moves["build_settlement"]
            pick = max(spots, key=lambda a: (spot_pips(view, a["node"]), len(yields(view, a["node"])), -a["node"]))
            return Advice(pick, settle_reason(view, pick["node"], spots, setup=True))
        found = best_road(view, moves["build_road"])
        if found is not None:
            return Advice(*found)
        pick = heuristic._setup(view, moves, rng) if view["phase"] == "setup" else moves["build_road"][0]
        return Advice(pick, reason("no open spot is within two roads of it; every road here is free.",
                                   "a free road.", path=pick["path"], free=True))
    if "roll" in moves:
        why = knight_reason(view) if "play_knight" in moves else None
        if why is not None:
            return Advice(moves["play_knight"][0], why)
        return Advice(moves["roll"][0], roll_reason(view))
    return main_advice(view, moves)


def main_advice(view: View, moves: dict[str, list[Action]]) -> Advice | None:
    """After the roll: a city, a settlement, a progress card that helps, a bank trade toward the next build, a
    road that leads somewhere, a development card from spare cards, else the end of the turn."""
    heuristic = CatanPlayer()
    if "build_city" in moves:
        pick = max(moves["build_city"], key=lambda a: (spot_pips(view, a["node"]), -a["node"]))
        return Advice(pick, city_reason(view, pick["node"], moves["build_city"]))
    if "build_settlement" in moves:
        spots = moves["build_settlement"]
        pick = max(spots, key=lambda a: (spot_pips(view, a["node"]), -a["node"]))
        return Advice(pick, settle_reason(view, pick["node"], spots, setup=False))
    hand, build = hand_of(view), plan(view)
    if "play_year_of_plenty" in moves:
        pick = heuristic._progress(view, moves["play_year_of_plenty"])
        return Advice(pick, progress_reason(view, pick))
    if "play_monopoly" in moves and missing(hand, build):
        lack = missing(hand, build)
        resource = max(lack, key=lambda r: (lack[r], -RESOURCES.index(r)))
        pick = {"type": "play_monopoly", "resource": resource}
        if pick in moves["play_monopoly"]:
            return Advice(pick, progress_reason(view, pick))
    if "play_road_building" in moves and "road" in rooms(view):
        roads_now = [{"type": "build_road", "path": p} for p in range(len(view["roads"]))]
        if best_road(view, [a for a in roads_now if _placeable(view, a["path"])]) is not None:
            pick = moves["play_road_building"][0]
            return Advice(pick, progress_reason(view, pick))
    trade = heuristic._bank_trade(view, moves.get("maritime", []))
    if trade is not None:
        return Advice(trade, trade_reason(view, trade))
    if "build_road" in moves and heuristic._wants_road(view):
        found = best_road(view, moves["build_road"])
        if found is not None:
            return Advice(*found)
    if "buy_dev" in moves and heuristic._spare(view, COSTS["dev"]):
        return Advice(moves["buy_dev"][0], dev_reason(view))
    if "end_turn" in moves:
        return Advice(moves["end_turn"][0], end_reason(view))
    return None


def _placeable(view: View, p: int) -> bool:
    """An empty path touching the seat's network, not through another player's building (CAT-24)."""
    if view["roads"][p] is not None:
        return False
    seat, ours = view["seat"], network(view)
    for v in GEOMETRY.paths[p]:
        b = view["buildings"][v]
        if v in ours and (b is None or b[0] == seat):
            return True
    return False


# -- the mechanics -------------------------------------------------------------------------------------------------


def _won_with_cards(e: Event) -> bool:
    return e.get("type") == "won" and any(e.get("vp_cards", ()))


MECHANICS = (
    Mechanic("the robber", "CAT-19", "A 7 pays nobody. The player who rolled it moves the robber to another "
             "hex, which pays nothing while the robber stays, and steals one card from a player there.",
             lambda e: e.get("type") == "roll" and sum(e.get("dice", ())) == 7),
    Mechanic("a discard", "CAT-18", "When a 7 is rolled, every player holding 8 or more cards gives back half "
             "of them (rounded down), chosen by that player, before the robber moves.",
             lambda e: e.get("type") == "must_discard"),
    Mechanic("starting cards", "CAT-13", "Your second setup settlement pays at once: one card for each hex "
             "round it (the desert pays nothing). The first pays nothing until its numbers roll.",
             lambda e: e.get("type") == "start_cards"),
    Mechanic("production", "CAT-16", "Every hex with the rolled number pays each settlement on its corners 1 card "
             "and each city 2, to every owner, the roller too; the hex under the robber pays nobody.",
             lambda e: e.get("type") == "produce" and bool(e.get("gains"))),
    Mechanic("a bank shortage", "CAT-17", "The bank ran short of a resource: when it cannot pay everyone owed "
             "one, nobody gets it, unless only one player is owed, who takes what is left.",
             lambda e: e.get("type") == "produce" and bool(e.get("short"))),
    Mechanic("a trade offer", "CAT-32", "On your turn, after rolling, you may offer cards to the other players; "
             "each accepts, declines or counters, and you close the deal with one of them. No gifts.",
             lambda e: e.get("type") == "offer"),
    Mechanic("a bank trade", "CAT-33", "On your turn the bank swaps 4 cards of one resource for 1 of any other; "
             "a settlement on a 3:1 harbour makes it 3, on a resource's 2:1 harbour 2 of that resource.",
             lambda e: e.get("type") == "maritime"),
    Mechanic("a development card", "CAT-27", "Wool, grain and ore buy the top card of the development deck: a "
             "Knight, a Victory Point or a progress card. Keep it hidden; play one a turn, not on the turn you buy it.",
             lambda e: e.get("type") == "bought_dev"),
    Mechanic("a Knight", "CAT-28", "A Knight moves the robber and steals a card, as a 7 does, but nobody "
             "discards. It stays face up: 3 played Knights can take Largest Army.", event_of("played", card="knight")),
    Mechanic("Road Building", "CAT-29", "Road Building places 2 roads for free, by the usual rules of where a "
             "road may go.", event_of("played", card="road_building")),
    Mechanic("Year of Plenty", "CAT-29", "Year of Plenty takes any 2 cards from the bank, of one kind or two.",
             event_of("played", card="year_of_plenty")),
    Mechanic("Monopoly", "CAT-29", "Monopoly names a resource: every other player gives you all the cards of it "
             "they hold.", event_of("played", card="monopoly")),
    Mechanic("Longest Road", "CAT-35", "The first continuous road of 5 or more takes Longest Road, worth 2 "
             "points; another player takes it only with a strictly longer road.",
             lambda e: e.get("type") == "longest_road" and e.get("seat") is not None),
    Mechanic("Largest Army", "CAT-37", "The first player with 3 played Knights takes Largest Army, worth 2 "
             "points; another player takes it only with strictly more.",
             lambda e: e.get("type") == "largest_army"),
    Mechanic("a Victory Point card", "CAT-31", "A Victory Point card stays hidden in its owner's hand and counts "
             "1 point at once; it is shown only when its owner wins.", _won_with_cards),
    Mechanic("the end", "CAT-39", "The game ends the moment the player whose turn it is has 10 points, hidden "
             "Victory Point cards included: settlements 1, cities 2, each title 2.",
             lambda e: e.get("type") == "won"),
)


COACHING = Coaching(
    choices={
        "roll": "roll the dice (every player with a building on the number collects)",
        "build_settlement": "a settlement (1 point, collects from up to three hexes)",
        "build_road": "a road (leads to new settlement spots)",
        "build_city": "a city (2 points, collects double)",
        "buy_dev": "a development card (knights, points and more)",
        "maritime": "a trade with the bank or a harbour",
        "end_turn": "end your turn",
        "move_robber": "where the robber goes (that hex stops paying; you steal from a player there)",
        "discard": "which cards to give back",
        "play_knight": "play a Knight (move the robber and steal)",
        "play_road_building": "play Road Building (two free roads)",
        "play_year_of_plenty": "play Year of Plenty (two cards from the bank)",
        "play_monopoly": "play Monopoly (everyone's cards of one resource)",
        "offer": "offer a trade to the other players",
        "counter": "answer with other terms",
        "accept": "accept the offer", "decline": "decline the offer",
        "confirm": "close the trade with a player who accepted", "withdraw": "withdraw your offer",
    },
    advise=advise,
    deeds={"build_settlement": "built a settlement", "build_city": "built a city", "build_road": "built a road",
           "buy_dev": "bought a development card", "maritime": "traded with the bank"},
    mechanics=MECHANICS,
    advice="spread your settlements over different numbers and resources, and trade with the other players "
           "before you trade 4:1 with the bank.",
)
"""Catan's coach (DESIGN §5)."""

