"""Catan's words beside the board and the hand."""

from __future__ import annotations

from typing import Any

from games.catan.board import GEOMETRY, RESOURCES, TERRAIN_YIELD
from games.grammar import plural
from renderers.cast import Cast
from renderers.text import scores

PHASE = {"setup": "placing a first settlement and road", "roll": "to roll", "main": "to trade and build",
         "discard": "discarding half their cards (a 7 was rolled)", "robber": "to move the robber",
         "road_building": "placing free roads", "over": "game over"}


def _bundle(cards: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cards.items()) or "nothing"


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    lines = []
    if view.get("winner") is not None:
        lines.append(f"{cast.full(view['winner'])} wins with {view['players'][view['winner']]['vp']} VP.")
    else:
        who = " and ".join(cast.full(s) for s in view["to_move"])
        lines.append(f"Turn {view['turn']}: {who} {PHASE[view['phase']]}.")
    if view["last_roll"]:
        d1, d2 = view["last_roll"]
        lines.append(f"Last roll: {d1} + {d2} = {d1 + d2}.")
    lines.append(scores(view, [p["vp"] for p in view["players"]], "VP", cast))
    for p in view["players"]:
        badges = [b for b, held in (("Longest Road", view["longest_road"] == p["seat"]),
                                    ("Largest Army", view["largest_army"] == p["seat"])) if held]
        lines.append(f"{cast.full(p['seat'])}: {plural(p['cards'], 'card')}, "
                     f"{plural(p['dev_cards'], 'development card')}, {plural(p['knights'], 'knight')}, "
                     f"road {p['road_length']}"
                     + (f"; {' and '.join(badges)}" if badges else "") + ".")
    offer = view.get("offer")
    if offer:
        to = "everyone" if offer["to"] is None else cast.full(offer["to"])
        lines.append(f"Offer: {cast.full(offer['from'])} to {to}, gives {_bundle(offer['give'])} "
                     f"for {_bundle(offer['get'])}.")
    if view["discards"]:
        lines.append("To discard: " + ", ".join(f"{cast.full(int(t))} {n}" for t, n in view["discards"].items()) + ".")
    lines.append("Bank: " + ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, view["bank"], strict=True))
                 + f"; {plural(view['deck'], 'development card')} left.")
    return lines


def _hex(view: dict[str, Any], h: int) -> str:
    """"ore 10", "desert": a hex as a player looks for it, by what it yields and its number."""
    terrain = view["terrain"][h]
    return "desert" if terrain == "desert" else f"{TERRAIN_YIELD[terrain]} {view['tokens'][h]}"


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: each seat's buildings by the hexes and numbers they touch, the robber, the longest road."""
    built: dict[int, list[str]] = {}
    for node, b in enumerate(view["buildings"]):
        if b is not None:
            kind = "city" if b[1] == 2 else "settlement"
            built.setdefault(b[0], []).append(f"{kind} on {'/'.join(_hex(view, h) for h in GEOMETRY.node_hexes[node])}")
    lines = [f"{cast.full(seat)}: {', '.join(things)}." for seat, things in sorted(built.items())]
    robber = view["robber"]
    lines.append(f"Robber on hex {GEOMETRY.hex_labels[robber]} ({_hex(view, robber)}).")
    holder = view["longest_road"]
    if holder is not None:
        lines.append(f"Longest Road: {cast.full(holder)}, {view['players'][holder]['road_length']} long.")
    else:
        best = max(view["players"], key=lambda p: p["road_length"])
        lines.append(f"Longest Road: nobody yet (5 needed); longest now {cast.full(best['seat'])}, "
                     f"{best['road_length']}.")
    return lines


def offer_terms(offer: dict[str, Any], cast: Cast) -> str:
    return f"{cast.whose(offer['from'])} offer: you get {_bundle(offer['give'])} for {_bundle(offer['get'])}"


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    lines = [f"{view['vp_total']} VP in all.",
             "Cards: " + ", ".join(f"{view['hand'][r]} {r} (bank {view['rates'][r]}:1)" for r in RESOURCES) + "."]
    dev = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in view["dev_hand"].items())
    lines.append(f"Development cards: {dev or 'none'}.")
    if view["news"]:
        lines.append("Lately: " + " ".join(view["news"][-3:]))
    return lines
