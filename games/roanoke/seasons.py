"""The season deck (ROA-S30…S33): eight slots, three candidate cards each, and the checks.

A card is a dict: `kind` (own, hold, hold_any, consume, lead, reach, road, gathering) and
its numbers.  ★ marks the designer's card for the slot (option deck=designer); the cards of
deck=designer_original keep the source numbers (ROA §5.4 explains why they fail).
"""

from __future__ import annotations

from typing import Any

from games.grammar import noun, plural

SEASON_NAMES = ("Y1 Spring", "Y1 Summer", "Y1 Fall", "Y1 Winter", "Y2 Spring", "Y2 Summer", "Y2 Fall", "Y2 Winter")
EACH = ("food", "water", "metal", "wood")


def _each(n: int) -> dict[str, int]:
    return {r: n for r in EACH}


CARDS: dict[str, dict[str, Any]] = {
    "Y1-SP1": {"name": "First Shelter", "kind": "own", "what": "house", "n": 1, "star": True},
    "Y1-SP2": {"name": "Provisions", "kind": "hold_any", "n": 2, "types": 3},
    "Y1-SP3": {"name": "Colony Tithe", "kind": "consume", "amounts": _each(1)},
    "Y1-SU1": {"name": "Summer Stores", "kind": "consume", "amounts": {"food": 2, "water": 2, "wood": 2},
               "star": True},
    "Y1-SU2": {"name": "Dry Spell", "kind": "consume", "amounts": {"food": 2, "water": 4}},
    "Y1-SU3": {"name": "Tools", "kind": "hold", "amounts": {"metal": 3, "wood": 3}},
    "Y1-FA1": {"name": "Stockpile", "kind": "hold_any", "n": 10, "types": 1, "star": True},
    "Y1-FA2": {"name": "Pathfinders", "kind": "reach"},
    "Y1-FA3": {"name": "Workshop", "kind": "own", "what": "generator_or_upgrade", "n": 1},
    "Y1-WI1": {"name": "First Winter", "kind": "consume", "amounts": _each(5), "star": True},
    "Y1-WI2": {"name": "Firewood", "kind": "consume", "amounts": {"food": 6, "water": 6, "wood": 8}},
    "Y1-WI3": {"name": "Deep Winter", "kind": "consume", "amounts": _each(6)},
    "Y2-SP1": {"name": "Rebuild", "kind": "own", "what": "house", "n": 3, "star": True},
    "Y2-SP2": {"name": "Spring Flood", "kind": "consume", "amounts": {"food": 4, "water": 6}},
    "Y2-SP3": {"name": "Mills", "kind": "own", "what": "generator", "n": 2},
    "Y2-SU1": {"name": "Long Summer", "kind": "consume", "amounts": {"food": 6, "water": 6, "wood": 6},
               "star": True},
    "Y2-SU2": {"name": "Drought", "kind": "consume", "amounts": {"food": 5, "water": 9}},
    "Y2-SU3": {"name": "Forge", "kind": "consume", "amounts": {"metal": 8, "wood": 4}},
    "Y2-FA1": {"name": "Rivalry", "kind": "lead", "types": 1, "star": True},
    "Y2-FA2": {"name": "Granaries", "kind": "hold_any", "n": 12, "types": 1},
    "Y2-FA3": {"name": "Heavy Tithe", "kind": "consume", "amounts": _each(4)},
    "Y2-WI1": {"name": "The Great Road", "kind": "road", "n": 60, "star": True},
    "Y2-WI2": {"name": "Gathering", "kind": "gathering"},
    "Y2-WI3": {"name": "Last Winter", "kind": "consume", "amounts": _each(5)},
    # deck=designer_original: the source's numbers (ROA §5.4)
    "Y1-WI1-original": {"name": "First Winter (original)", "kind": "consume", "amounts": _each(20)},
    "Y2-SU1-original": {"name": "Long Summer (original)", "kind": "consume",
                        "amounts": {"food": 10, "water": 10, "wood": 10}},
    "Y2-FA1-original": {"name": "Rivalry (original)", "kind": "lead", "types": 2},
}
SLOTS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"Y{1 + k // 4}-{('SP', 'SU', 'FA', 'WI')[k % 4]}{i}" for i in (1, 2, 3)) for k in range(8))
"""ROA-S33: the three candidates of each slot, public."""
ORIGINAL = {"Y1-WI1": "Y1-WI1-original", "Y2-SU1": "Y2-SU1-original", "Y2-FA1": "Y2-FA1-original"}
DECKS = ("random", "designer", "designer_original")
STARS = tuple(next(c for c in slot if CARDS[c].get("star")) for slot in SLOTS)
"""The designer's (★) card of each slot."""


