"""The move panel's layout: which moves are buttons, which share a select, how a long select pages or
opens place by place, and the digest that names a move wherever the list puts it."""

from __future__ import annotations

from cogs.layout.moves import (
    CONFIRM_FIRST,
    MAX_OPTIONS,
    POOL,
    Group,
    button_labels,
    card_pick,
    clip,
    digest,
    find_choice,
    group_moves,
    group_options,
    page_of,
    places,
    steps,
    ways,
)
from games.core import Move


def moves(kind: str, n: int, *, areas: bool = False) -> list[Move]:
    return [Move(f"{kind} {i}", {"type": kind, "at": i}, (f"spot {i // 3}",) if areas else ()) for i in range(n)]


def test_lone_moves_are_buttons_and_the_others_share_a_select_per_type() -> None:
    choices = [*moves("end_turn", 1), *moves("build_road", 3), *moves("trade", 2)]
    buttons, groups = group_moves(choices)
    assert buttons == [0]
    assert [(g.key, g.title, g.indices) for g in groups] == [("build_road", "Build road", [1, 2, 3]),
                                                             ("trade", "Trade", [4, 5])]


def test_what_does_not_fit_five_rows_goes_to_one_pool() -> None:
    choices = [m for kind in "abcdefg" for m in moves(kind, 2)] + moves("lone", 1)
    buttons, groups = group_moves(choices)
    assert len(buttons) + len(groups) <= 5 + 4
    assert groups[-1].key == POOL
    shown = set(buttons) | {i for g in groups for i in g.indices}
    assert shown == set(range(len(choices))), "every move is somewhere"


def test_a_long_list_pages_with_room_for_the_next_page() -> None:
    indices = list(range(60))
    first, more = page_of(indices, 0)
    assert first == list(range(MAX_OPTIONS - 1)) and more
    last, more = page_of(indices, 2)
    assert last == list(range(48, 60)) and not more
    assert page_of(list(range(25)), 0) == (list(range(25)), False)


def test_a_long_list_whose_moves_name_places_opens_place_by_place() -> None:
    choices = moves("settle", 40, areas=True)
    _, groups = group_moves(choices)
    assert places(choices, groups[0].indices)[:2] == ["spot 0", "spot 1"]
    first = group_options(choices, groups[0], 0, None)
    assert first[0] == ("spot 0…", None, "@0") and all(value.startswith(("@", "p")) for _, _, value in first)
    opened = group_options(choices, groups[0], 0, 1)
    assert opened[0][2] == "@" and [label for label, _, _ in opened[1:]] == ["settle 3", "settle 4", "settle 5"]
    assert group_options(choices, groups[0], 0, 999) == [("← Other places", None, "@")], "a forged place: none"


def test_a_short_list_whose_places_hold_several_moves_opens_place_by_place_placeless_moves_last() -> None:
    """Issue 36: every pick of a place ends on a close-up, however few the moves (Catan's mid-game roads); the
    moves that happen nowhere on the picture (ROAM's placing nothing) come after the places."""
    choices = [Move("skip", {"type": "settle", "at": -1}), *moves("settle", 6, areas=True)]
    _, groups = group_moves(choices)
    first = group_options(choices, groups[0], 0, None)
    assert [(label, value) for label, _, value in first] == [
        ("spot 0…", "@0"), ("spot 1…", "@1"), ("skip", CONFIRM_FIRST + digest(choices[0].action))], "asked first"
    opened = group_options(choices, groups[0], 0, 1)
    assert [label for label, _, _ in opened] == ["← Other places", "settle 3", "settle 4", "settle 5"]


