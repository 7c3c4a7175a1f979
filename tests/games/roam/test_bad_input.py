"""ROAM refuses bad input: a RuleError with a stable code and a message that names the problem, and no state change.

Each test cites the section of rules/roam.md that makes the input illegal.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import RuleError
from games.roam.data import ARTIFACTS, CARDS
from games.roam.game import RoamGame
from games.roam.geometry import parse_square, project, slot_of, square_name
from tests.games.roam.table import end_turn, fill_slot, tie_of_the_next_two
from tests.support.words import assert_plain


def game(players: int = 2, seed: int = 1, **options: bool) -> RoamGame:
    return RoamGame.new(players, seed=seed, options=options)


def refuse(g: RoamGame, seat: int, action: Any, code: str) -> str:
    """Apply an action that must be refused with `code`; the state must be exactly as before.  Returns the message."""
    before = g.to_dict()
    with pytest.raises(RuleError) as info:
        g.apply(seat, action)
    assert info.value.code == code, f"{action!r}: got {info.value.code!r}: {info.value}"
    assert g.to_dict() == before, f"refused {action!r} changed the state"
    message = str(info.value)
    assert message.strip(), "a refusal must say why"
    assert_plain(message, g)
    return message


def own_card(g: RoamGame, seat: int, prefix: str) -> str:
    """A seat's starting card by its prefix: S1 Scout (forward pair + blank), S2 Ranger, S3 Pathfinder."""
    return f"{prefix}-{g.players[seat]['colour']}"


def cells(g: RoamGame, seat: int, anchor: str, which: str = "normal") -> list[tuple[int, int]]:
    """Map squares of the chosen pattern's normal (or blank) cells with the key marker on `anchor`."""
    normal = [tuple(c) for c in g.turn["normal"]]
    other = normal if which == "normal" else [tuple(c) for c in g.turn["blank"]]
    sq = parse_square(anchor)
    assert sq is not None
    return project(g.players[seat]["edge"], sq, normal, other)  # type: ignore[arg-type]


def anchors(g: RoamGame, seat: int) -> list[str]:
    return [a["square"] for a in g.legal_actions(seat) if a["type"] == "place"]


def play_turn(g: RoamGame, seat: int) -> None:
    """Finish `seat`'s turn the plain way: first character, first anchor, no blanks, no purchase."""
    while not g.over and g.current == seat:
        legal = g.legal_actions(seat)
        enders = [a for a in legal if a["type"] in ("done", "end_turn", "skip_place")]
        g.apply(seat, enders[0] if enders else legal[0])


def tie_bid(players: int = 2, seed: int = 8, coins: int = 3) -> tuple[RoamGame, list[int]]:
    """A game at a tie bid on slot 1 between the active player and the next seat; returns it and the bid order."""
    g = game(players, seed=seed)
    seat = g.current
    other = (seat + 1) % players
    for p in g.players:
        p["coins"] = coins
    fill_slot(g, 0, [seat, seat, seat, other, other, other])
    end_turn(g)
    assert g.phase == "bid" and g.bid is not None
    return g, list(g.bid["order"])


# -- placing a pattern off the map or on a square that is not one -----------------------------------------------

def test_a_key_marker_square_that_sends_a_normal_cell_off_the_map_is_refused_as_off_map() -> None:
    # A2 Placement anchor; A5.3 step 1.1: every normal cell must lie on the map.
    g = game()
    seat = g.current
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    legal = set(anchors(g, seat))
    outside = next(square_name((r, c)) for r in range(6) for c in range(6) if square_name((r, c)) not in legal)
    assert not all(0 <= r < 6 and 0 <= c < 6 for r, c in cells(g, seat, outside))
    message = refuse(g, seat, {"type": "place", "square": outside}, "off_map")
    assert outside in message and "leaves the map" in message


def test_a_key_marker_on_a_slot_left_empty_by_the_deck_is_refused_as_off_map() -> None:
    # A5.3 step 3.6: an empty slot's squares count as off-map; A5.3 step 1.1 "on an occupied slot".
    g = game(seed=2)
    seat = g.current
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S2")})
    square = next(a for a in anchors(g, seat) if all(slot_of(sq) == 0 for sq in cells(g, seat, a)))
    g.deck = []
    g.slots[0] = None
    assert square not in anchors(g, seat)
    message = refuse(g, seat, {"type": "place", "square": square}, "off_map")
    assert square in message and "land on a card" in message


@pytest.mark.parametrize("square", ["G1", "A7", "A0", "A10", "", "11", "Z", 11, None, ["A", 1]])
def test_a_key_marker_square_that_is_not_a_map_square_is_refused_as_bad_square(square: Any) -> None:
    # A2 Map squares: columns A-F, rows 1-6.
    g = game(seed=3)
    seat = g.current
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    message = refuse(g, seat, {"type": "place", "square": square}, "bad_square")
    assert "A1 to F6" in message


