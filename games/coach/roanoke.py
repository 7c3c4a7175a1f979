"""Roanoke's coach (issue 44): the move a sensible beginner might make, with a reason computed from the position
the seat sees (every hand is public, ROA §7; the draw pile's order and the face-down season cards are not read),
and the mechanics a beginner meets, each explained once with the chapter of the book that teaches it.

The pick starts from the heuristic (`games.roanoke.ai`), but the coach never suggests a gift: the heuristic's
kindness to the table (gifts of what a neighbour lacks, requests granted for nothing) is the table's, not the
learner's (ROA-S37 ranks by the chits in hand), and no rule makes a colony give. Where the heuristic would give,
the coach asks what the heuristic would do for itself alone (its shrewd self, which only trades) or, failing
that, what it would do without offering. A reason states facts of the position, named in `Reason.facts`, which
`tests/games/test_coach_roanoke.py` checks against the game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.ai import choose_for, policy_for
from games.coach.coaching import Advice, Coaching, Mechanic, Reason, event_of
from games.core import Action, Game
from games.grammar import a, ordinal, plural, verb
from games.roanoke import board as B
from games.roanoke import seasons as SE
from games.roanoke.ai import RoanokePlayer, card_of, need, shortfall, spare
from games.roanoke.market import MARKET, MARKET_RES, TITLES, payout, square_payout
from games.roanoke.moves import HOUSE_COST, UPGRADE_COST, generator_cost
from games.roanoke.text import COLOURS

View = dict[str, Any]
RES = B.RESOURCES
ROUNDS = 3
HAND_CARDS = ("hold", "consume", "hold_any")
"""The season cards about the hand (ROA-S32): what a move spends or brings changes whether the seat meets them."""
MOST_TILES = 3
"""ROA-R16: a colony resolves at most 3 tiles a turn (1, and 1 for each of at most 2 working upgrades)."""


# -- words -----------------------------------------------------------------------------------------------------

def bundle(amounts: dict[str, int]) -> str:
    """"2 food, 1 water": the amounts in the resources' order, or "nothing"."""
    return ", ".join(f"{amounts[r]} {r}" for r in RES if amounts.get(r)) or "nothing"


def kept(amounts: dict[str, int]) -> dict[str, int]:
    """The amounts in the resources' order, without zeros: how a fact holds a bundle."""
    return {r: amounts[r] for r in RES if amounts.get(r)}


def card_name(card: str) -> str:
    return str(SE.CARDS[card]["name"])


def node_res(view: View, square: int) -> str:
    return str(view["board"][square]["res"])


def in_reserve(reserve: int) -> str:
    return f"{plural(reserve, 'worker')} {verb(reserve, 'stays')} in your reserve"


def square_state(mine: int, top: int, colours: int) -> str:
    """A market square as its payout reads it (ROA-S14): your workers against the most of another colour."""
    if mine and colours == 4:
        return f"your {mine} there among all four colours"
    if top == 0:
        return f"your {mine} alone there"
    return f"your {mine} against at most {top} of another colony's"


# -- what the seat sees ----------------------------------------------------------------------------------------

def market_of(view: View) -> list[list[int]]:
    return [list(view["market"][m]) for m in MARKET]


def square_facts(market: list[list[int]], i: int, seat: int) -> tuple[int, int, int]:
    """Your workers on market square i, the most of any other colour there, and how many colours are there."""
    counts = market[i]
    return counts[seat], max(c for s, c in enumerate(counts) if s != seat), sum(1 for c in counts if c)


def income_of(view: View, seat: int, market: list[list[int]]) -> tuple[dict[str, int], dict[str, int]]:
    """ROA-S14 / S15: the market's payout and the rest (nodes of the super-road, working generators of the link
    class), from the view's board and networks."""
    board, nets, links = view["board"], view["nets"], view["links"]
    rest = dict.fromkeys(RES, 0)
    members = [m for m in range(len(links)) if links[m] == links[seat]]
    road = {x for m in members for x in nets[m]}
    for x in road:
        if board[x]["kind"] == "node":
            rest[board[x]["res"]] += 1
    for m in members:
        for x in nets[m]:
            cell = board[x]
            if cell["kind"] in B.ROAD_KINDS and cell["owner"] == m and cell.get("gen"):
                rest[cell["gen"]] += 1
    return payout(market, seat), rest


