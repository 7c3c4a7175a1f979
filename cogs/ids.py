"""Every custom id the bot puts on a component: one prefix per kind of item, and the bounds of its fields.

Buttons already posted on Discord keep these formats, so a prefix or a field's order never changes.
An id carries its fields between colons; a template matches any text in a field, so that a forged or
damaged id reaches `parse` and is refused politely rather than ignored, and `parse` reads each field
within what it may hold (a game id within the storage's 64-bit integers, a seat within a table's seats).
No discord here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.errors import Refused

MOVE = "fr:a"
CONFIRM_MOVE = "fr:k"
MOVE_SELECT = "fr:s"
BUILDER = "fr:t"
BUILDER_COUNTS = "fr:tm"
"""The builder's modal (not a dynamic item: its submit is read by custom id)."""
YOUR_MOVE = "fr:m"
HAND = "fr:h"
CANCEL = "fr:x"
LOBBY = "fr:l"
HAND_OVER = "fr:q"
REPLAY_STEP = "fr:r"
REPLAY_JUMP = "fr:rj"

MAX_ID = 2**63 - 1
"""The largest integer storage holds: a game id or a version past it names nothing."""


BAD_ID = "This control is not one the bot drew (or no longer reads); use the newest board."


class BadId(Refused):
    """A custom id, or a value it offered, that is not what the bot writes there."""

    def __init__(self, text: str = "") -> None:
        super().__init__(BAD_ID, "bad_custom_id")
        self.text = text


@dataclass(frozen=True)
class Field:
    """How one named part of a custom id reads: its text, and for a number its bounds."""

    pattern: str
    low: int | None = None
    high: int | None = None
    none: str | None = None
    """The text that stands for no value (None), where the field may be empty."""

    def read(self, text: str) -> Any:
        if text == self.none:
            return None
        if not re.fullmatch(self.pattern, text):
            raise BadId(text)
        if self.low is None or self.high is None:
            return text
        if len(text) > len(str(self.high)) + 1 or not self.low <= int(text) <= self.high:
            raise BadId(text)
        return int(text)


FIELDS: dict[str, Field] = {
    "game_id": Field(r"\d+", 1, MAX_ID),
    "version": Field(r"\d+", 0, MAX_ID),
    "seat": Field(r"\d+", 0, 63),
    "key": Field(r"[0-9a-f]{1,40}"),
    "group": Field(r"[\w*]{1,40}"),
    "page": Field(r"\d+", 0, 999),
    "k": Field(r"\d+", 0, 99),
    "n": Field(r"\d+", 0, 99),
    "frame": Field(r"-?\d+", -1, 10**9),
    "area": Field(r"\d+", 0, 9999, none="-"),
    "state": Field(r"[0-9x,.]*"),
}
"""Every field name a template uses, by what it holds; a field not named here is a literal choice of its
template (e.g. a verb) and is read as it stands."""


def template(prefix: str, *parts: str) -> str:
    """The regular expression of an item's ids: `prefix:part:part…`, a part being a field of `FIELDS` (any
    text between colons, read by `parse`), or a literal regular expression written as `(?P<name>...)` or
    plain text."""
    return ":".join([re.escape(prefix), *(f"(?P<{p}>[^:]*)" if p in FIELDS else p for p in parts)])


def parse(groups: dict[str, str]) -> dict[str, Any]:
    """The fields of a matched id, read and bounded; `BadId` where one is not what the bot writes."""
    return {name: FIELDS[name].read(text) if name in FIELDS else text for name, text in groups.items()}
