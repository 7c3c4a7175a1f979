"""The Small Islands pictures: the map and each seat's tiles, cards and tokens draw at every stage of a
game (fresh, mid-game, over, advanced, free setup), the coast runs on across tile seams, the map grows
with what is built, and a seat's picture shows nothing of another seat's hand, cards or tokens."""

from __future__ import annotations

import copy
import random

import pytest

import games
from games.ai import choose_for, policy_for
from renderers import render_board, render_private
from renderers.small_islands import hand, style, tiles
from renderers.small_islands import map as chart
from renderers.small_islands import picture as layers
from renderers.text import summary
from tests.support.pictures import picture

GAME = games.get_game("small_islands")



def draws(game: games.Game) -> None:
    """The board and every seat's private picture are valid PNGs of at least the minimum width."""
    picture(render_board("small_islands", game.view(None)))
    for seat in range(game.num_players):
        picture(render_private("small_islands", game.view(seat)))


def played(players: int, seed: int, moves: int | None = None, ai: bool = True,
           options: dict[str, object] | None = None) -> games.Game:
    """A game played by the heuristic AI (or at random) for `moves` moves, or to the end."""
    game = GAME.new(players, seed=seed, options=options)
    rng, policy = random.Random(seed), policy_for("small_islands")
    done = 0
    while not game.over and (moves is None or done < moves):
        seat = min(game.to_move())
        action = choose_for(game, seat, policy, rng) if ai else rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        done += 1
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_fresh_game_draws(players: int) -> None:
    game = GAME.new(players, seed=1)
    draws(game)
    layout = chart.Layout(game.view(None))
    assert picture(render_board("small_islands", game.view(None))).size == (layout.width, layout.height)
    assert style.MIN_WIDTH <= layout.width <= style.WIDTH and layout.height <= style.HEIGHT


@pytest.mark.parametrize("ai", [True, False])
def test_a_game_in_progress_draws(ai: bool) -> None:
    game = played(4, seed=2, moves=70, ai=ai)
    view = game.view(None)
    assert not game.over and len(view["grid"]) > 8
    draws(game)


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_game_draws_and_tells_its_ranking(players: int) -> None:
    game = played(players, seed=3)
    assert game.over and game.view(None)["result"] is not None
    draws(game)
    view = game.view(None)
    assert any(t["ship"] is not None for t in view["grid"]) and any(t["houses"] for t in view["grid"])
    assert summary("small_islands", view)[1].startswith("Final ranking: winner "), "the ranking is told"


def test_advanced_mode_draws_missions_and_rewards() -> None:
    game = played(3, seed=4, moves=40, options={"mode": "advanced"})
    view = game.view(0)
    assert view["mode"] == "advanced" and {"mission", "reward"} <= set(view["held"])
    draws(game)
    finished = played(2, seed=5, options={"mode": "advanced"})
    assert finished.over
    draws(finished)


@pytest.mark.parametrize("layout", ["free", "open"])
def test_the_starting_layouts_draw(layout: str) -> None:
    game = GAME.new(2, seed=6, options={"layout": layout})
    draws(game)
    if layout == "free":
        assert game.view(None)["grid"] == [], "the first starting tile is still to place"
        game.apply(0, game.legal_actions(0)[0])
        draws(game)


def test_every_step_of_play_draws() -> None:
    """Random and AI games pass through every step (placing, bonus, stuck, houses, keeping a token)."""
    seen: set[str] = set()
    for seed in range(12):
        game = GAME.new(4, seed=seed)
        rng, policy = random.Random(seed), policy_for("small_islands")
        while not game.over:
            seat = min(game.to_move())
            step = game.view(None)["step"]
            if step not in seen:
                seen.add(step)
                picture(render_board("small_islands", game.view(None)))
                picture(render_private("small_islands", game.view(seat)))
            legal = game.legal_actions(seat)
            game.apply(seat, choose_for(game, seat, policy, rng, legal) if seed % 2 else rng.choice(legal))
        if "over" not in seen:
            seen.add("over")
            draws(game)
    assert {"prep", "turn", "place", "bonus", "houses", "over"} <= seen


def test_the_private_picture_never_shows_another_seats_secrets() -> None:
    game = played(3, seed=7, moves=45)
    before = render_private("small_islands", game.view(0))
    other = game.s["players"][1]
    other["hand"] = list(reversed(game.s["reserve"][:len(other["hand"])]))
    for kind, cards in other["held"].items():
        other["held"][kind] = list(reversed(cards)) if len(cards) > 1 else cards
    other["now"] = dict.fromkeys(other["now"])
    other["discovery"] = ["D12"] * len(other["discovery"])
    assert render_private("small_islands", game.view(0)) == before
    assert render_private("small_islands", game.view(1)) != render_private("small_islands", game.view(0))


def test_the_private_picture_shows_the_seats_own_things() -> None:
    game = played(3, seed=8, moves=30)
    view = game.view(0)
    shown = render_private("small_islands", view)
    assert render_private("small_islands", {**view, "hand": view["hand"][:1]}) != shown
    assert render_private("small_islands", {**view, "discovery": [{"id": "D01", "pp": 9}]}) != shown
    drawn = {**view, "discovery_drawn": [{"id": "D02", "pp": 3}, {"id": "D03", "pp": 8}]}
    assert picture(render_private("small_islands", drawn)).height > picture(shown).height


