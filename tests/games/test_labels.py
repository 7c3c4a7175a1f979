"""Move labels say what a move costs and what else it does (issue 27, item 3), within the 100 characters of a
select option."""

from __future__ import annotations

from games.catan.board import GEOMETRY
from games.catan.game import Catan
from games.colonies import text as colonies_text
from tests.games.catan.positions import after_setup, give, rolled
from tests.games.colonies.table import table
from tests.games.roanoke.table import started


def test_cat_11_a_setup_spot_says_what_it_produces_and_its_harbour() -> None:
    game = Catan.new(4, seed=3)
    layout = game.s["layout"]
    for move in game.moves(game.current_seat()):  # type: ignore[arg-type]
        node = move.action["node"]
        for h in GEOMETRY.node_hexes[node]:
            if layout["terrain"][h] != "desert":
                assert f"on {layout['tokens'][h]}" in move.label
        assert move.label.startswith(f"Settle at {node} (makes ") and len(move.label) <= 100
    labels = {m.action["node"]: m.label for m in game.moves(game.current_seat())}  # type: ignore[arg-type]
    assert labels[2] == "Settle at 2 (makes lumber on 8; harbour 2:1 grain)"


def test_cat_23_builds_say_their_cost() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    give(game, seat, brick=2, lumber=2, wool=2, grain=4, ore=4)
    labels = [m.label for m in game.moves(seat)]
    assert any(lb.startswith("Road on path") and lb.endswith("(costs brick, lumber)") for lb in labels)
    assert "Buy a development card (costs wool, grain, ore)" in labels
    city = next(lb for lb in labels if lb.startswith("City at"))
    assert "(costs 2 grain, 3 ore; makes " in city
    assert all(len(lb) <= 100 for lb in labels)


def test_cat_19_the_robber_label_says_what_the_hex_makes_and_when_it_is_your_own() -> None:
    game = rolled(after_setup())
    seat = game.s["active"]
    game.s["phase"], game.s["resume"] = "robber", "main"
    mine = {h for v, b in enumerate(game.s["buildings"]) if b is not None and b[0] == seat
            for h in GEOMETRY.node_hexes[v]}
    moves = [m for m in game.moves(seat) if m.action["type"] == "move_robber"]
    assert moves
    for move in moves:
        assert ("your own hex too" in move.label) == (move.action["hex"] in mine)
        assert f"Robber to {GEOMETRY.hex_labels[move.action['hex']]}" in move.label and len(move.label) <= 100
    assert any(m.action["hex"] in mine for m in moves)


def test_col_s18_exploring_says_it_also_gains_a_threat() -> None:
    assert colonies_text.describe({"type": "explore", "worker": "farmer", "card": "farmland"}) == \
        "Farmer: explore Farmland (also gain the top Threat)"
    assert "see the top 3 Threats, gain one" in colonies_text.describe(
        {"type": "explore", "worker": "explorer", "card": "forest"})


def test_col_s15_working_a_land_says_what_it_gives() -> None:
    game = table(2, hand=["farmer", "food", "farmland", "miner", "food"], deck=[], discard=[])
    for card in ("farmer", "miner"):
        game.apply(0, {"type": "play", "card": card, "food": "hand"})
    game.apply(0, {"type": "play", "card": "farmland"})
    labels = [m.label for m in game.moves(0)]
    assert "Farmer: work Farmland (+3 Food)" in labels and "Miner: work Farmland (+2 Food)" in labels
    assert colonies_text.describe({"type": "work", "worker": "trapper", "land": "forest"}) == \
        "Trapper: work Forest (d6+1: Food or Wealth)"


def test_roa_s14_collecting_says_what_it_brings() -> None:
    g = started()
    assert g.describe({"type": "collect"}) == "Collect income (2 food)"  # seat 1 leads Food 1 alone
