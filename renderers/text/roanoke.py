"""Roanoke's words beside the board, and the words of one colony (its private picture and that picture's alt text).

A board's text is the story of the round and this summary, so the summary keeps to six lines: who may do what,
the season card, everyone's chits on one line, roads and houses on one, the market on one, the pile on one.
"""

from __future__ import annotations

from typing import Any

from games.grammar import a, plural
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.market import TITLES
from games.roanoke.moves import HOUSE_COST, SPLITS, UPGRADE_COST, generator_cost
from games.roanoke.table import MAX_HOUSES, MAX_UPGRADES, ROUNDS
from games.roanoke.text import bundle
from renderers.cast import Cast
from renderers.text import DESCRIPTION_LIMIT, ranking

RESOURCES = ("food", "water", "metal", "wood")
STEP = {"setup": "setup: first worker", "market": "market step", "main": "main step", "over": "game over"}
ROOM = DESCRIPTION_LIMIT - 64
"""What a hand's alt text may say after its opening ("Roanoke: your hand (you play sky blue). ")."""


def offer_terms(offer: dict[str, Any], cast: Cast) -> str:
    return f"{cast.whose(offer['from'])} offer: you get {bundle(offer['give'])} for {bundle(offer['get'])}"


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


def _when(view: dict[str, Any]) -> str:
    return f"{view['season_name']}, round {view['round']} of {ROUNDS}"


def doing(view: dict[str, Any], cast: Cast) -> str:
    """Who may do what now, as the moves open to them allow: "Y1 Spring, round 2 of 3: bob may accept or decline
    alice's offer (1 wood for 1 food); meanwhile alice may go on with the turn or cancel it"."""
    if view["phase"] == "setup":
        return f"Y1 Spring, setup: {cast.name(view['active'])} may put a first worker in the market."
    active, offer = view["active"], view.get("offer")
    if offer is not None:
        return (f"{_when(view)}: {cast.name(offer['to'])} may accept or decline {cast.whose(offer['from'])} offer "
                f"({bundle(offer['give'])} for {bundle(offer['get'])}); meanwhile {cast.name(active)} may go on "
                "with the turn or cancel it.")
    who = f"{_when(view)}: {cast.name(active)} may"
    if view["phase"] == "market":
        me = view["players"][active]
        add = "add a worker to the market, move one" if not view["added_worker"] and me["reserve"] else \
            "move a market worker"
        return f"{who} {add}, then collect."
    if view["drawn_tile"]:
        return (f"{who} place or discard the drawn {view['drawn_tile']} "
                f"({plural(view['placements_left'], 'placement')} left), buy or trade.")
    return f"{who} buy, trade or end the turn."


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    players = view["players"]
    if view["phase"] == "over":
        lines = ["Game over." if view["result"] and view["result"]["ranking"] else
                 "Game over: every colony was lost, nobody won."]
        if view["result"]:
            lines.append(ranking(view["result"], "chit", cast))
    else:
        lines = [doing(view, cast)]
        season = view["seasons"][view["season"]]
        if season["name"]:
            lines.append(f"Season card {season['name']}: {season['goal']} (checked after round 3; a colony that "
                         "fails it is out).")
        lines.append("Scores: " + ", ".join(
            f"{cast.full(p['seat'])} " + (f"{plural(p['chits'], 'chit')} ({bundle(p['hand'])})" if p["alive"]
                                          else "out") for p in players) + ".")
    lines.append("Roads: " + "; ".join(
        f"{cast.short(p['seat'])} {p['road_length']} long (own {p['own_road']}), "
        f"{plural(len(p['houses']), 'house')}, {plural(p['reserve'], 'worker')} in reserve" for p in players) + ".")
    market = [f"{TITLES[m]} " + ", ".join(f"{cast.short(s)} x{n}" for s, n in enumerate(workers) if n)
              for m, workers in view["market"].items() if any(workers)]
    if market:
        lines.append("Market workers: " + "; ".join(market) + ".")
    lines.append("Pile: " + ", ".join(f"{view['pile'][r]} {r}" for r in RESOURCES)
                 + f"; {plural(view['draw_pile'], 'tile')} to draw, {plural(view['houses_left'], 'house')} left.")
    return lines


# -- one colony, as its player reads it ------------------------------------------------------------


def still_to_play(view: dict[str, Any]) -> list[int]:
    """The seats still to take a turn this round after the active one, in order.  Setup runs once round
    the table from the first player (ROA-S11), so its order is worked out from the first seat."""
    if view["phase"] != "setup":
        return list(view["round_left"])
    active, first = view["active"], view["first_seat"]
    return [(active + i) % 4 for i in range(1, (first - active - 1) % 4 + 1)]


def placements(view: dict[str, Any], seat: int) -> list[tuple[int, int]]:
    """Every (square, mask) the seat's drawn tile may take, from the view's board (ROA-S5...S7)."""
    drawn = view["drawn_tile"]
    if drawn is None or view["active"] != seat or view["result"] is not None:
        return []
    return B.placements(view["board"], drawn, seat)


