"""Discord's limits on what a message's or a modal's components may hold, checked on everything the bot
sent: a select holds at most 25 options, every label, description, value and custom id at most 100
characters (a button's label 80, a text input's label 45), so that no choice is cut or refused."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SELECT_TYPES = (3, 5, 6, 7, 8)
BUTTON, TEXT_INPUT = 2, 4


def component_problems(components: Iterable[dict[str, Any]], where: str = "") -> list[str]:
    problems: list[str] = []
    for c in components:
        kind = c.get("type")
        name = f"{where}{c.get('custom_id', kind)}"
        if len(str(c.get("custom_id", ""))) > 100:
            problems.append(f"{name}: custom_id longer than 100 characters")
        if kind == BUTTON and len(str(c.get("label", ""))) > 80:
            problems.append(f"{name}: button label longer than 80 characters")
        if kind == TEXT_INPUT and len(str(c.get("label", ""))) > 45:
            problems.append(f"{name}: text input label longer than 45 characters")
        if kind in SELECT_TYPES:
            options = c.get("options") or []
            if len(options) > 25:
                problems.append(f"{name}: {len(options)} options (Discord allows 25)")
            for o in options:
                for key in ("label", "value", "description"):
                    if len(str(o.get(key) or "")) > 100:
                        problems.append(f"{name}: option {key} longer than 100 characters: {o.get(key)!r}")
            if len(str(c.get("placeholder") or "")) > 150:
                problems.append(f"{name}: placeholder longer than 150 characters")
        inner = list(c.get("components") or []) + ([c["component"]] if isinstance(c.get("component"), dict) else [])
        problems += component_problems(inner, where)
    return problems


def sent_problems(bodies: Iterable[Any]) -> list[str]:
    """The problems of every request body: messages, edits, and interaction callbacks (modals too)."""
    problems: list[str] = []
    for body in bodies:
        if not isinstance(body, dict):
            continue
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        for holder in (body, data):
            problems += component_problems(holder.get("components") or [])
        if len(str(data.get("title", ""))) > 45:
            problems.append(f"modal title longer than 45 characters: {data['title']!r}")
    return problems


def assert_views_fit(bodies: Iterable[Any]) -> None:
    """Every view the bot sent keeps within Discord's limits."""
    problems = sent_problems(bodies)
    assert problems == [], f"views past Discord's limits: {problems[:5]}"