def test_a_place_step_and_its_spot_step_are_buttons_where_they_fit_the_rows_left() -> None:
    """Issue 36: a place pick is *Your move*, a tap on the place, a tap on the spot: the steps of a group chosen
    place first are buttons where the panel's rows hold them, and a select (two taps) where they do not."""
    choices = [Move(f"Road on path {i} (costs brick)", {"type": "build_road", "at": i}, (f"hex {i // 3}",))
               for i in range(12)] + [Move(f"City at {i}", {"type": "build_city", "at": i}, (f"hex {i // 2}",))
                                      for i in range(50)]
    _, groups = group_moves(choices)
    drawn = steps(choices, groups, 5, {}, None)
    assert [(s.group.key, s.buttons, s.rows) for s in drawn] == [("build_road", True, 1), ("build_city", False, 1)], \
        "25 hexes of cities would need the whole panel"
    assert button_labels(drawn[0], alone=False)[0] == "Build road: hex 0…", "a place says whose it is"
    assert button_labels(drawn[0], alone=True)[0] == "hex 0…"
    opened = steps(choices, groups, 5, {}, ("build_road", 1))[0]
    assert opened.buttons and button_labels(opened, alone=False) == [
        "← Other places", "Road on path 3", "Road on path 4", "Road on path 5"], "a spot without what every one says"
    assert steps(choices, groups, 5, {}, ("build_city", 3))[1].buttons, "a close-up's few spots fit"


def test_a_spot_button_says_what_tells_it_from_the_groups_other_moves() -> None:
    """A button has no description: a city's spot keeps what it makes and leaves out the cost every city shares,
    in a close-up of several spots as of one."""
    choices = [Move(f"City at {i} (costs 2 grain, 3 ore; makes ore on {i + 2})", {"type": "build_city", "at": i},
                    (f"hex {i // 2}",)) for i in range(5)]
    _, groups = group_moves(choices)
    both = steps(choices, groups, 5, {}, ("build_city", 0))[0]
    assert button_labels(both, alone=True) == ["← Other places", "City at 0 (makes ore on 2)",
                                               "City at 1 (makes ore on 3)"]
    lone = steps(choices, groups, 5, {}, ("build_city", 2))[0]
    assert button_labels(lone, alone=True) == ["← Other places", "City at 4 (makes ore on 6)"]


def test_where_each_place_holds_one_move_the_place_is_the_pick() -> None:
    choices = [Move(f"robber {i}", {"type": "robber", "hex": i}, (f"hex {i}",)) for i in range(5)]
    _, groups = group_moves(choices)
    assert places(choices, groups[0].indices) == []
    assert [label for label, _, _ in group_options(choices, groups[0], 0, None)] == [f"robber {i}" for i in range(5)]


def test_a_digest_names_the_move_not_its_place_in_the_list() -> None:
    choices = moves("build_road", 3)
    key = digest(choices[2].action)
    assert find_choice(list(reversed(choices)), key) == choices[2]
    assert find_choice(choices, "0" * 12) is None
    assert digest({"b": 1, "a": 2}) == digest({"a": 2, "b": 1})


def test_clip_keeps_within_the_limit() -> None:
    assert clip("x" * 200, 100) == "x" * 99 + "…" and clip("short") == "short"


def discards(hand: dict[str, int], owed: int) -> list[Move]:
    """Every way of discarding `owed` cards of `hand`, one move each, as Catan lists them (CAT-18)."""
    out: list[dict[str, int]] = [{}]
    for kind, held in hand.items():
        out = [{**d, kind: n} if n else d for d in out for n in range(held + 1)]
    return [Move(str(d), {"type": "discard", "cards": d}) for d in out if sum(d.values()) == owed]


def test_every_way_of_choosing_cards_is_one_select_of_the_cards() -> None:
    """CAT-18: the discards of 2 of {ore 2, wool 1} are one pick of 2 cards among Ore 1, Ore 2, Wool 1."""
    choices = discards({"ore": 2, "wool": 1}, 2)
    assert ways([2, 1], 2) == len(choices) == 2
    pick = card_pick(choices, Group("discard", "Discard", list(range(len(choices)))))
    assert pick is not None and pick.size == 2
    assert [label for label, _, _ in pick.options()] == ["Ore 1", "Ore 2", "Wool 1"]
    assert pick.action(["ore.1", "wool.1"]) == {"type": "discard", "cards": {"ore": 1, "wool": 1}}
    assert pick.action(["ore.1"]) is None and pick.action(["ore.1", "ore.9"]) is None, "only what was offered"


def test_moves_that_are_not_every_way_of_choosing_cards_stay_moves() -> None:
    every = discards({"ore": 2, "wool": 2}, 2)
    choices = [every[0], every[2]]  # 1 ore and 1 wool missing: that pick would name no move
    assert card_pick(choices, Group("discard", "Discard", list(range(len(choices))))) is None
    roads = moves("build_road", 3)
    assert card_pick(roads, Group("build_road", "Build road", [0, 1, 2])) is None
