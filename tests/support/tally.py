"""Counting what a person did on Discord, read from the fake's record of their interactions (nothing is
counted by hand): *clicks*, the interactions the bot receives (a button pressed, a select's choice sent, a
modal submitted), and *taps*, every touch it took (a select is opened once and each option picked is a tap,
whether in a message or in a modal; a modal's field left as the bot filled it costs nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.support.fake_discord import FakeDiscord
from tests.support.fake_discord.interactions import MESSAGE_COMPONENT, MODAL, MODAL_SUBMIT
from tests.support.person import Person

BUTTON, TEXT_INPUT = 2, 4


@dataclass(frozen=True)
class Count:
    clicks: int
    taps: int


def _fields(components: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A modal's inputs and selects by custom id, however wrapped (rows or labels)."""
    found: dict[str, dict[str, Any]] = {}
    for c in components:
        if "custom_id" in c and c.get("type") != BUTTON:
            found[c["custom_id"]] = c
        found |= _fields(list(c.get("components") or []) + ([c["component"]] if "component" in c else []))
    return found


def _modal_taps(fake: FakeDiscord, data: dict[str, Any]) -> int:
    """Submit, plus each field changed from what the bot put in it: a select opened and each option picked, a
    text field tapped."""
    drawn = next((r.callback_data for r in fake.interactions.values()
                  if r.callback_type == MODAL and r.callback_data.get("custom_id") == data["custom_id"]), {})
    shown = _fields(drawn.get("components") or [])
    taps = 1
    for cid, sent in _fields(data.get("components") or []).items():
        before = shown.get(cid, {})
        if "values" in sent:
            defaults = sorted(o["value"] for o in before.get("options") or [] if o.get("default"))
            taps += 0 if sorted(sent["values"]) == defaults else 1 + len(sent["values"])
        elif sent.get("value", "") != before.get("value", ""):
            taps += 1
    return taps


class Tally:
    """What one person did from the moment it is made."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.start = set(person.fake.interactions)

    def count(self) -> Count:
        clicks = taps = 0
        for iid, record in self.person.fake.interactions.items():
            if iid in self.start or record.user.id != self.person.user.id:
                continue
            data = record.payload.get("data") or {}
            if record.type == MESSAGE_COMPONENT:
                clicks += 1
                taps += 1 if data.get("component_type") == BUTTON else 1 + len(data.get("values") or [])
            elif record.type == MODAL_SUBMIT:
                clicks += 1
                taps += _modal_taps(self.person.fake, data)
        return Count(clicks, taps)
