"""Colonies card data: names, kinds, counts and the effect text shown on cards.

Cards are plain name strings in every zone; cards of one name are interchangeable, so
actions name cards rather than instances and the engine takes the first match.
"""

from __future__ import annotations

from dataclasses import dataclass

FOOD, WEALTH, POPULATION, LAND, SHIPMENT, THREAT, EVENT = (
    "FOOD", "WEALTH", "POPULATION", "LAND", "SHIPMENT", "THREAT", "EVENT")


@dataclass(frozen=True)
class Card:
    name: str
    title: str
    kind: str
    text: str


_CARDS: tuple[Card, ...] = (
    Card("food", "Food", FOOD, "Pay 1 to play a Population. Store in the granary at clean-up."),
    Card("wealth", "Wealth", WEALTH, "Play: draw 1. Ship on a Coast for 5 points. 1 point."),
    Card("farmer", "Farmer", POPULATION, "Costs 1 Food. +1 Food working Farmland or Livestock."),
    Card("trader", "Trader", POPULATION, "Costs 1 Food. Trade: both gain 1 Wealth. Ship: 2 Shipments."),
    Card("trapper", "Trapper", POPULATION, "Costs 1 Food. +1 to the Forest roll."),
    Card("miner", "Miner", POPULATION, "Costs 1 Food. +1 to the Mountains roll."),
    Card("soldier", "Soldier", POPULATION, "Costs 1 Food. Playable before Threats, to fight them."),
    Card("explorer", "Explorer", POPULATION, "Costs 1 Food. Explore: see 3 Threats, gain the one you pick."),
    Card("farmland", "Farmland", LAND, "Work: 2 Food. 2+ Population together: 1 Wealth each. 2 points."),
    Card("forest", "Forest", LAND, "Work: d6 1 dies, 2-3 2 Food, 4-5 1 Wealth, 6+ both. 2 points."),
    Card("mountains", "Mountains", LAND, "Work: d6 1 dies, 2 nothing, 3-5 2 Wealth, 6+ 3 Wealth. 2 points."),
    Card("coast", "Coast", LAND, "Work: 2 Food, or ship a Wealth (+5 points) for a Shipment. 2 points."),
    Card("supplies", "Supplies", SHIPMENT, "Gain 5 Food, then trash this card."),
    Card("settlers", "Settlers", SHIPMENT, "Gain the top 3 Population cards, then trash this card."),
    Card("horses", "Horses", SHIPMENT, "Draw 3 cards."),
    Card("livestock", "Livestock", SHIPMENT, "Stays in play for good. Work: 1 Food (Farmer +1)."),
    Card("arms", "Arms", SHIPMENT, "Trash a Threat from your discard pile or in play."),
    Card("laborers", "Laborers", SHIPMENT, "Work one Land in play or Livestock, with no bonus."),
    Card("crop_failure", "Crop Failure", THREAT, "Trash 1 Food from your hand. Draw 1."),
    Card("warlike_tribe", "Warlike Tribe", THREAT, "Trash 1 Land from your hand. Draw 1."),
    Card("disease", "Disease", THREAT, "Trash 1 Population from your hand. Draw 1."),
    Card("pirates", "Pirates", THREAT, "Trash 1 Wealth or Shipment from your hand. Draw 1."),
    Card("peaceful_tribe", "Peaceful Tribe", THREAT, "Discard any 1 card from your hand. No draw."),
    Card("witch_trials", "Witch Trials", EVENT, "First Threat each turn: trash a Population from hand or discard."),
    Card("harsh_winter", "Harsh Winter", EVENT, "No Food can be gained; no Cannibalism."),
    Card("gold_rush", "Gold Rush", EVENT, "+1 Wealth on every Mountains work."),
    Card("pilgrimage", "Pilgrimage", EVENT, "Every Explore also gains the top Population."),
    Card("trade_winds", "Trade Winds", EVENT, "Trade any number of times without Population."),
    Card("strife", "Strife in the Homeland", EVENT, "No trading and no shipping."),
    Card("vermin", "Vermin Infestation", EVENT, "On reveal: every granary goes to its owner's discard pile."),
    Card("bountiful_harvest", "Bountiful Harvest", EVENT, "+1 Food on every work that gains Food."),
)

CARDS: dict[str, Card] = {c.name: c for c in _CARDS}

STARTING_SET: dict[str, int] = {"coast": 1, "farmland": 1, "farmer": 2, "soldier": 1, "food": 5}
POPULATION_DECK: dict[str, int] = {"farmer": 15, "trader": 5, "trapper": 5, "miner": 5, "soldier": 5, "explorer": 5}
LAND_DECK: dict[str, int] = {"farmland": 10, "forest": 5, "mountains": 5, "coast": 5}
EVENT_DECK: dict[str, int] = {name: 3 for name in ("witch_trials", "harsh_winter", "gold_rush", "pilgrimage",
                                                   "trade_winds", "strife", "vermin", "bountiful_harvest")}
SHIPMENT_DECK: dict[str, int] = {name: 5 for name in ("supplies", "settlers", "horses", "livestock", "arms",
                                                      "laborers")}
THREAT_DECK: dict[str, int] = {name: 5 for name in ("crop_failure", "warlike_tribe", "disease", "pirates",
                                                    "peaceful_tribe")}
FOOD_SUPPLY = 40
WEALTH_SUPPLY = 15

THREAT_TARGET_KINDS: dict[str, tuple[str, ...]] = {
    "crop_failure": (FOOD,), "warlike_tribe": (LAND,), "disease": (POPULATION,),
    "pirates": (WEALTH, SHIPMENT), "peaceful_tribe": (FOOD, WEALTH, POPULATION, LAND, SHIPMENT, THREAT),
}


KIND: dict[str, str] = {c.name: c.kind for c in _CARDS}
"""Each card's kind by name, a plain lookup: the moves are listed from it card by card after every action."""
THREATS = frozenset(n for n, k in KIND.items() if k == THREAT)
"""The Threat cards by name: whether a hand holds one is asked after every move (COL-S9)."""
POPULATIONS = frozenset(n for n, k in KIND.items() if k == POPULATION)
"""The Population cards by name: whether a colony keeps one is asked at every clean-up (COL-S25)."""


def kind(name: str) -> str:
    return KIND[name]


def title(name: str) -> str:
    return CARDS[name].title


def expand(counts: dict[str, int]) -> list[str]:
    """A pile as a list of names in a fixed order (shuffled afterwards by the caller)."""
    return [name for name, n in counts.items() for _ in range(n)]
