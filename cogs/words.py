"""What the /game commands and the lobby say: each sentence has its home here, so a change of wording is made
once. A board's own lines (`fit`, `turn_line`, `result_lines`) live in bot/outbox.py, which the boards
share with these answers. What a person typed is quoted back through `echo`, the one place it is clipped and
shown as typed, its markdown and mentions inert. Plain Python (no discord): layout code quotes with it too."""

from __future__ import annotations

from typing import Any

from bot.errors import Refused
from bot.limits import clip
from bot.outbox import result_lines, turn_line
from bot.outcome import GameInfo, Outcome, SeatInfo
from bot.practice import is_practice
from bot.seats import player
from bot.settings import BOARD_TEXT, DEFAULT_SETTINGS
from bot.storage import Rating
from games.core import Game, get_game, registry
from games.levels import LEVELS

LOBBY_VERBS = {"join": "Join", "leave": "Leave", "start": "Start"}
"""The lobby's buttons; the host seats an AI with the level select beside them (`ADD_AI`)."""
ADD_AI = "Add an AI player (host)…"
LEVEL_HINTS = {"easy": "Makes a beginner's mistakes", "normal": "Plays sensibly (the default)",
               "hard": "Thinks ahead, the strongest"}
"""Each AI level as the lobby's select and `/game add-ai` explain it (`games.levels.LEVELS`)."""
NO_GAME_YET = "You are in no open game. Start one with `/game new`."
ECHO_LIMIT = 60
"""The most of what a person typed that a reply quotes back: enough to recognise it."""
FORGOTTEN = ("Done: you left every open table, AI players took your running seats, and your id is gone from every "
             "stored game and rating, as is your choice of DMs.")


def echo(typed: str) -> str:
    """What a person typed, quoted in a reply: clipped to `ECHO_LIMIT` (a 4,000-character option must not make a
    reply Discord refuses) and set as inline code, where Discord renders no markdown (`**`, `||`) and resolves no
    mention (`@everyone`, `<@123>`): shown as typed rather than acted on. A backtick, which would end the code,
    becomes a look-alike, and the quote stays on one line."""
    return f"`{' '.join(clip(typed, ECHO_LIMIT).replace('`', 'ˋ').split())}`"


def game_called(name: str) -> type[Game]:
    """The game a person named in a command, or a refusal that quotes the name they typed with `echo`."""
    if name not in registry():
        raise Refused(f"There is no game called {echo(name)}. Games: {', '.join(sorted(registry()))}.",
                      "unknown_game")
    return get_game(name)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def player_span(cls: type[Game]) -> str:
    """"2–4" players, or "2" where the game seats exactly that many."""
    return str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}–{cls.max_players}"


def lobby_text(info: GameInfo) -> str:
    seats = " · ".join(f"{s.seat + 1}. {s.name}" + (" (host)" if s.user_id == info.created_by else "")
                       for s in info.seats) or "nobody yet"
    options = ", ".join(f"{k}={v}" for k, v in info.options.items())
    lines = [f"**{info.title}** #{info.id} — a table for {player_span(get_game(info.game_type))} players",
             f"Seats: {seats}"]
    if options:
        lines.append(f"Options: {options}")
    lines.append("Press **Join** to sit down; the host adds AI players, may remove a seat, and presses **Start**.")
    return "\n".join(lines)


def started_text(info: GameInfo) -> str:
    """The lobby message once the game has started."""
    return "\n".join([*lobby_text(info).split("\n")[:2], "Started!"])


def seat_label(seat: SeatInfo) -> str:
    """A seat in the lobby's *Remove a seat* list (an option label shows no markdown: the name as typed)."""
    return f"{seat.seat + 1}. {player(seat, text=False).full}"


def hand_over_text(info: GameInfo, verb: str) -> str:
    """What leaving, resigning or abandoning means for this game, asked before it is done."""
    where = f"{info.title} #{info.id}"
    if verb == "abandon":
        return f"Abandon {where}? The game ends for everyone, without a result. This cannot be undone."
    if verb == "leave" and is_practice(info.settings):
        return f"Leave {where}? The practice game ends here; it is not rated."
    if verb == "leave":
        return (f"Leave {where}? An AI plays your seat for the rest of the game, and you cannot come back. "
                "(To give up the game itself, resign.)")
    resignation = get_game(info.game_type).resignation
    if resignation:
        return f"Resign from {where}? {resignation} You cannot come back."
    return (f"Resign from {where}? You give the game up: an AI plays your seat to the end, and you cannot "
            "come back.")


def handed_over_text(info: GameInfo, verb: str) -> str:
    """What the question says once a player has left or resigned (a practice table ends when its person
    leaves)."""
    if info.status == "abandoned":
        return "Done: the practice game is over. It was not rated."
    resignation = get_game(info.game_type).resignation if verb == "resign" else ""
    return f"Done: {resignation or 'an AI plays your seat from now on.'}"


