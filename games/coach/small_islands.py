"""Small Islands' coach: its choices in a player's words, the move it suggests with a reason computed from the
position, and the mechanics a beginner meets explained once, each with the chapter of the book that teaches it.

Every reason is said from the seat's view and legal moves (its own objective is visible to it, nobody else's):
the island a tile grows and its size after, whether it then meets the seat's mission and what a house there
pays, the islands that meet an objective now, the ports around a ship, a house's points, a discovery token's
worth. A bonus token is suggested only where it pays at least `MIN_GAIN` more (the book: "use them with care"),
and the tokens left are said with it. `Reason.facts` holds every number and name the text states, for
tests/games/test_coach_small_islands.py, which checks them against the position."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.ai import choose_for, policy_for
from games.coach.coaching import Advice, Coaching, Mechanic, Reason, event_of
from games.core import Action, Game
from games.grammar import plural
from games.small_islands import rewards as R
from games.small_islands.ai import Board, empty_stats, face_stats, merged, plan
from games.small_islands.data import FACES, MISSIONS, OBJECTIVES, RESOURCES, SHIPS
from games.small_islands.names import name_from
from games.small_islands.tiles import AROUND, EDGE, ORTHOGONAL, rotate

View = dict[str, Any]
Stats = dict[str, Any]

MIN_GAIN = 2
"""The fewest PP a bonus token must add to what a house of the seat would pay this round (or to the ports
around its own ship) for the coach to suggest spending one of its four (B3.3)."""
MISSION_WORDS = {
    "M01": "more flowers than fruits", "M02": "more fruits than leaves", "M03": "more leaves than flowers",
    "M04": "a temple and 2 flowers", "M05": "a temple and 2 fruits", "M06": "a temple and 2 leaves",
    "M07": "two resources in equal amounts", "M08": "as many flowers as fruits or leaves", "M09": "2 ports",
    "M10": "4 tiles", "M11": "one of each resource", "M12": "2 temples"}
"""Each mission (B3.4) in a few words, as the book's *Missions* says it."""
COUNTED = {"flower": "flower", "fruit": "fruit", "leaf": "leaf", "temple": "temple", "port": "port"}
"""What an island counts for a mission, by its statistic's name (B2, *Islands and coasts*)."""


# -- what the seat sees --------------------------------------------------------------------------------------

def _cell(view: View, x: int, y: int) -> str:
    """A cell as the picture's rulers and the move buttons name it ("C4")."""
    return name_from(x, y, (view["origin"][0], view["origin"][1]))


def _mission_read(mission: str) -> tuple[str, ...]:
    """The island counts a mission reads (B3.4), in the order the text states them."""
    spec = MISSIONS[mission]["spec"]
    kind = spec["type"]
    if kind == "more":
        return spec["a"], spec["b"]
    if kind == "atleast":
        return tuple(spec["need"])
    if kind in ("equal_any", "equal_with"):
        return RESOURCES
    return ()


def _counts(mission: str, st: Stats) -> tuple[str, dict[str, int]]:
    """"2 flowers, 1 fruit": the counts of an island its mission reads, in words and as facts."""
    read = _mission_read(mission)
    return ", ".join(plural(st[k], COUNTED[k]) for k in read), {k: st[k] for k in read}


def _meets(mission: str, st: Stats) -> bool:
    """B3.4 and B5.3 REWARD 2: an island of 2 tiles or more that meets the mission."""
    return st["tiles"] >= 2 and R.satisfies(mission, st)


def _open_to(seat: int, st: Stats) -> bool:
    """B5.3 REWARD 2: the seat has no house on the island yet, and a house symbol of it is free."""
    return seat not in st["houses"] and st["symbols"] > len(st["houses"])


def _pay(seat: int, mission: str, reward: str, st: Stats) -> int | None:
    """What a house of the seat on this island would score now (B3.4): PP, or for the Discovery reward the
    tokens it draws (one per temple); None when no house of the seat may go there."""
    if not (_meets(mission, st) and _open_to(seat, st)):
        return None
    if R.is_discovery(reward):
        return int(st["temple"])
    if R.is_choice(reward):
        return max(R.points(reward, st, r) for r in RESOURCES)
    return R.points(reward, st)


