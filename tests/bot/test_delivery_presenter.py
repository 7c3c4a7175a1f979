"""Delivery draws no buttons itself: the Discord layer hands over its presenter, once, and without one delivery
refuses to send a board rather than send it with no buttons (issue 24)."""

from __future__ import annotations

import discord
import pytest

from bot.delivery import Delivery
from bot.outcome import GameInfo, Panel
from bot.service import GameService


class Plain:
    """A presenter with no buttons at all."""

    def board_controls(self, game: GameInfo) -> discord.ui.View | None:
        return None

    def move_panel(self, panel: Panel) -> discord.ui.View | None:
        return None

    def recap_controls(self, game_id: int) -> discord.ui.View | None:
        return None


async def test_delivery_has_no_presenter_until_one_is_handed_over_and_takes_only_one(service: GameService) -> None:
    delivery = Delivery(discord.Client(intents=discord.Intents.none()), service)
    with pytest.raises(RuntimeError, match="no presenter"):
        _ = delivery.presenter
    plain = Plain()
    delivery.present_with(plain)
    assert delivery.presenter is plain
    with pytest.raises(RuntimeError, match="already has a presenter"):
        delivery.present_with(Plain())