def deal(deck: str, pick: Any) -> list[str]:
    """ROA-S30: one card per slot; `pick(candidates)` chooses for deck=random."""
    out = []
    for slot, star in zip(SLOTS, STARS, strict=True):
        if deck == "random":
            out.append(pick(list(slot)))
        elif deck == "designer":
            out.append(star)
        else:
            out.append(ORIGINAL.get(star, star))
    return out


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items())


def goal_text(card_id: str) -> str:
    """The card's goal in words, for the board and the log."""
    c = CARDS[card_id]
    kind = c["kind"]
    if kind == "own":
        what = {"house": ("house",), "generator": ("generator",), "generator_or_upgrade": ("generator", "road upgrade")}
        return f"own at least {c['n']} " + " or ".join(noun(c["n"], w) for w in what[c["what"]])
    if kind == "hold":
        return f"hold at least {_amounts(c['amounts'])}"
    if kind == "hold_any":
        if c["types"] == 1:
            return f"hold at least {c['n']} of one type"
        return f"hold at least {c['n']} each of any {c['types']} types"
    if kind == "consume":
        return f"pay {_amounts(c['amounts'])}"
    if kind == "lead":
        return f"hold strictly more than every other survivor in at least {plural(c['types'], 'type')}"
    if kind == "reach":
        return "have a resource node in your super-road"
    if kind == "road":
        return f"together: some survivor's road length reaches {c['n']} (else all are lost)"
    return "together: all survivors in one link class (else all are lost)"


def collective(card_id: str) -> bool:
    return CARDS[card_id]["kind"] in ("road", "gathering")


def shortfall(card_id: str, hand: dict[str, int]) -> dict[str, int]:
    """What a hand lacks for a hold or consume card (empty when it meets it or the card is not about hands)."""
    c = CARDS[card_id]
    if c["kind"] in ("hold", "consume"):
        return {r: n - hand[r] for r, n in c["amounts"].items() if hand[r] < n}
    if c["kind"] == "hold_any":
        best = sorted(EACH, key=lambda r: -hand[r])[:c["types"]]
        return {r: c["n"] - hand[r] for r in best if hand[r] < c["n"]}
    return {}


def standing(card_id: str, seat: int, players: list[dict[str, Any]]) -> tuple[bool, str]:
    """Whether the seat meets the card on the board as it stands, and why in words (ROA-S32), from the
    public players of a view (hand, houses, generators, road_upgrades, nodes, road_length, link_class)."""
    c = CARDS[card_id]
    kind = c["kind"]
    me = players[seat]
    hand = me["hand"]
    alive = [p for p in players if p["alive"]]
    if kind == "own":
        have = {"house": len(me["houses"]), "generator": len(me["generators"]),
                "generator_or_upgrade": len(me["generators"]) + len(me["road_upgrades"])}[c["what"]]
        return have >= c["n"], f"you own {have} of the {c['n']} needed"
    if kind in ("hold", "consume", "hold_any"):
        short = shortfall(card_id, hand)
        if not short:
            return True, "your hand meets it" + (" (you will pay it at the season's end)" if kind == "consume" else "")
        return False, "you are short of " + _amounts(short)
    if kind == "lead":
        others = [p for p in alive if p["seat"] != seat]
        led = [r for r in EACH if all(hand[r] > o["hand"][r] for o in others)]
        return len(led) >= c["types"], ("you lead in " + ", ".join(led)) if led else "you lead in no type"
    if kind == "reach":
        return bool(me["nodes"]), ("nodes in your super-road: " + " ".join(me["nodes"])) if me["nodes"] else \
            "no node in your super-road yet"
    if kind == "road":
        best = max((p["road_length"] for p in alive), default=0)
        return best >= c["n"], f"the longest super-road is {best} of {c['n']}"
    classes = {tuple(p["link_class"]) for p in alive}
    return len(classes) <= 1, f"survivors form {len(classes)} link class" + ("es" if len(classes) != 1 else "")
