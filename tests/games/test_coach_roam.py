"""ROAM's practice-table coach (games/coach/roam.py; issue 44, items 2 and 3; DESIGN §5 "Teach by playing").

Ten seeded practice games are played as `/game learn` seats them (`min_players`, the learner in seat 0 against
easy AI seats): the learner takes the coach's suggestion where it gives one, else the heuristic's move. At every
one of the learner's decisions each fact the coach states is worked out again here from the learner's view (and
the engine's own placement rule, A5.3 step 1), apart from the coach's code, and found in its text; the suggested
move is legal; no sentence is said more than three times a game; no internal id shows. Over the ten games at
least eight mechanics are explained the first time they show, each with a `/game rules` pointer opening the
chapter of the book that teaches it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from cogs.rules import book, find_section
from games.ai import choose_for, policy_for
from games.coach import COACHES, SAID_MOST, advise, coach_line, first_times, said_key, spoken
from games.coach.coaching import Advice
from games.core import Action, Game, get_game
from games.levels import player_for
from games.roam.data import CARDS, short_name
from games.roam.geometry import SIZE, parse_square, project, slot_of, slot_squares, square_name
from games.roam.placement import turned
from games.roam.text import _TYPES

SEEDS = range(10)
LEARNER = 0
LONGEST = 220
"""The most characters of a reason: one line of the coach under the move panel."""
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:R\d\d|S\d-[a-z]+|A-[a-z]+-\d)\b|\bseat\b|\bplayer \d"
                      r"|\b(?:backpack|lantern|hammer|hourglass|slide|early_rest|end_turn|skip_place)\b")
"""What a player never reads: a snake_case name or a move's raw type, a card's or artifact's id, a seat."""
TEACHES = {
    "coins": "Where coins come from", "a skipped square": "is **skipped**", "a blank": "A **blank** is an optional",
    "claiming a card": "six squares are all taken", "a tie bid": "The tie bid", "a free rest": "Free rest",
    "an early rest": "Early rest", "an artifact": "buy one artifact", "using an artifact": "Using one",
    "a claimed character": "Why are strong patterns worth little?", "the end": "ten characters",
    "the final score": "Most points wins",
}
"""A line of the chapter each mechanic's pointer must open, which teaches it (the book, games/roam/book.md)."""


@dataclass(frozen=True)
class Decision:
    """One decision of the learner: the position before it (a copy), its legal moves, the coach's advice and
    what the coach's line said of it."""

    game: Game
    legal: list[Action]
    advice: Advice | None
    line: str | None
    said: str | None


@dataclass(frozen=True)
class Played:
    decisions: list[Decision]
    said: Counter[str]
    explained: list[str]
    mechanics: set[str]


@cache
def played(seed: int) -> Played:
    """A practice game: the learner follows the coach (else the heuristic), the others play at the easy level;
    the coach's memory of what it said runs over the whole game."""
    cls = get_game("roam")
    game = cls.new(cls.min_players, seed=seed, options={})
    easy, rng = player_for("roam", "easy"), random.Random(seed)
    decisions, memory, explained, mechanics = [], Counter[str](), [], set()
    earlier = list(game.log)
    while not game.over:
        seat = min(game.to_move())
        if seat == LEARNER:
            legal = game.legal_actions(seat)
            advice = advise(game, seat)
            heuristic = random.Random(game.num_players)
            action = advice.action if advice else choose_for(game, seat, policy_for("roam"), heuristic)
            named = game.describe(advice.action) if advice else ""
            said = spoken(advice.reason, memory) if advice else None
            line, sentences = coach_line(game, seat, advice, named, memory)
            for sentence in sentences:
                memory[said_key(sentence)] += 1
            decisions.append(Decision(cls.from_dict(game.to_dict()), legal, advice, line, said))
        else:
            action = choose_for(game, seat, easy, rng)
        events = game.apply(seat, action)
        for told in first_times("roam", earlier, events):
            explained.append(told)
            mechanics.add(told.split("**")[1].removeprefix("First time: ").removesuffix("."))
        earlier += events
    return Played(decisions, memory, explained, mechanics)


def every_decision() -> list[Decision]:
    return [d for seed in SEEDS for d in played(seed).decisions]


# -- the position again, from the learner's view, apart from the coach's code ------------------------------------

