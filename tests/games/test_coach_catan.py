"""Catan's coach (games/coach/catan.py, issue 44 items 2 and 3): over ten seeded practice games, at every decision
of the learner (seat 0, taking the coach's suggestion where it gives one), each fact its reason states is checked
against the position, recomputed here from the learner's own view (the pips of a spot, the numbers that pay, the
cards a build lacks, what a trade brings); the suggestion is legal, never a gift, names no seat or internal id and
reads the same from any deal of the others' hidden cards; no sentence is said more than three times a game; and
at least eight mechanics are explained the first time they show, each pointing to the book's chapter teaching it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from cogs.rules import book, find_section
from games.ai import choose_for, policy_for
from games.catan.board import GEOMETRY
from games.catan.roads import road_length
from games.coach import COACHES, SAID_MOST, first_times, said_key, spoken
from games.coach.coaching import Advice
from games.core import Action, Event, Game, get_game
from games.levels import player_for

SEEDS = range(1, 11)
"""Ten practice games."""
LEARNER = 0
MOST_MOVES = 3000
"""A practice game longer than this is called endless."""
LONGEST_TEXT = 220

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""The ways two dice make each number, of 36 (written out here, not read from the engine)."""
YIELD = {"hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain", "mountains": "ore"}
KINDS = ("brick", "lumber", "wool", "grain", "ore")
COST = {"road": {"brick": 1, "lumber": 1}, "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
        "city": {"grain": 2, "ore": 3}, "dev": {"wool": 1, "grain": 1, "ore": 1}}
"""CAT-23."""
BUILD_WORDS = {"road": "a road", "settlement": "a settlement", "city": "a city", "dev": "a development card"}
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\bseat\b|\bP\d\b|#\d", re.I)
"""What a reason never says: a snake_case id (an action type, a card code), a seat, an offer's number."""


@dataclass
class Decision:
    """One decision of the learner: the learner's view then, the legal moves, the coach's advice, and what of it
    the coach said (given what it said before in the game)."""

    view: dict[str, Any]
    legal: list[Action]
    advice: Advice | None
    said: str | None
    same_unseen: bool


@dataclass
class Played:
    decisions: list[Decision] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)
    said: dict[str, int] = field(default_factory=dict)
    over: bool = False


def reshuffled(game: Game, rng: random.Random) -> Game:
    """The game with what the learner cannot see dealt again: the others' hands (same card counts), their
    development cards (same counts) and the deck's order."""
    other = game.copy()
    s = other.s
    for t in range(game.num_players):
        if t == LEARNER:
            continue
        n = sum(s["hands"][t])
        hand = [0] * 5
        for _ in range(n):
            hand[rng.randrange(5)] += 1
        s["hands"][t] = hand
        devs = sum(s["devs"][t].values())
        s["devs"][t] = dict.fromkeys(s["devs"][t], 0)
        for _ in range(devs):
            s["devs"][t][rng.choice(list(s["devs"][t]))] += 1
        s["new_devs"][t] = dict.fromkeys(s["new_devs"][t], 0)
    rng.shuffle(s["deck"])
    return other


@cache
def practice(seed: int) -> Played:
    """A practice game as `/game learn` seats it: the fewest players, the learner following the coach (the
    heuristic where it is silent), easy AI seats."""
    cls = get_game("catan")
    game = cls.new(cls.min_players, seed=seed, options={})
    easy, rng, shuffle = player_for("catan", "easy"), random.Random(seed), random.Random(seed + 100)
    played = Played()
    coach = COACHES["catan"]
    for _ in range(MOST_MOVES):
        if game.over:
            played.over = True
            break
        movers = game.to_move()
        offer = game.s["offer"]
        if offer is not None and len(movers) > 1:  # the offerer waits on the answers
            movers = movers - {offer["from"]}
        seat = min(movers)
        if seat == LEARNER:
            advice = coach.advise(game, seat)
            said = spoken(advice.reason, played.said) if advice is not None else None
            if said is not None:
                played.said[said_key(said)] = played.said.get(said_key(said), 0) + 1
            unseen = coach.advise(reshuffled(game, shuffle), seat)
            played.decisions.append(Decision(game.view(seat), game.legal_actions(seat), advice, said, unseen == advice))
            action = advice.action if advice is not None else choose_for(game, seat, policy_for("catan"),
                                                                          random.Random(seed))
        else:
            action = choose_for(game, seat, easy, rng)
        events = game.apply(seat, action)
        played.fired += [line.split("**")[1] for line in first_times("catan", played.events, events)]
        played.events += events
    return played


