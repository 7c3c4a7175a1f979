"""The listed moves are exactly the moves the checkers accept.

`candidates` builds the active seat's moves from the checkers' helpers instead of running each through
its checker, so here, after every action of seeded games (2-6 players, trade offers out now and then),
every well-formed move over the cards in reach is put to `_rule_problem`: the accepted ones must be the
listed ones, in a list without repeats.  Hand-built positions add what random play seldom reaches:
Shipments with targets, a Coast that ships, Strife, a Threat in hand in the main step, Wealth in an offer.
"""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from games.colonies import cards as C
from games.colonies.game import Colonies
from games.colonies.table import ACTED, MAIN, READY
from games.core import Action, Game, RuleError
from tests.games.colonies.table import table
from tests.support.properties import random_games

LAND_WORKS: list[Action] = [{"land": land} for land in ("farmland", "forest", "mountains", "livestock")] + [
    {"land": "coast", "mode": "food"}, {"land": "coast", "mode": "ship", "wealth": "hand"},
    {"land": "coast", "mode": "ship", "wealth": "play"}]
"""Every way a move can name a work (COL-S15, R31)."""


def _plays(card: str, hand: list[str]) -> list[Action]:
    base: Action = {"type": "play", "card": card}
    return [base, *({**base, "food": f} for f in ("hand", "granary")),
            *({**base, "target": t} for t in hand),
            *({**base, "zone": z, "target": t} for z in ("discard", "play") for t in sorted(C.THREATS)),
            *({**base, **w} for w in LAND_WORKS)]


def well_formed_moves(game: Colonies, seat: int) -> list[Action]:
    """A superset of the seat's legal moves: each move type over every card it could name now."""
    s, p = game.s, game.player(seat)
    hand = sorted(set(p["hand"]))
    in_play = sorted({e["card"] for e in p["in_play"]})
    workers = [c for c in in_play if C.kind(c) == C.POPULATION]
    moves: list[Action] = [m for card in hand for m in _plays(card, hand)]
    moves += [{"type": "cannibalize", "card": c} for c in hand]
    for w in workers:
        moves += [{"type": "work", "worker": w, **v} for v in LAND_WORKS]
        moves += [{"type": "explore", "worker": w, "card": c} for c in sorted(set(s["frontier"]))]
        moves += [{"type": "reproduce", "worker": w, "card": c} for c in sorted(set(s["lineup"]))]
        moves += [{"type": "combat", "worker": w, "card": t, "zone": z} for t in sorted(C.THREATS)
                  for z in ("hand", "play")]
    pool = sorted(e["card"] for e in p["in_play"] if C.kind(e["card"]) == C.POPULATION)
    moves += [{"type": "group", "land": "farmland", "workers": list(g)}
              for g in sorted({g for k in range(2, len(pool) + 1) for g in combinations(pool, k)})]
    moves += [{"type": "pick", "card": t} for t in sorted(C.THREATS)]
    moves += [{"type": "witch", "zone": z, "card": c} for z in ("hand", "discard")
              for c in sorted(set(p[z])) if C.kind(c) == C.POPULATION]
    moves += [{"type": "end_turn", "granary": g} for g in range(6)]
    return moves


def listing_is_exact(game: Game) -> None:
    assert isinstance(game, Colonies)
    if game.over:
        return
    seat = game.s["current"]
    listed = [a for a in game.legal_actions(seat) if a["type"] not in ("accept", "decline", "counter", "withdraw")]
    keys = [json.dumps(a, sort_keys=True) for a in listed]
    assert len(set(keys)) == len(keys), f"a move listed twice: {listed}"
    accepted = {json.dumps(a, sort_keys=True) for a in well_formed_moves(game, seat)
                if game._rule_problem(seat, a) is None}
    assert set(keys) == accepted, f"listed, refused: {set(keys) - accepted}; accepted, unlisted: {accepted - set(keys)}"


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A random listed move, the end of the turn seldom (so that Lands, Shipments and Threats pile up in play),
    or now and then an offer of one free card for Food, so that a hand with cards locked in an offer is listed
    too (COL-R27)."""
    assert isinstance(game, Colonies)
    if seat == game.s["current"] and game.s["offer"] is None and rng.random() < 0.1:
        free = sorted(c for c in game.free_hand(seat).elements() if C.kind(c) != C.THREAT)
        workers = sorted({e["card"] for e in game.player(seat)["in_play"]
                          if e["state"] == "ready" and C.kind(e["card"]) == C.POPULATION})
        partners = [x for x in game.alive() if x != seat]
        if free and partners:
            offer: Action = {"type": "offer", "partner": partners[0] + 1, "give": [rng.choice(free)], "want": ["food"]}
            if workers:
                offer["worker"] = workers[0]
            try:
                game.copy().apply(seat, offer)
            except RuleError:
                pass
            else:
                return offer
    busy = [a for a in legal if a["type"] != "end_turn"]
    return rng.choice(busy if busy and rng.random() < 0.9 else legal)


@pytest.mark.parametrize("players", range(2, 7))
def test_the_listed_moves_are_exactly_those_the_checkers_accept(players: int) -> None:
    run = random_games(Colonies, seeds=range(100 * players, 100 * players + 12), players=players,
                       invariant=listing_is_exact, chooser=chooser)
    assert run.games == 12


BUSY_HAND = ["laborers", "arms", "wealth", "wealth", "coast", "food", "farmer", "supplies"]
BUSY_PLAY = [("coast", ACTED), ("farmland", ACTED), ("farmer", READY), ("farmer", READY), ("trader", READY),
             ("wealth", ACTED), ("pirates", ACTED)]


@pytest.mark.parametrize(("event", "twist"), [
    (event, twist) for event in (None, "strife", "harsh_winter")
    for twist in ("none", "threat_in_hand", "wealth_offered", "granary_only")
    if (event, twist) != ("strife", "wealth_offered")])  # Strife forbids offers (COL-R26)
def test_busy_positions_and_every_move_from_them_list_exactly_what_the_checkers_accept(event: str | None,
                                                                                       twist: str) -> None:
    game = table(3, hand=BUSY_HAND + (["disease"] if twist == "threat_in_hand" else []),
                 discard=["crop_failure", "farmer"], event=event)
    p = game.player(0)
    p["in_play"] = [{"card": c, "state": state} for c, state in BUSY_PLAY]
    p["livestock"], p["granary"] = 1, 1
    if twist == "threat_in_hand":
        game.s["phase"] = MAIN  # a Threat drawn in the main step locks the hand (COL-S9)
    if twist == "granary_only":
        p["hand"].remove("food")
    if twist == "wealth_offered":
        game.apply(0, {"type": "offer", "partner": 2, "give": ["wealth"], "want": ["food"], "worker": "trader"})
    listing_is_exact(game)
    for move in game.legal_actions(0):
        after = game.copy()
        after.apply(0, move)
        listing_is_exact(after)
