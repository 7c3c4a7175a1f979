"""Roanoke's narrator (DESIGN §5, "A good host's voice"; issue 43): every event the engine writes said with the
people's names and "you" for the reader, a round told as one paragraph a turn without the bookkeeping, a catch-up
that puts the reader's losses first, and a hostile name shown as given."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import games
from games.ai import choose_for, policy_for
from games.core import Event
from games.grammar import a
from games.roanoke import board as B
from games.roanoke.examples import EXAMPLES, SHORT
from games.roanoke.game import Roanoke
from renderers import render_area, render_board, render_private
from renderers.cast import Cast, Player
from renderers.narrator import HEADER, MOST, REST, catch_up, log, story
from renderers.narrator import roanoke as narrator
from renderers.text import DESCRIPTION_LIMIT, alt_text, summary
from tests.games.roanoke.table import main_for, set_hand, started
from tests.support.states import finished

PEOPLE = (Player("alice", "red"), Player("bob", "blue"), Player("carol", "yellow"), Player("dave", "green"))
NAMES = tuple(p.name for p in PEOPLE)
KINDS = frozenset({
    "setup_worker", "season_revealed", "turn", "worker_added", "worker_moved", "collected", "reshuffled", "no_tiles",
    "tile_drawn", "tile_unplaceable", "placed", "discarded", "bought", "offered", "traded", "offer_closed",
    "turn_ended", "season_checked", "eliminated", "game_over"})
"""Every event type the engine emits (games/roanoke: every `emit`)."""
BOOKKEEPING = ("ended the turn", "ended your turn", "drew ", "withdrew", "lapsed", "shuffled", "'s turn.",
               "your turn.")
INTERNAL = re.compile(r"Seat \d|\b\w+_\w+\b|\b(?:food|water|metal|wood)[12]\b|\bY\d-[A-Z]{2}\d\b")
"""What a player never reads: a seat number, a snake_case name, a market square's or a season card's id."""
DISAGREE = re.compile(r"\b[Yy]ou (?:was|is|has|does|wins|passes|fails|holds)\b|\b[Yy]our's\b")


DETAILS = frozenset({"square", "from", "tile", "mask", "res", "count", "card", "season", "round", "give", "get",
                     "received", "entitled", "hand", "paid", "chits", "workers"})
"""What an event says but not who: events alike but for these are said alike (checked once)."""


def cast(reader: int | None = None) -> Cast:
    return Cast(PEOPLE, reader)


def _offers() -> list[Event]:
    """An offer accepted, a gift declined, a request withdrawn, an offer made void by spending what it gave, and
    a seat that resigns rather than answer."""
    g = started()
    main_for(g, 0, "straight")
    set_hand(g, 0, food=2, water=2, metal=2, wood=3)
    set_hand(g, 1, water=2)
    said = [*g.apply(0, {"type": "offer", "to": 2, "give": {"wood": 1}, "get": {"water": 1}}),
            *g.apply(1, {"type": "accept"}),
            *g.apply(0, {"type": "offer", "to": 3, "give": {"food": 1}, "get": {}}),
            *g.apply(2, {"type": "decline"}),
            *g.apply(0, {"type": "offer", "to": 4, "give": {}, "get": {"food": 1}}),
            *g.apply(0, {"type": "cancel"}),
            *g.apply(0, {"type": "offer", "to": 2, "give": {"wood": 2}, "get": {"water": 1}}),
            *g.apply(0, {"type": "buy_house", "square": "G2"})]
    said += g.apply(0, {"type": "offer", "to": 2, "give": {}, "get": {"water": 1}})
    return [*said, *g.apply(1, {"type": "resign"})]


def _draws() -> list[Event]:
    """The discard shuffled into a new draw pile, then no tile left at all, and a tile that fits nowhere (as the
    engine writes it: a position where no square takes a tile needs a full board)."""
    g = started()
    main_for(g, 0, "straight")
    g.s.update(drawn_tile=None, placements_left=2, draw_pile=[], discard=["straight"])
    g.events = []
    g.draw_next()
    g.s.update(drawn_tile=None, draw_pile=[], discard=[])
    g.draw_next()
    return [*g.events, {"type": "tile_unplaceable", "seat": 0, "tile": "T"}]


def _winter() -> tuple[Roanoke, list[Event]]:
    """The rulebook's winter: yellow, short of water, discards and ends the season; the check makes every other
    colony pay and eliminates yellow, whose hand passes to green."""
    game = EXAMPLES["winter"].build()
    return game, [*game.apply(SHORT, {"type": "discard"}), *game.apply(SHORT, {"type": "end_turn"})]


def _paved() -> Event:
    """The rulebook's paving: red's tile laid over blue's."""
    placed = EXAMPLES["paved"].build().view(None)["last"][-1]
    assert placed["type"] == "placed" and placed["paved"]["owner"] == 1
    return placed


