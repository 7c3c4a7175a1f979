"""Hand-built Roanoke positions for the rule tests: setup, rigged tile draws, tiles, hands, seasons."""

from __future__ import annotations

from typing import Any

from games.roanoke import board as B
from games.roanoke.game import Roanoke

SETUP_SQUARES = ("food1", "water1", "metal1", "wood1")


def new(seed: int = 7, **options: Any) -> Roanoke:
    return Roanoke.new(4, seed=seed, options={"seat_order": "join", **options})


def started(seed: int = 7, **options: Any) -> Roanoke:
    """After the setup workers: seat 0 in its market step of Y1 Spring, round 1."""
    g = new(seed, **options)
    for seat, square in enumerate(SETUP_SQUARES):
        g.apply(seat, {"type": "market_add", "square": square})
    return g


def sq(label: str) -> int:
    x = B.parse_label(label)
    assert x is not None
    return x


def put(g: Roanoke, label: str, mask: int, owner: int, **extra: Any) -> None:
    """A road tile straight onto the board (taken from the draw pile, so 172 stay accounted for)."""
    if B.KIND_OF_MASK[mask] in g.s["draw_pile"]:
        g.s["draw_pile"].remove(B.KIND_OF_MASK[mask])
    g.s["board"][sq(label)] = {"kind": "road", "mask": mask, "owner": owner, "house": False, "gen": None,
                               "up": False, **extra}
    if extra.get("house"):
        g.s["houses_left"] -= 1
    g.recompute_networks()


def cell(g: Roanoke, label: str) -> dict[str, Any]:
    c = g.s["board"][sq(label)]
    assert c is not None
    return c


def set_hand(g: Roanoke, seat: int, **amounts: int) -> None:
    """The seat's hand becomes exactly `amounts` (others 0); the pile keeps the 40-per-type balance."""
    hand = g.s["players"][seat]["hand"]
    for r in B.RESOURCES:
        new = amounts.get(r, 0)
        g.s["pile"][r] += hand[r] - new
        hand[r] = new
        assert g.s["pile"][r] >= 0


def next_tiles(g: Roanoke, *kinds: str) -> None:
    """Arrange the draw pile so the next draws are `kinds`, in order."""
    pile = g.s["draw_pile"]
    for i, kind in enumerate(kinds):
        pos = len(pile) - 1 - i
        j = max(k for k in range(pos + 1) if pile[k] == kind)
        pile[j], pile[pos] = pile[pos], pile[j]


def turn_of(g: Roanoke, seat: int) -> None:
    """Make it `seat`'s market step (as if the turns before were played)."""
    g.s.update(active=seat, phase="market", added_worker=False, placements_left=0, drawn_tile=None)
    first = g.s["first_seat"]
    order = [x for x in ((first + i) % 4 for i in range(4)) if g.s["players"][x]["alive"]]
    g.s["round_left"] = order[order.index(seat) + 1:]


def main_for(g: Roanoke, seat: int, *tiles: str) -> list[dict[str, Any]]:
    """`seat` collects, with `tiles` to be drawn next; returns the collect events."""
    turn_of(g, seat)
    next_tiles(g, *tiles)
    return g.apply(seat, {"type": "collect"})


def play_turn(g: Roanoke) -> None:
    """The active seat collects, discards every tile it draws, and ends its turn."""
    seat = g.s["active"]
    g.apply(seat, {"type": "collect"})
    while g.s["drawn_tile"] is not None:
        g.apply(seat, {"type": "discard"})
    g.apply(seat, {"type": "end_turn"})


def quiet_market(g: Roanoke) -> None:
    """No workers in the market (they return to the reserves), so income is only nodes and generators."""
    for i, counts in enumerate(g.s["market"]):
        for seat, n in enumerate(counts):
            g.s["players"][seat]["reserve"] += n
        g.s["market"][i] = [0, 0, 0, 0]


def end_season(g: Roanoke, k: int, card: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Play out season k with `card` on it: the last turn of round 3 ends now."""
    s = g.s
    s["seasons"][k] = card
    s["revealed"][k] = True
    s["season_idx"], s["round"], s["round_left"] = k, 3, []
    if s["drawn_tile"] is not None:
        s["draw_pile"].append(s["drawn_tile"])
    seat = g.alive()[0] if seat is None else seat
    s.update(active=seat, phase="main", placements_left=0, drawn_tile=None, offer=None)
    return g.apply(seat, {"type": "end_turn"})


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
