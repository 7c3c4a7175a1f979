"""ROAM's coach: its choices in a player's words, a reason computed from the position for the move it suggests,
and the mechanics a beginner meets explained once, each with the chapter of the book that teaches it.

The move is the heuristic's (`games.roam.ai`), but for two: with a single character left face up and a bigger
pattern face down, the early rest the book's tips recommend ("rest when one or none is left"); and the Wizard's
Hat when the pattern, turned, puts more markers than it can as it lies.
Every reason is worked out from the seat's view (ROAM hides nothing but the orders of the two decks) and its
legal moves: the markers a placement puts on which card, the lead it gives there and the squares left to fill,
the coins it takes, costs and what is left after them. Cards are named as the map's plates name them ("card 5,
Orrin the Oarsman"), squares as the map does ("C4"), characters and artifacts by their names, and no player by
seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.ai import choose_for, policy_for
from games.coach.coaching import Advice, Coaching, Mechanic, Reason, event_of
from games.core import Action, Game, listed
from games.grammar import plural
from games.roam.data import CARDS, short_name
from games.roam.geometry import (
    SIZE,
    Cell,
    Square,
    anchor_squares,
    parse_square,
    project,
    rotate,
    slot_of,
    slot_squares,
    square_name,
)

View = dict[str, Any]
BLANK_COST = 2
"""What a blank costs (A5.3 step 1.3)."""
EFFECTS = {"coin": "gives 1 coin each time you use it", "blank": "fills a blank free each time you use it",
           "rotate": "turns your pattern a quarter turn", "slide": "moves any marker to an empty square beside it",
           "flip": "flips one of your characters at the start of your turn",
           "replace": "swaps an opponent's marker on your pattern for yours"}
"""What each kind of artifact does, in the book's words (chapter "Artifacts")."""


def advise(game: Game, seat: int) -> Advice | None:
    """The move a sensible beginner might make now and its reason, from the seat's view; None when the seat has
    no move, or the move is one the coach cannot give a true reason for."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    view = game.view(seat)
    pick = (early_rest(view, legal) or turn_first(view, legal)
            or choose_for(game, seat, policy_for("roam"), random.Random(game.num_players), legal))
    if pick.get("type") == "choose":  # said with the placement the coach suggests next, so the two lines agree
        said = for_choose(view, pick, legal, placed_next(game, seat, pick))
    else:
        reason = REASONS.get(str(pick.get("type")))
        said = reason(view, pick, legal) if reason is not None else None
    return Advice(pick, said) if said is not None else None


def placed_next(game: Game, seat: int, pick: Action) -> str | None:
    """The square the coach suggests for the key marker once `pick` (a character) is chosen; None when the next
    suggestion is not a placement (a turn of the pattern first)."""
    ahead = game.copy()
    ahead.apply(seat, pick)
    then = advise(ahead, seat) if seat in ahead.to_move() else None
    return str(then.action["square"]) if then is not None and then.action.get("type") == "place" else None


# -- the position, as the seat's view shows it ------------------------------------------------------------------

def me(view: View) -> dict[str, Any]:
    return view["players"][view["seat"]]


def coins_word(n: int) -> str:
    return plural(n, "coin")


def card_words(view: View, slot: int) -> str:
    """"card 5 (Orrin the Oarsman, 2 points)": a land card of the map as its plate names it."""
    card = view["slots"][slot]
    return f"card {slot + 1} ({card['name']}, {plural(card['vp'], 'point')})"


def holds(view: View, slot: int) -> tuple[int, int, int]:
    """On a card of the map: the seat's markers, the most markers any other player has, and its empty squares."""
    seat = view["seat"]
    squares = slot_squares(slot)
    mine = sum(view["map"][r][c].count(seat) for r, c in squares)
    others = max((sum(view["map"][r][c].count(o) for r, c in squares)
                  for o in range(view["num_players"]) if o != seat), default=0)
    empty = sum(1 for r, c in squares if not view["map"][r][c])
    return mine, others, empty


def takes(view: View, sq: Square) -> bool:
    """A square on a card that takes another marker (two with the stacking variant)."""
    r, c = sq
    if not (0 <= r < SIZE and 0 <= c < SIZE) or view["coins_map"][r][c] is None:
        return False
    return len(view["map"][r][c]) < (2 if view["options"]["stacking"] else 1)


