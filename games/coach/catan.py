"""Catan's coach: its choices in a player's words, and the robber and the discard explained once."""

from __future__ import annotations

from games.coach.coaching import Coaching, Mechanic, by_heuristic

COACHING = Coaching(
    choices={
        "roll": "roll the dice (every player with a building on the number collects)",
        "build_settlement": "a settlement (1 point, collects from up to three hexes)",
        "build_road": "a road (leads to new settlement spots)",
        "build_city": "a city (2 points, collects double)",
        "buy_dev": "a development card (knights, points and more)",
        "maritime": "a trade with the bank or a harbour",
        "end_turn": "end your turn",
        "move_robber": "where the robber goes (that hex stops paying; you steal from a player there)",
        "discard": "which cards to give back",
        "play_knight": "play a knight (move the robber)",
        "accept": "accept the offer", "decline": "decline the offer", "confirm": "close the trade",
    },
    advise=by_heuristic({
        "roll": "every turn starts with the dice",
        "build_settlement": "settlements on busy numbers (6 and 8) pay most often",
        "build_road": "roads reach the next good settlement spot",
        "build_city": "a city doubles what the spot already pays",
        "buy_dev": "spare ore, wool and grain turn into knights or points",
        "maritime": "turning cards you have too many of into one you need",
        "end_turn": "nothing useful is affordable now; keep the cards for next turn",
        "move_robber": "block a hex that pays the leader, and steal a card",
        "discard": "keep the cards of what you plan to build next",
        "play_knight": "it frees your hex from the robber and steals a card",
        "decline": "it helps the other player more than you",
        "accept": "it gives you a card you need",
    }),
    deeds={"build_settlement": "built a settlement", "build_city": "built a city", "build_road": "built a road",
           "buy_dev": "bought a development card", "maritime": "traded with the bank"},
    mechanics=(
        Mechanic("the robber", "CAT-19", "A 7 pays nobody. The player who rolled it moves the robber to another "
                 "hex, which pays nothing while the robber stays, and steals one card from a player there.",
                 lambda e: e.get("type") == "roll" and sum(e.get("dice", ())) == 7),
        Mechanic("a discard", "CAT-18", "When a 7 is rolled, every player holding 8 or more cards gives back half "
                 "of them (rounded down), chosen by that player, before the robber moves.",
                 lambda e: e.get("type") == "must_discard"),
    ),
    advice="spread your settlements over different numbers and resources, and trade with the other players "
           "before you trade 4:1 with the bank.",
)
