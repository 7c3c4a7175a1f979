"""`python -m bot pictures docs/`: docs/PICTURES.md and its images, from seeded AI games.

For every game: the board as the channel shows it mid-game (with the ids of the places open to the player to
move), also scaled to the widths Discord shows it (550 px on a desktop, 350 px on a phone), with the words sent
beside it and its alt text; the zoomed pick picture of one area, at full size and at 350 px; the private
picture of seat 1 then, a replay frame with its caption, and the recap posted at the end with its words; then
each game's quick card, full size and at 350 px.
Written by a command, so the page shows what the code draws today; look at every picture after a change to a
renderer.
"""

from __future__ import annotations

import io
from collections import defaultdict
from pathlib import Path

from PIL import Image

import games
from bot import history
from games.core import Action, Game, get_game
from renderers import render_area, render_board, render_private
from renderers.cast import Cast
from renderers.common import DESKTOP, PHONE
from renderers.quick import card
from renderers.text import alt_text, summary

SEED = 7
PAGE = "PICTURES.md"
IMAGES = "pictures"
"""The folder beside the page that holds its images."""


def players_of(game_id: str) -> int:
    """A full table, but no more than four seats: the usual game."""
    return min(4, get_game(game_id).max_players)


def shrunk(png: bytes, width: int) -> bytes:
    """The picture scaled to `width` px wide, as Discord shows it in the chat column."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()


def choices(game: Game) -> list[Action]:
    """The moves of the player to move: the places the board names."""
    seat = game.current_seat()
    return game.legal_actions(seat) if seat is not None else []


def areas(game: Game) -> dict[str, list[Action]]:
    """The moves of the player to move that are picked in two steps, by area."""
    seat = game.current_seat()
    out: dict[str, list[Action]] = defaultdict(list)
    for move in game.moves(seat) if seat is not None else []:
        for area in move.areas:
            out[area].append(move.action)
    return out


Pick = tuple[Game, str, list[Action]]


def pick(game_id: str, players: int, log: list[tuple[int, Action]], start: int) -> Pick | None:
    """The first state from `start` on where the player to move picks a place in two steps, and its busiest
    area: what the zoomed pick picture shows."""
    game = get_game(game_id).new(players, seed=SEED)
    for step, (seat, action) in enumerate(log):
        if step >= start and (by_area := areas(game)):
            area, actions = max(by_area.items(), key=lambda kv: (len(kv[1]), kv[0]))
            return game, area, actions
        game.apply(seat, action)
    return None


def game_section(game_id: str, folder: Path) -> list[str]:
    """Draw one game's pictures into `folder`; the page's lines about them."""
    cls = get_game(game_id)
    players = players_of(game_id)
    _, log = history.ai_log(game_id, players, SEED)
    story = history.frames(game_id, players, SEED, {}, log)
    middle = story[len(story) // 2]
    early = len(story) // 4
    game = cls.new(players, seed=SEED)
    for seat, action in log[:middle.step]:
        game.apply(seat, action)
    picture, lines = history.recap(game_id, story, Cast([]))
    board = render_board(game_id, game.view(None), choices(game))
    drawn = {"board": board, "board-550": shrunk(board, DESKTOP), "board-350": shrunk(board, PHONE),
             "private": render_private(game_id, game.view(0)), "replay": render_board(game_id, story[early].view),
             "recap": picture}
    picked = pick(game_id, players, log, middle.step)
    if picked is not None:
        state, area, actions = picked
        zoomed = render_area(game_id, state.view(None), area, actions)
        if zoomed is not None:
            drawn |= {"pick": zoomed, "pick-350": shrunk(zoomed, PHONE)}
    for kind, png in drawn.items():
        if png is not None:
            (folder / f"{game_id}-{kind}.png").write_bytes(png)
    view = game.view(None)
    out = [f"## {cls.title}", "",
           f"{players} AI players, seed {SEED}: {len(log)} actions in {len(story) - 1} turns.", "",
           "**Board** (as the channel shows it halfway through the game, the ids of the places open to the player "
           "to move on tags):", "",
           f"![{cls.title} board]({IMAGES}/{game_id}-board.png)", "",
           f"As Discord shows it on a desktop ({DESKTOP} px wide) and on a phone ({PHONE} px wide):", "",
           f"![{cls.title} board at {DESKTOP} px]({IMAGES}/{game_id}-board-550.png) "
           f"![{cls.title} board at {PHONE} px]({IMAGES}/{game_id}-board-350.png)", "",
           "Sent beside it as text:", "", *(f"> {line}" for line in summary(game_id, view)), "",
           f"Its alt text: *{alt_text(game_id, view)}*", ""]
    if "pick" in drawn and picked is not None:
        out += [f"**Zoomed pick picture** of {picked[1]} (the second step of a two-step pick, every place open "
                f"there named), and at {PHONE} px:", "",
                f"![{cls.title} zoomed pick picture]({IMAGES}/{game_id}-pick.png) "
                f"![{cls.title} zoomed pick picture at {PHONE} px]({IMAGES}/{game_id}-pick-350.png)", ""]
    if drawn["private"] is not None:
        out += ["**Private picture** of seat 1 then (sent by DM and behind *My hand*):", "",
                f"![{cls.title} private picture]({IMAGES}/{game_id}-private.png)", ""]
    out += ["**Replay frame** (`/game replay`), with its caption:", "",
            *(f"> {line}" for line in history.caption(cls.title, 1, story, early, Cast([])).split("\n")), "",
            f"![{cls.title} replay frame]({IMAGES}/{game_id}-replay.png)", "",
            "**Recap** (posted with the final ranking), with its message:", "",
            *(f"> {line}" for line in lines), "",
            f"![{cls.title} recap]({IMAGES}/{game_id}-recap.png)", ""]
    return out


QUICK_CARDS = "## Quick cards"


def quick_section(folder: Path) -> list[str]:
    """Draw the quick card (the first page of `/game rules`) of every game shipped in `games/` into `folder`; the
    page's lines about them."""
    out = [QUICK_CARDS, "", f"The first page of `/game rules`, as drawn and as a phone shows it ({PHONE} px):", ""]
    for game_id in sorted(g for g, cls in games.registry().items() if cls.__module__.startswith("games.")):
        png = card(game_id)
        (folder / f"{game_id}-quick.png").write_bytes(png)
        (folder / f"{game_id}-quick-350.png").write_bytes(shrunk(png, PHONE))
        title = get_game(game_id).title
        out += [f"![{title} quick card]({IMAGES}/{game_id}-quick.png) "
                f"![{title} quick card at {PHONE} px]({IMAGES}/{game_id}-quick-350.png)", ""]
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
    lines += quick_section(folder)
    page = target / PAGE
    page.write_text("\n".join(lines), encoding="utf-8")
    size = sum(p.stat().st_size for p in folder.glob("*.png"))
    return f"Wrote {page} and {len(list(folder.glob('*.png')))} pictures ({size / 1024 / 1024:.1f} MB) in {folder}."
