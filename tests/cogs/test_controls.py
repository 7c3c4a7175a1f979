"""The move panel and the trade modal as views, for every game at many states: within Discord's limits
(at most 25 options a select, labels and descriptions within 100 characters), long lists chosen place
first, long labels still telling the moves apart, and `/play` finding moves by the picture's names."""

from __future__ import annotations

import random
import re

import pytest

import games
from cogs.controls import TradeModal, move_controls
from cogs.layout.draft import fixed_rate_choices, fresh
from cogs.layout.moves import MAX_OPTIONS, digest, is_place, option_texts
from cogs.layout.typed import matching, named, parse_move
from games.core import Game, get_game
from tests.support.components import component_problems
from tests.support.world import steps_in

GAMES = ("catan", "colonies", "roam", "roanoke", "small_islands")


def states(game_id: str, *, seed: int, moves: int, options: dict | None = None) -> list[tuple[Game, int]]:
    """A game played at random, seen at every step from the seat to move."""
    cls = get_game(game_id)
    game = cls.new(cls.max_players, seed=seed, options=options)
    rng = random.Random(seed)
    seen = []
    for _ in range(moves):
        if game.over:
            break
        seat = min(game.to_move())
        seen.append((cls.from_dict(game.to_dict()), seat))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return seen


def panels(game: Game, seat: int) -> list[list[dict]]:
    """Every view a player can reach from this state's panel: places opened one by one, trade modals."""
    choices = game.moves(seat)
    shapes = game.action_shapes(seat)
    views = [move_controls(1, 7, seat, choices, shapes).to_components()]
    for key, options in steps_in(items(views[0])).items():
        views += [move_controls(1, 7, seat, choices, shapes, area=(key, int(o["value"][1:]))).to_components()
                  for o in options if is_place(o["value"])]
    for k, shape in enumerate(shapes):
        if shape.get("fields"):
            for draft in [fresh(shape), *(fresh(shape, {n: i}) for n, i in fixed_rate_choices(shape))]:
                views.append(TradeModal(1, 7, k, shape, draft).to_components())
    return views


def items(components: list[dict]) -> list[dict]:
    return [c for row in components for c in row["components"]]


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_panel_of_every_game_keeps_within_discords_limits(game_id: str) -> None:
    for game, seat in states(game_id, seed=11, moves=400):
        for components in panels(game, seat):
            assert component_problems(components) == [], (game_id, game.describe, seat)


async def test_a_long_list_is_chosen_place_first_and_every_place_lists_its_moves() -> None:
    """CAT-10: the setup's 54 corners by hex; each corner is under every hex it touches."""
    game, seat = states("catan", seed=2, moves=1)[0]
    choices = game.moves(seat)
    assert len(choices) > MAX_OPTIONS
    first = steps_in(items(move_controls(1, 7, seat, choices, []).to_components()))["build_settlement"]
    places = [o["value"] for o in first]
    assert all(p.startswith("@") for p in places) and len(places) == 19
    shown: set[str] = set()
    for place in places:
        view = move_controls(1, 7, seat, choices, [], area=("build_settlement", int(place[1:])))
        shown |= {o["value"] for o in steps_in(items(view.to_components()))["build_settlement"]
                  if not o["value"].startswith("@")}
    assert shown == {digest(m.action) for m in choices}, "every corner is reachable"


def test_long_objective_choices_keep_what_tells_them_apart() -> None:
    """Small Islands' advanced objective choices (mission + reward + keep) are longer than 100 characters;
    as labels they keep the cards named, and the explanation goes to the description."""
    for game, seat in states("small_islands", seed=3, moves=60, options={"mode": "advanced"}):
        labels = [game.describe(a) for a in game.legal_actions(seat) if a["type"] == "choose"]
        if any(len(label) > 100 for label in labels):
            break
    else:
        raise AssertionError("no long choice came up")
    texts = option_texts(labels)
    assert len({label for label, _ in texts}) == len(set(labels)), "as many different labels as choices"
    assert all(len(label) <= 100 and (about is None or len(about) <= 100) for label, about in texts)
    assert texts[0][0].startswith("Play M") and "keep" in texts[0][0] and texts[0][1]


def test_play_takes_the_pictures_names() -> None:
    """`/play settle 32`, `road 31-32`: words that start the words of exactly one move's label pick it."""
    game, seat = states("catan", seed=2, moves=1)[0]
    choices = game.moves(seat)
    label, action, _ = choices[5]
    number = re.findall(r"\d+", named(label))[-1]  # the place's id, not a number its explanation names
    assert parse_move(f"settle {number}", 1, choices) == action
    game.apply(seat, action)
    roads = game.moves(seat)
    path = re.search(r"\d+-\d+", roads[0][0])
    assert path is not None and parse_move(f"road {path.group()}", 1, roads) == roads[0][1]
    assert len(matching("", roads)) == len(roads)


def test_roanoke_squares_are_named_as_on_the_board() -> None:
    for game, seat in states("roanoke", seed=5, moves=40):
        choices = [m for m in game.moves(seat) if m.action["type"] == "place"]
        if choices:
            name = choices[0][0].split()[2]  # "Place at G5 ┬ E-S-W"
            assert matching(name, choices)[0] == choices[0]
            return
    raise AssertionError("no placement came up")


assert games  # the shipped games are registered


def filled(shape: dict) -> dict:
    """The builder's move with the first choice of each pick, one of the first thing to give and one of
    something else to get."""
    from cogs.layout.draft import action_of

    draft = fresh(shape)
    given: set[str] = set()
    for n, field in enumerate(shape["fields"]):
        if field["kind"] == "pick":
            draft[n] = 0
        else:
            i = next(i for i, c in enumerate(field["choices"]) if c["value"] not in given)
            given.add(field["choices"][i]["value"])
            draft[n] = {i: 1}
    return action_of(shape, draft)


@pytest.mark.parametrize("game_id", ("catan", "colonies", "roanoke"))
async def test_a_trade_built_by_clicking_is_a_move_the_game_takes(game_id: str) -> None:
    """CAT-32, COL-R27, ROA-S18: what the builder makes from a game's described offer is a legal move."""
    built = 0
    for game, seat in states(game_id, seed=7, moves=1500):
        for shape in game.action_shapes(seat):
            if shape.get("fields") and all(f["choices"] for f in shape["fields"]):
                game.apply(seat, filled(shape))  # a RuleError would fail the test
                built += 1
        if built:
            return
    raise AssertionError("no trade came up")


def test_costly_moves_are_marked_by_the_game() -> None:
    """COL-S13: a cannibalized Population is gone for good; resigning is costly in every game."""
    colonies, catan = get_game("colonies"), get_game("catan")
    assert colonies.costly({"type": "cannibalize", "card": "farmer"})
    assert not colonies.costly({"type": "end_turn"}) and not catan.costly({"type": "roll"})
    assert get_game("roanoke").costly({"type": "resign"})
