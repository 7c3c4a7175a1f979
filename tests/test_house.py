"""The house's shape (DESIGN §1, issue 24): imports run one way — cogs → bot → renderers → games — no module
imports another that imports it back, and no module of the bot or the cogs grows past what a reader takes in
at one sitting. Read from the source with `ast`, so an import inside a function counts as much as one at the
top of a module."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LAYERS = ("games", "renderers", "bot", "cogs")
"""Lowest first: a module may import its own layer and those below it, never one above."""
MAX_LINES = 400
LONG_BY_NATURE = {"bot/storage/postgres.py", "bot/storage/sqlite.py"}
"""The two storage backends: each is one SQL dialect's whole implementation of one interface."""

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Circles of imports tolerated for now, each with the reason; none today."""
KNOWN_LONG: set[str] = set()
"""Modules allowed over the limit for now, each with the reason; none today."""


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def our_modules() -> dict[str, Path]:
    """Every module of the four layers, by dotted name."""
    return {module_name(p): p for layer in LAYERS for p in sorted((REPO / layer).rglob("*.py"))}


def imported(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """Our modules that this one imports, anywhere in its body; `from a import b` names a.b when b is a
    module, else a; relative imports resolved against the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name inside a module
                target = target.rpartition(".")[0]
            if target:
                yield target


def import_graph() -> dict[str, set[str]]:
    modules = our_modules()
    return {name: set(imported(name, path, modules)) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan): each is a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def test_the_walk_sees_the_imports_it_must(tmp_path: Path) -> None:
    package = tmp_path / "p" / "q"
    package.mkdir(parents=True)
    (package / "m.py").write_text("from . import x\nfrom .x import thing\nfrom ..a import b, c\nimport p.a.b.name\n"
                                 "def late():\n    import p.a\n")
    modules = {name: tmp_path for name in ("p.q.m", "p.q.x", "p.a", "p.a.b")}
    assert sorted(imported("p.q.m", package / "m.py", modules)) == ["p.a", "p.a", "p.a.b", "p.a.b", "p.q.x", "p.q.x"]
    graph = import_graph()
    assert "games.core" in graph["games.catan.game"], "an absolute import"
    assert "bot.storage.base" in graph["bot.storage.sqlite"] or "bot.storage.rows" in graph["bot.storage.sqlite"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {frozenset("abc")}


def test_no_module_imports_another_that_imports_it_back() -> None:
    found = cycles(import_graph())
    assert found - KNOWN_CYCLES == set(), "circles of imports: " + "; ".join(
        " ↔ ".join(sorted(c)) for c in found - KNOWN_CYCLES)
    assert KNOWN_CYCLES - found == set(), "these circles are gone: take them out of KNOWN_CYCLES"


def test_no_import_runs_upward() -> None:
    """games imports nothing else of ours; renderers only games; bot never cogs."""
    upward = sorted(f"{module} imports {target}" for module, targets in import_graph().items()
                    for target in targets if layer(target) > layer(module))
    assert upward == [], "imports that run upward:\n" + "\n".join(upward)


def test_no_module_of_the_bot_or_the_cogs_is_over_400_lines() -> None:
    lengths = {str(p.relative_to(REPO)): len(p.read_text().splitlines())
               for folder in ("bot", "cogs") for p in sorted((REPO / folder).rglob("*.py"))}
    long = {path for path, lines in lengths.items() if lines > MAX_LINES} - LONG_BY_NATURE
    assert long - KNOWN_LONG == set(), {path: lengths[path] for path in long - KNOWN_LONG}
    assert KNOWN_LONG - long == set(), "these are no longer over 400 lines: take them out of KNOWN_LONG"


PURE = ("cogs.ids", "cogs.words", "cogs.layout")
"""The cogs' modules that hold no discord object (custom-id forms, sentences, layout), unit-tested alone."""


def third_party(path: Path) -> set[str]:
    """The top-level packages a file imports from (e.g. "discord")."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_the_cogs_layout_ids_and_words_reach_no_discord() -> None:
    modules, graph = our_modules(), import_graph()
    for name in (m for m in modules if m.startswith(PURE)):
        reached, todo = {name}, [name]
        while todo:
            for nxt in graph[todo.pop()] - reached:
                reached.add(nxt)
                todo.append(nxt)
        with_discord = sorted(m for m in reached if "discord" in third_party(modules[m]))
        assert with_discord == [], f"{name} reaches discord through {with_discord}"


def test_no_test_module_imports_another() -> None:
    """What several test modules share lives in tests/support/ (DESIGN §1): a test module (`test_*.py`) imported by
    another would run its tests' module code twice and tie the two together."""
    modules = {module_name(p): p for p in sorted((REPO / "tests").rglob("*.py"))}
    found = sorted({f"{name} imports {target}" for name, path in modules.items()
                    for target in imported(name, path, modules) if target.rpartition(".")[2].startswith("test_")})
    assert found == [], "test modules imported by others (move what they share into tests/support/):\n" + \
        "\n".join(found)
