"""Small Islands, tile laying for 2–4: the engine and its AI."""

from games.small_islands import ai as ai
from games.small_islands.game import SmallIslands as SmallIslands