def super_road(nets: list[set[int]], links: list[int], seat: int) -> set[int]:
    return {x for m in range(len(links)) if links[m] == links[seat] for x in nets[m]}


def turns_left(view: View, seat: int) -> int:
    """The seat's turns before the season's check, not counting a turn it is playing now (ROA-S12, S31)."""
    return ROUNDS - view["round"] + (1 if seat in view["round_left"] else 0)


def before_check(turns: int) -> str:
    return f"{plural(turns, 'more turn')} before its check" if turns else "its check comes at the end of this round"


def card_line(view: View, seat: int, hand: dict[str, int]) -> tuple[str, dict[str, int]]:
    """Where the seat stands on the season card with this hand, in words ("you meet it", "you are short of 2
    water", "you own 0 of the 1 needed"), and what the hand lacks for it (ROA-S32)."""
    card = card_of(view)
    assert card is not None
    short = SE.shortfall(card, hand)
    if SE.CARDS[card]["kind"] in HAND_CARDS:
        return (f"you are short of {bundle(short)}" if short else "you meet it"), short
    players = [dict(p) for p in view["players"]]
    players[seat] = dict(players[seat], hand=hand)
    return SE.standing(card, seat, players)[1], short


def meets(view: View, seat: int, hand: dict[str, int]) -> tuple[str, dict[str, int]]:
    """"you meet Dry Spell", "you are short of 2 water for Dry Spell": a hand card (hold, pay, hold any) and this
    hand."""
    name = card_name(card_of(view))  # type: ignore[arg-type]
    why, short = card_line(view, seat, hand)
    return (f"{why} for {name}" if short else f"you meet {name}"), short


def owned(view: View, seat: int, what: str) -> int:
    p = view["players"][seat]
    return {"house": len(p["houses"]), "generator": len(p["generators"]),
            "generator_or_upgrade": len(p["generators"]) + len(p["road_upgrades"])}[what]


