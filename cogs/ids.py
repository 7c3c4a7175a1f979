"""Every custom id the bot puts on a component: one form per kind of item, which both writes the id and
reads it back, and the bounds of each field.

Buttons already posted on Discord keep these formats, so a prefix or a field's order never changes.
An id carries its fields between colons; a form's template matches any text in a field, so that a forged
or damaged id reaches `parse` and is refused politely rather than ignored, and `parse` reads each field
within what it may hold (a game id within the storage's 64-bit integers, a seat within a table's seats).
No discord here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.errors import Refused
from games.levels import LEVELS

MAX_ID = 2**63 - 1
"""The largest integer storage holds: a game id or a version past it names nothing."""
BAD_ID = "This control is not one the bot drew (or no longer reads); use the newest board."
PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]*))?\}")
"""`{name}` a field of `FIELDS`, or `{name:a|b}` one of the literal words a|b (a regular expression)."""


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

    def write(self, value: Any) -> str:
        return self.none if value is None and self.none is not None else str(value)


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
    "value": Field(r"(?:@\d{0,4}|p\d{1,3}|!?[0-9a-f]{1,40})"),
    "state": Field(r"[0-9x,.]*"),
    "game": Field(r"[a-z_]{1,30}"),
    "section": Field(r"\d+", 0, 99),
    "level": Field("|".join(LEVELS)),
}
"""Every field a form names, by what it holds."""


@dataclass(frozen=True)
class Form:
    """One kind of custom id, e.g. `fr:a:{game_id}:{version}:{seat}:{key}`."""

    text: str

    @property
    def prefix(self) -> str:
        """What every id of this kind starts with, e.g. `fr:a:`."""
        return self.text[:self.text.index("{")]

    @property
    def template(self) -> str:
        """The regular expression discord.py matches clicks with: any text where a field stands."""
        out, at = [], 0
        for m in PLACEHOLDER.finditer(self.text):
            out += [re.escape(self.text[at:m.start()]), f"(?P<{m[1]}>{m[2] if m[2] else '[^:]*'})"]
            at = m.end()
        return "".join([*out, re.escape(self.text[at:])])

    def format(self, **values: Any) -> str:
        return PLACEHOLDER.sub(lambda m: FIELDS[m[1]].write(values[m[1]]) if m[1] in FIELDS else str(values[m[1]]),
                               self.text)


MOVE = Form("fr:a:{game_id}:{version}:{seat}:{key}")
CONFIRM_MOVE = Form("fr:k:{game_id}:{version}:{seat}:{key}")
MOVE_SELECT = Form("fr:s:{game_id}:{version}:{seat}:{group}:{page}:{area}")
GROUP_BUTTON = Form("fr:sb:{game_id}:{version}:{seat}:{group}:{page}:{area}:{value}")
"""One option of a group's step drawn as a button (see cogs/layout/moves.py `steps`): `value` is what the select
option would carry ("@n" a place, "@" back to the places, "p<page>", a move's digest, asked about first after "!")."""
CARD_SELECT = Form("fr:cs:{game_id}:{version}:{seat}:{group}")
"""The select of a choice of cards (see cogs/layout/moves.py `CardPick`): its values name the cards."""
OPEN_TRADE = Form("fr:t:{game_id}:{version}:{k}:o{state}")
"""Opens the trade modal with the picks `state` made (none on panels drawn before the modal: `fr:t:…:o`)."""
TRADE_MODAL = Form("fr:tq:{game_id}:{version}:{k}:{state}")
"""The trade modal (not a dynamic item: its submit is read by custom id)."""
ONE_TAP = Form("fr:ot:{game_id}:{version}:{seat}:{key}")
"""A move that needs no choice, on the public board for the seat to move."""
ANSWER = Form("fr:oa:{game_id}:{version}:{verb:accept|decline}")
"""Accept or Decline of the open trade offer, on the public board: for whoever the offer waits on (no seat in
the id, as a Catan offer to everyone waits on several)."""
YOUR_MOVE = Form("fr:m:{game_id}")
HAND = Form("fr:h:{game_id}")
CANCEL = Form("fr:x:{game_id}")
LOBBY = Form("fr:l:{game_id}:{verb:join|ai|leave|start}")
"""The lobby's buttons; `ai` is the *Add AI* button of lobbies posted before the level select (a normal AI)."""
REMOVE_SEAT = Form("fr:l:{game_id}:rm")
ADD_AI = Form("fr:l:{game_id}:add")
"""The host's select of the level of an AI to seat (its values name a level)."""
HAND_OVER = Form("fr:q:{game_id}:{verb:leave|resign|abandon}")
REPLAY_STEP = Form("fr:r:{game_id}:{frame}:{direction:prev|next}")
REPLAY_JUMP = Form("fr:rj:{game_id}")
RULES_STEP = Form("fr:ru:{game}:{section}:{page}:{direction:prev|next}")
"""◀ or ▶ of `/game rules`: the chapter (from 0) and page it leads to."""
RULES_JUMP = Form("fr:rs:{game}")
REVIEW = Form("fr:rv:{game_id}")
"""*Review my game* under a finished game's recap: the clicker's own review of it."""


def parse(groups: dict[str, str]) -> dict[str, Any]:
    """The fields of a matched id, read and bounded; `BadId` where one is not what the bot writes."""
    return {name: FIELDS[name].read(text) if name in FIELDS else text for name, text in groups.items()}
