"""Small Islands' coach on practice tables (issue 44, items 2 and 3; DESIGN §5 "Teach by playing").

Ten seeded practice games are played as `/game learn` seats them (the game's fewest players, `min_players`):
seat 0 is the learner, who takes the coach's advice where it gives some and the heuristic's move otherwise;
every other seat is an easy AI (`games.levels.player_for(..., "easy")`). At each of the learner's decisions
the tests check the coach's reason against the position, each fact recomputed here from the engine, not
from the coach's arithmetic: a placed tile's island by applying the move to a copy (B2 islands, B5.3), what a
house would pay by the engine's own house rule (`house_islands`, B5.3 REWARD 2) and the reward's points
(B3.4), a token's gain by playing it (B3.3), a ship's ports (B5.5). Then each fact must be said in the text,
the move must be legal, no sentence said more than three times a game, no internal name said, and no bonus
token spent without its gain and the tokens left. Over the ten games at least eight mechanics are explained
the first time they show, each with a pointer (`/game rules … section:`) that opens a chapter of the book
teaching it."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from cogs.rules import book as chapters
from cogs.rules import find_section
from games.ai import choose_for
from games.coach import COACHES, advise, first_times, said_key, spoken
from games.coach import small_islands as coach
from games.coach.coaching import Advice
from games.core import Action, Event, get_game
from games.grammar import plural
from games.levels import player_for
from games.small_islands import rewards as R
from games.small_islands.data import DISCOVERY, FACES, OBJECTIVES, RESOURCES, SHIPS
from games.small_islands.game import SmallIslands
from games.small_islands.moves import STEP_OF
from games.small_islands.names import cell_name
from games.small_islands.tiles import key
from tests.support.learner import suggestion

GAME = "small_islands"
SEEDS = range(10)
LEARNER = 0
LONGEST = 220
"""The longest reason a coach's line gives (issue 44: a line, not a paragraph)."""
NEEDED = {"take": {"tile", "land", "sea", "cell", "size", "joins"}, "place": {"cell", "size", "joins"},
          "choose": {"now", "met", "next", "next_met"}, "port": {"cell", "tokens_left"},
          "convert": {"cell", "tokens_left"}, "no_bonus": {"tokens_left", "best"}, "land": {"cell", "met"},
          "house": {"cell", "size", "houses_left"}, "keep": {"token", "pp", "drawn"}, "discard": {"hand"}}
"""The facts a reason of each kind of move must state, at the least."""


@dataclass
class Decision:
    """One decision of the learner: the game before it (a copy), the legal moves, the coach's advice."""

    game: SmallIslands
    legal: list[Action]
    advice: Advice | None


@dataclass
class Played:
    seed: int
    decisions: list[Decision] = field(default_factory=list)
    moves: list[list[Event]] = field(default_factory=list)
    """The events of each move, in order (what `first_times` reads, as the practice table does)."""
    spent: int = 0
    """Bonus tokens the learner spent."""


def play(seed: int) -> Played:
    cls = get_game(GAME)
    game = cls.new(cls.min_players, seed=seed, options={})
    easy, rng = player_for(GAME, "easy"), random.Random(seed)
    played = Played(seed)
    while not game.over:
        seat = min(game.to_move())
        if seat == LEARNER:
            advice = advise(game, seat)
            played.decisions.append(Decision(game.copy(), game.legal_actions(seat), advice))
            action = advice.action if advice is not None else suggestion(game, seat)
            played.spent += action["type"] in ("port", "convert")
        else:
            action = choose_for(game, seat, easy, rng)
        played.moves.append(game.apply(seat, action))
    return played


@pytest.fixture(scope="module")
def games() -> list[Played]:
    return [play(seed) for seed in SEEDS]


def advised(games: list[Played]) -> list[tuple[Decision, Advice]]:
    return [(d, d.advice) for g in games for d in g.decisions if d.advice is not None]


# -- recomputing the facts from the engine ---------------------------------------------------------------------

def after(game: SmallIslands, action: Action) -> SmallIslands:
    twin = game.copy()
    twin.apply(LEARNER, action)
    return twin


def island_at(game: SmallIslands, x: int, y: int) -> str:
    return str(game.grid[key(x, y)]["island"])