def on_card(view: dict[str, Any], sq: tuple[int, int]) -> bool:
    r, c = sq
    return 0 <= r < SIZE and 0 <= c < SIZE and view["slots"][slot_of(sq)] is not None


def card_after(view: dict[str, Any], put: list[tuple[int, int]], slot: int) -> dict[str, int]:
    """The learner's markers on a card once `put` are down, the most of any other player, the squares left."""
    squares = slot_squares(slot)
    owners = [o for r, c in squares for o in view["map"][r][c]]
    others = [owners.count(o) for o in range(view["num_players"]) if o != LEARNER]
    empty = [sq for sq in squares if not view["map"][sq[0]][sq[1]] and sq not in put]
    return {"yours": owners.count(LEARNER) + sum(1 for sq in put if slot_of(sq) == slot),
            "most_other": max(others), "left": len(empty)}


def states_card(text: str, view: dict[str, Any], facts: dict[str, Any], put: list[tuple[int, int]]) -> None:
    """The card a move puts markers on (the one most of them land on), as its plate names it, the learner's
    markers there, the most of anyone else and the squares left to fill, all stated."""
    slots = [slot_of(sq) for sq in put]
    slot = facts["card"] - 1
    assert slots.count(slot) == max(slots.count(s) for s in slots), "the card most of the markers land on"
    card = view["slots"][slot]
    assert (facts["card_points"], facts["on_card"]) == (card["vp"], slots.count(slot))
    assert f"card {slot + 1} ({card['name']}, {card['vp']} point" in text
    expected = card_after(view, put, slot)
    assert {k: facts[k] for k in expected} == expected
    assert f"{expected['yours']} marker" in text
    other = expected["most_other"]
    assert (f"anyone else {other} at most" if other else "no one else any") in text
    if expected["left"]:
        assert f"{expected['left']} square" in text and "left to fill" in text
    else:
        yours, other = expected["yours"], expected["most_other"]
        assert ("then full, " + ("you claim it" if yours > other else "a tie bid" if yours == other
                                 else "the leader claims it")) in text


