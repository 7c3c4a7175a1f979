"""The trade modal of a free-form move (a trade offer), for every game that describes the move's fields in
`Game.action_shapes` (see games/core.py `pick_field`, `bundle_field`): one select per field, then Submit.

A pick is a select of its choices. A bundle is a select of amounts, "1 ore", "2 ore", … (one amount per kind;
in whole lots where a pick made fixes the rate, "4 ore (4:1)"), as many as fit Discord's 25 options. A pick's
choice that trades at fixed rates (Catan's bank) gets a modal of its own with that choice made (its button is
the panel's *Trade with the bank / harbour…*), so the general offer leaves it out. The picks made already
(the draft) ride in the modal's custom id as indices into the shape's choices; this module writes and reads
that text, draws the selects, reads what was submitted and makes the move of it. No discord here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import Refused
from bot.limits import MODAL_FIELDS as MODAL_LABELS
from bot.limits import MODAL_TEXT as LABEL_LIMIT
from cogs.layout.moves import MAX_OPTIONS, TEXT_LIMIT, Option, clip
from games.core import Action

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


def fresh(shape: dict[str, Any], fixed: dict[int, int] | None = None) -> Draft:
    """A new draft: a pick with one choice only is made already, and the picks `fixed` (field: choice)."""
    draft: Draft = [(0 if len(f["choices"]) == 1 and not f.get("optional") else None) if f["kind"] == "pick" else {}
                    for f in shape["fields"]]
    for n, i in (fixed or {}).items():
        draft[n] = i
    return draft


def fixed_rate_choices(shape: dict[str, Any]) -> list[tuple[int, int]]:
    """(field, choice) of each pick's choice that trades at fixed rates: each gets a modal of its own."""
    return [(n, i) for n, f in enumerate(shape["fields"]) if f["kind"] == "pick"
            for i, c in enumerate(f["choices"]) if c.get("rates")]


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


def counted(n: int, choice: dict[str, Any]) -> str:
    """"2 Farmers", "1 Farmer", "3 Food": an amount of a choice, its label in the plural the game gave it."""
    return f"{n} {choice.get('plural', choice['label']) if n != 1 else choice['label']}"


def summary(shape: dict[str, Any], draft: Draft) -> list[str]:
    """What the draft says, field by field, after the move's title."""
    lines = [f"**{shape.get('title', 'Your move')}**"]
    rates = rates_of(shape, draft)
    for field, part in zip(shape["fields"], draft, strict=True):
        if field["kind"] == "pick":
            said = "—" if part is None else field["choices"][part]["label"]
            if part is None and field.get("optional"):
                said = "none"
        else:
            said = ", ".join(f"{counted(n, c)}{rate_text(rates, field, c['value'])}"
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
                    raise Refused(f"Choose “{field['label']}”: nothing was sent.", "builder_incomplete")
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
            raise Refused("Both sides must hold as many cards (" + " and ".join(map(str, sizes))
                          + "): nothing was sent.", "builder_sizes")
    return action


def amounts(most: list[int], room: int = MAX_OPTIONS) -> list[int]:
    """How many amounts of each kind a select of `room` options offers: one each first, then more in turn,
    up to the most of each kind."""
    shown = [0] * len(most)
    while room and any(s < m for s, m in zip(shown, most, strict=True)):
        for i, m in enumerate(most):
            if shown[i] < m and room:
                shown[i], room = shown[i] + 1, room - 1
    return shown


@dataclass(frozen=True)
class ModalField:
    """One select of the modal: field `n` of the shape."""

    n: int
    label: str
    options: list[Option]
    low: int
    high: int


def modal_fields(shape: dict[str, Any], draft: Draft) -> list[ModalField]:
    """The selects of the fields still to choose (a pick made already is not asked again; a bundle with
    nothing to offer neither), within Discord's limits."""
    rates = rates_of(shape, draft)
    out: list[ModalField] = []
    for n, (field, part) in enumerate(zip(shape["fields"], draft, strict=True)):
        label = clip(field["label"], LABEL_LIMIT)
        if field["kind"] == "pick":
            if part is not None:
                continue
            choices = [(clip(c["label"], TEXT_LIMIT), None, str(i)) for i, c in enumerate(field["choices"])
                       if not c.get("rates")][:MAX_OPTIONS - 1]
            optional = bool(field.get("optional"))
            if optional:
                choices.append(("None", None, NO_PICK))
            if choices:
                out.append(ModalField(n, label, choices, 0 if optional else 1, 1))
            continue
        per = rates.get(field["name"], {})
        kinds = [(i, c, per.get(c["value"], 1)) for i, c in enumerate(field["choices"])]
        kinds = [(i, c, lot) for i, c, lot in kinds if c["max"] >= lot][:MAX_OPTIONS]
        shown = amounts([c["max"] // lot for _, c, lot in kinds])
        options = [(clip(f"{counted(k * lot, c)}{rate_text(rates, field, c['value'])}", TEXT_LIMIT), None,
                    f"{i}x{k * lot}") for (i, c, lot), most in zip(kinds, shown, strict=True)
                   for k in range(1, most + 1)]
        if options:
            out.append(ModalField(n, label, options, 0, min(len(kinds), MAX_OPTIONS)))
    return out[:MODAL_LABELS]


def submitted(shape: dict[str, Any], draft: Draft, values: dict[str, list[str]]) -> Draft | None:
    """The draft once the modal's selects (by field index) are read; None where a value is not one the modal
    offered (a forged submission). Two amounts of one kind are refused, saying which."""
    draft = list(draft)
    for field in modal_fields(shape, draft):
        picked = values.get(str(field.n), [])
        offered = {value for _, _, value in field.options}
        if not field.low <= len(picked) <= field.high or not set(picked) <= offered:
            return None
        spec = shape["fields"][field.n]
        if spec["kind"] == "pick":
            draft[field.n] = int(picked[0]) if picked and picked[0] != NO_PICK else None
            continue
        part: dict[int, int] = {}
        for value in picked:
            i, count = (int(x) for x in value.split("x"))
            if i in part:
                raise Refused(f"{spec['label']}: pick one amount of {spec['choices'][i]['label']} "
                              f"({part[i]} and {count} were picked); nothing was sent.", "builder_twice")
            part[i] = count
        draft[field.n] = part
    return draft


def submitted_values(components: list[dict[str, Any]]) -> dict[str, list[str]]:
    """A submitted modal's select values by custom id, however they were wrapped (rows or labels)."""
    found: dict[str, list[str]] = {}
    for c in components:
        if "values" in c and "custom_id" in c:
            found[str(c["custom_id"])] = [str(v) for v in c["values"]]
        found |= submitted_values(c.get("components", []) + ([c["component"]] if "component" in c else []))
    return found