def pay(game: SmallIslands, island: str) -> int | None:
    """What a house of the learner on this island would score now, by the engine's rule of where a house may
    go (B5.3 REWARD 2) and the reward's points (B3.4): PP, or for Discovery the temples (tokens drawn); None
    where no house of theirs may go."""
    cells = game.s["islands"][island]
    if cells not in game.house_islands(LEARNER):
        return None
    _, reward = game.mission_reward(LEARNER)
    assert reward is not None
    st = game.island_stats(island)
    if R.is_discovery(reward):
        return int(st["temple"])
    if R.is_choice(reward):
        return max(R.points(reward, st, r) for r in RESOURCES)
    return R.points(reward, st)


def best_pays(game: SmallIslands) -> tuple[int, int]:
    """The islands open to the learner's house now, and what the houses in hand score on the best of them."""
    pays = sorted((p for island in game.s["islands"] if (p := pay(game, island)) is not None), reverse=True)
    return len(pays), sum(pays[:game.player(LEARNER)["houses_hand"]])


def placed_facts(before: SmallIslands, place: Action) -> dict[str, Any]:
    """What a placed tile makes, read off the engine once it is placed: its island's size, how many islands
    of the map before it joined, the counts the mission reads, whether the mission is met, what a house pays."""
    twin = after(before, place)
    island = island_at(twin, place["x"], place["y"])
    cells = set(twin.s["islands"][island])
    st = twin.island_stats(island)
    joined = [i for i, c in before.s["islands"].items() if set(c) <= cells]
    out: dict[str, Any] = {"cell": cell_name(place["x"], place["y"], before.grid), "size": len(cells),
                           "joins": len(joined)}
    mission, reward = before.mission_reward(LEARNER)
    assert mission is not None and reward is not None
    out["meets"] = len(cells) >= 2 and R.satisfies(mission, st)
    out.update({k: st[k] for k in coach._mission_read(mission)})
    if (paid := pay(twin, island)) is not None:
        out["draws" if R.is_discovery(reward) else "pays"] = paid
    return out


def bonus_gain(game: SmallIslands, action: Action) -> int:
    """A token's gain by playing it: what a house of the learner would pay on its island, after less before,
    plus the ports it adds around the learner's own ship (B3.3, B5.5); Discovery counts an island it opens."""
    twin = after(game, action)
    island = island_at(game, action["x"], action["y"])
    was, now = pay(game, island), pay(twin, island)
    _, reward = game.mission_reward(LEARNER)
    assert reward is not None
    opened = coach.MIN_GAIN if now and was is None else 0
    worth = opened if R.is_discovery(reward) else (now or 0) - (was or 0)
    return worth + twin.ship_ports(LEARNER) - game.ship_ports(LEARNER)


def recomputed(d: Decision, advice: Advice) -> dict[str, Any]:
    """Every fact the advice states, recomputed from the position before the move."""
    game, action, facts = d.game, advice.action, advice.reason.facts
    kind = action["type"]
    if kind == "take":
        ring = FACES[action["tile"]]["ring"]
        land = sum(ring[i] == "L" for i in (0, 2, 4, 6))
        took = after(game, action)
        places = [a for a in took.legal_actions(LEARNER) if a["type"] == "place" and a["tile"] == action["tile"]
                  and cell_name(a["x"], a["y"], game.grid) == facts["cell"]]
        assert places, f"{action['tile']} fits nowhere at {facts['cell']}"
        found = [placed_facts(took, a) for a in places]
        stated = {k: v for k, v in facts.items() if k not in ("tile", "land", "sea", "met", "island")}
        out = next((f for f in found if f == stated), found[0])
        out.update(tile=action["tile"], land=land, sea=4 - land)
        if "met" in facts:  # a landing it advised against
            assert any(a["type"] == "land" for a in d.legal)
            out["met"] = best_pays(game)[0]
        if "island" in facts:
            out["island"] = joined_cell(game, facts["island"])
        return out
    if kind == "place":
        out = placed_facts(game, action)
        if "island" in facts:
            out["island"] = joined_cell(game, facts["island"])
        return out
    if kind in ("port", "convert"):
        left = game.player(LEARNER)["bonus_left"] - 1
        assert left == after(game, action).player(LEARNER)["bonus_left"]
        out = {"cell": cell_name(action["x"], action["y"], game.grid), "tokens_left": left}
        island = island_at(game, action["x"], action["y"])
        _, reward = game.mission_reward(LEARNER)
        now = pay(after(game, action), island)
        if reward is not None and R.is_discovery(reward):
            out["draws"] = now
        else:
            out.update(gain=bonus_gain(game, action), pays=now)
            if (was := pay(game, island)) is not None:
                out["was"] = was
        return out
    if kind == "no_bonus":
        gains = [bonus_gain(game, a) for a in d.legal if a["type"] in ("port", "convert")]
        out = {"tokens_left": game.player(LEARNER)["bonus_left"], "best": max(gains, default=0)}
        if "rounds" in facts:
            out["rounds"] = SHIPS - game.s["ships_placed"] - 1
        return out
    if kind == "choose":
        chosen = after(game, action)
        swapped = after(game, {"type": "choose", "now": action["next"], "next": action["now"]})
        met, pays = best_pays(chosen)
        out = {"now": action["now"], "met": met, "next": action["next"], "next_met": best_pays(swapped)[0]}
        if met:
            _, reward = chosen.mission_reward(LEARNER)
            out["draws" if reward is not None and R.is_discovery(reward) else "pays"] = pays
        return out
    if kind == "land":
        met, pays = best_pays(game)
        out = {"cell": cell_name(action["x"], action["y"], game.grid), "met": met}
        if met:
            _, reward = game.mission_reward(LEARNER)
            out["draws" if reward is not None and R.is_discovery(reward) else "pays"] = pays
        if action["ship"] == "own":
            out["ports"] = after(game, action).ship_ports(LEARNER)
        return out
    if kind == "house":
        island = island_at(game, action["x"], action["y"])
        out = {"cell": cell_name(action["x"], action["y"], game.grid), "size": len(game.s["islands"][island]),
               "houses_left": game.player(LEARNER)["houses_hand"] - 1}
        twin = game.copy()
        built = next(e for e in twin.apply(LEARNER, action) if e["type"] == "house")
        if R.is_discovery(built["reward"]):
            out["draws"] = game.island_stats(island)["temple"]
        else:
            out["pp"] = built["pp"]
        return out
    if kind == "keep":
        drawn = game.s["pending"]["drawn"]
        assert DISCOVERY[action["token"]] == max(DISCOVERY[t] for t in drawn), "the best token is kept"
        return {"token": action["token"], "pp": DISCOVERY[action["token"]], "drawn": len(drawn)}
    if kind == "discard":
        assert not game.any_placement(game.player(LEARNER)["hand"])
        return {"hand": len(game.player(LEARNER)["hand"])}
    raise AssertionError(f"advice of an unexpected kind: {kind}")