def test_a_lower_case_key_marker_square_is_refused_as_bad_square_not_blamed_on_the_stone_hammer() -> None:
    # A2 Map squares / Placement anchor: squares are written A1..F6 as listed; the refusal names the square.
    g = game(seed=3)
    seat = g.current
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    square = anchors(g, seat)[0]
    message = refuse(g, seat, {"type": "place", "square": square.lower()}, "bad_square")
    assert "Hammer" not in message and "A1 to F6" in message and repr(square.lower()) in message
    g.apply(seat, {"type": "place", "square": square})


def test_placing_before_choosing_a_character_is_refused_as_wrong_phase() -> None:
    # A5.3 step 1: P chooses a face-up character first, then an anchor.
    g = game(seed=4)
    seat = g.current
    message = refuse(g, seat, {"type": "place", "square": "C4"}, "wrong_phase")
    assert "cannot place now" in message and "choose a character" in message


# -- face-down characters --------------------------------------------------------------------------------------

def test_a_character_used_last_turn_stays_face_down_and_cannot_be_chosen() -> None:
    # A5.3 step 1: "P chooses one face-up character"; "Flip c face down" after placing.
    g = game(seed=5)
    seat = g.current
    card = g.legal_actions(seat)[0]["card"]
    play_turn(g, seat)
    play_turn(g, g.current)
    assert g.current == seat and not next(c for c in g.players[seat]["characters"] if c["card"] == card)["up"]
    message = refuse(g, seat, {"type": "choose", "card": card}, "face_down")
    assert CARDS[card].name in message and "face down" in message


def test_a_character_flipped_down_with_the_hourglass_cannot_be_chosen() -> None:
    # A3.3 Hourglass + A5.3 step 0.1 flips either way; A5.3 step 1 needs a face-up character.
    g = game(seed=6)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-flip-1", "up": True})
    card = own_card(g, seat, "S3")
    g.apply(seat, {"type": "hourglass", "card": card})
    message = refuse(g, seat, {"type": "choose", "card": card}, "face_down")
    assert CARDS[card].name in message and "face down" in message


def test_choosing_an_opponents_character_is_refused_as_not_your_card() -> None:
    # A5.3 step 1: P chooses one of P's own characters.
    g = game(seed=7)
    seat = g.current
    theirs = own_card(g, 1 - seat, "S1")
    message = refuse(g, seat, {"type": "choose", "card": theirs}, "not_your_card")
    assert "not one of your characters" in message


@pytest.mark.parametrize("kind", ["choose", "hourglass"])
@pytest.mark.parametrize("card", [["S1-blue"], {"id": "S1-blue"}, 1, None, True])
def test_a_card_that_is_not_a_card_id_is_refused_not_crashed(kind: str, card: Any) -> None:
    # A5.3 step 1 / A3.3 Hourglass: a character is named by its card id.
    g = game(seed=7)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-flip-1", "up": True})
    message = refuse(g, seat, {"type": kind, "card": card}, "bad_action")
    assert "by its id" in message and repr(card) in message


def test_a_non_string_artifact_to_buy_is_refused_not_crashed() -> None:
    # A5.3 step 4: an artifact is named by its id.
    g = game(seed=16)
    end_turn(g)
    assert g.phase == "buy"
    message = refuse(g, g.current, {"type": "buy", "artifact": [g.row[0]]}, "bad_action")
    assert "by its id" in message


# -- tie bids ----------------------------------------------------------------------------------------------------

def test_a_first_bid_below_zero_is_refused_as_too_low() -> None:
    # A5.3 step 3.2: "The first bid may be 0" -- and no lower.
    g, order = tie_bid()
    message = refuse(g, order[0], {"type": "bid", "amount": -1}, "bid_too_low")
    assert "at least 0" in message


@pytest.mark.parametrize("amount", [0, 1])
def test_a_bid_not_above_the_last_bid_is_refused_as_too_low(amount: int) -> None:
    # A5.3 step 3.2: each bid is a number >= last bid + 1.
    g, order = tie_bid()
    g.apply(order[0], {"type": "bid", "amount": 1})
    message = refuse(g, order[1], {"type": "bid", "amount": amount}, "bid_too_low")
    assert "at least 2" in message


def test_a_bid_above_the_bidders_coins_is_refused_as_cannot_afford() -> None:
    # A5.3 step 3.2: "No bid may exceed the bidder's coins."
    g, order = tie_bid(coins=3)
    message = refuse(g, order[0], {"type": "bid", "amount": 4}, "cannot_afford")
    assert "bid 4" in message and "3 coins" in message


