"""ROAM's move labels say what a placement gives, and the picture marks only placements that place something
(issue 27, item 3).  A5.3 step 1.1 makes an anchor legal when every normal square lies on a card, even when
every square is taken (step 1.2 skips them; step 5's stall guard exists for such turns): it stays legal,
labelled as placing nothing."""

from __future__ import annotations

from games.roam.data import CARDS
from games.roam.game import RoamGame
from games.roam.geometry import parse_square, project, square_name


def chosen(seed: int = 3) -> tuple[RoamGame, int, str]:
    """A 2-player game with the player to move about to place their Scout (a pattern with a blank)."""
    g = RoamGame.new(2, seed=seed, options={})
    seat = g.current
    card = "S1-" + g.players[seat]["colour"]
    g.apply(seat, {"type": "choose", "card": card})
    return g, seat, card


def pattern_squares(g: RoamGame, seat: int, card: str, anchor: str) -> list[str]:
    sq = parse_square(anchor)
    assert sq is not None
    edge = g.players[seat]["edge"]
    normal, blank = list(CARDS[card].normal), list(CARDS[card].blank)
    return [square_name(s) for s in project(edge, sq, normal, normal) + project(edge, sq, normal, blank)
            if g.has_card(s)]


def test_a5_3_step_1_2_a_placement_whose_squares_are_all_taken_is_labelled_and_not_marked() -> None:
    g, seat, card = chosen()
    anchor = next(a["square"] for a in g.legal_actions(seat) if a["type"] == "place")
    for name in pattern_squares(g, seat, card, anchor):
        r, c = parse_square(name)  # type: ignore[misc]
        g.map[r][c].append(1 - seat)
    assert g.describe({"type": "place", "square": anchor}) == f"Key marker on {anchor}: places nothing, every " \
                                                             "square is taken"
    anchors = g.view(None)["placing"]["anchors"]
    assert anchor not in anchors and anchors, "the other anchors are still marked"
    assert {"type": "place", "square": anchor} in g.legal_actions(seat), "A5.3 step 1.1: still legal"
    supply = g.players[seat]["supply"]
    events = g.apply(seat, {"type": "place", "square": anchor})
    assert g.players[seat]["supply"] == supply and not [e for e in events if e["type"] == "marker"]


def test_a5_3_step_1_a_placement_label_counts_markers_coins_and_blanks() -> None:
    g, seat, _card = chosen()
    for action in g.legal_actions(seat):
        if action["type"] != "place":
            continue
        label = g.describe(action)
        assert len(label) <= 100 and label.startswith(f"Key marker on {action['square']}: ")
        fill, blanks = g.yield_of(seat, parse_square(action["square"]))  # type: ignore[arg-type]
        assert f"{len(fill)} marker" in label
        coins = sum(g.square_coins(q) for q in fill)
        assert (f"+{coins} coin" in label) == (coins > 0)
        assert ("to buy at 2 coins" in label) == bool(blanks)
