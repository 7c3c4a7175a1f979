"""Words beside the pictures: what the picture's view says as text, for a Discord text display and for alt text.

Pictures are made for the map (renderers.<game>); the state that is text by nature (whose turn, the scores,
the bank) goes beside them as lines (`summary`), readable at any width and by a screen
reader.  Every picture the bot sends also carries alt text (`alt_text`) made from the view it was drawn
from, within Discord's limit for an attachment's description: a board's says whose turn and the scores, then
the few facts of its map a player looks for (each game's `board`, the most looked-for first: those that do not fit
are counted by the game's `untold`), not again the lines the message holds.
Pure functions of the view: a private view gives only what that seat may see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, Literal

from games.core import get_game
from games.grammar import noun
from renderers.cast import Cast

DESCRIPTION_LIMIT = 1024
"""Discord's limit (characters) on an attachment's description (MessageAttachmentRequest.description)."""

Picture = Literal["board", "hand", "status", "replay", "recap"]


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{game_id}":
            raise
        return None


def _cast(cast: Cast | None) -> Cast:
    """The cast a text is written with: the one given, else every seat known by its colour."""
    return Cast([]) if cast is None else cast


def summary(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> list[str]:
    """The lines sent beside a board picture: whose turn, the scores, the bank."""
    module = _module(game_id)
    lines = module.summary(view, _cast(cast)) if module is not None else _any_game(game_id, view, _cast(cast))
    return [line for line in lines if line]


def _any_game(game_id: str, view: dict[str, Any], cast: Cast) -> list[str]:
    """A game with no words of its own: who is to move and the public scores."""
    movers = view.get("to_move")
    points = get_game(game_id).public_scores(view)
    turn = "" if movers is None else f"{cast.names(movers)} to move." if movers else "Game over."
    return [turn, scores(view, points, "point", cast) if points else ""]


def offer_terms(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> str | None:
    """The open trade offer of a public view as the seat answering it reads it, e.g. "bob's offer: you get
    1 ore for 1 lumber" (the label of an Accept on the board); None when no offer is open or the game has no
    words for one."""
    fn = getattr(_module(game_id), "offer_terms", None)
    return fn(view["offer"], _cast(cast)) if fn is not None and view.get("offer") else None


def hand(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> list[str]:
    """What one seat's private picture shows, from that seat's own view (the seat is the cast's reader)."""
    module = _module(game_id)
    fn = getattr(module, "hand", None)
    return [line for line in fn(view, _cast(cast)) if line] if fn else summary(game_id, view, cast)


def private(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> list[str]:
    """All one seat sees, in words, from that seat's view: the board's lines, the map's facts (as its alt text
    says them), then its hand where the game has one (a person's `v` at the terminal)."""
    lines = [*summary(game_id, view, cast), *board(game_id, view, cast)]
    if getattr(_module(game_id), "hand", None) is not None:
        lines += ["Your hand:", *hand(game_id, view, cast)]
    return lines


def clip(s: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`s` cut at a word to fit `limit` characters, with an ellipsis when cut."""
    if len(s) <= limit:
        return s
    return s[:limit - 1].rsplit(" ", 1)[0].rstrip(" ,;.") + "…"


def amount(n: float, unit: str) -> str:
    """"1 point", "3 points", "5 VP": a score with its unit agreeing (`unit` singular; an abbreviation such as VP
    or PP stays as it is)."""
    return f"{n:g} {unit if unit.isupper() else noun(int(n) if float(n).is_integer() else 2, unit)}"


def scores(view: dict[str, Any], points: list[float], unit: str, cast: Cast) -> str:
    """"Scores: alice (red) 5 VP, Cleo (AI hard, blue) 1 point"."""
    return "Scores: " + ", ".join(f"{cast.full(i)} {amount(n, unit)}" for i, n in enumerate(points)) + "."


def alt_text(game_id: str, view: dict[str, Any], picture: Picture = "board", *, title: str = "",
             players: str = "", told: str = "", cast: Cast | None = None) -> str:
    """The alt text of a picture drawn from `view`: what it is, who plays it, whose turn, the scores, then the
    facts of the map a player looks for (`board`) — not the rest of the summary, which the message beside says.

    `picture` says which: "board" (the channel's), "status" (the same board shown on request), "replay" (a
    board of the past), "hand" (one seat's private picture: `view` must be that seat's view, and only it is
    read, and `cast` read by that seat), "recap" (the chart of scores over a finished game: `view` is the final
    public view). `cast` names the seats (by colour when None). `players` is
    the caller's sentence on who plays the seats (the AI seats and their levels, which no view holds); a board's
    alt text says it after what the picture is. `told` is a recap's sentence on what its chance chart shows
    (who led, when it turned: `bot.history.chances_told`)."""
    name = title or str(view.get("title", game_id))
    if picture == "hand":
        seat = view.get("seat")
        who = f"you play {_cast(cast).player(seat).colour}" if isinstance(seat, int) else "your seat"
        return clip(f"{name}: your hand ({who}). " + " ".join(hand(game_id, view, cast)))
    lines = summary(game_id, view, cast)
    if picture == "recap":
        return fitted(f"{name} recap: charts of each seat's score and estimated chance of winning over the game, "
                      "turn by turn. " + (f"{told} " if told else "") + "Final state:", lines, None)
    what = {"board": "board", "status": "board", "replay": "replay frame of the board"}[picture]
    said = " ".join(s for s in [f"{name} {what}.", players, *headline(lines)] if s)
    return fitted(said, board(game_id, view, cast), getattr(_module(game_id), "untold", _untold))


def fitted(said: str, facts: list[str], untold: Callable[[int], str] | None) -> str:
    """`said`, then as many of `facts` (the most looked-for first) as fit Discord's limit whole, and a last
    sentence on those left out (`untold(count)`, if given), so that alt text never stops mid-sentence."""
    for kept in range(len(facts), -1, -1):
        left = len(facts) - kept
        text = " ".join([said, *facts[:kept], *([untold(left)] if left and untold else [])])
        if len(text) <= DESCRIPTION_LIMIT:
            return text
    return clip(said)


def _untold(count: int) -> str:
    return f"{count} more {'facts' if count > 1 else 'fact'} of the map not said here."


def headline(lines: list[str]) -> list[str]:
    """Of a board's summary, who is to move (its first line) and the scores: all of it a board's alt text says
    again, since the message beside the picture says the rest."""
    scores_line = next((line for line in lines if line.startswith(("Scores:", "Final ranking:"))), None)
    return [*lines[:1], *([scores_line] if scores_line is not None and scores_line not in lines[:1] else [])]


def board(game_id: str, view: dict[str, Any], cast: Cast | None = None) -> list[str]:
    """The few facts of the map a player looks for, in words (the game's `board`; none for a game without)."""
    fn = getattr(_module(game_id), "board", None)
    return [line for line in fn(view, _cast(cast)) if line] if fn is not None else []


def ranking(result: dict[str, Any], unit: str, cast: Cast) -> str:
    """"Final ranking: winner bob (blue) 20 points; 2nd alice (red) 11 points"."""
    from renderers.common import places

    where = places(result)
    order = [seat for seats in result["ranking"] for seat in seats]
    if not order:  # nobody ranked: every colony was lost
        return ""
    return "Final ranking: " + "; ".join(f"{where[s]} {cast.full(s)} {amount(result['scores'][s], unit)}"
                                         for s in order) + "."
