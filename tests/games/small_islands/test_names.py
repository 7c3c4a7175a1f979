"""Cells are named as the picture's rulers name them ("C4", from the map's top-left), never by the rules'
B2 coordinates, which run negative west and north of the first starting tile."""

from __future__ import annotations

import random
import re

from games.small_islands.game import SmallIslands
from games.small_islands.names import cell_name, column, origin
from renderers.cast import Cast
from renderers.narrator import log
from renderers.small_islands.map import Layout

NAME = re.compile(r"\bat ([A-Z]+)(\d+)\b")


def test_columns_are_lettered_like_a_spreadsheet() -> None:
    assert [column(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_a1_is_the_free_cell_north_west_of_the_westmost_and_northmost_tiles() -> None:
    """B2 grid: the first tile lies at (0,0); the map around it starts one free row and column out."""
    assert origin({}) == (0, 0) and cell_name(0, 0, {}) == "A1"
    grid = {"0,0": {}, "-3,1": {}, "2,-2": {}}
    assert origin(grid) == (-4, -3)
    assert cell_name(-3, 1, grid) == "B5" and cell_name(2, -2, grid) == "G2"
    assert cell_name(-5, 0, grid) == "a cell off the map"


def played(seed: int, moves: int) -> SmallIslands:
    game = SmallIslands.new(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        seat = min(game.to_move())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def test_labels_log_and_rulers_name_every_cell_alike_and_never_negatively() -> None:
    """Every label's cell is on the picture's map under that name; the short log renames its cells
    when the map grows west or north (it keeps events, not sentences); two-step placement picks the
    column by its ruler letter."""
    for seed in range(6):
        game = played(seed, 40 + 15 * seed)
        if game.over:
            continue
        seat = min(game.to_move())
        view = game.view(None)
        lay = Layout(view)
        assert (lay.x0, lay.y0) == tuple(view["origin"]), "A1 is the rulers' first column and row"
        for move in game.moves(seat):
            assert not re.search(r"-\d", move.label), move.label
            found = NAME.search(move.label)
            if "x" in move.action:
                assert found is not None, move.label
                col, row = found.groups()
                x, y = move.action["x"], move.action["y"]
                assert (col, int(row)) == (column(x - lay.x0), y - lay.y0 + 1)
                assert move.areas == (f"column {col}",)
        for line in log("small_islands", view["last"], Cast.colours(2), view):
            for col, row in NAME.findall(line):
                assert int(row) >= 1 and col.isalpha()


def test_the_log_follows_the_map_when_it_grows_west() -> None:
    """A tile laid in column A moves every name one column east, the short log's included."""
    game = played(3, 30)
    game.s["log"] = [{"type": "placed", "seat": 0, "tile": "T05", "rot": 0, "x": 0, "y": 0}]
    before = log("small_islands", game.view(None)["last"], Cast.colours(2), game.view(None))[-1]
    west = min(int(k.split(",")[0]) for k in game.s["grid"]) - 1
    game.s["grid"][f"{west},0"] = dict(game.s["grid"]["0,0"])
    after = log("small_islands", game.view(None)["last"], Cast.colours(2), game.view(None))[-1]
    assert before != after
    assert NAME.search(before).group(1) != NAME.search(after).group(1)  # type: ignore[union-attr]
