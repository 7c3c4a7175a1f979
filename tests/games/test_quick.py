"""Each game's quick card (issue 44, item 5): one page of text within Discord's limits, at most six steps a turn,
the costs, the score and the end; its facts said from the engine's own numbers, so that a change to a rule that
the card does not follow fails here."""

from __future__ import annotations

import re

import pytest

from games.catan.board import RESOURCES
from games.catan.table import COSTS, WIN_VP
from games.colonies.table import SHIPPED_POINTS
from games.core import get_game
from games.roam.game import MARKERS, TARGET_CARDS
from games.roanoke.moves import HOUSE_COST, UPGRADE_COST
from games.roanoke.table import MAX_HOUSES, MAX_UPGRADES, RES, ROUNDS, SEASONS
from games.rulebook import MESSAGE, TEXT_DISPLAY, quick
from games.small_islands.data import BONUS_TOKENS, HOUSES_RESERVE, HOUSES_START, SHIPS
from tests.support.shipped import SHIPPED

HEADINGS = re.compile(r"^\*\*(.+)\*\*$", re.M)
STEP = re.compile(r"^(\d+)\. ", re.M)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_quick_card_is_one_message_with_the_turn_the_costs_the_score_and_the_end(game: str) -> None:
    card = quick(game)
    assert len(card) <= MESSAGE - 200 <= TEXT_DISPLAY, "one page under the rules' heading, in one message"
    assert card.startswith(f"# {get_game(game).title} — quick card\n")
    headings = HEADINGS.findall(card)
    assert headings[-2:] == ["Score", "The end"] and any(h in ("Costs", "Prices", "Your things") for h in headings)
    steps = [int(n) for n in STEP.findall(card)]
    assert steps == list(range(1, len(steps) + 1)) and 4 <= len(steps) <= 6, "the turn in at most six steps"
    assert not re.search(r"\bSeat \d|\b[a-z]+_[a-z_]+\b|```|[{}]", card), "a player's words only"


def _priced(cost: dict[str, int] | tuple[int, ...], names: tuple[str, ...]) -> str:
    counts = dict(zip(names, cost, strict=True)) if isinstance(cost, tuple) else cost
    return " + ".join(f"{n} {name}" for name in names if (n := counts.get(name, 0)))


def test_catan_costs_and_the_points_to_win_are_the_engines() -> None:
    """CAT-23 and CAT-39."""
    card = quick("catan")
    names = {"road": "Road", "settlement": "Settlement", "city": "City", "dev": "Development card"}
    for kind, cost in COSTS.items():
        assert f"- {names[kind]}: {_priced(cost, RESOURCES)}\n" in card, kind
    assert f"wins the moment they have {WIN_VP} points" in card


def test_colonies_shipping_points_and_event_counts_are_the_engines() -> None:
    """COL-S28 and COL-R2."""
    card = quick("colonies")
    assert f"Wealth shipped {SHIPPED_POINTS} points" in card and f"for {SHIPPED_POINTS} points" in card
    [events] = [o for o in get_game("colonies").options if o.name == "events"]
    short = min(events.choices)
    assert f"({events.default} Events; {short} in the short game)" in card


def test_roanoke_prices_limits_and_seasons_are_the_engines() -> None:
    """ROA-R19, ROA-R16 and ROA-S31."""
    card = quick("roanoke")
    assert f"- House: {_priced(HOUSE_COST, RES)} (at most {MAX_HOUSES} a colony)" in card
    assert f"- Road upgrade: {_priced(UPGRADE_COST, ('wood', 'metal'))} (at most {MAX_UPGRADES} a colony)" in card
    assert f"Each season lasts {ROUNDS} rounds" in card and f"({SEASONS} seasons)" in card


def test_small_islands_houses_tokens_and_ships_are_the_engines() -> None:
    card = quick("small_islands")
    assert f"{HOUSES_START} houses in hand, {HOUSES_RESERVE} more in reserve" in card
    assert f"you have {BONUS_TOKENS} for the whole game" in card and f"all {SHIPS} ships have landed" in card


def test_roam_markers_and_the_end_are_the_engines() -> None:
    """A1 and A5.4."""
    card = quick("roam")
    assert f"You have {MARKERS} markers" in card and f"holds {TARGET_CARDS} characters" in card