def after(view: View, put: list[Square]) -> dict[str, Any]:
    """What markers put on these squares do to the card most of them land on (of those, the one closest to full,
    then the one worth most): its number and points, the seat's markers there, the most of anyone else, and
    the squares left empty."""
    def on(slot: int) -> dict[str, Any]:
        mine, others, empty = holds(view, slot)
        landing = [sq for sq in put if slot_of(sq) == slot]
        newly = sum(1 for r, c in landing if not view["map"][r][c])
        return {"card": slot + 1, "card_points": view["slots"][slot]["vp"], "on_card": len(landing),
                "yours": mine + len(landing), "most_other": others, "left": empty - newly}
    cards = [on(slot) for slot in dict.fromkeys(slot_of(sq) for sq in put)]
    return max(cards, key=lambda f: (f["on_card"], -f["left"], f["card_points"]))


def spread(put: list[Square], facts: dict[str, Any]) -> str:
    """" over 2 cards, 2": where markers land on more than one card, before the card most of them land on."""
    cards = len({slot_of(sq) for sq in put})
    return "" if cards == 1 else f" over {cards} cards, {facts['on_card']}"


def standing(facts: dict[str, Any]) -> str:
    """"you'd have 3 markers there, anyone else 2 at most; 1 square left to fill", or what a full card brings
    at the end of the turn."""
    yours, other, left = facts["yours"], facts["most_other"], facts["left"]
    lead = (f"you'd have {plural(yours, 'marker')} there, " +
            (f"anyone else {other} at most" if other else "no one else any"))
    if left:
        return f"{lead}; {plural(left, 'square')} left to fill"
    if yours > other:
        return f"{lead}; then full, you claim it at the end of the turn"
    if yours == other:
        return f"{lead}; then full, a tie bid for it at the end of the turn"
    return f"{lead}; then full, the leader claims it and you get 1 coin"


def pattern(card: dict[str, Any]) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """A character's (or the placing pattern's) marker and blank cells, as the view lists them."""
    return tuple((x, y) for x, y in card["normal"]), tuple((x, y) for x, y in card["blank"])


def best_anchor(view: View, normal: tuple[Cell, ...]) -> tuple[int, str, list[Square]] | None:
    """Where a pattern's key marker puts the most markers now (the most coins among those): how many, the square
    and the squares; None when it has no place on the map."""
    edge = me(view)["edge"]
    filled = tuple(s is not None for s in view["slots"])
    best: tuple[int, int, str, list[Square]] | None = None
    for anchor in anchor_squares(edge, normal, filled):
        put = [sq for sq in project(edge, anchor, normal, normal) if takes(view, sq)]
        gain = sum(view["coins_map"][r][c] for r, c in put)
        if best is None or (len(put), gain) > best[:2]:
            best = (len(put), gain, square_name(anchor), put)
    return None if best is None else (best[0], best[2], best[3])


def character_name(card_id: str) -> str:
    """"the Scout" (a starting character, by its role), "Garrow the Miner" (a claimed one)."""
    return f"the {short_name(card_id)}" if CARDS[card_id].flag else CARDS[card_id].name


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def row_artifact(view: View, artifact_id: str) -> dict[str, Any]:
    return next(a for a in view["artifact_row"] if a["id"] == artifact_id)


# -- the reasons, one kind of move each --------------------------------------------------------------------------

