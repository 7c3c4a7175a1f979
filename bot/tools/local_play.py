"""`python -m bot play <game>`: you against AI seats in the terminal.

The engine runs directly (no Discord, no database); after every move the public board
and your private picture are written as PNG files, so the pictures can be checked as
the game goes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.ai import choose_for, policy_for
from games.core import Game, RuleError, get_game
from renderers import render_board, render_private

HELP = ("Type the number of an action, a JSON action for free-form moves (e.g. trade offers), "
        "'v' to see your private view, 'l' to list actions again, or 'q' to quit.")


class LocalTable:
    """One terminal game: the human's seat, AI seats, and where pictures go."""

    def __init__(self, game_type: str, *, players: int | None, seat: int, seed: int,
                 options: dict[str, Any] | None, out: Path,
                 ask: Callable[[str], str] = input, say: Callable[[str], None] = print) -> None:
        cls = get_game(game_type)
        self.game: Game = cls.new(players or cls.min_players, seed=seed, options=options)
        self.seat = seat
        self.ai = policy_for(game_type)
        self.rng = random.Random(seed)
        self.out = out
        self.ask, self.say = ask, say
        self.moves = 0
        out.mkdir(parents=True, exist_ok=True)

    def run(self) -> int:
        g = self.game
        self.say(f"{g.title}: you are seat {self.seat + 1} of {g.num_players}. Pictures go to {self.out}/")
        self.say(HELP)
        self._draw()
        while not g.over:
            movers = sorted(g.to_move())
            if self.seat in movers:
                if not self._human_turn():
                    self.say("Game left unfinished.")
                    return 0
            else:
                ai_seat = movers[0]
                action = choose_for(g, ai_seat, self.ai, self.rng)
                self._apply(ai_seat, action)
        result = g.result()
        if result is not None:
            self.say("Game over. Scores: " + ", ".join(
                f"seat {s + 1}: {score}" for s, score in enumerate(result.scores)))
            self.say("Winner(s): " + ", ".join(f"seat {s + 1}" for s in result.winners))
        return 0

    def _human_turn(self) -> bool:
        legal = self.game.legal_actions(self.seat)
        self._list(legal)
        while True:
            answer = self.ask(f"seat {self.seat + 1}> ").strip()
            if answer == "q":
                return False
            if answer == "v":
                self.say(json.dumps(self.game.view(self.seat), indent=1, ensure_ascii=False))
                continue
            if answer in ("l", ""):
                self._list(legal)
                continue
            action = self._parse(answer, legal)
            if action is None:
                continue
            try:
                self._apply(self.seat, action)
            except RuleError as err:
                self.say(f"Refused: {err}")
                continue
            return True

    def _parse(self, answer: str, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if answer.isdigit():
            index = int(answer) - 1
            if 0 <= index < len(legal):
                return legal[index]
            self.say(f"Choose a number from 1 to {len(legal)}.")
            return None
        try:
            action = json.loads(answer)
        except json.JSONDecodeError:
            self.say(HELP)
            return None
        if not isinstance(action, dict) or "type" not in action:
            self.say('A JSON action is an object with a "type" key.')
            return None
        return action

    def _list(self, legal: list[dict[str, Any]]) -> None:
        self.say("Your moves:")
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>3}. {self.game.describe(action)}")
        for shape in self.game.action_shapes(self.seat):
            self.say(f"  JSON  {shape.get('help', shape['type'])}")

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        events = self.game.apply(seat, action)
        who = "You" if seat == self.seat else f"AI seat {seat + 1}"
        self.say(f"{who}: {self.game.describe(action)}")
        for event in events:
            self.say(f"   {self.game.describe_event(event)}")
        self.moves += 1
        self._draw()

    def _draw(self) -> None:
        gid = self.game.id
        (self.out / "board.png").write_bytes(render_board(gid, self.game.view(None)))
        private = render_private(gid, self.game.view(self.seat))
        if private is not None:
            (self.out / "hand.png").write_bytes(private)
