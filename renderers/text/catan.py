"""Catan's words beside the board and the hand: short, since a board's text (the story of the round and these
lines) stays within 12 lines for a normal round."""

from __future__ import annotations

from typing import Any

from games.catan.board import GEOMETRY, RESOURCES
from games.catan.table import DEV_NAMES
from games.grammar import plural
from renderers.cast import Cast
from renderers.narrator.catan import ANSWERED, cards, hex_words, listed, told
from renderers.text import scores

DOING = {"setup": "to place a settlement and a road", "roll": "to roll", "main": "to trade and build",
         "robber": "to move the robber", "road_building": "to place free roads"}
"""What the one seat to move does, by phase (a discard and an open offer are said with their details)."""


def status(view: dict[str, Any], cast: Cast) -> str:
    """Who may do what now: "alice (red) may answer bob's offer", "Cleo (AI hard, blue) is to roll"."""
    movers, offer, phase = view["to_move"], view.get("offer"), view["phase"]
    if phase == "discard":
        owed = {int(t): n for t, n in view["discards"].items()}
        return "Discarding half their cards after the 7: " + listed(
            f"{cast.name(t)} {plural(n, 'card')}" for t, n in sorted(owed.items())) + "."
    if offer is not None and phase == "main":
        asked = [t for t in movers if t != offer["from"]]
        if asked:
            return f"{cast.names(asked)} may answer {cast.whose(offer['from'])} offer."
        takers = [int(t) for t, said in offer["answers"].items() if said != "decline"]
        return (f"{cast.name(offer['from'])} may trade with {cast.names(takers)} or withdraw the offer."
                if takers else f"{cast.name(offer['from'])} may withdraw the offer.")
    [seat] = movers
    return f"{cast.name(seat)} {cast.verb(seat, 'is')} {DOING[phase]}."


def _offer(offer: dict[str, Any], cast: Cast) -> str:
    """The open offer and the answers it has had where it stands: "Offer: bob to everyone, 1 wool for 1 brick;
    alice declined." (after the scores, which name everyone in full, so by the name alone)."""
    to = "everyone" if offer["to"] is None else cast.short(offer["to"])
    answers = [f"{cast.short(int(t))} " + (f"countered, offering {cards(a['give'])} for {cards(a['get'])}"
                                          if isinstance(a, dict) else ANSWERED[a])
               for t, a in offer["answers"].items()]
    return (f"Offer: {cast.short(offer['from'])} to {to}, {cards(offer['give'])} for {cards(offer['get'])}"
            + (f"; {listed(answers)}" if answers else "") + ".")


def _titles(view: dict[str, Any], cast: Cast) -> str:
    """Roads and knights, with who holds the titles they win."""
    players = view["players"]
    roads = ", ".join(f"{cast.short(p['seat'])} {p['road_length']}" for p in players)
    knights = ", ".join(f"{cast.short(p['seat'])} {p['knights']}" for p in players if p["knights"])
    held = [f"{title}: {cast.short(view[key])}" for key, title in (("longest_road", "Longest Road"),
                                                                   ("largest_army", "Largest Army"))
            if view[key] is not None]
    return f"Longest roads: {roads}. Knights: {knights or 'none yet'}." + (f" {'; '.join(held)}." if held else "")


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    """Whose turn and what they may do, the scores, everyone's cards on one line, roads and knights, the open
    offer, the bank."""
    roll = view["last_roll"]
    when = ("Setup" if view["phase"] == "setup" else f"Turn {view['turn']}") + (
        f", rolled {sum(roll)}" if roll and view["phase"] != "roll" else "")
    if view.get("winner") is not None:
        first = f"{cast.Name(view['winner'])} won with {view['players'][view['winner']]['vp']} VP."
    else:
        first = f"{when}: {status(view, cast)}"
    hands = ", ".join(f"{cast.short(p['seat'])} {plural(p['cards'], 'card')}"
                      + (f" and {plural(p['dev_cards'], 'development card')}" if p["dev_cards"] else "")
                      for p in view["players"])
    offer = view.get("offer")
    return [first, scores(view, [p["vp"] for p in view["players"]], "VP", cast), f"In hand: {hands}.",
            _titles(view, cast), _offer(offer, cast) if offer else "",
            "Bank: " + ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, view["bank"], strict=True))
            + f"; {plural(view['deck'], 'development card')} left."]


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: each seat's buildings by the hexes and numbers they touch, the robber, the longest road."""
    built: dict[int, list[str]] = {}
    for node, b in enumerate(view["buildings"]):
        if b is not None:
            kind = "city" if b[1] == 2 else "settlement"
            built.setdefault(b[0], []).append(
                f"{kind} on {'/'.join(hex_words(view, h) for h in GEOMETRY.node_hexes[node])}")
    lines = [f"{cast.full(seat)}: {', '.join(things)}." for seat, things in sorted(built.items())]
    robber = view["robber"]
    lines.append(f"Robber on hex {GEOMETRY.hex_labels[robber]} ({hex_words(view, robber)}).")
    holder = view["longest_road"]
    if holder is not None:
        lines.append(f"Longest Road: {cast.full(holder)}, {view['players'][holder]['road_length']} long.")
    else:
        best = max(view["players"], key=lambda p: p["road_length"])
        lines.append(f"Longest Road: nobody yet (5 needed); longest now {cast.full(best['seat'])}, "
                     f"{best['road_length']}.")
    return lines


def offer_terms(offer: dict[str, Any], cast: Cast) -> str:
    return f"{cast.whose(offer['from'])} offer: you get {cards(offer['give'])} for {cards(offer['get'])}"


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    """The reader's own cards, rates and development cards, and their latest private news ("bob stole 1 wool
    from you")."""
    lines = [f"{view['vp_total']} VP in all.",
             "Cards: " + ", ".join(f"{view['hand'][r]} {r} (bank {view['rates'][r]}:1)" for r in RESOURCES) + "."]
    dev = ", ".join(plural(n, f"{DEV_NAMES[k]} card") for k, n in view["dev_hand"].items())
    lines.append(f"Development cards: {dev or 'none'}.")
    if view["news"]:
        lines.append("Lately: " + " ".join(told(view["news"][-3:], cast, view)))
    return lines
