"""Discord's limits on what a message may hold, in one home (`bot.bounded` holds every send to them).

The limits are Discord's (its API documentation and OpenAPI spec); the fake Discord in tests enforces them.
Plain numbers and `clip`, importing no discord, so the layout code of `cogs/layout` may use them too.
"""

from __future__ import annotations

CONTENT = 2000
"""A message's content."""
LAYOUT_TEXT = 4000
"""All the text displays of one components-v2 message (a layout) together."""
CUSTOM_ID = 100
LABEL = 80
"""A button's label."""
OPTIONS = 25
"""A select's options; an autocomplete's choices."""
OPTION_TEXT = 100
"""A select option's label, description and value; an autocomplete choice's name and value."""
PLACEHOLDER = 150
ROWS = ROW_ITEMS = 5
"""A message's action rows, and the buttons in one (a select fills its row); discord.py refuses a view past them
as it builds it."""
MODAL_TEXT = 45
"""A modal's title and the label of each of its fields."""
MODAL_FIELDS = 5
"""The labelled fields of one modal."""
DESCRIPTION = 1024
"""An attachment's description and a media gallery item's: a picture's alt text."""
EMBEDS, EMBED_TOTAL, EMBED_FIELDS = 10, 6000, 25
EMBED_TITLE, EMBED_DESCRIPTION, FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 4096, 256, 1024, 2048, 256
"""An embed's parts."""


def clip(text: str, limit: int = LABEL) -> str:
    """`text`, cut to `limit` characters with an ellipsis where it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
