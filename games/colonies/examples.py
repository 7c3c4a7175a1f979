"""Positions for the rulebook's pictures, built move by move through the engine so they are real boards.

A position starts from a seeded new game; where a picture needs a hand the shuffle did not deal, the seat's
cards are laid out first (as a dealer stacking a deck would) and then played with legal moves.
"""

from __future__ import annotations

from games.colonies.cards import POPULATIONS, THREATS, title
from games.colonies.game import Colonies
from games.colonies.table import MAIN, SOLDIER
from games.colonies.text import cards, counted
from games.colours import colour_of
from games.core import listed
from games.grammar import a, verb
from games.rulebook import Example

SEED = 5
"""The shuffle every picture starts from."""


def _game(seat: int = 0, *, first_settler: int | None = None, hand: list[str], deck: list[str] | None = None,
          discard: list[str] | None = None, event: str | None = None, events_flipped: int = 0,
          round_no: int = 1) -> Colonies:
    """A four-seat game in `seat`'s turn (the First Settler's unless another is named) with that seat's cards laid
    out; the event row shows `event` face up after `events_flipped` flips (the earlier ones discarded).  The log
    starts empty, so it shows only the moves played from here."""
    game = Colonies.new(4, seed=SEED, first_settler=seat if first_settler is None else first_settler)
    s = game.s
    s["current"] = seat
    s["log"] = []
    p = s["players"][seat]
    p["hand"] = list(hand)
    if deck is not None:
        p["deck"] = list(deck)
    if discard is not None:
        p["discard"] = list(discard)
    if event is not None:
        s["event_deck"].remove(event)
        s["event_discard"] = [s["event_deck"].pop(0) for _ in range(events_flipped - 1)]
        s["active_event"] = event
    s["round"] = round_no
    s["turn_no"] = 4 * (round_no - 1) + 1
    s["phase"] = MAIN if THREATS.isdisjoint(hand) else SOLDIER  # the Soldier window opens before Threats
    return game


def _play(game: Colonies, *actions: dict[str, object]) -> Colonies:
    seat = game.s["current"]
    for action in actions:
        game.apply(seat, dict(action))
    return game


def _opening() -> Colonies:
    """The first turn of a four-seat game as dealt."""
    return Colonies.new(4, seed=SEED, first_settler=0)


def _working() -> Colonies:
    """Round 3 under Gold Rush: red has played a Wealth, a Mountains, a Miner who worked it and a Farmer who
    has not acted yet."""
    game = _game(hand=["food", "food", "miner", "mountains", "wealth"],
                 deck=["farmer", "food", "coast", "farmer", "food", "soldier", "food", "farmland"],
                 discard=["food", "food", "wealth"], event="gold_rush", events_flipped=2, round_no=3)
    return _play(game, {"type": "play", "card": "wealth"}, {"type": "play", "card": "mountains"},
                 {"type": "play", "card": "miner", "food": "hand"},
                 {"type": "work", "worker": "miner", "land": "mountains"},
                 {"type": "play", "card": "farmer", "food": "hand"})


def _threat() -> Colonies:
    """A Disease in the opening hand of a turn: the Soldier window is open."""
    return _game(hand=["disease", "soldier", "food", "farmer", "coast"], deck=["food", "food", "farmland", "food"],
                 discard=["farmer", "food"], event="pilgrimage", events_flipped=1, round_no=2)


def _explorer() -> Colonies:
    """An Explorer explores the Frontier's Forest and looks at the top three Threats."""
    game = _game(hand=["food", "explorer", "farmland", "food", "wealth"], event="trade_winds", events_flipped=1,
                 round_no=2)
    threats = game.s["threat_deck"]
    for name in ("peaceful_tribe", "pirates", "disease"):
        threats.remove(name)
        threats.insert(0, name)
    return _play(game, {"type": "play", "card": "explorer", "food": "hand"},
                 {"type": "explore", "worker": "explorer", "card": "forest"})


