"""`python -m bot play <game>`: you against AI seats in the terminal.

The engine runs directly (no Discord, no database); after every move the public board
and your private picture are written as PNG files, so the pictures can be checked as
the game goes.  The AI seats play as they do on Discord: any AI seat that may act moves
first, except the AI whose turn it is while you answer its trade offer (it waits for your answer, as on
Discord), and what the other seats did is told only through the public events.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.service.kernel import THINK_SECONDS
from bot.thinking import timed_player
from games.ai import choose_for, offer_waiting
from games.core import Game, Move, RuleError, get_game
from games.grammar import noun
from renderers import render_board, render_private
from renderers.cast import Cast, ai_player, colour_player
from renderers.narrator import label, log
from renderers.text import private

HELP = ("Type the number of an action, a JSON action for free-form moves (e.g. trade offers), "
        "'v' to see the table and your hand in words, 'l' to list actions again, or 'q' to quit.")


class LocalTable:
    """One terminal game: the human's seat (0-based here, 1-based in every line shown), AI seats,
    and where pictures go."""

    def __init__(self, game_type: str, *, players: int | None, seat: int, seed: int,
                 options: dict[str, Any] | None, out: Path, level: str = "normal",
                 think_seconds: float = THINK_SECONDS,
                 ask: Callable[[str], str] = input, say: Callable[[str], None] = print) -> None:
        cls = get_game(game_type)
        self.game: Game = cls.new(players or cls.min_players, seed=seed, options=options)
        if not 0 <= seat < self.game.num_players:
            raise RuleError(f"There is no seat {seat + 1}: {cls.title} here has seats 1 to "
                            f"{self.game.num_players}; choose one with --seat.", "no_seat")
        self.seat = seat
        self.cast = Cast([colour_player(s) if s == seat else ai_player(s, level)
                          for s in range(self.game.num_players)], seat, intro=False)
        """The seats as you read them: you, and each AI seat by its own name (shown in full on the table's lines)."""
        self.ai = timed_player(game_type, level, think_seconds)  # the hard level thinks here, as in a worker
        self.rng = random.Random(seed)
        self.out = out
        self.ask, self.say = ask, say
        out.mkdir(parents=True, exist_ok=True)

    def run(self) -> int:
        g = self.game
        others = ", ".join(self.cast.full(s) for s in range(g.num_players) if s != self.seat)
        self.say(f"{g.title}: you play {self.cast.player(self.seat).colour} against {others}. "
                 f"Pictures go to {self.out}/")
        self.say(HELP)
        self._draw()
        while not g.over:
            ai = set(range(g.num_players)) - {self.seat}
            ai_movers = sorted(g.to_move() - {self.seat, offer_waiting(g, ai)})
            if ai_movers:  # as on Discord, AI seats act at once, even while the human may act too
                self._apply(ai_movers[0], choose_for(g, ai_movers[0], self.ai, self.rng))
            elif not self._human_turn():
                self.say("Game left unfinished.")
                return 0
        result = g.result()
        if result is not None:  # the engine's own events have already said the game is over
            self.say("Final scores: " + ", ".join(
                f"seat {s + 1}: {score}" for s, score in enumerate(result.scores)))
            self.say(f"{noun(len(result.winners), 'Winner')}: " + ", ".join(f"seat {s + 1}" for s in result.winners))
        return 0

    def _human_turn(self) -> bool:
        legal = self.game.legal_actions(self.seat)
        self._list(legal)
        while True:
            answer = self.ask(f"seat {self.seat + 1}> ").strip()
            if answer == "q":
                return False
            if answer == "v":
                for line in private(self.game.id, self.game.view(self.seat), self.cast):
                    self.say(line)
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
        if not answer.startswith("{"):
            self.say(f"Unknown input {answer!r}. {self._hint(legal)}")
            return None
        try:
            action = json.loads(answer)
        except json.JSONDecodeError as err:
            self.say(f"That is not valid JSON: {err}. {self._hint(legal)}")
            return None
        if not isinstance(action, dict) or "type" not in action:
            self.say(f'A JSON action is an object with a "type" key. {self._hint(legal)}')
            return None
        return action

    def _hint(self, legal: list[dict[str, Any]]) -> str:
        """What may be typed now: the numbers, the move types listed, and the free-form ones."""
        types = sorted({str(a.get("type")) for a in legal})
        shapes = sorted({str(s["type"]) for s in self.game.action_shapes(self.seat)})
        parts = [f"Type a number from 1 to {len(legal)}" if legal else "No listed moves now",
                 f"a JSON move of type {', '.join(types)}" if types else "",
                 f"a free-form JSON move of type {', '.join(shapes)} (see the list)" if shapes else "",
                 "'v' (the table in words), 'l' (list again) or 'q' (quit)."]
        return "; ".join(p for p in parts if p)

    def _label(self, action: dict[str, Any]) -> str:
        """A move's label as the Discord panel words it: the seats it names by the cast."""
        return label(self.game.id, Move(self.game.describe(action), action), self.cast, self.game.view(None)).label

    def _list(self, legal: list[dict[str, Any]]) -> None:
        self.say("Your moves:")
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>3}. {self._label(action)}")
        for shape in self.game.action_shapes(self.seat):
            self.say(f"  JSON  {shape.get('help', shape['type'])}")

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        """Your own move by its label (worded before it changes the state); an AI seat's only by
        the public events, since its choice may be hidden (a card kept for later)."""
        said = self._label(action) if seat == self.seat else ""
        events = self.game.apply(seat, action)
        if seat == self.seat:
            self.say(f"You: {said}")
        for line in log(self.game.id, events, self.cast, self.game.view(None)):
            self.say(f"   {line}")
        self._draw()

    def _draw(self) -> None:
        gid = self.game.id
        mine = self.game.legal_actions(self.seat) if self.seat in self.game.to_move() else []
        (self.out / "board.png").write_bytes(render_board(gid, self.game.view(None), mine, self.cast))
        private = render_private(gid, self.game.view(self.seat), self.cast)
        if private is not None:
            (self.out / "hand.png").write_bytes(private)
