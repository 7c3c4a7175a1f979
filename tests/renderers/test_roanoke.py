"""The Roanoke pictures (ROA-S40): the board draws at every stage of a game (fresh, mid-game with a tile
drawn, with an offer open, with roads cut off and seats eliminated, over), and each seat's private
picture shows its own colony and nothing that is hidden."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import games
from games.ai import choose_for, policy_for
from games.core import Game
from games.roanoke import board as B
from games.roanoke import seasons as SE
from renderers import render_board, render_private
from renderers.cast import Cast
from renderers.roanoke import picture as layers
from renderers.roanoke import sprites
from renderers.text import roanoke as W
from renderers.text import summary
from tests.support.pictures import picture

Roanoke = games.get_game("roanoke")



def draws(game: Game) -> None:
    """The board and every seat's private picture are valid PNGs of at least the minimum width."""
    board = picture(render_board("roanoke", game.view(None)))
    assert board.size == (sprites.WIDTH, sprites.HEIGHT)
    for seat in range(game.num_players):
        picture(render_private("roanoke", game.view(seat)))


def played(seed: int, until: Callable[[Game], bool] | None = None, moves: int | None = None) -> Game:
    """A game the AI has played for `moves` moves, until `until(game)` holds, or to the end."""
    game = Roanoke.new(4, seed=seed)
    rng, ai = random.Random(seed), policy_for("roanoke")
    done = 0
    while not game.over and (moves is None or done < moves) and not (until and until(game)):
        seat = min(game.to_move())
        game.apply(seat, choose_for(game, seat, ai, rng))
        done += 1
    return game


def drawing_seat(seed: int, seat: int = 0) -> Game:
    """A game stopped where `seat` has a tile drawn that fits in several places, after the first season."""
    game = played(seed, until=lambda g: g.s["active"] == seat and g.s["drawn_tile"] is not None
                  and g.s["season_idx"] >= 1 and len(g.view(None)["drawn_spots"]) >= 3)
    assert not game.over and game.s["drawn_tile"] is not None
    return game


def test_a_fresh_game_draws() -> None:
    game = Roanoke.new(4, seed=1)
    assert game.view(None)["phase"] == "setup"
    draws(game)


@pytest.mark.parametrize("seed", [2, 3])
def test_a_game_in_progress_draws(seed: int) -> None:
    game = played(seed, moves=250)
    view = game.view(None)
    assert not game.over and view["season"] >= 1 and sum(1 for c in view["board"] if c and c["kind"] == "road") > 10
    draws(game)


@pytest.mark.parametrize("seed", [4, 5])
def test_a_finished_game_draws_its_ranking(seed: int) -> None:
    game = played(seed)
    assert game.over and game.view(None)["result"] is not None
    draws(game)


def test_a_lost_colony_draws() -> None:
    """Everyone resigns: every seat eliminated, every road grey, nobody wins (ROA-S36, R28)."""
    game = played(6, moves=12)
    while not game.over:
        seat = min(game.to_move())
        game.apply(seat, {"type": "resign"})
    assert game.view(None)["result"]["winners"] == []
    draws(game)


def test_the_drawn_tiles_squares_are_dotted_and_listed() -> None:
    game = drawing_seat(7)
    view = game.view(None)
    assert render_board("roanoke", view) != render_board("roanoke", {**view, "drawn_spots": []})
    mine = game.view(0)
    placements = W.placements(mine, 0)
    assert {B.label(square) for square, _ in placements} == set(view["drawn_spots"])
    assert W.placements(game.view(1), 1) == [], "only the active seat's drawn tile is laid out"
    shown = picture(render_private("roanoke", mine))
    waiting = picture(render_private("roanoke", game.view(1)))
    assert shown.height >= waiting.height, "the placements take room of their own"


def test_an_open_offer_is_told_beside_the_board_and_drawn_for_both_seats() -> None:
    game = played(8, until=lambda g: g.s["phase"] == "main" and g.s["drawn_tile"] is None
                  and g.s["offer"] is None and g.s["season_idx"] >= 1)
    seat = game.s["active"]
    before = {s: render_private("roanoke", game.view(s)) for s in range(4)}
    partner = (seat + 1) % 4
    if not game.s["players"][partner]["alive"]:
        pytest.skip("the next seat is out")
    game.apply(seat, {"type": "offer", "to": partner + 1, "give": {}, "get": {"food": 1}})
    assert game.view(None)["offer"] is not None
    draws(game)
    cast = Cast.colours(4)
    assert summary("roanoke", game.view(None), cast)[0].endswith(
        f"{cast.full(partner)} may accept or decline {cast.full(seat)}'s offer (nothing for 1 food); meanwhile "
        f"{cast.short(seat)} may go on with the turn or cancel it.")
    for s in (seat, partner):
        assert render_private("roanoke", game.view(s)) != before[s], "both sides of the offer see it"