def _played() -> Iterator[Event]:
    """Seeded games to their end: random moves (a resignation now and then) and the heuristic AI's (offers)."""
    cls, ai = games.get_game("roanoke"), policy_for("roanoke")
    for seed in range(24):
        game, rng = cls.new(4, seed=seed), random.Random(seed)
        while not game.over:
            seat = min(game.to_move())
            if seed % 8 == 0:
                action = choose_for(game, seat, ai, rng)
            else:
                action = rng.choice([a for a in game.legal_actions(seat)
                                     if a["type"] != "resign" or rng.random() < .02])
            yield from game.apply(seat, action)


def _named(event: Event) -> set[int]:
    """The seats a sentence about the event names."""
    seats = {event[k] for k in ("seat", "to", "heir") if isinstance(event.get(k), int)}
    seats |= {event["paved"]["owner"]} if event.get("paved") else set()
    return seats | {x for k in ("passed", "failed", "winners") for x in event.get(k, [])}


def test_every_event_is_said_with_names_and_you_for_the_reader() -> None:
    """Issue 43, item 1: each person by name, the reader "you" with the verb agreeing, no seat number or id."""
    events = [*_played(), *_offers(), *_draws(), *_winter()[1], _paved()]
    assert {e["type"] for e in events} == KINDS
    assert {e["why"] for e in events if e["type"] == "offer_closed"} == {"declined", "cancelled", "void"}
    assert {e["why"] for e in events if e["type"] == "eliminated"} == {"season", "resigned"}
    seen: set[str] = set()
    for event in events:
        key = repr(sorted((k, repr(v)) for k, v in event.items() if k not in DETAILS))
        if key in seen:
            continue
        seen.add(key)
        for reader in (None, 0, 1, 2, 3):
            said = narrator.line(event, cast(reader), {})
            assert said.endswith(".") and (said[0].isupper() or said.startswith(NAMES)), (event, said)
            assert not INTERNAL.search(said) and not DISAGREE.search(said), said
            for seat in _named(event) - {reader}:
                assert PEOPLE[seat].name in said, (event, reader, said)
            if reader in _named(event):
                assert re.search(r"\b[Yy]ou(r)?\b", said) and PEOPLE[reader].name not in said, (event, said)


def test_the_reader_reads_you_with_the_verb_agreeing() -> None:
    _, events = _winter()
    fell = next(e for e in events if e["type"] == "eliminated")
    assert narrator.line(fell, cast(SHORT), {}).startswith("You were eliminated; your hand (")
    assert narrator.line(fell, cast(), {}).startswith("carol (yellow) was eliminated; carol's hand (")
    checked = next(e for e in events if e["type"] == "season_checked")
    assert "alice (red), bob (blue) and you passed and each paid 5 food, 5 water, 5 metal, 5 wood; carol (yellow) " \
           "failed." in narrator.line(checked, cast(3), {})
    assert narrator.line(checked, cast(SHORT), {}).endswith("; you failed (you are short of 2 water).")
    paved = _paved()
    assert narrator.line(paved, cast(1), {}) == \
        f"alice (red) placed {a(paved['tile'])} on L6, open N-S-W, paving over your tile."
    assert narrator.label({"type": "offer", "to": 2, "give": {"wood": 1}, "get": {"food": 2}}, cast(0), {}) == \
        "Offer bob (blue) 1 wood for 2 food"
    assert narrator.label({"type": "end_turn"}, cast(0), {}) is None


