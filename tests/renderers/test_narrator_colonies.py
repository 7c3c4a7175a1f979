"""Colonies as a good host tells it (DESIGN §5, issue 43): every event said with people's names and "you" for
the reader, a turn as one short paragraph without bookkeeping, a catch-up that opens with the reader's losses,
the words beside the board within 12 lines, and names however hostile drawn and said as given."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.ai import choose_for
from games.colonies.ai import ColoniesPlayer
from games.colonies.game import Colonies
from games.core import Event
from renderers import render_board, render_private
from renderers.cast import Cast, Player, ai_player
from renderers.narrator import BULLET, HEADER, MOST, REST, catch_up, story
from renderers.narrator import colonies as narrator
from renderers.text import alt_text, hand, offer_terms, summary
from tests.games.colonies.table import rig, table
from tests.support.pictures import picture

PEOPLE = [Player("alice", "red"), Player("bob", "blue"), ai_player(2, "hard"), ai_player(3, "normal"),
          Player("erin", "purple"), ai_player(5, "easy")]
HOSTILE = [Player("**al**ice_`x`", "red"), Player("@everyone", "blue"), Player("W" * 40, "yellow"),
           Player("\u202eevil", "green")]
EMITTED = {"turn", "mulligan", "event", "vermin", "played", "drew", "reshuffled", "gained", "winter", "trashed",
           "discarded", "returned", "cannibal_food", "work", "roll", "shipped", "group", "offer", "countered",
           "traded", "offer_closed", "cleanup", "eliminated", "game_over"}
"""Every event type the engine emits (games/colonies: table.py, moves.py, trade.py)."""
BOOKKEEPING = re.compile(r"\b(drew|shuffled|ended the turn|lapsed|was withdrawn|fell through|used up)\b|'s turn\.|"
                         r"your turn\.")


def cast(reader: int | None, n: int = 4) -> Cast:
    return Cast(PEOPLE[:n], reader)


def end_turn(game: Colonies) -> list[Event]:
    """The current player ends the turn storing no Food."""
    seat = game.s["current"]
    return game.apply(seat, next(a for a in game.legal_actions(seat) if a == {"type": "end_turn", "granary": 0}))


def played(players: int, seed: int, policy: bool) -> tuple[Colonies, list[Event]]:
    """A whole game, by the heuristic AI or at random, and every event it made."""
    game, rng, ai = Colonies.new(players, seed=seed), random.Random(seed), ColoniesPlayer()
    events = list(game.events)
    while not game.over:
        seat = min(game.to_move())
        action = choose_for(game, seat, ai, rng) if policy else rng.choice(game.legal_actions(seat))
        events += game.apply(seat, action)
    return game, events


@pytest.mark.parametrize("players", [3, 5])
def test_every_catch_up_of_a_game_puts_the_readers_losses_first(players: int) -> None:
    """At each turn of a game the heuristic AI plays, the catch-up of the events since that seat's last turn: the
    seat's losses in the log's order, then others' shipments, at most five, never its own move or bookkeeping."""
    chunks = turns(played(players, seed=players, policy=True)[1])
    asked = 0
    for i, chunk in enumerate(chunks):
        reader = narrator.turn_of(chunk[0])
        last = max((j for j in range(i) if narrator.turn_of(chunks[j][0]) == reader), default=None)
        if reader is None or last is None:
            continue
        events = [e for c in chunks[last + 1:i] for e in c]
        lines = catch_up("colonies", events, cast(reader, players), {})
        lost = [e for e in events if reader in narrator.hurts(e)]
        gained = [e for e in events if narrator.scores(e) and e not in lost]
        one = cast(reader, players)  # one message: each seat introduced once
        told = [narrator.line(e, one, {}) for e in lost + gained][:MOST]
        assert lines[1:len(told) + 1] == [BULLET + said for said in told] and len(lines) <= MOST + 2
        assert lines[:1] == ([HEADER] if told else []) and all(e["seat"] != reader for e in gained)
        assert not any(BOOKKEEPING.search(said) or said.startswith(BULLET + "You ") for said in lines), lines
        asked += bool(lost)
    assert asked, "some catch-up tells a loss"


def with_offer(countered: bool = False) -> Colonies:
    """Under Trade Winds alice offers bob 2 Food for a Forest and a Wealth; bob may have countered."""
    game = table(3, hand=["food", "food", "wealth"], event="trade_winds")
    game.s["players"][1]["hand"] = ["wealth", "forest", "food"]
    game.apply(0, {"type": "offer", "partner": 2, "give": ["food", "food"], "want": ["wealth", "forest"]})
    if countered:
        game.apply(1, {"type": "counter", "give": ["food", "wealth"]})
    return game