def test_the_rotations_shown_fit_exactly_where_the_engine_allows() -> None:
    """Under each of the four turns of a hand tile the picture lists the cells /play accepts."""
    checked = 0
    for seed in range(6):
        game = played(3, seed=seed, moves=40 + seed * 7, ai=False)
        while not game.over and game.view(None)["step"] != "place":
            seat = min(game.to_move())
            game.apply(seat, random.Random(seed).choice(game.legal_actions(seat)))
        if game.over:
            continue
        seat = game.view(None)["current"]
        view = game.view(seat)
        legal = {(a["tile"], a["rot"], a["x"], a["y"]) for a in game.legal_actions(seat) if a["type"] == "place"}
        shown = {(tile, q, x, y) for tile in view["hand"]
                 for q, cells in enumerate(hand._fits(view, tile)) for x, y in cells}
        assert shown == legal
        checked += 1
    assert checked >= 3


def test_the_coast_runs_on_across_every_seam() -> None:
    """Two matching neighbours show the same land and sea along their shared edge (B2 matching)."""
    game = played(4, seed=9)
    grid = {(t["x"], t["y"]): t for t in game.view(None)["grid"] if t["ship"] is None}
    pairs = 0
    for size in (style.READABLE, 100):
        for (x, y), t in grid.items():
            for dx, dy in ((1, 0), (0, 1)):
                u = grid.get((x + dx, y + dy))
                if u is None:
                    continue
                a, b = tiles.land(t["ring"], size), tiles.land(u["ring"], size)
                if dx:
                    left = [a.getpixel((size - 1, i)) for i in range(size)]
                    right = [b.getpixel((0, i)) for i in range(size)]
                else:
                    left = [a.getpixel((i, size - 1)) for i in range(size)]
                    right = [b.getpixel((i, 0)) for i in range(size)]
                assert all(max(abs(p - q) for p, q in zip(c, d, strict=True)) <= 40
                           for c, d in zip(left, right, strict=True)), (t["tile"], u["tile"])
                pairs += 1
    assert pairs > 10


def test_land_and_sea_follow_the_ring() -> None:
    """The middle of a land edge is land (sand or grass), the middle of a sea edge is sea."""
    size = 100
    for ring in ("LSSSSSSS", "LLLSSSSS", "LSLSLSLS", "LLLLLLLS", "SSSSSSSS"):
        tile = tiles.land(ring, size)
        for i, (x, y) in {0: (size // 2, 0), 2: (size - 1, size // 2), 4: (size // 2, size - 1),
                          6: (0, size // 2)}.items():
            colour = tile.getpixel((x, y))
            if ring[i] == "L":
                assert colour in (style.SAND, style.GRASS), (ring, i, colour)
            else:
                assert colour[2] > colour[0] + 30 and colour not in (style.SAND, style.GRASS), (ring, i, colour)
        assert tile.getpixel((size // 2, size // 2)) == style.GRASS, "every tile has land at its centre"


def test_houses_tokens_and_ships_change_the_map() -> None:
    game = played(3, seed=10, moves=30)
    view = game.view(None)
    base = render_board("small_islands", view)
    tile = next(t for t in view["grid"] if t["ship"] is None and t["symbols"] and not t["houses"])
    changed = copy.deepcopy(view)
    next(t for t in changed["grid"] if (t["x"], t["y"]) == (tile["x"], tile["y"]))["houses"] = [2]
    assert render_board("small_islands", changed) != base
    coastal = next(t for t in view["grid"] if t["ship"] is None and "S" in t["ring"])
    changed = copy.deepcopy(view)
    next(t for t in changed["grid"] if (t["x"], t["y"]) == (coastal["x"], coastal["y"]))["port_tokens"] = [1]
    assert render_board("small_islands", changed) != base


def test_a_sprawling_map_grows_the_picture_and_stays_readable() -> None:
    """The map has no bounds: a long chain of tiles gets a larger canvas, never unreadably small cells."""
    fresh = GAME.new(2, seed=11).view(None)

    def sprawl(n: int) -> dict[str, object]:
        """The fresh map with n more tiles in a chain running east (not a legal map, but a wide one)."""
        tile = fresh["grid"][0]
        far = [{**tile, "x": tile["x"] + 3 * i, "y": tile["y"] + (i % 3), "houses": []} for i in range(1, n + 1)]
        return {**fresh, "grid": fresh["grid"] + far,
                "candidates": fresh["candidates"] + [[t["x"] + 1, t["y"]] for t in far]}

    assert chart.Layout(fresh).s == max(style.CELLS), "a small map is drawn large"
    wide = sprawl(5)
    layout = chart.Layout(wide)
    assert layout.s >= style.READABLE and layout.width > style.WIDTH
    assert picture(render_board("small_islands", wide)).size == (layout.width, layout.height)
    huge = chart.Layout(sprawl(12))
    assert huge.s < style.READABLE, "past the largest canvas the cells shrink instead"
    picture(render_board("small_islands", sprawl(12)))


def test_sprites_and_the_palette_are_made_once() -> None:
    assert tiles.tile_sprite("T05", 1, 88) is tiles.tile_sprite("T05", 1, 88)
    assert tiles.land("LLLSSSSS", 88) is tiles.land("LLLSSSSS", 88)
    assert layers.palette() is layers.palette()
