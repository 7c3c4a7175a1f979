"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

Every tile is laid by `apply` (so it is legal where it lies); what a long game would bring about on its own (a
seat's turn coming round, the tile it draws, the chits in its hand, the season reached) is arranged through the
table's own procedures, with the pile always holding what the hands do not (40 of each kind in all).
"""

from __future__ import annotations

from typing import Any

from games.colours import colour_of
from games.core import listed
from games.grammar import a, plural
from games.roanoke import board as B
from games.roanoke.game import Roanoke
from games.roanoke.seasons import CARDS, EACH
from games.roanoke.table import RES
from games.rulebook import Example

N, E, S, W = B.N, B.E, B.S, B.W
SEED = 7
"""The shuffle every picture starts from (the resource nodes, the season cards, the draw pile)."""
SETUP = ("food1", "water1", "metal1", "wood1")
"""The first worker of seats 1 to 4, in turn: one chit each of food, water, metal and wood."""


def _started() -> Roanoke:
    """The designer's season cards, the setup workers down: red in its market step of Y1 Spring."""
    game = Roanoke.new(4, seed=SEED, options={"deck": "designer", "seat_order": "join"})
    for seat, square in enumerate(SETUP):
        game.apply(seat, {"type": "market_add", "square": square})
    return game


def _on_top(game: Roanoke, kind: str) -> None:
    """The next tile drawn is one of that kind (the draw pile's order is hidden, so any order may come)."""
    pile = game.s["draw_pile"]
    j = max(i for i, k in enumerate(pile) if k == kind)
    pile.append(pile.pop(j))


def _turn(game: Roanoke, seat: int) -> None:
    """It is `seat`'s main step, as if the turns before had been played."""
    game.s.update(active=seat, phase="main", added_worker=False, placements_left=0, drawn_tile=None, offer=None)


def _draw(game: Roanoke, seat: int, kind: str) -> None:
    """`seat`, in its main step, draws a tile of that kind."""
    _turn(game, seat)
    _on_top(game, kind)
    game.s["placements_left"] = 1
    game.events = []
    game.draw_next()


def _lay(game: Roanoke, seat: int, label: str, mask: int) -> None:
    """`seat` draws a tile of the kind that lies open on `mask`'s edges and places it on `label`."""
    _draw(game, seat, B.KIND_OF_MASK[mask])
    x = B.parse_label(label)
    assert x is not None
    row, col = B.rc(x)
    game.apply(seat, {"type": "place", "row": row, "col": col, "mask": mask})


def _hand(game: Roanoke, seat: int, **amounts: int) -> None:
    """The seat's hand becomes `amounts` (0 of the rest); the pile gives or takes the difference."""
    hand, pile = game.s["players"][seat]["hand"], game.s["pile"]
    for r in RES:
        pile[r] += hand[r] - amounts.get(r, 0)
        hand[r] = amounts.get(r, 0)


def _buy(game: Roanoke, seat: int, what: str, label: str, **extra: object) -> None:
    """`seat`, in its main step, buys a house, generator or road upgrade on `label`."""
    _turn(game, seat)
    game.apply(seat, {"type": f"buy_{what}", "square": label, **extra})


def _first_draw() -> Roanoke:
    """Red adds a worker to Water 1, collects its first income and draws a straight: three squares take it."""
    game = _started()
    game.apply(0, {"type": "market_add", "square": "water1"})
    _on_top(game, "straight")
    game.apply(0, {"type": "collect"})
    return game


def _network() -> Roanoke:
    """Four road networks of Y1 Spring: red and blue meet at the metal node J4, green reaches the wood node D4,
    yellow heads west; red's house on H3 carries a metal generator, blue's L5 a road upgrade."""
    game = _started()
    for label, mask in (("G3", N | E), ("H3", E | W), ("I3", S | W), ("I4", N | E)):
        _lay(game, 0, label, mask)
    for label, mask in (("L6", N | S | W), ("L5", N | S), ("L4", S | W), ("K4", E | W)):
        _lay(game, 1, label, mask)
    for label, mask in (("B6", N | S), ("B5", S | E), ("C5", W | N), ("C4", S | E)):
        _lay(game, 3, label, mask)
    for label, mask in (("G11", N | S | W), ("F11", E | W), ("E11", N | E)):
        _lay(game, 2, label, mask)
    _hand(game, 0, food=4, water=2, metal=6, wood=4)
    _buy(game, 0, "house", "H3")
    _buy(game, 0, "generator", "H3", res="metal", wood=1, food=1)
    _hand(game, 1, metal=4, wood=4)
    _buy(game, 1, "road_upgrade", "L5")
    return game


def _roads() -> Roanoke:
    """Round 3 of Y1 Spring, yellow's turn: it has drawn an elbow."""
    game = _network()
    _hand(game, 0, food=3, water=2, metal=1, wood=1)
    _hand(game, 1, food=2, water=1, metal=3, wood=0)
    _hand(game, 2, food=4, water=3, metal=0, wood=2)
    _hand(game, 3, food=1, water=2, metal=1, wood=5)
    game.s["round"], game.s["round_left"] = 3, [3]
    _draw(game, 2, "elbow")
    return game


def _first_draw_caption(game: Roanoke) -> str:
    """The exits and the resource nodes where the board has them, and where the tile drawn may go."""
    view = game.view(None)
    exits = [f"{square} ({colour_of(seat)})" for seat, square in enumerate(view["labels"]["exits"])]
    nodes = [f"{cell['res']} {B.label(square)}" for square, cell in enumerate(view["board"])
             if cell is not None and cell["kind"] == "node"]
    return (f"The board at the start. Exits {listed(exits)}, each with its starting cross beside it; resource nodes "
            f"{listed(nodes)}. {colour_of(view['active']).capitalize()} has drawn {a(view['drawn_tile'])}: the dotted "
            f"squares {listed(view['drawn_spots'])} are where it may go.")


def _node(view: dict[str, Any], square: int) -> str:
    """"the metal node J4"."""
    return f"the {view['board'][square]['res']} node {B.label(square)}"


def _nodes_reached(view: dict[str, Any], seat: int) -> list[int]:
    """The resource nodes on the seat's own road (not counting those of roads it is linked to)."""
    return [x for x in view["nets"][seat] if view["board"][x]["kind"] == "node"]


def _roads_caption(game: Roanoke) -> str:
    """Which colonies are linked through a node they both reach, the generators and road upgrades bought, who
    else reaches a node, and the tile drawn with the squares it may take."""
    view = game.view(None)
    players, links = view["players"], view["links"]
    said = []
    for link in dict.fromkeys(links):
        seats = [seat for seat, c in enumerate(links) if c == link]
        shared = sorted(set.intersection(*(set(_nodes_reached(view, seat)) for seat in seats)))
        names = listed([colour_of(seat) for seat in seats])
        if len(seats) > 1 and shared:
            said.append(f"{names.capitalize()} both reach {listed([_node(view, x) for x in shared])}, so they are "
                        "linked: one super-road.")
        elif len(seats) == 1 and (reached := _nodes_reached(view, seats[0])):
            said.append(f"{names.capitalize()} reaches {listed([_node(view, x) for x in reached])}.")
    bought = [f"{colour_of(p['seat'])}'s house on {square} carries {a(res)} generator"
              for p in players for square, res in p["generators"].items()]
    bought += [f"{colour_of(p['seat'])}'s tile {square} has a road upgrade (+)"
               for p in players for square in p["road_upgrades"]]
    told = "; ".join(bought)
    return (f"{' '.join(said)} {told[0].upper()}{told[1:]}. {colour_of(view['active']).capitalize()} has drawn "
            f"{a(view['drawn_tile'])}; the dotted squares {listed(view['drawn_spots'])} show where it fits.")


def _at(view: dict[str, Any], label: str) -> dict[str, Any] | None:
    """What lies on the square of that name (None: nothing, or no such square)."""
    square = B.parse_label(label)
    return None if square is None else view["board"][square]


def _paved_caption(game: Roanoke) -> str:
    """Who paved whose tile from where, where the paved colony's own road now stops and what it cut off (with its
    idle road upgrades), the node it still shares through the link, and the paving squares of the next tile."""
    view = game.view(None)
    board, nets = view["board"], view["nets"]
    placed = next(e for e in reversed(view["last"]) if isinstance(e, dict) and e["type"] == "placed" and e["paved"])
    kind, label, paved = placed["tile"], placed["square"], placed["paved"]["owner"]
    paver, square = view["active"], B.parse_label(label)
    assert square is not None
    came = [B.label(x) for _, x in B.NEIGHBOURS[square] if x in nets[paver]]
    cut = [B.label(x) for x, cell in enumerate(board) if cell is not None and cell["kind"] == "road"
           and cell["owner"] == paved and x not in nets[paved]]
    idle = [x for x in cut if x in view["players"][paved]["road_upgrades"]]
    meet = [f"{B.label(x)} meets {B.label(y)}" for y in nets[paved] for bit, x in B.NEIGHBOURS[y]
            if x in nets[paver] and board[y]["mask"] & bit and board[x]["mask"] & B.OPP[bit]]
    shared = [_node(view, x) for x in _nodes_reached(view, paver) if B.label(x) in view["players"][paved]["nodes"]]
    spots = view["drawn_spots"]
    paving = [spot for spot in spots if (cell := _at(view, spot)) is not None and cell["owner"] == paved]
    who, whose = colour_of(paver), colour_of(paved)
    upgrades = f" and its road upgrade on {listed(idle)} is idle" if idle else ""
    return " ".join([
        f"{who.capitalize()} has paved {whose}'s {kind} on {label} from {listed(came)}.",
        f"{whose.capitalize()}'s own road now stops at its starting cross {view['labels']['crosses'][paved]}: its "
        f"tiles {listed(cut)} are cut off (pale){upgrades}.",
        f"{whose.capitalize()} still shares {listed(shared)}, linked to {who} where {listed(meet)}.",
        f"{who.capitalize()}'s next tile, {a(view['drawn_tile'])}, may go on the dotted squares {listed(spots)}: on "
        f"{' or '.join(paving)} it paves {whose}'s tile too."])


SHORT = 2
"""The seat the winter pictures follow: yellow, short of the First Winter's water."""


def _winter() -> Roanoke:
    """Y1 Winter, round 3: yellow plays last and is 2 water short of First Winter (pay 5 of each)."""
    game = _network()
    for seat, label in ((1, "L6"), (2, "F11"), (3, "B5")):
        _hand(game, seat, food=2, water=2, metal=2, wood=2)
        _buy(game, seat, "house", label)
    for label, mask in (("J3", N | S), ("J2", S | W)):
        _lay(game, 0, label, mask)
    for label, mask in (("E10", S | W),):
        _lay(game, 2, label, mask)
    _hand(game, 0, food=7, water=6, metal=9, wood=5)
    _hand(game, 1, food=5, water=8, metal=6, wood=6)
    _hand(game, SHORT, food=6, water=3, metal=5, wood=7)
    _hand(game, 3, food=6, water=5, metal=5, wood=9)
    game.events = []
    game.start_season(3)
    game.s["round"], game.s["round_left"] = 3, []
    _draw(game, SHORT, "T")
    return game


def _paved() -> Roanoke:
    """Y1 Summer: red builds down from the metal node to K6 and paves blue's T on L6, cutting blue's road there."""
    game = _network()
    for seat, label in ((1, "L7"), (2, "F11"), (3, "B5")):
        _hand(game, seat, food=2, water=2, metal=2, wood=2)
        _buy(game, seat, "house", label)
    game.events = []
    game.start_season(1)
    for label, mask in (("J5", N | S), ("J6", N | E), ("K6", E | W), ("L6", N | S | W)):
        _lay(game, 0, label, mask)
    _hand(game, 0, food=3, water=4, metal=5, wood=1)
    _hand(game, 1, food=1, water=3, metal=4, wood=2)
    _hand(game, 2, food=4, water=2, metal=1, wood=3)
    _hand(game, 3, food=2, water=3, metal=0, wood=6)
    _draw(game, 0, "cross")
    return game


def _after_winter() -> Roanoke:
    """Yellow found no water: it discards its T, ends its turn, and the First Winter check eliminates it."""
    game = _winter()
    game.apply(SHORT, {"type": "discard"})
    game.apply(SHORT, {"type": "end_turn"})
    return game


def _winter_card(game: Roanoke) -> dict[str, Any]:
    """The season card checked at the end of the season under way (a consume card: its `amounts`)."""
    view = game.view(None)
    return CARDS[view["seasons"][view["season"]]["card"]]


def _paid(amounts: dict[str, int]) -> str:
    """"5 of each resource", or "6 food, 6 water and 8 wood"."""
    counts = set(amounts.values())
    if set(amounts) == set(EACH) and len(counts) == 1:
        return f"{counts.pop()} of each resource"
    return listed([f"{n} {r}" for r, n in amounts.items()])


def _winter_caption(game: Roanoke) -> str:
    """What the winter card takes, what the short colony holds of what it lacks, and what it must trade for."""
    view, card = game.view(None), _winter_card(game)
    held = view["players"][SHORT]["hand"]
    short = {r: n - held[r] for r, n in card["amounts"].items() if held[r] < n}
    return (f"{colour_of(SHORT).capitalize()}'s colony in the last turn of {view['season_name']}: {card['name']} "
            f"takes {_paid(card['amounts'])} at the end of this round, and {colour_of(SHORT)} holds only "
            f"{listed([f'{held[r]} {r}' for r in short])}. Unless it trades for "
            f"{listed([f'{n} {r}' for r, n in short.items()])} now, it is eliminated.")


def _after_winter_caption(game: Roanoke) -> str:
    """Who paid, who was out, and which colony took the eliminated one's chits (the one whose chits grew)."""
    before = _winter()
    card = _winter_card(before)
    chits = [[p["chits"] for p in g.view(None)["players"]] for g in (before, game)]
    paid = [p["seat"] for p in game.view(None)["players"] if p["alive"]]
    heir = max(paid, key=lambda seat: chits[1][seat] - chits[0][seat])
    return (f"After the {card['name']} check: {listed([colour_of(seat) for seat in paid])} each paid "
            f"{_paid(card['amounts'])}; {colour_of(SHORT)} was short and is out. Its roads stay (grey) and may be "
            f"paved; its {plural(chits[0][SHORT], 'chit')} went to {colour_of(heir)}, the next colony on its left.")


EXAMPLES: dict[str, Example] = {
    "first_draw": Example(_first_draw, caption=_first_draw_caption),
    "roads": Example(_roads, caption=_roads_caption),
    "paved": Example(_paved, caption=_paved_caption),
    "winter": Example(_winter, seat=SHORT, caption=_winter_caption),
    "after_winter": Example(_after_winter, caption=_after_winter_caption),
}
