"""Colonies, the deckbuilder for 2–6: the engine, its trades and its AI."""

from games.colonies import ai as ai
from games.colonies.game import Colonies as Colonies
