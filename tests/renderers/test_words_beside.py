"""The words beside a board read as English (issue 35, item 3): articles come from `games.grammar`."""

from __future__ import annotations

from renderers.text.colonies import offer_lines


def test_colonies_offer_names_its_worker_with_the_right_article() -> None:
    offer = {"from": 0, "to": 1, "worker": "explorer", "give": ["food"], "want": ["wealth"], "waiting": 1}
    assert offer_lines(offer)[0].startswith("Trade offer (by an Explorer): ")
