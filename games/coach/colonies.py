"""Colonies' coach: the heuristic's move with a reason computed from what the seat sees (its view: its hand, its
granary, the public table), every kind of move in a player's words, and the mechanics a beginner meets, each
explained once with the chapter of the book that teaches it (DESIGN §5, "Teach by playing"; notes/voice.md).

A reason is one sentence in the book's card names, and `Reason.facts` holds each number and card it states,
under a name whose meaning is the same in every reason (`FACTS`), so that a test can check each against the
position. The coach never suggests losing a card for nothing (Supplies under Harsh Winter, Settlers with an
empty Population deck) nor a move that does nothing (a Land nobody can work, a work that gains no Food): then
it suggests the heuristic's best other move."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.ai import choose_for, policy_for
from games.coach.coaching import Advice, Coaching, Mechanic, Reason, event_of
from games.colonies import cards as C
from games.colonies.text import many
from games.core import Action, Event, Game, listed

View = dict[str, Any]

FACTS = {
    "card": "the title of the card the move plays, eats, gains, fights, keeps or gives up",
    "worker": "the title of the Population (or Laborers) that acts",
    "land": "the title of the Land (or Livestock) worked",
    "threat": "the title of the Threat played or fought",
    "takes": "the title of the card the Threat takes from the hand",
    "targets": "the titles of the cards in hand the Threat could take",
    "food_in_hand": "the Food in the seat's hand now (not offered in a trade)",
    "food_available": "food_in_hand + granary: what pays for Population",
    "food_left": "the Food left where a Population's Food came from, once paid",
    "food_stock": "the Food in the seat's hand, granary and discard pile",
    "population_in_hand": "the Population cards in the seat's hand now",
    "ready": "the seat's Population in play that have not acted",
    "cost": "1: the Food a Population costs (COL-S10)",
    "points": "what one card of that kind scores (COL-S28): 1 a Population or Wealth, 2 a Land",
    "ship_points": "5: what a shipped Wealth scores (COL-S28)",
    "food_gain": "the Food the move gains (events and the supply counted)",
    "wealth_gain": "the Wealth the move gains (the supply counted)",
    "gains": "the cards gained from a common deck, as far as it goes",
    "draws": "the cards the move draws, as far as deck and discard pile go",
    "shipments": "the Shipments a shipping gains, as far as the deck goes",
    "workers": "how many Population work together",
    "threats_left": "the cards left in the Threat deck",
    "sees": "how many Threats an Explorer sees: 3, or fewer if the deck is short",
    "good_faces": "of the die's 6 faces, how many give Food or Wealth for this worker",
    "lost_faces": "of the die's 6 faces, how many lose the worker",
    "faces": "6: the die's faces",
    "job_land": "a Land this Population can work this turn (in play, in hand, or Livestock)",
    "job_food": "the Food it gains working there",
    "seen": "the Threats the Explorer saw",
    "options": "the Population Witch Trials may take",
    "get": "the cards the trade brings the seat",
    "give": "the cards the trade costs the seat",
    "get_points": "what the cards got score",
    "give_points": "what the cards given score",
    "trader_wealth": "1: the Wealth a Trader's accepted trade gives each side (COL-R28)",
    "to_granary": "the Food the end of the turn puts in the granary",
    "livestock": "the Livestock the seat will have in play",
    "bonus": "1: a Miner's or Trapper's +1 on its own Land's roll (COL-R17)",
}
"""What each fact of a reason means, the same in every reason that states it."""

POINTS = {C.POPULATION: 1, C.WEALTH: 1, C.LAND: 2}
"""What a card scores by kind (COL-S28); every other kind 0."""
SHIP_POINTS = 5
BONUS_LAND = {"farmer": ("farmland", "livestock"), "miner": ("mountains",), "trapper": ("forest",),
              "trader": ("coast",)}
TAKES = {"crop_failure": "a Food", "disease": "a Population", "pirates": "a Wealth or Shipment",
         "warlike_tribe": "a Land", "peaceful_tribe": "any card, discarded"}
"""What each Threat takes from the hand (COL-S8)."""
LAND_USE = {"farmland": "Food for any worker, more for a Farmer", "coast": "Food, or shipping a Wealth",
            "mountains": "Wealth on a good roll", "forest": "Food or Wealth on a roll",
            "livestock": "Food, more for a Farmer"}
ROLE = {"farmer": "more Food from Farmland", "trader": "two Shipments when it ships",
        "miner": "a safer, better Mountains roll", "trapper": "a safer, better Forest roll",
        "soldier": "fighting Threats before they strike", "explorer": "picking its Threat when exploring"}


def title(name: str) -> str:
    return C.title(name)


def points(name: str) -> int:
    return POINTS.get(C.KIND[name], 0)


def listed_cards(names: list[str]) -> str:
    """"2 Food, Coast and 2 Farmers": cards by their names, each counted, without articles (a reason says "your
    Coast", "the Disease")."""
    counts = Counter(names)
    return listed([title(c) if n == 1 else f"{n} {many(c, n)}" for c, n in counts.items()])


def either(words: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _reason(text: str, short: str, **facts: Any) -> Reason:
    return Reason(text, short, facts)


# -- what the seat sees ----------------------------------------------------------------------------------------

def _me(view: View) -> dict[str, Any]:
    return view["players"][view["seat"]]


def free_hand(view: View) -> list[str]:
    """The seat's hand without the cards its own trade offer holds (COL-R27)."""
    hand = Counter(view["hand"])
    offer = view["offer"]
    if offer is not None and offer["from"] == view["seat"]:
        hand -= Counter(offer["give"])
    return sorted(hand.elements())


def _ready(view: View) -> list[str]:
    return [e["card"] for e in _me(view)["in_play"] if e["state"] == "ready" and e["card"] in C.POPULATIONS]


def _population(cards: list[str]) -> int:
    return sum(c in C.POPULATIONS for c in cards)


def _can_draw(view: View, n: int) -> int:
    me = _me(view)
    return min(n, me["deck_size"] + len(me["discard"]))


def food_yield(view: View, worker: str | None, land: str) -> int:
    """The Food one work of Farmland, Livestock or a Coast (for Food) gains (COL-S15, R19, R20, R1)."""
    if view["active_event"] == "harsh_winter":
        return 0
    base = {"farmland": 2, "livestock": 1, "coast": 2}[land]
    base += worker == "farmer" and land in ("farmland", "livestock")
    base += view["active_event"] == "bountiful_harvest"
    return min(base, view["food_supply"])


def die_faces(view: View, worker: str | None, land: str) -> tuple[int, int]:
    """Of a d6's faces, how many give this worker Food or Wealth on Mountains or Forest, and how many lose it
    (COL-S15, R17, R18, R20)."""
    mod = 1 if (land, worker) in (("mountains", "miner"), ("forest", "trapper")) else 0
    winter = view["active_event"] == "harsh_winter"
    good = lost = 0
    for die in range(1, 7):
        total = die + mod
        lost += total <= 1
        if land == "mountains":
            good += total >= 3 or view["active_event"] == "gold_rush"
        elif total >= 4 or (total >= 2 and not winter):
            good += 1
    return good, lost


# -- reasons, kind by kind -------------------------------------------------------------------------------------

def _job(view: View, worker: str, hand: list[str]) -> tuple[str, dict[str, Any]]:
    """Something useful the Population can do once in play this turn, said with its numbers: a Land it is good
    at, else the best Food, else exploring or reproducing."""
    me = _me(view)
    lands = {e["card"] for e in me["in_play"] if C.KIND[e["card"]] == C.LAND}
    if view["phase"] == "main" and not view["locked"]:
        lands |= {c for c in hand if C.KIND[c] == C.LAND}
    if me["livestock"]:
        lands.add("livestock")
    food_lands = sorted((food_yield(view, worker, land), land) for land in lands
                        if land in ("farmland", "livestock", "coast"))
    if food_lands and food_lands[-1][0] > 0:
        food, land = food_lands[-1]
        return f"work the {title(land)} for {food} Food", {"job_land": title(land), "job_food": food}
    for land in BONUS_LAND.get(worker, ()):
        if land in lands and land in ("mountains", "forest"):
            return f"roll on the {title(land)} with its +1", {"job_land": title(land), "bonus": 1}
    if view["frontier"]:
        return "explore the Frontier", {}
    if view["lineup"]:
        return "reproduce from the Line-Up", {}
    return "act", {}


def _play_population(view: View, a: Action, hand: list[str]) -> Reason:
    card = a["card"]
    food_in_hand, granary = hand.count("food"), _me(view)["granary"]
    left = food_in_hand - 1 if a["food"] == "hand" else granary - 1
    where = "your hand" if a["food"] == "hand" else "your granary"
    name = title(card)
    if view["phase"] == "soldier":
        threats = sorted({c for c in hand if c in C.THREATS}, key=title)
        said = listed_cards(threats)
        strikes = "it strikes" if len(threats) == 1 else "they strike"
        return _reason(f"Play your Soldier before your Threats for 1 Food from {where} ({left} left there): "
                       f"then it can fight {said} in your hand before {strikes}.",
                       f"Soldier first ({left} Food left in {where}), to fight {said}.",
                       card=name, cost=1, food_left=left, targets=[title(t) for t in threats])
    job, job_facts = _job(view, card, hand)
    return _reason(f"Play your {name} for 1 Food from {where} ({left} left there): in play it can {job} this turn, "
                   "and left in your hand it would be trashed at the end of the turn.",
                   f"{name} into play for 1 Food ({left} left in {where}), to {job}.",
                   card=name, cost=1, food_left=left, **job_facts)


def _play_threat(view: View, a: Action, hand: list[str]) -> Reason:
    threat = a["card"]
    name = title(threat)
    target = a.get("target")
    rest = list(hand)
    rest.remove(threat)
    kinds = C.THREAT_TARGET_KINDS[threat]
    targets = sorted({title(c) for c in rest if C.KIND[c] in kinds})
    if target is not None:
        rest.remove(target)
    witch = view["active_event"] == "witch_trials" and view["threats_played"] == 0 \
        and bool(_population(rest) or _population(_me(view)["discard"]))
    then = ", then Witch Trials takes a Population from your hand or discard pile" if witch else ""
    me = _me(view)
    draws = 0 if threat == "peaceful_tribe" else min(1, me["deck_size"] + len(me["discard"]))
    drawn = "" if threat == "peaceful_tribe" else f"; you draw {draws}"
    facts: dict[str, Any] = {"threat": name, "targets": targets}
    if threat != "peaceful_tribe":
        facts["draws"] = draws
    if target is None:
        return _reason(f"{name} must be played before any other card, and your hand holds nothing it can take "
                       f"({TAKES[threat]}), so it does nothing{then}{drawn}.",
                       f"{name} first: it finds nothing to take{then}.", takes="", **facts)
    verb = "discards" if threat == "peaceful_tribe" else "trashes"
    others = [t for t in targets if t != title(target)]
    among = f" rather than your {either(others)}" if others else ""
    return _reason(f"{name} must be played before any other card: it {verb} your {title(target)}{among}{then}"
                   f"{drawn}.", f"{name} first: it {verb} your {title(target)}.", takes=title(target), **facts)


def _play_other(view: View, a: Action, hand: list[str]) -> Reason | None:
    card = a["card"]
    name = title(card)
    me = _me(view)
    if C.KIND[card] == C.LAND:
        ready, in_hand = len(_ready(view)), _population(hand)
        return _reason(f"Play the {name} so it can be worked this turn ({LAND_USE[card]}): you have {ready} "
                       f"Population ready and {in_hand} in your hand.",
                       f"{name} into play, to be worked ({ready} ready, {in_hand} in hand).",
                       card=name, ready=ready, population_in_hand=in_hand)
    if card == "wealth":
        draws = _can_draw(view, 1)
        coast = ("coast" in hand or any(e["card"] == "coast" for e in me["in_play"])) \
            and view["active_event"] != "strife"  # COL-R26: no shipping under Strife
        ship = f"; with your Coast it can still be shipped from play for {SHIP_POINTS} points" if coast else ""
        facts: dict[str, Any] = {"ship_points": SHIP_POINTS} if coast else {}
        return _reason(f"Play the Wealth to draw {draws} card now: it stays yours, worth 1 point{ship}.",
                       f"Wealth into play: draw {draws}.", card=name, draws=draws, points=1, **facts)
    if card == "supplies":
        gain, have = food_yield_supplies(view), hand.count("food") + me["granary"]
        return _reason(f"Supplies gains {gain} Food into your discard pile, then is trashed: you have {have} Food "
                       "in your hand and granary now.", f"Supplies: {gain} Food.",
                       card=name, food_gain=gain, food_available=have)
    if card == "settlers":
        gains = min(3, view["pop_deck"])
        return _reason(f"Settlers gains the top {gains} Population into your discard pile, 1 point each, then "
                       "is trashed.", f"Settlers: {gains} Population.", card=name, gains=gains, points=1)
    if card == "horses":
        draws = _can_draw(view, 3)
        return _reason(f"Horses draws {draws} cards now, one by one, for more to play this turn.",
                       f"Horses: draw {draws}.", card=name, draws=draws)
    if card == "livestock":
        have = me["livestock"] + 1
        return _reason(f"Livestock stays in play for good (you will have {have}): any worker takes Food from it "
                       "every turn, a Farmer more.", f"Livestock: Food every turn ({have} in play).",
                       card=name, livestock=have)
    if card == "arms" and "target" in a:
        where = "discard pile" if a["zone"] == "discard" else "cards in play"
        return _reason(f"Arms trashes the {title(a['target'])} from your {where}, so it never comes back to your "
                       "hand.", f"Arms: {title(a['target'])} gone for good.", card=name, threat=title(a["target"]))
    if card == "laborers" and "land" in a:
        return _work(view, None, a)
    return None


def food_yield_supplies(view: View) -> int:
    """What Supplies gains: 5 Food, none under Harsh Winter, as far as the supply goes (COL-S12, R20, R1)."""
    return 0 if view["active_event"] == "harsh_winter" else min(5, view["food_supply"])


def _work(view: View, worker: str | None, a: Action) -> Reason:
    land = a["land"]
    who = title(worker) if worker else "Laborers"
    lname = title(land)
    facts: dict[str, Any] = {"worker": who, "land": lname}
    if a.get("mode") == "ship":
        ships = min(2 if worker == "trader" else 1, view["shipment_deck"])
        where = "your hand" if a["wealth"] == "hand" else "play"
        more = "s" if ships != 1 else ""
        return _reason(f"{who} ships a Wealth from {where} on the Coast: it leaves the game for {SHIP_POINTS} "
                       f"points instead of 1, and you gain {ships} Shipment{more}.",
                       f"Ship a Wealth: {SHIP_POINTS} points.", ship_points=SHIP_POINTS, points=1, shipments=ships,
                       **facts)
    if land in ("mountains", "forest"):
        good, lost = die_faces(view, worker, land)
        gives = "Wealth" if land == "mountains" else "Food or Wealth"
        if lost:
            facts["lost_faces"] = lost
        risk = f", and {lost} loses the worker" if lost else ", and it cannot be lost there"
        return _reason(f"{who} rolls on the {lname}: {good} faces in 6 give {gives}{risk}.",
                       f"{who} on the {lname}: {good} in 6 pay.", good_faces=good, faces=6, **facts)
    food = food_yield(view, worker, land)
    return _reason(f"{who} works the {lname} for {food} Food into your discard pile: each Food pays for a "
                   "Population on a later turn.", f"{who} on the {lname}: {food} Food.", food_gain=food, **facts)


def _explore(view: View, a: Action) -> Reason:
    worker, land = a["worker"], a["card"]
    who, name = title(worker), title(land)
    left = view["threat_deck"]
    facts: dict[str, Any] = {"worker": who, "card": name, "points": 2, "threats_left": left}
    pilgrim = ", and Pilgrimage adds the top Population" if view["active_event"] == "pilgrimage" else ""
    if worker == "explorer" and left:
        sees = min(3, left)
        threat = f"you keep one of the top {sees} of the {left} Threats left"
        facts["sees"] = sees
    elif left:
        threat = f"the top Threat of the {left} left comes too"
    else:
        threat = f"the Threat deck is empty ({left} left), so no Threat comes"
    return _reason(f"{who} explores the {name}, a Land worth 2 points ({LAND_USE[land]}); {threat}{pilgrim}.",
                   f"Explore the {name}: 2 points, and a Threat.", **facts)


def _reproduce(view: View, a: Action, hand: list[str]) -> Reason:
    who, name = title(a["worker"]), title(a["card"])
    have = hand.count("food") + _me(view)["granary"]
    return _reason(f"{who} reproduces the {name} from the Line-Up: 1 point, good for {ROLE[a['card']]}, and 1 Food "
                   f"to play later ({have} in your hand and granary now).",
                   f"Reproduce the {name}: 1 point.", worker=who, card=name, points=1, cost=1, food_available=have)


def _combat(view: View, a: Action, hand: list[str]) -> Reason:
    who, threat = title(a["worker"]), a["card"]
    name = title(threat)
    if a["zone"] == "play":
        return _reason(f"{who} fights the {name} you played: it is trashed for good instead of coming back with "
                       "your discard pile.", f"{who} removes the {name} for good.", worker=who, threat=name)
    rest = list(hand)
    rest.remove(threat)
    kinds = C.THREAT_TARGET_KINDS[threat]
    targets = sorted({c for c in rest if C.KIND[c] in kinds}, key=title)
    facts = {"worker": who, "threat": name, "targets": [title(t) for t in targets]}
    if targets:
        return _reason(f"{who} fights the {name} in your hand: trashed unplayed, it cannot take your "
                       f"{listed_cards(targets)}.", f"{who} fights the {name} first.", **facts)
    return _reason(f"{who} fights the {name} in your hand: trashed unplayed, it never comes back from your discard "
                   "pile.", f"{who} fights the {name}.", **facts)


def _pick(view: View, a: Action) -> Reason:
    seen = view.get("explorer_sees", [])
    name = title(a["card"])
    return _reason(f"Of the Threats your Explorer saw ({listed_cards(seen)}), keep {name}, the mildest: it takes "
                   f"{TAKES[a['card']]}; the others go back on top of the Threat deck.", f"Keep {name}, the mildest.",
                   card=name, seen=[title(c) for c in seen])


def _witch(view: View, a: Action, hand: list[str]) -> Reason:
    name, zone = title(a["card"]), a["zone"]
    options = sorted({title(c) for c in hand + _me(view)["discard"] if c in C.POPULATIONS})
    in_hand = _population(hand)
    facts: dict[str, Any] = {"card": name, "options": options}
    if zone == "discard" and in_hand:
        why = f"so the {in_hand} Population in your hand can still be played"
        facts["population_in_hand"] = in_hand
    elif zone == "discard":
        why = "as your hand holds no Population"
    else:
        why = "as your discard pile holds no Population"
    where = "discard pile" if zone == "discard" else "hand"
    return _reason(f"Witch Trials must take one of your Population ({either(options)}): give the {name} from your "
                   f"{where}, {why}.", f"Witch Trials: the {name} from your {where}.", **facts)


def _cannibalize(view: View, a: Action, hand: list[str]) -> Reason:
    name = title(a["card"])
    pop, have = _population(hand), hand.count("food") + _me(view)["granary"]
    return _reason(f"Your {pop} Population in hand need {pop} Food and you have {have}: eating the {name} gives 1 "
                   "Food to play another, and a Threat comes into your discard pile.",
                   f"Eat the {name}: 1 Food for {pop} Population.", card=name, population_in_hand=pop,
                   food_available=have, food_gain=1)


def _group(view: View, a: Action) -> Reason:
    n = len(a["workers"])
    wealth = min(n, view["wealth_supply"])
    me = _me(view)
    stock = view["hand"].count("food") + me["granary"] + me["discard"].count("food")
    return _reason(f"{n} Population work the Farmland together for {wealth} Wealth, 1 point each, instead of Food: "
                   f"you already hold {stock} Food in hand, granary and discard pile.",
                   f"Farmland together: {wealth} Wealth.", workers=n, wealth_gain=wealth, points=1,
                   food_stock=stock)


def _end_turn(game: Game, view: View, a: Action, hand: list[str]) -> Reason:
    seat = view["seat"]
    pop, ready = _population(hand), len(_ready(view))
    food = hand.count("food")
    have = food + _me(view)["granary"]
    facts: dict[str, Any]
    if pop and not have:
        verb, lost_ = ("needs", "it is") if pop == 1 else ("need", "they are")
        lack = f"your {pop} Population in hand {verb} Food and you have {have}, so {lost_} trashed"
        short = f"End your turn: {have} Food for {pop} Population in hand."
        facts = {"population_in_hand": pop, "food_available": have}
    elif ready:
        lack = f"your {ready} ready Population have nothing useful left to do"
        short = f"End your turn: nothing left for your {ready} ready Population."
        facts = {"ready": ready}
    else:
        lack = f"you have {ready} Population ready and {pop} in your hand"
        short = f"End your turn: {ready} ready, {pop} Population in hand."
        facts = {"ready": ready, "population_in_hand": pop}
    if a["granary"]:
        store = f"; {a['granary']} Food goes to your granary (half your {food} Food in hand, rounded down)"
        facts.update(to_granary=a["granary"], food_in_hand=food)
    else:
        store = ""
    lost = "; with no Population left, your colony is then eliminated" if game.warnings(seat) else ""
    return _reason(f"End your turn: {lack}{store}{lost}.", short, **facts)


def _answer(view: View, a: Action) -> Reason:
    offer = view["offer"]
    mine = view["seat"] == offer["from"]
    if mine:
        get, give = list(offer["counter"] or offer["want"]), list(offer["give"])
    else:
        get, give = list(offer["give"]), list(offer["want"])
    gp, vp = sum(map(points, get)), sum(map(points, give))
    trader = offer["worker"] == "trader"
    facts: dict[str, Any] = {"get": [title(c) for c in get], "give": [title(c) for c in give],
                             "get_points": gp, "give_points": vp}
    if a["type"] == "counter":
        mine_give = list(a["give"])
        cp = sum(map(points, mine_give))
        facts.update(give=[title(c) for c in mine_give], give_points=cp)
        return _reason(f"Counter: give your {listed_cards(mine_give)} ({cp} points) instead of the "
                       f"{listed_cards(give)} asked, for their {listed_cards(get)} ({gp} points).",
                       f"Counter with {listed_cards(mine_give)}.", **facts)
    if trader:
        facts["trader_wealth"] = 1
    if a["type"] == "accept":
        bonus = ", and the Trader's trade gives each of you 1 Wealth" if trader else ""
        return _reason(f"Accept: you get {listed_cards(get)} ({gp} points) for your {listed_cards(give)} "
                       f"({vp} points){bonus}.", f"Accept: {listed_cards(get)} for {listed_cards(give)}.", **facts)
    bonus = ", even with the Trader's 1 Wealth for each of you" if trader else ""
    return _reason(f"Decline: you would give your {listed_cards(give)} ({vp} points) for {listed_cards(get)} "
                   f"({gp} points){bonus}.", f"Decline: keep your {listed_cards(give)}.", **facts)


def _offer(view: View, a: Action, hand: list[str]) -> Reason:
    pop, have = _population(hand), hand.count("food") + _me(view)["granary"]
    get, give = list(a["want"]), list(a["give"])
    trader = a.get("worker") == "trader"
    bonus = ", and your Trader's accepted trade gives each of you 1 Wealth" if trader else ""
    facts: dict[str, Any] = {"population_in_hand": pop, "food_available": have, "get": [title(c) for c in get],
                             "give": [title(c) for c in give]}
    if trader:
        facts["trader_wealth"] = 1
    return _reason(f"Offer your {listed_cards(give)} for {listed_cards(get)}: your {pop} Population in hand need "
                   f"{pop} Food and you have {have}{bonus}.", f"Offer {listed_cards(give)} for {listed_cards(get)}.",
                   **facts)


def reason_for(game: Game, view: View, a: Action) -> Reason | None:
    """The reason for this move from this view: every number and card it states is in its facts."""
    hand = free_hand(view)
    kind = a["type"]
    if kind == "play":
        card_kind = C.KIND[a["card"]]
        if card_kind == C.POPULATION:
            return _play_population(view, a, hand)
        if card_kind == C.THREAT:
            return _play_threat(view, a, hand)
        return _play_other(view, a, hand)
    if kind == "work":
        return _work(view, a["worker"], a)
    if kind == "group":
        return _group(view, a)
    if kind == "explore":
        return _explore(view, a)
    if kind == "reproduce":
        return _reproduce(view, a, hand)
    if kind == "combat":
        return _combat(view, a, hand)
    if kind == "pick":
        return _pick(view, a)
    if kind == "witch":
        return _witch(view, a, hand)
    if kind == "cannibalize":
        return _cannibalize(view, a, hand)
    if kind == "end_turn":
        return _end_turn(game, view, a, hand)
    if kind in ("accept", "decline", "counter"):
        return _answer(view, a)
    if kind == "offer":
        return _offer(view, a, hand)
    if kind == "withdraw":
        return _reason("Withdraw your offer: its cards and its Population are free again.", "Withdraw your offer.")
    return None


# -- what not to suggest ------------------------------------------------------------------------------------------

def wasted(view: View, a: Action) -> bool:
    """A move that loses a card for nothing, or does nothing at all: never the coach's suggestion (issue 44).
    Supplies under Harsh Winter and Settlers with an empty Population deck are trashed for nothing; a Land
    nobody can work this turn, a work that gains no Food, Horses or a Wealth with nothing to draw, Arms with no
    Threat and Laborers with no Land change nothing but the move count."""
    kind = a["type"]
    if kind == "work" and (a["land"] in ("farmland", "livestock") or a.get("mode") == "food"):
        return food_yield(view, a["worker"], a["land"]) == 0
    if kind != "play":
        return False
    card = a["card"]
    if card == "supplies":
        return food_yield_supplies(view) == 0
    if card == "settlers":
        return view["pop_deck"] == 0
    if card in ("horses", "wealth"):
        return _can_draw(view, 1) == 0
    if card == "arms":
        return "target" not in a
    if card == "laborers":
        if "land" not in a:
            return True
        return (a["land"] in ("farmland", "livestock") or a.get("mode") == "food") \
            and food_yield(view, None, a["land"]) == 0
    if C.KIND[card] == C.LAND:
        hand = free_hand(view)
        food = hand.count("food") + _me(view)["granary"]
        return not (_ready(view) or min(_population(hand), food) or "laborers" in hand)
    return False


def advise(game: Game, seat: int) -> Advice | None:
    """The heuristic's move (seeded, so the same each time it is asked), or its best other move when that one is
    wasted, with its reason from the seat's view."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    view = game.view(seat)
    policy = policy_for(game.id)
    pick = choose_for(game, seat, policy, random.Random(game.num_players), legal)
    if wasted(view, pick):
        rest = [a for a in legal if not wasted(view, a)]
        if not rest:
            return None
        pick = max(rest, key=lambda a: policy.score(view, a))  # type: ignore[attr-defined]
    reason = reason_for(game, view, pick)
    return Advice(pick, reason) if reason is not None else None


# -- the mechanics a beginner meets ---------------------------------------------------------------------------------



def _played(kinds: frozenset[str]) -> Callable[[Event], bool]:
    return event_of("played", lambda e: e.get("card") in kinds)


SHIPMENTS = frozenset(n for n, k in C.KIND.items() if k == C.SHIPMENT)
EVENT_RULES = (
    ("witch_trials", "COL-R23", "While it holds, the first Threat a player plays in a turn also makes them trash a "
     "Population from their hand or discard pile, after its effect and before its draw."),
    ("harsh_winter", "COL-R20", "While it holds, nobody gains Food: works, Livestock and Supplies give none, and "
     "Cannibalism is forbidden. Paying Food, the granary and trades work as usual."),
    ("gold_rush", "COL-R18", "While it holds, every Mountains work gains 1 more Wealth, whatever the roll."),
    ("pilgrimage", "COL-R24", "While it holds, every Explore also gains the top Population of its deck."),
    ("trade_winds", "COL-R25", "While it holds, the player to move may make any number of trade offers without a "
     "Population; only a Trader's trade gives the Wealth bonus."),
    ("strife", "COL-R26", "While it holds, nobody trades or ships Wealth; a Coast still gives Food."),
    ("vermin", "COL-R22", "When it is flipped, every granary's Food goes into its owner's discard pile."),
    ("bountiful_harvest", "COL-R19", "While it holds, every work that gains Food gains 1 more (Farmland, Coast, "
     "Forest, Livestock, Laborers)."),
)

MECHANICS: tuple[Mechanic, ...] = (
    Mechanic("a Population", "COL-S10", "A Population costs 1 Food (from hand or granary) to play, then takes one "
             "action that turn. One still in your hand when your turn ends is trashed.", _played(C.POPULATIONS)),
    Mechanic("a Threat", "COL-S7", "A Threat in your hand is played first and takes a card of its kind from your "
             "hand (Peaceful Tribe: any card, discarded); with nothing to take it does nothing. Then you draw 1, "
             "except after Peaceful Tribe.", _played(C.THREATS)),
    Mechanic("fighting a Threat", "COL-S20", "Combat: a Population in play trashes a Threat from your hand unplayed "
             "(no effect, no draw) or one played this turn. A Soldier may be played before your Threats to do it.",
             event_of("trashed", why="combat")),
    Mechanic("working a Land", "COL-S15", "Only a Land played this turn, or Livestock, can be worked, by any number "
             "of workers: Farmland 2 Food (a Farmer 3), a Coast 2 Food or a shipping; Mountains and Forest roll a "
             "die.", event_of("work")),
    Mechanic("a die roll", "COL-R17", "On Mountains and Forest a roll of 1 trashes the worker. A Miner in the "
             "Mountains or a Trapper in the Forest adds 1 first, so is never lost there.", event_of("roll")),
    Mechanic("working Farmland together", "COL-S16", "Two or more ready Population may work one Farmland together: "
             "1 Wealth each, and no Food.", event_of("group")),
    Mechanic("a Wealth card", "COL-S11", "A Wealth is 1 point. Played, it draws you 1 card; from your hand or from "
             "play a Coast can ship it for 5 points.", event_of("played", card="wealth")),
    Mechanic("shipping Wealth", "COL-R31", "Shipping sends a Wealth from your hand or play home from a Coast: 5 "
             "points, and the top Shipment (a Trader the top 2). Not under Strife in the Homeland.",
             event_of("shipped")),
    Mechanic("a Shipment", "COL-S12", "Shipments act when played: Supplies gains 5 Food, Settlers 3 Population, "
             "Horses draw 3, Livestock stays to be worked, Arms trashes a Threat, Laborers work a Land. No points.",
             _played(SHIPMENTS)),
    Mechanic("exploring the Frontier", "COL-S18", "Exploring gains a Frontier Land (2 points) and the top Threat "
             "into your discard pile; an Explorer sees the top 3 Threats and keeps one.",
             event_of("gained", source="frontier")),
    Mechanic("the Line-Up", "COL-S19", "Reproducing gains a Line-Up Population into your discard pile: 1 point, and "
             "1 Food to play it later. The Line-Up refills when the turn ends.", event_of("gained", source="lineup")),
    Mechanic("Cannibalism", "COL-S13", "Cannibalism trashes a Population from your hand for 1 Food into your hand, "
             "and gains you the top Threat. Never under Harsh Winter or while a Threat locks your hand.",
             event_of("cannibal_food")),
    Mechanic("a trade offer", "COL-S17", "A ready Population may offer cards from your hand for as many named cards "
             "of one player, who accepts, declines or counters once. A Trader's deal gives both 1 Wealth.",
             event_of("offer")),
    Mechanic("a new deck", "COL-S2", "Gained cards go to your discard pile; when your deck runs out, the discard "
             "pile is shuffled into a new deck, and they reach your hand.", event_of("reshuffled")),
    Mechanic("the end of a turn", "COL-S22", "Ending a turn: cards in play are discarded, up to half the Food in "
             "hand goes to the granary, the rest of the hand is discarded but its Population are trashed; then "
             "draw to five.", event_of("cleanup")),
    Mechanic("elimination", "COL-S25", "A colony with no Population in its hand, deck and discard pile at the end "
             "of its turn is eliminated and scores nothing. Running out of Food alone eliminates nobody.",
             event_of("eliminated")),
    Mechanic("an Event", "COL-S5", "From round 2 the First Settler flips an Event each round; it holds until the "
             "next flip. The round of the last flip is the final round.", event_of("event")),
    *(Mechanic(C.title(card), rule, text, event_of("event", card=card)) for card, rule, text in EVENT_RULES),
    Mechanic("the final round", "COL-S27", "The Event deck is empty: the game ends after the turn of the last seat "
             "before the First Settler.", event_of("event", left=0)),
    Mechanic("the final score", "COL-S29", "Each colony left scores 1 per Population and Wealth, 2 per Land, 5 per "
             "shipped Wealth; Food, Shipments and Threats score nothing. Ties: shipped Wealth, then Land, then "
             "Population.", event_of("game_over")),
)


def shown(event: Event) -> list[str]:
    """The keys of the mechanics an event shows (for tests and tools)."""
    return [m.key for m in MECHANICS if m.shows(event)]


COACHING = Coaching(
    choices={
        "play": "play a card", "cannibalize": "eat a Population for 1 Food", "work": "work a Land",
        "group": "work a Farmland together", "explore": "explore the Frontier",
        "reproduce": "reproduce from the Line-Up", "combat": "fight a Threat",
        "pick": "keep a Threat your Explorer saw", "witch": "give Witch Trials a Population",
        "end_turn": "end your turn", "offer": "offer a trade", "accept": "accept the trade",
        "decline": "decline the trade", "counter": "counter with other cards", "withdraw": "withdraw your offer",
    },
    advise=advise,
    deeds={"explore": "explored", "work": "worked a Land", "reproduce": "reproduced", "play": "played a card"},
    mechanics=MECHANICS,
    advice="keep a Soldier for the Threats that exploring brings, and ship Wealth from a Coast: each is worth 5.",
)

