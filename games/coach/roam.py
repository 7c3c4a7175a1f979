"""ROAM's coach: its choices in a player's words, and the tie bid explained once."""

from __future__ import annotations

from games.coach.coaching import Coaching, Mechanic, by_heuristic

COACHING = Coaching(
    choices={
        "choose": "which character to use (its pattern)",
        "place": "where its key marker goes (the pattern covers the squares around it)",
        "rotate": "which way the pattern turns",
        "blank": "fill a blank square for 2 coins",
        "early_rest": "rest early (turn your characters face up for 1 coin each)",
        "buy": "buy an artifact",
        "bid": "how many coins to bid for the tied card",
        "pass": "pass on the bid",
        "done": "finish this step", "end_turn": "end your turn",
    },
    advise=by_heuristic({
        "choose": "its pattern covers the most free squares on a card you can win",
        "place": "it takes the most squares, and coins, on a card you can claim",
        "rotate": "that way the pattern fits more free squares",
        "blank": "one more marker can win a card",
        "early_rest": "your best characters are face down",
        "buy": "an artifact gives points or a new way to move",
        "bid": "the card is worth more than the coins",
        "pass": "the card is not worth the coins",
        "done": "nothing more is worth its cost now",
        "end_turn": "nothing more is worth its cost now",
    }),
    deeds={"place": "placed a key marker", "blank": "filled a blank", "buy": "bought an artifact",
           "bid": "bid for a card"},
    mechanics=(
        Mechanic("a tie bid", "A5.3", "A full card with a tie for the most markers is bid for: each tied player "
                 "bids coins once, or passes; the highest bid pays and claims the card.",
                 lambda e: e.get("type") == "bid_started"),
    ),
    advice="aim your patterns at cards where you already lead, and keep a few coins for the ties.",
)
