"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

One two-player game (seed 3, the closed starting layout) is played from its first move to its end, and each
picture stops it at a moment the book explains.  The moves are written out, so a change to the rules that
made one of them illegal stops the build instead of silently drawing another board.
"""

from __future__ import annotations

from typing import Any

from games.colours import colour_of
from games.core import Action, listed
from games.grammar import a, noun, plural
from games.rulebook import Example
from games.small_islands.data import DISCOVERY, REWARDS
from games.small_islands.game import SmallIslands
from games.small_islands.islands import port_count
from games.small_islands.names import name_from
from games.small_islands.text import shape
from games.small_islands.tiles import AROUND, EDGE

Moves = tuple[tuple[int, Action], ...]
SEED = 3
NO_BONUS: Action = {"type": "no_bonus"}


def _choose(now: str, keep: str) -> Action:
    return {"type": "choose", "now": now, "next": keep}


def _turn(seat: int, take: str, tile: str, rot: int, x: int, y: int, bonus: Action | None = NO_BONUS) -> Moves:
    """An explore turn: the row tile taken, the hand tile placed (turn and cell), then the bonus token, or
    None when the seat has no token left and the step is skipped."""
    moves: Moves = ((seat, {"type": "take", "tile": take}),
                    (seat, {"type": "place", "tile": tile, "rot": rot, "x": x, "y": y}))
    return moves if bonus is None else (*moves, (seat, bonus))


def _house(x: int, y: int, resource: str | None = None) -> Action:
    return {"type": "house", "x": x, "y": y, **({"resource": resource} if resource else {})}


def _land(ship: str, x: int, y: int) -> Action:
    return {"type": "land", "ship": ship, "x": x, "y": y}


PREP_1: Moves = ((0, _choose("O07", "O02")), (1, _choose("O12", "O05")))
EXPLORE_1: Moves = (
    *_turn(0, "T10", "T43", 1, 0, 2),
    *_turn(1, "T55", "T55", 1, 0, 3),
    *_turn(0, "T44", "T48", 1, -1, 2),
    *_turn(1, "T35", "T31", 3, -2, 2),
    *_turn(0, "T41", "T41", 3, 0, 4),
    *_turn(1, "T09", "T09", 2, -1, 1),
)
REWARD_1: Moves = (
    (0, _land("own", -2, 3)), (0, _house(0, 4)), (0, _house(0, 0)),
    (1, _house(-1, 1, "leaf")), (1, _house(1, 1, "leaf")),
)
ROUND_2: Moves = (
    (0, _choose("O02", "O12")), (1, _choose("O05", "O07")),
    *_turn(0, "T49", "T44", 2, -3, 3, {"type": "port", "x": -2, "y": 2}),
    *_turn(1, "T17", "T35", 1, 0, 5),
    *_turn(0, "T28", "T49", 0, 0, 6, {"type": "convert", "x": 0, "y": 6, "icon": 0, "to": "fruit"}),
    *_turn(1, "T21", "T21", 3, 1, -1),
    *_turn(0, "T32", "T32", 1, -1, 5, {"type": "port", "x": -1, "y": 2}),
    *_turn(1, "T46", "T46", 0, 2, 1),
    (0, _land("grey", -1, 0)), (0, _house(0, 6)), (1, _house(0, 5)),
    (1, {"type": "keep", "token": "D08"}),
)
"""Round 2 ends with Blue's Discovery reward: it draws two tokens and keeps one."""
ROUNDS_3_4: Moves = (
    (0, _choose("O12", "O05")), (1, _choose("O07", "O01")),
    *_turn(0, "T20", "T28", 1, -2, 4, {"type": "port", "x": -2, "y": 4}),
    *_turn(1, "T22", "T17", 0, 0, -1),
    *_turn(0, "T14", "T20", 3, -2, 0, None),
    *_turn(1, "T52", "T52", 0, -4, 3),
    *_turn(0, "T07", "T14", 0, -1, -1, None),
    *_turn(1, "T05", "T22", 0, -3, 0),
    (0, _land("grey", -4, 0)), (0, _house(-4, 3, "flower")), (0, _house(-2, 0, "flower")),
    (1, _house(0, -1)), (1, _house(-3, 3)),
    (0, _choose("O11", "O08")), (1, _choose("O01", "O04")),
    *_turn(0, "T40", "T40", 3, -4, -1, None),
    *_turn(1, "T08", "T08", 0, -5, 0, {"type": "convert", "x": -4, "y": -1, "icon": 0, "to": "flower"}),
    *_turn(0, "T38", "T38", 1, -4, -2, None),
    *_turn(1, "T30", "T30", 1, -4, -3, {"type": "convert", "x": -4, "y": -2, "icon": 0, "to": "flower"}),
    *_turn(0, "T34", "T34", 1, -5, -2, None),
    *_turn(1, "T04", "T05", 1, 2, -1, {"type": "convert", "x": -4, "y": -2, "icon": 1, "to": "flower"}),
    *_turn(0, "T56", "T56", 0, 1, 3, None),
    (1, _land("own", -2, 1)), (1, _house(-4, -1)), (0, _house(-4, -2)),
)
"""Rounds 3 and 4: in round 4 Red can no longer land (its ship and both grey ships are out), so Blue ends
the game by landing its own."""


