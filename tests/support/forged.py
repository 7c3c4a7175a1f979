"""A message as a client that forged it would hold it: one component whose custom id the client wrote, shared by
the cog tests of forged ids, of ids no item reads and of hostile text."""

from __future__ import annotations

import dataclasses

from tests.support.components import BUTTON
from tests.support.fake_discord import StoredMessage

SELECT = 3


def forged(message: StoredMessage, kind: int, custom_id: str) -> StoredMessage:
    """The message as a client would hold it with one component (a BUTTON or a SELECT) whose id was forged."""
    component = ({"type": BUTTON, "style": 2, "label": "Forged", "custom_id": custom_id} if kind == BUTTON else
                 {"type": SELECT, "custom_id": custom_id, "options": [{"label": "One", "value": "0"}],
                  "min_values": 1, "max_values": 1})
    return dataclasses.replace(message, components=[{"type": 1, "components": [component]}])
