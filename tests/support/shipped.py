"""The games the bot ships: those registered from `games/` (the tests' own test game is left out)."""

from __future__ import annotations

from games.core import registry

SHIPPED = sorted(gid for gid, cls in registry().items() if cls.__module__.startswith("games."))
"""The games the bot ships (the tests' own test game is left out)."""