def _game(*parts: Moves) -> SmallIslands:
    game = SmallIslands.new(2, seed=SEED)
    for part in parts:
        for seat, action in part:
            game.apply(seat, action)
    return game


def _start() -> SmallIslands:
    return _game(PREP_1)


def _objectives() -> SmallIslands:
    return _game()


def _placed() -> SmallIslands:
    return _game(PREP_1, EXPLORE_1[:-1])


def _houses() -> SmallIslands:
    return _game(PREP_1, EXPLORE_1, REWARD_1)


def _discovery() -> SmallIslands:
    return _game(PREP_1, EXPLORE_1, REWARD_1, ROUND_2[:-1])


def _end() -> SmallIslands:
    return _game(PREP_1, EXPLORE_1, REWARD_1, ROUND_2, ROUNDS_3_4)


def _objectives_caption(game: SmallIslands) -> str:
    """The tiles in Red's hand and the objective cards it holds, in the round's preparation."""
    view = game.view(0)
    hand, held = view["hand"], view["held"]["objective"]
    return (f"Red's own picture in round {view['round']}'s preparation: its {plural(len(hand), 'tile')} in hand, "
            f"{listed(hand)}, each in its four turns with the cells where it fits, and {len(held)} objective cards "
            f"to choose from ({listed(held)}): one to play now, one to keep.")


def _start_caption(game: SmallIslands) -> str:
    """The starting tiles, the one island they make and what it shows, and the row's tiles."""
    view = game.view(None)
    [island] = view["islands"]
    shows = [a(word) if n == 1 else plural(n, word) for key, word in FEATURES if (n := island[key])]
    return (f"The map at the start: the {len(view['grid'])} starting tiles make one "
            f"{'open' if island['open'] else 'closed'} island in the middle, with {listed(shows)}; the dashed cells "
            f"around it are where a tile may go. Under the map, the row offers {listed(view['row'])}.")


FEATURES = (("flower", "flower"), ("fruit", "fruit"), ("leaf", "leaf"), ("temple", "temple"), ("port", "port"),
            ("symbols", "house symbol"))
"""What an island of the view shows (its key there and the word for it), in the order the book names them."""


def _end_caption(game: SmallIslands) -> str:
    """Where the ships landed, the ports around each seat's own ship cell by cell, then each seat's score as the
    result adds it up: prestige points, discovery tokens, ports around its ship."""
    view = game.view(None)
    result = view["result"]
    ships = [t for t in view["grid"] if t["ship"] is not None]
    grey = [_cell(view, t) for t in ships if t["ship"] == "grey"]
    own = sorted((t for t in ships if t["ship"] != "grey"), key=lambda t: t["ship"])
    rows = result["details"]["rows"]
    around = [f"{t['colour'].capitalize()}'s ship at {_cell(view, t)} has "
              f"{plural(rows[t['ship']]['ship_ports'], 'port')} around it ({_ports_around(view, t)})" for t in own]
    scored = [f"{_who(seat)} scores {row['pp']} + {row['discovery']} + {row['ship_ports']} = {row['score']} PP"
              + (" and wins" if seat in result["winners"] else "") for seat, row in enumerate(rows)]
    return (f"The end: all {len(ships)} ships have landed, grey ones at {listed(grey)}. "
            f"{'. '.join(around)}. " + "; ".join(scored) + ".")


def _who(seat: int) -> str:
    """A seat of the book's game by its colour ("Red"), as the pictures' cast names seats where no one sits."""
    return colour_of(seat).capitalize()


def _cell(view: dict[str, Any], at: dict[str, Any]) -> str:
    """The cell of a tile or a log entry (its "x" and "y") named as the view's map names it ("C4")."""
    return name_from(at["x"], at["y"], (view["origin"][0], view["origin"][1]))


def _ports_around(view: dict[str, Any], ship: dict[str, Any]) -> str:
    """"2 at E7 and 1 at F7": the ports (printed and tokens) on the cells around a ship, cell by cell."""
    grid = {(t["x"], t["y"]): t for t in view["grid"]}
    near = [t for dx, dy in AROUND if (t := grid.get((ship["x"] + dx, ship["y"] + dy))) is not None]
    return listed([f"{port_count(t)} at {_cell(view, t)}" for t in sorted(near, key=lambda t: (t["x"], t["y"]))
                   if port_count(t)])


