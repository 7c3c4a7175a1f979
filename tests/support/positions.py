"""Tables built to a chosen position and written into storage, so a test starts where it means to (never
waiting for random play to get there)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from bot import outbox
from bot.outcome import Outcome
from bot.service.kernel import info_of
from bot.storage import Effects, Job, JobKind
from cogs.layout.moves import MAX_OPTIONS
from games.catan.board import GEOMETRY, RESOURCES
from games.catan.game import Catan
from games.colonies.game import Colonies
from games.core import Game, Rng, StateGame, get_game
from tests.support.clicking import seated
from tests.support.person import Person
from tests.support.world import World

OPENING_MOVES = 12
"""How many opening moves `opened_to` makes at most before it calls its position missing."""


async def rewritten(world: World, game_id: int, edit: Callable[[Game], Game | None], *, ai_turn: bool = False,
                    board: bool = False) -> None:
    """The stored game changed by `edit` (moves played on it, or its state dict changed; or the game it returns
    instead), kept as the game's new start; with `ai_turn` an AI seat to move there moves at once (its turn is
    due now); with `board` the position's board is posted (its one-tap moves drawn for it)."""
    service = world.bot.service
    row = await service.storage.load(game_id)
    assert row is not None
    game = get_game(row.game_type).from_dict(json.loads(row.state))
    game = edit(game) or game
    later = dataclasses.replace(row, version=row.version + 1)
    shown = [outbox.board(Outcome(game=info_of(later, game), lines=["The test's position."],
                                  public_view=game.view(None)))] if board else []
    await service.storage.truncate_actions(game_id, keep=0, expected_version=row.version,
                                           state=json.dumps(game.to_dict()), now=service.clock(),
                                           effects=Effects(outbox=shown, jobs=[Job(JobKind.AI_TURN, service.clock())]
                                                           if ai_turn else None))
    if ai_turn or board:
        world.bot.scheduler.wake()  # written past the service, which would have woken them
        world.bot.delivery.wake()
        await world.settle()


async def catan_turn_with(world: World, cards: dict[str, int], *, harbour: bool = False, discard: int = 0,
                          others: dict[str, int] | None = None) -> tuple[int, dict[int, Person], int, str]:
    """A Catan table of three people (no AI seat, so nothing moves by itself) built to the active seat's
    trade and build step, after a setup of the first listed placements off the harbours: the active seat
    holds `cards` (from the bank); with `harbour` a settlement on a 2:1 harbour too, whose resource is
    returned ("" without); with `discard` a 7 was rolled and the active seat owes that many cards (CAT-18);
    every other seat holds `others`. The position's board is posted.
    Returns the game, who sits where, the active seat and the harbour's resource."""
    game_id, people = await seated(world, "catan", guests=2)
    built: dict[str, Any] = {}

    def build(game: Game) -> None:
        assert isinstance(game, Catan)
        harbours = {v: kind for p, kind in zip(GEOMETRY.harbor_paths, game.s["layout"]["harbors"], strict=True)
                    for v in GEOMETRY.paths[p]}
        while game.s["phase"] == "setup":
            seat = game.current_seat()
            assert seat is not None
            game.apply(seat, next(a for a in game.legal_actions(seat) if a.get("node") not in harbours))
        seat, kind = game.s["active"], ""
        if harbour:  # CAT-22 kept: an open corner of a resource's harbour
            node = next(v for v in sorted(harbours) if harbours[v] != "any" and all(
                game.s["buildings"][u] is None for u in (v, *GEOMETRY.node_neighbours[v])))
            game.s["buildings"][node], kind = [seat, 1], harbours[node]
        for hand in game.s["hands"]:
            for i, n in enumerate(hand):
                game.s["bank"][i] += n
                hand[i] = 0
        for who in range(game.num_players):
            held = {**cards, **({kind: 2} if kind else {})} if who == seat else others or {}
            for name, n in held.items():
                game.s["hands"][who][RESOURCES.index(name)] += n
                game.s["bank"][RESOURCES.index(name)] -= n
        game.s["phase"] = "main"
        if discard:
            game.s["phase"], game.s["discards"], game.s["resume"] = "discard", {str(seat): discard}, "main"
        built.update(seat=seat, kind=kind)

    await rewritten(world, game_id, build, board=True)
    return game_id, people, built["seat"], built["kind"]