def test_news_leaves_out_the_bookkeeping_and_the_log_keeps_it() -> None:
    events = [*_offers(), *_draws(), *_winter()[1]]
    for event in events:
        said = narrator.line(event, cast(), {})
        assert narrator.news(event) != any(word in said for word in BOOKKEEPING), said
    assert len(log("roanoke", events, cast())) == len(events), "the log says every event"
    told = " ".join(story("roanoke", events, cast()))
    assert "declined" in told and "withdrew" not in told and "lapsed" not in told


def _round() -> tuple[Roanoke, list[Event]]:
    """A whole round of Y1 Spring played by the heuristic AI, from the first seat's turn to the next round."""
    game, ai, rng = started(seed=3), policy_for("roanoke"), random.Random(3)
    events: list[Event] = []
    while game.s["round"] == 1:
        seat = min(game.to_move())
        events += game.apply(seat, choose_for(game, seat, ai, rng))
    return game, events


def test_a_round_is_one_paragraph_a_turn_and_the_board_text_fits_twelve_lines() -> None:
    game, events = _round()
    told = story("roanoke", events, cast())
    assert len(told) == 4, told  # seat 0's turn (opened in setup), then seats 1-3; round 2's opening says nothing
    for paragraph, seat in zip(told, range(4), strict=True):
        assert paragraph.startswith(PEOPLE[seat].name), (seat, paragraph)
        assert not any(word in paragraph for word in BOOKKEEPING), paragraph
    board = [*told, *summary("roanoke", game.view(None), cast())]
    assert len(board) <= 12, board


def test_the_status_line_says_who_may_do_what() -> None:
    g = started()
    assert summary("roanoke", g.view(None), cast())[0] == \
        "Y1 Spring, round 1 of 3: alice (red) may add a worker to the market, move one, then collect."
    g.apply(0, {"type": "market_add", "square": "wood2"})
    assert summary("roanoke", g.view(None), cast())[0].endswith("alice (red) may move a market worker, then collect.")
    g.apply(0, {"type": "collect"})
    assert summary("roanoke", g.view(None), cast())[0].endswith(
        f"alice (red) may place or discard the drawn {g.s['drawn_tile']} (1 placement left), buy or trade.")
    g.apply(0, {"type": "discard"})
    assert summary("roanoke", g.view(None), cast())[0].endswith("alice (red) may buy, trade or end the turn.")
    set_hand(g, 0, wood=1)
    g.apply(0, {"type": "offer", "to": 2, "give": {"wood": 1}, "get": {"food": 1}})
    assert summary("roanoke", g.view(None), cast())[0] == (
        "Y1 Spring, round 1 of 3: bob (blue) may accept or decline alice (red)'s offer (1 wood for 1 food); "
        "meanwhile alice may go on with the turn or cancel it.")
    assert not any("Seat" in line for line in summary("roanoke", g.view(None), cast(1)))


def test_a_catch_up_puts_the_readers_losses_first_and_never_their_own_move() -> None:
    """Blue's tile paved, then the winter check that blue paid and yellow failed: blue reads both losses first,
    then the warning, then green's gain of yellow's hand; not its own move, nor the bookkeeping; at most five."""
    _, season = _winter()
    paved = _paved()
    own = [{"type": "placed", "seat": 1, "square": "L8", "tile": "straight", "mask": B.N | B.S, "paved": None},
           {"type": "turn_ended", "seat": 1}]
    others = [{"type": "turn", "seat": 2, "season": 3, "round": 3}, {"type": "discarded", "seat": 2, "tile": "T"}]
    events = [*own, paved, *others, *season]
    threat = "Warning: this season's card is not met yet."
    said = catch_up("roanoke", events, cast(1), threats=[threat])
    checked = next(e for e in season if e["type"] == "season_checked")
    fell = next(e for e in season if e["type"] == "eliminated")
    reader = cast(1)
    losses = [narrator.line(paved, reader, {}), narrator.line(checked, reader, {})]
    assert said[0] == HEADER and said[1:4] == ["• " + line for line in [*losses, threat]], said
    assert said[4] == "• " + narrator.line(fell, reader, {}) and said[-1] == REST, said
    mine = {narrator.line(e, cast(1), {}) for e in own}
    quiet = {narrator.line(e, cast(1), {}) for e in events if not narrator.news(e)}
    assert not any(line.removeprefix("• ") in mine | quiet for line in said), said
    assert len(said) <= MOST + 2


