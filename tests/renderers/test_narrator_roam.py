"""ROAM told by a host (issue 43): every event said with the players' names and "you" for the reader, a turn as
one short paragraph without bookkeeping, a catch-up that puts the reader's losses first, the words beside the
board within a board's budget, and one seat's picture said to that seat."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from itertools import pairwise

import pytest

from games.core import Event
from games.roam.data import ARTIFACTS, CARDS
from games.roam.game import RoamGame
from renderers import render_board, render_private
from renderers.cast import Cast, Player, ai_player
from renderers.narrator import HEADER, MOST, REST, catch_up, log, story
from renderers.narrator.roam import SAY, hurts, line, news, scores, turn_of
from renderers.text import alt_text, hand, summary

PEOPLE = [Player("alice", "red"), Player("bob", "blue"), ai_player(2, "hard"), ai_player(3, "easy")]
HOSTILE = "**Zed** @everyone \u202edlrow <@1> _y_ `z`".ljust(40, "w")
"""A name as a person may type it: markdown, a mass mention, a mention, a right-to-left override; 40 characters."""
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\bS\d-[a-z]+\b|\bA-[a-z]+-\d\b|\bR\d\d\b|Seat \d")
"""What a player never reads: snake_case names, card and artifact ids, seat numbers."""
ONE = re.compile(r"\b1 (coins|points|markers|squares|cards)\b")
BUILT: list[Event] = [
    {"type": "setup", "first": 1, "slots": [], "row": []},
    {"type": "skipped", "seat": 1},
    {"type": "outpost", "seat": 1, "square": "C3"},
    {"type": "end_triggered", "reason": "stalled"},
    {"type": "game_over", "scores": [3, 5], "winners": [1]},
]
"""Events random play reaches seldom or never (the setup is not among `apply`'s events)."""


def played(games: int) -> Iterator[tuple[RoamGame, list[Event]]]:
    """Seeded random games to their end, over every table size and option, with all their events."""
    for seed in range(games):
        options = {"outpost": seed % 2 == 0, "stacking": seed % 3 == 0, "artifacts": seed % 5 != 4}
        game = RoamGame.new(2 + seed % 3, seed=seed, options=options)
        rng, events = random.Random(seed), []
        while not game.over:
            seat = next(iter(game.to_move()))
            events += game.apply(seat, rng.choice(game.legal_actions(seat)))
        yield game, events


def cast(count: int, reader: int | None = None) -> Cast:
    return Cast(PEOPLE[:count], reader)


def test_every_event_is_said_with_names_and_you_for_the_reader() -> None:
    seen: set[str] = set()
    for game, events in played(200):
        for event in [*events, *BUILT]:
            seen.add(event["type"])
            for reader in (None, *range(game.num_players)):
                said = line(event, cast(game.num_players, reader), {})
                assert said and not said.startswith("you") and said.endswith("."), (event, said)
                assert not INTERNAL.search(said) and not ONE.search(said), said
                assert "You has" not in said and " you has" not in said, said
                seat = event.get("seat")
                if seat is not None and reader == seat and event["type"] != "turn_started":
                    assert said.startswith("You "), said
                if reader is not None:
                    assert PEOPLE[reader].name not in said, f"the reader is 'you': {said}"
    assert seen == set(SAY), f"every event type the engine emits is said: {set(SAY) ^ seen}"


def test_a_marker_sent_home_is_said_to_its_owner_and_hurts_them() -> None:
    event = {"type": "replaced", "seat": 1, "victim": 0, "square": "C3"}
    assert line(event, cast(2, 0), {}) == "bob (blue) sent your marker on C3 home with the Stone Hammer."
    assert line(event, cast(2, 1), {}) == "You sent alice (red)'s marker on C3 home with the Stone Hammer."
    assert hurts(event) == {0}
    claimed = {"type": "claimed", "seat": 1, "slot": 2, "card": "R01", "paid": 1, "consoled": [0, 2]}
    assert hurts(claimed) == {0, 2} and scores(claimed) == {1}
    assert line(claimed, cast(3, 0), {}) == (f"bob (blue) claimed {CARDS['R01'].name} "
                                            f"({CARDS['R01'].vp} points) for 1 coin; Cleo (AI hard, yellow) and you "
                                            "got 1 coin each for your markers there.")


def test_a_tie_bid_names_the_bidders_in_their_order() -> None:
    # A5.3 step 3.2: tied players bid in turn order, starting at the player whose turn it is
    event = {"type": "bid_started", "slot": 4, "card": "R01", "order": [0, 1]}
    assert line(event, cast(2, 0), {}) == (f"Tie for {CARDS['R01'].name} on land card 4 (A4–B6): you and bob (blue) "
                                           "bid in that order.")


def test_the_final_line_adds_up_cards_artifacts_and_the_outpost() -> None:
    # A5.4: cards, artifacts and the Outpost make the score; equal points go to the most coins
    parts = [{"cards": 0, "artifacts": 0, "outpost": 0, "total": 0},
             {"cards": 9, "artifacts": 2, "outpost": 3, "total": 14}]
    event = {"type": "game_over", "scores": [0, 14], "winners": [1], "parts": parts, "coins": [4, 1]}
    assert line(event, cast(2, 0), {}) == (
        "Game over: bob (blue) won. Scores: you (red) 0 points (0 from cards), 4 coins; bob (blue) 14 points (9 from "
        "cards, 2 from artifacts, 3 for the Outpost), 1 coin. Equal points go to the most coins.")


def test_a_round_is_told_as_one_paragraph_a_turn_without_bookkeeping() -> None:
    for game, events in played(20):
        starts = [i for i, e in enumerate(events) if e["type"] == "turn_started"]
        round_ = events[starts[-2 * game.num_players]:starts[-game.num_players]]
        told = story("roam", round_, cast(game.num_players))
        assert len(told) == game.num_players, told
        for paragraph in told:
            assert not re.search(r"ended the turn|Turn \d+:|came into the row| chose |is complete", paragraph)
        quiet = [e for e in round_ if not news(e)]
        assert {e["type"] for e in quiet} >= {"turn_started", "turn_ended", "chose"}
        assert all(e["type"] != "marker" or not e["coins"] for e in quiet), "a marker that took coins is news"
        assert all(turn_of(e) == e["seat"] for e in round_ if e["type"] == "turn_started")


def test_a_normal_round_and_the_summary_fit_in_twelve_lines() -> None:
    for seed in range(6):
        game = RoamGame.new(4, seed=seed)
        rng, events = random.Random(seed), []
        while sum(e["type"] == "turn_started" for e in events) < 8 * 4 + 1:  # eight rounds of four turns
            seat = next(iter(game.to_move()))
            events += game.apply(seat, rng.choice(game.legal_actions(seat)))
        starts = [i for i, e in enumerate(events) if e["type"] == "turn_started"]
        round_ = events[starts[-5]:starts[-1]]
        text = [*story("roam", round_, cast(4)), *summary("roam", game.view(None), cast(4))]
        assert len(text) <= 12, "\n".join(text)


def test_the_catch_up_puts_the_readers_losses_first_and_never_their_own_move() -> None:
    """bob's Hammer sends alice's marker home and bob buys points; Cleo claims a card alice had markers on."""
    events: list[Event] = [
        {"type": "turn_started", "seat": 1, "turn": 2, "round": 1},
        {"type": "chose", "seat": 1, "card": "S1-blue"},
        {"type": "placed", "seat": 1, "card": "S1-blue", "anchor": "C3", "cells": ["C3", "C4"]},
        {"type": "artifact_used", "seat": 1, "artifact": "A-replace-1", "kind": "replace"},
        {"type": "replaced", "seat": 1, "victim": 0, "square": "C4"},
        {"type": "marker", "seat": 1, "square": "C4", "how": "hammer", "coins": 0},
        {"type": "bought", "seat": 1, "artifact": "A-coin-2", "cost": 3},
        {"type": "artifact_revealed", "artifact": "A-slide-1"},
        {"type": "turn_ended", "seat": 1},
        {"type": "turn_started", "seat": 2, "turn": 3, "round": 1},
        {"type": "placed", "seat": 2, "card": "S1-yellow", "anchor": "A1", "cells": ["A1"]},
        {"type": "claimed", "seat": 2, "slot": 1, "card": "R01", "paid": 0, "consoled": [0]},
        {"type": "refilled", "slot": 1, "card": "R05"},
        {"type": "turn_ended", "seat": 2},
        {"type": "turn_started", "seat": 0, "turn": 4, "round": 2},
        {"type": "rested", "seat": 0, "paid": 0},
    ]
    assert {"A-replace-1", "A-coin-2", "A-slide-1"} <= set(ARTIFACTS) and ARTIFACTS["A-coin-2"].vp
    told = catch_up("roam", events, cast(3, 0))
    assert told[0] == HEADER and told[-1] == REST and len(told) <= MOST + 2
    assert told[1] == "• bob (blue) sent your marker on C4 home with the Stone Hammer."
    assert told[2].startswith("• Cleo (AI hard, yellow) claimed") and "you got 1 coin" in told[2]
    assert told[3] == "• bob bought the Backpack for 3 coins."
    assert not any(re.search(r"ended the turn|Turn \d|You ", said) for said in told), told


def test_each_catch_up_of_a_played_game_agrees_with_its_log() -> None:
    for game, events in played(30):
        for reader in range(game.num_players):
            mine = [i for i, e in enumerate(events) if e["type"] == "turn_started" and e["seat"] == reader]
            for before, now in pairwise(mine):
                since = events[before:now]
                told = catch_up("roam", since, cast(game.num_players, reader))
                if not told:
                    continue
                bullets = [t for t in told if t.startswith("• ")]
                assert told[0] == HEADER and len(bullets) <= MOST
                lost = [e for e in since if reader in hurts(e)]
                fresh = cast(game.num_players, reader)  # a message names each seat in full once
                said = [f"• {line(e, fresh, {})}" for e in lost][:MOST]
                assert bullets[:len(said)] == said, "the reader's losses first"
                assert not any(re.search(r"ended the turn|Turn \d|came into the row", b) for b in bullets)
                assert not any(b.startswith("• You ") for b in bullets), "never the reader's own move"


def test_a_game_stored_before_the_narrator_still_loads_and_its_sentences_are_said_as_they_were() -> None:
    data = RoamGame.new(2, seed=1).to_dict()
    data["log"] = ["Seat 1's turn (S edge)."]
    game = RoamGame.from_dict(data)
    assert game.view(None)["last"] == ["Seat 1's turn (S edge)."]
    assert log("roam", game.view(None)["last"], cast(2)) == ["Seat 1's turn (S edge)."]
    seat = next(iter(game.to_move()))
    game.apply(seat, game.legal_actions(seat)[0])
    assert isinstance(game.to_dict()["log"][-1], dict)


def test_the_status_line_says_who_may_do_what() -> None:
    game = RoamGame.new(4, seed=3)
    seat = game.current
    assert summary("roam", game.view(None), cast(4))[0] == (
        f"Round 1, turn 1: {PEOPLE[seat].full} is to choose a character (or rest).")
    game.apply(seat, {"type": "choose", "card": game.players[seat]["characters"][0]["card"]})
    first = summary("roam", game.view(None), cast(4, seat))[0]
    assert first == f"Round 1, turn 1: you ({PEOPLE[seat].colour}) are to place the Scout's key marker.", first


def test_a_seats_own_picture_is_said_to_it_from_its_view() -> None:
    """ROAM's private alt text says the seat's characters (used or not), artifacts, coins and markers, not the
    public summary (issue 43, item 6)."""
    game = RoamGame.new(2, seed=3)
    seat = game.current
    game.apply(seat, {"type": "choose", "card": "S1-" + game.players[seat]["colour"]})
    game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "place"))
    me = game.players[seat]
    said = " ".join(hand("roam", game.view(seat), cast(2, seat)))
    assert "Used (grey): the Scout." in said and "the Ranger" in said and "the Pathfinder" in said
    assert f"You have {me['coins']} coin" in said and f"{me['supply']} markers left" in said
    alt = alt_text("roam", game.view(seat), "hand", cast=cast(2, seat))
    assert "Used (grey): the Scout." in alt and "Scores:" not in alt and "For sale" not in alt


