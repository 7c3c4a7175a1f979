"""The builder's draft of a free-form move: written into a custom id and read back, bounded to the shape,
turned into the move (a required pick still open is refused)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import Refused
from cogs.layout.draft import (
    NO_PICK,
    action_of,
    counted,
    decode,
    encode,
    field_options,
    fresh,
    picked,
    summary,
)

SHAPE: dict[str, Any] = {
    "type": "offer", "title": "Offer a trade", "same_size": None,
    "fields": [
        {"name": "to", "label": "With", "kind": "pick",
         "choices": [{"label": "Bank", "value": "bank", "rates": {"give": {"wood": 4}}},
                     {"label": "Bob", "value": 1}]},
        {"name": "give", "label": "You give", "kind": "bundle",
         "choices": [{"label": "Wood", "value": "wood", "max": 8}, {"label": "Ore", "value": "ore", "max": 2}]},
    ],
}


def test_a_draft_survives_its_custom_id_text() -> None:
    draft = [1, {0: 2, 1: 1}]
    assert encode(draft) == "1.0x2,1x1"
    assert decode(SHAPE, encode(draft)) == draft
    assert decode(SHAPE, encode(fresh(SHAPE))) == [None, {}]


def test_reading_leaves_out_what_does_not_fit_the_shape() -> None:
    assert decode(SHAPE, "7.5x1,0x0,1x2x3,0x3") == [None, {0: 3}]
    assert decode(SHAPE, "") == [None, {}]


def test_a_pick_sets_the_rate_its_bundle_trades_at() -> None:
    draft = picked(SHAPE, fresh(SHAPE), 0, ["0"])
    draft = picked(SHAPE, draft, 1, ["0", "1", "9"])
    assert draft == [0, {0: 4, 1: 1}], "wood comes in lots of four with the bank; a forged index is left out"
    assert summary(SHAPE, draft)[2] == "You give: 4 Wood (4:1), 1 Ore"


def test_counts_out_of_range_are_kept_as_they_were_and_said() -> None:
    part, wrong = counted(SHAPE["fields"][1], {0: 1, 1: 1}, {"0": "5", "1": "3", "x": "1", "7": "1"})
    assert part == {0: 5, 1: 1} and wrong == ["Ore: “3” is not 1–2"]


def test_the_draft_makes_the_move_once_every_required_pick_is_made() -> None:
    with pytest.raises(Refused, match="Choose “With” first"):
        action_of(SHAPE, [None, {0: 1}])
    assert action_of(SHAPE, [1, {0: 2, 1: 1}]) == {"type": "offer", "to": 1, "give": ["ore", "wood", "wood"]}


def test_a_field_offers_its_choices_with_what_is_chosen() -> None:
    options, low, high = field_options(SHAPE["fields"][0], 1, {}) or ([], 0, 0)
    assert [(value, on) for (_, _, value), on in options] == [("0", False), ("1", True)] and (low, high) == (1, 1)
    optional = {**SHAPE["fields"][0], "optional": True}
    options, _, _ = field_options(optional, None, {}) or ([], 0, 0)
    assert options[-1] == (("None", None, NO_PICK), True)
    assert field_options({**SHAPE["fields"][0], "choices": SHAPE["fields"][0]["choices"][:1]}, 0, {}) is None
    options, low, high = field_options(SHAPE["fields"][1], {0: 1}, {"give": {"wood": 4}}) or ([], 0, 0)
    assert options[0] == (("Wood", "up to 8 (4:1)", "0"), True) and (low, high) == (0, 2)
