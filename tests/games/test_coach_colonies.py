"""Colonies' coach (issue 44, items 2 and 3; DESIGN §5 "Teach by playing"): ten seeded practice games, the learner
(seat 0) following the coach's advice against an easy AI. At every decision of the learner each fact the reason
states is recomputed here from the learner's own view, by the rules (COL-S8, S10, S12, S15, S18, S19, S28, R1,
R17, R19, R20, R27, R28, R35), and found in the text; the advice is a legal move that gives nothing away; no
sentence is said more than three times a game; and the first-time explanations (at least 8 over the ten games)
each point to a chapter of the book that teaches them."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from cogs.rules import book, find_section
from games.ai import choose_for, policy_for
from games.coach import COACHES, SAID_MOST, first_times, said_key, spoken
from games.coach import colonies as coach_module
from games.coach.coaching import Advice
from games.colonies import cards as C
from games.colonies.game import KEYS, Colonies
from games.core import Action, Event
from games.levels import player_for
from tests.games.colonies.table import table

GAMES = 10
SEATS = 2
"""A practice table's seats: the fewest Colonies plays with (bot/practice.py, `practice_seats`)."""
OPTIONS = {"events": 12}
"""A practice table's options (bot/practice.py, OPTIONS["colonies"])."""
LEARNER = 0
COACH = COACHES["colonies"]
FACTS: dict[str, str] = getattr(coach_module, "FACTS", {})
"""The facts a Colonies reason may state, by name (none before issue 44)."""
LONGEST = 220
"""The longest reason the coach gives (a line of the coach under ~220 characters)."""
CARD_IDS = re.compile(r"\b(" + "|".join(sorted(C.CARDS)) + r")\b")
"""A card's internal name (snake_case or lower case: "crop_failure", "farmer") where the book says "Farmer"."""
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEAT = re.compile(r"\b[Ss]eat\b|\bP\d\b")


@dataclass
class Decision:
    """One decision of the learner: the view they had, the moves they could list, the coach's advice, the
    warning the turn message gave (COL-S25)."""

    game: int
    view: dict[str, Any]
    legal: list[Action]
    advice: Advice | None
    warned: bool


@dataclass
class Played:
    decisions: list[Decision] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    """Each game's events, every seat's, in order (what a practice table's first-time explanations read)."""


@cache
def played() -> Played:
    """Ten practice games: the learner makes the coach's suggestion (the heuristic's move where it has none), the
    other seat is the easy level; all seeded."""
    out = Played()
    for number in range(GAMES):
        game = Colonies.new(SEATS, seed=20261100 + number, options=OPTIONS)
        easy, rng = player_for("colonies", "easy"), random.Random(number)
        events: list[Event] = []
        while not game.over:
            movers = game.to_move()
            if LEARNER in movers:
                seat = LEARNER
                advice = COACH.advise(game, seat)
                out.decisions.append(Decision(number, game.view(seat), game.legal_actions(seat), advice,
                                              bool(game.warnings(seat))))
                action = advice.action if advice is not None else \
                    choose_for(game, seat, policy_for("colonies"), random.Random(SEATS))
            else:
                seat = min(movers)
                action = choose_for(game, seat, easy, rng)
            events += game.apply(seat, action)  # the engine refuses an illegal move (RuleError)
        out.events.append(events)
    return out


def advised() -> list[tuple[Decision, Advice]]:
    return [(d, d.advice) for d in played().decisions if d.advice is not None]


# -- the position, recomputed from the learner's view by the rules ------------------------------------------------

def title(name: str) -> str:
    return C.CARDS[name].title


def score(name: str) -> int:
    """COL-S28: a Population or a Wealth 1, a Land 2, anything else 0."""
    return {C.POPULATION: 1, C.WEALTH: 1, C.LAND: 2}.get(C.KIND[name], 0)


def gained_food(view: dict[str, Any], worker: str | None, land: str) -> int:
    """COL-S15 with R1, R19, R20: 2 Food from Farmland or a Coast, 1 from Livestock, a Farmer +1 on Farmland and
    Livestock, Bountiful Harvest +1, Harsh Winter none, as far as the supply goes."""
    if view["active_event"] == "harsh_winter":
        return 0
    food = {"farmland": 2, "coast": 2, "livestock": 1}[land]
    if worker == "farmer" and land != "coast":
        food += 1
    if view["active_event"] == "bountiful_harvest":
        food += 1
    return min(food, view["food_supply"])