@pytest.mark.parametrize("amount", ["2", 1.5, True])
def test_a_bid_that_is_not_a_whole_number_is_refused(amount: Any) -> None:
    # A5.3 step 3.2: a bid is a number of coins.
    g, order = tie_bid()
    message = refuse(g, order[0], {"type": "bid", "amount": amount}, "bad_action")
    assert "whole number" in message


def test_a_float_bid_equal_to_a_whole_number_is_refused_and_the_bid_goes_on() -> None:
    # A5.3 step 3.2: a bid is a whole number of coins (2.0 == 2 must not slip through and be stored).
    g, order = tie_bid()
    message = refuse(g, order[0], {"type": "bid", "amount": 2.0}, "bad_action")
    assert "whole number" in message
    g.apply(order[0], {"type": "bid", "amount": 2})
    assert g.legal_actions(order[1]), "the next bidder can still act"


@pytest.mark.parametrize("field", ["square", "target"])
@pytest.mark.parametrize("value", [["C4"], 3.0, True, "c4"])
def test_a_hammer_with_a_malformed_square_is_refused_as_bad_square(field: str, value: Any) -> None:
    # A3.3 Stone Hammer: both the key marker square and the target are map squares A1..F6.
    g = game(seed=15)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-replace-1", "up": True})
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    action = {"type": "hammer", "square": "C4", "target": "C5", field: value}
    message = refuse(g, seat, action, "bad_square")
    assert "A1 to F6" in message


def test_bidding_when_no_card_is_tied_is_refused_as_wrong_phase() -> None:
    # A5.3 step 3.2: bids happen only for a tied completed card.
    g = game(seed=9)
    message = refuse(g, g.current, {"type": "bid", "amount": 0}, "wrong_phase")
    assert "cannot bid now" in message


# -- blanks --------------------------------------------------------------------------------------------------------

def _at_blanks_with_lantern(seed: int) -> tuple[RoamGame, int, str]:
    """The Scout placed so that its blank lands on a card; a face-up Lantern keeps the blanks step open."""
    g = game(seed=seed)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-blank-1", "up": True})
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    anchor = next(a for a in anchors(g, seat) if all(g.has_card(sq) for sq in cells(g, seat, a, "blank")))
    g.apply(seat, {"type": "place", "square": anchor})
    assert g.phase == "blanks"
    return g, seat, square_name(cells(g, seat, anchor, "blank")[0])


def test_paying_for_a_blank_with_one_coin_is_refused_as_cannot_afford() -> None:
    # A5.3 step 1.3: a blank costs 2 coins (or one Lantern use).
    g, seat, blank = _at_blanks_with_lantern(seed=10)
    g.players[seat]["coins"] = 1
    assert {"type": "lantern", "square": blank} in g.legal_actions(seat)
    message = refuse(g, seat, {"type": "blank", "square": blank}, "cannot_afford")
    assert "2 coins" in message and "you have 1" in message


def test_a_blank_on_a_square_outside_the_pattern_is_refused_as_not_blank() -> None:
    # A5.3 step 1.3: the blanks are the pattern's own blank cells.
    g, seat, blank = _at_blanks_with_lantern(seed=11)
    g.players[seat]["coins"] = 5
    wrong = next(square_name((r, c)) for r in range(6) for c in range(6)
                 if square_name((r, c)) != blank and not g.map[r][c])
    message = refuse(g, seat, {"type": "blank", "square": wrong}, "not_blank")
    assert wrong in message and "not a blank square" in message


# -- artifacts already used (full game) ----------------------------------------------------------------------------

def test_a_backpack_used_last_turn_stays_face_down_until_a_rest() -> None:
    # A3.3 Backpack; A5.3 step 2 "Each is turned face down after use"; step 0.3 a rest turns it up.
    g = game(seed=12)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-coin-1", "up": True})
    g.apply(seat, {"type": "backpack"})
    message = refuse(g, seat, {"type": "backpack"}, "artifact_used")
    assert "Backpack" in message and "already used" in message
    play_turn(g, seat)
    play_turn(g, g.current)
    assert g.current == seat and g.phase == "start"
    message = refuse(g, seat, {"type": "backpack"}, "artifact_used")
    assert "Backpack" in message and "until you rest" in message
    g.players[seat]["coins"] = 5
    g.apply(seat, {"type": "early_rest"})
    assert {"type": "backpack"} in g.legal_actions(seat), "the rest turned it face up again"


def test_a_second_rotation_with_one_wizards_hat_is_refused() -> None:
    # A3.3 Wizard's Hat; A5.3 step 1 "Each artifact used is turned face down".
    g = game(seed=13)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-rotate-1", "up": True})
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    g.apply(seat, {"type": "rotate"})
    message = refuse(g, seat, {"type": "rotate"}, "artifact_used")
    assert "Wizard's Hat" in message and "already used" in message


