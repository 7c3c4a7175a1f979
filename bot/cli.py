"""Command line: run the bot, play locally, AI self-play, benchmark, housekeeping, moving to PostgreSQL (DESIGN §8)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import games
from games.core import RuleError
from games.levels import HARD_PLAYOUTS, LEVELS

NO_TOKEN = """\
Frontier needs a Discord bot token to connect to Discord.

  1. Copy .env.example to .env
  2. Set DISCORD_TOKEN=<your bot token> in it (Discord Developer Portal -> your application -> Bot -> Token)
  3. Run `python -m bot` again.

No token at hand? Try a game locally, against AI players, with no network:

  python -m bot play <game>      (games: {games}; --level easy, normal or hard)
"""

BAD_TOKEN = """\
Discord refused the bot token (401 Unauthorized).
Check DISCORD_TOKEN in .env: copy it again from the Developer Portal (your application -> Bot -> Reset Token)."""

NO_NETWORK = """\
Could not reach Discord: {error}.
Check the network connection (or a proxy or firewall in the way), then run `python -m bot` again."""

NO_DATABASE = ("Could not open the database of {setting}={where}: {error}. "
               "Check that it runs and that {setting} is right.")


def _options(pairs: list[str]) -> dict[str, Any]:
    """`key=value` pairs; values that read as JSON (numbers, true) are taken as such."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _parser() -> argparse.ArgumentParser:
    names = sorted(games.registry())
    p = argparse.ArgumentParser(prog="python -m bot", description="Frontier, a Discord host for board games.")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default)")
    sub.add_parser("sync", help="register the slash commands with Discord, then exit (once per deploy)")

    play = sub.add_parser("play", help="play a game in the terminal against AI seats")
    play.add_argument("game", choices=names)
    play.add_argument("--players", type=int, help="number of seats (default: the game's minimum)")
    play.add_argument("--seat", type=int, default=1, help="your seat, from 1 (default 1)")
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--out", type=Path, default=Path("out"), help="folder for the board pictures")
    play.add_argument("--level", choices=LEVELS, default="normal",
                      help="the AI seats' level (hard searches as on Discord)")

    selfplay = sub.add_parser("selfplay", help="AI against AI, checking the engine contract")
    selfplay.add_argument("game", choices=names)
    selfplay.add_argument("--games", type=int, default=100)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--players", type=int, help="default: the game's maximum")
    selfplay.add_argument("--lineup", default="heuristic-vs-random",
                          help="seat 1 heuristic against random seats (default), heuristic (all), random (all), "
                               "or a tournament of levels, one per seat: hard,normal,normal,normal")
    selfplay.add_argument("--hard-iterations", type=int, default=HARD_PLAYOUTS,
                          help="the hard level's iterations per move (default: the level's own)")
    selfplay.add_argument("--hard-seconds", type=float, help="and at most this long per move")
    selfplay.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    selfplay.add_argument("--json", action="store_true")

    train = sub.add_parser("train", help="fit a game's learned win chances from self-play (needs the [train] extra)")
    train.add_argument("game", choices=names)
    train.add_argument("--games", type=int, default=1000)
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--positions", type=int, default=12, help="positions sampled from each game (default 12)")
    train.add_argument("--for", dest="purpose", choices=("public", "search"), default="public",
                       help="the players' model, from the public view (default), or the search's (hidden cards too)")
    train.add_argument("--out", type=Path, help="the weights file to write (default: the game's shipped one)")
    train.add_argument("--json", action="store_true")

    bench = sub.add_parser("bench", help="measure engines, pictures and moves (DESIGN §9)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="a short run that keeps the bench from rotting")
    bench.add_argument("--write", action="store_true", help="save the table to docs/PERFORMANCE.md")
    bench.add_argument("--games", nargs="*", help="only these games")
    bench.add_argument("--engines", action="store_true",
                       help="only the engines: random play (games/s, actions/s on one core) and copies")
    bench.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite",
                       help="postgres: whole moves from 1..N processes on one PostgreSQL (DATABASE_URL, or a "
                            "throwaway server) next to SQLite, instead of the engine and picture table")
    bench.add_argument("--processes", type=int, default=2, help="with --backend postgres: up to how many (default 2)")

    replay = sub.add_parser("replay", help="a stored game as an animated board (one frame per turn)")
    replay.add_argument("game_id", type=int, metavar="ID", help="the game's number (#12 -> 12)")
    replay.add_argument("--gif", type=Path, required=True, metavar="OUT", help="the GIF to write (at most 8 MB)")

    pictures = sub.add_parser("pictures", help="write PICTURES.md and its images from seeded AI games")
    pictures.add_argument("folder", type=Path, nargs="?", default=Path("docs"), help="where (default docs/)")

    backup = sub.add_parser("backup", help="a consistent copy of the database, safe while the bot runs")
    backup.add_argument("path", type=Path)
    prune = sub.add_parser("prune", help="delete finished and abandoned games (their results stay)")
    prune.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 90d, 12h, 2w")

    move = sub.add_parser("migrate-db", help="copy a SQLite database into PostgreSQL and check the copy "
                                                 "(stop the bot first)")
    move.add_argument("--from", dest="source", required=True, metavar="sqlite:///PATH")
    move.add_argument("--to", dest="target", required=True, metavar="postgresql://…")
    move.add_argument("--replace", action="store_true", help="empty the target first if it holds data")
    return p