def dice_to(game: StateGame, total: int) -> None:
    """The game's next roll of two dice made to total `total`: its Rng's counter moved on to such a draw."""
    while sum(Rng(game.rng.seed, game.rng.counter).dice(2)) != total:
        game.rng.counter += 1


def paying(seat: int) -> Callable[[Catan], int]:
    """The number of the first hex (not under the robber) beside one of the seat's buildings: rolled, it pays
    the seat (CAT-16)."""
    def number(game: Catan) -> int:
        tokens, buildings = game.s["layout"]["tokens"], game.s["buildings"]
        return next(token for h, token in enumerate(tokens) if token is not None and h != game.s["robber"]
                    and any((buildings[v] or [None])[0] == seat for v in GEOMETRY.hex_nodes[h]))

    return number


async def catan_roll(world: World, game_id: int, total: Callable[[Catan], int]) -> None:
    """The stored Catan game put back before its active seat's roll, the dice set to total what `total`
    picks from the position (a 7, or a number that pays someone)."""
    def back(game: Game) -> None:
        assert isinstance(game, Catan)
        game.s["phase"] = "roll"
        dice_to(game, total(game))

    await rewritten(world, game_id, back)


def colonies_trader_ready(game: Game) -> int:
    """The Colonies seat to move, in its main phase with a Trader ready and food, food and a farmer in hand, the
    other seat holding a wealth and a food (COL-R27); returns the seat."""
    assert isinstance(game, Colonies)
    seat = game.s["current"]
    me, other = game.player(seat), game.player(1 - seat)
    me["hand"], other["hand"] = ["food", "food", "farmer"], ["wealth", "food"]
    me["in_play"].append({"card": "trader", "state": "ready"})
    game.s.update(phase="main", pending=None, offer=None, active_event=None)
    return seat


async def colonies_trader_table(world: World) -> tuple[int, dict[int, Person], int]:
    """Two people at Colonies, the seat to move ready to trade (`colonies_trader_ready`): the game, who sits
    where, and that seat."""
    game_id, people = await seated(world, "colonies")
    built: dict[str, int] = {}

    def ready(game: Game) -> None:
        built["seat"] = colonies_trader_ready(game)

    await rewritten(world, game_id, ready)
    return game_id, people, built["seat"]


async def opened_to(world: World, game_type: str, ready: Callable[[Game, int], bool], *, seed: int = 1
                    ) -> tuple[int, dict[int, Person], int]:
    """A table of people only, its game opened by each seat's first listed move until `ready` says the seat
    to move is where the test wants it (a handful of moves from the start, no chance involved: the first
    placement of ROAM or Small Islands, Roanoke's first main step); the game, who sits where, and that seat."""
    players = get_game(game_type).min_players
    game_id, people = await seated(world, game_type, guests=players - 1)
    found: dict[str, int] = {}

    def play(table: Game) -> Game:
        game = get_game(game_type).new(table.num_players, seed=seed)  # the table's own seed is new each run
        for _ in range(OPENING_MOVES):
            seat = min(game.to_move())
            if ready(game, seat):
                found["seat"] = seat
                return game
            game.apply(seat, game.legal_actions(seat)[0])
        raise AssertionError(f"{game_type} was not ready within {OPENING_MOVES} opening moves")

    await rewritten(world, game_id, play)
    return game_id, people, found["seat"]


def many(kind: str) -> Callable[[Game, int], bool]:
    """Ready where the seat has more moves of type `kind` than one select holds."""
    return lambda game, seat: len([a for a in game.legal_actions(seat) if a["type"] == kind]) > MAX_OPTIONS