def test_a_second_hourglass_flip_is_refused() -> None:
    # A3.3 Hourglass; A5.3 step 0.1 one flip, then face down.
    g = game(seed=14)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-flip-1", "up": True})
    g.apply(seat, {"type": "hourglass", "card": own_card(g, seat, "S1")})
    message = refuse(g, seat, {"type": "hourglass", "card": own_card(g, seat, "S2")}, "artifact_used")
    assert "Hourglass" in message


def test_a_stone_hammer_without_a_face_up_hammer_is_refused() -> None:
    # A3.3 Stone Hammer: only with a face-up Hammer.
    g = game(seed=15)
    seat = g.current
    g.players[seat]["artifacts"].append({"id": "A-replace-1", "up": False})
    g.apply(seat, {"type": "choose", "card": own_card(g, seat, "S1")})
    square = anchors(g, seat)[0]
    target = square_name(cells(g, seat, square)[0])
    message = refuse(g, seat, {"type": "hammer", "square": square, "target": target}, "artifact_used")
    assert "Stone Hammer" in message


def test_buying_an_artifact_above_ones_coins_or_not_in_the_row_is_refused() -> None:
    # A5.3 step 4: buy one artifact from the row at its cost.
    g = game(seed=16)
    seat = g.current
    end_turn(g)
    assert g.phase == "buy"
    dearest = max(g.row, key=lambda a: ARTIFACTS[a].cost)
    g.players[seat]["coins"] = ARTIFACTS[dearest].cost - 1
    message = refuse(g, seat, {"type": "buy", "artifact": dearest}, "cannot_afford")
    assert ARTIFACTS[dearest].name in message and f"you have {ARTIFACTS[dearest].cost - 1}" in message
    elsewhere = next(a for a in ARTIFACTS if a not in g.row)
    message = refuse(g, seat, {"type": "buy", "artifact": elsewhere}, "not_in_row")
    assert "not in the row" in message


# -- out of turn ------------------------------------------------------------------------------------------------

def test_a_player_who_is_not_active_cannot_choose_a_character() -> None:
    # A5.3: the turn belongs to the active player P.
    g = game(3, seed=17)
    idle = (g.current + 1) % 3
    message = refuse(g, idle, {"type": "choose", "card": own_card(g, idle, "S1")}, "not_your_turn")
    assert "not your move" in message and f"waiting for {g.players[g.current]['colour']}" in message


@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_a_seat_that_does_not_exist_cannot_move(seat: int) -> None:
    # A5.2 step 3: only the seated players take turns.
    g = game(seed=18)
    refuse(g, seat, {"type": "end_turn"}, "not_your_turn")


def test_tie_bids_go_in_order_and_untied_players_cannot_bid() -> None:
    # A5.3 step 3.2: tied players bid in turn order starting at P (or the next tied player).
    g = game(3, seed=19)
    seat, a, b = tie_of_the_next_two(g)
    assert g.bid is not None and g.bid["order"] == [a, b]
    message = refuse(g, seat, {"type": "bid", "amount": 1}, "not_your_turn")
    assert f"waiting for {g.players[a]['colour']}" in message
    refuse(g, seat, {"type": "pass"}, "not_your_turn")
    refuse(g, b, {"type": "bid", "amount": 1}, "not_your_turn")


def test_no_move_is_accepted_once_the_game_is_over() -> None:
    # A5.3 step 5 / A5.4: after the last turn of the final round the game ends.
    g = game(seed=20)
    g.end_triggered = True
    g.current = (g.first - 1) % 2
    play_turn(g, g.current)
    assert g.over
    message = refuse(g, g.first, {"type": "end_turn"}, "game_over")
    assert "game is over" in message


# -- malformed and unknown actions -----------------------------------------------------------------------------

@pytest.mark.parametrize("action", [{"type": "fly"}, {"type": "Choose", "card": "S1-blue"}, {"type": "rest"},
                                    {"type": None}, {}, "choose", None, ["choose"], 7])
def test_an_unknown_action_type_is_refused_as_bad_action(action: Any) -> None:
    # A5.6 Commands: only the listed actions exist.
    g = game(seed=21)
    message = refuse(g, g.current, action, "bad_action")
    kind = action.get("type") if isinstance(action, dict) else None
    named = f"no ROAM action called {kind!r}" if isinstance(kind, str) else "ROAM action"
    assert named in message and "now you may" in message


@pytest.mark.parametrize("action", [{"type": "choose"}, {"type": "end_turn", "card": "S1-blue"},
                                    {"type": "choose", "card": "S1-blue", "square": "C4"}])
def test_an_action_with_missing_or_extra_keys_is_refused_as_bad_action(action: dict[str, Any]) -> None:
    # A5.6 Commands: each command has a fixed shape.
    g = game(seed=22)
    message = refuse(g, g.current, action, "bad_action")
    assert message in ("This action names the character card, and nothing else.", "This action takes no details.")