def _paid(reward: str, value: int) -> str:
    return f"draws {plural(value, 'discovery token')}" if R.is_discovery(reward) else f"pays {value} PP"


def _houses(view: View) -> int:
    return int(view["players"][view["seat"]]["houses_hand"])


def _met(view: View, mission: str, reward: str) -> tuple[int, int]:
    """How many islands would take a house of the seat for this mission now, and what its houses in hand
    would score on the best of them (PP, or discovery tokens drawn)."""
    pays = sorted((p for i in view["islands"] if (p := _pay(view["seat"], mission, reward, i)) is not None),
                  reverse=True)
    return len(pays), sum(pays[:_houses(view)])


def _card(card: str) -> tuple[str, str]:
    return OBJECTIVES[card]["mission"], OBJECTIVES[card]["reward"]


# -- placing a tile ------------------------------------------------------------------------------------------

def _grown(view: View, tile: str, rot: int, x: int, y: int) -> tuple[Stats, list[tuple[int, int]]]:
    """The island a tile placed so would belong to (B2: joined by land edges), and the cell of each island it
    joins (the first of its tiles across a land edge)."""
    cells = {(t["x"], t["y"]): t for t in view["grid"]}
    islands = {i["id"]: i for i in view["islands"]}
    ring = rotate(FACES[tile]["ring"], rot)
    joined: dict[str, tuple[int, int]] = {}
    for d in ORTHOGONAL:
        u = cells.get((x + d[0], y + d[1]))
        if ring[EDGE[d]] == "L" and u is not None and u["island"] is not None:
            joined.setdefault(u["island"], (x + d[0], y + d[1]))
    return merged([islands[i] for i in joined], face_stats(tile)), list(joined.values())


def _placing(view: View, a: Action) -> tuple[str, str, dict[str, Any]]:
    """Where a tile goes and what it makes: "at C3 it joins the island at C4: 5 tiles (2 fruits, 0 leaves),
    which meets your mission: a house there pays 4 PP"; its short form; the facts."""
    at = _cell(view, a["x"], a["y"])
    st, joined = _grown(view, a["tile"], a["rot"], a["x"], a["y"])
    facts: dict[str, Any] = {"cell": at, "size": st["tiles"], "joins": len(joined)}
    if not joined:
        grows = f"at {at} it starts a new island of {plural(st['tiles'], 'tile')}"
    elif len(joined) == 1:
        facts["island"] = _cell(view, *joined[0])
        grows = f"at {at} it joins the island at {facts['island']}: {plural(st['tiles'], 'tile')}"
    else:
        grows = f"at {at} it joins {len(joined)} islands into one of {st['tiles']} tiles"
    short = f"{at}: {plural(st['tiles'], 'tile')}"
    aim = plan(view)
    if aim is None:
        return grows, short, facts
    mission, reward = aim
    counts, read = _counts(mission, st)
    facts.update(read, meets=_meets(mission, st))
    grows += f" ({counts})" if counts else ""
    if not facts["meets"]:
        return f"{grows}, not yet {MISSION_WORDS[mission]} for your mission", f"{short}, mission not met", facts
    pay = _pay(view["seat"], mission, reward, st)
    if pay is None:
        return f"{grows}, which meets your mission ({MISSION_WORDS[mission]})", f"{short}, mission met", facts
    facts["draws" if R.is_discovery(reward) else "pays"] = pay
    return (f"{grows}, which meets your mission: a house there {_paid(reward, pay)}",
            f"{short}, mission met", facts)


def _edges(tile: str) -> tuple[int, int]:
    ring = FACES[tile]["ring"]
    land = sum(ring[i] == "L" for i in EDGE.values())
    return land, 4 - land


def _best_place(game: Game, view: View, tile: str) -> Action | None:
    """The heuristic's best place for a tile on the map as it is (B2), or None when it fits nowhere."""
    places = game.placements([tile])  # type: ignore[attr-defined]  # the map's open cells only: nothing hidden
    if not places:
        return None
    board = Board(view)
    return max(places, key=lambda a: (board.place_gain(a["tile"], a["rot"], a["x"], a["y"]), -a["y"], -a["x"]))


