"""Roanoke's coach: its choices in a player's words, and the season check explained once."""

from __future__ import annotations

from games.coach.coaching import Coaching, Mechanic, by_heuristic

COACHING = Coaching(
    choices={
        "market_add": "put a new worker on the market",
        "market_move": "move a worker on the market",
        "collect": "collect from the market",
        "place": "where the road tile goes (its ends must match)",
        "discard": "which road tile to give up",
        "buy_house": "a house", "buy_generator": "a generator", "buy_road_upgrade": "a road upgrade",
        "end_turn": "end your turn",
        "accept": "accept the offer", "decline": "decline the offer",
        "resign": "resign (you are out)",
    },
    advise=by_heuristic({
        "market_add": "more workers win the market squares",
        "market_move": "a square where you would hold the most workers pays 2",
        "collect": "the market pays now",
        "place": "it grows your road towards a resource node",
        "buy_house": "houses meet many season goals and break ties",
        "buy_generator": "a generator keeps paying",
        "buy_road_upgrade": "it makes your road network stronger",
        "end_turn": "keep your resources for the season's goal",
        "accept": "it helps you meet the season's goal",
        "decline": "you need those resources yourself",
    }),
    deeds={"place": "placed a road tile", "buy_house": "bought a house", "buy_generator": "bought a generator",
           "market_add": "added a worker"},
    mechanics=(
        Mechanic("a season check", "ROA-S31", "At the end of a season's third round, every colony is checked "
                 "against the season card's goal; a colony that fails it is eliminated at once. Your turn message "
                 "warns you when you are short.", lambda e: e.get("type") == "season_checked"),
    ),
    advice="read the next season card early and save for it, and trade with colonies that are short: a "
           "colony eliminated passes its hand to its left.",
)
