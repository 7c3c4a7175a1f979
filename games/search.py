"""The searching player (DESIGN §7, the *hard* level): information-set Monte Carlo tree search with
determinization, through the engine contract alone.

Each iteration samples one full game consistent with what the seat sees (`Game.determinize`), walks
one shared tree of action sequences down it (UCB with availability counts, since an action exists
only in the worlds where its cards exist), adds one node, plays `depth` random moves on (none by
default: measured in Catan, more iterations of the evaluation beat fewer, longer playouts, random or
heuristic) and scores the cut-off position with `Game.evaluate` for every seat; each tree node keeps the
score of the seat that chose it. The move played is the guide's unless another did better by a margin.
The seat's own candidate moves are its listed actions plus the free-form move its guide (the heuristic
of the game) would make, such as a trade offer: the search weighs that offer against the
listed moves by searching the answers to it.

A game may leave a step to the guide (`left_to_guide(seat)`: Roanoke's market step, whose worker moves the
tree walked from square to square without end). A game that can name the few moves worth weighing
(`search_candidates`: Catan, Colonies) is searched flat instead (`Rollouts`): at a tenth of a second the
tree ran 40-80 iterations over twenty-odd root moves (every road and bank trade) and so played the
heuristic's move or overruled it on noise; the flat search plays each of a handful of candidates in the
same sampled worlds, the guide playing on to the end of the turn.
In Colonies the tree, scoring a move at once by points, explored instead of farming and starved: it won 5
of 200 games against the heuristic, the flat search over the heuristic's best moves of its chosen kind 56.

The search reads only the seat's view: the real game is touched through `determinize(seat, …)`, the
seat's own `legal_actions` and `view`. It stops after an iteration budget (deterministic, for tests)
or after a time budget on a clock the caller passes in: games/ reads none.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from games.ai import Player, ViewT
from games.core import Action, Game, RuleError, outcome

EXPLORATION = 0.7
"""UCB's exploration weight, for rewards in [0, 1]."""
GUIDE_BONUS = 0.15
"""Progressive bias toward the guide's choice at the root, fading as the other moves are visited."""
MARGIN = 0.03
"""How much better (in mean reward) another move must have done than the guide's to be played instead."""
TRUSTED_VISITS = 8
"""...and how often it must have been tried: a few lucky samples do not overrule the heuristic."""
ROLLOUT_MARGIN = 0.005
"""How much better (in mean reward, over the same samples) a candidate must do than the guide's move in
`Rollouts` to be played instead."""
ROLLOUT_TURNS = 1
"""How far a rollout goes: to the end of this many turns (the one under way the first).  In Catan, to the
end of the round (4) won 9 of 48 games where the turn's end won 16 (the same seeds, 0.05 s a decision)."""
ROLLOUT_ACTIONS = 60
"""At most this many moves of a rollout a turn (trade offers and answers included)."""


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: at most `iterations` (playouts, in `Rollouts`), and with a `clock`
    (the caller's: games/ reads none) at most `seconds` from the decision's start.  At least one iteration
    (one sample of every candidate, in `Rollouts`) always runs."""

    iterations: int = 200
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    def stop(self) -> Callable[[], bool] | None:
        """For one decision starting now: a test that its time is up, or None without a time limit."""
        clock, seconds = self.clock, self.seconds
        if clock is None or seconds is None:
            return None
        deadline = clock() + seconds
        return lambda: clock() >= deadline


def scores(game: Game) -> list[float]:
    """Every seat's value of a position in [0, 1]: an ended game pays its winners (ties share), a cut-off
    one is the engine's `evaluate`."""
    result = game.result() if game.over else None
    if result is not None:
        return [outcome(result, s) for s in range(game.num_players)]
    return [game.evaluate(s) for s in range(game.num_players)]


def mover(game: Game, first: int | None = None) -> int:
    """Who acts next in the tree when several may: `first` if it may, else those answering someone
    (an offer's addressees, a discard) before the seat whose turn it is, lowest seat first."""
    seats = game.to_move()
    if first is not None and first in seats:
        return first
    if len(seats) == 1:
        return next(iter(seats))
    turn = game.current_seat()
    others = sorted(s for s in seats if s != turn)
    return others[0] if others else min(seats)


def key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


class Node:
    """Statistics of one action sequence: visits, times it was available, and the summed reward of the
    seat that chose its last action."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.avail) / self.visits)


class Search:
    """One decision of `seat` in `game`: run `budget` iterations, then the most visited root move."""

    def __init__(self, game: Game, seat: int, candidates: list[Action], guide: Action | None,
                 rng: random.Random, *, depth: int) -> None:
        self.game, self.seat, self.rng, self.depth = game, seat, rng, depth
        self.root = Node()
        self.moves = {key(a): a for a in candidates}
        self.guide = key(guide) if guide is not None else None
        self.iterations = 0

    def run(self, budget: Budget) -> Action:
        stop = budget.stop()
        while self.iterations < budget.iterations:
            self.iterate()
            self.iterations += 1
            if stop is not None and stop():
                break
        return self.best()

    def best(self) -> Action:
        """The most visited root move, if it beat the guide's by `MARGIN` over `TRUSTED_VISITS` tries or more;
        else the guide's (so that a small budget plays the heuristic, and a larger one improves on it)."""
        order = sorted(self.moves, key=lambda k: (k != self.guide,))
        children = self.root.children
        pick = max(order, key=lambda k: children[k].visits if k in children else -1)
        guide = children.get(self.guide) if self.guide is not None else None
        if pick != self.guide and guide is not None and guide.visits and self.guide in self.moves:
            chosen = children[pick]
            better = chosen.reward / chosen.visits >= guide.reward / guide.visits + MARGIN
            if not better or chosen.visits < TRUSTED_VISITS:
                return self.moves[self.guide]
        return self.moves[pick]

    def iterate(self) -> None:
        world = self.game.determinize(self.seat, self.rng)
        node, path = self.root, []
        while not world.over:
            actor = mover(world, self.seat if node is self.root else None)
            options = self._root_options() if node is self.root else world.legal_actions(actor)
            chosen = self._select(node, options)
            if chosen is None:
                break
            k, action, fresh = chosen
            try:
                world.apply(actor, action)
            except RuleError:  # a free-form root move this world refuses: not a move after all
                self.moves.pop(k, None)
                node.children.pop(k, None)
                return
            node = node.children[k]
            path.append((node, actor))
            if fresh:
                break
        self._playout(world)
        rewards = scores(world)
        for visited, actor in path:
            visited.visits += 1
            visited.reward += rewards[actor]

    def _root_options(self) -> list[Action]:
        return list(self.moves.values())

    def _select(self, node: Node, options: list[Action]) -> tuple[str, Action, bool] | None:
        """The untried option to add (the guide's first at the root), else the best by UCB among
        those available in this world; availability is counted for every option seen."""
        if not options:
            return None
        keyed = [(key(a), a) for a in options]
        untried = [(k, a) for k, a in keyed if k not in node.children]
        for k, _ in keyed:
            if k in node.children:
                node.children[k].avail += 1
        if untried:
            guided = [(k, a) for k, a in untried if k == self.guide] if node is self.root else []
            k, a = guided[0] if guided else self.rng.choice(untried)
            node.children[k] = Node()
            return k, a, True
        total = max(1, node.visits)

        def value(item: tuple[str, Action]) -> float:
            child = node.children[item[0]]
            bias = GUIDE_BONUS * math.sqrt(total) / (child.visits + 1) if item[0] == self.guide else 0.0
            return child.ucb() + bias

        k, a = max(keyed, key=value)
        return k, a, False

    def _playout(self, world: Game) -> None:
        for _ in range(self.depth):
            if world.over:
                return
            actor = mover(world)
            legal = world.legal_actions(actor)
            if not legal:
                return
            world.apply(actor, self.rng.choice(legal))


class Rollouts:
    """One decision of `seat` among a few candidate moves (the game's `search_candidates`): flat Monte Carlo
    with common random numbers.  Each sample is one world drawn from the seat's view (`determinize`);
    every candidate is played in a copy of that same world (the same hidden cards, the same dice), then
    the guide plays every seat on to the end of the turn, and the position is scored by `evaluate`.  The
    candidates thus differ by the move alone, not by the luck of their samples, and a handful of samples
    tells them apart.  The guide's move is kept unless another beat it by `ROLLOUT_MARGIN` on average."""

    def __init__(self, game: Game, seat: int, candidates: list[Action], hint: Action, guide: Player,
                 rng: random.Random, *, turns: int | None = None) -> None:
        self.game, self.seat, self.guide, self.rng = game, seat, guide, rng
        self.turns = ROLLOUT_TURNS if turns is None else turns
        self.moves = {key(a): a for a in [hint, *candidates]}
        self.hint = key(hint)
        self.totals = dict.fromkeys(self.moves, 0.0)
        self.samples = self.playouts = 0

    def run(self, budget: Budget) -> Action:
        """Whole samples (every candidate once each) until `budget.iterations` playouts or the time is up."""
        stop = budget.stop()
        while self.playouts < budget.iterations:
            world = self.game.determinize(self.seat, self.rng)
            seed = self.rng.getrandbits(32)
            for k in list(self.moves):
                self.totals[k] += self._playout(world.copy(), k, random.Random(seed))
                self.playouts += 1
            self.samples += 1
            if stop is not None and stop():
                break
        return self.best()

    def best(self) -> Action:
        pick = max(self.moves, key=lambda k: (self.totals[k], k == self.hint))
        if pick == self.hint or self.totals[pick] < self.totals[self.hint] + ROLLOUT_MARGIN * self.samples:
            return self.moves[self.hint]
        return self.moves[pick]

    def _playout(self, world: Game, k: str, rng: random.Random) -> float:
        turn, ends = world.current_seat(), 0
        try:
            world.apply(self.seat, self.moves[k])
        except RuleError:  # a free-form move (an offer) this world refuses: it cannot be chosen
            return -math.inf
        for _ in range(ROLLOUT_ACTIONS * self.turns):
            now = world.current_seat()
            if now != turn:
                turn, ends = now, ends + 1
            if world.over or ends >= self.turns:
                break
            actor = mover(world)
            legal = world.legal_actions(actor)
            if not legal:
                break
            try:
                world.apply(actor, self.guide.choose_in(world, actor, legal, rng))
            except RuleError:
                break
        return world.evaluate(self.seat)  # an ended world's outcome, else the cut-off's value: this seat's alone


def best_of_kind(legal: list[Action], hint: Action, value: Callable[[Action], float], k: int) -> list[Action]:
    """The heuristic's `hint` and the `k` moves of its kind that `value` (the heuristic's own score) ranks
    highest: the search then weighs how to do what the heuristic chose to do, not whether to do it."""
    return [hint, *sorted((a for a in legal if a["type"] == hint["type"]), key=value, reverse=True)[:k]]


class SearchPlayer(Player):
    """The hard level: a search guided by the game's heuristic (its free-form moves and first try).  A game
    that names a few candidate moves worth weighing (`search_candidates(seat, legal, hint)`) is searched by
    `Rollouts`; any other by the tree of `Search`."""

    def __init__(self, guide: Player, budget: Budget, *, depth: int = 0) -> None:
        self.guide, self.budget, self.depth = guide, budget, depth

    def choose(self, view: ViewT, legal: list[Action], rng: random.Random) -> Action:
        raise TypeError("the search plays from the game itself: call choose_in (games.ai.choose_for does)")

    def choose_in(self, game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
        hint = self.guide.choose_in(game, seat, legal, rng)
        if len(legal) == 1 and hint in legal:
            return legal[0]
        left = getattr(game, "left_to_guide", None)
        if left is not None and left(seat):
            return hint
        few = getattr(game, "search_candidates", None)
        if few is not None:
            candidates = few(seat, legal, hint)
            if all(key(a) == key(hint) for a in candidates):
                return hint
            return Rollouts(game, seat, candidates, hint, self.guide, rng).run(self.budget)
        candidates = legal if hint in legal else [*legal, hint]
        return Search(game, seat, candidates, hint, rng, depth=self.depth).run(self.budget)
