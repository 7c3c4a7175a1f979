"""Discord's message limits that its OpenAPI spec does not state, but its API enforces.

(2000 characters of content (none at all in a components-v2 message, which holds at most 40
components and 4000 characters of text), at most 5 action rows of at most 5 buttons or one select, a
custom_id on every non-link button, unique custom_ids, no empty message, at most 25
autocomplete choices.) A request past one of them is answered 400, as Discord does.
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_CHOICES = 25
COMPONENTS_V2 = 1 << 15
MAX_LAYOUT_COMPONENTS = 40
MAX_LAYOUT_TEXT = 4000
ACTION_ROW, BUTTON, LINK_STYLE, PREMIUM_STYLE, TEXT_DISPLAY = 1, 2, 5, 6, 10


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones (a row's, a container's, a section's accessory) after their parent."""
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += walk(list(c.get("components") or []) + ([c["accessory"]] if c.get("accessory") else []))
    return out


def _components_problems(components: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(components) > MAX_ROWS:
        problems.append(f"{len(components)} action rows (Discord allows {MAX_ROWS})")
    ids: list[str] = []
    for n, row in enumerate(components):
        items = row.get("components") or []
        buttons = [c for c in items if c.get("type") == BUTTON]
        if len(buttons) != len(items) and len(items) > 1:
            problems.append(f"row {n}: a select must be alone in its row")
        if len(items) > MAX_ROW_ITEMS:
            problems.append(f"row {n}: {len(items)} items (Discord allows {MAX_ROW_ITEMS})")
        for item in items:
            if item.get("type") == BUTTON and item.get("style") not in (LINK_STYLE, PREMIUM_STYLE):
                if not item.get("custom_id"):
                    problems.append(f"row {n}: button {item.get('label')!r} has no custom_id")
                if not item.get("label") and not item.get("emoji"):
                    problems.append(f"row {n}: a button needs a label or an emoji")
            if item.get("custom_id"):
                ids.append(item["custom_id"])
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        problems.append(f"custom_ids used twice in one message: {duplicates}")
    return problems


def _layout_problems(body: dict[str, Any]) -> list[str]:
    """A components-v2 message: no content or embeds, at most 40 components, custom ids unique, text within 4000
    characters, and action rows as in a classic message."""
    problems = [f"{key} cannot be used with the IS_COMPONENTS_V2 flag" for key in ("content", "embeds", "poll")
                if body.get(key)]
    every = walk(body.get("components") or [])
    if len(every) > MAX_LAYOUT_COMPONENTS:
        problems.append(f"{len(every)} components (Discord allows {MAX_LAYOUT_COMPONENTS})")
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
    if text > MAX_LAYOUT_TEXT:
        problems.append(f"text displays hold {text} characters (Discord allows {MAX_LAYOUT_TEXT})")
    rows = [c for c in every if c.get("type") == ACTION_ROW]
    return problems + [p for p in _components_problems(rows) if "action rows" not in p]


def message_problems(body: dict[str, Any], *, creating: bool, files: int, flags: int = 0) -> list[str]:
    """How a message body (create or edit) breaks Discord's limits; `flags` are an edited message's own."""
    problems = []
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content is {len(content)} characters (Discord allows {MAX_CONTENT})")
    sent = int(body.get("flags") or 0) if body.get("flags") is not None else None
    if flags & COMPONENTS_V2 and sent is not None and not sent & COMPONENTS_V2:
        problems.append("the IS_COMPONENTS_V2 flag cannot be removed from a message")
    if (flags | (sent or 0)) & COMPONENTS_V2:
        problems += _layout_problems(body)
    elif body.get("components"):
        problems += _components_problems(body["components"])
    has_something = content or body.get("embeds") or body.get("components") or body.get("sticker_ids") \
        or body.get("poll") or files
    if creating and not has_something:
        problems.append("Cannot send an empty message")
    return problems


def choices_problems(data: dict[str, Any]) -> list[str]:
    choices = data.get("choices") or []
    problems = [f"{len(choices)} autocomplete choices (Discord allows {MAX_CHOICES})"] \
        if len(choices) > MAX_CHOICES else []
    problems += [f"autocomplete choice name {c.get('name')!r} must be 1-100 characters"
                 for c in choices if not 1 <= len(str(c.get("name", ""))) <= 100]
    return problems
