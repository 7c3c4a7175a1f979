"""The words beside a board read as English (issue 35, item 3): articles and plurals come from `games.grammar`."""

from __future__ import annotations

import games
from renderers.cast import Cast, Player
from renderers.text import summary
from renderers.text.colonies import offer_lines


def test_colonies_offer_names_its_worker_with_the_right_article() -> None:
    offer = {"from": 0, "to": 1, "worker": "explorer", "give": ["food"], "want": ["wealth"], "waiting": 1}
    assert offer_lines(offer, Cast.colours(2))[0].startswith("Trade offer (by an Explorer): ")


def test_counts_beside_the_board_agree_with_their_nouns() -> None:
    roam = games.get_game("roam").new(2, seed=5)
    lantern = next(a for a in roam.view(None)["artifact_row"] if a["vp"] == 1)
    assert f"{lantern['name']} {lantern['cost']} coins for 1 point" in " ".join(summary("roam", roam.view(None)))
    catan = games.get_game("catan").new(3, seed=5)
    catan.s["devs"][0]["knight"] = 1
    assert "In hand: Red 0 cards and 1 development card, Blue 0 cards," in summary("catan", catan.view(None))[2]


def test_roanoke_names_the_market_workers_seats_as_the_rest_of_the_board_does() -> None:
    """The market line names each seat by the name the lines above introduced ("bob (blue)", then "bob")."""
    roanoke = games.get_game("roanoke").new(4, seed=5)
    roanoke.s["market"][0][1] = 2  # two of seat 2's workers on Food 1
    cast = Cast([Player("alice", "red"), Player("bob", "blue"), Player("carol", "yellow"), Player("dan", "green")])
    market = next(line for line in summary("roanoke", roanoke.view(None), cast) if line.startswith("Market workers"))
    assert market == "Market workers: Food 1 bob x2."
