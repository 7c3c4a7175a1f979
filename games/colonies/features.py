"""What the learned evaluations read of a Colonies position (games/learned.py): per seat, from the public view for
what players are shown, from the game itself (every card known) for the search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.colonies.ai import CARD_VALUE

RAW = ("points", "cards", "livestock", "granary", "shipped", "eliminated", "mulligans", "to_play")
"""Points shown; cards the seat owns (hand, deck, discard and in play); livestock, granary and shipped
goods; eliminated; mulligans taken; how soon it plays (1 for the seat to play, falling by turn order)."""
SEARCH_RAW = ("points", "strength", "hand_worth", "cards", "livestock", "granary", "shipped", "eliminated",
              "mulligans", "to_play")
"""For the search, from a sampled world: points; the hand-set evaluation's `strength` (games/colonies/search.py:
the cards owned at what they are worth to hold, a Threat at minus its harm, shipped Wealth, granary Food); the
worth of the hand it plays next (at the heuristic's card values); then as for the players."""

if TYPE_CHECKING:
    from games.colonies.game import Colonies


def raw(view: dict[str, Any]) -> tuple[list[list[float]], float]:
    players = view["players"]
    n = len(players)
    current = view.get("current") or 0
    rows = [[float(p["score"]), float(p["hand_size"] + p["deck_size"] + len(p["discard"]) + len(p["in_play"])),
             float(p["livestock"]), float(p["granary"]), float(p["shipped"]), float(p["eliminated"]),
             float(p["mulligans"]), 1 - ((p["seat"] - current) % n) / n]
            for p in players]
    return rows, _progress(view["events_flipped"], view["events_left"], bool(view.get("final_round")))


def _progress(flipped: int, left: int, final_round: bool) -> float:
    """How far the game has gone: the share of the Event deck flipped, 1 in the final round."""
    return 1.0 if final_round else flipped / max(1, flipped + left)


def search_raw(game: Colonies) -> tuple[list[list[float]], float]:
    s = game.s
    n, current = s["n"], s["current"]
    rows = [[float(game.score(seat)), game.strength(seat), sum(CARD_VALUE.get(c, 0.0) for c in p["hand"]),
             float(len(game.owned(seat))), float(p["livestock"]), float(p["granary"]), float(p["shipped"]),
             float(p["eliminated"]), float(p["mulligans"]), 1 - ((seat - current) % n) / n]
            for seat, p in enumerate(s["players"])]
    flipped = len(s["event_discard"]) + (s["active_event"] is not None)
    return rows, _progress(flipped, len(s["event_deck"]), s["final_round"])
