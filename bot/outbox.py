"""What players must be shown, as outbox rows (DESIGN §4), and the words those rows are made of.

The service turns each change into `OutboxRow`s written in the change's own transaction;
the delivery worker later turns them into Discord messages. Nothing here knows Discord:
the rows are plain JSON, so a crash between the commit and the post loses nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.limits import CONTENT as MESSAGE_LIMIT
from bot.outcome import GameInfo, Outcome
from bot.seats import Seat, is_person, player_of
from bot.storage import BoardMessage, OutboxKind, OutboxRow
from games.grammar import verb


def fit(lines: list[str], limit: int = MESSAGE_LIMIT, ranks: list[int] | None = None) -> str:
    """Join lines into one message; when they do not fit, drop lines until they do, those of the lowest rank
    first (`ranks`, one a line: a practice board keeps its first-time explanations longest, `bot.practice.ranks`),
    the oldest first among equals, each run of dropped lines shown as "…"."""
    order = sorted(range(len(lines)), key=lambda i: (ranks[i] if ranks else 0, i))
    dropped: set[int] = set()

    def joined() -> str:
        shown = [("…" if i in dropped else line) for i, line in enumerate(lines)]
        return "\n".join(line for i, line in enumerate(shown) if not (i and i in dropped and i - 1 in dropped))

    text = joined()
    for i in order:
        if len(text) <= limit:
            break
        dropped.add(i)
        text = joined()
    return text


def mentions(user_ids: list[int]) -> str:
    return ", ".join(f"<@{u}>" for u in user_ids)


def result_lines(outcome: Outcome) -> list[str]:
    """The end of a game: the winners, then the ranking with scores; a tiebreak is named where it decided."""
    result = outcome.result
    if result is None:
        return []
    names = {s.seat: s.name for s in outcome.game.seats}
    winners = " and ".join(names.get(s, f"seat {s + 1}") for s in result.winners)
    lines = [f"**Game over — {winners} {verb(len(result.winners), 'wins')}!**"]
    place = 1
    for shared in result.ranking:
        for seat in shared:
            score = result.scores[seat]
            tied_elsewhere = any(result.scores[o] == score for o in range(len(result.scores)) if o not in shared)
            note = " (shared place)" if len(shared) > 1 else " (after tiebreak)" if tied_elsewhere else ""
            lines.append(f"{place}. {names.get(seat, f'seat {seat + 1}')}: {score}{note}")
        place += len(shared)
    return lines


def ai_players(seats: Iterable[Seat]) -> str:
    """Which seats AIs play and at what level, beside a board and in its alt text ("AI players: Basil (AI hard,
    blue) · Cleo (AI easy, yellow)"), named as the board's own lines name the seats. Empty where people play every
    seat."""
    names = [player_of(s) for s in seats if s.is_ai]
    return f"AI players: {' · '.join(names)}." if names else ""


def turn_line(user_ids: list[int], deadline: datetime | None) -> str:
    """Who is to move, with a ping and the deadline; empty when no person is."""
    if not user_ids:
        return ""
    when = f" (deadline <t:{int(deadline.timestamp())}:R>)" if deadline else ""
    return f"Your move: {mentions(user_ids)}{when}"


def must_act(game: GameInfo, actor: int | None) -> list[int]:
    """The people to mention: those to move, less the one who just acted when others are to move too (a person
    who offered everyone a trade waits on the answers; their own offer's board does not ping them), and less
    those who could only decline an offer (`GameInfo.idle`)."""
    seats = set(game.to_move) - ({actor} if actor is not None and len(game.to_move) > 1 else set())
    return [s.user_id for s in game.seats
            if s.seat in seats - set(game.idle) and is_person(s) and s.user_id is not None]


def board(outcome: Outcome, *, ping: bool = True, actor: int | None = None) -> OutboxRow:
    """The board picture (when there is a view) with what happened (its `events`, told at delivery by the game's
    narrator with the names the seats have then, and its other `lines`) and who is to move; `ping` says someone
    is newly to move (a table whose board goes once a turn posts a new one only then, and edits it otherwise)."""
    game = outcome.game
    running = game.status == "running"
    return OutboxRow(OutboxKind.BOARD, None, {
        "events": outcome.events,
        "lines": [*outcome.lines, *result_lines(outcome)],
        "view": outcome.public_view,
        "turn": must_act(game, actor) if running else [],
        "deadline": game.deadline.isoformat() if running and game.deadline else None,
        "ping": ping,
    })


def for_outcome(outcome: Outcome, *, actor: int | None = None, turn: int | None = None, ping: bool = True,
                mover: int | None = None) -> list[OutboxRow]:
    """Everything one outcome shows: the board, changed hands, private notices, and moves to those asked.

    A hand goes by DM only when others changed it outside its owner's turn (`actor` made the change during
    `turn`'s turn): the player sees the result of their own move in its answer and under My hand. It is held
    until the turn passes, so one turn's changes make one DM with the newest hand.

    A person asked to act is DMed at `every` level when asked within another's turn (`mover`, whose turn it is
    now, is still `turn`'s: a discard, an answer to an offer), else at `turn` level (their turn begins), so that
    the default sends one DM a round; the channel pings them either way. Their ask opens with their news, read
    when it is sent (`bot.service.catchup`).
    """
    game = outcome.game
    rows = [board(outcome, ping=ping, actor=actor)]
    for seat, view in sorted(outcome.private_views.items()):
        if seat not in (actor, turn) and (user := game.dm_target(seat, "every")) is not None:
            rows.append(OutboxRow(OutboxKind.HAND, user, {"seat": seat, "view": view}, held=True))
    for seat, lines in sorted(outcome.notices.items()):
        if (user := game.dm_target(seat, "every")) is not None:
            rows.append(OutboxRow(OutboxKind.DM, user, {"lines": lines}))
    if game.status == "finished":
        rows.append(recap())
    if game.status == "running":
        for seat in outcome.asked:
            level = "every" if mover is not None and mover == turn and seat != mover else "turn"  # within another's
            if seat in game.to_move and (user := game.dm_target(seat, level)) is not None:
                rows.append(OutboxRow(OutboxKind.ASK, user, {"seat": seat, "lines": [], "events": outcome.events}))
    return rows


def notice(text: str) -> OutboxRow:
    """A line in the game's channel."""
    return OutboxRow(OutboxKind.NOTICE, None, {"lines": [text]})


def reminder(game: GameInfo) -> list[OutboxRow]:
    """The one reminder of a turn: a mention in the channel and a DM to each person awaited."""
    users = game.users_to_move()
    if not users:
        return []
    when = f"; the turn times out <t:{int(game.deadline.timestamp())}:R>" if game.deadline else ""
    rows = [notice(f"⏰ {mentions(users)}: {game.title} #{game.id} awaits your move{when}.")]
    for seat in sorted(set(game.to_move) - set(game.idle)):
        if (user := game.dm_target(seat, "turn")) is not None:
            rows.append(OutboxRow(OutboxKind.DM, user, {"lines": [f"⏰ Your move{when}."]}))
    return rows


def dms_refused(user_id: int) -> OutboxRow:
    return notice(f"<@{user_id}>, I cannot DM you (your privacy settings block it), so your hand is not sent "
                  "to you any more: press **My hand** under the board to see it.")


def paused(game: GameInfo, why: str) -> OutboxRow:
    """The host's DM when the game's channel cannot be reached."""
    return OutboxRow(OutboxKind.DM, game.created_by, {"lines": [
        f"I cannot post in the channel of this game: {why}. The game is paused (no turn times out) and resumes "
        "by itself as soon as I can post there again."]})


def recap() -> OutboxRow:
    """The recap of a game that just ended, posted after its final board (the delivery worker draws it from
    the stored log, so the row itself carries nothing)."""
    return OutboxRow(OutboxKind.RECAP, None, {})


def retire() -> OutboxRow:
    """A game that ended without a result keeps its last board, without buttons."""
    return OutboxRow(OutboxKind.RETIRE, None, {})


def strip(board: BoardMessage) -> OutboxRow:
    """A board a newer one replaced loses its buttons: a row of its own, written with the newer board's record,
    so the strip is retried like any send and survives a restart (only the newest board is live)."""
    return OutboxRow(OutboxKind.STRIP, None, {"channel": board.channel_id, "message": board.message_id})
