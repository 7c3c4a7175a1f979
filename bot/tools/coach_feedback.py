"""How often the practice table's coach tells a beginner their move was clearly worse (issue 44, docs/AI.md "The
coach's feedback"): `python -m bot.tools.coach_feedback [--games N] [--seed S] [game ...]`.

Practice games as `/game learn` seats them (the fewest seats, its options, easy AI opponents), the learner played
by the easy level too (the heuristic, with a beginner's slips). At each of the learner's decisions where the coach
suggests a move (its memory kept as the table keeps it: a sentence said `SAID_MOST` times, then its short form,
then nothing), the learner's move is weighed against the pick by the hard level's evaluation (`games.judge`), as
the table does, and the gap is recorded. The report gives, per game, how often the two differ, the gaps'
quartiles, and how often the gap reaches `CLEARLY_WORSE` (the line fires)."""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.practice import OPTIONS, practice_seats
from games.ai import choose_for
from games.coach import CLEARLY_WORSE, COACHES, advise, remembered, spoken
from games.core import get_game
from games.judge import worths
from games.levels import player_for
from games.search import key


@dataclass
class Tally:
    """One game's figures over its practice games."""

    decisions: int = 0
    advised: int = 0
    gaps: list[float] = field(default_factory=list)

    @property
    def fired(self) -> int:
        return sum(gap >= CLEARLY_WORSE for gap in self.gaps)

    def line(self, game_id: str, games: int) -> str:
        quartiles = statistics.quantiles(self.gaps, n=4) if len(self.gaps) > 1 else [0.0, 0.0, 0.0]
        return (f"| {game_id} | {games} | {self.decisions} | {self.advised} | {len(self.gaps)} | "
                f"{' / '.join(f'{q:.3f}' for q in quartiles)} | {self.fired} | "
                f"{self.fired / max(1, self.advised):.1%} |")


def practice_game(game_id: str, seed: int, tally: Tally) -> None:
    """One practice game, the learner (seat 0) a beginner, tallied at each of the learner's decisions."""
    cls = get_game(game_id)
    game = cls.new(practice_seats(game_id), seed=seed, options=OPTIONS.get(game_id, {}))
    beginner, rng, said = player_for(game_id, "easy"), random.Random(seed), dict[str, int]()
    while not game.over:
        seat = 0 if 0 in game.to_move() else min(game.to_move())
        action = choose_for(game, seat, beginner, rng)
        if seat == 0:
            tally.decisions += 1
            advice = advise(game, seat)
            why = spoken(advice.reason, said) if advice is not None else None
            said = remembered(said, [why] if why is not None else [])
            if advice is not None and why is not None:
                tally.advised += 1
                if key(action) != key(advice.action):
                    pick, made = worths(game, seat, [advice.action, action], seed=0)
                    tally.gaps.append(pick - made)
        game.apply(seat, action)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", default=sorted(COACHES))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Threshold {CLEARLY_WORSE}; {args.games} practice games a game from seed {args.seed}.\n")
    print("| game | games | learner decisions | advised | moved otherwise | gap quartiles | fired | of advised |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in args.game:
        tally = Tally()
        for n in range(args.games):
            practice_game(game_id, args.seed + n, tally)
        print(tally.line(game_id, args.games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