def describe_settings(settings: dict[str, Any], *, server: bool = False) -> str:
    hours = f"{settings['deadline_hours']} h" if settings.get("deadline_hours") else "off"
    board = BOARD_TEXT[settings.get("board", DEFAULT_SETTINGS["board"])]
    given = {key: settings.get(key, DEFAULT_SETTINGS[key]) for key in ("ai_level", "offer_minutes")}
    text = (f"turn deadline {hours}, reminder at {settings.get('reminder', 0.5):.0%} of it, "
            f"on timeout: {settings.get('policy', 'ai')}, an AI taking over a seat plays {given['ai_level']}, "
            f"an AI's offer waits {given['offer_minutes']} min for an answer, board {board}")
    return text + (f", tables open in a thread: {'yes' if settings['thread'] else 'no'}." if server else ".")


def table_settings_text(info: GameInfo, *, changed_by: int | None = None) -> str:
    """A table's settings, said after `/game settings` (by whom, where they were changed)."""
    text = f"{info.title} #{info.id}: {describe_settings(info.settings)}"
    return text if changed_by is None else f"{mention(changed_by)} changed the table settings. {text}"


def server_defaults_text(defaults: dict[str, Any], *, saved: bool) -> str:
    text = f"New tables on this server: {describe_settings(defaults, server=True)}"
    return f"Saved. {text}" if saved else text


def status_lines(outcome: Outcome) -> list[str]:
    """`/game status`: the game, its seats, its result or whose move it is, and its turn settings."""
    info, settings = outcome.game, outcome.game.settings
    lines = [f"**{info.title}** #{info.id} — {info.status}",
             "Seats: " + " · ".join(f"{s.seat + 1}. {s.name}" for s in info.seats),
             *result_lines(outcome), turn_line(info.users_to_move(), info.deadline),
             f"Turn deadline: {settings.get('deadline_hours') or 'off'} h; on timeout: {settings.get('policy')}"]
    return [ln for ln in lines if ln]


def game_line(info: GameInfo, user_id: int) -> str:
    """One game of `/game list`: where it is, whether it awaits this user, its deadline."""
    where = f"<#{info.thread_id or info.channel_id}>"
    state = ("**your move**" if user_id in info.users_to_move()
             else "in the lobby" if info.status == "lobby" else "waiting for others")
    left = f", deadline <t:{int(info.deadline.timestamp())}:R>" if info.deadline else ""
    return f"{info.title} #{info.id} in {where}: {state}{left}"


def options_lines(game_type: str) -> list[str]:
    """A game's table options, each with its choices, default and help (`/game rules`, where the book has none)."""
    return [f"- `{option.name}`: {' or '.join(str(c) for c in option.choices)} (default {option.default}). "
            f"{option.help}" for option in get_game(game_type).options]


def person(user_id: int, names: dict[int, str]) -> str:
    """A person as a list names them: by what the server calls them, else (never seen here) a mention, which
    names them without a ping in a reply that allows none."""
    return names.get(user_id) or mention(user_id)


def player_name(rating: Rating, names: dict[int, str]) -> str:
    """A rated player as shown: the person (`person`), or the AI's level (each level is rated as a player of its
    own; the normal level keeps its older rating name, "heuristic" or "random", see `games.ai.policy_name`)."""
    if rating.user_id is not None:
        return person(rating.user_id, names)
    return f"AI ({rating.ai if rating.ai in LEVELS else 'normal'})"


def rating_text(rating: Rating) -> str:
    return f"rating {rating.ordinal:.1f} (μ {rating.mu:.1f} ± {rating.sigma:.1f})"


def stats_lines(table: dict[str, list[tuple[int, int, int]]], names: dict[int, str]) -> list[str]:
    lines: list[str] = []
    for title, rows in sorted(table.items()):
        lines.append(f"**{title}**")
        lines += [f"{i}. {person(user, names)}: {won} won of {played}"
                  for i, (user, won, played) in enumerate(rows[:10], 1)]
    return lines


def leaderboard_lines(title: str, where: str, board: list[Rating], names: dict[int, str]) -> list[str]:
    return [f"**{title}** — best rated {where}",
            *(f"{i}. {player_name(r, names)}: {rating_text(r)}, {r.games} played, {r.wins} won"
              for i, r in enumerate(board, 1))]


def profile_lines(who: str, mine: dict[str, Rating]) -> list[str]:
    played, won = sum(r.games for r in mine.values()), sum(r.wins for r in mine.values())
    return [f"{who}: {played} played, {won} won; favourite game: {next(iter(mine))}",
            *(f"**{title}**: {r.games} played, {r.wins} won, {rating_text(r)}" for title, r in mine.items())]