def _take(game: Game, view: View, pick: Action, legal: list[Action]) -> Advice | None:
    """The row tile to take (the heuristic's, else the first that fits), its land and sea edges, and what it
    makes at its best place now; None when no row tile fits anywhere."""
    takes = [pick] + [a for a in legal if a["type"] == "take" and a != pick]
    for a in takes:
        place = _best_place(game, view, a["tile"])
        if place is not None:
            break
    else:
        return None
    tile = a["tile"]
    land, sea = _edges(tile)
    grows, short, facts = _placing(view, place)
    facts.update(tile=tile, land=land, sea=sea)
    text = f"{tile} has {land} land and {plural(sea, 'sea edge')}; {grows}."
    return Advice(a, Reason(text, f"{tile} fits {short}.", facts))


def _place(view: View, pick: Action) -> Advice:
    grows, short, facts = _placing(view, pick)
    return Advice(pick, Reason(f"{grows[0].upper()}{grows[1:]}.", f"{short[0].upper()}{short[1:]}.", facts))


# -- bonus tokens --------------------------------------------------------------------------------------------

def _bonus_gain(view: View, a: Action) -> dict[str, Any]:
    """What a port or resource token adds, in PP (`gain`): to what a house of the seat would pay on the token's
    island this round (B3.3, B3.4; `before`, `pay`: None where no house of the seat may go), plus 1 for a port
    beside the seat's own landed ship (`ship`, B5.5); the island's counts after, in words (`counts`). Under the
    Discovery reward a token adds no temple: it can only open the island to a house, counted as `MIN_GAIN`."""
    cells = {(t["x"], t["y"]): t for t in view["grid"]}
    tile = cells[(a["x"], a["y"])]
    island = next(i for i in view["islands"] if i["id"] == tile["island"])
    after = merged([island], empty_stats())
    if a["type"] == "port":
        after["port"] += 1
    else:
        after[tile["res"][a["icon"]]] -= 1
        after[a["to"]] += 1
    ship = int(a["type"] == "port" and any((u := cells.get((a["x"] + dx, a["y"] + dy))) is not None
                                           and u["ship"] == view["seat"] for dx, dy in AROUND))
    out: dict[str, Any] = {"gain": ship, "ship": ship, "before": None, "pay": None, "counts": ""}
    aim = plan(view)
    if aim is None:
        return out
    mission, reward = aim
    before, pay = _pay(view["seat"], mission, reward, island), _pay(view["seat"], mission, reward, after)
    opened = MIN_GAIN if pay and before is None else 0  # Discovery: a token adds no temple, it can only open
    worth = opened if R.is_discovery(reward) else (pay or 0) - (before or 0)
    out.update(gain=worth + ship, before=before, pay=pay, counts=_counts(mission, after)[0])
    return out


def _rounds_after(view: View) -> int:
    """How many rounds may still follow this one: every round ends with a ship landing (B5.3 Land), and the
    game ends once all of them have landed (B5.5)."""
    return max(0, SHIPS - int(view["ships_placed"]) - 1)


