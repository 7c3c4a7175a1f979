"""Every path README.md names in the repository is there in a clone (issue 45, 8): a newcomer who follows it
finds the file. A path counts when it starts at one of the repository's own top folders, or names a Markdown
page; a `<placeholder>` stands for any name (`games/<id>/rules.md`). What the bot writes (`out/board.png`,
backups) and paths on the operator's machine (`/opt/frontier`) are not the repository's."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
TOKEN = re.compile(r"(?<![\w/.:@<>-])\.?[\w<>-][\w.<>@*-]*(?:/[\w.<>@*-]+)*/?")
"""A path-like word: not inside a URL or an absolute path (nothing path-like right before it)."""
LINK = re.compile(r"\]\(([^)\s#]+)")
"""A Markdown link's target."""


def top_folders() -> set[str]:
    """The repository's own top folders: those a clone has, not what .gitignore keeps out of it (outputs, caches)."""
    ignored = {line.strip().rstrip("/") for line in (REPO / ".gitignore").read_text().splitlines()}
    return {p.name for p in REPO.iterdir() if p.is_dir() and p.name != ".git" and p.name not in ignored}


def named_paths(text: str, folders: set[str]) -> set[str]:
    """The repository paths a text names: in its prose, its code and its links."""
    words = {m.group(0).rstrip("/.") for m in TOKEN.finditer(text)}
    ours = {w for w in words if ("/" in w and w.split("/")[0] in folders) or w.endswith(".md")}
    links = {t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)}
    return ours | links


def exists(path: str) -> bool:
    return any(REPO.glob(re.sub(r"<[^>]+>", "*", path)))


def test_every_path_the_readme_names_is_in_the_repository() -> None:
    named = named_paths(README.read_text(encoding="utf-8"), top_folders())
    assert {"docs/ARCHITECTURE.md", "games/<id>/rules.md", ".ci/run"} <= named, sorted(named)
    assert [path for path in sorted(named) if not exists(path)] == []


def test_the_check_sees_a_path_that_is_not_there() -> None:
    folders = {"docs", "games"}
    text = "See `DESIGN.md`, [the rules](rules/catan.md), `docs/NOWHERE.md` and `out/board.png` at <https://x.y/z.md>."
    named = named_paths(text, folders)
    assert named == {"DESIGN.md", "rules/catan.md", "docs/NOWHERE.md"}
    assert not any(exists(path) for path in named)
