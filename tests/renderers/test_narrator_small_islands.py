"""Small Islands told like a good host (DESIGN §5, issue 43): every event the engine writes is said with the seats'
names, "you" for the reader; a board tells a round as one paragraph a turn without bookkeeping, beside a summary
short enough for the whole to stay within 12 lines; a catch-up opens with the reader's losses; a hostile name is
shown as given. Games are played from fixed seeds, positions built where one is needed."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.ai import choose_for, policy_for
from games.core import Event
from games.small_islands.data import MISSIONS, OBJECTIVES, card_text
from games.small_islands.game import SmallIslands
from games.small_islands.table import EXPLORE_STEPS
from renderers import render_area, render_board, render_private
from renderers.cast import Cast, Player, ai_player
from renderers.narrator import BULLET, HEADER, MOST, REST, catch_up, log, story
from renderers.narrator import small_islands as narrator
from renderers.small_islands.picture import TAG_HALF, _clear_of
from renderers.small_islands.tiles import icon_spots
from renderers.text import hand, summary
from tests.support.pictures import picture

GAME = "small_islands"
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\brot \d|inlet\d|>=|->|\bSeat \d")
"""What a player never reads: snake_case names, "rot 1", the data's shape ids, formulas, seat numbers."""
AGREES = re.compile(r"\b[Yy]ou (is|has|was|does|\w+[^s]s)\b")
"""A verb that does not agree with "you" ("You has", "You places")."""
HOSTILE = ("**bold** @everyone _x_ ~~y~~ `z` \u202eevil", "\u202e" + "w" * 39)


def people(n: int) -> list[Player]:
    """A table of persons and AI seats, each named."""
    return [Player("alice", "red"), ai_player(1, "hard"), Player("bob", "yellow"), ai_player(3, "normal")][:n]


def game(seed: int, players: int = 2, ai: bool = False, **options: Any) -> tuple[SmallIslands, list[Event]]:
    """A game played to its end (by the heuristic AI, or at random), with every event it wrote."""
    g = SmallIslands.new(players, seed=seed, options=options)
    rng, policy, events = random.Random(seed), policy_for(GAME), list(g.events)
    while not g.over:
        seat = min(g.to_move())
        action = choose_for(g, seat, policy, rng) if ai else rng.choice(g.legal_actions(seat))
        events += g.apply(seat, action)
    return g, events


def seeded() -> Iterator[tuple[SmallIslands, list[Event]]]:
    """Two hundred random games over every table size, mode and layout, half with the reward kept on an early
    end."""
    for seed in range(200):
        yield game(seed, 2 + seed % 3, mode=("normal", "advanced")[seed % 2],
                   layout=("closed", "open", "free")[seed % 3], reward_on_abort=seed % 4 == 1)


def aborting() -> list[Event]:
    """The events of an early end that still plays the round's reward (the reserve runs out, B5.5 (b))."""
    g = SmallIslands.new(2, seed=7, options={"reward_on_abort": True})
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    g.s["nav"], g.s["reserve"], g.events = [], [], []
    g.end_turn()
    assert g.events[0]["type"] == "aborting"
    return g.events


def said_to_everyone(events: list[Event], players: list[Player], view: dict[str, Any]) -> Iterator[tuple[Event,
                                                                                                          int | None,
                                                                                                          str]]:
    """Each event said to the channel and to each seat, a fresh message each: (event, reader, sentence)."""
    for reader in [None, *range(len(players))]:
        cast = Cast(players, reader)
        for event in events:
            yield event, reader, narrator.line(event, cast, view)


def test_every_event_is_said_with_names_and_you_for_the_reader() -> None:
    seen: set[str] = set()
    for g, events in [*seeded(), (SmallIslands.new(2, seed=7), aborting())]:
        players = people(g.num_players)
        for event, reader, line in said_to_everyone(events, players, g.view(None)):
            seen.add(event["type"])
            assert line, event
            assert not INTERNAL.search(line) and not AGREES.search(line), line
            seat = event.get("seat")
            if seat is not None and seat == reader:
                assert re.search(r"\b([Yy]ou|[Yy]our)\b", line) and players[seat].name not in line, line
            elif seat is not None:
                assert players[seat].name in line, line
    assert seen == set(narrator.SAID), "every event the engine writes is said, and only those"