def trades() -> list[Event]:
    """Offers answered every way: countered then taken, declined, withdrawn, left to lapse (the log's events)."""
    made: list[Event] = []
    for answer in ("accept", "decline", "withdraw", "lapse"):
        game = with_offer(countered=answer == "accept")
        if answer == "lapse":
            end_turn(game)
        else:
            game.apply(1 if answer == "decline" else 0, {"type": answer})
        made += game.view(None)["last"]
    return made


def works() -> list[Event]:
    """A Miner dying on a roll of 1, a Farmer under Harsh Winter, two Farmers working together, a Wealth shipped."""
    game = table(2, hand=["miner", "food", "mountains", "farmer", "food"], deck=[])
    rig(game, [1])
    made = [*game.apply(0, {"type": "play", "card": "miner", "food": "hand"}),
            *game.apply(0, {"type": "play", "card": "mountains"}),
            *game.apply(0, {"type": "work", "worker": "miner", "land": "mountains"})]
    game = table(2, hand=["farmer", "food", "farmer", "food", "farmland"], deck=[], event="harsh_winter")
    for _ in range(2):
        made += game.apply(0, {"type": "play", "card": "farmer", "food": "hand"})
    made += game.apply(0, {"type": "play", "card": "farmland"})
    made += game.apply(0, {"type": "work", "worker": "farmer", "land": "farmland"})
    game = table(2, hand=["farmer", "food", "farmer", "food", "farmland"], deck=[])
    for _ in range(2):
        made += game.apply(0, {"type": "play", "card": "farmer", "food": "hand"})
    made += game.apply(0, {"type": "play", "card": "farmland"})
    made += game.apply(0, {"type": "group", "land": "farmland", "workers": ["farmer", "farmer"]})
    game = table(2, hand=["trader", "food", "coast", "wealth"], deck=[])
    made += game.apply(0, {"type": "play", "card": "trader", "food": "hand"})
    made += game.apply(0, {"type": "play", "card": "coast"})
    made += game.apply(0, {"type": "work", "worker": "trader", "land": "coast", "mode": "ship", "wealth": "hand"})
    return made


def every_event() -> Iterator[tuple[int, Event]]:
    """Events of 300 random games, 12 of the heuristic AI and the built positions, with the seat count."""
    for seed in range(300):
        yield from ((2 + seed % 5, e) for e in played(2 + seed % 5, seed, policy=False)[1])
    for seed in range(12):
        yield from ((4, e) for e in played(4, seed, policy=True)[1])
    yield from ((3, e) for e in trades())
    yield from ((2, e) for e in works())
    yield 3, {"type": "offer_closed", "seat": 0, "partner": 2, "why": "cards_gone"}


def named(event: Event) -> set[int]:
    """The seats a sentence about the event names."""
    if event["type"] == "game_over":
        return set(range(len(event["scores"])))
    return {event[k] for k in ("seat", "partner") if k in event and event["type"] != "event"}


def test_every_event_is_said_with_names_and_you_for_the_reader() -> None:
    seen: set[str] = set()
    for n, event in every_event():
        seen.add(event["type"])
        for reader in (None, *range(n)):
            said = narrator.line(event, cast(reader, n), {})
            assert said.endswith("."), (event, said)
            assert not re.search(r"\bSeat \d|\b[a-z]+_[a-z_]+\b|[{}\[\]]", said), f"an internal word: {said}"
            assert not re.search(r"\b1 (cards|Threats|events|points)\b|\b([02-9]|\d\d+) (card|Threat|event|point|"
                                 r"Farmer|Trader|Miner|Soldier|Explorer|Trapper)\b", said), said
            assert not re.search(r"\bYou (is|has|was|plays|gains|draws|does)\b", said), said
            you = re.search(r"\b([Yy]ou|[Yy]our)\b", said)
            if reader is not None and reader in named(event):
                assert you and PEOPLE[reader].name not in said, (reader, said)
            else:
                assert not you, (reader, said)
    assert seen == EMITTED


def turns(events: list[Event]) -> list[list[Event]]:
    """The events split at each turn's opening."""
    out: list[list[Event]] = [[]]
    for event in events:
        if narrator.turn_of(event) is not None and out[-1]:
            out.append([])
        out[-1].append(event)
    return out