def test_a_loss_written_on_the_victims_own_seat_is_theirs_and_five_lines_at_most() -> None:
    """Yellow's own elimination is written on yellow's seat: yellow reads it as a loss, first with the check."""
    _, season = _winter()
    said = catch_up("roanoke", season, cast(SHORT))
    assert said[1].startswith("• Y1 Winter ended.") and said[2].startswith("• You were eliminated"), said
    many = catch_up("roanoke", [{**_paved(), "square": f"L{n}"} for n in range(2, 10)], cast(1))
    assert len(many) == MOST + 2 and many[-1] == REST, many


HOSTILE = ("**@everyone** `x` \u202e" + "w" * 40)[:40]
"""Markdown, a mass mention, a right-to-left override, 40 characters: escaping it is the runtime's job."""


@pytest.mark.parametrize("seat", [0, 1])
def test_a_hostile_name_is_shown_as_given_and_every_picture_draws(seat: int) -> None:
    players = (Player(HOSTILE, "red"), *PEOPLE[1:])
    game, events = _round()
    for reader in (None, 1):
        told = " ".join(story("roanoke", events, Cast(players, reader)))
        assert HOSTILE in told and "@everyone" in told
    assert HOSTILE in " ".join(summary("roanoke", game.view(None), Cast(players)))
    assert render_board("roanoke", game.view(None), game.legal_actions(game.s["active"]), Cast(players))
    assert render_private("roanoke", game.view(seat), Cast(players, seat))
    alt = alt_text("roanoke", game.view(seat), "hand", cast=Cast(players, seat))
    assert len(alt) <= DESCRIPTION_LIMIT and alt.endswith(".")


def test_a_colonys_alt_text_ends_on_a_whole_sentence_within_the_limit() -> None:
    """Issue 43, item 6: the private picture's alt text, long late in a game, is never cut mid-sentence."""
    for game in (finished("roanoke", seed=1), _round()[0], EXAMPLES["paved"].build()):
        for seat in range(4):
            alt = alt_text("roanoke", game.view(seat), "hand", cast=cast(seat))
            assert len(alt) <= DESCRIPTION_LIMIT and alt.endswith(".") and "…" not in alt, alt
            assert "Seat" not in alt and PEOPLE[seat].name not in alt.split(".")[0]


def test_a_game_stored_with_sentences_in_its_log_still_loads_and_says_them() -> None:
    """Before the engine kept events, its state's log held sentences: they stay text, said as written."""
    game = started()
    stored = game.to_dict()
    stored["log"] = ["Seat 1 (red) collects 2 food."]
    loaded = Roanoke.from_dict(stored)
    events = loaded.apply(0, {"type": "collect"})
    last = loaded.view(None)["last"]
    assert last[0] == "Seat 1 (red) collects 2 food." and last[1:] == [e for e in events if e["type"] != "turn"]
    assert log("roanoke", last, cast())[0] == last[0] and narrator.news(last[0]) and not narrator.hurts(last[0])


def test_a_columns_close_up_dots_only_the_squares_it_labels() -> None:
    """Issue 43, item 6: a drawn tile's squares in the neighbouring columns are not dotted in the close-up, where
    they carry no id and cannot be picked."""
    game = EXAMPLES["first_draw"].build()
    view, seat = game.view(None), game.s["active"]
    places = [a for a in game.legal_actions(seat) if a["type"] == "place"]
    column = game.areas(places[0])[0]
    inside = [s for s in view["drawn_spots"] if f"column {s[0]}" == column]
    assert set(view["drawn_spots"]) - set(inside), "another column's square lies in the close-up"
    assert render_area("roanoke", view, column, places) == render_area(
        "roanoke", {**view, "drawn_spots": inside}, column, places)
