"""The coach of a practice table (`/game learn`, DESIGN §5; notes/teaching.md): one line on each of the
person's decisions (what the choices mean, and what a sensible beginner might pick and why: the game's
heuristic's choice, in words), a short explanation the first time a mechanic shows (with the passage of the
rulebook that teaches it), and two closing lines. Pure: it reads a game and its events, and says things; the
per-game words live beside this module, one module a game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from games.ai import choose_for, policy_for
from games.coach import catan, colonies, roam, roanoke, small_islands
from games.coach.coaching import Coaching
from games.core import Action, Event, Game

COACH = "🎓"
FIRST_TIME = "📖"
NOT_RATED = "Practice game, not rated."
MOST_KINDS = 4
"""The most kinds of move the coach's line names (a long list is read as the panel's buttons anyway)."""


COACHES: dict[str, Coaching] = {"catan": catan.COACHING, "colonies": colonies.COACHING,
                                "roanoke": roanoke.COACHING, "small_islands": small_islands.COACHING,
                                "roam": roam.COACHING}
"""The games a practice table is offered for, and their coaches."""


def suggestion(game: Game, seat: int) -> Action:
    """What a sensible beginner might do now: the game's heuristic's choice (seeded, so it says the same
    thing each time the panel is drawn)."""
    return choose_for(game, seat, policy_for(game.id), random.Random(game.num_players))


def kind(action: Action) -> str:
    return str(action.get("type", "move"))


def coach_line(game: Game, seat: int) -> str:
    """The coach's line on the seat's decision now: the kinds of move it has, and the one suggested."""
    coach = COACHES[game.id]
    legal = game.legal_actions(seat)
    kinds = list(dict.fromkeys(kind(a) for a in legal))
    pick = suggestion(game, seat)
    why = coach.reasons.get(kind(pick), "")
    said = f"A beginner might pick **{game.describe(pick)}**" + (f" — {why}" if why else "") + "."
    if len(legal) == 1:
        return f"{COACH} **Coach:** {said}"
    meant = "; ".join(coach.choices.get(k, k.replace("_", " ")) for k in kinds[:MOST_KINDS])
    more = "; …" if len(kinds) > MOST_KINDS else ""
    return f"{COACH} **Coach:** your choices: {meant}{more}. {said}"


def rules_pointer(game_id: str, rule: str) -> str:
    return f"`/game rules game:{game_id} section:{rule}`"


def first_times(game_id: str, earlier: Iterable[Event], events: list[Event]) -> list[str]:
    """The explanation of each mechanic these events show for the first time in the game (`earlier`: every
    event before them)."""
    mechanics = COACHES[game_id].mechanics
    seen = {m.key for e in earlier for m in mechanics if m.shows(e)}
    return [f"{FIRST_TIME} **First time: {m.key}.** {m.text} More: {rules_pointer(game_id, m.rule)}"
            for m in mechanics if m.key not in seen and any(m.shows(e) for e in events)]


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def closing(game: Game, seat: int, own: list[Action]) -> list[str]:
    """Two lines at the end: what the person did well, what to try in a real game."""
    coach = COACHES[game.id]
    result = game.result()
    assert result is not None
    place = next((i + 1 for i, tied in enumerate(result.ranking) if seat in tied), len(result.ranking))
    score = result.scores[seat]
    done = Counter(kind(a) for a in own if kind(a) in coach.deeds)
    best = done.most_common(1)
    deed = f"you {coach.deeds[best[0][0]]} {best[0][1]} times, and " if best else ""
    won = "you won" if place == 1 else f"you finished {ordinal(place)} of {game.num_players}"
    return [f"{COACH} **Well done:** {deed}{won} with {score} points.",
            f"{COACH} **In a real game, try:** {coach.advice}"]
