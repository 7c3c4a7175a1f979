"""The replay's jump list: a round each, or runs of rounds past what a select holds."""

from __future__ import annotations

from cogs.layout.replay import jumps


def test_each_round_is_a_jump_to_its_first_frame() -> None:
    assert jumps([0, 1, 1, 2, 2, 2]) == [("Round 0", 0), ("Round 1", 1), ("Round 2", 3)]


def test_more_rounds_than_a_select_holds_are_jumped_to_in_runs() -> None:
    marks = jumps(list(range(60)))
    assert len(marks) <= 25 and marks[0] == ("Rounds 0–2", 0) and marks[-1] == ("Rounds 57–59", 57)