def _houses_caption(game: SmallIslands) -> str:
    """Round 1's houses as the engine scored them: where each stands (named as the map names cells) and its PP;
    red's reward pays per tile of the island, blue's per leaf plus the reward's bonus."""
    view = game.view(None)
    built = [e for e in game.s["log"] if e["type"] == "house"]
    red, blue = ([e for e in built if e["seat"] == seat] for seat in (0, 1))

    tiles = _island_of(view, red[0]["x"], red[0]["y"])["tiles"]
    plus = REWARDS[blue[0]["reward"]]["spec"]["plus"]
    counted = listed([f"{h['pp'] - plus} + {plus} = {h['pp']} PP" for h in blue])
    return (f"After round 1's reward: Red landed its ship, then built at {_cell(view, red[0])} "
            f"({red[0]['pp']} PP: 1 per tile of that {tiles}-tile island) and {_cell(view, red[1])} "
            f"({red[1]['pp']} PP). Blue built at {_cell(view, blue[0])} and {_cell(view, blue[1])}, "
            f"counting {noun(2, blue[0]['resource'])}: {counted}.")


def _island_of(view: dict[str, Any], x: int, y: int) -> dict[str, Any]:
    """The island (of the view's `islands`) holding the cell (x, y)."""
    return next(i for i in view["islands"] if [x, y] in map(list, i["cells"]))


def _placed_caption(game: SmallIslands) -> str:
    """The tile just placed, its shape, turn and cell, the land it meets and the tiles it shows sea to (as the map
    names cells), and how many tiles its island now has."""
    view = game.view(None)
    placed = game.s["log"][-1]
    assert placed["type"] == "placed"
    grid = {(t["x"], t["y"]): t for t in view["grid"]}
    tile = grid[placed["x"], placed["y"]]
    land = [(SIDES[offset], neighbour) for offset, edge in EDGE.items() if tile["ring"][edge] == "L"
            and (neighbour := grid.get((tile["x"] + offset[0], tile["y"] + offset[1]))) is not None]
    beside = [_cell(view, t) for offset, edge in EDGE.items() if tile["ring"][edge] == "S"
              and (t := grid.get((tile["x"] + offset[0], tile["y"] + offset[1]))) is not None]
    corners = [_cell(view, t) for dx, dy in AROUND if dx and dy and (t := grid.get((tile["x"] + dx, tile["y"] + dy)))
               is not None]
    edges = (f"its one land edge, to the {land[0][0]}, meets" if len(land) == 1 else
             f"its land edges, to the {listed([side for side, _ in land])}, meet")
    tiles = _island_of(view, placed["x"], placed["y"])["tiles"]
    return (f"{_who(placed['seat'])} has just placed {placed['tile']}, {a(shape(placed['tile']))}, turned "
            f"{90 * placed['rot']}° at "
            f"{_cell(view, tile)}: {edges} the land of {listed([_cell(view, t) for _, t in land])}, and the island "
            f"there now has {tiles} tiles. Everywhere else it shows sea, like {listed(beside)} beside it and "
            f"{listed(corners)} across its corners.")


SIDES = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
"""The side of a cell each orthogonal neighbour lies on."""


def _discovery_caption(game: SmallIslands) -> str:
    """The objective played, the temples of the island the house went on, and the tokens drawn with their PP."""
    view = game.view(None)
    played = next(e for e in reversed(game.s["log"]) if e["type"] == "revealed")["cards"]["objective"]
    house = next(e for e in reversed(game.s["log"]) if e["type"] == "house")
    temples = _island_of(view, house["x"], house["y"])["temple"]
    drawn = game.s["pending"]["drawn"]
    return (f"{_who(house['seat'])}'s own picture in round {view['round']}'s reward: it plays {played}, whose "
            f"reward is Discovery, and its house went on an island with {plural(temples, 'temple')}, so it drew "
            f"{plural(len(drawn), 'discovery token')}, worth {listed([str(DISCOVERY[d]) for d in drawn])} PP. It "
            "keeps one; the other goes back.")


EXAMPLES: dict[str, Example] = {
    "start": Example(_start, caption=_start_caption),
    "objectives": Example(_objectives, seat=0, caption=_objectives_caption),
    "placed": Example(_placed, caption=_placed_caption),
    "houses": Example(_houses, caption=_houses_caption),
    "discovery": Example(_discovery, seat=1, caption=_discovery_caption),
    "end": Example(_end, caption=_end_caption),
}
