"""Catan's narrator (DESIGN §5, "A good host's voice"; issue 43): every event said with people's names and "you"
for the reader, a round as one paragraph a turn without bookkeeping, a catch-up that opens with the reader's
losses, private news narrated for its reader, and the words beside the board within 12 lines."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.ai import choose_for, policy_for
from games.catan.game import Catan
from games.core import Event
from renderers import render_board, render_private
from renderers.cast import Cast, Player, ai_player
from renderers.narrator import BULLET, HEADER, MOST, REST, catch_up, log, story
from renderers.narrator import catan as narrator
from renderers.text import catan as words
from tests.games.catan.positions import after_setup, give, next_roll, rolled

PEOPLE = [Player("alice", "red"), Player("bob", "blue"), ai_player(2, "hard"), ai_player(3, "normal")]
HOSTILE = "**x** @everyone \u202eevil_name `code` " + "z" * 6
"""Markdown, a mass mention, an RTL override and an underscore: 40 characters, as the runtime hands them over."""
INTERNAL = re.compile(r"Seat \d|#\d|[a-z]+_[a-z]+|\{|\}")
"""What a person must never read: a seat number, an offer's id, a snake_case name, a raw dict."""


def cast(reader: int | None = None, people: list[Player] = PEOPLE) -> Cast:
    return Cast(people, reader)


def played(seed: int, steps: int, heuristic: bool) -> tuple[Catan, list[Event]]:
    """A game of `steps` moves at most, random or by the heuristic player, and every event it made."""
    game, rng, events = Catan.new(4, seed=seed), random.Random(seed), []
    player = policy_for("catan")
    for _ in range(steps):
        if game.over:
            break
        seat = rng.choice(sorted(game.to_move()))
        legal = game.legal_actions(seat)
        action = choose_for(game, seat, player, rng, legal) if heuristic else rng.choice(legal)
        events += game.apply(seat, action)
    return game, events


def said_well(event: Event, said: str, reader: int | None) -> None:
    """A sentence names its seats (the reader as "you", with the verb agreeing) and no internal id."""
    assert said and not INTERNAL.search(said), (event, said)
    seat = event.get("seat")
    if isinstance(seat, int) and event["type"] not in ("produce", "turn"):
        if seat == reader:
            assert said.startswith("You "), (event, said)
            assert not re.search(r"\byou (is|has|was)\b", said, re.IGNORECASE), said
        else:
            assert PEOPLE[seat].name in said, (event, said)
    if reader is not None and event["type"] == "steal" and event["victim"] == reader:
        assert said.endswith("from you."), said


def test_every_event_of_many_games_is_said_with_names_for_every_reader() -> None:
    """Two hundred random games and a few heuristic ones (offers, answers, trades, titles, the win)."""
    kinds: set[str] = set()
    for seed in range(200):
        game, events = played(seed, 250, heuristic=False)
        view = game.view(None)
        for event in events:
            kinds.add(event["type"])
            for reader in (None, *range(4)):
                said_well(event, narrator.line(event, cast(reader), view), reader)
        for seat in range(4):  # the private news, told to its reader
            for entry, said in zip(game.s["news"][seat], narrator.told(game.s["news"][seat], cast(seat), {}),
                                   strict=True):
                said_well(entry, said, seat)
    for seed in range(3):
        game, events = played(seed, 3000, heuristic=True)
        view = game.view(None)
        for event in events:
            kinds.add(event["type"])
            for reader in (None, *range(4)):
                said_well(event, narrator.line(event, cast(reader), view), reader)
    assert kinds >= set(narrator.SAY) - {"drew"}, set(narrator.SAY) - kinds


def test_a_line_without_a_board_still_names_the_place() -> None:
    event = {"type": "settlement", "seat": 1, "node": 31}
    assert narrator.line(event, cast(0), {}) == "bob (blue) built a settlement at intersection 31."
    game = after_setup(4, seed=1)
    said = narrator.line(event, cast(1), game.view(None))
    assert said.startswith("You built a settlement by ") and re.search(r"(ore|wool|grain|brick|lumber) \d+", said)


