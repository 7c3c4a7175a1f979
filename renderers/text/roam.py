"""ROAM's words beside the board: who may do what now, the scores, what each seat holds and the market, in as few
lines as a board's text allows beside the story of the round (renderers.narrator.roam); and one seat's own
picture in words, said to that seat."""

from __future__ import annotations

from typing import Any

from games.grammar import plural
from games.roam.geometry import EDGE_NAMES, square_name
from renderers.cast import Cast
from renderers.narrator.roam import character, land
from renderers.text import ranking, scores


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: the squares each seat's markers hold."""
    held = _held(view)
    return [f"{cast.full(seat)} holds {', '.join(squares) if squares else 'no square'}."
            for seat, squares in held.items()]


def _held(view: dict[str, Any]) -> dict[int, list[str]]:
    """Each seat's squares on the map, in order."""
    held: dict[int, list[str]] = {p["seat"]: [] for p in view["players"]}
    for r, row in enumerate(view["map"]):
        for c, markers in enumerate(row):
            for seat in markers:
                held[seat].append(square_name((r, c)))
    return {seat: sorted(squares) for seat, squares in held.items()}


def doing(view: dict[str, Any], cast: Cast) -> str:
    """Who may do what now, in the words of the moves they have: "alice (red) is to choose a character (or
    rest)", "you (blue) are to bid for Bram the Lamplighter on land card 3 (C1–D3), or pass"."""
    phase = view["phase"]
    seat = view["to_move"][0]
    placing = view.get("placing") or {}
    if phase == "bid":
        bid = view["bid"]
        what = f"bid for {character(bid['card'])} on {land(bid['slot'] + 1)}, or pass"
    elif phase == "anchor":
        what = f"place {character(placing['card'])}'s key marker"
    else:
        what = {"start": "choose a character (or rest)", "pick": "choose the squares of the last markers",
                "blanks": "buy blanks for 2 coins each, or finish placing",
                "free": "use a free artifact or end the turn",
                "buy": "buy an artifact or end the turn"}[phase]
    return f"{cast.full(seat)} {cast.verb(seat, 'is')} to {what}."


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    """Whose move and what it is, the scores, each seat's coins, markers, cards and artifacts on one line, and
    the market on one line."""
    if view["phase"] == "over" or view["result"]:
        lines = [f"Round {view['round']}: game over."]
        if view["result"]:
            lines.append(ranking(view["result"], "point", cast))
    else:
        lines = [f"Round {view['round']}, turn {view['turn']}: {doing(view, cast)}"]
        if view["end_triggered"]:
            lines.append("The end is triggered: this round is the last.")
        lines.append(scores(view, [p["score"] for p in view["players"]], "point", cast))
    lines.append("Held: " + "; ".join(_holding(p, cast) for p in view["players"]) + ".")
    sale = ", ".join(f"{a['name']} {plural(a['cost'], 'coin')} for {plural(a['vp'], 'point')}"
                     for a in view["artifact_row"])
    deck = f"land deck {plural(view['deck_left'], 'card')}"
    lines.append(f"For sale: {sale}; {deck}." if sale else f"{deck[0].upper()}{deck[1:]}.")
    return lines


def _holding(p: dict[str, Any], cast: Cast) -> str:
    """"bob (north): 3 coins, 20 markers left, 4 cards, Lantern"."""
    artifacts = "".join(f", {a['name']}" for a in p["artifacts"])
    return (f"{cast.short(p['seat'])} ({EDGE_NAMES[p['edge']].lower()}): {plural(p['coins'], 'coin')}, "
            f"{plural(p['supply'], 'marker')} left, {plural(len(p['characters']), 'card')}{artifacts}")


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    """What the seat's own picture shows, said to it: the edge its map is turned to, its characters (face up or
    used), its artifacts, coins, markers and points."""
    seat = view["seat"]
    me = view["players"][seat]
    up = [f"{character(c['card'])} ({plural(c['vp'], 'point')})" for c in me["characters"] if c["up"]]
    used = [character(c["card"]) for c in me["characters"] if not c["up"]]
    lines = [f"The map is turned so your edge, the {EDGE_NAMES[me['edge']].lower()}, is at the bottom.",
             f"Your characters face up: {', '.join(up) if up else 'none (rest to turn them up)'}."]
    if used:
        lines.append(f"Used (grey): {', '.join(used)}.")
    if me["artifacts"]:
        lines.append("Your artifacts: " + ", ".join(a["name"] + ("" if a["up"] else " (used)")
                                                    for a in me["artifacts"]) + ".")
    squares = _held(view)[seat]
    lines.append(f"You have {plural(me['coins'], 'coin')}, {plural(me['supply'], 'marker')} left and "
                 f"{plural(me['score'], 'point')}; your markers on the map: "
                 f"{', '.join(squares) if squares else 'none'}.")
    return lines