def counts_for(view: View, seat: int, pieces: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """If the revealed card asks the seat to own one of these pieces and does not have enough yet, how far this
    purchase brings it; else the same of a card the next season may bring (ROA-S33: each season's three
    candidates are public), while the seat does not have enough for it."""
    card = card_of(view)
    c = SE.CARDS[card] if card else {}
    if c.get("kind") == "own" and c["what"] in pieces:
        after = owned(view, seat, c["what"]) + 1
        if after <= c["n"]:
            return (f"{card_name(card)} asks you to own {c['n']}: this makes {after}",  # type: ignore[arg-type]
                    {"card": card_name(card), "needed": c["n"], "owned_after": after})  # type: ignore[arg-type]
        return "", {}
    nxt = view["season"] + 1
    if nxt >= len(view["seasons"]):
        return "", {}
    for later in view["seasons"][nxt]["candidates"]:
        c = SE.CARDS[later]
        if c["kind"] == "own" and c["what"] in pieces and owned(view, seat, c["what"]) + 1 <= c["n"]:
            after = owned(view, seat, c["what"]) + 1
            return (f"next season may bring {c['name']} ({SE.goal_text(later)}): this makes {after}",
                    {"next_card": c["name"], "needed": c["n"], "owned_after": after})
    return "", {}


# -- the reasons, one a kind of move -----------------------------------------------------------------------------

def setup_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S11: the first worker takes 1 chit of its square's resource, then pays like any other (ROA-S14)."""
    i = MARKET.index(action["square"])
    market = market_of(view)
    market[i][seat] += 1
    mine, top, colours = square_facts(market, i, seat)
    pays = square_payout(market[i], seat)
    res, where = MARKET_RES[i], TITLES[action["square"]]
    text = (f"your first worker on {where} takes 1 {res} now; with {square_state(mine, top, colours)}, {where} "
            f"would pay you {pays} {res} when you collect.")
    return Reason(text, f"{where}: 1 {res} now, {pays} {res} a collect as things stand.",
                  {"square": where, "res": res, "mine": mine, "top": top, "pays": pays})


def add_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S13 / S14: one worker a turn from the reserve; what the square pays you with it."""
    i = MARKET.index(action["square"])
    market = market_of(view)
    before = square_payout(market[i], seat)
    market[i][seat] += 1
    mine, top, colours = square_facts(market, i, seat)
    after = square_payout(market[i], seat)
    res, where = MARKET_RES[i], TITLES[action["square"]]
    reserve = view["players"][seat]["reserve"] - 1
    facts = {"square": where, "res": res, "mine": mine, "top": top, "before": before, "pays": after,
             "reserve": reserve}
    if after > before:
        text = (f"a worker on {where} makes {square_state(mine, top, colours)}: it pays you {after} {res} instead "
                f"of {before}; {in_reserve(reserve)}.")
        return Reason(text, f"{where} then pays you {after} {res}, not {before}.", facts)
    text = (f"{where} pays you {after} {res} with it too ({square_state(mine, top, colours)}), but a worker added "
            f"now is one more to move later: one a turn, and {in_reserve(reserve)}.")
    return Reason(text, f"one more worker to move later; {reserve} in reserve.", facts)


def move_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S13 / S14: moving a worker changes what both squares pay you."""
    i, j = MARKET.index(action["from"]), MARKET.index(action["to"])
    market = market_of(view)
    from_before, to_before = square_payout(market[i], seat), square_payout(market[j], seat)
    market[i][seat] -= 1
    market[j][seat] += 1
    from_after, to_after = square_payout(market[i], seat), square_payout(market[j], seat)
    mine, top, colours = square_facts(market, j, seat)
    there, to_res, from_res = TITLES[action["to"]], MARKET_RES[j], MARKET_RES[i]
    away = TITLES[action["from"]]
    left = (f"{away} paid you nothing before either" if from_after == from_before == 0
            else f"{away} still pays you {from_after} {from_res}" if from_after == from_before
            else f"{away} pays {from_after} {from_res} instead of {from_before}")
    text = (f"with {square_state(mine, top, colours)}, {there} pays you {to_after} {to_res} instead of "
            f"{to_before}; {left}.")
    return Reason(text, f"{there}: {to_after} {to_res}, not {to_before}; {away}: {from_after} {from_res}.",
                  {"from": away, "to": there, "mine": mine, "top": top, "to_before": to_before, "to_after": to_after,
                   "from_before": from_before, "from_after": from_after})


def collect_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S14 / S15: the market, the nodes and the working generators pay, from the pile."""
    market, rest = income_of(view, seat, market_of(view))
    pile = view["pile"]
    owed = {r: market[r] + rest[r] for r in RES}
    gets = {r: min(owed[r], pile[r]) for r in RES}
    lost = {r: owed[r] - gets[r] for r in RES if owed[r] > gets[r]}
    hand = {r: view["players"][seat]["hand"][r] + gets[r] for r in RES}
    why, short = meets(view, seat, hand)
    if lost:
        parts = [f"collecting gives you {bundle(gets)}: the pile is short, so you lose {bundle(lost)} of what you "
                 "are owed"]
    elif not sum(rest.values()):
        parts = [f"collecting gives you {bundle(gets)}, all from the market"]
    else:
        parts = [f"collecting gives you {bundle(gets)}: {sum(market.values())} from the market, "
                 f"{sum(rest.values())} from nodes and generators"]
    if SE.CARDS[card_of(view)]["kind"] in HAND_CARDS:  # type: ignore[index]
        parts.append(f"then {why}")
    return Reason("; ".join(parts) + ".", f"collecting gives {bundle(gets)}.",
                  {"gets": kept(gets), "market": sum(market.values()), "other": sum(rest.values()),
                   "lost": kept(lost), "short_after": kept(short)})


def placed(view: View, seat: int, action: Action) -> dict[str, Any]:
    """What a placement does, on a copy of the view's board (ROA-S8, S10, S15): own road tiles before and after,
    nodes brought into the super-road, colonies linked, the tile paved over, and the road's distance (in
    squares, across and down) to each node the super-road does not reach and to the own road of each colony it
    is not linked to, before and after."""
    board = [None if c is None else dict(c) for c in view["board"]]
    x = B.sq(action["row"], action["col"])
    paved = board[x]["owner"] if board[x] is not None else None
    nets = [set(n) for n in view["nets"]]
    links = view["links"]
    road_before = super_road(nets, links, seat)
    own_before = {y for y in nets[seat] if B.is_road(board[y])}
    board[x] = {"kind": "road", "mask": action["mask"], "owner": seat, "house": False, "gen": None, "up": False}
    new_nets, new_links = B.networks(board)
    nets_after = [set(n) for n in new_nets]
    road_after = super_road(nets_after, new_links, seat)
    own_after = {y for y in nets_after[seat] if B.is_road(board[y])}
    nodes = [y for y, c in enumerate(board) if c is not None and c["kind"] == "node"]

    def far(node: int, own: set[int]) -> int:
        return gap({node}, own)

    def tiles(net: set[int], m: int) -> set[int]:
        return {y for y in net if B.is_road(board[y]) and board[y]["owner"] == m}  # type: ignore[index]

    return {"square": B.label(x), "edges": B.edges_text(action["mask"]), "paved": paved,
            "own_before": B.road_tiles(board, own_before), "own_after": len(own_after),
            "road_after": B.road_tiles(board, road_after),
            "reached": [y for y in nodes if y in road_after and y not in road_before],
            "linked": [m for m in range(len(links)) if new_links[m] == new_links[seat]
                       and links[m] != links[seat]],
            "distances": {y: (far(y, own_before), far(y, own_after)) for y in nodes if y not in road_after},
            "rivals": {m: (gap(tiles(nets[m], m), own_before), gap(tiles(nets_after[m], m), own_after))
                       for m in range(len(links)) if new_links[m] != new_links[seat]}}


def gap(these: set[int], those: set[int]) -> int:
    """The fewest squares across and down between a square of one set and a square of the other."""
    return min((abs(B.rc(x)[0] - B.rc(y)[0]) + abs(B.rc(x)[1] - B.rc(y)[1]) for x in these for y in those),
               default=99)


GREAT_ROAD = SE.CARDS["Y2-WI1"]["n"]
"""ROA-S33: the road length The Great Road (a candidate for Year 2 Winter) asks of some survivor."""


def great_road_ahead(view: View) -> bool:
    """In Year 2, while The Great Road may still be the last card (ROA-S33: the candidates are public)."""
    last = view["seasons"][-1]
    return view["season"] >= 4 and last["card"] in (None, "Y2-WI1") and "Y2-WI1" in last["candidates"]


def place_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S5…S10: where the tile goes and what it brings, computed on the board."""
    done = placed(view, seat, action)
    where = f"{done['square']} {done['edges']}"
    facts: dict[str, Any] = {"square": done["square"], "own_after": done["own_after"]}
    grown = (f"your own road grows to {plural(done['own_after'], 'tile')}" if done["own_after"] > done["own_before"]
             else f"your own road stays at {plural(done['own_after'], 'tile')}")
    if done["reached"]:
        nodes = [f"the {node_res(view, y)} node at {B.label(y)}" for y in done["reached"]]
        gains = ", ".join(f"+1 {node_res(view, y)}" for y in done["reached"])
        facts["reached"] = [B.label(y) for y in done["reached"]]
        main = f"it brings {' and '.join(nodes)} into your roads: {gains} at each collect"
        brief = f"{done['square']} reaches {' and '.join(nodes)}."
    elif done["linked"]:
        names = " and ".join(COLOURS[m] for m in done["linked"])
        facts["linked"] = [COLOURS[m] for m in done["linked"]]
        main = f"it links you with {names}: you share each other's nodes, generators and road upgrades"
        brief = f"{done['square']} links you with {names}."
    else:
        closer = [(after, before, y) for y, (before, after) in done["distances"].items() if after < before]
        if closer:
            after, before, y = min(closer)
            facts["node"] = B.label(y)
            facts["steps"] = (before, after)
            main = (f"it brings your own road within {after} squares of the {node_res(view, y)} node at "
                    f"{B.label(y)} ({before} before)")
            brief = f"{done['square']}: {after} squares from the {node_res(view, y)} node, not {before}."
        else:
            nearer = [(after, before, m) for m, (before, after) in done["rivals"].items() if after < before]
            if nearer:
                after, before, m = min(nearer)
                facts["rival"] = COLOURS[m]
                facts["steps"] = (before, after)
                main = (f"it brings your own road within {after} squares of {COLOURS[m]}'s ({before} before): "
                        "roads that meet are linked")
                brief = f"{done['square']}: {after} squares from {COLOURS[m]}'s road, not {before}."
            else:
                main = ""
                brief = f"{done['square']}: own road {done['own_after']} tiles."
    parts = [p for p in (main, grown) if p]
    if great_road_ahead(view):
        facts["road_length"] = done["road_after"]
        parts.append(f"your roads with linked colonies come to {done['road_after']} tiles (The Great Road asks "
                     f"{GREAT_ROAD})")
    if done["paved"] is not None:
        facts["paved"] = COLOURS[done["paved"]]
        parts.append(f"it paves over {COLOURS[done['paved']]}'s tile")
    return Reason(f"{where}: " + "; ".join(parts) + ".", brief, facts)


