"""Small Islands' coach: its choices in a player's words, and the landing and the reward explained once."""

from __future__ import annotations

from games.coach.coaching import Coaching, Mechanic, by_heuristic

COACHING = Coaching(
    choices={
        "take": "which tile to take from the row",
        "place": "where the tile goes (every edge must match: land to land, sea to sea)",
        "port": "add a port", "choose": "which objective to play this round (the other waits)",
        "convert": "convert resources", "keep": "keep a discovery token",
        "land": "land your ship (ends the round)",
        "house": "put a house on an island that meets your objective",
        "no_bonus": "take no bonus", "done": "finish this step",
    },
    advise=by_heuristic({
        "take": "it fits the island your objective needs",
        "place": "it grows an island you can score",
        "choose": "its goal fits the islands on the map",
        "port": "ports around your ship score at the end",
        "land": "your islands meet the objective now",
        "house": "each house scores the objective's reward",
        "keep": "discovery tokens score at the end",
        "done": "nothing more is worth it now",
    }),
    deeds={"place": "placed a tile", "house": "placed a house", "port": "built a port", "land": "landed a ship"},
    mechanics=(
        Mechanic("a landing", "B5.3", "Once the Navigation stack is empty, a player may land a ship instead of "
                 "placing a tile; that ends the round.", lambda e: e.get("type") == "landed"),
        Mechanic("the reward", "B5.3", "At a round's end each player reveals their objective and puts houses on "
                 "islands that meet it, at most one per island, scoring its reward.",
                 lambda e: e.get("type") == "reward_done"),
    ),
    advice="build one big island towards your objective rather than many small ones, and land when yours "
           "qualify and the others' do not.",
)