def test_cells_are_named_as_the_map_names_them_and_left_out_without_a_map() -> None:
    placed = {"type": "placed", "seat": 1, "tile": "T05", "rot": 1, "x": 2, "y": -1}
    cast = Cast(people(2), 0)
    assert narrator.line(placed, cast, {"origin": [-1, -2]}) == "Basil (AI hard, blue) placed T05 turned 90° at D2."
    assert narrator.line(placed, cast, {}) == "Basil placed T05 turned 90°."


def test_b5_3_reward_2_a_player_with_no_island_for_the_mission_is_told_why_no_house_is_built() -> None:
    g = SmallIslands.new(2, seed=7)
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    g.s["players"][0]["now"] = {"objective": "O10"}  # M10: an island of at least 4 tiles
    g.s["grid"], g.s["islands"], g.s["next_island"] = {}, {}, 1  # no island at all
    g.events = []
    g.begin_reward(0)
    lost = next(e for e in g.events if e["type"] == "no_house" and e["seat"] == 0)
    assert narrator.line(lost, Cast(people(2), 0), {}) == (
        "You built no house this round: no island of 2 tiles or more met your mission (At least 4 tiles) with a free "
        "house symbol and no house of yours.")
    assert narrator.hurts(lost) == {0}, "a loss written on the victim's own seat"


def test_b5_3_reward_3_a_house_says_its_points_and_the_reward_they_come_from() -> None:
    house = {"type": "house", "seat": 0, "x": 0, "y": 0, "island": "1", "reward": "RW01", "pp": 4}
    assert narrator.line(house, Cast(people(2)), {"origin": [-1, -1]}) == (
        "alice (red) built a house at B2: 4 PP (1 PP per Flower, +2).")
    assert narrator.scores(house) == {0}


def test_b5_5_the_final_scores_add_up_prestige_discovery_and_ports() -> None:
    g = SmallIslands.new(2, seed=7)
    g.s["players"][1]["pp"] = 7
    g.events = []
    g.end_game("ships")
    line = narrator.line(g.events[-1], Cast(people(2), 1), {})
    assert line.startswith("Game over: all four ships have landed.")
    assert "you (blue) 7 PP (7 from rewards, 0 from discovery tokens, 0 for ports by the ship)" in line, line


def test_counts_agree_with_their_nouns() -> None:
    cast = Cast(people(2))
    said = [narrator.line({"type": kind, "seat": 0, "count": 1}, cast, {}) for kind in ("drew", "discovery")]
    assert said == ["alice (red) drew 1 tile from the reserve.", "alice drew 1 discovery token."]
    assert narrator.line({"type": "kept", "seat": 1, "returned": 1}, cast, {}) == (
        "Basil (AI hard, blue) kept a discovery token and put 1 token back.")


def test_cards_read_in_words_a_picture_draws() -> None:
    """An objective's mission and reward without an arrow (the pictures' font drew it "->") or a formula."""
    assert all("→" not in card_text(card) and not INTERNAL.search(card_text(card)) for card in [*OBJECTIVES,
                                                                                               *MISSIONS])
    assert card_text("O07") == "Two different resource types present in equal amounts, at least 1 each; reward 1 PP " \
        "per tile, max 10"


def test_a_ship_is_yours_or_named_by_its_colour() -> None:
    own = {"type": "landed", "seat": 1, "ship": "own", "x": 0, "y": 0}
    said = narrator.line(own, Cast(people(2), 1), {"origin": [-1, -1]})
    assert said == "You landed your ship at B2, ending the round."
    assert narrator.line(own, Cast(people(2), 0), {}) == "Basil (AI hard, blue) landed the blue ship, ending the round."
    assert narrator.line({**own, "ship": "grey"}, Cast(people(2)), {}).endswith("landed a grey ship, ending the round.")


def test_a_game_stored_with_sentences_shows_them_as_they_were() -> None:
    g = SmallIslands.new(2, seed=7)
    g.s["log"] = ["Seat 1 places T05 at C4."]
    assert log(GAME, g.view(None)["last"], Cast(people(2))) == ["Seat 1 places T05 at C4."]


