"""Custom ids: one prefix per item kind, the formats of buttons already posted kept, every field bounded."""

from __future__ import annotations

import re

import pytest

from cogs import ids


def test_the_prefixes_are_those_of_the_buttons_already_posted() -> None:
    assert (ids.MOVE, ids.CONFIRM_MOVE, ids.MOVE_SELECT, ids.BUILDER, ids.BUILDER_COUNTS, ids.YOUR_MOVE, ids.HAND,
            ids.CANCEL, ids.LOBBY, ids.HAND_OVER, ids.REPLAY_STEP, ids.REPLAY_JUMP) == (
        "fr:a", "fr:k", "fr:s", "fr:t", "fr:tm", "fr:m", "fr:h", "fr:x", "fr:l", "fr:q", "fr:r", "fr:rj")


def test_a_template_reads_an_id_the_bot_wrote_into_its_fields() -> None:
    pattern = ids.template(ids.MOVE_SELECT, "game_id", "version", "seat", "group", "page", "area")
    match = re.fullmatch(pattern, "fr:s:12:40:1:build_road:2:-")
    assert match is not None
    assert ids.parse(match.groupdict()) == {"game_id": 12, "version": 40, "seat": 1, "group": "build_road",
                                            "page": 2, "area": None}
    match = re.fullmatch(pattern, "fr:s:12:40:1:*:0:3")
    assert match is not None and ids.parse(match.groupdict())["area"] == 3


def test_literal_parts_keep_kinds_apart() -> None:
    verbs = ids.template(ids.LOBBY, "game_id", "(?P<verb>join|ai|leave|start)")
    remove = ids.template(ids.LOBBY, "game_id", "rm")
    assert re.fullmatch(verbs, "fr:l:5:rm") is None and re.fullmatch(remove, "fr:l:5:rm") is not None
    assert re.fullmatch(ids.template(ids.REPLAY_STEP, "game_id", "frame", "(?P<direction>prev|next)"),
                        "fr:rj:5") is None


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
