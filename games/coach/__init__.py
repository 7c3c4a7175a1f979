"""The coach of a practice table (`/game learn`, DESIGN §5; notes/teaching.md, notes/voice.md): one line on
each of the person's decisions (what the choices mean, and what a sensible beginner might pick with a reason
computed from the position), a line when the person's move was clearly worse than the pick, a short
explanation the first time a mechanic shows (with the chapter of the rulebook that teaches it), and two closing
lines. Pure: it reads a game and its events and says things; the per-game knowledge lives beside this module,
one module a game. The caller names moves (in the player's words, with the table's names) and keeps what the
coach said (`said`), so that no sentence is said more than `SAID_MOST` times a game."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping

from games.coach import catan, colonies, roam, roanoke, small_islands
from games.coach.coaching import Advice, Coaching, Reason
from games.core import Action, Event, Game

COACH = "🎓"
FIRST_TIME = "📖"
NOT_RATED = "Practice game, not rated."
MOST_KINDS = 4
"""The most kinds of move the coach's line names (a long list is read as the panel's buttons anyway)."""
SAID_MOST = 3
"""How often the coach says one sentence in a game; then its shorter form as often; then nothing."""
CLEARLY_WORSE = 0.06
"""How much lower (in the hard level's evaluation, `games.judge`: the mover's value in [0, 1]) the learner's
move must be worth than the coach's pick for the coach to say so: below it the two are too close to call over
`games.judge.WORLDS` sampled worlds. How often it fires over practice games: docs/AI.md, "The coach's
feedback"."""

COACHES: dict[str, Coaching] = {"catan": catan.COACHING, "colonies": colonies.COACHING,
                                "roanoke": roanoke.COACHING, "small_islands": small_islands.COACHING,
                                "roam": roam.COACHING}
"""The games a practice table is offered for, and their coaches."""


def advise(game: Game, seat: int) -> Advice | None:
    """The coach's suggestion to the seat now and its reason; None when it has nothing true to say."""
    return COACHES[game.id].advise(game, seat)


def kind(action: Action) -> str:
    return str(action.get("type", "move"))


def said_key(text: str) -> str:
    """How the memory of a table's coach (`said`) knows a sentence: short, whatever the sentence's length."""
    return hashlib.blake2s(text.encode(), digest_size=6).hexdigest()


def remembered(said: Mapping[str, int], sentences: Iterable[str]) -> dict[str, int]:
    """The coach's memory (`said`) once it said `sentences` again: the one count `SAID_MOST` is held to."""
    after = dict(said)
    for sentence in sentences:
        after[said_key(sentence)] = after.get(said_key(sentence), 0) + 1
    return after


def spoken(reason: Reason, said: Mapping[str, int]) -> str | None:
    """What of the reason the coach says, given how often it said each sentence before: the whole reason up
    to `SAID_MOST` times, then its short form as often, then nothing."""
    for text in (reason.text, reason.short):
        if said.get(said_key(text), 0) < SAID_MOST:
            return text
    return None


def coach_line(game: Game, seat: int, advice: Advice | None, named: str,
               said: Mapping[str, int]) -> tuple[str | None, list[str]]:
    """The coach's line on the seat's decision now, and the sentences it says (for the caller to remember): the
    kinds of move the seat has in words, and the suggested move (`named`, in the player's words) with its
    reason; each sentence only while it was said fewer than `SAID_MOST` times (the reason then in its short
    form). None when there is nothing left to say."""
    why = spoken(advice.reason, said) if advice is not None else None
    kinds = list(dict.fromkeys(kind(a) for a in game.legal_actions(seat) if not game.costly(a)))  # not resigning
    choices = COACHES[game.id].choices
    meant = "; ".join(choices[k] for k in kinds[:MOST_KINDS])
    meant += "; …" if len(kinds) > MOST_KINDS else ""
    listed = f"Your choices: {meant}." if len(kinds) > 1 else None
    if listed is not None and said.get(said_key(listed), 0) >= SAID_MOST:
        listed = None
    sentences = [s for s in (listed, why) if s is not None]
    if not sentences:
        return None, []
    pick = f"A beginner might pick **{named}**: {why}" if why is not None else ""
    return f"{COACH} **Coach:** " + " ".join(p for p in (listed, pick) if p), sentences


def feedback(advice: Advice, named: str, pick: float, made: float) -> str | None:
    """One line when the seat's move, worth `made`, is clearly worse than the coach's pick (`advice`, named
    `named`), worth `pick`, by the hard level's evaluation from the seat's view (`games.judge.worths`): the
    better move and its reason. None otherwise: silence is fine when the move is good."""
    if pick - made < CLEARLY_WORSE:
        return None
    return f"{COACH} **Coach:** **{named}** was the stronger move there: {advice.reason.text}"


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
