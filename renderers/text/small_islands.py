"""Small Islands' words beside the board and the hand."""

from __future__ import annotations

from typing import Any

from games.grammar import plural
from games.small_islands.names import name_from
from renderers.cast import Cast
from renderers.small_islands.side import status_line
from renderers.text import ranking, scores

LEGEND = ("PP are prestige points. On the map: a pink flower, an orange fruit, a green leaf and a grey temple are "
          "the icons; an anchor is a port; a dashed house is where a house may go; houses and ships wear their seat's "
          "colour and shape; dashed frames are free cells.")
PHASE = {"setup": "setup", "prep": "preparation", "explore": "exploration", "reward": "reward", "end": "game over"}


def board(view: dict[str, Any], cast: Cast) -> list[str]:
    """The map's facts: how many islands there are, then each island of two tiles or more, where it is, what it
    holds and whose houses stand on it, the largest first (those with more houses first among equals), so that
    what does not fit Discord's limit is the smaller islands (`untold`)."""
    top_left = (view["origin"][0], view["origin"][1])
    big = [i for i in view["islands"] if not i["islet"]]
    if not big:
        return ["No island of two tiles or more yet."]
    lines = [f"{plural(len(big), 'island')} of two tiles or more, "
             f"{plural(len(view['islands']) - len(big), 'islet')} of one tile."]
    for island in sorted(big, key=lambda i: (-i["tiles"], -len(i["houses"]))):
        where = name_from(*min(tuple(cell) for cell in island["cells"]), top_left)
        holds = [plural(island[k], k) for k in ("flower", "fruit", "leaf", "temple") if island[k]]
        houses = ", ".join(cast.full(s) for s in island["houses"]) or "none"
        lines.append(f"Island at {where}: {plural(island['tiles'], 'tile')}, {', '.join(holds) or 'no icon'}, "
                     f"{'open' if island['open'] else 'closed'}; houses {houses}.")
    return lines


def untold(count: int) -> str:
    """The islands a board's alt text had no room for (`board` says the smallest last)."""
    return f"And {plural(count, 'more island')}, none larger."


def summary(view: dict[str, Any], cast: Cast) -> list[str]:
    """Who may do what, the scores, every seat's houses and tokens on one line, the row and the stacks on another:
    few lines, so that a board's story of the round has room beside them."""
    if view["result"]:
        lines = [status_line(view, cast), ranking(view["result"], "PP", cast)]
    else:
        lines = [f"Round {view['round']}, {PHASE.get(view['phase'], view['phase'])}: {status_line(view, cast)}",
                 scores(view, [p["pp"] for p in view["players"]], "PP", cast)]
    lines.append("; ".join(_holds(p, cast) for p in view["players"]) + ".")
    nav = plural(view["nav"], "tile") if view["nav"] else "empty"
    lines.append(f"Row: {', '.join(view['row']) or 'empty'}; Navigation stack {nav}, reserve "
                 f"{plural(view['reserve'], 'tile')}; {plural(view['ships_placed'], 'ship')} of 4 landed.")
    lines.append(LEGEND)
    return lines


def _holds(player: dict[str, Any], cast: Cast) -> str:
    """"bob: houses 3 in hand + 4 in reserve, 1 built, 2 bonus tokens, 1 discovery token, ship in hand"."""
    seat = player["seat"]
    return (f"{'You' if seat == cast.reader else cast.short(seat)}: houses {player['houses_hand']} in hand + "
            f"{player['houses_reserve']} in reserve, {player['houses_played']} built, "
            f"{plural(player['bonus_left'], 'bonus token')}, {plural(player['discovery_count'], 'discovery token')}, "
            f"ship {'in hand' if player['own_ship'] else 'landed'}")


def hand(view: dict[str, Any], cast: Cast) -> list[str]:
    """What the reader holds: their tiles, cards and discovery tokens (said to them: the view is theirs)."""
    tokens = ", ".join(f"{d['id']} ({d['pp']} PP)" for d in view["discovery"])
    held = ", ".join(f"{kind} {', '.join(ids)}" for kind, ids in view["held"].items() if ids)
    return [f"Your tiles: {', '.join(view['hand']) or 'none'}.", f"Your cards held: {held or 'none'}.",
            f"Your discovery tokens: {tokens or 'none'}."]
