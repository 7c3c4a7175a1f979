"""The replay's jump list: where each round starts, in runs of rounds where there are more than a select
holds."""

from __future__ import annotations

from cogs.layout.moves import MAX_OPTIONS


def jumps(rounds: list[int]) -> list[tuple[str, int]]:
    """(label, first frame) of each round, given each frame's round in order, or of runs of rounds when there
    are more than a select holds."""
    starts: dict[int, int] = {}
    for i, number in enumerate(rounds):
        starts.setdefault(number, i)
    ordered = sorted(starts)
    per = -(-len(ordered) // MAX_OPTIONS)
    out = []
    for k in range(0, len(ordered), per):
        run = ordered[k:k + per]
        label = f"Round {run[0]}" if len(run) == 1 else f"Rounds {run[0]}–{run[-1]}"
        out.append((label, starts[run[0]]))
    return out
