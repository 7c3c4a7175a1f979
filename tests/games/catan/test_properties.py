"""Catan over many seeded games: CAT-6, CAT-7, CAT-8 and CAT-38 hold after every action, and the
engine contract (round trip, replay, refusals change nothing, no leaks, the game ends) holds."""

from __future__ import annotations

import random

import pytest

from games.ai import choose_for
from games.catan.ai import CatanPlayer
from games.catan.board import RESOURCES
from games.catan.game import DEV_DECK, PIECES, Catan
from games.catan.roads import road_length
from games.core import Action, Game
from tests.support.properties import random_games

SMART = CatanPlayer()
_last_network: dict[int, tuple[tuple, list[dict]]] = {}
"""Roads and buildings last checked per game, with the public view's players then: road lengths are recomputed,
and the pieces read from a new public view, only when they change (the view's pieces count only them)."""
CHUNKS, PER_CHUNK = 10, 100  # 1,000 games, in chunks that pytest-xdist can spread


def invariant(game: Game) -> None:
    assert isinstance(game, Catan)
    s = game.s
    for i in range(5):
        assert s["bank"][i] + sum(h[i] for h in s["hands"]) == 19, f"{RESOURCES[i]} not conserved"  # CAT-6
        assert s["bank"][i] >= 0 and all(h[i] >= 0 for h in s["hands"])
    held = sum(sum(d.values()) for d in s["devs"])
    assert len(s["deck"]) + held + sum(s["played"].values()) == len(DEV_DECK)  # CAT-7
    network = (tuple(s["roads"]), str(s["buildings"]))
    last = _last_network.get(id(game))
    recount = last is None or last[0] != network
    players = game.view(None)["players"] if recount else last[1]
    _last_network[id(game)] = (network, players)
    for t in range(game.num_players):
        pieces = players[t]
        assert pieces["settlements"] <= PIECES["settlement"] and pieces["cities"] <= PIECES["city"]  # CAT-8
        assert pieces["roads"] <= PIECES["road"]
        expected = (pieces["settlements"] + 2 * pieces["cities"] + 2 * (s["longest"] == t)
                    + 2 * (s["largest"] == t) + s["devs"][t]["vp"])
        assert game.vp(t) == expected  # CAT-38
        if recount:
            assert s["road_len"][t] == road_length(t, s["roads"], s["buildings"])
    if s["longest"] is not None:
        assert s["road_len"][s["longest"]] == max(s["road_len"]) >= 5  # CAT-35, CAT-36


def view_check(game: Game, seat: int | None, view: dict) -> None:
    assert isinstance(view["deck"], int), "the deck order is hidden"
    assert "rng" not in view
    if seat is None:
        assert not {"hand", "dev_hand", "new_dev", "news", "vp_total"} & set(view)
    else:
        assert view["hand"] == dict(zip(RESOURCES, game.s["hands"][seat], strict=True))  # type: ignore[attr-defined]
    if not game.over:
        shown = [p["vp"] for p in view["players"]]
        assert shown == [game.public_vp(t) for t in range(game.num_players)], "VP cards stay hidden"  # type: ignore[attr-defined]


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Mostly the heuristic player (so games end), some random moves, and now and then a trade offer."""
    shapes = {s["type"] for s in game.action_shapes(seat)}
    hand = dict(zip(RESOURCES, game.s["hands"][seat], strict=True))  # type: ignore[attr-defined]
    if "offer" in shapes and rng.random() < 0.08:
        have = [r for r, n in hand.items() if n]
        if have:
            give = rng.choice(have)
            get = rng.choice([r for r in RESOURCES if r != give])
            to = rng.choice(["all", *[t + 1 for t in range(game.num_players) if t != seat]])
            return {"type": "offer", "to": to, "give": {give: 1}, "get": {get: 1}}
    if "counter" in shapes and rng.random() < 0.2:
        have = [r for r, n in hand.items() if n]
        offer = game.s["offer"]  # type: ignore[attr-defined]
        if have:
            give = rng.choice(have)
            get = rng.choice([r for r in RESOURCES if r != give])
            return {"type": "counter", "offer": offer["id"], "give": {give: 1}, "get": {get: 1}}
    if rng.random() < 0.15:
        return rng.choice(legal)
    return choose_for(game, seat, SMART, rng, legal)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_cat_6_cat_7_cat_8_cat_38_hold_over_a_thousand_games(chunk: int) -> None:
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    run = random_games(Catan, seeds=seeds, players=lambda seed: 3 + seed % 2, invariant=invariant,
                       view_check=view_check, chooser=chooser, deep_every=60,
                       options=None, max_actions=5000)
    assert run.games == PER_CHUNK


def test_random_numbers_option_plays_too() -> None:
    run = random_games(Catan, seeds=range(20), players=4, options={"numbers": "random"}, invariant=invariant,
                       view_check=view_check, chooser=chooser)
    assert run.games == 20