def spots(view: View, legal: list[Action]) -> tuple[list[str], list[Action]]:
    """The squares where the drawn tile fits, and the placements there that pave no other colony's tile."""
    board = view["board"]
    places = [x for x in legal if x["type"] == "place"]
    squares = list(dict.fromkeys(B.label(B.sq(x["row"], x["col"])) for x in places))
    return squares, [x for x in places if board[B.sq(x["row"], x["col"])] is None]


def discard_reason(view: View, seat: int, action: Action, legal: list[Action]) -> Reason:
    """ROA-S7 / S16: every square where the drawn tile fits lies on another colony's road (the coach suggests a
    discard only then: `better_than_discard`)."""
    board = view["board"]
    squares, _free = spots(view, legal)
    owners = list(dict.fromkeys(COLOURS[board[B.parse_label(q)]["owner"]] for q in squares))  # type: ignore[index]
    tile = view["drawn_tile"]
    names = [f"{o}'s" for o in owners]
    roads = (", ".join(names[:-1]) + " and " if len(names) > 1 else "") + names[-1] + \
        (" roads" if len(names) > 1 else " road")
    text = (f"the drawn {tile} fits only on {plural(len(squares), 'square')} of {roads}: placing it would cut "
            "a road there. Discarding costs you nothing.")
    return Reason(text, f"the {tile} fits only over other colonies' roads.",
                  {"tile": tile, "squares": len(squares), "owners": owners})


