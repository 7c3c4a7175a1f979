"""Custom ids: one form per item kind, writing the ids of buttons already posted as they were written, and
reading every field within its bounds."""

from __future__ import annotations

import re

import pytest

from cogs import ids


def test_each_form_writes_the_ids_already_posted_on_discord() -> None:
    written = {
        ids.MOVE.format(game_id=12, version=40, seat=1, key="ab12"): "fr:a:12:40:1:ab12",
        ids.CONFIRM_MOVE.format(game_id=12, version=40, seat=1, key="ab12"): "fr:k:12:40:1:ab12",
        ids.MOVE_SELECT.format(game_id=12, version=40, seat=1, group="*", page=2, area=None): "fr:s:12:40:1:*:2:-",
        ids.OPEN_TRADE.format(game_id=12, version=40, k=0, state=""): "fr:t:12:40:0:o",
        ids.OPEN_TRADE.format(game_id=12, version=40, k=0, state="2.."): "fr:t:12:40:0:o2..",
        ids.TRADE_MODAL.format(game_id=12, version=40, k=0, state="2.."): "fr:tq:12:40:0:2..",
        ids.CARD_SELECT.format(game_id=12, version=40, seat=1, group="discard"): "fr:cs:12:40:1:discard",
        ids.YOUR_MOVE.format(game_id=12): "fr:m:12",
        ids.HAND.format(game_id=12): "fr:h:12",
        ids.CANCEL.format(game_id=12): "fr:x:12",
        ids.LOBBY.format(game_id=12, verb="join"): "fr:l:12:join",
        ids.REMOVE_SEAT.format(game_id=12): "fr:l:12:rm",
        ids.HAND_OVER.format(game_id=12, verb="resign"): "fr:q:12:resign",
        ids.REPLAY_STEP.format(game_id=12, frame=-1, direction="prev"): "fr:r:12:-1:prev",
        ids.REPLAY_JUMP.format(game_id=12): "fr:rj:12",
    }
    assert list(written) == list(written.values())


def test_a_form_reads_back_what_it_wrote() -> None:
    text = ids.MOVE_SELECT.format(game_id=12, version=40, seat=1, group="build_road", page=2, area=3)
    match = re.fullmatch(ids.MOVE_SELECT.template, text)
    assert match is not None
    assert ids.parse(match.groupdict()) == {"game_id": 12, "version": 40, "seat": 1, "group": "build_road",
                                            "page": 2, "area": 3}
    assert ids.TRADE_MODAL.prefix == "fr:tq:"


def test_no_id_matches_two_forms() -> None:
    forms = [value for value in vars(ids).values() if isinstance(value, ids.Form)]
    for text in ["fr:l:5:rm", "fr:l:5:join", "fr:t:1:2:0:o", "fr:t:1:2:0:o2..", "fr:r:1:0:next", "fr:rj:1",
                 "fr:tq:1:2:0:2..", "fr:cs:1:2:0:discard", "fr:s:1:2:0:discard:0:-"]:
        assert len([f for f in forms if re.fullmatch(f.template, text)]) == 1, text


@pytest.mark.parametrize(("name", "text"), [
    ("game_id", "9" * 25), ("game_id", str(2**63)), ("game_id", "0"), ("game_id", "twelve"), ("game_id", ""),
    ("version", "-1"), ("seat", "64"), ("page", "1000"), ("frame", "-2"), ("area", "x"),
    ("key", "XYZ"), ("state", "1;2"),
])
def test_a_field_past_its_bounds_or_of_another_shape_is_a_polite_refusal(name: str, text: str) -> None:
    with pytest.raises(ids.BadId) as refused:
        ids.FIELDS[name].read(text)
    assert str(refused.value) == ids.BAD_ID and refused.value.code == "bad_custom_id"


def test_the_largest_values_storage_holds_are_read() -> None:
    assert ids.FIELDS["game_id"].read(str(ids.MAX_ID)) == 2**63 - 1
    assert ids.FIELDS["frame"].read("-1") == -1
    assert ids.FIELDS["area"].read("-") is None