def decisions() -> list[Decision]:
    return [d for seed in SEEDS for d in practice(seed).decisions]


# -- recomputed from the learner's view ---------------------------------------------------------------------

def around(view: dict[str, Any], node: int) -> list[tuple[str, int]]:
    """(resource, number) of each producing hex at an intersection."""
    return [(YIELD[view["terrain"][h]], view["tokens"][h]) for h in GEOMETRY.node_hexes[node]
            if view["terrain"][h] != "desert"]


def pips_at(view: dict[str, Any], node: int) -> int:
    return sum(PIPS[n] for _, n in around(view, node))


def open_spot(view: dict[str, Any], node: int) -> bool:
    b = view["buildings"]
    return b[node] is None and all(b[u] is None for u in GEOMETRY.node_neighbours[node])


def lacks(hand: dict[str, int], build: str) -> dict[str, int]:
    return {r: n - hand.get(r, 0) for r, n in COST[build].items() if n > hand.get(r, 0)}


def words(bundle: dict[str, int]) -> list[str]:
    return [f"{n} {r}" for r, n in bundle.items() if n]


def check_spot(view: dict[str, Any], text: str, facts: dict[str, Any], node: int) -> None:
    made = around(view, node)
    assert facts["node"] == node
    assert facts["resources"] == [r for r, _ in made] and facts["numbers"] == [n for _, n in made]
    assert facts["pips"] == pips_at(view, node)
    assert f"{pips_at(view, node)} pips" in text or f"{pips_at(view, node)} more pips" in text, text
    for r, n in made:
        assert f"{r} on {n}" in text, (text, r, n)


