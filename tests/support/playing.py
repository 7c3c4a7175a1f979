"""The clicks table of docs/PLAYING.md: each common action, what it took before issue 27 (as the issue
measured it), and what it takes now, counted by the tests that play it through the bot's components
(tests/support/tally.py).

A test that plays an action calls `measured`, which checks the count against the action's budgets (clicks, and
taps: a trade offer in at most 4, a bank trade in at most 3, issue 43) and against the table; with
FRONTIER_WRITE_PLAYING=1 it writes its row into the table instead. Regenerate with `FRONTIER_WRITE_PLAYING=1
python -m pytest -n 0 tests/cogs/test_clicking.py tests/cogs/test_trade_modal.py tests/cogs/test_one_tap_trades.py`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tests.support.tally import Count

DOC = Path(__file__).resolve().parents[2] / "docs" / "PLAYING.md"
BEGIN, END = "<!-- clicks table: written by the tests -->", "<!-- end of the clicks table -->"
HEAD = ("| Game | Action | Taps before (issue 27) | Clicks now | Taps now | Budget (clicks) | Budget (taps) |\n"
        "|---|---|---|---|---|---|---|")


@dataclass(frozen=True)
class Action:
    game: str
    action: str
    before: str
    """Taps before issue 27, as the issue counted them; "—" where it did not."""
    budget: int
    taps: int


ACTIONS = (
    Action("Catan", "Roll the dice (one tap on the board)", "—", 1, 1),
    Action("Catan", "End the turn (one tap on the board)", "—", 1, 1),
    Action("Catan", "Build a setup settlement (hex, then corner)", "5", 3, 3),
    Action("Catan", "Build a road (hex, then path)", "— (one list of up to 25)", 3, 3),
    Action("Catan", "Build a settlement (hex, then corner)", "— (one list of up to 25)", 3, 3),
    Action("Catan", "Build a city (hex, then corner)", "— (one list)", 3, 3),
    Action("Catan", "Discard 4 of 8 cards after a 7", "~10 (4 moves)", 2, 6),
    Action("Catan", "Bank trade 4:1 that completes a build (a suggested trade)", "9", 2, 3),
    Action("Catan", "Bank trade 4:1 by the form", "9", 3, 5),
    Action("Catan", "Harbour trade 2:1 by the form", "9", 3, 5),
    Action("Catan", "Trade offer, 1 for the card a build lacks (a suggested offer)", "9", 2, 4),
    Action("Catan", "Trade offer to a player by the form, 1 for 1", "9", 3, 9),
    Action("Catan", "Trade offer to a player by the form, 2 for 1", "12", 3, 9),
    Action("Catan", "Accept an offer (one tap on the board)", "—", 1, 1),
    Action("Colonies", "Trade offer for the Food a Population lacks (a suggested offer)", "—", 2, 4),
    Action("Colonies", "Trade offer by the form", "—", 3, 7),
    Action("Colonies", "Accept an offer (one tap on the board)", "—", 1, 1),
    Action("Roanoke", "Trade offer for the chit a house lacks (a suggested offer)", "—", 2, 4),
    Action("Roanoke", "Trade offer by the form (a gift)", "—", 3, 7),
    Action("Roanoke", "Accept an offer (one tap on the board)", "—", 1, 1),
    Action("Small Islands", "Place a tile (column, then square)", "—", 3, 3),
    Action("ROAM", "Place a key marker (card, then square)", "—", 3, 3),
)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def row(spec: Action, count: Count) -> str:
    return (f"| {spec.game} | {spec.action} | {spec.before} | {count.clicks} | {count.taps} | {spec.budget} "
            f"| {spec.taps} |")


def measured(game: str, action: str, count: Count) -> None:
    """An action played through the components: within its budget, and as the table says (or written there)."""
    spec = next(a for a in ACTIONS if (a.game, a.action) == (game, action))
    assert count.clicks <= spec.budget, f"{game}: {action} took {count.clicks} clicks (budget {spec.budget})"
    assert count.taps <= spec.taps, f"{game}: {action} took {count.taps} taps (budget {spec.taps})"
    text = DOC.read_text() if DOC.exists() else ""
    if os.environ.get("FRONTIER_WRITE_PLAYING") == "1":
        DOC.write_text(with_row(text, row(spec, count)))
    else:
        assert row(spec, count) in text.splitlines(), (
            f"docs/PLAYING.md does not say {row(spec, count)!r}; regenerate it (see tests/support/playing.py)")


def with_row(text: str, line: str) -> str:
    """The document with `line` in its table (replacing that action's row), rows in the order of ACTIONS."""
    if BEGIN not in text:
        text = text.rstrip("\n") + f"\n\n{BEGIN}\n{HEAD}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    table, tail = rest.split(END, 1)
    rows = {tuple(_cells(r)[:2]): r for r in [*table.strip().splitlines()[2:], line]}
    body = "\n".join(rows[key] for a in ACTIONS if (key := (a.game, a.action)) in rows)
    return f"{head}{BEGIN}\n{HEAD}\n{body}\n{END}{tail}"