def test_bookkeeping_is_not_news() -> None:
    _, events = game(3, 4)
    for event in events:
        assert narrator.news(event) == (event["type"] not in narrator.BOOKKEEPING), event
    assert {"turn", "refilled", "cards_drawn", "chose", "reward_done", "nav"} <= narrator.BOOKKEEPING


def rounds(events: list[Event]) -> Iterator[list[Event]]:
    """The events of each round, from its "round" event to the next."""
    starts = [i for i, e in enumerate(events) if e["type"] == "round"] + [len(events)]
    for begin, end in itertools.pairwise(starts):
        yield events[begin:end]


@pytest.mark.parametrize("seed", [3, 11])
def test_a_round_is_one_paragraph_a_turn_each_opening_with_whose_turn_it_is(seed: int) -> None:
    g, events = game(seed, 4, ai=True)
    players = people(4)
    for round_ in rounds(events):
        opened = [e["seat"] for e in round_ if narrator.turn_of(e) is not None]
        told = story(GAME, round_, Cast(players, None, intro=False), g.view(None))
        assert len(told) == len(opened), told
        for paragraph, seat in zip(told, opened, strict=True):
            assert paragraph.startswith(players[seat].name), paragraph
            assert "turn." not in paragraph and "joined the row" not in paragraph, paragraph


def test_a_board_between_two_turns_of_a_person_stays_within_twelve_lines() -> None:
    """Four seats, alice (seat 0) the person: what the others did between two of her turns, then the summary."""
    g = SmallIslands.new(4, seed=5)
    rng, policy, since = random.Random(5), policy_for(GAME), list(g.events)
    cast = Cast(people(4))
    boards = 0
    while not g.over:
        seat = min(g.to_move())
        if seat == 0 and g.s["step"] == "turn" and since:
            if not any(e["type"] == "round" for e in since):  # a normal round: no reward phase in between
                lines = [*story(GAME, since, cast.reading(None), g.view(None)),
                         *summary(GAME, g.view(None), cast.reading(None))]
                assert len(lines) <= 12, "\n".join(lines)
                boards += 1
            since = []
        since += g.apply(seat, choose_for(g, seat, policy, rng))
    assert boards >= 3


def windows(events: list[Event], reader: int) -> Iterator[list[Event]]:
    """What happened between two exploring turns of `reader`: from the first event after their turn to their next."""
    window: list[Event] = []
    mine = False
    for event in events:
        if event["type"] == "turn":
            mine = event["seat"] == reader
            if mine and window:
                yield window
                window = []
        elif not mine:
            window.append(event)


def check_catch_up(events: list[Event], players: list[Player], reader: int, view: dict[str, Any]) -> list[str]:
    """The catch-up of `events` for `reader`, checked against the log: at most MOST lines between the header and
    the pointer, each a news sentence of the log, the reader's losses first, none of the reader's own moves."""
    said = catch_up(GAME, events, Cast(players, reader, intro=False), view)
    if not said:
        return said
    assert said[0] == HEADER and len(said) <= MOST + 2
    bullets = [line.removeprefix(BULLET) for line in said[1:] if line != REST]
    assert len(bullets) <= MOST
    cast = Cast(players, reader, intro=False)
    by_line = {narrator.line(e, cast, view): e for e in events}
    told = [by_line[b] for b in bullets]
    assert all(narrator.news(e) for e in told), "no bookkeeping"
    losses = [reader in narrator.hurts(e) for e in told]
    assert losses == sorted(losses, reverse=True), "the reader's losses first"
    assert all(e.get("seat") != reader or reader in narrator.hurts(e) for e in told), "never the reader's own move"
    return said


