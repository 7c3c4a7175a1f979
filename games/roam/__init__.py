"""ROAM: pattern placement on a card map (rules ../shared/rules/roam.md)."""

from games.roam import ai
from games.roam.game import RoamGame

__all__ = ["RoamGame", "ai"]