def house_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-R19: 2 of each; the cards that ask you to own houses (or generators, which stand on houses), the
    paving it prevents (ROA-S7) and the tie it breaks (ROA-R30)."""
    hand = view["players"][seat]["hand"]
    after = {r: hand[r] - HOUSE_COST.get(r, 0) for r in RES}
    houses = owned(view, seat, "house") + 1
    card = card_of(view)
    assert card is not None
    c = SE.CARDS[card]
    goal, facts = counts_for(view, seat, ("house",))
    facts = {"square": action["square"], "hand": kept(hand), "houses_after": houses, **facts}
    if "card" not in facts:  # the revealed card does not ask for more houses
        if c["kind"] == "own" and c["what"] != "house" and owned(view, seat, c["what"]) < c["n"]:
            facts["card"] = card_name(card)
            goal = f"A generator stands on a house, and {card_name(card)} asks you to {SE.goal_text(card)}"
        elif goal:
            goal = goal[:1].upper() + goal[1:]
        else:
            goal = f"It guards the tile from paving and breaks ties at the end (your {ordinal(houses)})"
        if c["kind"] in HAND_CARDS:
            why, short = meets(view, seat, after)
            facts["short_after"] = kept(short)
            goal += f"; then {why}"
    text = f"a house on {action['square']} costs 2 of each and you hold {bundle(hand)}. {goal}."
    return Reason(text, f"a house on {action['square']}: your {ordinal(houses)}.", facts)


def generator_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-R20 / S9: 4 of its resource and 2 wood or food; +1 a collect for the link class while it works."""
    res, where = action["res"], action["square"]
    cost = kept(generator_cost(res, action["wood"], action["food"]))
    active = B.parse_label(where) in view["nets"][seat]
    goal, facts = counts_for(view, seat, ("generator", "generator_or_upgrade"))
    works = (f"from your next turn, +1 {res} at each collect for you and colonies linked to you"
             if active else f"but {where} is cut off from your exit: it works only once your road reaches it again")
    text = f"{a(res + ' generator')} on {where} costs {bundle(cost)}: {works}"
    text += f"; {goal}." if goal else "."
    return Reason(text, f"a {res} generator on {where}: +1 {res} a collect." if active else
                  f"a {res} generator on {where}, idle until reconnected.",
                  {"res": res, "square": where, "cost": cost, "active": active, **facts})


def tiles_a_turn(view: View, seat: int, extra: int = 0) -> int:
    """ROA-S16 / R16: 1 tile a turn, and 1 for each working road upgrade in the link class, up to 3."""
    board, nets, links = view["board"], view["nets"], view["links"]
    working = sum(1 for m in range(len(links)) if links[m] == links[seat] for x in nets[m]
                  if board[x]["kind"] in B.ROAD_KINDS and board[x]["owner"] == m and board[x].get("up"))
    return 1 + min(MOST_TILES - 1, working + extra)