def for_choose(view: View, action: Action, legal: list[Action], square: str | None = None) -> Reason | None:
    """Why this character: its pattern against the others', and what its key marker would place on `square`
    (the placement suggested next), else on the square where it places most."""
    card = next(c for c in me(view)["characters"] if c["card"] == action["card"])
    normal, blank = pattern(card)
    anchor = parse_square(square) if square is not None else None
    if anchor is not None:
        put = [sq for sq in project(me(view)["edge"], anchor, normal, normal) if takes(view, sq)]
        most = len(put)
    else:
        best = best_anchor(view, normal)
        if best is None:
            return None
        most, square, put = best
    others = [len(c["normal"]) for c in me(view)["characters"]
              if c["card"] != card["card"] and {"type": "choose", "card": c["card"]} in legal]
    name = character_name(card["card"])
    size = plural(len(normal), "marker") + (f" and {plural(len(blank), 'blank')}" if blank else "")
    if not others:
        which = f"{name} is your only face-up character that fits: {size}"
    elif len(normal) > max(others):
        which = f"{name} has your biggest face-up pattern: {size}, to {max(others)} markers at most for the others"
    else:
        which = f"{name} has {size}, as many markers as any face-up character of yours"
    facts: dict[str, Any] = {"character": short_name(card["card"]), "pattern": len(normal), "blanks": len(blank),
                             "others_most": max(others) if others else None, "most": most, "square": square}
    if not most:
        text = f"{which}, though every square it can reach is taken: it places nothing this turn."
        return Reason(text, f"{size}; nothing free to reach now.", facts)
    where = after(view, put)
    facts |= {"card": where["card"], "on_card": where["on_card"]}
    text = (f"{which}. Its key marker on {square} would put {plural(most, 'marker')}{spread(put, where)} on "
            f"{card_words(view, where['card'] - 1)}.")
    short = f"{size}; {most} placed now, key marker on {square}."
    return Reason(text, short, facts)


def for_place(view: View, action: Action, legal: list[Action]) -> Reason | None:
    placing = view["placing"]
    if not placing:
        return None
    normal, blank = pattern(placing)
    edge = me(view)["edge"]
    anchor = parse_square(action["square"])
    assert anchor is not None
    put = [sq for sq in project(edge, anchor, normal, normal) if takes(view, sq)]
    blanks = [sq for sq in project(edge, anchor, normal, blank) if takes(view, sq)]
    if not put:
        return None
    gain = sum(view["coins_map"][r][c] for r, c in put)
    facts = {"square": action["square"], "markers": len(put), "coins": gain, "blanks": len(blanks)} | after(view, put)
    took = f", and takes {coins_word(gain)}" if gain else ""
    text = (f"it puts {plural(len(put), 'marker')}{spread(put, facts)} on {card_words(view, facts['card'] - 1)}{took}: "
            f"{standing(facts)}.")
    if blanks:
        text += f" {capital(plural(len(blanks), 'blank'))} to buy after."
    coins = f", +{coins_word(gain)}" if gain else ""
    short = f"{plural(len(put), 'marker')}{coins}; {facts['yours']} to {facts['most_other']} on card {facts['card']}."
    return Reason(text, short, facts)


def for_extra(view: View, action: Action, legal: list[Action]) -> Reason | None:
    """A blank bought or filled with the Lantern, or a last marker's square chosen: one more marker."""
    sq = parse_square(action["square"])
    assert sq is not None
    coins = me(view)["coins"]
    gain = view["coins_map"][sq[0]][sq[1]] or 0
    cost = BLANK_COST if action["type"] == "blank" else 0
    facts = {"square": action["square"], "cost": cost, "coins": coins, "gain": gain,
             "coins_after": coins - cost + gain} | after(view, [sq])
    back = f", +{coins_word(gain)} from the square" if gain else ""
    how = {"blank": f"for {BLANK_COST} of your {coins_word(coins)}{back} (then {facts['coins_after']})",
           "lantern": f"free with the Lantern{back}",
           "mark": f"one of your last markers{back}"}[action["type"]]
    text = f"{how}: one more marker on {card_words(view, facts['card'] - 1)}; {standing(facts)}."
    short = (f"{facts['yours']} to {facts['most_other']} on card {facts['card']}; "
             f"then {coins_word(facts['coins_after'])}.")
    return Reason(text, short, facts)


def for_done(view: View, action: Action, legal: list[Action]) -> Reason | None:
    coins = me(view)["coins"]
    open_blanks = len({a["square"] for a in legal if a["type"] in ("blank", "lantern")})
    facts: dict[str, Any] = {"coins": coins, "cost": BLANK_COST, "blanks": open_blanks}
    if coins < BLANK_COST:
        text = f"a blank costs {BLANK_COST} coins and you have {coins}."
        return Reason(text, f"{coins_word(coins)}: no blank this turn.", facts)
    cheapest = min((a["cost"] for a in view["artifact_row"]), default=None) if view["options"]["artifacts"] else None
    facts["cheapest"] = cheapest
    keep = f"; the cheapest artifact in the row costs {cheapest}" if cheapest is not None else ""
    text = (f"a blank costs {BLANK_COST} of your {coins_word(coins)} and would leave {coins - BLANK_COST}: "
            f"keep them for a tie bid or an artifact{keep}.")
    short = f"Keep your {coins_word(coins)} for bids and artifacts."
    return Reason(text, short, facts)