def joined_cell(game: SmallIslands, name: str) -> str:
    """The cell the reason names an island by, if it lies on an island of the map before the move."""
    cells = {cell_name(*map(int, k.split(",")), game.grid): k for k in game.grid}
    assert name in cells and game.grid[cells[name]]["island"] is not None, name
    return name


# -- how each fact is said ---------------------------------------------------------------------------------

def counted(noun: str) -> Callable[[int], str]:
    return lambda v: rf"\b{plural(v, noun)}\b"


SAID: dict[str, Callable[[Any], str]] = {
    "cell": lambda v: rf"\b{v}\b", "island": lambda v: rf"the island at {v}\b", "tile": lambda v: rf"\b{v}\b",
    "size": lambda v: rf"\b{plural(v, 'tile')}|one of {v} tiles",
    "joins": lambda v: "starts a new island" if v == 0 else "joins the island at" if v == 1 else f"joins {v} islands",
    **{k: counted(k) for k in ("flower", "fruit", "leaf", "temple", "port")},
    "meets": lambda v: "which meets your mission|then meets your mission" if v else "not yet",
    "pays": lambda v: rf"\b{v} PP", "draws": lambda v: rf"\b{plural(v, 'discovery token')}",
    "land": lambda v: rf"\b{v} land\b", "sea": lambda v: rf"\b{plural(v, 'sea edge')}",
    "gain": lambda v: rf"gains {v} PP", "was": lambda v: rf"up from {v}\b",
    "tokens_left": lambda v: rf"\b{plural(v, 'bonus token')}", "best": lambda v: rf"the best adds {v}\b|add {v} PP",
    "rounds": lambda v: rf"\b{plural(v, 'round')}", "now": lambda v: rf"\b{v}\b", "next": lambda v: rf"\b{v}\b",
    "met": lambda v: "no island meets" if v == 0 else rf"\b{plural(v, 'island')}",
    "next_met": lambda v: rf"\({plural(v, 'island')} now\)", "ports": lambda v: rf"\b{plural(v, 'port')} around",
    "pp": lambda v: rf"\b{v} PP", "houses_left": lambda v: rf"\b{plural(v, 'house')} left",
    "token": lambda v: rf"\b{v}\b", "drawn": lambda v: rf"\b{plural(v, 'token')}",
    "hand": lambda v: rf"\b{plural(v, 'tile')}",
}
"""Each fact's words in a reason (a regular expression of its value)."""
INTERNAL = (re.compile(r"\b[a-z]+_[a-z_]+\b"), re.compile(r"\b[Ss]eats? ?\d"), re.compile(r"\bisland \d"),
            re.compile(r"\b(?:inlet\w*|coast_\w+|M\d\d|RW\d\d)\b"), re.compile(r"\{|\}|None|True|False"))
