"""The Colonies pictures: the table and each seat's hand draw at every stage of a game (fresh, mid-game,
over, with a trade offer standing, under every event), and the hand picture shows only the seat's own hand."""

from __future__ import annotations

import random

import pytest

from games.ai import choose_for
from games.colonies import cards as C
from games.colonies.ai import ColoniesPlayer
from games.colonies.game import Colonies
from renderers import colonies, render_board, render_private
from renderers.common import plain, text_width
from renderers.text import summary
from tests.support.pictures import picture


def draws(game: Colonies) -> None:
    """The board and every seat's hand picture are valid PNGs of at least the minimum width."""
    picture(render_board("colonies", game.view(None)))
    for seat in range(game.num_players):
        picture(render_private("colonies", game.view(seat)))


def played(players: int, seed: int, moves: int | None = None) -> Colonies:
    """A game the heuristic AI has played for `moves` moves, or to the end."""
    game = Colonies.new(players, seed=seed)
    rng, ai = random.Random(seed), ColoniesPlayer()
    done = 0
    while not game.over and (moves is None or done < moves):
        seat = min(game.to_move())
        game.apply(seat, choose_for(game, seat, ai, rng))
        done += 1
    return game


def with_offer(players: int) -> Colonies:
    """A fresh game whose current player, under Trade Winds, offers two Food to the next seat."""
    game = Colonies.new(players, seed=5)
    seat = game.s["current"]
    game.s["active_event"] = "trade_winds"
    game.s["players"][seat]["hand"][:2] = ["food", "food"]
    partner = (seat + 1) % players
    game.apply(seat, {"type": "offer", "partner": partner + 1,  # seats are numbered from 1 in moves
                      "give": ["food", "food"], "want": ["wealth", "forest"]})
    return game


@pytest.mark.parametrize("players", [2, 6])
def test_a_fresh_game_draws(players: int) -> None:
    draws(Colonies.new(players, seed=1))


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_in_progress_draws(players: int) -> None:
    game = played(players, seed=3, moves=25 * players)
    assert not game.over and game.view(None)["round"] > 3
    draws(game)


@pytest.mark.parametrize("players", [2, 6])
def test_a_finished_game_draws_its_ranking(players: int) -> None:
    game = played(players, seed=4)
    assert game.over and game.view(None)["result"] is not None
    draws(game)
    image = picture(render_board("colonies", game.view(None)))
    assert image.size == (colonies.WIDTH, colonies.HEIGHT)


@pytest.mark.parametrize("players", [2, 6])
def test_a_pending_offer_draws_and_is_told_beside_the_board(players: int) -> None:
    game = with_offer(players)
    assert game.view(None)["offer"] is not None
    draws(game)
    assert any(line.startswith("Trade offer") for line in summary("colonies", game.view(None)))


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("event", sorted(C.EVENT_DECK))
def test_every_event_draws(players: int, event: str) -> None:
    game = played(players, seed=2, moves=10)
    game.s["active_event"] = event
    game.s["final_round"] = event == "vermin"
    draws(game)


def test_dead_and_reserved_states_draw() -> None:
    """A reserved trader, acted Population, a die roll, many cards in play and a long hand."""
    game = Colonies.new(3, seed=6)
    seat = game.s["current"]
    p = game.s["players"][seat]
    p["in_play"] = [{"card": name, "state": state} for name, state in
                    [("farmer", "acted"), ("trader", "reserved"), ("miner", "ready"), ("coast", "acted"),
                     ("pirates", "acted"), ("wealth", "acted")] * 3]
    p["hand"] = ["food", "wealth", "farmer", "forest", "horses", "disease", "arms", "livestock"]
    game.s["last_roll"] = {"die": 6, "mod": 1, "total": 7, "land": "mountains", "worker": "miner"}
    game.s["players"][(seat + 1) % 3]["eliminated"] = True
    game.s["pending"] = {"kind": "explorer", "seat": seat, "seen": ["disease", "pirates", "crop_failure"]}
    view = game.view(seat)
    assert view["explorer_sees"] == ["disease", "pirates", "crop_failure"]
    draws(game)
    hand = picture(render_private("colonies", view))
    assert hand.height > picture(render_private("colonies", game.view((seat + 2) % 3))).height, \
        "two rows of cards and the Explorer's choice"


def test_the_hand_picture_never_shows_another_seats_hand() -> None:
    game = played(4, seed=7, moves=40)
    before = render_private("colonies", game.view(0))
    other = game.s["players"][1]
    other["hand"] = ["disease"] * len(other["hand"])
    other["deck"] = list(reversed(other["deck"]))
    assert render_private("colonies", game.view(0)) == before
    assert render_private("colonies", game.view(1)) != render_private("colonies", game.view(0))


def test_playable_cards_are_drawn_apart_from_the_others() -> None:
    game = Colonies.new(2, seed=1)
    seat = game.s["current"]
    view = game.view(seat)
    assert view["playable"], "the opening hand has something to play"
    lit = render_private("colonies", view)
    assert render_private("colonies", {**view, "playable": []}) != lit


def test_every_card_is_readable_and_every_kind_has_its_own_colour() -> None:
    assert len(set(colonies.KIND_FILL.values())) == len(colonies.KIND_FILL)
    assert set(colonies.KIND_FILL) == {c.kind for c in C.CARDS.values()}
    for card in C.CARDS.values():
        for (w, h), least in ((colonies.BOARD_CARD, colonies.SMALL), (colonies.PRIVATE_CARD, colonies.PRIVATE_SMALL)):
            room = h - (max(20, least + 2) + 16 + least + 14) - 6  # below the title band and the kind
            size, lines = colonies._effect(card.text, w, room, least, max(20, least))
            assert size >= least and round(size * 1.22) * len(lines) <= room, f"{card.name} overflows a {w}px card"
            assert " ".join(lines) == " ".join(plain(card.text).split()), "no word is lost"
            assert text_width(card.title, colonies._fit_size(card.title, 20, w - 12, least)) <= w - 14


def test_sprites_and_the_palette_are_made_once() -> None:
    assert colonies._card("farmer", *colonies.BOARD_CARD) is colonies._card("farmer", *colonies.BOARD_CARD)
    assert colonies._palette() is colonies._palette()
    assert colonies._frame() is colonies._frame()
