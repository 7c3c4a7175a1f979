"""Catan (base game): the engine, its board geometry, trades and Longest Road."""

from games.catan import ai as ai
from games.catan.game import Catan as Catan