"""What a player never reads: a snake_case name, a seat number, an island's id, a shape's or card half's data
name, code."""


# -- the tests -----------------------------------------------------------------------------------------------

def test_every_stated_fact_is_a_fact_of_the_position(games: list[Played]) -> None:
    """Issue 44 item 2: each fact of each reason (`Reason.facts`), recomputed from the engine's position
    before the move (islands B2, house rule B5.3 REWARD 2, rewards B3.4, tokens B3.3, ships' ports B5.5),
    is what the coach states; every kind of reason states the facts of its kind."""
    checked = Counter()
    for d, advice in advised(games):
        kind = advice.action["type"]
        facts = dict(advice.reason.facts)
        assert NEEDED[kind] <= set(facts), (kind, facts)
        assert facts == recomputed(d, advice), (kind, advice.reason.text)
        checked[kind] += 1
    assert {"take", "place", "choose", "land", "house", "no_bonus"} <= set(checked), checked
    assert sum(checked.values()) > 500, checked


def test_each_fact_is_said_in_the_reason_in_a_players_words(games: list[Played]) -> None:
    """Issue 44 item 2: the text states every fact (cells named as the picture's rulers name them), in under
    ~220 characters, naming no seat by number and no internal id; its short form is shorter and states only
    numbers of the text."""
    for _, advice in advised(games):
        text, short = advice.reason.text, advice.reason.short
        for name, value in advice.reason.facts.items():
            assert re.search(SAID[name](value), text, re.I), f"{name}={value!r} is not said in {text!r}"
        assert len(text) <= LONGEST and len(short) < len(text), text
        for said in (text, short):
            assert not any(p.search(said) for p in INTERNAL), said
        assert set(re.findall(r"\b\d+\b", short)) <= set(re.findall(r"\b\d+\b", text)), (short, text)


def test_every_suggestion_is_legal_and_has_a_reason(games: list[Played]) -> None:
    """The coach suggests only a legal move, always with a reason; it stays silent only where the learner
    has a single move (or nothing true to say), and it advises most decisions."""
    silent = 0
    for g in games:
        for d in g.decisions:
            if d.advice is None:
                silent += len(d.legal) > 1
                continue
            assert d.advice.action in d.legal
            assert d.advice.reason.text and d.advice.reason.short
    assert silent <= sum(len(g.decisions) for g in games) // 20, silent


def test_no_sentence_is_said_more_than_three_times_a_game(games: list[Played]) -> None:
    """Issue 44 item 2: said through `games.coach.spoken` with a memory kept over the game (by `said_key`),
    no sentence is said more than 3 times: then its short form, then nothing."""
    for g in games:
        said: Counter[str] = Counter()
        sentences: Counter[str] = Counter()
        for d in g.decisions:
            if d.advice is None or (out := spoken(d.advice.reason, said)) is None:
                continue
            said[said_key(out)] += 1
            sentences[out] += 1
        assert sentences and max(sentences.values()) <= 3, sentences.most_common(3)
        assert max(said.values()) <= 3


def test_a_bonus_token_is_spent_only_for_a_stated_gain_with_the_tokens_left(games: list[Played]) -> None:
    """B3.3 and the book's *Bonus tokens* ("use them with care", four for the game): the coach suggests a port
    or resource token only where playing it gains at least `MIN_GAIN` PP (or opens an island to a Discovery
    house), says the gain and the tokens left, keeps one for each round that may follow, and otherwise says
    why it keeps them; the learner spends no token in a round's first turns without that."""
    spends = keeps = 0
    for g in games:
        for d in g.decisions:
            if d.advice is None:
                continue
            kind, facts = d.advice.action["type"], d.advice.reason.facts
            left = d.game.player(LEARNER)["bonus_left"]
            if kind in ("port", "convert"):
                spends += 1
                assert facts.get("gain", 0) >= coach.MIN_GAIN or facts.get("draws", 0) > 0, facts
                assert bonus_gain(d.game, d.advice.action) >= coach.MIN_GAIN
                assert facts["tokens_left"] == left - 1 >= SHIPS - d.game.s["ships_placed"] - 1
            elif kind == "no_bonus" and left:
                keeps += 1
        assert g.spent <= 4
    assert spends and keeps > spends, (spends, keeps)


