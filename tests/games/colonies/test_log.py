"""The log the state keeps is events, not sentences (the narrator says them to each reader): the view's "last"
holds the latest events but the draws, a copy's log does not run on with its original's, and a game stored
before, whose log holds sentences, still loads, plays and shows them as they were written."""

from __future__ import annotations

import random

from games.colonies.game import LOG_LINES, Colonies


def test_the_log_keeps_the_latest_events_but_the_draws() -> None:
    game, rng = Colonies.new(4, seed=3), random.Random(3)
    made = list(game.events)
    for _ in range(15):
        seat = min(game.to_move())
        made += game.apply(seat, rng.choice(game.legal_actions(seat)))
    kept = [e for e in made if e["type"] not in ("drew", "reshuffled")][-LOG_LINES:]
    assert game.view(None)["last"] == kept
    midway = game.copy()
    seat = min(game.to_move())
    game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert midway.view(None)["last"] == kept, "the copy's log must not run on with its original's"
    assert Colonies.from_dict(game.to_dict()).view(None)["last"] == game.view(None)["last"]


def test_a_game_stored_with_sentences_in_its_log_still_plays() -> None:
    stored = Colonies.new(2, seed=5).to_dict()
    stored["log"] = ["Seat 1 plays Farmer from the hand."]
    game = Colonies.from_dict(stored)
    seat = min(game.to_move())
    made = game.apply(seat, game.legal_actions(seat)[0])
    last = game.view(None)["last"]
    assert last[0] == "Seat 1 plays Farmer from the hand." and last[1:] == [
        e for e in made if e["type"] not in ("drew", "reshuffled")][-LOG_LINES + 1:]