def check_close(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-32: closing the seat's own offer, with the answer that brings the build closer, or withdrawing it
    once every answer is in and none does."""
    view, action = d.view, d.advice.action
    offer, hand = view["offer"], view["hand"]
    assert offer["from"] == view["seat"]
    if action["type"] == "withdraw":
        assert len(offer["answers"]) == (1 if offer["to"] is not None else len(view["players"]) - 1)
        assert facts["lacks"] == lacks(hand, facts["build"])
        return
    answer = offer["answers"][str(action["with"])]
    got, given = (answer["give"], answer["get"]) if isinstance(answer, dict) else (offer["get"], offer["give"])
    assert (facts["get"], facts["give"]) == (got, given)
    after = {r: hand[r] + got.get(r, 0) - given.get(r, 0) for r in KINDS}
    assert facts["lacks"] == lacks(after, facts["build"]) and all(w in text for w in words(got) + words(given))


def check_harbour(view: dict[str, Any], text: str, facts: dict[str, Any], node: int) -> None:
    """CAT-4: the harbour a spot has, if any, by the board's harbours."""
    harbours = {v: kind for path, kind in zip(GEOMETRY.harbor_paths, view["harbors"], strict=True)
                for v in GEOMETRY.paths[path]}
    kind = harbours.get(node)
    assert facts["harbour"] == kind and ("harbour" in text) == (kind is not None)
    if kind is not None:
        assert ("the 3:1 harbour" if kind == "any" else f"the 2:1 {kind} harbour") in text


def check_settlement(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-22, CAT-13: the spot's numbers and pips, and how it ranks among the spots the learner may take."""
    view, node = d.view, d.advice.action["node"]
    check_spot(view, text, facts, node)
    spots = [a["node"] for a in d.legal if a["type"] == "build_settlement"]
    best = max(pips_at(view, v) for v in spots)
    assert facts["best"] == best and facts["spots"] == len(spots)
    if "tied for the most of any spot left" in text:
        assert [pips_at(view, v) for v in spots].count(best) > 1 and pips_at(view, node) == best
    elif "the most of any spot left" in text:
        assert [pips_at(view, v) for v in spots].count(best) == 1 and pips_at(view, node) == best
    else:
        assert "your only open spot" in text and len(spots) == 1
    check_harbour(view, text, facts, node)
    if "you start with" in text:  # the second setup settlement (CAT-13)
        assert view["phase"] == "setup" and view["players"][view["seat"]]["settlements"] == 1
        start: dict[str, int] = {}
        for r, _ in around(view, node):
            start[r] = start.get(r, 0) + 1
        assert facts["start"] == start and all(w in text.split("you start with")[1] for w in words(start))


def check_road(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-24, CAT-34: the spot the road leads to (open once it is built), or the longest road it makes."""
    view, path = d.view, d.advice.action["path"]
    assert facts["path"] == path
    ends = GEOMETRY.paths[path]
    if "node" in facts:
        node = facts["node"]
        check_spot(view, text, facts, node)
        check_harbour(view, text, facts, node)
        assert open_spot(view, node) and f"reaches {node}" in text
        if facts["steps"] == 1:
            assert node in ends
        else:
            assert any(node in GEOMETRY.node_neighbours[v] and view["buildings"][v] is None for v in ends)
            assert "one more road" in text
    elif "after" in facts:
        roads = list(view["roads"])
        before = road_length(view["seat"], roads, view["buildings"])
        roads[path] = view["seat"]
        after = road_length(view["seat"], roads, view["buildings"])
        assert (facts["before"], facts["after"]) == (before, after) and after > before
        assert f"from {before} to {after}" in text
    else:
        assert view["phase"] in ("setup", "road_building") and "free" in text


def check_city(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-26: a city pays 2 cards where the settlement paid 1."""
    view, node = d.view, d.advice.action["node"]
    assert view["buildings"][node] == [view["seat"], 1]
    check_spot(view, text, facts, node)
    assert "1 more point" in text


def check_roll(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-16: the numbers that pay the learner (the robber's hex pays nothing) and how many of 36 rolls."""
    view = d.view
    numbers = set()
    for v, b in enumerate(view["buildings"]):
        if b is not None and b[0] == view["seat"]:
            numbers |= {view["tokens"][h] for h in GEOMETRY.node_hexes[v]
                        if view["terrain"][h] != "desert" and h != view["robber"]}
    ways = sum(PIPS[n] for n in numbers)
    assert facts["numbers"] == sorted(numbers) and facts["ways"] == ways
    assert f"{ways} of the 36 rolls" in text or not numbers
    assert all(str(n) in text for n in numbers)


def check_robber(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-19, CAT-20: the hex, its number and pips, and the cards of the player robbed there."""
    view, action = d.view, d.advice.action
    h, victim = action["hex"], action["victim"]
    label = GEOMETRY.hex_labels[h]
    assert facts["hex"] == label and f"hex {label}" in text
    if view["terrain"][h] != "desert":
        n = view["tokens"][h]
        assert facts["number"] == n and facts["pips"] == PIPS[n]
        assert f"{YIELD[view['terrain'][h]]} on {n}, {PIPS[n]} pips" in text
    if victim is not None:
        others = [p["vp"] for p in view["players"] if p["seat"] != view["seat"]]
        vp, held = view["players"][victim]["vp"], view["players"][victim]["cards"]
        assert facts["victim_cards"] == held and f"1 of their {held} cards" in text
        if "the most points" in text:
            assert vp == max(others) and others.count(vp) == 1 and f"({vp})" in text
        else:
            assert f"a player with {vp} points" in text


def check_discard(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-18: what the learner keeps, and the build it keeps (or how far the nearest is)."""
    hand = d.view["hand"]
    gone = d.advice.action["cards"]
    kept = {r: hand[r] - gone.get(r, 0) for r in KINDS if hand[r] - gone.get(r, 0)}
    assert facts["kept"] == kept and all(w in text for w in words(kept))
    if facts["lacks"]:
        assert facts["lacks"] == lacks(kept, facts["build"])
        assert all(w in text for w in words(facts["lacks"]))
    else:
        assert not lacks(kept, facts["build"]) and BUILD_WORDS[facts["build"]] in text


def check_end(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """The exact cards the nearest build still lacks."""
    hand = d.view["hand"]
    assert facts["cards"] == sum(hand.values())
    if facts["build"] is not None:
        assert facts["lacks"] == lacks(hand, facts["build"]) and facts["lacks"]
        assert f"{BUILD_WORDS[facts['build']]} still lacks" in text and all(w in text for w in words(facts["lacks"]))


def check_trade(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-33: the rate (from the learner's harbours), and that the card got is one the build lacks."""
    view, action = d.view, d.advice.action
    mine = {kind for path, kind in zip(GEOMETRY.harbor_paths, view["harbors"], strict=True)
            for v in GEOMETRY.paths[path] if (b := view["buildings"][v]) is not None and b[0] == view["seat"]}
    rate = 2 if action["give"] in mine else 3 if "any" in mine else 4
    hand = dict(view["hand"])
    assert facts["rate"] == rate and f"at {rate}:1" in text and facts["had"] == hand[action["give"]]
    assert action["get"] in lacks(hand, facts["build"]), "a trade brings a card the build lacks"
    hand[action["give"]] -= rate
    hand[action["get"]] += 1
    assert facts["lacks"] == lacks(hand, facts["build"])
    assert all(w in text for w in words(facts["lacks"])) and f"you have {facts['had']} {action['give']}" in text


def check_dev(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-23, CAT-27: the cards it uses, the learner's count of each, and the deck left."""
    view = d.view
    hand = view["hand"]
    assert all(f"{hand[r]} {r}" in text for r in ("wool", "grain", "ore"))
    assert facts["deck"] == view["deck"] and f"{view['deck']} cards are left" in text


def check_answer(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-32: what the offer brings and costs, and the build it changes."""
    view, kind = d.view, d.advice.action["type"]
    offer, hand = view["offer"], view["hand"]
    assert facts["get"] == offer["give"] and facts["give"] == offer["get"]
    assert facts["lacks_before"] == lacks(hand, facts["build"])
    if "held" in facts:  # the offer asks cards the learner does not hold: only a decline is legal
        assert kind == "decline" and {"type": "accept", "offer": offer["id"]} not in d.legal
        assert facts["held"] == {r: hand[r] for r, n in offer["get"].items() if n > hand[r]} != {}
        assert all((f"{n} {r}" if n else f"no {r}") in text for r, n in facts["held"].items())
        return
    after = {r: hand[r] + offer["give"].get(r, 0) - offer["get"].get(r, 0) for r in KINDS}
    assert facts["lacks"] == lacks(after, facts["build"])
    if "maker_vp" in facts:  # nobody trades with a player about to win
        assert kind == "decline" and facts["maker_vp"] == view["players"][offer["from"]]["vp"] >= 8
        assert f"has {facts['maker_vp']} points" in text
        return
    assert all(w in text for w in words(facts["lacks"]))
    if kind == "accept":  # a deal, never a gift: it brings a card the build lacks, or more cards than it costs
        assert sum(facts["lacks"].values()) < sum(facts["lacks_before"].values()) \
            or sum(offer["give"].values()) > sum(offer["get"].values())


def check_knight(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-28: the robber sits on the learner's hex; the Knight counts toward Largest Army."""
    view = d.view
    h = view["robber"]
    assert any((b := view["buildings"][v]) is not None and b[0] == view["seat"] for v in GEOMETRY.hex_nodes[h])
    n = view["tokens"][h]
    assert (facts["number"], facts["pips"]) == (n, PIPS[n]) and f"on {n} ({PIPS[n]} pips)" in text
    assert facts["knights"] == view["players"][view["seat"]]["knights"] + 1


def check_progress(d: Decision, text: str, facts: dict[str, Any]) -> None:
    """CAT-29: what the progress card brings and what the build then lacks."""
    action, hand = d.advice.action, dict(d.view["hand"])
    if action["type"] == "play_year_of_plenty":
        for r in action["resources"]:
            hand[r] += 1
        assert facts["lacks"] == lacks(hand, facts["build"])
    elif action["type"] == "play_monopoly":
        assert action["resource"] in lacks(hand, facts["build"]), "a monopoly on a card the build lacks"
    else:
        assert facts["roads_left"] == 15 - d.view["players"][d.view["seat"]]["roads"]


CHECKS = {"build_settlement": check_settlement, "build_road": check_road, "build_city": check_city,
          "roll": check_roll, "move_robber": check_robber, "discard": check_discard, "end_turn": check_end,
          "maritime": check_trade, "buy_dev": check_dev, "accept": check_answer, "decline": check_answer,
          "play_knight": check_knight, "play_year_of_plenty": check_progress, "play_monopoly": check_progress,
          "play_road_building": check_progress, "confirm": check_close, "withdraw": check_close}


# -- the tests -------------------------------------------------------------------------------------------------

def test_ten_practice_games_end() -> None:
    """The ten practice games the other tests read are played to their end (CAT-39)."""
    assert all(practice(seed).over for seed in SEEDS)
    assert len(decisions()) > 500


def test_every_stated_fact_is_true_of_the_position() -> None:
    """Each reason's facts, recomputed from the learner's view, are the position's, and its text states them:
    pips and numbers of a spot (CAT-16), a road's spot or length (CAT-24, CAT-34), the cards a build lacks
    (CAT-23), a trade's rate (CAT-33), the robber's hex (CAT-19, CAT-20), a discard's kept cards (CAT-18)."""
    checked: dict[str, int] = {}
    for d in decisions():
        if d.advice is None:
            continue
        kind = d.advice.action["type"]
        reason = d.advice.reason
        assert reason.facts, f"a reason without facts: {reason.text!r}"
        CHECKS[kind](d, reason.text, dict(reason.facts))
        checked[kind] = checked.get(kind, 0) + 1
    assert {"build_settlement", "build_road", "build_city", "roll", "move_robber", "discard", "end_turn",
            "maritime", "buy_dev", "decline"} <= set(checked), checked


def test_every_suggestion_is_legal_and_has_a_reason() -> None:
    """No suggestion without a reason; each is one of the learner's legal moves; the coach is silent only where
    it has no true word (an own offer still waiting on answers), never on a turn's choice."""
    for d in decisions():
        if d.advice is None:
            assert d.view["offer"] is not None and d.view["offer"]["from"] == LEARNER
            continue
        assert d.advice.action in d.legal, d.advice.action
        assert d.advice.reason.text and d.advice.reason.short


def test_no_gift_and_no_offer_it_cannot_explain() -> None:
    """No card given away for nothing (CAT-32): the coach suggests no offer of its own (so never an offer it then
    withdraws), a bank trade only for a card the next build lacks, and cards given back only when a 7 requires
    it (CAT-18)."""
    for d in decisions():
        if d.advice is None:
            continue
        action = d.advice.action
        assert action["type"] not in ("offer", "counter", "withdraw")
        if action["type"] == "maritime":
            assert action["get"] in d.advice.reason.facts["lacks_before"]
        if action["type"] == "discard":
            assert d.view["phase"] == "discard" and str(LEARNER) in d.view["discards"]


def test_reasons_name_no_seat_no_internal_id_and_stay_short() -> None:
    """A reason is said to the learner in words: no seat number, no snake_case id, no offer number; under
    ~220 characters; its short form shorter."""
    for d in decisions():
        if d.advice is None:
            continue
        reason = d.advice.reason
        for text in (reason.text, reason.short):
            assert not INTERNAL.search(text), text
        assert len(reason.text) <= LONGEST_TEXT, reason.text
        assert len(reason.short) < len(reason.text), reason


def test_no_sentence_is_said_more_than_three_times_a_game() -> None:
    """Through `games.coach.spoken` with the game's memory, each sentence is said at most three times a game;
    the coach varies: a game's decisions hear more than a handful of different sentences."""
    for seed in SEEDS:
        said = [d.said for d in practice(seed).decisions if d.said is not None]
        assert said and max(said.count(s) for s in said) <= SAID_MOST
        assert len(set(said)) > 20


def test_the_advice_reads_only_what_the_learner_sees() -> None:
    """The others' hidden hands, development cards and the deck's order, dealt again, change no advice."""
    assert all(d.same_unseen for d in decisions())


def test_every_listed_move_kind_has_words() -> None:
    """`choices` says each kind of move the engine lists (and the trade shapes) in a player's words."""
    choices = COACHES["catan"].choices
    listed = {a["type"] for d in decisions() for a in d.legal}
    engine = {"roll", "end_turn", "buy_dev", "build_road", "build_settlement", "build_city", "maritime", "discard",
              "move_robber", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly",
              "accept", "decline", "confirm", "withdraw"}
    assert listed <= engine <= set(choices)
    for said in choices.values():
        assert not INTERNAL.search(said) and said == said.strip()


def test_eight_mechanics_are_met_and_each_points_to_its_chapter() -> None:
    """At least 8 mechanics are explained over the ten games, each once a game, and every mechanic's pointer
    (`/game rules section:CAT-n`) opens a chapter of the book whose passage there teaches that rule."""
    mechanics = COACHES["catan"].mechanics
    met = set()
    for seed in SEEDS:
        fired = practice(seed).fired
        assert len(fired) == len(set(fired)), "each explained once a game"
        met |= {line.removeprefix("First time: ").removesuffix(".") for line in fired}
    assert len(met) >= 8, met
    assert {"the robber", "a discard"} <= met
    chapters = book("catan")
    for m in mechanics:
        chapter, page = find_section("catan", m.rule)
        assert chapter > 0, "a chapter of the book, not the quick card"
        assert m.rule in chapters[chapter].pages[page].teaches, (m.key, m.rule, chapters[chapter].label)


@pytest.mark.parametrize(("event", "key"), [
    ({"type": "produce", "number": 8, "short": ["ore"], "gains": {}}, "a bank shortage"),
    ({"type": "played", "seat": 1, "card": "year_of_plenty", "resources": ["ore", "ore"]}, "Year of Plenty"),
    ({"type": "won", "seat": 1, "vp": [3, 10, 4], "vp_cards": [0, 1, 0], "buildings": 7, "longest": 1,
      "largest": None}, "a Victory Point card"),
])
def test_a_rare_mechanic_shows_on_its_event(event: Event, key: str) -> None:
    """The mechanics the ten games may miss (CAT-17, CAT-29, CAT-31) show on the event the engine emits."""
    lines = first_times("catan", [], [event])
    assert any(line.startswith(f"📖 **First time: {key}.**") for line in lines), lines


def test_a_road_to_no_spot_is_explained_by_the_longest_road() -> None:
    """Where no open spot is left within two roads, a road's reason is the longest road it makes (CAT-34,
    CAT-35), checked against the position as in the practice games."""
    cls = get_game("catan")
    game = cls.new(cls.min_players, seed=4, options={})
    heuristic = policy_for("catan")
    while game.s["phase"] == "setup":
        seat = min(game.to_move())
        game.apply(seat, choose_for(game, seat, heuristic, random.Random(seat)))
    s = game.s
    s["buildings"] = [b if b is not None else [1, 1] for b in s["buildings"]]  # no spot is open anywhere
    s["phase"], s["active"], s["hands"][LEARNER] = "main", LEARNER, [1, 1, 0, 0, 0]
    advice = COACHES["catan"].advise(game, LEARNER)
    assert advice is not None and advice.action["type"] == "build_road"
    d = Decision(game.view(LEARNER), game.legal_actions(LEARNER), advice, None, True)
    check_road(d, advice.reason.text, dict(advice.reason.facts))
    assert "after" in advice.reason.facts and "Longest Road needs at least 5" in advice.reason.text


def test_every_seats_advice_is_true_at_a_four_player_table() -> None:
    """The same checks for whoever is to move at every decision of two four-player games of easy players, who
    make offers too: closing or withdrawing one's own offer (CAT-32) is explained by the answers in."""
    cls = get_game("catan")
    easy, kinds = player_for("catan", "easy"), set()
    for seed in (21, 22):
        game = cls.new(4, seed=seed, options={"numbers": "random"})
        rng = random.Random(seed)
        for _ in range(MOST_MOVES):
            if game.over:
                break
            movers, offer = game.to_move(), game.s["offer"]
            seat = min(movers - {offer["from"]} if offer is not None and len(movers) > 1 else movers)
            advice = COACHES["catan"].advise(game, seat)
            if advice is not None:
                d = Decision(game.view(seat), game.legal_actions(seat), advice, None, True)
                assert advice.action in d.legal and not INTERNAL.search(advice.reason.text)
                CHECKS[advice.action["type"]](d, advice.reason.text, dict(advice.reason.facts))
                kinds.add(advice.action["type"])
            game.apply(seat, choose_for(game, seat, easy, rng))
        assert game.over
    assert {"confirm", "withdraw", "accept", "decline"} <= kinds, kinds
