"""The log panel's sentences are written only when the state is read (`Colonies._write_log`): a game read
after every move, one read only at its end and a copy taken midway must all show the same log."""

from __future__ import annotations

import random

from games.colonies.game import Colonies
from games.core import Action


def test_a_log_written_late_reads_as_one_written_after_every_move() -> None:
    for seed in range(6):
        steady, late, rng = Colonies.new(4, seed=seed), Colonies.new(4, seed=seed), random.Random(seed)
        moves: list[tuple[int, Action]] = []
        while not steady.over:
            seat = steady.s["current"]
            action = rng.choice(steady.legal_actions(seat))
            steady.apply(seat, action)
            steady.to_dict()  # read: the log is written after every move
            late.apply(seat, action)
            moves.append((seat, action))
            if len(moves) == 12:
                midway, log_then = late.copy(), steady.view(None)["last"]
        assert late.view(None)["last"] == steady.view(None)["last"] and late.to_dict() == steady.to_dict()
        assert midway.view(None)["last"] == log_then, "the copy's log must not run on with its original's"
        for seat, action in moves[12:]:
            midway.apply(seat, action)
        assert midway.to_dict() == steady.to_dict()
