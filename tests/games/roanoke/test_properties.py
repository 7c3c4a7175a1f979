"""Roanoke over 1,000 seeded games: chits conserved (pile + hands + generator markers = 40 per
resource), all 172 tiles accounted for, every placed tile matching every occupied neighbour, the
engine's networks equal to a recomputation from scratch, at most 10 workers per seat, and views
that hold no draw-pile order, no face-down season card and nothing one seat sees that another
does not (ROA §7); plus the engine contract of tests/support/properties after every action."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import Action, Game
from games.roanoke import board as B
from games.roanoke.game import Roanoke
from games.roanoke.market import WORKERS
from games.roanoke.seasons import CARDS, SLOTS, shortfall
from tests.support.properties import random_games

CHUNKS, PER_CHUNK = 10, 100
_last_board: dict[int, tuple] = {}
ALL_TILES = Counter({k: 43 for k in B.TILE_KINDS})


def _board_key(game: Roanoke) -> tuple:
    return tuple(None if c is None else (c["mask"], c["owner"]) for c in game.s["board"])


def invariant(game: Game) -> None:
    assert isinstance(game, Roanoke)
    s = game.s
    board = s["board"]
    gens: Counter[str] = Counter()
    tiles = Counter(s["draw_pile"]) + Counter(s["discard"])
    houses, ups = [0] * 4, [0] * 4
    for c in board:
        if c is None or c["kind"] not in ("road", "cross"):
            continue
        if c["kind"] == "road":
            tiles[B.KIND_OF_MASK[c["mask"]]] += 1
        if c["gen"]:
            assert c["house"], "a generator sits on a house"
            gens[c["gen"]] += 1
        houses[c["owner"]] += c["house"]
        ups[c["owner"]] += c["up"]
    if s["drawn_tile"] is not None:
        tiles[s["drawn_tile"]] += 1
    assert tiles == ALL_TILES, "172 tiles: draw pile, discard, board, drawn"
    for r in B.RESOURCES:
        hands = sum(p["hand"][r] for p in s["players"])
        assert s["pile"][r] + hands + gens[r] == 40, f"{r}: pile + hands + markers != 40"
        assert s["pile"][r] >= 0 and all(p["hand"][r] >= 0 for p in s["players"])
    for seat, p in enumerate(s["players"]):
        on_market = sum(counts[seat] for counts in s["market"])
        assert p["reserve"] >= 0 and on_market + p["reserve"] <= WORKERS, "at most 10 workers a seat"
        assert p["alive"] or on_market == 0
        assert houses[seat] <= 5 and ups[seat] <= 2
    assert sum(houses) + s["houses_left"] == 20
    key = _board_key(game)
    if _last_board.get(id(game)) == key:
        return
    _last_board[id(game)] = key
    for x, c in enumerate(board):
        if c is None:
            continue
        for bit, y in B.NEIGHBOURS[x]:
            other = board[y]
            if other is not None:
                assert bool(c["mask"] & bit) == bool(other["mask"] & B.OPP[bit]), \
                    f"{B.label(x)} and {B.label(y)} do not match"
    nets, links = B.networks(board)
    assert s["nets"] == nets and s["links"] == links, "networks differ from a recomputation"


def view_check(game: Game, seat: int | None, view: dict) -> None:
    assert isinstance(game, Roanoke)
    assert "rng" not in view and isinstance(view["draw_pile"], int), "no draw-pile order in a view"
    for k, slot in enumerate(view["seasons"]):
        assert slot["candidates"] == list(SLOTS[k])
        if not game.s["revealed"][k]:
            assert slot["card"] is None and slot["name"] is None and slot["goal"] is None
    if seat is not None:
        public = game.view(None)
        assert {k: v for k, v in view.items() if k != "seat"} == public and view["seat"] == seat, \
            "a seat sees nothing the public does not (ROA §7)"


def _offer(game: Roanoke, seat: int, rng: random.Random) -> Action | None:
    """Now and then a free-form trade offer: a gift, a request or a swap of small amounts."""
    others = [x for x in game.alive() if x != seat]
    if not others:
        return None
    hand = game.s["players"][seat]["hand"]
    give = {r: rng.randint(1, hand[r]) for r in rng.sample(B.RESOURCES, 2) if hand[r] and rng.random() < 0.6}
    get = {r: rng.randint(1, 3) for r in rng.sample(B.RESOURCES, 1) if rng.random() < 0.5}
    if not give and not get:
        return None
    offer: Action = {"type": "offer", "to": rng.choice(others) + 1, "give": give, "get": get}
    return offer if game._problem(seat, offer) is None else None


PREFER = {"collect": 3, "place": 6, "end_turn": 3, "buy_house": 0.5, "buy_generator": 0.5, "buy_road_upgrade": 0.3,
          "market_add": 2, "accept": 3, "decline": 1, "discard": 1, "cancel": 1, "market_move": 0.05,
          "resign": 0.003}


def _lacks(game: Roanoke, seat: int) -> dict[str, int]:
    card = game.s["seasons"][game.s["season_idx"]]
    return shortfall(card, game.s["players"][seat]["hand"])


def _helping_offer(game: Roanoke, seat: int) -> Action | None:
    """Cooperation, cheaply: give a survivor what it lacks for the card, or ask for what you lack."""
    card = game.s["seasons"][game.s["season_idx"]]
    mine = game.s["players"][seat]["hand"]
    keep = CARDS[card].get("amounts", {})
    for other in game.alive():
        if other == seat:
            continue
        gift = {r: min(n, mine[r] - keep.get(r, 0)) for r, n in _lacks(game, other).items()
                if mine[r] - keep.get(r, 0) > 0}
        if gift:
            return {"type": "offer", "to": other + 1, "give": gift, "get": {}}
    return None


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Random, weighted by move type, with a little cooperation, so games reach the later seasons."""
    assert isinstance(game, Roanoke)
    s = game.s
    if seat == s["active"] and s["phase"] == "main" and s["offer"] is None:
        if s["round"] == 3 and rng.random() < 0.7:
            offer = _helping_offer(game, seat)
            if offer is not None:
                return offer
        if rng.random() < 0.05:
            offer = _offer(game, seat, rng)
            if offer is not None:
                return offer
    card = CARDS[s["seasons"][s["season_idx"]]]
    wants = {"house": "buy_house", "generator": "buy_generator"}.get(card.get("what", ""), "")
    weights = [40 if a["type"] == wants else 0 if a["type"] == "accept" and seat == s["active"] else
               PREFER.get(a["type"], 1) for a in legal]
    return rng.choices(legal, weights)[0]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_chits_tiles_networks_and_views_hold_over_a_thousand_games(chunk: int) -> None:
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    options = {"deck": ("random", "designer", "random", "designer_original", "random")[chunk % 5],
               "node_layout": "random" if chunk % 3 == 0 else "fixed"}
    run = random_games(Roanoke, seeds=seeds, players=4, options=options, invariant=invariant,
                       view_check=view_check, chooser=chooser, deep_every=60)
    assert run.games == PER_CHUNK
