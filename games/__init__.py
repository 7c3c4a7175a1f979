"""Pure rules engines.  Importing this package registers every game in it.

Each game is a subpackage `games/<id>/` whose `__init__` registers its `Game` subclass
with `games.core.register`; discovery means adding a game touches no other game.
"""

from __future__ import annotations

import importlib
import pkgutil

from games.core import Game, get_game, registry

__all__ = ["Game", "get_game", "registry"]

for _info in pkgutil.iter_modules(__path__):
    if _info.ispkg:
        importlib.import_module(f"{__name__}.{_info.name}")