def upgrade_reason(view: View, seat: int, action: Action) -> Reason | None:
    """ROA-R16: 4 wood and 4 metal; one more tile a turn for the link class while it works."""
    where = action["square"]
    before = tiles_a_turn(view, seat)
    after = tiles_a_turn(view, seat, 1 if B.parse_label(where) in view["nets"][seat] else 0)
    goal, facts = counts_for(view, seat, ("generator_or_upgrade",))
    if after == before and not goal:
        return None
    parts = [f"from your next turn you place up to {plural(after, 'tile')} a turn, not {before}"] if after > before \
        else []
    parts += [goal] if goal else []
    text = f"a road upgrade on {where} costs 4 wood and 4 metal: " + "; ".join(parts) + "."
    return Reason(text, f"a road upgrade on {where}: {plural(after, 'tile')} a turn.",
                  {"square": where, "cost": dict(UPGRADE_COST), "tiles_before": before, "tiles_after": after, **facts})


def end_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S19 / S31: what the season card still asks and the turns left before its check."""
    hand = view["players"][seat]["hand"]
    card = card_of(view)
    assert card is not None
    why, short = card_line(view, seat, hand)
    turns = turns_left(view, seat)
    chits = sum(hand.values())
    goal = SE.goal_text(card)
    asks = (f"{card_name(card)} is for all together: {goal.removeprefix('together: ')}" if SE.collective(card)
            else f"{card_name(card)} asks you to {goal}")
    text = f"keep your {plural(chits, 'chit')}: {asks}; {why}; {before_check(turns)}."
    return Reason(text, f"{card_name(card)}: {why}.",
                  {"chits": chits, "card": card_name(card), "short": kept(short), "turns": turns})


def offer_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S18: a trade for what the card asks of you, paid only with what it does not."""
    to = action["to"] - 1
    give, get = kept(action["give"]), kept(action["get"])
    short = kept(shortfall(view, seat))
    theirs = {r: view["players"][to]["hand"][r] for r in get}
    card = card_name(card_of(view))  # type: ignore[arg-type]
    what = f"offer {COLOURS[to]} {bundle(give)} for {bundle(get)}" if give else f"ask {COLOURS[to]} for {bundle(get)}"
    text = (f"{what}: you lack {bundle(short)} for {card}, and {COLOURS[to]} holds {bundle(theirs)}"
            + (f"; you hold more {' and '.join(give)} than the card needs." if give else "."))
    return Reason(text, f"ask {COLOURS[to]} for {bundle(get)}.",
                  {"to": COLOURS[to], "give": give, "get": get, "short": short, "theirs": theirs})


def fair(view: View, seat: int, offer: dict[str, Any]) -> bool:
    """Whether the coach would take an offer to the seat: it gives something, what it asks can be spared from
    the card's needs, and it brings something the seat lacks for the card or at least as many chits as it costs."""
    gets, pays = offer["give"], offer["get"]
    free, short = spare(view, seat), shortfall(view, seat)
    return bool(gets) and all(free[r] >= n for r, n in pays.items()) and (
        any(short.get(r) for r in gets) or sum(gets.values()) >= sum(pays.values()))


def answer_reason(view: View, seat: int, action: Action) -> Reason:
    """ROA-S18: what the offer gives you against what you need."""
    offer = view["offer"]
    who = COLOURS[offer["from"]]
    gets, pays = kept(offer["give"]), kept(offer["get"])
    short, free = shortfall(view, seat), spare(view, seat)
    facts = {"from": who, "gets": gets, "pays": pays, "short": kept(short)}
    if action["type"] == "accept":
        lacks = {r: min(n, short[r]) for r, n in gets.items() if short.get(r)}
        card = card_name(card_of(view))  # type: ignore[arg-type]
        why = f"you lack {bundle(lacks)} for {card}" if lacks else \
            f"{plural(sum(gets.values()), 'chit')} for {sum(pays.values())}"
        spared = f", and you can spare the {' and '.join(pays)}" if pays else ""
        text = f"{who} gives you {bundle(gets)} for {bundle(pays)}: {why}{spared}."
        return Reason(text, f"{bundle(gets)} for {bundle(pays)}: worth it.", {**facts, "lacks": lacks})
    needed = {r: n for r, n in pays.items() if free[r] < n}
    if not gets:
        text = f"{who} asks you for {bundle(pays)} and gives nothing back: a gift no rule asks of you."
        brief = f"{who} gives nothing back for {bundle(pays)}."
    elif needed:
        hand = view["players"][seat]["hand"]
        text = (f"{who} asks for {bundle(pays)}, and you need {' and '.join(needed)} yourself: you "
                f"hold {bundle({r: hand[r] for r in needed})}, and your season card needs "
                f"{bundle({r: need(view, seat)[r] for r in needed})}.")
        brief = f"you need the {' and '.join(needed)}."
    else:
        text = (f"{who} gives {bundle(gets)} for {bundle(pays)}: fewer chits than you give, and none "
                "you lack.")
        brief = f"{who} gives fewer chits than it asks."
    return Reason(text, brief, {**facts, "needed": sorted(needed)})