def faces(view: dict[str, Any], worker: str | None, land: str) -> tuple[int, int]:
    """COL-S15 with R17, R18, R20: of a die's six faces, those that pay this worker, and those that lose it."""
    plus = int((worker, land) in (("miner", "mountains"), ("trapper", "forest")))
    pay = lose = 0
    for die in range(1, 7):
        roll = die + plus
        if roll == 1:
            lose += 1
        if land == "mountains":
            wealth = 3 if roll >= 6 else 2 if roll >= 3 else 0
            wealth += view["active_event"] == "gold_rush"
            pay += wealth > 0
        else:
            food = 2 if roll in (2, 3) or roll >= 6 else 0
            wealth = 1 if roll >= 4 else 0
            if view["active_event"] == "harsh_winter":
                food = 0
            pay += food + wealth > 0
    return pay, lose


def expected(d: Decision, a: Action) -> dict[str, Any]:
    """What each fact a reason may state is, in the position of this decision (the learner's view only)."""
    view = d.view
    me = view["players"][view["seat"]]
    offer = view["offer"]
    hand = Counter(view["hand"])
    if offer is not None and offer["from"] == view["seat"]:
        hand -= Counter(offer["give"])  # cards locked in one's own offer (COL-R27)
    population = sum(n for c, n in hand.items() if C.KIND[c] == C.POPULATION)
    pile = me["deck_size"] + len(me["discard"])
    out: dict[str, Any] = {
        "food_in_hand": hand["food"], "granary": me["granary"], "food_available": hand["food"] + me["granary"],
        "population_in_hand": population, "cost": 1, "ship_points": 5, "faces": 6, "trader_wealth": 1, "bonus": 1,
        "ready": sum(e["state"] == "ready" and C.KIND[e["card"]] == C.POPULATION for e in me["in_play"]),
        "threats_left": view["threat_deck"], "sees": min(3, view["threat_deck"]),
        "food_stock": view["hand"].count("food") + me["granary"] + me["discard"].count("food"),
        "livestock": me["livestock"] + 1}
    kind, card = a["type"], a.get("card")
    if card in C.CARDS:
        out["card"] = title(card)
        out["points"] = score(card)
    if "worker" in a and isinstance(a["worker"], str):
        out["worker"] = title(a["worker"])
    if "land" in a:
        out["land"] = title(a["land"])
    if kind == "play" and card == "laborers":
        out["worker"] = "Laborers"
    if kind == "play" and C.KIND[card] == C.POPULATION:
        out["food_left"] = (hand["food"] if a["food"] == "hand" else me["granary"]) - 1
        if view["phase"] == "soldier":
            out["targets"] = sorted({title(c) for c in hand if C.KIND[c] == C.THREAT})
    if card in C.THREATS:  # COL-S8, R9: what it could take, judged on the hand once it has left
        rest = hand - Counter([card])
        kinds = C.THREAT_TARGET_KINDS[card]
        out["threat"] = title(card)
        out["targets"] = sorted({title(c) for c in rest if C.KIND[c] in kinds})
        if kind == "play":
            out["takes"] = title(a["target"]) if "target" in a else ""
            out["draws"] = 0 if card == "peaceful_tribe" else min(1, pile)
    if kind == "play" and card == "arms" and "target" in a:
        out["threat"] = title(a["target"])
    if kind == "play" and card in ("wealth", "horses"):
        out["draws"] = min(1 if card == "wealth" else 3, pile)
    if kind == "play" and card == "supplies":
        out["food_gain"] = 0 if view["active_event"] == "harsh_winter" else min(5, view["food_supply"])
    if kind == "play" and card == "settlers":
        out["gains"], out["points"] = min(3, view["pop_deck"]), 1
    if kind == "cannibalize":
        out["food_gain"] = 1  # COL-S13
    worker = a.get("worker") if kind == "work" else None
    if kind == "work" or (kind == "play" and card == "laborers" and "land" in a):
        land = a["land"]
        if a.get("mode") == "ship":  # COL-S15, R28, R31
            out["shipments"] = min(2 if worker == "trader" else 1, view["shipment_deck"])
            out["points"] = 1
        elif land in ("mountains", "forest"):
            out["good_faces"], out["lost_faces"] = faces(view, worker, land)
        else:
            out["food_gain"] = gained_food(view, worker, land)
    if kind == "group":  # COL-S16, R1
        out["workers"] = len(a["workers"])
        out["wealth_gain"] = min(len(a["workers"]), view["wealth_supply"])
        out["points"] = 1
    if kind == "pick":
        out["seen"] = [title(c) for c in view["explorer_sees"]]
    if kind == "witch":  # COL-R23
        out["options"] = sorted({title(c) for c in [*hand.elements(), *me["discard"]] if C.KIND[c] == C.POPULATION})
    if kind == "end_turn":
        out["to_granary"] = a["granary"]
    if kind in ("accept", "decline", "counter"):
        mine = view["seat"] == offer["from"]
        get = (offer["counter"] or offer["want"]) if mine else offer["give"]
        give = offer["give"] if mine else offer["want"]
        if kind == "counter":
            give = a["give"]
        out.update(get=[title(c) for c in get], give=[title(c) for c in give],
                   get_points=sum(map(score, get)), give_points=sum(map(score, give)))
    if kind == "offer":
        out.update(get=[title(c) for c in a["want"]], give=[title(c) for c in a["give"]])
    return out


