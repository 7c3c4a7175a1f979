"""Articles, plurals and ordinals come from inflect through `games.grammar`, not hand rules (issue 35, item 3):
each sentence here was written wrong by a hand rule ("1 tile(s)", "1 coins", "Card 6 … Slot 6")."""

from __future__ import annotations

from games.grammar import a, ordinal, plural, verb
from games.roam.data import CARDS
from renderers.cast import Cast
from renderers.narrator import sentence


def test_the_helper_speaks_english() -> None:
    assert [plural(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert plural(2, "class") == "2 classes"
    assert (a("Explorer"), a("Farmer"), a("elbow")) == ("an Explorer", "a Farmer", "an elbow")
    assert [ordinal(n) for n in (1, 2, 3, 11, 12, 13, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "22nd", "23rd"]
    assert (verb(1, "wins"), verb(2, "wins"), verb(2, "is")) == ("wins", "win", "are")


def test_roam_claims_for_one_coin() -> None:
    card = next(iter(CARDS))
    said = sentence("roam", {"type": "claimed", "seat": 0, "slot": 6, "card": card, "paid": 1, "consoled": [1]},
                    Cast([]))
    assert said == f"Red claimed {CARDS[card].name} (4 points) for 1 coin; Blue got 1 coin for their markers there."
    coins = sentence("roam", {"type": "coins", "seat": 0, "gained": 2}, Cast([]))
    assert coins == "Red took 2 coins from the Backpack."


def test_roam_names_a_land_card_one_way() -> None:
    """A card completed, tied for and refilled is one place of the map: named alike each time, by its number
    on the picture's plate and the squares it covers, never "Card 6" then "Slot 6"."""
    old, new = list(CARDS)[:2]
    said = [sentence("roam", event, Cast([])) for event in (
        {"type": "completed", "slot": 6, "card": old, "counts": {}},
        {"type": "bid_started", "slot": 6, "card": old, "order": [0, 1]},
        {"type": "refilled", "slot": 6, "card": new}, {"type": "refilled", "slot": 6, "card": None})]
    assert all("and card 6 (E4–F6)" in s for s in said), said
    assert not any("Slot" in s or "Card 6" in s for s in said), said
    assert said[0] == f"Land card 6 (E4–F6), {CARDS[old].name}, is complete."

