"""Colonies' coach: its choices in a player's words, and the first Threat explained once."""

from __future__ import annotations

from games.coach.coaching import Coaching, Mechanic, by_heuristic
from games.colonies.cards import THREATS

COACHING = Coaching(
    choices={
        "play": "play a card from your hand (Population pays its Food)",
        "work": "a worker works a Land for its goods",
        "explore": "explore the Frontier (a new Land, and a Threat into your discard)",
        "reproduce": "reproduce a Population from the Line-Up",
        "cannibalize": "eat a Population for Food (a desperate move)",
        "end_turn": "end your turn",
        "accept": "accept the offer", "decline": "decline the offer",
    },
    advise=by_heuristic({
        "play": "cards in play do the work; Threats must come first",
        "work": "goods feed your colony and score",
        "explore": "Land scores 2 and makes goods",
        "reproduce": "more Population means more workers",
        "cannibalize": "a colony with no Food is lost",
        "end_turn": "nothing left is worth doing this turn",
        "accept": "it gives you what you need",
        "decline": "you need those cards yourself",
    }),
    deeds={"explore": "explored", "work": "worked a Land", "reproduce": "reproduced", "play": "played a card"},
    mechanics=(
        Mechanic("a Threat", "COL-S7", "A Threat in hand is played before anything else, and hits its target "
                 "(Food, Population or Land); a Soldier can fight it first. A colony that cannot survive a Threat "
                 "is eliminated.", lambda e: e.get("type") == "played" and e.get("card") in THREATS),
    ),
    advice="keep a Soldier for the Threats that exploring brings, and ship Wealth home: each is worth 5.",
)
