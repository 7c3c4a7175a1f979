"""A copy shares the map's tiles with the game it was copied from (a search copies the game at every step) until
one of the two changes a tile: that game changes a clone of its own, and the other's map stays as it was."""

from __future__ import annotations

import json

from games.small_islands.game import SmallIslands
from games.small_islands.table import BONUS
from games.small_islands.tiles import key


def at_bonus() -> tuple[SmallIslands, int]:
    """The closed starting layout, objectives chosen, the first player about to play a bonus token."""
    g = SmallIslands.new(2, seed=7)
    for seat in sorted(g.to_move()):
        g.apply(seat, g.legal_actions(seat)[0])
    seat = g.s["current"]
    g.s["step"] = BONUS
    return g, seat


def test_a_copy_shares_the_tiles_until_its_port_token_changes_one() -> None:
    g, seat = at_bonus()
    port = next(a for a in g.legal_actions(seat) if a["type"] == "port")
    k = key(port["x"], port["y"])
    before = json.dumps(g.to_dict())
    twin = g.copy()
    assert twin.s["grid"][k] is g.s["grid"][k], "the copy shares the tile"
    twin.apply(seat, port)
    assert twin.s["grid"][k]["port_tokens"] == [seat]
    assert twin.s["grid"][k] is not g.s["grid"][k]
    assert json.dumps(g.to_dict()) == before, "the original's map is as it was"


def test_the_original_changes_its_own_clone_when_it_converts_a_resource_after_a_copy() -> None:
    g, seat = at_bonus()
    convert = next(a for a in g.legal_actions(seat) if a["type"] == "convert")
    k = key(convert["x"], convert["y"])
    twin = g.copy()
    before = json.dumps(twin.to_dict())
    g.apply(seat, convert)
    assert g.s["grid"][k]["res"][convert["icon"]] == convert["to"]
    assert json.dumps(twin.to_dict()) == before, "the copy's map is as it was"
    again = twin.copy()  # a copy of a copy shares the tiles the copy still shares with the original
    assert again.s["grid"][k] is twin.s["grid"][k]
    again.apply(seat, convert)
    assert json.dumps(twin.to_dict()) == before