def _migrate_db(args: argparse.Namespace) -> int:
    """Exit 0 when the copy matches, 1 on any mismatch, 2 when it could not start."""
    import asyncpg

    from bot.tools.migrate_db import migrate

    try:
        report = asyncio.run(migrate(args.source, args.target, replace=args.replace))
    except (OSError, asyncpg.PostgresError) as err:  # a refusal is a RuleError, said by main()
        print(f"migrate-db: {err}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def _housekeeping(args: argparse.Namespace) -> int:
    from bot.config import load_settings
    from bot.tools import housekeeping

    settings = load_settings()
    if args.command == "backup":
        print(asyncio.run(housekeeping.backup(settings, args.path)))
    else:
        print(asyncio.run(housekeeping.prune(settings, housekeeping.parse_age(args.older_than))))
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot.config import load_settings
    from bot.tools.replay import write_gif

    print(asyncio.run(write_gif(load_settings(), args.game_id, args.gif)))
    return 0


def _run_bot(command: str) -> int:
    """The bot itself, or (`sync`) only its slash-command registration; the same plain words when the
    token or the network fails."""
    from bot.config import load_settings

    settings = load_settings()
    if not settings.token:
        print(NO_TOKEN.format(games=", ".join(sorted(games.registry())) or "none installed yet"),
              file=sys.stderr)
        return 2
    import aiohttp
    import discord

    from bot.client import EXIT_FENCED, Fenced, run_bot, sync_once
    from bot.storage import InstanceTaken, StorageUnavailable

    try:
        if command == "sync":
            print(f"registered {asyncio.run(sync_once(settings))} slash commands")
        else:
            asyncio.run(run_bot(settings))
    except discord.LoginFailure:  # only login raises these two; once connected, discord.py reconnects itself
        print(BAD_TOKEN, file=sys.stderr)
        return 2
    except aiohttp.ClientConnectorError as err:
        print(NO_NETWORK.format(error=err), file=sys.stderr)
        return 3
    except StorageUnavailable as err:
        setting, where = ("DATABASE_URL", hide_password(settings.database_url)) if settings.database_url \
            else ("DATABASE_PATH", str(settings.database_path))
        print(NO_DATABASE.format(setting=setting, where=where, error=err.cause), file=sys.stderr)
        return 3
    except InstanceTaken as err:  # retried by a supervisor: the holder may be a dead host's session, soon dropped
        print(f"Not started: {err}.", file=sys.stderr)
        return 3
    except Fenced as err:  # restarted by a supervisor: it waits its turn (exit 3) while the other process lives
        print(f"Stopped: {err}.", file=sys.stderr)
        return EXIT_FENCED
    return 0


def hide_password(url: str) -> str:
    """A database URL as it may be printed: its password replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)))


def _selfplay(args: argparse.Namespace) -> int:
    from bot.tools.selfplay import Thinking, levels_of, run

    try:
        levels_of(args.lineup)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    report = run(args.game, games=args.games, seed=args.seed, players=args.players,
                 lineup=args.lineup, options=_options(args.option),
                 thinking=Thinking(args.hard_iterations, args.hard_seconds))
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        rate = report.games / report.seconds if report.seconds else 0.0
        print(f"{args.game}: {report.games} games, {report.actions} actions, {report.seconds:.2f} s "
              f"({rate:.1f} games/s, {report.actions / max(report.seconds, 1e-9):.0f} actions/s)")
        print(f"lineup: {report.lineup}, {report.players} players")
        for seat in range(report.players):
            share = report.wins[seat] / report.games if report.games else 0.0
            print(f"  seat {seat + 1}: won {report.wins[seat]} ({share:.0%})")
        _print_details(report)
        for level, stats in report.to_dict().get("levels", {}).items():
            low, high = stats["interval95"]
            print(f"  {level}: won {stats['wins']:g} of {stats['seat_games']} seat-games ({stats['win_rate']:.1%}, "
                  f"95% {low:.1%}–{high:.1%}; {stats['fair_shares']:g}× a fair share); {stats['decisions']} decisions, "
                  f"median {stats['decision_ms']['median']:.1f} ms, p95 {stats['decision_ms']['p95']:.1f} ms")
        print(f"errors: {len(report.errors)}, invariant violations: {len(report.violations)}")
        for line in (report.errors + report.violations)[:20]:
            print("  " + line)
    return 0 if report.ok else 1


def _train(args: argparse.Namespace) -> int:
    from bot.tools.train import report, train, weights_path, write

    model = train(args.game, games_count=args.games, seed=args.seed, per_game=args.positions, purpose=args.purpose)
    out = args.out or weights_path(args.game, args.purpose)
    write(model, out)
    print(json.dumps(model.made, indent=2) if args.json else f"{args.game}: wrote {out}\n{report(model)}")
    return 0


def _print_details(report: Any) -> None:
    """Numeric result details that games report (e.g. Roanoke's survivors), as a distribution."""
    keys = sorted({k for r in report.records for k, v in r.details.items() if isinstance(v, int | float)})
    for key in keys:
        values = [v for r in report.records if isinstance(v := r.details.get(key), int | float)]
        counts: dict[Any, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        spread = ", ".join(f"{v}: {n}" for v, n in sorted(counts.items()))
        print(f"  {key}: {spread}")


def main(argv: list[str] | None = None) -> int:
    from bot.config import SettingsError

    args = _parser().parse_args(argv)
    try:
        if args.command in (None, "run", "sync"):
            return _run_bot(args.command or "run")
        if args.command == "play":
            from bot.tools.local_play import LocalTable

            table = LocalTable(args.game, players=args.players, seat=args.seat - 1, seed=args.seed,
                               options=_options(args.option), out=args.out, level=args.level)
            return table.run()
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "train":
            return _train(args)
        if args.command in ("backup", "prune"):
            return _housekeeping(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "pictures":
            from bot.tools.pictures import write

            print(write(args.folder))
            return 0
        if args.command == "migrate-db":
            return _migrate_db(args)
        from bot.tools.bench import main as bench_main

        return bench_main(quick=args.quick, as_json=args.json, write=args.write, only=args.games,
                          backend=args.backend, processes=args.processes, engines_only=args.engines)
    except (RuleError, SettingsError) as err:
        print(err, file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        return 130