def test_news_leaves_out_bookkeeping_and_hurts_reads_the_victim() -> None:
    assert not narrator.news({"type": "turn", "seat": 1, "turn": 5})
    assert not narrator.news({"type": "offer_closed", "offer": 3})
    assert narrator.news({"type": "roll", "seat": 1, "dice": [3, 4]})
    assert narrator.hurts({"type": "discarded", "seat": 2, "cards": {"ore": 4}}) == {2}, "a loss on its own seat"
    assert narrator.hurts({"type": "steal", "seat": 1, "victim": 3}) == {3}
    assert narrator.hurts({"type": "robber", "seat": 1, "hex": 4, "blocks": [0, 2]}) == {0, 2}, "blocked buildings"
    assert not narrator.hurts({"type": "robber", "seat": 1, "hex": 4}), "an event stored before it named them"
    assert narrator.hurts({"type": "longest_road", "seat": None, "length": 4, "from": 0}) == {0}
    monopoly = {"type": "played", "seat": 0, "card": "monopoly", "resource": "wool", "taken": 3,
                "from": {"1": 2, "3": 1}}
    assert narrator.hurts(monopoly) == {1, 3}
    assert narrator.line(monopoly, cast(1), {}) == \
        "alice (red) played Monopoly on wool, taking 3 cards, 2 of them yours."
    assert narrator.line(monopoly, cast(2), {}) == "alice (red) played Monopoly on wool, taking 3 cards."
    assert narrator.scores({"type": "largest_army", "seat": 1, "knights": 3, "from": None}) == {1}
    assert not narrator.scores({"type": "settlement", "seat": 1, "node": 3, "setup": True}), "the setup is no news"


def _round() -> tuple[Catan, list[Event]]:
    """One round from the first turn: each seat rolls (never a 7) and passes; the first builds a road and offers
    everyone a card, which all decline."""
    game = after_setup(4, seed=1)
    events: list[Event] = []
    first = game.s["active"]
    for _ in range(4):
        seat = game.s["active"]
        next_roll(game, 6)
        events += game.apply(seat, {"type": "roll"})
        if seat == first:
            give(game, seat, brick=1, lumber=1, ore=1)
            road = next(a for a in game.legal_actions(seat) if a["type"] == "build_road")
            events += game.apply(seat, road)
            events += game.apply(seat, {"type": "offer", "to": "all", "give": {"ore": 1}, "get": {"wool": 1}})
            for other in sorted(game.to_move() - {seat}):
                events += game.apply(other, {"type": "decline", "offer": game.s["offer"]["id"]})
        events += game.apply(seat, {"type": "end_turn"})
    return game, events


def test_a_round_is_one_paragraph_a_turn_without_bookkeeping() -> None:
    game, events = _round()
    first = events[0]["seat"]
    told = story("catan", events, cast(None), game.view(None))
    assert len(told) == 4, told
    for paragraph, seat in zip(told, [(first + i) % 4 for i in range(4)], strict=True):
        assert paragraph.startswith(f"{PEOPLE[seat].name}") and " rolled 6." in paragraph, paragraph
        assert "Turn " not in paragraph and "closed" not in paragraph, paragraph
    assert "offered everyone 1 ore for 1 wool." in told[0] and told[0].count(" declined.") == 3, told[0]
    record = log("catan", events, cast(None), game.view(None))
    assert any(line.startswith("Turn ") for line in record) and "The offer closed." in record, "the log keeps all"


def test_the_setup_is_a_paragraph_a_placement() -> None:
    game = Catan.new(3, seed=2)
    events: list[Event] = []
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        events += game.apply(seat, game.legal_actions(seat)[0])
    told = story("catan", events, cast(None), game.view(None))
    assert len(told) == 6 and all(" built a settlement by " in p and " built a road." in p for p in told), told
    assert sum(" to start." in p for p in told) == 3


