"""The rulebook's Catan pictures say what their positions hold: each fact a caption states (who rolled, the
robber's hex with its resource and number, whom it robbed, who holds Longest Road and how long, the cards in the
hand shown) is read here from the built position, at the shipped seed and at another, so that a caption cannot
drift from the position the engine builds."""

from __future__ import annotations

import pytest

import games.catan.examples as catan_examples
from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.catan.game import Catan
from games.catan.table import DEV_NAMES
from games.colours import colour_of, seat_name
from games.rulebook import examples


def shown(name: str) -> tuple[Catan, str, str | None]:
    game, caption, area = examples("catan")[name].shown()
    assert isinstance(game, Catan)
    return game, caption, area


@pytest.mark.parametrize("seed", [catan_examples.SEED, 1])
def test_each_captions_facts_are_its_positions(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catan_examples, "SEED", seed)

    game, caption, _ = shown("settled")
    assert f"Seat {game.s['start'] + 1} rolls first." in caption
    for seat in range(game.num_players):
        assert sum(b == [seat, 1] for b in game.s["buildings"]) == 2 and game.s["roads"].count(seat) == 2

    game, caption, area = shown("robber")
    hex_, label = game.s["robber"], GEOMETRY.hex_labels[game.s["robber"]]
    number, resource = game.s["layout"]["tokens"][hex_], TERRAIN_YIELD[game.s["layout"]["terrain"][hex_]]
    assert area == f"hex {label}" and sum(game.s["last_roll"]) == 7
    assert caption.startswith(f"Seat {game.s['active'] + 1} rolled a 7 and moved the robber (R) to hex {label}, "
                              f"a {resource} {number}, robbing "), caption
    robbed = int(caption.split("robbing Seat ")[1].split(" ")[0]) - 1
    owners = {b[0] for v in GEOMETRY.hex_nodes[hex_] if (b := game.s["buildings"][v]) is not None}
    assert robbed in owners and robbed != game.s["active"] and seat_name(robbed) in caption
    assert f"pays nothing from {label}, to {' or to '.join(colour_of(s) for s in sorted(owners))}." in caption

    game, caption, _ = shown("longest_road")
    holder = game.s["longest"]
    assert caption.startswith(f"{seat_name(holder)} has {game.s['road_len'][holder]} roads in a row and holds "
                              "Longest Road"), caption

    example = examples("catan")["hand"]
    game, caption, _ = shown("hand")
    assert example.seat is not None and caption.startswith(f"Seat {example.seat + 1}'s hand"), caption
    held = {kind: n for kind, n in game.s["devs"][example.seat].items() if n}
    assert held and all(f"{n} {DEV_NAMES[kind]}" in caption for kind, n in held.items()), (held, caption)
