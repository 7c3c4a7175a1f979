"""Hand-made Catan positions for the rule tests: a finished setup, then hands and pieces set directly."""

from __future__ import annotations

from games.catan.board import GEOMETRY, RESOURCES
from games.catan.game import Catan
from games.core import Rng


def after_setup(players: int = 4, seed: int = 1) -> Catan:
    """A game whose setup was played with the first listed placement each time."""
    game = Catan.new(players, seed=seed)
    while game.s["phase"] == "setup":
        seat = game.current_seat()
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def rolled(game: Catan) -> Catan:
    """Skip the roll: the active player is in the trade and build phase."""
    game.s["phase"] = "main"
    return game


def give(game: Catan, seat: int, **cards: int) -> None:
    """Move cards from the bank into a hand (conservation kept)."""
    for name, n in cards.items():
        i = RESOURCES.index(name)
        game.s["hands"][seat][i] += n
        game.s["bank"][i] -= n


def empty_hands(game: Catan) -> None:
    for seat in range(game.num_players):
        for i, n in enumerate(game.s["hands"][seat]):
            game.s["bank"][i] += n
            game.s["hands"][seat][i] = 0


def clear_board(game: Catan) -> None:
    """No pieces anywhere (hands and bank untouched)."""
    game.s["buildings"] = [None] * len(GEOMETRY.node_xy)
    game.s["roads"] = [None] * len(GEOMETRY.paths)
    game.s["road_len"] = [0] * game.num_players
    game.s["longest"] = None


def path(a: int, b: int) -> int:
    """The path between intersections a and b (engine ids, as drawn and as moves take them)."""
    found = GEOMETRY.path_index(f"{min(a, b)}-{max(a, b)}")
    assert found is not None, f"no path {a}-{b}"
    return found


def trail(length: int, start: int = 0) -> tuple[list[int], list[int]]:
    """A simple trail `length` paths long from intersection index `start`: (paths, the length+1 nodes)."""
    paths, nodes = [], [start]
    while len(paths) < length:
        v = nodes[-1]
        for p in GEOMETRY.node_paths[v]:
            a, b = GEOMETRY.paths[p]
            u = b if a == v else a
            if u not in nodes:
                paths.append(p)
                nodes.append(u)
                break
        else:
            raise AssertionError("trail ran into a dead end")
    return paths, nodes


def cut_point(nodes: list[int], roads: list[int | None]) -> tuple[int, int]:
    """An inner node of a trail with a free path beside it: (node, that path)."""
    for v in nodes[2:-2]:
        for p in GEOMETRY.node_paths[v]:
            if roads[p] is None:
                return v, p
    raise AssertionError("no inner node with a free path")


def next_roll(game: Catan, total: int) -> None:
    """Move the game's RNG to the first draw whose two dice make `total` (the dice stay the RNG's)."""
    probe = Rng(game.rng.seed, game.rng.counter)
    while True:
        start = probe.counter
        if sum(probe.dice(2)) == total:
            game.rng.counter = start
            return