def for_backpack(view: View, action: Action, legal: list[Action]) -> Reason:
    coins = me(view)["coins"]
    facts = {"coins": coins, "coins_after": coins + 1}
    text = f"+1 coin makes {coins_word(coins + 1)}; the Backpack turns face down until you rest."
    return Reason(text, f"+1 coin: {coins + 1}.", facts)


def for_buy(view: View, action: Action, legal: list[Action]) -> Reason:
    a = row_artifact(view, action["artifact"])
    coins = me(view)["coins"]
    facts = {"artifact": a["name"], "cost": a["cost"], "points": a["vp"], "coins": coins,
             "coins_after": coins - a["cost"]}
    points = f"{plural(a['vp'], 'point')} at the end" if a["vp"] else "no points"
    text = (f"the {a['name']} costs {a['cost']} of your {coins_word(coins)}, {coins - a['cost']} left; "
            f"{points}, and it {EFFECTS[a['kind']]}.")
    short = f"{a['name']}: {coins_word(a['cost'])}, {plural(a['vp'], 'point')}."
    return Reason(text, short, facts)


def full_cards(view: View) -> list[int]:
    return [slot for slot in range(6) if view["slots"][slot] is not None
            and all(view["map"][r][c] for r, c in slot_squares(slot))]


def for_end_turn(view: View, action: Action, legal: list[Action]) -> Reason | None:
    coins = me(view)["coins"]
    if view["phase"] == "buy":
        cheapest = min(view["artifact_row"], key=lambda a: a["cost"])
        facts = {"coins": coins, "cheapest": cheapest["cost"], "artifact": cheapest["name"]}
        if cheapest["cost"] > coins:
            text = (f"the cheapest artifact, the {cheapest['name']}, costs {cheapest['cost']} and you have {coins}: "
                    f"{cheapest['cost'] - coins} short.")
        else:
            text = (f"the cheapest artifact, the {cheapest['name']}, costs {cheapest['cost']} of your "
                    f"{coins_word(coins)}: keep a coin or two for a tie bid.")
        return Reason(text, f"Keep your {coins_word(coins)}.", facts)
    full = full_cards(view)
    facts = {"coins": coins, "full": [s + 1 for s in full]}
    if not full:
        text = f"no card is full yet; you keep your {coins_word(coins)} and your face-up artifacts for later."
        return Reason(text, f"Nothing more this turn; {coins_word(coins)}.", facts)
    said = []
    for slot in full:
        mine, others, _ = holds(view, slot)
        outcome = "yours" if mine > others else "a tie bid" if mine == others else "the leader's"
        said.append(f"card {slot + 1} ({mine} of your markers to {others}) is {outcome}")
    text = f"full cards are claimed now: {listed(said)}."
    return Reason(text, f"Claims: card {listed([str(s + 1) for s in full])}.", facts)


def for_bid(view: View, action: Action, legal: list[Action]) -> Reason | None:
    bid = view["bid"]
    if bid is None:
        return None
    slot = bid["slot"]
    coins = me(view)["coins"]
    lowest = 0 if bid["high"] is None else bid["amount"] + 1
    later = len(bid["order"]) - bid["order"].index(view["seat"]) - 1
    facts = {"card": slot + 1, "card_points": view["slots"][slot]["vp"], "lowest": lowest, "coins": coins}
    if action["type"] == "pass":
        text = (f"the lowest bid for {card_words(view, slot)} is {coins_word(lowest)}, more than it is worth to "
                f"you: pass, keep your {coins_word(coins)} and take 1 coin for your markers there.")
        return Reason(text, f"Pass: {coins_word(lowest)} is too dear for card {slot + 1}.", facts)
    facts |= {"amount": action["amount"], "after": later}
    then = (f"{plural(later, 'tied player')} may still outbid you" if later
            else "nobody bids after you, so it is yours")
    text = (f"a bid of {coins_word(action['amount'])} (the lowest; you have {coins}) for "
            f"{card_words(view, slot)}: {then}.")
    return Reason(text, f"Bid {action['amount']} for card {slot + 1}.", facts)