def test_a_catch_up_puts_the_readers_loss_first_then_others_points_then_the_pointer() -> None:
    """Built: while alice (seat 0) waited, Basil explored, landed and built three houses; alice then revealed a
    mission no island met."""
    basil = [{"type": "turn", "seat": 1}, {"type": "took", "seat": 1, "tile": "T05"},
            {"type": "placed", "seat": 1, "tile": "T05", "rot": 0, "x": 1, "y": 1},
            {"type": "refilled", "tile": "T06", "source": "reserve", "nav_left": 0},
            {"type": "landed", "seat": 1, "ship": "own", "x": 3, "y": 1},
            {"type": "revealed", "seat": 1, "cards": {"objective": "O01"}},
            *({"type": "house", "seat": 1, "x": x, "y": 1, "island": "1", "reward": "RW01", "pp": 3} for x in range(3)),
            {"type": "reward_done", "seat": 1, "refilled": 3},
            {"type": "revealed", "seat": 0, "cards": {"objective": "O10"}},
            {"type": "no_house", "seat": 0, "why": "mission", "mission": "M10"},
            {"type": "reward_done", "seat": 0, "refilled": 0}]
    said = check_catch_up(basil, people(2), 0, {"origin": [0, 0]})
    assert said[1] == BULLET + ("You built no house this round: no island of 2 tiles or more met your mission "
                                "(At least 4 tiles) with a free house symbol and no house of yours.")
    assert [line.startswith(BULLET + "Basil built a house") for line in said[2:5]] == [True] * 3
    assert said[-1] == REST, "Basil's turn and landing are in the log"


def test_every_catch_up_of_played_games_checks_against_the_log() -> None:
    told = 0
    for seed in (2, 9):
        g, events = game(seed, 4, ai=True)
        for reader in range(4):
            for window in windows(events, reader):
                told += bool(check_catch_up(window, people(4), reader, g.view(None)))
    assert told > 10


def test_the_status_line_says_who_may_do_what_and_you_to_the_reader() -> None:
    g = SmallIslands.new(2, seed=4)
    players = people(2)
    assert summary(GAME, g.view(None), Cast(players))[0].startswith(
        "Round 1, preparation: Everyone chooses an objective in secret; waiting for alice (red) and Basil")
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    seat = min(g.to_move())
    assert summary(GAME, g.view(None), Cast(players))[0] == (
        f"Round 1, exploration: {players[seat].full} is to take a tile from the row.")
    assert summary(GAME, g.view(seat), Cast(players, seat))[0] == (
        "Round 1, exploration: You are to take a tile from the row.")
    assert hand(GAME, g.view(seat), Cast(players, seat))[0].startswith("Your tiles: T")


def test_the_ship_is_in_hand_until_it_lands() -> None:
    g = SmallIslands.new(2, seed=7)
    view = g.view(None)
    assert summary(GAME, view, Cast(people(2)))[2].count("ship in hand") == 2
    g.s["players"][1]["own_ship"] = False
    assert "Basil: houses 4 in hand + 4 in reserve, 0 built, 4 bonus tokens, 0 discovery tokens, ship landed." in \
        summary(GAME, g.view(None), Cast(people(2)))[2]


def test_a_hostile_name_is_shown_as_given_and_the_pictures_still_draw() -> None:
    players = [Player(HOSTILE[0], "red"), Player(HOSTILE[1], "blue")]
    assert len(HOSTILE[1]) == 40
    g, events = game(6, 2, ai=True)
    said = " ".join(log(GAME, events, Cast(players), g.view(None)))
    assert all(name in said for name in HOSTILE)
    mid = SmallIslands.new(2, seed=6)
    for seat in sorted(mid.to_move()):
        mid.apply(seat, mid.legal_actions(seat)[0])
    seat = min(mid.to_move())
    assert HOSTILE[seat] in summary(GAME, mid.view(None), Cast(players))[0]
    picture(render_board(GAME, mid.view(None), mid.legal_actions(seat), Cast(players)))
    picture(render_private(GAME, mid.view(seat), Cast(players, seat)), min_width=0)


def test_a_close_up_tag_leaves_the_icons_of_a_laid_tile_in_sight() -> None:
    """The convert and port close-ups: the id tag of a tile sits where no icon's centre is under it."""
    g = SmallIslands.new(2, seed=5)
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    tiles = g.view(None)["grid"]
    assert tiles
    for tile in tiles:
        x, y = _clear_of(tile)
        for ix, iy, _ in icon_spots(tile):
            assert not (abs(ix - x) < TAG_HALF[0] and abs(iy - y) < TAG_HALF[1]), (tile["tile"], ix, iy)
    seat = min(g.to_move())
    assert g.s["step"] in EXPLORE_STEPS
    g.s["step"] = "bonus"
    bonus = [a for a in g.legal_actions(seat) if a["type"] in ("convert", "port")]
    picture(render_area(GAME, g.view(None), g.areas(bonus[0])[0], bonus), min_width=0)