def rounds(players: int) -> Iterator[tuple[list[Event], dict[str, Any]]]:
    """Each round of a game the heuristic AI plays (its events, from a turn's opening to the next round's) and
    the public view as the round ends."""
    game, rng, ai = Colonies.new(players, seed=players), random.Random(players), ColoniesPlayer()
    held: list[Event] = []
    while not game.over:
        seat = min(game.to_move())
        held += game.apply(seat, choose_for(game, seat, ai, rng))
        opened = [i for i, e in enumerate(held) if narrator.turn_of(e) is not None]
        if len(opened) > players:
            yield held[opened[0]:opened[players]], game.view(None)
            held = held[opened[players]:]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_round_is_a_paragraph_a_turn_and_fits_twelve_lines_with_the_summary(players: int) -> None:
    for events, view in rounds(players):
        reader = cast(None, players)
        told = story("colonies", events, reader, view)
        news = [[narrator.line(e, cast(None, players), view) for e in turn if narrator.news(e)]
                for turn in turns(events)]
        assert len(told) == len([said for said in news if said]) <= players
        assert all(not BOOKKEEPING.search(paragraph) for paragraph in told), told
        assert len(told + summary("colonies", view, reader)) <= 12


def test_bookkeeping_is_not_news() -> None:
    quiet = [{"type": "turn", "seat": 0, "round": 2}, {"type": "drew", "seat": 0, "count": 5},
             {"type": "reshuffled", "seat": 0, "count": 9},
             {"type": "cleanup", "seat": 0, "granary": 1, "revealed": ["food"], "trashed": []},
             {"type": "trashed", "seat": 0, "cards": ["supplies"], "zone": "in_play", "why": "spent"},
             {"type": "work", "seat": 0, "worker": "farmer", "land": "farmland", "mode": None},
             {"type": "cannibal_food", "seat": 0},
             *({"type": "offer_closed", "seat": 0, "partner": 1, "why": why}
               for why in ("lapsed", "withdrawn", "cards_gone"))]
    assert not any(narrator.news(e) for e in quiet)
    told = [{"type": "cleanup", "seat": 0, "granary": 0, "revealed": ["farmer"], "trashed": ["farmer"]},
            {"type": "offer_closed", "seat": 0, "partner": 1, "why": "declined"}]
    assert all(narrator.news(e) for e in told)


def test_col_s28_the_final_scores_name_their_parts_and_an_eliminated_colony_scores_nothing() -> None:
    game = table(2, hand=["farmer", "wealth", "coast"], deck=["forest"], discard=[])
    game.s["players"][0]["shipped"] = 1
    game.eliminate(1)
    game.events = []
    game.finish()
    line = narrator.line(game.events[-1], cast(1, 2), {})
    assert line == "Game over. Scores: alice (red) 11 points (1 Population, 1 Wealth, 2 Land ×2, 1 shipped Wealth " \
                   "×5); you (blue) 0 points (eliminated: scores nothing)."
    assert isinstance(Colonies.from_dict(game.to_dict()), Colonies)


def test_a_loss_written_on_the_victims_own_seat_is_theirs() -> None:
    """A Threat the player had to play (COL-S7) and Vermin (COL-R22) cost that seat, in its own turn too."""
    game = table(2, hand=["disease", "farmer", "food", "food", "coast"])
    made = game.apply(0, {"type": "play", "card": "disease", "target": "farmer"})
    [taken] = [e for e in made if e["type"] == "trashed"]
    assert narrator.hurts(taken) == {0} and narrator.line(taken, cast(0), {}) == \
        "Disease took a Farmer from your hand."
    vermin = {"type": "vermin", "seat": 1, "food": 2}
    assert narrator.hurts(vermin) == {1}
    assert narrator.hurts({"type": "trashed", "seat": 0, "cards": ["farmer"], "zone": "hand",
                           "why": "cannibalism"}) == frozenset(), "a choice is no loss"
    assert narrator.hurts({"type": "cleanup", "seat": 0, "granary": 0, "revealed": ["farmer"],
                           "trashed": ["farmer"]}) == frozenset(), "nor a Population kept in hand"


