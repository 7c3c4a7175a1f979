"""The shape of cogs/: no module imports one that imports it back, the layout, id and word modules import
no discord, and no module is over 400 lines (issue 24)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("cogs", "bot", "games", "renderers")
PURE = ("cogs.ids", "cogs.words", "cogs.layout")
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules a file imports, anywhere in it (a function's import counts as much)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        found |= {name for name in names if name in known}
    return found


def top_levels(path: Path) -> set[str]:
    """The top-level packages a file imports from (e.g. "discord")."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def reach(start: str, graph: dict[str, set[str]]) -> set[str]:
    seen, todo = set(), list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph.get(name, set())
    return seen


def test_no_cog_module_imports_one_that_imports_it_back() -> None:
    known = modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    circles = sorted(name for name in graph if name.startswith("cogs") and name in reach(name, graph))
    assert circles == []


def test_layout_ids_and_words_import_no_discord() -> None:
    known = modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    for name in known:
        if name.startswith(PURE):
            with_discord = [m for m in {name, *reach(name, graph)} if "discord" in top_levels(known[m])]
            assert with_discord == [], f"{name} reaches discord through {with_discord}"


def test_no_cog_module_is_over_400_lines() -> None:
    long = {name: n for name, path in modules().items() if name.startswith("cogs")
            and (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}
