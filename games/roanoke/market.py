"""The off-grid market (ROA-S3, S13, S14): eight squares, two per resource, and the payout."""

from __future__ import annotations

MARKET = ("food1", "food2", "water1", "water2", "metal1", "metal2", "wood1", "wood2")
MARKET_RES = tuple(name[:-1] for name in MARKET)
WORKERS = 10
TITLES = {name: f"{name[:-1].title()} {name[-1]}" for name in MARKET}


def square_payout(counts: list[int], seat: int) -> int:
    """ROA-S14 / R15: 2 if you have more workers than any other colour there, 1 if tied with the
    highest, 0 if you have none, are outnumbered, or all four colours share the square."""
    mine = counts[seat]
    if mine == 0 or sum(1 for c in counts if c > 0) == 4:
        return 0
    top = max(c for s, c in enumerate(counts) if s != seat)
    return 2 if mine > top else 1 if mine == top else 0


def payout(market: list[list[int]], seat: int) -> dict[str, int]:
    """What the seat's workers earn on its collect, by resource."""
    out = {"food": 0, "water": 0, "metal": 0, "wood": 0}
    for i, counts in enumerate(market):
        out[MARKET_RES[i]] += square_payout(counts, seat)
    return out
