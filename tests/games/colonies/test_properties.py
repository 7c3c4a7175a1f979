"""Colonies over 1,000 seeded games (2-6 players, both lengths): every card stays in exactly one
zone, Food and Wealth are conserved but for shipped Wealth, no view shows another seat's hand or
any deck order, and the engine contract holds after every action (tests/support/properties)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.ai import choose_for
from games.colonies import cards as C
from games.colonies.ai import ColoniesPlayer
from games.colonies.game import Colonies, count_cards
from games.core import Action, Game, RuleError
from tests.support.properties import random_games

SMART = ColoniesPlayer()
CHUNKS, PER_CHUNK = 10, 100


def starting_cards(players: int, events: int) -> Counter[str]:
    """COL §1: what a game of that size holds in all, before any Wealth is shipped."""
    total: Counter[str] = Counter({"food": C.FOOD_SUPPLY, "wealth": C.WEALTH_SUPPLY})
    for counts in (C.POPULATION_DECK, C.LAND_DECK, C.THREAT_DECK, C.SHIPMENT_DECK):
        total.update(counts)
    total.update({name: n * players for name, n in C.STARTING_SET.items()})
    return total


def invariant(game: Game) -> None:
    assert isinstance(game, Colonies)
    s = game.s
    expected = starting_cards(s["n"], s["events_total"])
    expected["wealth"] -= sum(p["shipped"] for p in s["players"])
    cards = count_cards(game)
    events = sum(cards[e] for e in C.EVENT_DECK)
    assert events == s["events_total"], "every event card is in the deck, the discard or active"
    assert +Counter({k: v for k, v in cards.items() if k not in C.EVENT_DECK}) == +expected, \
        "every card is in exactly one zone; Food/Wealth supply + cards = start - shipped"
    assert s["food_supply"] >= 0 and s["wealth_supply"] >= 0


def view_check(game: Game, seat: int | None, view: dict) -> None:
    assert isinstance(game, Colonies)
    for forbidden in ("deck", "pop_deck_order", "rng"):
        assert forbidden not in view
    for name in ("pop_deck", "land_deck", "threat_deck", "shipment_deck"):
        assert isinstance(view[name], int), "common decks show only their size"
    for p in view["players"]:
        assert set(p) >= {"hand_size", "deck_size"} and "hand" not in p and "deck" not in p
    if seat is None:
        assert "hand" not in view and "explorer_sees" not in view
    else:
        assert sorted(view["hand"]) == sorted(game.s["players"][seat]["hand"])
        pending = game.s["pending"]
        if "explorer_sees" in view:
            assert pending is not None and pending["seat"] == seat


def _offer(game: Colonies, seat: int, rng: random.Random) -> Action | None:
    """Now and then a trade offer (free-form, so never listed): one or two cards for as many."""
    hand = sorted(c for c in game.free_hand(seat).elements() if C.kind(c) != C.THREAT)
    partners = [s for s in game.alive() if s != seat]
    if not hand or not partners:
        return None
    k = rng.randint(1, min(2, len(hand)))
    workers = sorted({e["card"] for e in game.player(seat)["in_play"]
                      if e["state"] == "ready" and C.kind(e["card"]) == C.POPULATION})
    offer: Action = {"type": "offer", "partner": rng.choice(partners) + 1, "give": rng.sample(hand, k),
                     "want": [rng.choice(["food", "wealth", "farmer", "coast", "farmland"]) for _ in range(k)]}
    if workers:
        offer["worker"] = rng.choice(workers)
    try:
        Colonies.from_dict(game.to_dict()).apply(seat, offer)
    except RuleError:
        return None
    return offer


def chooser(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(game, Colonies)
    if seat == game.s["current"] and game.s["offer"] is None and rng.random() < 0.05:
        offer = _offer(game, seat, rng)
        if offer is not None:
            return offer
    if rng.random() < 0.2:
        return rng.choice(legal)
    return choose_for(game, seat, SMART, rng, legal)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_cards_supplies_and_views_hold_over_a_thousand_games(chunk: int) -> None:
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    options = {"events": 12 if chunk % 2 else 24}
    run = random_games(Colonies, seeds=seeds, players=lambda seed: 2 + seed % 5, options=options,
                       invariant=invariant, view_check=view_check, chooser=chooser, deep_every=60)
    assert run.games == PER_CHUNK