@pytest.mark.parametrize("reader", [None, 1])
def test_a_hostile_name_is_said_as_given_and_drawn(reader: int | None) -> None:
    assert len(HOSTILE) == 40
    people = [Player(HOSTILE, "red"), Player("bob", "blue")]
    game = RoamGame.new(2, seed=3)
    event = {"type": "replaced", "seat": 0, "victim": 1, "square": "C4"}
    said = line(event, Cast(people, reader), {})
    assert said.startswith(f"{HOSTILE} (red) sent ")
    assert HOSTILE in " ".join(summary("roam", game.view(None), Cast(people, reader)))
    assert render_board("roam", game.view(None), cast=Cast(people, reader))
    assert render_private("roam", game.view(1), Cast(people, 1))


def test_move_labels_say_points_and_name_no_internal_id() -> None:
    """Issue 43, item 6: the score is "points" everywhere, and no label shows an id or a snake_case name."""
    for seed in range(20):
        game = RoamGame.new(2 + seed % 3, seed=seed, options={"outpost": True})
        rng = random.Random(seed)
        while not game.over:
            seat = next(iter(game.to_move()))
            legal = game.legal_actions(seat)
            for said in map(game.describe, legal):
                assert not INTERNAL.search(said) and not ONE.search(said) and not re.search(r"VP|pts", said), said
            game.apply(seat, rng.choice(legal))
