"""The review of a finished game (games/review.py, issue 44 item 6): each seat's three costliest decisions by the
hard level's evaluation from that seat's view, with the chance kept and the chance left, the better move and
why; the same review whatever the other seats' hidden cards were."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.review import NAMED, decisions, review, review_of, same_lesson, weigh
from tests.support.reviews import TABLES, finished, reviewed


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_each_seat_hears_of_its_three_costliest_decisions(game_id: str) -> None:
    """Three decisions (or every one that cost something, when fewer did), each the seat's own move, the better
    move keeping more of the chance to win, and no two of one turn teaching the same better move."""
    players, options, seed = TABLES[game_id]
    log = finished(game_id)
    reviews = [reviewed(game_id, seat) for seat in range(players)]
    assert any(len(r.costly) == NAMED for r in reviews), "a game of beginners' slips has three to name"
    for seat, r in enumerate(reviews):
        assert r.seat == seat and len(r.costly) <= NAMED and 0 <= r.sound <= r.decisions
        assert [c.step for c in r.costly] == sorted(c.step for c in r.costly), "in the order they were played"
        for c in r.costly:
            assert log[c.step] == (seat, c.action), "a decision of the seat's own, the move it made"
            assert 0 <= c.after < c.before <= 1, "the better move kept more of the chance to win"
            assert c.better != c.action and c.reason and all(c.said)
        assert not any(same_lesson(a, b) for a in r.costly for b in r.costly if a is not b), "three lessons"
        if len(r.costly) < NAMED:  # fewer than three: every other decision cost nothing, or taught the same
            named = {c.step for c in r.costly}
            rest = [weigh(d, seat) for d in decisions(game_id, players, seed, options, log, seat)
                    if d.step not in named]
            assert all(c is None or any(same_lesson(c, k) for k in r.costly) for c in rest)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_review_is_the_same_each_time(game_id: str) -> None:
    players, options, seed = TABLES[game_id]
    assert review(game_id, players, seed, options, finished(game_id), 0) == reviewed(game_id, 0)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_another_seats_hidden_cards_do_not_change_a_review(game_id: str) -> None:
    """At every decision, the others' hidden cards (and deck orders, and the dice to come) are dealt afresh,
    consistently with all the reviewed seat saw: its view is the same, its review too."""
    players, options, seed = TABLES[game_id]
    seat = 0
    found = list(decisions(game_id, players, seed, options, finished(game_id), seat))
    dealt = [replace(d, game=d.game.determinize(seat, random.Random(99 + d.step))) for d in found]

    def hidden(state: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in state.items() if k != "rng"}

    assert any(hidden(a.game.to_dict()) != hidden(b.game.to_dict()) for a, b in zip(found, dealt, strict=True)), \
        "somewhere the others held other cards"
    assert all(a.game.view(seat) == b.game.view(seat) for a, b in zip(found, dealt, strict=True))
    assert review_of(dealt, seat) == reviewed(game_id, seat)
