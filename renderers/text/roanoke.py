"""Roanoke's words beside the board."""

from __future__ import annotations

from typing import Any

from games.grammar import plural
from games.roanoke.market import TITLES
from renderers.cast import Cast
from renderers.text import ranking, scores

PHASE = {"setup": "placing a first worker", "market": "in the market step", "main": "in the main step",
         "over": "game over"}
RESOURCES = ("food", "water", "metal", "wood")


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in amounts.items() if n) or "nothing"


def offer_terms(offer: dict[str, Any], cast: Cast) -> str:
    return f"{cast.whose(offer['from'])} offer: you get {_amounts(offer['give'])} for {_amounts(offer['get'])}"


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: each colony's exit, houses (with their generators), road upgrades, the resource nodes
    its roads reach and the colonies its roads link with."""
    lines = []
    for p in view["players"]:
        houses = ", ".join(sq + (f" ({p['generators'][sq]} generator)" if sq in p["generators"] else "")
                           for sq in p["houses"]) or "none"
        said = [f"{cast.full(p['seat'])}, from exit {view['labels']['exits'][p['seat']]}: houses {houses}"]
        if p["road_upgrades"]:
            said.append(f"road upgrades {', '.join(p['road_upgrades'])}")
        if p["nodes"]:
            said.append(f"reaches nodes {', '.join(p['nodes'])}")
        lines.append("; ".join(said) + ".")
    linked = sorted({tuple(p["link_class"]) for p in view["players"] if len(p["link_class"]) > 1})
    lines += [f"Roads linked: {', '.join(cast.full(s) for s in group)}." for group in linked]
    return lines


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    if view["phase"] == "over":
        lines = ["Game over."]
        if view["result"]:
            lines.append(ranking(view["result"], "chits", cast))
    else:
        who = " and ".join(cast.full(s) for s in view["to_move"])
        lines = [f"{view['season_name']}, round {view['round']} of 3: {who} {PHASE.get(view['phase'], view['phase'])}"
                 + (f", {plural(view['placements_left'], 'placement')} left" if view["phase"] == "main" else "") + "."]
    season = view["seasons"][view["season"]] if view["season"] < len(view["seasons"]) else None
    if season and season["name"]:
        lines.append(f"Season card {season['name']}: {season['goal']} (checked at the end of the season's "
                     "third round; a seat that fails is eliminated).")
    if not view["result"]:
        lines.append(scores(view, [p["chits"] for p in view["players"]], "chits", cast)[:-1]
                     + " (chits are the resource "
                     "tokens a seat holds; at the end survivors rank by chits, then houses, then own road).")
    for p in view["players"]:
        state = "" if p["alive"] else "eliminated; "
        lines.append(f"{cast.full(p['seat'])}: {state}{_amounts(p['hand'])}; {plural(len(p['houses']), 'house')}, "
                     f"road {p['road_length']} (own {p['own_road']}), {plural(p['reserve'], 'worker')} in reserve.")
    market = [f"{TITLES[m]} " + ", ".join(f"{cast.full(s)} x{n}" for s, n in enumerate(workers) if n)
              for m, workers in view["market"].items() if any(workers)]
    if market:
        lines.append("Market workers: " + "; ".join(market) + ".")
    lines.append("Pile: " + ", ".join(f"{view['pile'][r]} {r}" for r in RESOURCES)
                 + f"; draw pile {plural(view['draw_pile'], 'tile')}, {plural(view['houses_left'], 'house')} left.")
    if view.get("offer"):
        offer = view["offer"]
        lines.append(f"Offer: {cast.full(offer['from'])} gives {_amounts(offer['give'])} to {cast.full(offer['to'])} "
                     f"for {_amounts(offer['get'])}; it waits for their answer.")
    return lines