def early_rest(view: View, legal: list[Action]) -> Action | None:
    """An early rest when it is cheap and worth it: one character left face up (1 coin, with a coin to spare),
    and a face-down one with a bigger pattern."""
    if not any(a["type"] == "early_rest" for a in legal):
        return None
    chars = me(view)["characters"]
    up = [c for c in chars if c["up"]]
    down = [c for c in chars if not c["up"]]
    if len(up) != 1 or me(view)["coins"] < 2 or not down:
        return None
    if max(len(c["normal"]) for c in down) <= len(up[0]["normal"]):
        return None
    return {"type": "early_rest"}


def for_early_rest(view: View, action: Action, legal: list[Action]) -> Reason:
    chars = me(view)["characters"]
    up = [c for c in chars if c["up"]]
    down = [c for c in chars if not c["up"]]
    coins = me(view)["coins"]
    biggest = max(down, key=lambda c: len(c["normal"]))
    facts = {"cost": len(up), "coins": coins, "coins_after": coins - len(up), "face_down": len(down),
             "face_up": [short_name(c["card"]) for c in up], "biggest": short_name(biggest["card"]),
             "biggest_pattern": len(biggest["normal"])}
    left = listed([character_name(c["card"]) for c in up])
    text = (f"only {left} is face up; for {coins_word(len(up))} of your {coins} an early rest turns your "
            f"{len(down)} face-down characters up, {character_name(biggest['card'])} "
            f"({plural(len(biggest['normal']), 'marker')}) among them.")
    short = f"Rest for {coins_word(len(up))}: {plural(len(down), 'character')} face up again."
    return Reason(text, short, facts)


def turn_first(view: View, legal: list[Action]) -> Action | None:
    """The Wizard's Hat when the pattern, turned a quarter, puts more markers than it can as it lies."""
    if {"type": "rotate"} not in legal or not view["placing"]:
        return None
    now, turned = turnings(view)
    return {"type": "rotate"} if turned is not None and turned[0] > (now[0] if now else 0) else None


def turnings(view: View) -> tuple[tuple[int, str, list[Square]] | None, tuple[int, str, list[Square]] | None]:
    """The best placement of the pattern being placed, as it lies and turned a quarter clockwise."""
    normal, blank = pattern(view["placing"])
    turned, _ = rotate(normal, blank)
    return best_anchor(view, normal), best_anchor(view, tuple(turned))


def for_rotate(view: View, action: Action, legal: list[Action]) -> Reason | None:
    now, turned = turnings(view)
    if turned is None:
        return None
    most, square, _ = turned
    facts = {"turned": most, "now": now[0] if now else 0, "square": square}
    text = (f"turned a quarter, the pattern's key marker on {square} would put {plural(most, 'marker')}, against "
            f"{facts['now']} at most as it lies; the Wizard's Hat turns face down until you rest.")
    short = f"Turned: {most} markers, against {facts['now']}."
    return Reason(text, short, facts)


def for_skip(view: View, action: Action, legal: list[Action]) -> Reason:
    up = [c for c in me(view)["characters"] if c["up"]]
    facts = {"face_up": len(up)}
    text = (f"none of your {plural(len(up), 'face-up character')} has a place where all its markers land on a card: "
            "the empty places on the map are off it.")
    return Reason(text, "Nothing fits this turn.", facts)


REASONS: dict[str, Callable[[View, Action, list[Action]], Reason | None]] = {
    "choose": for_choose, "place": for_place, "blank": for_extra, "lantern": for_extra, "mark": for_extra,
    "done": for_done, "backpack": for_backpack, "buy": for_buy, "end_turn": for_end_turn, "bid": for_bid,
    "pass": for_bid, "early_rest": for_early_rest, "skip_place": for_skip, "rotate": for_rotate,
}
"""Each kind of move the coach suggests, and how it says why."""


