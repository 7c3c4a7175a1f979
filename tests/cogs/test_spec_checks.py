"""The fake checks each body with jsonschema-rs and asks jsonschema only about a body it refuses
(tests/support/fake_discord/openapi.py): the two must judge alike, or the quick one would let through what
Discord refuses.  They are compared on what the bot really sends while a Catan table opens and a player opens
the move panel, and on those bodies broken one field at a time."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

from tests.support.junk import twisted
from tests.support.world import World

FieldPath = tuple[str | int, ...]


def leaves(value: Any, at: FieldPath = ()) -> Iterator[FieldPath]:
    """The path of every field that holds no object or list."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*at, i))
    else:
        yield at


def broken(value: Any) -> list[Any]:
    """What a careless sender might put in a field instead: junk's values of the wrong JSON type (an integer out
    of any range among them), and for a text one too long or empty (the spec's length limits)."""
    return [*twisted(value), *(["x" * 6001, ""] if isinstance(value, str) else [])]


LEFT_OUT = object()
"""A change that removes the field (None is a value: JSON's null)."""


def variants(body: Any) -> Iterator[Any]:
    """The body with one field changed to a broken value, or left out, for every field in turn (the changes
    taken in turn too)."""
    for n, path in enumerate(leaves(body)):
        *parents, last = path
        changes = [*broken(_at(body, path)), LEFT_OUT]
        change = changes[n % len(changes)]
        mutant = copy.deepcopy(body)
        holder = _at(mutant, tuple(parents))
        if change is LEFT_OUT:
            del holder[last]
        else:
            holder[last] = change
        yield mutant


def shape(value: Any) -> Any:
    """What a body looks like to a schema, apart from its texts and numbers: its keys and types."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__


def _at(value: Any, path: FieldPath) -> Any:
    for step in path:
        value = value[step]
    return value


async def test_the_quick_schema_check_judges_every_body_as_the_full_one(world: World) -> None:
    alice = world.person("alice")
    await world.open_table(alice, "catan", ai=3)
    await world.panel(alice)
    checker = world.fake.checker
    seen: set[str] = set()
    compared = refused = 0
    for record in world.fake.requests:
        if record.template is None or not isinstance(record.body, dict):
            continue
        text = json.dumps([record.template, shape(record.body)], sort_keys=True)
        schema = checker.schema(record.template, record.method, "requestBody")
        if schema is None or text in seen:
            continue
        seen.add(text)
        for body in [record.body, *variants(record.body)]:
            full = not list(schema.full.iter_errors(body))
            assert schema.quick.is_valid(body) == full, (record.method, record.template, body)
            compared, refused = compared + 1, refused + (not full)
    assert compared > 200 and refused > 50, (compared, refused)