# -- the pick ----------------------------------------------------------------------------------------------------

def gift(view: View, seat: int, action: Action) -> bool:
    """A move that gives chits away for nothing, or gives what the card needs of the seat: an offer asking for
    nothing, giving more chits than it asks or paid with what the card needs, or a yes to an offer the coach would
    not take."""
    if action["type"] == "offer":
        short, free, give = shortfall(view, seat), spare(view, seat), action["give"]
        return not action["get"] or sum(give.values()) > sum(action["get"].values()) or \
            any(short.get(r) or free[r] < n for r, n in give.items())
    if action["type"] == "accept":
        return not fair(view, seat, view["offer"])
    return False


def better_than_discard(view: View, seat: int, legal: list[Action]) -> Action | None:
    """A placement paving nobody's tile, when the heuristic would discard a tile that has one: the one that
    reaches a node, links, or brings the own road nearest a node it does not reach."""
    _squares, free = spots(view, legal)
    if not free:
        return None

    def worth(action: Action) -> tuple[int, int, int]:
        done = placed(view, seat, action)
        nearest = min((after for _before, after in done["distances"].values()), default=0)
        return (-len(done["reached"]) - len(done["linked"]), nearest, -done["own_after"])
    return min(free, key=worth)


def pick(game: Game, seat: int, view: View, legal: list[Action]) -> Action:
    """The heuristic's move; for an offer, its shrewd self's (which trades and never gives), unless that is a
    gift too: then what the heuristic does without offering. An offer to the seat is taken when it is `fair`."""
    rng = random.Random(game.num_players)
    choice = choose_for(game, seat, policy_for("roanoke"), rng, legal)
    if choice["type"] in ("accept", "decline"):
        take = {"type": "accept"}
        return take if take in legal and fair(view, seat, view["offer"]) else {"type": "decline"}
    if choice["type"] == "offer":
        choice = RoanokePlayer(generous=False).choose(view, legal, random.Random(game.num_players))
        if gift(view, seat, choice):
            choice = RoanokePlayer(offers=False).choose(view, legal, random.Random(game.num_players))
    if choice["type"] == "discard":
        choice = better_than_discard(view, seat, legal) or choice
    return choice


REASONS: dict[str, Callable[[View, int, Action], Reason | None]] = {
    "market_add": add_reason, "market_move": move_reason, "collect": collect_reason, "place": place_reason,
    "buy_house": house_reason, "buy_generator": generator_reason, "buy_road_upgrade": upgrade_reason,
    "end_turn": end_reason, "offer": offer_reason, "accept": answer_reason, "decline": answer_reason}


def advise(game: Game, seat: int) -> Advice | None:
    """The coach's suggestion and its reason, from the seat's view and legal moves. A move it has no true reason
    for (a road upgrade that would add no tile and counts for no card) is left out and the pick made again; None
    when nothing is left (a lone cancel)."""
    legal = game.legal_actions(seat)
    view = game.view(seat)
    while legal:
        choice = pick(game, seat, view, legal)
        kind = choice["type"]
        if view["phase"] == "setup":
            reason: Reason | None = setup_reason(view, seat, choice)
        elif kind == "discard":
            reason = discard_reason(view, seat, choice, legal)
        else:
            reason = REASONS[kind](view, seat, choice) if kind in REASONS else None
        if reason is not None:
            return Advice(choice, reason)
        fewer = [x for x in legal if x["type"] != kind]
        if len(fewer) == len(legal):
            return None
        legal = fewer
    return None


# -- the mechanics ---------------------------------------------------------------------------------------------


