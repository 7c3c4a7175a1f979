"""Every engine's moves reach their handlers through one visible table (issue 24, item 4): a reader finds
each `_check_*`/`_do_*` handler's caller by searching for its name, never through a name built at run time."""

from __future__ import annotations

import ast
import pathlib

import pytest

from games.catan import game as catan
from games.catan.moves import KEYS as CATAN_KEYS
from games.colonies import game as colonies
from games.roanoke import game as roanoke
from games.small_islands import game as small_islands
from games.small_islands.moves import STEP_OF

GAMES = pathlib.Path(__file__).resolve().parents[2] / "games"


def test_no_handler_is_looked_up_by_a_built_name() -> None:
    built = []
    for path in sorted(GAMES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.JoinedStr):
                built.append(f"{path.relative_to(GAMES)}:{node.lineno}")
    assert built == []


@pytest.mark.parametrize(("module", "kinds"), [
    (catan, set(CATAN_KEYS)), (roanoke, set(roanoke.KEYS)), (colonies, set(colonies.KEYS)),
    (small_islands, set(STEP_OF))])
def test_every_move_type_has_one_checker_and_one_doer(module, kinds: set[str]) -> None:
    table = module._HANDLERS
    assert set(table) == kinds
    for kind, (check, do) in table.items():
        assert (check.__name__, do.__name__) == (f"_check_{kind}", f"_do_{kind}")
