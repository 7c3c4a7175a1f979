"""ROAM's words beside the board."""

from __future__ import annotations

from typing import Any

from games.grammar import plural
from games.roam.geometry import square_name
from renderers.cast import Cast
from renderers.text import ranking, scores

PHASE = {"bid": "bidding for the character card", "buy": "buying an artifact", "over": "game over"}


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: the squares each seat's markers hold."""
    held: dict[int, list[str]] = {p["seat"]: [] for p in view["players"]}
    for r, row in enumerate(view["map"]):
        for c, markers in enumerate(row):
            for seat in markers:
                held[seat].append(square_name((r, c)))
    return [f"{cast.full(seat)} holds {', '.join(sorted(squares)) if squares else 'no square'}."
            for seat, squares in held.items()]


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    if view["phase"] == "over" or view["result"]:
        lines = [f"Round {view['round']}: game over."]
        if view["result"]:
            lines.append(ranking(view["result"], "points", cast))
    else:
        doing = PHASE.get(view["phase"], "placing markers")
        lines = [f"Round {view['round']}, turn {view['turn']}: {cast.full(view['current'])} {doing}."]
        if view.get("placing"):
            lines.append(f"Placing {view['placing']['name']}, key marker on {view['placing']['anchor']}.")
        if view["end_triggered"]:
            lines.append("The end is triggered: the round is the last.")
    if not view["result"]:
        lines.append(scores(view, [p["score"] for p in view["players"]], "points", cast))
    for p in view["players"]:
        art = ", ".join(a["name"] for a in p["artifacts"])
        lines.append(f"{cast.full(p['seat'])}, {p['edge']} edge: {plural(p['coins'], 'coin')}, "
                     f"{plural(p['supply'], 'marker')} left, {plural(len(p['characters']), 'card')}"
                     + (f"; artifacts {art}" if art else "") + ".")
    if view["artifact_row"]:
        lines.append("Artifacts for sale: " + ", ".join(
            f"{a['name']} {plural(a['cost'], 'coin')} for {plural(a['vp'], 'point')}" for a in view["artifact_row"])
            + ".")
    lines.append(f"Land deck: {plural(view['deck_left'], 'card')}.")
    return lines
