"""The trade modal's draft of a free-form move: written into a custom id and read back, bounded to the shape;
the selects it draws, what a submission says, and the move it makes (a required pick still open is refused)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import Refused
from cogs.layout.draft import (
    action_of,
    amounts,
    decode,
    encode,
    fixed_rate_choices,
    fresh,
    modal_fields,
    submitted,
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


def test_a_fixed_rate_partner_makes_the_lots_its_bundle_trades_in() -> None:
    """The bank's own modal: Bank chosen already, wood offered in lots of four (up to 8), ore one by one."""
    assert fixed_rate_choices(SHAPE) == [(0, 0)]
    draft = fresh(SHAPE, {0: 0})
    (give,) = modal_fields(SHAPE, draft)
    assert [label for label, _, _ in give.options] == ["4 Wood (4:1)", "8 Wood (4:1)", "1 Ore", "2 Ore"]
    assert (give.low, give.high) == (0, 2), "one amount per kind"
    draft = submitted(SHAPE, draft, {"1": ["0x8", "1x1"]})
    assert draft == [0, {0: 8, 1: 1}]
    assert summary(SHAPE, draft)[2] == "You give: 8 Wood (4:1), 1 Ore"


def test_the_general_modal_leaves_the_fixed_rate_partner_out() -> None:
    pick, _ = modal_fields(SHAPE, fresh(SHAPE))
    assert pick.options == [("Bob", None, "1")] and (pick.low, pick.high) == (1, 1)


def test_a_submission_is_read_within_what_was_offered() -> None:
    draft = fresh(SHAPE)
    assert submitted(SHAPE, draft, {"0": ["1"], "1": ["0x2"]}) == [1, {0: 2}]
    assert submitted(SHAPE, draft, {"0": ["0"], "1": []}) is None, "the bank is not offered here"
    assert submitted(SHAPE, draft, {"0": ["1"], "1": ["0x99"]}) is None, "an amount past the hand"
    assert submitted(SHAPE, draft, {"1": ["0x1"]}) is None, "the partner is required"
    with pytest.raises(Refused, match="pick one amount of Wood"):
        submitted(SHAPE, draft, {"0": ["1"], "1": ["0x1", "0x2"]})


def test_amounts_share_the_options_among_the_kinds() -> None:
    assert amounts([19] * 5) == [5] * 5
    assert amounts([1, 30], room=5) == [1, 4]
    assert sum(amounts([5] * 18)) == 25 and min(amounts([5] * 18)) == 1


def test_the_draft_makes_the_move_once_every_required_pick_is_made() -> None:
    with pytest.raises(Refused, match="Choose “With”"):
        action_of(SHAPE, [None, {0: 1}])
    assert action_of(SHAPE, [1, {0: 2, 1: 1}]) == {"type": "offer", "to": 1, "give": ["ore", "wood", "wood"]}
