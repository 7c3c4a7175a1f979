"""Roanoke, roads and seasons for exactly four: the engine and its AI."""

from games.roanoke import ai as ai
from games.roanoke.game import Roanoke as Roanoke
