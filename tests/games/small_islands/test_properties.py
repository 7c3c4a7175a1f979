"""Small Islands over 1,000 seeded games (2-4 players, normal and advanced, every start layout):
every placed tile matches all its neighbours (B2 matching), the engine's islands equal islands
recomputed from scratch (B2 island), house and bonus-token limits hold (B3.3), no view shows
another seat's hand, objectives or discovery values (B5.6), and the engine contract holds after
every action (tests/support/properties: round trip, replay, refusals change nothing, the end)."""

from __future__ import annotations

import random

import pytest

from games.ai import choose_for
from games.core import Action, Game
from games.small_islands import islands as I
from games.small_islands.ai import SmallIslandsPlayer
from games.small_islands.data import BONUS_TOKENS, DISCOVERY, HOUSES_RESERVE, HOUSES_START, SHIPS
from games.small_islands.game import SmallIslands
from games.small_islands.tiles import MATCH, cell_of, key, valid_ring
from tests.support.properties import random_games

SMART = SmallIslandsPlayer()
CHUNKS, PER_CHUNK = 10, 100
LAYOUTS = ("closed", "open", "free")


def invariant(game: Game) -> None:
    assert isinstance(game, SmallIslands)
    s = game.s
    grid = s["grid"]
    stamp = (s["placements"], s["step"], s["reward_count"], s["pending"] is None,
             tuple((p["bonus_left"], p["houses_hand"], p["chosen"]) for p in s["players"]))
    if getattr(game, "_checked", None) == stamp:                    # nothing the invariant reads has moved
        return
    last = getattr(game, "_map_checked", -1)
    if last != s["placements"]:                                     # the map changes only when a tile goes down
        map_invariant(game, since=-1 if game.over else last)        # rings never change: check the new tiles
        game._map_checked = s["placements"]  # type: ignore[attr-defined]
    game._checked = stamp  # type: ignore[attr-defined]
    for t in grid.values():                                       # B2 matching, every neighbour
        assert len(t["houses"]) <= t["symbols"], "a house symbol holds one house (B3.1)"
        assert len(set(t["houses"])) == len(t["houses"])
        if t["ship"] is not None:
            assert t["island"] is None and not t["port_tokens"] and not t["houses"]
        assert I.port_count(t) <= 2 or not t["port_tokens"], "at most 2 ports per tile (B2 coast)"
        if t["port_tokens"]:
            assert I.coastal(t), "port tokens only on coastal tiles (B3.3)"
    tokens: dict[int, int] = {}
    houses: dict[int, int] = {}
    for t in grid.values():
        for seat in t["port_tokens"] + t["res_tokens"]:
            tokens[seat] = tokens.get(seat, 0) + 1
        for seat in t["houses"]:
            houses[seat] = houses.get(seat, 0) + 1
    for seat, p in enumerate(s["players"]):
        assert p["bonus_left"] >= 0 and tokens.get(seat, 0) + p["bonus_left"] == BONUS_TOKENS
        assert 0 <= p["houses_hand"] <= HOUSES_START and p["houses_reserve"] >= 0
        assert houses.get(seat, 0) == p["houses_played"]
        assert p["houses_hand"] + p["houses_reserve"] + p["houses_played"] == HOUSES_START + HOUSES_RESERVE
    for iid, cells in s["islands"].items():                         # one house per island per player ...
        hs = [h for k in cells for h in grid[k]["houses"]]
        if len(cells) < 2:
            assert not hs, f"island {iid}: no house on an islet (B2 islet)"
    ships = sum(1 for t in grid.values() if t["ship"] is not None)
    assert ships == s["ships_placed"] <= SHIPS
    assert s["grey_ships"] + ships + sum(p["own_ship"] for p in s["players"]) == SHIPS
    held = sorted(c for p in s["players"] for k in p["held"] for c in p["held"][k]) + sorted(
        c for p in s["players"] for c in p["now"].values() if c) + sorted(c for d in s["decks"].values() for c in d)
    assert len(held) == len(set(held)) == 12 * len(s["decks"]), "every card is in exactly one place"
    kept = [t for p in s["players"] for t in p["discovery"]]
    drawn = s["pending"]["drawn"] if s["pending"] else []
    assert sorted(kept + drawn + s["discovery_pool"]) == sorted(DISCOVERY)


def map_invariant(game: SmallIslands, since: int = -1) -> None:
    """B2 matching of every tile placed after `since` against all its neighbours (every tile at the
    end of a game), and the engine's islands equal a BFS from scratch."""
    s = game.s
    grid = s["grid"]
    for k, t in grid.items():
        if t["order"] <= since:
            continue
        assert valid_ring(t["ring"])
        x, y = cell_of(k)
        for (dx, dy), pairs in MATCH.items():
            u = grid.get(key(x + dx, y + dy))
            if u is not None:
                assert all(t["ring"][ti] == u["ring"][ui] for ti, ui in pairs), f"{k} mismatches {dx},{dy}"
    engine = sorted(sorted(cells) for cells in s["islands"].values())
    scratch = sorted(sorted(part) for part in I.from_scratch(grid))
    assert engine == scratch, "islands kept by the engine equal islands recomputed by BFS (B2 island)"
    for iid, cells in s["islands"].items():
        assert all(grid[k]["island"] == iid for k in cells)


def view_check(game: Game, seat: int | None, view: dict) -> None:
    assert isinstance(game, SmallIslands)
    s = game.s
    assert "reserve" in view and isinstance(view["reserve"], int) and isinstance(view["nav"], int)
    assert "decks" not in view and isinstance(view["discovery_pool"], int), "the pool is shown as a count only"
    for p in view["players"]:
        assert "hand" not in p and "held" not in p and "now" not in p and "discovery" not in p
        i = p["seat"]
        if p["revealed"] is not None:
            assert str(i) in s["revealed"], "only a revealed objective is public (B5.3 REWARD 1)"
    text = str(view)
    for other in range(s["n"]):
        if other == seat:
            continue
        op = s["players"][other]
        for c in [c for cs in op["held"].values() for c in cs]:
            assert f"'{c}'" not in str(view.get("held", "")), "another seat's held cards"
        if not game.over:
            for token in op["discovery"]:
                assert f"'{token}'" not in text, "another seat's discovery token"
    if seat is None:
        assert "hand" not in view and "held" not in view and "discovery" not in view
    else:
        assert view["hand"] == s["players"][seat]["hand"]
        pending = s["pending"]
        if "discovery_drawn" in view:
            assert pending is not None and pending["seat"] == seat
    # hands: no tile of another hand appears except where it is public (never: hands are never shown)
    hands = {t for i, p in enumerate(s["players"]) if i != seat for t in p["hand"]}
    assert not hands & set(view.get("hand", []))


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if rng.random() < 0.9:
        return rng.choice(legal)
    return choose_for(game, seat, SMART, rng, legal)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_matching_islands_limits_and_views_hold_over_a_thousand_games(chunk: int) -> None:
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    options = {"mode": "advanced" if chunk % 2 else "normal", "layout": LAYOUTS[chunk % 3],
               "reward_on_abort": chunk % 4 == 3}
    run = random_games(SmallIslands, seeds=seeds, players=lambda seed: 2 + seed % 3, options=options,
                       invariant=invariant, view_check=view_check, chooser=chooser, deep_every=80)
    assert run.games == PER_CHUNK
