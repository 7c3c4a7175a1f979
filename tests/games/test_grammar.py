"""Articles, plurals and ordinals come from inflect through `games.grammar`, not hand rules (issue 35, item 3):
each sentence here was written wrong by a hand rule ("1 tile(s)", "1 coins", "Card 6 … Slot 6")."""

from __future__ import annotations

from games.grammar import a, ordinal, plural, verb
from games.roam.data import CARDS
from games.roam.game import RoamGame


def test_the_helper_speaks_english() -> None:
    assert [plural(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert plural(2, "class") == "2 classes"
    assert (a("Explorer"), a("Farmer"), a("elbow")) == ("an Explorer", "a Farmer", "an elbow")
    assert [ordinal(n) for n in (1, 2, 3, 11, 12, 13, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "22nd", "23rd"]
    assert (verb(1, "wins"), verb(2, "wins"), verb(2, "is")) == ("wins", "win", "are")


def test_roam_claims_for_one_coin() -> None:
    g = RoamGame.new(2, seed=1, options={})
    card = next(iter(CARDS))
    said = g.describe_event({"type": "claimed", "seat": 0, "slot": 6, "card": card, "paid": 1, "consoled": [1]})
    assert said == f"Seat 1 claims {CARDS[card].name} for 1 coin; Seat 2 +1 coin."
    assert g.describe_event({"type": "coins", "seat": 0, "gained": 2}) == "Seat 1 gains 2 coins."


def test_roam_names_a_land_card_one_way() -> None:
    """A card completed, tied for and refilled is one place of the map: named alike each time, by its number
    on the picture's plate and the squares it covers, never "Card 6" then "Slot 6"."""
    g = RoamGame.new(2, seed=1, options={})
    old, new = list(CARDS)[:2]
    said = [g.describe_event({"type": "completed", "slot": 6, "card": old, "counts": {}}),
            g.describe_event({"type": "bid_started", "slot": 6, "card": old, "order": [0, 1]}),
            g.describe_event({"type": "refilled", "slot": 6, "card": new}),
            g.describe_event({"type": "refilled", "slot": 6, "card": None})]
    assert all("and card 6 (E4–F6)" in s for s in said), said
    assert not any("Slot" in s or "Card 6" in s for s in said), said
    assert said[0] == f"Land card 6 (E4–F6), {CARDS[old].name}, is complete."

