"""The builder's draft of a free-form move (a trade offer), for every game that describes the move's fields
in `Game.action_shapes` (see games/core.py `pick_field`, `bundle_field`).

The draft lives only in the custom ids of the builder's components, as indices into the shape's choices;
this module writes and reads that text, says what the draft holds, and makes the move of it.
"""

from __future__ import annotations

from typing import Any

from bot.errors import Refused
from cogs.layout.moves import MAX_OPTIONS, TEXT_LIMIT, Option, clip
from games.core import Action

MODAL_INPUTS = 5
"""Discord's limit of text inputs in a modal: so at most five kinds per side of a trade."""
NO_PICK = "-"
"""The value of an optional pick's "None"."""

Draft = list[Any]
"""Per field of the shape: a pick's choice index (or None), a bundle's {choice index: count}."""


def encode(draft: Draft) -> str:
    """`1.0x2,3x1.` : fields joined by dots; a pick is its index, a bundle its index x count pairs."""
    return ".".join(("" if part is None else str(part)) if not isinstance(part, dict)
                    else ",".join(f"{i}x{n}" for i, n in sorted(part.items())) for part in draft)


def decode(shape: dict[str, Any], text: str) -> Draft:
    """The draft `encode` wrote; what does not fit the shape (an index past its choices) is left out."""
    parts = text.split(".")
    draft: Draft = []
    for n, field in enumerate(shape["fields"]):
        part = parts[n] if n < len(parts) else ""
        if field["kind"] == "pick":
            draft.append(int(part) if part.isdigit() and int(part) < len(field["choices"]) else None)
        else:
            pairs = (p.split("x") for p in part.split(",") if p.count("x") == 1)
            draft.append({int(i): int(c) for i, c in pairs
                          if i.isdigit() and c.isdigit() and int(i) < len(field["choices"]) and int(c) > 0})
    return draft


def fresh(shape: dict[str, Any]) -> Draft:
    """A new draft: a pick with one choice only is made already."""
    return [(0 if len(f["choices"]) == 1 else None) if f["kind"] == "pick" else {} for f in shape["fields"]]


def rates_of(shape: dict[str, Any], draft: Draft) -> dict[str, dict[Any, int]]:
    """The fixed rates the picks made so far trade at (see games/core.py `pick_field`), by bundle field."""
    rates: dict[str, dict[Any, int]] = {}
    for field, part in zip(shape["fields"], draft, strict=True):
        if field["kind"] == "pick" and part is not None:
            for name, per in field["choices"][part].get("rates", {}).items():
                rates.setdefault(name, {}).update(per)
    return rates


def rate_text(rates: dict[str, dict[Any, int]], field: dict[str, Any], value: Any) -> str:
    """" (4:1)" where a kind trades at a fixed rate, else nothing."""
    rate = rates.get(field["name"], {}).get(value)
    return "" if rate is None else f" ({rate}:1)"


def summary(shape: dict[str, Any], draft: Draft) -> list[str]:
    lines = [f"**{shape.get('title', 'Your move')}**"]
    rates = rates_of(shape, draft)
    for field, part in zip(shape["fields"], draft, strict=True):
        if field["kind"] == "pick":
            said = "—" if part is None else field["choices"][part]["label"]
            if part is None and field.get("optional"):
                said = "none"
        else:
            said = ", ".join(f"{n} {c['label']}{rate_text(rates, field, c['value'])}"
                             for i, n in sorted(part.items()) for c in [field["choices"][i]]) or "nothing"
        lines.append(f"{field['label']}: {said}")
    return lines


def action_of(shape: dict[str, Any], draft: Draft) -> Action:
    """The move the draft makes; a required pick still open is refused with what to choose."""
    action: Action = {"type": shape["type"], **shape.get("fixed", {})}
    for field, part in zip(shape["fields"], draft, strict=True):
        choices = field["choices"]
        if field["kind"] == "pick":
            if part is None:
                if not field.get("optional"):
                    raise Refused(f"Choose “{field['label']}” first.", "builder_incomplete")
                continue
            action[field["name"]] = choices[part]["value"]
        elif field["kind"] == "counts":
            action[field["name"]] = {choices[i]["value"]: n for i, n in sorted(part.items())}
        else:
            action[field["name"]] = sorted(choices[i]["value"] for i, n in part.items() for _ in range(n))
    same = shape.get("same_size")
    if same:
        sizes = [sum(draft[n].values()) for n, f in enumerate(shape["fields"]) if f["name"] in same]
        if len(set(sizes)) > 1:
            raise Refused("Both sides must hold as many cards: " + " and ".join(map(str, sizes)) + ".",
                          "builder_sizes")
    return action


def field_options(field: dict[str, Any], part: Any, rates: dict[str, dict[Any, int]]
                  ) -> tuple[list[tuple[Option, bool]], int, int] | None:
    """A field's select as ((label, description, value), chosen) options with its least and most choices;
    None where there is nothing to choose (a pick with one choice, a bundle with none)."""
    choices = field["choices"][:MAX_OPTIONS]
    if field["kind"] == "pick":
        if len(field["choices"]) == 1 and not field.get("optional"):
            return None
        options = [((clip(c["label"], TEXT_LIMIT), None, str(i)), part == i) for i, c in enumerate(choices)]
        if field.get("optional"):
            options = [*options[:MAX_OPTIONS - 1], (("None", None, NO_PICK), part is None)]
        return options, 1, 1
    if not choices:
        return None
    options = [((clip(c["label"], TEXT_LIMIT), clip(f"up to {c['max']}{rate_text(rates, field, c['value'])}",
                                                    TEXT_LIMIT), str(i)), i in part)
               for i, c in enumerate(choices)]
    return options, 0, min(len(options), MODAL_INPUTS)


def picked(shape: dict[str, Any], draft: Draft, n: int, values: list[str]) -> Draft:
    """The draft once field `n`'s select says `values`: a kind newly chosen counts one card, or one lot
    where it trades at a rate; an index past the field's choices is left out."""
    field = shape["fields"][n]
    chosen = [int(v) for v in values if v.isdigit() and int(v) < len(field["choices"])]
    draft = list(draft)
    if field["kind"] == "pick":
        draft[n] = chosen[0] if chosen else None
    else:
        was, per = draft[n], rates_of(shape, draft).get(field["name"], {})
        draft[n] = {i: was.get(i, min(per.get(c["value"], 1), c["max"]))
                    for i, c in ((i, field["choices"][i]) for i in chosen)}
    return draft


def counted(field: dict[str, Any], part: dict[int, int], typed: dict[str, str]) -> tuple[dict[int, int], list[str]]:
    """A bundle's counts once the modal's inputs (by choice index) are read: counts out of range are kept as
    they were and said."""
    part, wrong = dict(part), []
    for key, text in typed.items():
        i = int(key) if key.isdigit() else -1
        if i not in part:
            continue
        most = field["choices"][i]["max"]
        if text.strip().isdigit() and 1 <= int(text) <= most:
            part[i] = int(text)
        else:
            wrong.append(f"{field['choices'][i]['label']}: “{text}” is not 1–{most}")
    return part, wrong