def _bonus(view: View, pick: Action, legal: list[Action]) -> Advice:
    """Spend a token only where it gains `MIN_GAIN` PP or more, and while one stays for each round that may
    follow (four tokens for at most four rounds, B3.3); else keep them, saying why."""
    left = int(view["players"][view["seat"]]["bonus_left"])
    after = _rounds_after(view)
    spend = [a for a in legal if a["type"] in ("port", "convert")]
    gains = [_bonus_gain(view, a)["gain"] for a in spend]
    best = max(gains, default=0)
    keep = next(a for a in legal if a["type"] == "no_bonus")
    facts: dict[str, Any] = {"tokens_left": left, "best": best}
    if best < MIN_GAIN:
        why = (f"No token now adds {MIN_GAIN} PP or more to your reward (the best adds {best}): keep your "
               f"{plural(left, 'bonus token')}, since they help the others too.")
        return Advice(keep, Reason(why, f"Keep your {plural(left, 'bonus token')}.", facts))
    if left - 1 < after:
        facts["rounds"] = after
        why = (f"A token could add {best} PP now, but keep your {plural(left, 'bonus token')} for the "
               f"{plural(after, 'round')} that may follow: they are spent one a round at most, with care.")
        return Advice(keep, Reason(why, f"Keep your {plural(left, 'bonus token')} for later rounds.", facts))
    chosen = pick if pick in spend and gains[spend.index(pick)] >= MIN_GAIN else spend[gains.index(best)]
    got = _bonus_gain(view, chosen)
    at = _cell(view, chosen["x"], chosen["y"])
    if chosen["type"] == "port":
        what = f"A port token at {at}"
    else:
        was = next(t for t in view["grid"] if (t["x"], t["y"]) == (chosen["x"], chosen["y"]))["res"][chosen["icon"]]
        what = f"A resource token at {at} ({was} to {chosen['to']})"
    facts = {"cell": at, "tokens_left": left - 1}
    aim = plan(view)
    assert aim is not None and got["pay"] is not None  # a gain of MIN_GAIN takes more than a port by the ship
    if R.is_discovery(aim[1]):
        facts["draws"] = got["pay"]
        said = f"{what} makes the island there ({got['counts']}) meet your mission: a house {_paid(aim[1], got['pay'])}"
        short = f"{at} opens an island to you, {left - 1} left."
    else:
        facts.update(gain=got["gain"], pays=got["pay"])
        if got["before"] is None:
            then = f"the island there ({got['counts']}) then meets your mission, a house paying {got['pay']} PP"
        else:
            facts["was"] = got["before"]
            then = f"a house on the island there ({got['counts']}) pays {got['pay']} PP, up from {got['before']}"
        ship = ", and 1 PP by your ship" if got["ship"] else ""
        said = f"{what} gains {got['gain']} PP: {then}{ship}"
        short = f"+{got['gain']} PP at {at}, {left - 1} left."
    return Advice(chosen, Reason(f"{said}; {plural(left - 1, 'bonus token')} left after.", short, facts))


# -- the objective, the landing, the reward ------------------------------------------------------------------

def _choose(view: View, pick: Action) -> Advice:
    now, nxt = pick["now"], pick["next"]
    met, pays = _met(view, *_card(now))
    later, _ = _met(view, *_card(nxt))
    mission, reward = _card(now)
    facts: dict[str, Any] = {"now": now, "met": met, "next": nxt, "next_met": later}
    if met:
        facts["draws" if R.is_discovery(reward) else "pays"] = pays
        paying = (f"your houses there draw {plural(pays, 'discovery token')}" if R.is_discovery(reward)
                  else f"your houses there score {pays} PP")
        said = f"{now} ({MISSION_WORDS[mission]}) is met on {plural(met, 'island')} now: {paying}"
    else:
        said = f"no island meets {now} ({MISSION_WORDS[mission]}) yet: grow one this round"
    text = f"{said[0].upper()}{said[1:]}. You keep {nxt} for next round ({plural(later, 'island')} now)."
    return Advice(pick, Reason(text, f"{now}: {plural(met, 'island')} now.", facts))


def _land(game: Game, view: View, pick: Action, legal: list[Action]) -> Advice | None:
    aim = plan(view)
    met, pays = _met(view, *aim) if aim is not None else (0, 0)
    takes = [a for a in legal if a["type"] == "take"]
    if not met and takes:  # landing would score nothing this round: grow an island instead
        took = _take(game, view, choose_for(game, view["seat"], policy_for("small_islands"), random.Random(0),
                                            takes), legal)
        if took is None:
            return None
        facts = {**took.reason.facts, "met": 0}
        text = f"Landing now scores nothing, no island meets your mission: {took.reason.text}"
        return Advice(took.action, Reason(text, took.reason.short, facts))
    at = _cell(view, pick["x"], pick["y"])
    facts: dict[str, Any] = {"cell": at, "met": met}
    ship = ""
    if pick["ship"] == "own":
        cells = {(t["x"], t["y"]): t for t in view["grid"]}
        ports = sum(t["ports"] + len(t["port_tokens"]) for dx, dy in AROUND
                    if (t := cells.get((pick["x"] + dx, pick["y"] + dy))) is not None)
        facts["ports"] = ports
        ship = f" Your ship at {at} has {plural(ports, 'port')} around it, 1 PP each at the end."
    else:
        ship = f" A grey ship at {at} scores for nobody."
    if aim is not None and met:
        facts["draws" if R.is_discovery(aim[1]) else "pays"] = pays
        worth = f"draw {plural(pays, 'discovery token')}" if R.is_discovery(aim[1]) else f"score {pays} PP"
        said = (f"{plural(met, 'island')} {'meets' if met == 1 else 'meet'} your mission now: your houses there "
                f"{worth}, and as lander you build first.")
    else:
        said = "No island meets your mission, but the row is empty: landing ends the round."
    return Advice(pick, Reason(said + ship, f"Land: your mission is met on {plural(met, 'island')}.", facts))