def check_place(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """A key marker's square (A5.3 step 1): the markers the engine would put, their coins, the blanks still open,
    and the card most of them land on."""
    anchor = parse_square(action["square"])
    fill, blanks = game.yield_of(LEARNER, anchor)  # type: ignore[attr-defined]
    coins = sum(view["coins_map"][r][c] for r, c in fill)
    assert (facts["markers"], facts["coins"], facts["blanks"]) == (len(fill), coins, len(blanks))
    assert f"puts {len(fill)} marker" in text
    assert (f"takes {coins} coin" in text) == bool(coins)
    assert (f"{len(blanks)} blank" in text) == bool(blanks)
    states_card(text, view, facts, fill)


def check_choose(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """A character (A5.3 step 1): its pattern's markers and blanks, the most any other face-up character that fits
    has, and the most markers it can put now, with the key marker's square and the card they land on."""
    me = view["players"][LEARNER]
    card = next(c for c in me["characters"] if c["card"] == action["card"])
    normal = [tuple(c) for c in card["normal"]]
    others = [len(c["normal"]) for c in me["characters"]
              if c["card"] != card["card"] and {"type": "choose", "card": c["card"]} in game.legal_actions(LEARNER)]
    placed = placements(view, normal)
    most = max(len(p) for p in placed.values())
    assert facts["character"] == short_name(card["card"]) and short_name(card["card"]) in text
    assert (facts["pattern"], facts["blanks"]) == (len(normal), len(card["blank"]))
    assert f"{len(normal)} marker" in text and (f"{len(card['blank'])} blank" in text) == bool(card["blank"])
    assert facts["others_most"] == (max(others) if others else None)
    if not others:
        assert "only face-up character" in text
    elif len(normal) > max(others):
        assert "biggest" in text and f"{max(others)} markers at most" in text
    else:
        assert len(normal) == max(others) and "as many markers as any" in text
    assert len(placed[facts["square"]]) == facts["most"] <= most, "what the suggested placement puts, at most the most"
    if facts["most"]:
        assert f"key marker on {facts['square']} would put {facts['most']} marker" in text
        slots = [slot_of(sq) for sq in placed[facts["square"]]]
        slot = facts["card"] - 1
        card = view["slots"][slot]
        assert slots.count(slot) == max(slots.count(s) for s in slots) == facts["on_card"]
        assert f"card {slot + 1} ({card['name']}, {card['vp']} point" in text


def placements(view: dict[str, Any], normal: list[tuple[int, int]]) -> dict[str, list[tuple[int, int]]]:
    """Each square a pattern's key marker may go on (every marker square on a card, A2), and the empty squares
    it would fill there."""
    edge = view["players"][LEARNER]["edge"]
    placed = {}
    for r in range(SIZE):
        for c in range(SIZE):
            cells = project(edge, (r, c), normal, normal)
            if all(on_card(view, sq) for sq in cells):
                placed[square_name((r, c))] = [sq for sq in cells if not view["map"][sq[0]][sq[1]]]
    return placed


def check_rotate(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """The Wizard's Hat (A3.3): turned a quarter by the engine, the pattern puts more markers than it can as it
    lies, at the square stated."""
    rotations = view["placing"]["rotations"]
    now = placements(view, [tuple(c) for c in turned(view["placing"]["card"], rotations)[0]])
    then = placements(view, [tuple(c) for c in turned(view["placing"]["card"], rotations + 1)[0]])
    most_now, most_then = max(len(p) for p in now.values()), max(len(p) for p in then.values())
    assert (facts["now"], facts["turned"]) == (most_now, most_then) and most_then > most_now
    assert len(then[facts["square"]]) == most_then
    assert f"key marker on {facts['square']} would put {most_then} marker" in text
    assert f"against {most_now} at most" in text


def check_extra(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """One more marker (a blank for 2 coins or the Lantern, A5.3 step 1.3; a last marker, step 1.4): the cost,
    the coins before and after (the square's own coins included), and the card it lands on."""
    sq = parse_square(action["square"])
    assert sq is not None
    coins = view["players"][LEARNER]["coins"]
    gain = view["coins_map"][sq[0]][sq[1]]
    cost = 2 if action["type"] == "blank" else 0
    assert (facts["cost"], facts["coins"], facts["gain"], facts["coins_after"]) == (cost, coins, gain,
                                                                                    coins - cost + gain)
    if cost:
        assert f"for 2 of your {coins} coin" in text and f"(then {coins - cost + gain})" in text
    assert (f"+{gain} coin" in text) == bool(gain)
    states_card(text, view, facts, [sq])


def check_done(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """Finish placing (A5.3 step 1.3): a blank's 2 coins against the learner's coins, and the cheapest artifact."""
    coins = view["players"][LEARNER]["coins"]
    cheapest = min(a["cost"] for a in view["artifact_row"])
    assert (facts["coins"], facts["cost"]) == (coins, 2) and facts.get("cheapest", cheapest) == cheapest
    assert f"of your {coins} coin" in text and f"would leave {coins - 2}" in text
    assert f"cheapest artifact in the row costs {cheapest}" in text


def check_backpack(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """The Backpack (A3.3): one coin more."""
    coins = view["players"][LEARNER]["coins"]
    assert (facts["coins"], facts["coins_after"]) == (coins, coins + 1) and f"makes {coins + 1} coin" in text


def check_buy(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """An artifact (A5.3 step 4, A3.3): its cost, its points and the coins left."""
    a = next(a for a in view["artifact_row"] if a["id"] == action["artifact"])
    coins = view["players"][LEARNER]["coins"]
    assert facts == {"artifact": a["name"], "cost": a["cost"], "points": a["vp"], "coins": coins,
                     "coins_after": coins - a["cost"]}
    assert f"the {a['name']} costs {a['cost']} of your {coins} coin" in text and f"{coins - a['cost']} left" in text
    assert (f"{a['vp']} point" in text) if a["vp"] else "no points" in text


def check_end_turn(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """Ending the turn: in the buy step (A5.3 step 4) the cheapest artifact against the learner's coins; before
    the claims (step 3) the full cards and who claims each."""
    coins = view["players"][LEARNER]["coins"]
    assert facts["coins"] == coins
    if view["phase"] == "buy":
        cheapest = min(a["cost"] for a in view["artifact_row"])
        assert facts["cheapest"] == cheapest and any(a["name"] == facts["artifact"] and a["cost"] == cheapest
                                                     for a in view["artifact_row"])
        assert f"the {facts['artifact']}, costs {cheapest}" in text
        assert (f"you have {coins}" if cheapest > coins else f"of your {coins} coin") in text
        return
    full = [s + 1 for s in range(6) if view["slots"][s] and all(view["map"][r][c] for r, c in slot_squares(s))]
    assert facts["full"] == full
    for number in full:
        assert f"card {number} (" in text


def check_bid(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """A tie bid (A5.3 step 3.2): the card and its points, the lowest bid, the learner's coins, and how many tied
    players bid after the learner."""
    bid = view["bid"]
    slot = bid["slot"]
    lowest = 0 if bid["high"] is None else bid["amount"] + 1
    coins = view["players"][LEARNER]["coins"]
    card = view["slots"][slot]
    assert (facts["card"], facts["card_points"], facts["lowest"], facts["coins"]) == (slot + 1, card["vp"], lowest,
                                                                                    coins)
    assert f"card {slot + 1} ({card['name']}, {card['vp']} point" in text
    if action["type"] == "pass":
        assert lowest > 0 and f"lowest bid for card {slot + 1}" in text and f"is {lowest} coin" in text
        assert f"your {coins} coin" in text
        return
    later = len(bid["order"]) - bid["order"].index(LEARNER) - 1
    assert action["amount"] == lowest and facts["amount"] == lowest and facts["after"] == later
    assert f"a bid of {lowest} coin" in text and f"you have {coins})" in text
    assert (f"{later} tied player" in text) if later else "nobody bids after you" in text


def check_early_rest(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """An early rest (A5.3 step 0.3): 1 coin for each character still face up, the coins, the characters it
    turns up and the biggest pattern among them."""
    chars = view["players"][LEARNER]["characters"]
    up = [c for c in chars if c["up"]]
    down = [c for c in chars if not c["up"]]
    coins = view["players"][LEARNER]["coins"]
    biggest = max(len(c["normal"]) for c in down)
    assert (facts["cost"], facts["coins"], facts["coins_after"], facts["face_down"]) == (len(up), coins,
                                                                                        coins - len(up), len(down))
    assert facts["face_up"] == [short_name(c["card"]) for c in up] and facts["biggest_pattern"] == biggest
    assert any(short_name(c["card"]) == facts["biggest"] and len(c["normal"]) == biggest for c in down)
    assert f"for {len(up)} coin" in text and f"of your {coins}" in text and f"your {len(down)} face-down" in text
    assert f"{facts['biggest']} ({biggest} markers)" in text


def check_skip(game: Game, view: dict[str, Any], action: Action, facts: dict[str, Any], text: str) -> None:
    """Nothing fits (A5.3 step 1): the face-up characters."""
    up = [c for c in view["players"][LEARNER]["characters"] if c["up"]]
    assert facts["face_up"] == len(up) and f"{len(up)} face-up character" in text


CHECKS: dict[str, Callable[[Game, dict[str, Any], Action, dict[str, Any], str], None]] = {
    "place": check_place, "choose": check_choose, "rotate": check_rotate, "blank": check_extra,
    "lantern": check_extra, "mark": check_extra,
    "done": check_done, "backpack": check_backpack, "buy": check_buy, "end_turn": check_end_turn,
    "bid": check_bid, "pass": check_bid, "early_rest": check_early_rest, "skip_place": check_skip,
}


def test_every_fact_the_coach_states_is_true_of_the_position() -> None:
    """At each of the learner's decisions over ten practice games the coach suggests a legal move with a reason,
    and every fact of that reason (markers, coins, the card's points, the lead on it, squares left, costs, coins
    left, bids: A5.3 steps 0 to 4, A3.3) is the position's, worked out again here, and stated in its text."""
    decisions = every_decision()
    advised = [d for d in decisions if d.advice is not None]
    assert len(advised) >= 0.95 * len(decisions), "a suggestion at nearly every decision"
    kinds = Counter(str(d.advice.action["type"]) for d in advised if d.advice)
    assert {"choose", "place", "blank", "lantern", "done", "backpack", "buy", "end_turn", "bid", "early_rest",
            "rotate"} <= set(kinds), kinds
    for d in advised:
        assert d.advice is not None
        action, reason = d.advice.action, d.advice.reason
        assert action in d.legal, action
        assert reason.facts, f"a reason without facts: {reason.text!r}"
        CHECKS[str(action["type"])](d.game, d.game.view(LEARNER), action, dict(reason.facts), reason.text)


def test_a_reason_is_short_in_a_players_words_and_shorter_later() -> None:
    """Each reason fits one line (at most 220 characters) and names no seat, id or move type; its short form is
    shorter; each kind of move the engine lists (A5.3) is in the coach's choices in a player's words, and no coach
    line shows a raw name."""
    for d in every_decision():
        if d.advice is not None:
            text, short = d.advice.reason.text, d.advice.reason.short
            assert len(text) <= LONGEST, text
            assert len(short) < len(text) and not INTERNAL.search(text) and not INTERNAL.search(short), text
        if d.line is not None:
            assert not INTERNAL.search(d.line), d.line
    choices = COACHES["roam"].choices
    assert set(_TYPES) <= set(choices)
    assert not any(INTERNAL.search(words) for words in choices.values())


def test_no_sentence_is_said_more_than_three_times_a_game() -> None:
    """Through `games.coach.spoken` with a memory kept over the game: a sentence at most three times, then its
    short form; and the coach still speaks at most of the learner's decisions (reasons vary with the position)."""
    for seed in SEEDS:
        game = played(seed)
        assert max(game.said.values()) <= SAID_MOST
        spoke = [d for d in game.decisions if d.said]
        assert len(spoke) >= 0.7 * len(game.decisions), f"seed {seed}: {len(spoke)} of {len(game.decisions)}"


def test_eight_mechanics_are_explained_once_each_with_its_chapter() -> None:
    """At least eight of ROAM's mechanics (coins, a skipped square, a blank, a claim, a tie bid, resting, artifacts,
    claimed characters, the end and the score: A5.3, A3.2, A3.3, A5.4) show in ten practice games, each explained
    once a game; each explanation's `/game rules` pointer opens a chapter of the book whose page teaches it."""
    mechanics = COACHES["roam"].mechanics
    assert len(mechanics) >= 8 and {m.key for m in mechanics} == set(TEACHES)
    assert any(m.key == "a tie bid" for m in mechanics)
    seen: set[str] = set()
    for seed in SEEDS:
        game = played(seed)
        assert len(game.explained) == len(game.mechanics), "each explained once a game"
        seen |= game.mechanics
    assert len(seen) >= 8, seen
    for mechanic in mechanics:
        chapter, page = find_section("roam", mechanic.rule)
        opened = book("roam")[chapter].pages[page].text
        assert TEACHES[mechanic.key] in opened, (mechanic.key, mechanic.rule, book("roam")[chapter].label)
        assert not INTERNAL.search(mechanic.text)
    told = played(SEEDS[0]).explained
    assert all(line.endswith(f"`/game rules game:roam section:{m.rule}`") for m in mechanics for line in told
               if f"First time: {m.key}." in line)


def test_every_mechanic_shows_on_the_engines_own_events() -> None:
    """Each mechanic watches an event the engine emits (A5.3, A5.4): over the ten practice games every one of
    them is explained, the tie bid among them (a full card with a tie for the most markers)."""
    seen = set().union(*(played(seed).mechanics for seed in SEEDS))
    assert seen == {m.key for m in COACHES["roam"].mechanics}


def test_a_character_is_named_as_its_card_names_it() -> None:
    """A claimed character is named by its card's own name, as the map's plate shows it (A3.2); a starting one by
    its role, "the Scout" (A3.1): never by the card's id."""
    chosen = [d.advice for d in every_decision() if d.advice and d.advice.action["type"] == "choose"]
    claimed = [a for a in chosen if not CARDS[a.action["card"]].flag]
    assert claimed and len(claimed) < len(chosen)
    for advice in chosen:
        card = CARDS[advice.action["card"]]
        named = f"the {short_name(card.id)}" if card.flag else card.name
        assert advice.reason.text.startswith(named), advice.reason.text


def test_a_characters_reason_names_the_placement_suggested_next() -> None:
    """The line on a character says where its key marker would go; the next line suggests that same square (A5.3
    steps 1 and 2), so a learner who takes both reads one plan, not two."""
    agreed = 0
    for seed in SEEDS:
        steps = played(seed).decisions
        for now, then in pairwise(steps):
            if now.advice is None or now.advice.action["type"] != "choose" or then.advice is None:
                continue
            if then.advice.action["type"] == "place":
                assert then.advice.action["square"] == now.advice.reason.facts["square"], now.advice.reason.text
                agreed += 1
    assert agreed > 20