def _final() -> Colonies:
    """The last turn of the last round ends the game: two colonies tie on points and shipped Wealth decides."""
    game = _game(3, first_settler=0, hand=["food", "food", "wealth", "farmland", "food"], event="bountiful_harvest",
                 events_flipped=24, round_no=25)
    s = game.s
    s["final_round"] = True
    s["event_deck"] = []
    for deck, left in (("pop_deck", 6), ("land_deck", 3), ("threat_deck", 4), ("shipment_deck", 9)):
        s["trash"] += s[deck][left:]  # 24 rounds of gains and losses, in short
        s[deck] = s[deck][:left]
    zones = {0: ["farmer"] * 4 + ["trader", "soldier", "wealth", "wealth", "coast", "farmland", "forest", "food"],
             1: ["farmer"] * 5 + ["miner", "wealth", "wealth", "wealth", "coast", "farmland", "farmland", "mountains",
                 "forest", "food", "food"],
             3: ["farmer", "farmer", "trapper", "forest", "coast", "food", "wealth"]}
    for seat, pile in zones.items():
        p = s["players"][seat]
        p["deck"], p["discard"] = pile[:5], pile[5:]
        if seat != 3:
            p["hand"] = []
    for seat, shipped in ((0, 2), (1, 1), (3, 1)):
        s["players"][seat]["shipped"] = shipped
    gone = s["players"][2]  # eliminated earlier: its cards left the game
    s["trash"] += [c for c in gone["hand"] + gone["deck"] if c not in ("food", "wealth")]
    s["food_supply"] += gone["hand"].count("food") + gone["deck"].count("food")
    gone.update(hand=[], deck=[], discard=[], eliminated=True)
    return _play(game, {"type": "play", "card": "farmland"}, {"type": "end_turn", "granary": 1})


def _opening_caption(game: Colonies) -> str:
    """The hand red was dealt; all but its Food may be played (framed)."""
    hand = game.view(0)["hand"]
    others = len([card for card in hand if card != "food"])
    return (f"Red's opening hand: {cards(hand)}. Food is never played, so only the other {others} are "
            "framed.")


def _working_caption(game: Colonies) -> str:
    """The round, the event in force, what Seat 1 has in play, which worker acted on which Land and who waits."""
    view = game.view(None)
    in_play = view["players"][0]["in_play"]
    people = [c for c in in_play if c["card"] in POPULATIONS]
    played = listed([*counted([c["card"] for c in in_play if c["card"] not in POPULATIONS]),
                     f"{len(people)} Population"])
    worker, land = next((title(e["worker"]), title(e["land"])) for e in view["last"] if e["type"] == "work")
    ready = [title(c["card"]) for c in people if c["state"] == "ready"]
    return (f"Round {view['round']} under {title(view['active_event'])}: red has played {played}. The {worker} "
            f"has worked the {land} (dimmed: acted); the {listed(ready)} {verb(len(ready), 'is')} ready for a job.")


def _final_caption(game: Colonies) -> str:
    """The tie the result breaks: the two best colonies' points and shipped Wealth, and who was eliminated."""
    result = game.view(None)["result"]
    rows = result["details"]["rows"]
    first, second = (seats[0] for seats in result["ranking"][:2])
    gone = [seat for seat, row in enumerate(rows) if row["eliminated"]]
    winner, runner_up = colour_of(first), colour_of(second)
    return (f"The last turn of the last round is over. {winner.capitalize()} and {runner_up} both have "
            f"{rows[first]['score']} points; {winner} shipped {rows[first]['shipped']} Wealth and {runner_up} "
            f"only {rows[second]['shipped']}, so {winner} wins. "
            f"{listed([colour_of(seat) for seat in gone]).capitalize()} was eliminated earlier and scores nothing.")


def _threat_caption(game: Colonies) -> str:
    """The Threat in red's hand, the Soldier it may play first (and the Food that pays for it), and the cards
    that must wait: the hand's playable cards are the Threat and what fights it."""
    view = game.view(0)
    [threat] = [card for card in view["hand"] if card in THREATS]
    [soldier] = [card for card in view["playable"] if card != threat]
    waiting = [f"the {title(card)}" for card in view["hand"] if card not in view["playable"] and card != "food"]
    return (f"Red holds {a(title(threat))}: before playing it, red may play the {title(soldier)} (paying the "
            f"Food in hand) and send it to fight the {title(threat)}. Nothing else may be played yet: "
            f"{listed(waiting)} must wait.")


def _explorer_caption(game: Colonies) -> str:
    """The Land the Explorer took from the Frontier and the Threats it now sees (in the order it saw them)."""
    view = game.view(0)
    land = next(title(e["cards"][0]) for e in reversed(view["last"]) if e["type"] == "gained"
                and e["source"] == "frontier")
    seen = [title(card) for card in view["explorer_sees"]]
    return (f"Red's Explorer took the {land} from the Frontier and now sees the top {len(seen)} Threats "
            f"({listed(seen)}): it keeps one, into its discard pile; the others go back on top of the Threat deck.")


EXAMPLES: dict[str, Example] = {
    "opening": Example(_opening, seat=0, caption=_opening_caption),
    "table": Example(_working, caption=_working_caption),
    "threat": Example(_threat, seat=0, caption=_threat_caption),
    "explorer": Example(_explorer, seat=0, caption=_explorer_caption),
    "final": Example(_final, caption=_final_caption),
}