def test_the_board_text_of_a_round_stays_within_twelve_lines() -> None:
    game, events = _round()
    view = game.view(None)
    said = cast(None)
    lines = [*story("catan", events, said, view), *words.summary(view, said)]
    assert len([line for line in lines if line]) <= 12, lines
    assert not any(INTERNAL.search(line) for line in lines), lines


def test_the_status_line_says_who_may_do_what() -> None:
    game = rolled(after_setup(4, seed=1))
    seat = game.s["active"]
    said = words.summary(game.view(None), cast(None))[0]
    assert said.endswith(f"{PEOPLE[seat].full} is to trade and build."), said
    assert words.summary(game.view(None), cast(seat))[0].endswith("you are to trade and build."), "the reader"
    give(game, seat, ore=1)
    game.apply(seat, {"type": "offer", "to": "all", "give": {"ore": 1}, "get": {"wool": 1}})
    first, *others = [(seat + i) % 4 for i in (1, 2, 3)]
    game.apply(first, {"type": "decline", "offer": game.s["offer"]["id"]})
    lines = words.summary(game.view(None), cast(None))
    asked = Cast(PEOPLE).names(others)
    assert lines[0].endswith(f"{asked} may answer {PEOPLE[seat].full}'s offer."), lines[0]
    offer = next(line for line in lines if line.startswith("Offer:"))
    assert offer.endswith(f"1 ore for 1 wool; {PEOPLE[first].name} declined."), "the answer where the offer stands"
    game.s["phase"], game.s["offer"] = "discard", None
    game.s["discards"] = {str(first): 4}
    assert words.summary(game.view(None), cast(None))[0].endswith(
        f"Discarding half their cards after the 7: {PEOPLE[first].full} 4 cards.")


def test_catch_up_puts_the_readers_losses_first_and_never_their_own_move() -> None:
    """alice (seat 0) passes; bob rolls a 7, alice discards, bob blocks her hex and robs her; later turns roll.
    Her catch-up: her discard, the blocked hex and the theft first, no turn line, nothing she did herself, at most
    five lines."""
    game = after_setup(4, seed=1)
    for seat in range(4):
        game.s["hands"][seat] = [0] * 5
    game.s["bank"] = [19] * 5
    events: list[Event] = []
    while game.s["active"] != 0:
        next_roll(game, 6)
        events += game.apply(game.s["active"], {"type": "roll"})
        events += game.apply(game.s["active"], {"type": "end_turn"})
    next_roll(game, 6)
    before = len(events)
    events += game.apply(0, {"type": "roll"})
    mine = len(events)
    events += game.apply(0, {"type": "end_turn"})
    give(game, 0, wool=4, ore=4)
    next_roll(game, 7)
    events += game.apply(1, {"type": "roll"})
    events += game.apply(0, game.legal_actions(0)[0])
    rob = next(a for a in game.legal_actions(1) if a["victim"] == 0)
    events += game.apply(1, rob)
    events += game.apply(1, {"type": "end_turn"})
    for seat in (2, 3):
        next_roll(game, 6)
        events += game.apply(seat, {"type": "roll"})
        events += game.apply(seat, {"type": "end_turn"})
    lines = catch_up("catan", events[mine:], cast(0), game.view(None))
    assert lines[0] == HEADER and len(lines) <= MOST + 2, lines
    assert lines[1].startswith(f"{BULLET}You discarded 4 "), lines
    assert lines[2].startswith(f"{BULLET}bob (blue) moved the robber to hex "), "her building blocked"
    assert lines[3] == f"{BULLET}bob stole a card from you.", lines
    assert lines[-1] == REST and not any("Turn " in line or line.startswith(f"{BULLET}You rolled") for line in lines)
    assert catch_up("catan", events[before:mine], cast(0), game.view(None)) == [], "her own move is no news"


