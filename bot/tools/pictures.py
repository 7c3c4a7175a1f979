"""`python -m bot pictures docs/`: docs/PICTURES.md and its images, from seeded AI games.

For every game: the board as the channel shows it mid-game, the private picture of seat 1 then, a replay
frame with its caption, and the recap posted at the end with its words. Written by a command, so the page
shows what the code draws today; look at every picture after a change to a renderer.
"""

from __future__ import annotations

from pathlib import Path

import games
from bot import history
from games.core import get_game
from renderers import render_board, render_private

SEED = 7
PAGE = "PICTURES.md"
IMAGES = "pictures"
"""The folder beside the page that holds its images."""


def players_of(game_id: str) -> int:
    """A full table, but no more than four seats: the usual game."""
    return min(4, get_game(game_id).max_players)


def game_section(game_id: str, folder: Path) -> list[str]:
    """Draw one game's four pictures into `folder`; the page's lines about them."""
    cls = get_game(game_id)
    players = players_of(game_id)
    _, log = history.ai_log(game_id, players, SEED)
    story = history.frames(game_id, players, SEED, {}, log)
    middle = story[len(story) // 2]
    early = len(story) // 4
    game = cls.new(players, seed=SEED)
    for seat, action in log[:middle.step]:
        game.apply(seat, action)
    picture, lines = history.recap(game_id, story, {})
    drawn = {"board": render_board(game_id, middle.view), "private": render_private(game_id, game.view(0)),
             "replay": render_board(game_id, story[early].view), "recap": picture}
    for kind, png in drawn.items():
        if png is not None:
            (folder / f"{game_id}-{kind}.png").write_bytes(png)
    out = [f"## {cls.title}", "",
           f"{players} AI players, seed {SEED}: {len(log)} actions in {len(story) - 1} turns.", "",
           "**Board** (as the channel shows it halfway through the game):", "",
           f"![{cls.title} board]({IMAGES}/{game_id}-board.png)", ""]
    if drawn["private"] is not None:
        out += ["**Private picture** of seat 1 then (sent by DM and behind *My hand*):", "",
                f"![{cls.title} private picture]({IMAGES}/{game_id}-private.png)", ""]
    out += ["**Replay frame** (`/game replay`), with its caption:", "",
            *(f"> {line}" for line in history.caption(cls.title, 1, story, early, {}).split("\n")), "",
            f"![{cls.title} replay frame]({IMAGES}/{game_id}-replay.png)", "",
            "**Recap** (posted with the final ranking), with its message:", "",
            *(f"> {line}" for line in lines), "",
            f"![{cls.title} recap]({IMAGES}/{game_id}-recap.png)", ""]
    return out


def write(target: Path) -> str:
    """Write the page and its images under `target` (a folder, e.g. docs/)."""
    folder = target / IMAGES
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["# Pictures", "",
             "Written by `python -m bot pictures docs/` from seeded games of the AI players: what each game's "
             "pictures look like today. Every picture of a replay or a recap is drawn from public views only.", ""]
    for game_id in sorted(games.registry()):
        lines += game_section(game_id, folder)
    page = target / PAGE
    page.write_text("\n".join(lines), encoding="utf-8")
    size = sum(p.stat().st_size for p in folder.glob("*.png"))
    return f"Wrote {page} and {len(list(folder.glob('*.png')))} pictures ({size / 1024 / 1024:.1f} MB) in {folder}."