def _house(view: View, pick: Action) -> Advice | None:
    aim = plan(view)
    if aim is None:
        return None
    reward = aim[1]
    cells = {(t["x"], t["y"]): t for t in view["grid"]}
    island = next(i for i in view["islands"] if i["id"] == cells[(pick["x"], pick["y"])]["island"])
    at = _cell(view, pick["x"], pick["y"])
    left = _houses(view) - 1
    facts: dict[str, Any] = {"cell": at, "size": island["tiles"], "houses_left": left}
    if R.is_discovery(reward):
        facts["draws"] = island["temple"]
        scores = f"draws {plural(island['temple'], 'discovery token')} (1 a temple); you keep one"
        short = f"House at {at}: {plural(island['temple'], 'draw')}."
    else:
        pp = R.points(reward, island, pick.get("resource"))
        facts["pp"] = pp
        counting = f", counting {plural(island[pick['resource']], pick['resource'])}" if "resource" in pick else ""
        scores = f"scores {pp} PP{counting}"
        short = f"House at {at}: {pp} PP."
    text = (f"a house at {at}, on an island of {plural(island['tiles'], 'tile')} that meets your mission, {scores}; "
            f"{plural(left, 'house')} left in hand.")
    return Advice(pick, Reason(text[0].upper() + text[1:], short, facts))


def _keep(view: View, pick: Action) -> Advice:
    drawn = view.get("discovery_drawn", [])
    pp = next(d["pp"] for d in drawn if d["id"] == pick["token"])
    text = (f"{pick['token']} is worth {pp} PP at the end, the most of the {plural(len(drawn), 'token')} you drew; "
            "the others go back.")
    return Advice(pick, Reason(text, f"{pick['token']}: {pp} PP.", {"token": pick["token"], "pp": pp,
                                                                      "drawn": len(drawn)}))


def _discard(view: View, pick: Action) -> Advice:
    hand = len(view["hand"])
    text = (f"None of your {plural(hand, 'tile')} fits a free cell in any turn: one goes to the box and you draw "
            "another.")
    return Advice(pick, Reason(text, "No tile fits: discard one.", {"hand": hand}))


def advise(game: Game, seat: int) -> Advice | None:
    """The heuristic's move with the reason for it, from the seat's view and legal moves; a bonus token only
    where it gains `MIN_GAIN` PP or more; None where the coach has no true reason to give (a starting tile, a
    lone move)."""
    legal = game.legal_actions(seat)
    if len(legal) < 2:
        return None
    view = game.view(seat)
    pick = choose_for(game, seat, policy_for(game.id), random.Random(game.num_players), legal)
    kind = pick["type"]
    if kind in ("port", "convert", "no_bonus"):
        return _bonus(view, pick, legal)
    reasons: dict[str, Callable[[], Advice | None]] = {
        "take": lambda: _take(game, view, pick, legal), "place": lambda: _place(view, pick),
        "choose": lambda: _choose(view, pick) if "now" in pick else None,
        "land": lambda: _land(game, view, pick, legal), "house": lambda: _house(view, pick),
        "keep": lambda: _keep(view, pick), "discard": lambda: _discard(view, pick)}
    said = reasons.get(kind)
    return said() if said is not None else None


# -- the mechanics a beginner meets ------------------------------------------------------------------------