# -- the mechanics a beginner meets ------------------------------------------------------------------------------


MECHANICS = (
    Mechanic("coins", "coins", "A marker on a square with coins (gold discs) collects them. Coins buy blanks, early "
             "rests, tie bids and artifacts, and break a tie for the win.",
             event_of("marker", lambda e: bool(e.get("coins")))),
    Mechanic("a skipped square", "placing", "A marker square already taken, by anyone's marker, is skipped; the "
             "pattern's other squares are still placed.", event_of("skipped_cells")),
    Mechanic("a blank", "blanks", "A blank is an optional square of a pattern: once the markers are down, it takes "
             "a marker for 2 coins (free with a Lantern).",
             event_of("marker", lambda e: e.get("how") in ("blank", "lantern"))),
    Mechanic("claiming a card", "claiming", "A card with all six squares taken goes, at the end of the turn, to the "
             "player with the most markers there; its markers go home and each other player there gets 1 coin.",
             event_of("claimed")),
    Mechanic("a tie bid", "tie bid", "A full card with a tie for the most markers is bid for: each tied player "
             "bids coins once, or passes; the highest bid pays and claims the card.", event_of("bid_started")),
    Mechanic("a free rest", "A5.3", "When all of a player's characters are face down, they all turn face up at the "
             "start of their turn, artifacts too, for free.", event_of("rested", lambda e: not e.get("paid"))),
    Mechanic("an early rest", "A5.3", "At the very start of a turn a player may pay 1 coin per character still "
             "face up to turn all characters and artifacts face up.",
             event_of("rested", lambda e: bool(e.get("paid")))),
    Mechanic("an artifact", "A3.3", "An artifact (one may be bought at the end of a turn) gives an ability: "
             "Backpack, Lantern, Wizard's Hat, Walking Stick, Hourglass or Stone Hammer; dearer copies score "
             "points.", event_of("bought")),
    Mechanic("using an artifact", "A3.3", "An artifact used turns face down until its owner rests.",
             event_of("artifact_used")),
    Mechanic("a claimed character", "A3.2", "A claimed character places its own pattern: a small one is worth 4 or "
             "5 points, a big one 1 or 2 but it fills cards fast.",
             event_of("chose", lambda e: e.get("card") in CARDS and not CARDS[e["card"]].flag)),
    Mechanic("the end", "A5.4", "Ten characters for one player (the three starting ones count), or two rounds "
             "with no marker put, make this round the last.", event_of("end_triggered")),
    Mechanic("the final score", "A5.4", "Score: the points of your characters and artifacts (3 more for the "
             "Outpost); the most points wins, and a tie goes to the most coins.", event_of("game_over")),
)
"""Each rule a beginner meets, the event that shows it, and the `/game rules` section that opens its chapter: a
rule id where its first passage stands in that chapter (A3.3, A3.2, A5.3 opening "A turn step by step", which
teaches resting, A5.4), else a word of the chapter's title, since A5.3 (the whole turn) is taught over several
chapters and opens only the first."""

COACHING = Coaching(
    choices={
        "choose": "which character to use (its pattern)",
        "skip_place": "skip placing (no character fits)",
        "early_rest": "rest early (1 coin for each character still face up turns them all up)",
        "hourglass": "flip a character with the Hourglass",
        "place": "where its key marker goes (the pattern covers the squares around it)",
        "rotate": "turn the pattern with the Wizard's Hat",
        "hammer": "take an opponent's square with the Stone Hammer",
        "mark": "which squares get your last markers",
        "blank": "fill a blank square for 2 coins",
        "lantern": "fill a blank free with the Lantern",
        "done": "finish placing",
        "backpack": "take 1 coin with the Backpack",
        "slide": "move a marker one square with the Walking Stick",
        "end_turn": "end your turn",
        "buy": "buy an artifact",
        "bid": "how many coins to bid for the tied card",
        "pass": "pass on the bid",
    },
    advise=advise,
    deeds={"place": "placed a key marker", "blank": "filled a blank", "buy": "bought an artifact",
           "bid": "bid for a card"},
    mechanics=MECHANICS,
    advice="aim your patterns at cards where you already lead, and keep a few coins for the ties.",
)
