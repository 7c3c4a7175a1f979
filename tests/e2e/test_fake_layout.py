"""The fake Discord holds components-v2 (layout) messages as Discord does: no content beside them, the flag
kept once set, buttons found inside containers, and each uploaded file's alt text kept."""

from __future__ import annotations

from tests.support.fake_discord.limits import COMPONENTS_V2, message_problems
from tests.support.fake_discord.model import Attachment, StoredMessage, User

BUTTON = {"type": 2, "style": 1, "label": "Roll", "custom_id": "fr:m:1"}
LAYOUT = [{"type": 17, "components": [
    {"type": 12, "items": [{"media": {"url": "attachment://b.png"}, "description": "the board"}]},
    {"type": 10, "content": "Seat 1 rolled 8"},
    {"type": 1, "components": [BUTTON]}]}]


def test_a_layout_message_takes_no_content() -> None:
    body = {"flags": COMPONENTS_V2, "content": "hello", "components": LAYOUT}
    assert message_problems(body, creating=True, files=1) == ["content cannot be used with the IS_COMPONENTS_V2 flag"]
    assert message_problems({"flags": COMPONENTS_V2, "components": LAYOUT}, creating=True, files=1) == []


def test_an_edit_keeps_a_layout_message_a_layout_message() -> None:
    assert message_problems({"content": "x"}, creating=False, files=0, flags=COMPONENTS_V2) \
        == ["content cannot be used with the IS_COMPONENTS_V2 flag"]
    assert message_problems({"flags": 0, "components": []}, creating=False, files=0, flags=COMPONENTS_V2) \
        == ["the IS_COMPONENTS_V2 flag cannot be removed from a message"]


def test_a_layout_message_repeats_no_custom_id() -> None:
    twice = [{"type": 17, "components": [{"type": 1, "components": [BUTTON, BUTTON]}]}]
    assert any("used twice" in p for p in message_problems(
        {"flags": COMPONENTS_V2, "components": twice}, creating=True, files=0))


def test_a_layout_message_reads_as_its_text_displays_and_its_buttons_are_found() -> None:
    message = StoredMessage(1, 2, User(3, "bot"), components=LAYOUT, flags=COMPONENTS_V2,
                            attachments=[Attachment(4, "b.png", b"", description="the board")])
    assert message.text() == "Seat 1 rolled 8"
    assert [b["label"] for b in message.buttons()] == ["Roll"]
    assert message.payload("http://x")["attachments"][0]["description"] == "the board"