MECHANICS = (
    Mechanic("objectives", "B5.3", "Each round you draw objective cards up to 3 and choose in secret: one to play "
             "now, scored at this round's reward, and one to keep for next round; the third goes back.",
             event_of("chose")),
    Mechanic("placing a tile", "exploring", "You take a row tile into your hand and place any one of your 3 on a free "
             "cell beside a tile; every edge and corner it touches must match, land to land and sea to sea.",
             event_of("took")),
    Mechanic("bonus tokens", "bonus tokens", "After placing a tile you may put one of your 4 bonus tokens, for the "
             "whole game, on any tile: a port or a resource token. They help the others too: use them with care.",
             event_of("placed")),
    Mechanic("a port token", "bonus tokens", "A port token goes on a coastal tile, at most 2 ports a tile. Ports "
             "count for missions and rewards that ask for them, and for the ships' score at the end.",
             event_of("port")),
    Mechanic("a resource token", "bonus tokens", "A resource token covers one resource icon of a tile and changes "
             "it to the flower, fruit or leaf named: it can make an island meet a mission, or stop meeting one.",
             event_of("converted")),
    Mechanic("the Navigation stack", "landing", "Each explore turn moves a tile of the round's Navigation stack "
             "into the row. It is empty now: from the next turn, a player may land a ship instead of exploring.",
             event_of("refilled", lambda e: e.get("source") == "nav" and e.get("nav_left") == 0)),
    Mechanic("a landing", "landing", "Once the Navigation stack is empty, a player may land a ship instead of "
             "placing a tile; that ends the round. Your coloured ship scores 1 PP per port around it at the end.",
             event_of("landed")),
    Mechanic("the reward", "building houses", "At a round's end each player, from the lander, reveals their "
             "objective and puts houses on islands of 2+ tiles that meet it, one per island, scoring its reward.",
             event_of("revealed")),
    Mechanic("no house", "building houses", "With no house in hand, or no island of 2+ tiles that meets the "
             "mission with a free house symbol, a player builds nothing that round.", event_of("no_house")),
    Mechanic("discovery tokens", "rewards", "The Discovery reward draws 1 discovery token per temple of the island; "
             "you keep one in secret, worth 2 to 9 PP at the end, and the rest go back.", event_of("discovery")),
    Mechanic("a new round", "building houses", "Everyone had a reward turn and a ship is still to land: a new "
             "round begins, the lander plays first, and each hand of houses was refilled to 4 from its reserve.",
             event_of("round", lambda e: int(e.get("round", 0)) > 1)),
    Mechanic("no tile fits", "exploring", "When none of your 3 tiles fits anywhere in any turn, you show your "
             "hand, discard one to the box and draw another from the reserve.", event_of("stuck")),
    Mechanic("the end", "B5.5", "The game ends once the fourth ship has landed and its round is rewarded (at once "
             "if the reserve or the row runs out). Your score: reward PP, discovery tokens, ports by your ship.",
             event_of("game_over")),
)
"""Every rule a beginner meets in a practice game, explained the first time its event shows, with the
chapter that teaches it (`/game rules … section:`, cogs.rules.find_section): a section id where its first
passage is in that chapter (B5.3 opens *Preparation*, B5.5 *The end and the score*), else words of the
chapter's title: B5.3's later passages (*Exploring*, *Landing a ship*, *The reward: building houses*) and
B3.3's (*Bonus tokens*) cannot be opened by their id, which opens its first passage."""

COACHING = Coaching(
    choices={
        "start_tile": "where a starting tile goes, on which side",
        "choose": "which objective to play this round (one more waits for the next)",
        "take": "which tile to take from the row",
        "discard": "which tile to discard, since none fits",
        "place": "where a tile goes (every edge must match: land to land, sea to sea)",
        "port": "add a port token",
        "convert": "change a resource with a resource token",
        "no_bonus": "keep your bonus tokens",
        "land": "land a ship (ends the round)",
        "house": "put a house on an island that meets your objective",
        "done": "build no more houses this round",
        "keep": "which discovery token to keep",
    },
    advise=advise,
    deeds={"place": "placed a tile", "house": "placed a house", "port": "built a port", "land": "landed a ship"},
    mechanics=MECHANICS,
    advice="build one big island towards your objective rather than many small ones, and land when yours "
           "qualify and the others' do not.",
)