def job_is_true(d: Decision, a: Action, facts: dict[str, Any]) -> None:
    """A Population played "can work the X for N Food": X is in play, in hand or the Livestock, and a work there
    by this Population gains N (COL-S15, R15)."""
    if "job_land" not in facts:
        return
    me = d.view["players"][d.view["seat"]]
    there = {e["card"] for e in me["in_play"]} | set(d.view["hand"]) | ({"livestock"} if me["livestock"] else set())
    land = next(c for c in C.CARDS if title(c) == facts["job_land"])
    assert land in there, (facts, d.view["hand"])
    if "job_food" in facts:
        assert facts["job_food"] == gained_food(d.view, a["card"], land), facts


def stated(text: str, value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return re.search(rf"(?<![\d+]){value}(?!\d)", text) is not None
    if isinstance(value, str):
        return value in text
    return all(stated(text, v) for v in value)


def numbers_allowed(facts: dict[str, Any]) -> set[str]:
    """The numbers a reason may say: its int facts, and how many of a card a list fact names ("2 Food")."""
    out = {str(v) for v in facts.values() if isinstance(v, int) and not isinstance(v, bool)}
    for v in facts.values():
        if isinstance(v, list):
            out |= {str(n) for n in Counter(v).values()}
    return out


# -- the tests ----------------------------------------------------------------------------------------------------

def test_ten_practice_games_are_coached_at_every_decision() -> None:
    """No suggestion without a reason, and no decision without a suggestion: the coach advises every decision of
    the learner, and the engine takes each advised move (a legal move, or an offer the rules allow, COL-R27)."""
    decisions = played().decisions
    assert len(decisions) >= 200 and len({d.game for d in decisions}) == GAMES
    assert all(d.advice is not None for d in decisions)
    for d, advice in advised():
        assert advice.action in d.legal or advice.action["type"] == "offer", advice.action


def check_reason(d: Decision, advice: Advice) -> None:
    """Each fact of the reason is what the position says, and is said in the text; the text says no number that
    is not one of its facts."""
    reason, a = advice.reason, advice.action
    facts = dict(reason.facts)
    assert facts, f"a reason with no facts: {reason.text!r}"
    truth = expected(d, a)
    assert set(facts) <= set(FACTS), f"facts the coach does not define: {set(facts) - set(FACTS)}"
    for key, value in facts.items():
        if key in ("job_land", "job_food"):
            continue
        assert key in truth, f"{key!r} is not a fact the test knows: {reason.text!r}"
        assert value == truth[key], f"{key}={value!r}, but the position says {truth[key]!r}: {reason.text!r}"
    job_is_true(d, a, facts)
    if "cannot be lost" in reason.text:  # COL-R17: a Miner in the Mountains, a Trapper in the Forest
        assert faces(d.view, a.get("worker"), a["land"])[1] == 0, reason.text
    for key, value in facts.items():
        assert stated(reason.text, value), f"{key}={value!r} is not said in {reason.text!r}"
    me = d.view["players"][d.view["seat"]]
    for zone, cards in (("hand", d.view["hand"]), ("discard pile", me["discard"])):
        if f"your {zone} holds no Population" in reason.text:  # COL-R23: why Witch Trials takes from the other
            assert not any(C.KIND[c] == C.POPULATION for c in cards), reason.text
    said = set(re.findall(r"\d+", reason.text))
    assert said <= numbers_allowed(facts), f"{said - numbers_allowed(facts)} unaccounted in {reason.text!r}"
    if a["type"] == "end_turn":  # COL-S25: ending the turn eliminates the colony exactly when the game warns so
        assert d.warned == ("eliminated" in reason.text), reason.text
    assert len(reason.short) < len(reason.text) <= LONGEST, reason
    for text in (reason.text, reason.short):
        assert not CARD_IDS.search(text) and not SNAKE.search(text) and not SEAT.search(text), text


def test_every_fact_a_reason_states_is_true_of_the_position() -> None:
    """Each fact of a reason is recomputed from the learner's view by the rules (COL-S8 targets, S10 cost, S12
    Shipments, S15 yields, R17 die faces, S18/S19 what is gained, S28 points, R27/R28 trades, R35 granary) and
    is said in the text; the text says no number that is not one of its facts."""
    kinds: Counter[str] = Counter()
    for d, advice in advised():
        check_reason(d, advice)
        kinds[advice.action["type"]] += 1
    assert {"play", "work", "explore", "reproduce", "end_turn", "combat"} <= set(kinds), kinds


def test_a_threat_reason_says_what_it_will_take_now() -> None:
    """COL-S7, S8, R9: a Threat's reason names the card of the learner's hand it takes, or says it takes nothing
    (and then it does nothing: no elimination, no loss)."""
    threats = [(d, adv) for d, adv in advised() if adv.action["type"] == "play" and adv.action["card"] in C.THREATS]
    assert threats
    for d, adv in threats:
        target = adv.action.get("target")
        if target is None:
            assert "does nothing" in adv.reason.text and not expected(d, adv.action)["targets"]
        else:
            assert f"your {title(target)}" in adv.reason.text
        assert "eliminat" not in adv.reason.text


def test_the_coach_suggests_no_gift_and_no_empty_move() -> None:
    """No card given away for nothing (issue 44): no Supplies under Harsh Winter (COL-R20) nor Settlers from an
    empty Population deck, both trashed for nothing (COL-S12); a trade always gets as many cards as it gives
    (COL-R27); and no move that changes nothing: a work that gains no Food, a Land nobody can work."""
    for d, adv in advised():
        a, view = adv.action, d.view
        if a["type"] == "play" and a["card"] == "supplies":
            assert view["active_event"] != "harsh_winter"
        if a["type"] == "play" and a["card"] == "settlers":
            assert view["pop_deck"] > 0
        if a["type"] in ("offer", "accept", "counter"):
            truth = expected(d, a)
            assert truth["get"] and len(truth["get"]) == len(truth["give"])
        if "food_gain" in adv.reason.facts:
            assert adv.reason.facts["food_gain"] > 0, adv.reason.text
        if a["type"] == "play" and C.KIND[a["card"]] == C.LAND:  # COL-R15: only a worker makes a Land pay
            truth = expected(d, a)
            assert truth["ready"] or (truth["population_in_hand"] and truth["food_available"]) \
                or "laborers" in view["hand"], adv.reason.text


def test_no_sentence_is_said_more_than_three_times_a_game() -> None:
    """Through the coach's memory (`games.coach.spoken`, `said_key`): a reason's full text at most three times a
    game, then its shorter form, then nothing; and no sentence of all it said more than three times."""
    memory: dict[int, Counter[str]] = {}
    sentences: dict[int, Counter[str]] = {}
    for d, adv in advised():
        said = memory.setdefault(d.game, Counter())
        reason = adv.reason
        assert len(reason.short) < len(reason.text) <= LONGEST, reason
        line = spoken(reason, said)
        if line is None:
            continue
        said[said_key(line)] += 1
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            sentences.setdefault(d.game, Counter())[sentence] += 1
    assert all(n <= SAID_MOST for said in sentences.values() for n in said.values())
    shorter = sum(said[said_key(adv.reason.short)] for said, adv in
                  ((memory[d.game], adv) for d, adv in advised()) if adv.reason.short != adv.reason.text)
    assert shorter, "some advice came often enough to be said shorter"


def test_reasons_name_no_seat_and_no_internal_id() -> None:
    """The reasons speak the book's words: card names as the book writes them, never an internal name
    ("crop_failure", "farmer") nor a seat number."""
    for _, adv in advised():
        for text in (adv.reason.text, adv.reason.short):
            assert not CARD_IDS.search(text) and not SNAKE.search(text) and not SEAT.search(text), text


def test_every_choice_is_in_a_players_words() -> None:
    """Every kind of move the engine knows has its meaning in words, with no raw name."""
    assert set(KEYS) <= set(COACH.choices)
    for kind, words in COACH.choices.items():
        assert "_" not in words and words != kind, (kind, words)


WORDS = {
    "a Population": "1 Food", "a Threat": "Threat step", "fighting a Threat": "Combat", "working a Land": "Farmland",
    "a die roll": "roll a die", "working Farmland together": "together", "a Wealth card": "A Wealth",
    "shipping Wealth": "ship", "a Shipment": "Supplies", "exploring the Frontier": "Explore",
    "the Line-Up": "Reproduce", "Cannibalism": "Cannibalism", "a trade offer": "trade offer",
    "a new deck": "shuffle your discard pile", "the end of a turn": "granary", "elimination": "eliminated",
    "an Event": "Event", "Witch Trials": "Witch Trials", "Harsh Winter": "Harsh Winter", "Gold Rush": "Gold Rush",
    "Pilgrimage": "Pilgrimage", "Trade Winds": "Trade Winds", "Strife in the Homeland": "Strife in the Homeland",
    "Vermin Infestation": "Vermin Infestation", "Bountiful Harvest": "Bountiful Harvest",
    "the final round": "last Event", "the final score": "Ties"}
"""A phrase of the chapter page that teaches each mechanic."""


@pytest.mark.parametrize("mechanic", COACH.mechanics, ids=lambda m: m.key)
def test_each_mechanic_points_to_the_chapter_that_teaches_it(mechanic: Any) -> None:
    """The pointer `/game rules … section:<rule>` opens (`cogs.rules.find_section`) a page of the book that
    teaches the mechanic."""
    chapter, page = find_section("colonies", mechanic.rule)
    text = book("colonies")[chapter].pages[page].text
    assert WORDS[mechanic.key] in text, (mechanic.rule, book("colonies")[chapter].label)


def test_at_least_eight_mechanics_are_explained_over_ten_games() -> None:
    """Over the ten games at least 8 mechanics are explained the first time they show (`first_times`, on every
    seat's events, as a practice table's board says them), each once a game."""
    told: Counter[str] = Counter()
    for events in played().events:
        said = [line for at in range(len(events)) for line in first_times("colonies", events[:at], [events[at]])]
        keys = [line.split("**")[1].removeprefix("First time: ").removesuffix(".") for line in said]
        assert len(keys) == len(set(keys)), "each mechanic is explained once a game"
        told.update(keys)
    assert len(told) >= 8, told


def test_the_threat_and_elimination_are_explained_as_the_rules_state_them() -> None:
    """COL-S7/R9: a Threat with nothing to take does nothing (it never eliminates). COL-S25: a colony is
    eliminated for lack of Population, not of Food."""
    mechanics = {m.key: m for m in COACH.mechanics}
    threat = mechanics["a Threat"].text
    assert "does nothing" in threat and "eliminat" not in threat
    assert "Population" in mechanics["elimination"].text
    assert all("no Food is lost" not in adv.reason.text for _, adv in advised())


# -- positions the ten games rarely reach --------------------------------------------------------------------------

def ready(*cards: str) -> list[dict[str, str]]:
    return [{"card": c, "state": "ready" if c in C.POPULATIONS else "acted"} for c in cards]


def decide(game: Colonies, seat: int = 0) -> tuple[Decision, Advice]:
    """The coach's advice to the seat, checked as at every decision of the ten games; the advised move is then
    made (so a test may go on from it)."""
    advice = COACH.advise(game, seat)
    assert advice is not None
    d = Decision(-1, game.view(seat), game.legal_actions(seat), advice, bool(game.warnings(seat)))
    check_reason(d, advice)
    assert advice.action in d.legal or advice.action["type"] == "offer"
    game.apply(seat, advice.action)
    return d, advice


def ship_from_play() -> Colonies:
    game = table(hand=[], shipment_deck=["arms", "horses", "supplies"])
    game.s["players"][0]["in_play"] = ready("coast", "wealth", "trader")
    return game


def miner_in_mountains() -> Colonies:
    game = table(hand=[], frontier=[], lineup=[])
    game.s["players"][0]["in_play"] = ready("mountains", "miner")
    return game


def soldiers_together() -> Colonies:
    game = table(hand=[], frontier=[], lineup=[])
    game.s["players"][0]["in_play"] = ready("farmland", "soldier", "soldier")
    game.s["players"][0]["granary"] = 3
    return game


def shipment(card: str, **state: Any) -> Any:
    def build() -> Colonies:
        game = table(hand=[card], deck=["food", "farmer", "coast"], discard=["disease"], **state)
        game.s["players"][0]["in_play"] = ready("farmland")
        return game
    return build


def trader_offers() -> Colonies:
    game = table(hand=["farmer", "farmer", "coast"], frontier=[], lineup=[])
    game.s["players"][0]["in_play"] = ready("trader")
    game.s["players"][1]["hand"] = ["food", "food", "wealth", "farmer", "forest"]
    return game


@pytest.mark.parametrize(("build", "kind", "fact"), [
    (ship_from_play, "work", "ship_points"),
    (miner_in_mountains, "work", "good_faces"),
    (soldiers_together, "group", "wealth_gain"),
    (shipment("horses"), "play", "draws"),
    (shipment("settlers"), "play", "gains"),
    (shipment("supplies"), "play", "food_gain"),
    (shipment("livestock"), "play", "livestock"),
    (shipment("arms"), "play", "threat"),
    (shipment("laborers"), "play", "food_gain"),
    (trader_offers, "offer", "population_in_hand"),
], ids=["ship", "mountains", "together", "horses", "settlers", "supplies", "livestock", "arms", "laborers",
        "offer"])
def test_rarer_moves_have_true_reasons(build: Any, kind: str, fact: str) -> None:
    """Shipping (COL-S15, R28, R31), a Miner's roll (R17), a Farmland worked together (S16), each Shipment (S12,
    R1) and a Trader's offer for the Food a hand lacks (S17, R27): the reason's facts are the position's."""
    _, advice = decide(build())
    assert advice.action["type"] == kind and fact in advice.reason.facts, advice


def test_an_offer_is_answered_by_what_it_gets_and_gives() -> None:
    """An offer to the learner (COL-R27, R28): accepting or declining says the cards got and given and their
    points, the Trader's Wealth when a Trader offers."""
    game = table(seat=1, hand=["arms", "food", "farmer"], frontier=[], lineup=[])
    game.s["players"][1]["in_play"] = ready("trader")
    game.s["players"][0]["hand"] = ["food", "food", "coast", "farmer", "wealth"]
    game.apply(1, {"type": "offer", "partner": 1, "give": ["arms"], "want": ["food"], "worker": "trader"})
    _, advice = decide(game, 0)
    assert advice.action["type"] in ("accept", "decline", "counter")
    assert advice.reason.facts["get"] == ["Arms"] and advice.reason.facts.get("trader_wealth") == 1


def test_an_explorer_and_witch_trials_choices_are_explained() -> None:
    """An Explorer keeps one of the Threats it saw (COL-S18, R29); Witch Trials takes a Population from hand or
    discard pile (COL-R23): each reason names the choices there were."""
    game = table(hand=[], lineup=[], threat_deck=["disease", "peaceful_tribe", "pirates", "crop_failure"])
    game.s["players"][0]["in_play"] = ready("explorer")
    _, explored = decide(game)
    assert explored.action["type"] == "explore" and explored.reason.facts["sees"] == 3
    _, kept = decide(game)
    assert kept.action["type"] == "pick" and len(kept.reason.facts["seen"]) == 3

    game = table(hand=["crop_failure", "food", "farmer"], discard=["soldier"], event="witch_trials")
    _, threat = decide(game)
    assert threat.action == {"type": "play", "card": "crop_failure", "target": "food"}
    assert "Witch Trials" in threat.reason.text
    _, witch = decide(game)
    assert witch.action["type"] == "witch" and witch.reason.facts["options"] == ["Farmer", "Soldier"]


def test_supplies_are_not_thrown_away_in_a_harsh_winter() -> None:
    """Supplies played under Harsh Winter gain nothing and are trashed (COL-S12, R20): the coach suggests
    something else even where the heuristic would play them."""
    game = shipment("supplies", event="harsh_winter")()
    advice = COACH.advise(game, 0)
    assert advice is not None and advice.action.get("card") != "supplies", advice
