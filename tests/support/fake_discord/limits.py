"""Discord's message limits that its OpenAPI spec does not state, but its API enforces.

(2000 characters of content, at most 5 action rows of at most 5 buttons or one select, a
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
BUTTON, LINK_STYLE, PREMIUM_STYLE = 2, 5, 6


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


def message_problems(body: dict[str, Any], *, creating: bool, files: int) -> list[str]:
    """How a message body (create or edit) breaks Discord's limits."""
    problems = []
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content is {len(content)} characters (Discord allows {MAX_CONTENT})")
    if body.get("components") and not int(body.get("flags") or 0) & COMPONENTS_V2:
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
