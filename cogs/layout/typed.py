"""What `/play action:` was given, read against the player's legal moves: a picked suggestion, a JSON
action, or words naming exactly one move (every word typed starts a word of the label, so "settle 32"
finds "Settle at 32")."""

from __future__ import annotations

import json
import random
import re

from bot.errors import Refused
from bot.service import STALE, STALE_CODE
from cogs.layout.moves import digest, find_choice
from cogs.words import echo
from games.core import Action, Move, get_game

CHOICE_VALUE = re.compile(r"^v(?P<v>\d{1,19}):(?P<k>[0-9a-f]+)$")
WORD = re.compile(r"[^\s,;:()]+")
JSON_MAX_CHARS = 2000
JSON_MAX_DEPTH = 8
"""No move needs more: refused before parsing, which a deep nest or a 5,000-digit number would break."""


def suggestion(version: int, move: Move) -> str:
    """The value of an autocomplete choice: the move's digest at the version it was listed for."""
    return f"v{version}:{digest(move.action)}"


def json_size_problem(text: str) -> str | None:
    """Why typed JSON is too big to parse at all: too long, or brackets nested too deep (strings skipped)."""
    if len(text) > JSON_MAX_CHARS:
        return f"A move written as JSON is at most {JSON_MAX_CHARS} characters long; this one has {len(text)}."
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > JSON_MAX_DEPTH:
                return f"A move written as JSON nests brackets at most {JSON_MAX_DEPTH} deep."
        elif ch in "]}":
            depth -= 1
    return None


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def matching(typed: str, choices: list[Move]) -> list[Move]:
    """The moves whose label has, for every word typed, a word starting with it: the picture's names
    ("settle 32", "road 31-32", "C4") find the moves they name; a label typed out whole comes first."""
    wanted = words(typed)
    found = [c for c in choices if all(any(w.startswith(t) for w in words(named(c.label))) for t in wanted)]
    return sorted(found, key=lambda c: (words(named(c.label)) != wanted, not exact(wanted, c.label)))


PHRASE = re.compile(r" \([^()]* [^()]*\)")
"""An explanation in brackets is a phrase ("makes brick on 6"); a bracket holding one token names the move
(a road's ends: "Road on path 12 (31-32)")."""


def named(label: str) -> str:
    """A label without its explanations: "Settle at 31 (makes brick on 6)" names the move by "settle 31";
    the 6 only explains it, and typing it must not find the move."""
    return PHRASE.sub("", label)


def exact(wanted: list[str], label: str) -> bool:
    """Every word typed is a whole word of the label's name ("settle 5" is at 5, not at 50)."""
    return all(t in words(named(label)) for t in wanted)


def parse_move(text: str, version: int, choices: list[Move]) -> Action:
    """What `/play` was given: a picked suggestion, a JSON action, or words naming exactly one move."""
    text = text.strip()
    picked = CHOICE_VALUE.match(text)
    if picked:
        chosen = find_choice(choices, picked["k"])
        if int(picked["v"]) != version or chosen is None:
            raise Refused(STALE + " Pick the move again from the list.", STALE_CODE)
        return chosen.action
    if text.startswith("{"):
        if (problem := json_size_problem(text)) is not None:
            raise Refused(problem, "bad_json")
        try:
            action = json.loads(text)
        except json.JSONDecodeError as err:
            raise Refused(f"That is not valid JSON: {err.msg} at character {err.pos}.", "bad_json") from None
        if not isinstance(action, dict) or "type" not in action:
            raise Refused('A move written as JSON is an object with a "type", e.g. {"type": "end_turn"}.',
                          "bad_json")
        return action
    found = matching(text, choices)
    whole = [c for c in found if exact(words(text), c.label)]
    if found and (len(found) == 1 or words(named(found[0].label)) == words(text) or len(whole) == 1):
        return (whole or found)[0].action
    if found:
        raise Refused(f"{echo(text)} names {len(found)} moves, e.g. {found[0].label!r} and {found[1].label!r}; "
                      "say more, or pick one from the list.", "ambiguous_move")
    raise Refused(f"{echo(text)} is not one of your moves now; pick one from the list `/play` suggests.",
                  "unknown_move")


WALK_STEPS = 300
"""How many moves `typing_help` plays to meet a game's kinds of move (games of its fewest seats, one after another)."""


def met_moves(game_id: str) -> tuple[list[Move], list[dict[str, str]]]:
    """One listed move of each kind, and each free-form move (`Game.action_shapes`), as met in seeded games of
    the game played by random legal moves from the start (costly ones, such as resigning, left out)."""
    cls = get_game(game_id)
    kinds: dict[str, Move] = {}
    shapes: dict[str, dict[str, str]] = {}
    rng, game = random.Random(1), cls.new(cls.min_players, seed=1)
    for step in range(WALK_STEPS):
        if game.over or not game.to_move():
            game = cls.new(cls.min_players, seed=step + 2)
            continue
        seat = min(game.to_move())
        for move in game.moves(seat):
            if not cls.costly(move.action):
                kinds.setdefault(str(move.action["type"]), move)
        for shape in game.action_shapes(seat):
            shapes.setdefault(str(shape["type"]), shape)
        game.apply(seat, rng.choice([a for a in game.legal_actions(seat) if not cls.costly(a)]))
    return list(kinds.values()), list(shapes.values())


def typing_help(game_id: str) -> str:
    """The *Advanced: typing moves* chapter of a game's `/game rules`: the three forms `/play action:` reads (see
    `parse_move`), with this game's moves as words and as JSON. The one place, with `/play`'s own help, that
    shows a move as JSON: the move panels and the rest of the book do not."""
    listed, free = met_moves(game_id)
    first = named(listed[0].label)
    typed = words(first)
    short = " ".join([typed[0][:4], *typed[1:][-1:]])
    parts = [
        "Every move is a button or a select on your move panel (*Your move* under the board). In the game's "
        "channel, `/play action:` makes the same moves by typing, three ways:\n"
        "- **Pick from the list**: type a few letters and choose one of your moves from the suggestions.\n"
        f"- **Words of a move**: each word you type starts a word of the move's name, so "
        f"\"{short}\" finds \"{first}\". Words in brackets only explain a move.\n"
        f"- **JSON**: the move written as an object with a \"type\", at most {JSON_MAX_CHARS} characters.",
        "\n".join([f"**Moves of {get_game(game_id).title} as JSON**",
                   *(f"- {move.label}: `{json.dumps(move.action)}`" for move in listed)]),
    ]
    if free:
        parts.append("\n".join(["**Moves no list holds** (the panel builds them by clicking)",
                                *(f"- `{example}` — {said}" for example, _, said in
                                  (shape["help"].partition(" — ") for shape in free))]))
    return "\n\n".join(parts)