def test_the_catch_up_opens_with_the_readers_loss_and_never_their_own_move() -> None:
    """alice stores Food and ends her turn; bob ships a Wealth; Cleo passes; the next round opens with Vermin
    Infestation (COL-R22), which sends alice's granary to her discard pile."""
    game = table(3, hand=["farmer", "food", "food", "food", "food", "food"], deck=[])
    game.s["event_deck"].remove("vermin")
    game.s["event_deck"].insert(0, "vermin")
    events = [*game.apply(0, {"type": "play", "card": "farmer", "food": "hand"}),
              *game.apply(0, {"type": "end_turn", "granary": 2})]
    game.s["players"][1]["hand"] = ["trader", "food", "coast", "wealth"]
    events += game.apply(1, {"type": "play", "card": "trader", "food": "hand"})
    events += game.apply(1, {"type": "play", "card": "coast"})
    events += game.apply(1, {"type": "work", "worker": "trader", "land": "coast", "mode": "ship", "wealth": "hand"})
    events += end_turn(game)
    events += end_turn(game)
    assert {"type": "vermin", "seat": 0, "food": 2} in events
    lines = catch_up("colonies", events, cast(0, 3), game.view(0))
    assert lines[:3] == [HEADER, BULLET + "Vermin Infestation sent your granary's 2 Food to the discard pile.",
                         BULLET + "bob (blue) shipped a Wealth from their hand for 5 points."]
    assert len(lines) <= MOST + 2 and lines[-1] == REST
    assert not any(BOOKKEEPING.search(said) or said.startswith(BULLET + "You") for said in lines), lines


def test_the_status_line_says_who_may_do_what() -> None:
    game = with_offer()
    view = game.view(None)
    head = f"Round {view['round']}, turn {view['turn']}: "
    assert summary("colonies", view, cast(None, 3))[0] == \
        head + "bob (blue) may answer alice (red)'s offer; alice may withdraw it."
    assert summary("colonies", view, cast(1, 3))[0] == \
        head + "You may answer alice (red)'s offer; alice may withdraw it."
    assert offer_terms("colonies", view, cast(1, 3)) == "alice (red)'s offer: you get 2 Food for a Forest and a Wealth"
    assert summary("colonies", with_offer(countered=True).view(None), cast(0, 3))[0] == \
        head + "You may answer bob (blue)'s counter."
    fresh = table(3, hand=["farmer", "food"]).view(None)
    assert summary("colonies", fresh, cast(0, 3))[0].endswith(": You are to play, work and trade.")
    assert summary("colonies", fresh, cast(None, 3))[0].endswith(": alice (red) is to play, work and trade.")
    assert not any("Seat" in said for said in summary("colonies", view, cast(None, 3)))


def test_the_hand_says_you_and_an_eliminated_colony_says_so() -> None:
    game = table(3, hand=["farmer", "farmer", "food"])
    said = hand("colonies", game.view(0), cast(0, 3))
    assert said[:2] == [f"You have {game.view(0)['players'][0]['score']} VP.", "In hand: a Food and 2 Farmers."]
    game.s["players"][2].update(hand=[], deck=[], discard=[], eliminated=True)
    gone = game.view(2)
    alt = alt_text("colonies", gone, "hand", cast=cast(2, 3))
    assert alt == "Colonies: your hand (you play yellow). Your colony was eliminated: it has no cards left and " \
                  "scores nothing."
    picture(render_private("colonies", gone, cast(2, 3)))


def test_an_offer_label_names_the_partner() -> None:
    offer = {"type": "offer", "partner": 2, "give": ["food", "food"], "want": ["wealth"]}
    assert narrator.label(offer, cast(0), {}) == "Offer 2 Food to bob (blue) for a Wealth"
    assert narrator.label({"type": "accept"}, cast(0), {}) is None


def hostile_game() -> Colonies:
    game, _ = played(4, seed=1, policy=True)
    return game


@pytest.mark.parametrize("over", [False, True])
def test_hostile_names_are_said_as_given_and_drawn(over: bool) -> None:
    game = with_offer() if not over else hostile_game()
    game.s["players"][0]["in_play"].append({"card": "farmer", "state": "ready"})
    players = [*HOSTILE[:game.num_players]]
    view = game.view(None)
    said: list[Any] = summary("colonies", view, Cast(players))
    for seat, player in enumerate(players):
        assert any(player.name in line for line in said), (player.name, said)
        line = narrator.line({"type": "played", "seat": seat, "card": "farmer", "food": "hand"}, Cast(players), {})
        assert line.startswith(f"{player.name} ({player.colour}) played a Farmer")
    picture(render_board("colonies", view, (), Cast(players)))
    for seat in range(game.num_players):
        picture(render_private("colonies", game.view(seat), Cast(players, seat)))