def test_cut_off_roads_and_eliminated_seats_draw_apart() -> None:
    """A paved tile cuts its owner's road beyond it (ROA-S8, R10): those tiles are drawn pale; an
    eliminated seat's roads are grey (ROA-R24)."""
    game = played(5, moves=400)
    s = game.s
    net = s["nets"][1]
    square = next(x for x in sorted(net, key=lambda q: abs(q - B.CROSSES[1]))
                  if s["board"][x]["kind"] == "road" and not s["board"][x]["house"])
    before = render_board("roanoke", game.view(None))
    s["board"][square]["owner"] = 2
    s["nets"], s["links"] = B.networks(s["board"])
    s["players"][3]["alive"] = False
    draws(game)
    assert render_board("roanoke", game.view(None)) != before
    assert len({sprites.road_tile(15, 1, state).getpixel((28, 10)) for state in ("net", "cut", "dead")}) == 3


def test_the_private_picture_shows_nothing_hidden() -> None:
    """Nobody holds private cards in Roanoke; what is hidden is the draw-pile order and the face-down
    season cards (ROA §7).  Changing them, or another seat's hand, leaves seat 0's picture as it was."""
    game = drawing_seat(9)
    before = render_private("roanoke", game.view(0))
    s = game.s
    s["draw_pile"].reverse()
    for k, shown in enumerate(s["revealed"]):
        if not shown:
            slot = SE.SLOTS[k]
            s["seasons"][k] = slot[(slot.index(s["seasons"][k]) + 1) % len(slot)]
    card = s["seasons"][s["season_idx"]]
    if SE.CARDS[card]["kind"] != "lead":  # a lead card compares hands, in public
        s["players"][2]["hand"] = {r: n + 3 for r, n in s["players"][2]["hand"].items()}
    assert render_private("roanoke", game.view(0)) == before
    assert render_private("roanoke", game.view(1)) != before


def test_the_standing_the_colony_shows_reads_the_views_players_ROA_S32() -> None:
    """The private picture states the engine's `standing` from the view's public players (ROA-S32)."""
    view = played(10, moves=40).view(0)
    for card in SE.CARDS:
        ok, why = SE.standing(card, 0, view["players"])
        assert isinstance(ok, bool) and why
    hand = {"food": 0, "water": 0, "metal": 0, "wood": 0}
    poor = [{**p, "hand": hand} if p["seat"] == 0 else p for p in view["players"]]
    assert SE.standing("Y1-SP3", 0, poor) == (False, "you are short of 1 food, 1 water, 1 metal, 1 wood")


def test_sprites_layers_and_the_palette_are_made_once() -> None:
    assert sprites.road_tile(7, 0) is sprites.road_tile(7, 0)
    assert layers.palette() is layers.palette()
    nodes = tuple(sorted(B.NODES.items()))
    assert layers.layer(nodes) is layers.layer(nodes)
    assert len(set(sprites.COLOUR_RGB)) == 4 and len(set(sprites.RES_RGB.values())) == 4


def test_a_random_node_layout_draws_its_own_nodes() -> None:
    def nodes(game: Game) -> dict[int, str]:
        return {i: c["res"] for i, c in enumerate(game.view(None)["board"]) if c and c["kind"] == "node"}

    shuffled = next(g for seed in range(20) if nodes(g := Roanoke.new(4, seed=seed,
                                                                      options={"node_layout": "random"})) != B.NODES)
    draws(shuffled)
    fixed = Roanoke.new(4, seed=0)
    assert nodes(fixed) == B.NODES
    square = next(x for x, res in nodes(shuffled).items() if res != B.NODES[x])
    x, y = sprites.cell_xy(*B.rc(square))
    box = (x, y, x + sprites.CELL, y + sprites.CELL)
    crops = [picture(render_board("roanoke", g.view(None))).convert("RGB").crop(box).tobytes()
             for g in (shuffled, fixed)]
    assert crops[0] != crops[1], f"the node on {B.label(square)} shows its own resource"


def test_the_turn_order_shown_follows_setup_then_the_round() -> None:
    """Setup goes once round the table from the first seat (ROA-S11); later rounds follow round_left (ROA-S12)."""
    game = Roanoke.new(4, seed=1)
    first = game.view(None)["first_seat"]
    seen = []
    while game.view(None)["phase"] == "setup":
        view = game.view(None)
        seen.append((view["active"], W.still_to_play(view)))
        seat = min(game.to_move())
        game.apply(seat, game.legal_actions(seat)[0])
    order = [(first + i) % 4 for i in range(4)]
    assert seen == [(order[i], order[i + 1:]) for i in range(4)]
    view = game.view(None)
    assert W.still_to_play(view) == view["round_left"]