def test_private_news_is_told_to_its_reader_and_old_sentences_stay() -> None:
    game = rolled(after_setup(4, seed=3))
    seat = game.s["active"]
    give(game, seat, wool=1, grain=1, ore=1)
    game.apply(seat, {"type": "buy_dev"})
    [entry] = game.view(seat)["news"]
    assert entry["type"] == "drew" and narrator.told([entry], cast(seat), {})[0].startswith("You drew ")
    steal = {"type": "steal", "seat": 1, "victim": 0, "resource": "wool"}
    assert narrator.told([steal], cast(0), {}) == ["bob (blue) stole 1 wool from you."]
    assert narrator.told([steal], cast(1), {}) == ["You stole 1 wool from alice (red)."]
    old = "Seat 2 stole 1 wool from you."
    assert narrator.told([old], cast(0), {}) == [old], "a game stored before shows its sentence as it was"
    view = game.view(seat)
    view["news"] = [old, steal]
    assert words.hand(view, cast(seat))[-1].startswith("Lately: Seat 2 stole 1 wool from you. ")


def test_cat_38_the_winning_line_adds_up_the_victory_points() -> None:
    game = Catan.new(3, seed=1)
    game.s["longest"], game.s["devs"][1]["vp"] = 1, 2
    event = game._win(1)
    assert narrator.line(event, cast(None), {}) == (
        "bob (blue) won with 4 victory points: 0 from settlements and cities, 2 for Longest Road, 2 from victory "
        "point cards!")
    assert narrator.line(event, cast(1), {}).startswith("You won with 4 victory points")
    stored_before = {k: v for k, v in event.items() if k not in ("buildings", "longest", "largest")}
    assert narrator.line(stored_before, cast(None), {}) == "bob (blue) won with 4 victory points!"


def test_cat_36_and_cat_37_a_title_names_who_lost_it() -> None:
    assert narrator.line({"type": "longest_road", "seat": None, "length": 4}, cast(None), {}) == \
        "Longest Road was set aside."
    assert narrator.line({"type": "longest_road", "seat": None, "length": 4, "from": 1}, cast(1), {}) == \
        "Longest Road was set aside: you lost it."
    assert narrator.line({"type": "largest_army", "seat": 0, "knights": 4, "from": 2}, cast(2), {}) == \
        "alice (red) took Largest Army from you (4 knights)."


def test_a_label_names_the_robbers_victim_and_the_trade_partner() -> None:
    game = rolled(after_setup(4, seed=1))
    game.s["phase"] = "robber"
    view = game.view(None)
    robs = [a for a in game.legal_actions(game.s["active"]) if a["victim"] is not None]
    assert robs
    for action in robs:
        said = narrator.label(action, cast(game.s["active"]), view)
        assert said is not None and f"rob {PEOPLE[action['victim']].name} (" in said
        assert said.split(", rob")[0] == game.describe(action).split(", rob")[0], "the engine's label, named"
    assert narrator.label({"type": "confirm", "offer": 2, "with": 3}, cast(0), view) == "Trade with Dorian"
    assert narrator.label({"type": "roll"}, cast(0), view) is None
    view["offer"] = {"id": 4, "from": 1, "to": None, "give": {"ore": 1}, "get": {"wool": 1}, "answers": {}}
    assert narrator.label({"type": "accept", "offer": 4}, cast(0), view) == "Accept bob's offer"
    assert narrator.label({"type": "decline", "offer": 4}, cast(0), view) == "Decline bob's offer"
    assert narrator.label({"type": "decline", "offer": 3}, cast(0), view) is None, "an offer no longer open"


@pytest.mark.parametrize("reader", [None, 0])
def test_a_hostile_name_is_said_as_given_and_the_pictures_still_render(reader: int | None) -> None:
    assert len(HOSTILE) == 40
    people = [Player(HOSTILE, "red"), *PEOPLE[1:]]
    game, events = played(4, 400, heuristic=True)
    said = cast(reader, people)
    lines = [*story("catan", events, said, game.view(None)), *words.summary(game.view(None), said)]
    if reader is None:
        assert any(HOSTILE in line for line in lines), "the name appears as the runtime gave it"
    view: dict[str, Any] = game.view(None)
    assert render_board("catan", view, (), said).startswith(b"\x89PNG")
    assert render_private("catan", game.view(0), Cast(people, 0)).startswith(b"\x89PNG")
