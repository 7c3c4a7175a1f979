"""Checks one REST request (route, query, body) against Discord's official OpenAPI spec.

The fake answers only routes the spec knows; every request body is validated with
the JSON Schema the spec gives for it (multipart bodies: their `payload_json` part).
Each check asks jsonschema-rs first, and jsonschema only about a body it refuses, for the error that
says what is wrong: jsonschema alone spent two thirds of the CPU of a cog test that plays a whole game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema_rs
from jsonschema.exceptions import ValidationError, best_match
from openapi_schema_validator import OAS31Validator, oas31_format_checker
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_URI = "urn:discord-openapi"
_TESTS = Path(__file__).resolve().parents[2]
SPEC_CANDIDATES = (_TESTS / "openapi" / "openapi.json",
                   _TESTS.parent.parent / "shared" / "discord-api" / "openapi.json")


def spec_path() -> Path:
    """The spec copy in tests/ (the shared original only until that copy exists)."""
    for path in SPEC_CANDIDATES:
        if path.exists():
            return path
    raise FileNotFoundError(f"Discord's OpenAPI spec is not at {SPEC_CANDIDATES[0]}")


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


DISCRIMINATORS = frozenset({"enum", "const", "type", "required"})


def _telling_error(errors: list[ValidationError]) -> ValidationError:
    """The error that says what is wrong: inside an anyOf of component kinds, a limit broken in the
    right branch (a label too long) rather than "2 is not one of [10]" from a wrong branch."""
    def leaves(error: ValidationError) -> Iterator[ValidationError]:
        if not error.context:
            yield error
        for sub in error.context or ():
            yield from leaves(sub)

    telling = [leaf for error in errors for leaf in leaves(error) if leaf.validator not in DISCRIMINATORS]
    return telling[0] if telling else best_match(errors) or errors[0]


class _Format:
    """The `format` keyword for jsonschema-rs, judged by the OAS 3.1 checker that jsonschema uses, so that the two
    agree (jsonschema-rs alone would check formats of strings only, not an int32's range)."""

    def __init__(self, _parent: dict[str, Any], value: str, _path: list[str | int]) -> None:
        self.format = value

    def validate(self, instance: Any) -> None:
        if not oas31_format_checker.conforms(instance, self.format):
            raise ValueError(f"{instance!r} is not a {self.format!r}")


@dataclass(frozen=True)
class Schema:
    """One schema of the spec, as two validators: a quick one, and the one whose errors say what is wrong."""

    quick: jsonschema_rs.Validator
    full: OAS31Validator

    def problems(self, value: Any) -> list[ValidationError]:
        return [] if self.quick.is_valid(value) else list(self.full.iter_errors(value))


@dataclass(frozen=True)
class RouteMatch:
    template: str
    """The spec's path, e.g. "/channels/{channel_id}/messages"."""
    params: dict[str, str]


class OpenApiChecker:
    """Route matching and request-body validation from the spec."""

    def __init__(self, path: Path | None = None) -> None:
        self.spec: dict[str, Any] = json.loads((path or spec_path()).read_text())
        # Discord returns snowflakes as strings but accepts integers in requests, and discord.py
        # sends some as integers (attachment ids of uploads): accept both, as Discord does.
        self.spec["components"]["schemas"]["SnowflakeType"] |= {"type": ["string", "integer"], "minimum": 0}
        self._registry = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(self.spec))
        self._quick_registry = jsonschema_rs.Registry([(SPEC_URI, self.spec)])
        routes = []
        for template in self.spec["paths"]:
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
            literal = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
            routes.append((literal, template, re.compile(pattern + "$")))
        # A literal segment beats a parameter: /users/@me before /users/{user_id}.
        self._routes = [(t, rx) for _, t, rx in sorted(routes, key=lambda r: -r[0])]
        self._validators: dict[tuple[str, ...], Schema | None] = {}

    def match(self, path: str) -> RouteMatch | None:
        for template, rx in self._routes:
            m = rx.match(path)
            if m:
                return RouteMatch(template, m.groupdict())
        return None

    def operation(self, template: str, method: str) -> dict[str, Any] | None:
        return self.spec["paths"][template].get(method.lower())

    def query_names(self, template: str, method: str) -> set[str]:
        item = self.spec["paths"][template]
        params = item.get("parameters", []) + (item.get(method.lower()) or {}).get("parameters", [])
        return {p["name"] for p in params if p.get("in") == "query"}

    def schema(self, template: str, method: str, *where: str) -> Schema | None:
        """The validators of a JSON schema inside one operation (request body or a response), built once."""
        key = (template, method, *where)
        if key not in self._validators:
            node: Any = self.operation(template, method) or {}
            at = ["paths", template, method.lower()]
            for part in (*where, "content", "application/json", "schema"):
                node, at = node.get(part) if isinstance(node, dict) else None, [*at, part]
                if isinstance(node, dict) and str(node.get("$ref", "")).startswith("#/components/responses/"):
                    at = node["$ref"][2:].split("/")
                    node = self.spec["components"]["responses"][at[-1]]
            validator = None
            if node is not None:
                pointer = "/" + _pointer(*at)
                quick = {"$ref": SPEC_URI + "#" + quote(pointer, safe="/~")}  # jsonschema-rs wants a URI: {} encoded
                validator = Schema(
                    jsonschema_rs.Draft202012Validator(quick, registry=self._quick_registry,
                                                       keywords={"format": _Format}),
                    OAS31Validator({"$ref": SPEC_URI + "#" + pointer}, registry=self._registry,
                                   format_checker=oas31_format_checker))
            self._validators[key] = validator
        return self._validators[key]

    def _problem(self, validator: Schema | None, value: Any, where: str) -> str | None:
        errors = validator.problems(value) if validator is not None else []
        if not errors:
            return None
        error = _telling_error(errors)
        at = "/".join(str(p) for p in error.absolute_path) or "(body)"
        shown = repr(error.instance)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        return f"{where}: body at {at}: {error.validator} {error.validator_value!r} not met by {shown}"

    def check_response(self, template: str, method: str, status: int | str, body: Any) -> str | None:
        """How an answer breaks the spec's response schema (status "4XX" for the spec's error range)."""
        validator = self.schema(template, method, "responses", str(status))
        return self._problem(validator, body, f"answer to {method} {template} ({status})")

    def check(self, method: str, path: str, query: dict[str, str], body: Any, *,
              has_body: bool) -> tuple[RouteMatch | None, list[str]]:
        """The matched route and every way the request breaks the spec (empty when valid)."""
        route = self.match(path)
        where = f"{method} {path}"
        if route is None:
            return None, [f"{where}: no such route in Discord's API"]
        op = self.operation(route.template, method)
        if op is None:
            return route, [f"{where}: {route.template} has no {method} operation"]
        problems = [f"{where}: unknown query parameter {name!r}"
                    for name in sorted(set(query) - self.query_names(route.template, method))]
        request_body = op.get("requestBody")
        if not has_body:
            if request_body and request_body.get("required"):
                problems.append(f"{where}: a request body is required")
            return route, problems
        if request_body is None:
            return route, [*problems, f"{where}: this route takes no request body"]
        problem = self._problem(self.schema(route.template, method, "requestBody"), body, where)
        return route, [*problems, problem] if problem else problems
