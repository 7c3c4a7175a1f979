"""The bench's review section (issue 44 item 6): how long a person waits for their review of a long finished game
(`/game review`, the recap's *Review my game*), computed as the bot computes it, in a worker of the pool
(`bot.thinking.Thinking.review`), for one seat of a whole game of the most seats, played by easy AI seats (the
heuristic with a beginner's slips: the decisions a person's review weighs). The first review of a run starts the
worker and is not counted."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from typing import Any

from bot.thinking import Thinking
from games.ai import choose_for
from games.core import Action, Game, get_game
from games.levels import player_for

Row = dict[str, Any]

LONGEST = 5000
"""The most actions a benched game is played for (every game of easy seats ends long before)."""


def easy_log(game_type: str, players: int, seed: int) -> list[tuple[int, Action]]:
    """A whole seeded game of easy AI seats, as its log."""
    game = get_game(game_type).new(players, seed=seed)
    rng, easy, log = random.Random(seed), player_for(game_type, "easy"), []
    while not game.over and len(log) < LONGEST:
        seat = min(game.to_move())
        action = choose_for(game, seat, easy, rng)
        game.apply(seat, action)
        log.append((seat, action))
    return log


def reviewable(game_type: str) -> bool:
    """Whether the game can be reviewed: its worlds can be sampled from a seat's view (`Game.determinize`)."""
    return get_game(game_type).determinize is not Game.determinize


async def _timed(thinking: Thinking, game_type: str, players: int, seed: int, log: list[tuple[int, Action]],
                 repeats: int) -> list[float]:
    await thinking.review(game_type, seed, {}, players, log, 0)  # starts the worker, warms its caches
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        await thinking.review(game_type, seed, {}, players, log, 0)
        seconds.append(time.perf_counter() - start)
    return seconds


def bench_reviews(ids: list[str], *, quick: bool) -> list[Row]:
    """Per game: seat 0's review of the longest of three whole games of the most seats, through one worker; a
    quick run weighs Catan alone, once."""
    chosen = [g for g in ids if reviewable(g) and (not quick or g == "catan")]
    rows: list[Row] = []
    if not chosen:
        return rows
    thinking = Thinking(workers=1)
    try:
        for game_type in chosen:
            players = get_game(game_type).max_players
            seed, log = max(((seed, easy_log(game_type, players, seed)) for seed in range(3)),
                            key=lambda pair: len(pair[1]))  # the longest of three games
            seconds = asyncio.run(_timed(thinking, game_type, players, seed, log, 1 if quick else 3))
            rows.append({"game": game_type, "players": players, "actions": len(log),
                         "decisions": sum(1 for seat, _ in log if seat == 0),
                         "review_s": {"median": statistics.median(seconds), "max": max(seconds)}})
    finally:
        thinking.close()
    return rows


def table(rows: list[Row] | None) -> list[str]:
    """The section's lines of the performance page."""
    if not rows:
        return []
    return ["", "A person's review of a finished game (`/game review`: seat 0's three costliest decisions, the whole "
                "game weighed by the hard AI's search from that seat's view), in a worker of the pool; a whole game "
                "of easy AI seats:", "",
            "| review | seats | actions | seat 0's moves | median s | slowest s |", "|---|---|---|---|---|---|",
            *(f"| {r['game']} | {r['players']} | {r['actions']:,} | {r['decisions']:,} | "
              f"{r['review_s']['median']:.2f} | {r['review_s']['max']:.2f} |" for r in rows)]