COACHING = Coaching(
    choices={
        "market_add": "put a worker from your reserve on a market square (one a turn)",
        "market_move": "move one of your workers to another market square",
        "collect": "collect from the market, your nodes and generators",
        "place": "where the drawn road tile goes (its edges must match)",
        "discard": "give up the drawn road tile",
        "buy_house": "a house (2 of each)", "buy_generator": "a generator (4 of its resource, 2 wood or food)",
        "buy_road_upgrade": "a road upgrade (4 wood, 4 metal)",
        "offer": "offer a trade to another colony", "cancel": "take back your offer",
        "end_turn": "end your turn",
        "accept": "accept the offer", "decline": "decline the offer",
        "resign": "resign (you are out)",
    },
    advise=advise,
    deeds={"place": "placed a road tile", "buy_house": "bought a house", "buy_generator": "bought a generator",
           "buy_road_upgrade": "bought a road upgrade", "market_add": "added a worker"},
    mechanics=(
        Mechanic("a season card", "ROA-S32", "Each season opens with its card turned up: own, hold, pay, lead, reach "
                 "or a goal for all together. It is checked after the season's third round; My hand says whether "
                 "you meet it.", event_of("season_revealed")),
        Mechanic("the market's payout", "ROA-S14", "When you collect, each market square pays you 2 of its "
                 "resource if you have the most workers there, 1 if tied for the most, nothing if outnumbered or "
                 "if all four colours are there.", event_of("collected", lambda e: any(e["received"].values()))),
        Mechanic("a season check", "ROA-S31", "At the end of a season's third round, every colony is checked "
                 "against the season card's goal; a colony that fails it is eliminated at once. Your turn message "
                 "warns you when you are short.", event_of("season_checked")),
        Mechanic("a house", "ROA-R19", "A house costs 2 of each resource and goes on one of your road tiles: that "
                 "tile can no longer be paved over, houses count for the cards that ask for them, and they break "
                 "ties at the end.", event_of("bought", lambda e: e["what"] == "house")),
        Mechanic("a generator", "ROA-R20", "A generator sits on one of your houses: 4 of its resource and 2 wood or "
                 "food. While its tile is in your road, it pays 1 of its resource on the turn of every colony "
                 "linked to you, yours included.", event_of("bought", lambda e: e["what"] == "generator")),
        Mechanic("a road upgrade", "ROA-R16", "A road upgrade costs 4 wood and 4 metal: while it works, you and "
                 "every colony linked to you place one more tile a turn, up to 3.",
                 event_of("bought", lambda e: e["what"] == "road upgrade")),
        Mechanic("a node reached", "ROA-S15", "A resource node your roads reach pays 1 of its resource each time "
                 "you collect, and you may build on from its other edges.",
                 event_of("placed", lambda e: e.get("reached"))),
        Mechanic("linked colonies", "ROA-S8", "When two colonies' roads meet or reach the same node they are linked: "
                 "each earns from all the nodes and working generators of the link, and shares its road upgrades.",
                 event_of("placed", lambda e: e.get("linked"))),
        Mechanic("paving over a road", "ROA-S7", "A tile may be laid over another colony's bare road tile: the old "
                 "tile is discarded, its upgrade destroyed, and its owner's road beyond it is cut off. A house "
                 "protects a tile.", event_of("placed", lambda e: e["paved"] and e["paved"]["owner"] != e["seat"])),
        Mechanic("a tile that fits nowhere", "ROA-S16", "A drawn tile with no legal square is discarded at once, "
                 "and no other is drawn in its place.", event_of("tile_unplaceable")),
        Mechanic("a trade", "ROA-S18", "On its turn a colony may offer any resources to one other colony for any "
                 "others; either side may be empty. The other accepts or declines; every hand and offer is "
                 "public.", event_of("traded")),
        Mechanic("a colony eliminated", "ROA-S35", "An eliminated colony plays no more: its whole hand passes to "
                 "the next surviving colony on its left, its workers leave the market, its roads and houses "
                 "stay.", event_of("eliminated")),
        Mechanic("the end and the score", "ROA-S37", "After the Year 2 Winter check the survivors compare the "
                 "chits in their hands: most wins; ties go to more houses, then more tiles in your own road. If "
                 "every colony is lost, nobody wins.", event_of("game_over")),
    ),
    advice="read the next season card early and save for it, and trade with colonies that are short: a "
           "colony eliminated passes its hand to its left.",
)