def test_every_choice_is_in_a_players_words() -> None:
    """Issue 44 item 2: every action type the engine lists has its meaning in words, with no raw name."""
    choices = COACHES[GAME].choices
    assert set(choices) == set(STEP_OF)
    for kind, words in choices.items():
        assert words and "_" not in words and words != kind.replace("_", " "), kind


TAUGHT = {
    "objectives": ("play now", "next round"), "placing a tile": ("Take", "Place", "matches its neighbours"),
    "bonus tokens": ("4 bonus tokens", "Use them with care"), "a port token": ("Port token", "coastal"),
    "a resource token": ("Resource token", "changes its type"),
    "the Navigation stack": ("Navigation stack", "nobody may land", "6 turns"),
    "a landing": ("land", "round ends at once", "1 PP per port"),
    "the reward": ("revealed", "at least 2 tiles", "empty house symbol"),
    "no house": ("cannot build", "builds no house"), "discovery tokens": ("Discovery", "discovery token"),
    "a new round": ("first player", "next round", "refilled to 4"), "no tile fits": ("When no tile fits", "box"),
    "the end": ("all four ships have landed", "final score", "discovery tokens"),
}
"""What the chapter a mechanic's pointer opens must say: the words of the rule it explains."""


def test_each_mechanics_pointer_opens_the_chapter_that_teaches_it() -> None:
    """Issue 44 item 3: each first-time explanation points at `/game rules … section:<rule>`, which opens
    (`cogs.rules.find_section`) a page of the book that teaches that very rule; the landing and the reward
    no longer point at B5.3, which opens *Preparation*."""
    mechanics = COACHES[GAME].mechanics
    keys = [m.key for m in mechanics]
    assert {"a landing", "the reward"} <= set(keys) and len(set(keys)) == len(keys) >= 8
    book = chapters(GAME)
    for m in mechanics:
        chapter, page = find_section(GAME, m.rule)
        text = book[chapter].pages[page].text
        missing = [w for w in TAUGHT[m.key] if w not in text]
        assert not missing, f"{m.key!r} points at {m.rule!r}, {book[chapter].label!r}, which lacks {missing}"


def test_eight_mechanics_are_explained_once_each_over_ten_practice_games(games: list[Played]) -> None:
    """Issue 44 item 3: over ten practice games, at least 8 mechanics are explained the first time their
    event shows (`games.coach.first_times` on each move's events), never twice in a game."""
    met: Counter[str] = Counter()
    for g in games:
        told: Counter[str] = Counter()
        earlier: list[Event] = []
        for events in g.moves:
            for line in first_times(GAME, earlier, events):
                told[re.match(r"📖 \*\*First time: (.+?)\.\*\*", line).group(1)] += 1  # type: ignore[union-attr]
            earlier += events
        assert told and max(told.values()) == 1, told
        met.update(told.keys())
    assert len(met) >= 8, met


def hidden_changed(game: SmallIslands, rng: random.Random) -> SmallIslands:
    """The same position as the learner sees it (B5.6), with everything hidden from them changed: the other
    seats' hands, objective cards and discovery tokens, the order of the Navigation stack, the reserve, the
    decks and the discovery pool."""
    twin = SmallIslands.from_dict(game.to_dict())
    s = twin.s
    for seat, p in enumerate(s["players"]):
        if seat == LEARNER:
            continue
        p["hand"] = rng.sample(s["reserve"], len(p["hand"]))
        p["held"] = {kind: rng.sample(sorted(OBJECTIVES), len(cards)) for kind, cards in p["held"].items()}
        p["now"] = {kind: rng.choice(sorted(OBJECTIVES)) if card else card for kind, card in p["now"].items()}
        p["discovery"] = rng.sample(sorted(DISCOVERY), len(p["discovery"]))
    for pile in (s["nav"], s["reserve"], s["discovery_pool"], *s["decks"].values()):
        rng.shuffle(pile)
    return twin


def test_the_coach_reads_only_what_the_learner_may_see(games: list[Played]) -> None:
    """DESIGN §7 and the coach's contract: its advice comes from the learner's view and legal moves (their own
    objective included), so changing what only the others know changes nothing it says."""
    rng = random.Random(44)
    for g in games[:3]:
        for d in g.decisions:
            if d.advice is None or str(1 - LEARNER) in d.game.s["revealed"]:
                continue
            again = advise(hidden_changed(d.game, rng), LEARNER)
            assert again == d.advice, (d.advice.reason.text, again)