def status(view: dict[str, Any], seat: int, cast: Cast) -> str:
    """Where the seat stands in the turn order, or how the game ended for it."""
    from renderers.common import places  # the pictures' module: loaded only once a game is over, as `ranking` does

    out = not view["players"][seat]["alive"]
    if view["result"] is not None:
        place = places(view["result"]).get(seat)
        if place == "winner":
            return "The game is over: you win!"
        return "The game is over; you were eliminated." if out else f"The game is over: you finished {place}."
    if out:
        return "You were eliminated: your hand passed left; your roads and buildings stay on the board."
    when = f"({_when(view)})"
    if view["active"] == seat:
        said = f"Your turn, {STEP.get(view['phase'], view['phase'])}"
        if view["phase"] == "main":
            said += f": {plural(view['placements_left'], 'placement')} left"
        return f"{said} {when}."
    order = still_to_play(view)
    wait = ("you have played this round" if seat not in order else "you play next" if order[0] == seat else
            "you play after " + cast.names(order[:order.index(seat)]))
    return f"{cast.Name(view['active'])} is playing; {wait} {when}."


def offer_line(offer: dict[str, Any], seat: int, cast: Cast) -> str:
    """The open offer the seat made or may answer, as that seat reads it."""
    if offer["from"] == seat:
        return (f"Your offer to {cast.name(offer['to'])}: you give {bundle(offer['give'])} for "
                f"{bundle(offer['get'])} - waiting for the answer (you may cancel).")
    return (f"{cast.Name(offer['from'])} offers you {bundle(offer['give'])} for {bundle(offer['get'])}: "
            "accept or decline.")


def _short(hand: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {r: n - hand[r] for r, n in cost.items() if hand[r] < n}


def purchases(view: dict[str, Any], seat: int) -> list[tuple[str, str, str, bool]]:
    """Each purchase (ROA-S17) for the seat: its name and cost, how many it has, the verdict, and whether it may
    buy one now."""
    me = view["players"][seat]
    hand = me["hand"]
    houses, ups, gens = len(me["houses"]), len(me["road_upgrades"]), len(me["generators"])
    full = "you have the most a seat may build"
    rows = []
    for label, cost, count, limit in (
            ("House: 2 of each", HOUSE_COST, f"{houses}/{MAX_HOUSES} built",
             full if houses >= MAX_HOUSES else "no house chits are left" if view["houses_left"] == 0 else ""),
            ("Road upgrade: 4 wood, 4 metal", UPGRADE_COST, f"{ups}/{MAX_UPGRADES} built",
             full if ups >= MAX_UPGRADES else "")):
        short = _short(hand, cost)
        rows.append((label, count, limit or ("you can afford it" if not short else f"short of {bundle(short)}"),
                     not short and not limit))
    can = [r for r in RESOURCES if any(not _short(hand, generator_cost(r, w, f)) for w, f in SPLITS)]
    free = houses > gens
    verdict = ("needs one of your houses without a generator" if not free else
               "you can afford one of: " + ", ".join(can) if can else "you cannot afford one yet")
    rows.append(("Generator: 4 of its resource + 2 wood/food", f"{gens} built", verdict, free and bool(can)))
    return rows


def pieces(view: dict[str, Any], seat: int, cast: Cast) -> tuple[list[str], str]:
    """The seat's road, links, houses and upgrades as lines, and which of its pieces are cut off (idle), if any."""
    me = view["players"][seat]
    gens = me["generators"]
    net = set(view["nets"][seat])
    idle = sorted({lbl for lbl in [*me["houses"], *me["road_upgrades"]] if B.parse_label(lbl) not in net})
    others = [x for x in me["link_class"] if x != seat]
    houses = ", ".join(h + (f" ({gens[h]} generator)" if h in gens else "") for h in me["houses"])
    return ([f"Road length {me['road_length']} (own road {plural(me['own_road'], 'tile')})",
             f"Linked with {cast.names(others)}" if others else "Not linked with anyone yet",
             f"Houses: {houses or 'none'}", f"Road upgrades: {', '.join(me['road_upgrades']) or 'none'}"],
            f"Cut off from your exit, idle: {', '.join(idle)}" if idle else "")


def standing(view: dict[str, Any], seat: int) -> str:
    """How the seat stands against the season card in play."""
    slot = view["seasons"][view["season"]]
    if view["result"] is not None:
        return "The game is over: survivors rank by chits in hand, then houses, then own road."
    if not view["players"][seat]["alive"]:
        return "You no longer take part."
    ok, why = SE.standing(slot["card"], seat, view["players"])
    return ("Met as things stand: " if ok else "Not met yet: ") + why + "."


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    """The colony's private picture in words, most needed first, in whole sentences that fit an alt text."""
    seat = view["seat"]
    me = view["players"][seat]
    slot = view["seasons"][view["season"]]
    offer = view.get("offer")
    workers = ", ".join(f"{n} on {TITLES[m]}" for m, n in me["workers"].items()) or "none in the market"
    lines = [status(view, seat, cast),
             offer_line(offer, seat, cast) if offer and seat in (offer["from"], offer["to"]) else "",
             f"Your hand: {bundle(me['hand'])} ({plural(me['chits'], 'chit')}); workers: {workers}, "
             f"{me['reserve']} in reserve.",
             f"Season card {slot['name']}: {slot['goal']}. {standing(view, seat)}"]
    if spots := placements(view, seat):
        lines.append(f"Your drawn tile, {a(view['drawn_tile'])}, fits on {plural(len(spots), 'place')}: "
                     + ", ".join(f"{B.label(x)} {B.edges_text(m)}" for x, m in spots) + ".")
    lines.append("Buy: " + "; ".join(f"{label.split(':')[0].lower()}, {verdict}" for label, _, verdict, _
                                     in purchases(view, seat)) + ".")
    said, idle = pieces(view, seat, cast)
    lines.append(". ".join([*said, *([idle] if idle else [])]) + ".")
    kept: list[str] = []
    for line in (line for line in lines if line):
        if len(" ".join([*kept, line])) > ROOM:
            break
        kept.append(line)
    return kept
