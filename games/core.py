"""The engine contract every game implements (DESIGN §2).

The runtime, the AI players and the test suite speak to a game only through `Game`.
Engines are pure: no I/O, no clock, no global randomness.  Chance comes from `Rng`,
whose whole state (a seed and a counter) lives inside the game state, so that the
same seed and the same actions always give the same `to_dict()`.
"""

from __future__ import annotations

import json
import marshal
import math
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar

from games import grammar

Action = dict[str, Any]
"""A JSON object with a "type" key, e.g. {"type": "build_road", "edge": 41}."""

Event = dict[str, Any]
"""A small JSON object with a "type" key; the channel log is made of them."""


_RULE = r"(?:(?:CAT|COL|ROA)-[SR]?\d+(?:–[SR]?\d+)?|[SR]\d+|[AB]\d+(?:\.\d+)*)(?: (?:[A-Za-z]+\d*|\d+(?:\.\d+)*))*"
CITATION = re.compile(rf"\s*\(({_RULE}(?:[,;] {_RULE})*)\)")
"""A parenthesised list of rule ids, as engines cite them: "(ROA-S13, ROA-R14)", "(COL-S17, R25)",
"(B5.3 PREP 2)", "(A5.3 step 0)"."""


def citations(message: str) -> tuple[str, tuple[str, ...]]:
    """The message without its rule citations, and the rules cited ("COL-S17, R25" cites COL-S17 and COL-R25)."""
    rules: list[str] = []
    for found in CITATION.finditer(message):
        family = ""
        for item in re.split(r"[,;] ", found.group(1)):
            if "-" in item.split(" ")[0]:
                family = item.split("-")[0] + "-"
            elif family and re.fullmatch(r"[SR]\d+", item):
                item = family + item
            rules.append(item)
    return CITATION.sub("", message), tuple(rules)


class RuleError(ValueError):
    """An illegal action.  `str(err)` is shown to the player as is; `code` is stable, for logs and tests.

    Engines write a refusal as a sentence that cites the rules it applies, "Place the drawn tile first
    (ROA-S16).": the player reads the sentence alone, and the rule ids go to `rules`, beside `code`."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        said, self.rules = citations(message)
        super().__init__(said)
        self.code = code


def whole(value: Any) -> bool:
    """An integer and nothing else: True == 1 and 1.0 == 1 in Python, but neither names a place or a count."""
    return type(value) is int


@dataclass(frozen=True)
class Field:
    """The JSON type one field of an action must have, checked before any rule sees the value."""

    label: str
    """What the value must be, as the refusal says it: "The intersection must be {label}"."""
    accepts: Callable[[Any], bool]


TEXT = Field("text", lambda v: isinstance(v, str))
WHOLE = Field("a whole number", whole)


def kind_of(action: Any) -> str:
    """The action's type when it is text, else "unknown": for error codes, whatever was sent."""
    kind = action.get("type") if isinstance(action, dict) else None
    return kind if isinstance(kind, str) else "unknown"


def kind_problem(action: Any, kinds: Collection[str], title: str, noun: str = "move") -> str | None:
    """Why `action` is no move of this game at all: not a JSON object, or no known text "type".

    Every engine asks this first, so that nothing later meets a list where it looks up a name."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str):
        return f"That is not {grammar.a(f'{title} {noun}')}: choose one of the moves offered to you."
    if kind not in kinds:
        return f"There is no {title} {noun} called {kind[:40]!r}."
    return None


def listed(words: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def fields_problem(action: dict[str, Any], required: Mapping[str, Field], optional: Mapping[str, Field] | None = None,
                   noun: str = "move", *, names: Mapping[str, str]) -> str | None:
    """Why an action's fields are not its type's own: one missing, one extra, or one of the wrong JSON type.
    Asked after `kind_problem`, which makes sure of the "type".  The refusal says what each field means as
    the pictures and panels name it (`names`: "col" is "the column"), never the JSON key."""
    optional = optional or {}
    found = 0  # the usual case first: every field the type's own and of its type, answered without sets
    for name, value in action.items():
        spec = required.get(name)
        if spec is not None:
            found += 1
        elif name == "type":
            continue
        elif (spec := optional.get(name)) is None:
            break
        if not spec.accepts(value):
            break
    else:
        if found == len(required):
            return None
    given = set(action) - {"type"}
    if not set(required) <= given or not given <= set(required) | set(optional):
        if not required and not optional:
            return f"This {noun} takes no details."
        may = listed([names[f] for f in sorted(optional)]) if optional else ""
        if not required:
            return f"This {noun} may name {may}, and nothing else."
        maybe = f" (and may name {may})" if optional else ""
        return f"This {noun} names {listed([names[f] for f in sorted(required)])}{maybe}, and nothing else."
    for name in sorted(given):
        spec = required.get(name) or optional[name]
        if not spec.accepts(action[name]):
            said = names[name]
            return f"{said[:1].upper()}{said[1:]} must be {spec.label}."
    return None


@dataclass(frozen=True)
class Option:
    """A table option (variant) a game declares, with its allowed values."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""

    def validate(self, value: Any) -> Any:
        """The choice meant by `value`; text as typed in Discord ("true", "12") names a choice too."""
        if isinstance(value, str):
            value = next((c for c in self.choices if str(c).lower() == value.lower()), value)
        if not any(c == value and type(c) is type(value) for c in self.choices):  # True is not 1 here
            allowed = ", ".join(str(c) for c in self.choices)
            raise RuleError(f"Option {self.name} must be one of: {allowed}.", "bad_option")
        return value


@dataclass(frozen=True)
class Result:
    """Final standing: per-seat scores, seats ranked best first (ties share a place)."""

    scores: list[int | float]
    ranking: list[list[int]]
    """Places in order; each place lists the seats that share it after tiebreaks."""
    details: dict[str, Any] = field(default_factory=dict)
    """Per-game breakdown (score categories, tiebreak values) for the score table."""

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranking": [list(p) for p in self.ranking],
                "winners": self.winners, "details": self.details}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        return cls(list(data["scores"]), [list(p) for p in data["ranking"]], dict(data.get("details", {})))

    @classmethod
    def by_keys(cls, keys: list[tuple[Any, ...]], scores: list[int | float],
                details: dict[str, Any] | None = None) -> Result:
        """Rank seats by a sort key (higher is better); equal keys share a place."""
        order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
        ranking: list[list[int]] = []
        for seat in order:
            if ranking and keys[ranking[-1][0]] == keys[seat]:
                ranking[-1].append(seat)
            else:
                ranking.append([seat])
        return cls(list(scores), ranking, details or {})


class Rng:
    """Deterministic randomness whose entire state is JSON: a seed and a draw counter.

    Every draw seeds a fresh `random.Random` from (seed, counter), so the state stays two
    integers however long the game runs, and restoring it is exact.
    """

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def _next(self) -> random.Random:
        self.counter += 1
        return random.Random(self.seed * 1_000_003 + self.counter)

    def randint(self, a: int, b: int) -> int:
        return self._next().randint(a, b)

    def dice(self, n: int = 2, sides: int = 6) -> list[int]:
        r = self._next()
        return [r.randint(1, sides) for _ in range(n)]

    def choice(self, seq: list[Any]) -> Any:
        return self._next().choice(seq)

    def shuffle(self, seq: list[Any]) -> None:
        self._next().shuffle(seq)

    def sample(self, seq: list[Any], k: int) -> list[Any]:
        return self._next().sample(seq, k)

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Rng:
        return cls(int(data["seed"]), int(data["counter"]))


@dataclass(frozen=True)
class Moment:
    """A turn that decided a game, for its recap: `text` follows the seat's name ("takes Longest Road")
    or, with no seat, stands alone ("Summer's goal: 3 houses")."""

    text: str
    seat: int | None = None


G = TypeVar("G", bound="Game")
SG = TypeVar("SG", bound="StateGame")


class Move(NamedTuple):
    """A legal action as a player is offered it: its label, and the places on the picture where it
    happens (for choosing a long list in two steps)."""

    label: str
    action: Action
    areas: tuple[str, ...] = ()


class Game(ABC):
    """One game in progress.  Seats are 0..n-1 in turn order; the engine knows no users."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""
    resignation: ClassVar[str] = ""
    """What resigning means where the rules define it (then the game lists a `resign` move); empty where
    they do not, and a player who resigns hands their seat to an AI."""
    """A few lines for `/game rules`: what the game is and how a turn goes."""

    num_players: int
    """Set by every implementation in `new` and `from_dict`."""

    @classmethod
    def resolve_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and refuse unknown names or values."""
        given = dict(options or {})
        known = {o.name: o for o in cls.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise RuleError(f"Unknown option for {cls.title}: {', '.join(unknown)}.", "bad_option")
        return {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}

    @classmethod
    def check_players(cls, num_players: int) -> None:
        if not cls.min_players <= num_players <= cls.max_players:
            if cls.min_players == cls.max_players:
                need = f"exactly {cls.min_players}"
            else:
                need = f"{cls.min_players} to {cls.max_players}"
            raise RuleError(f"{cls.title} needs {need} players, not {num_players}.", "player_count")

    @classmethod
    def seating(cls, num_players: int, seed: int, options: dict[str, Any] | None = None) -> list[int]:
        """Who sits where: entry i is the lobby place (join order, from 0) of the player who takes seat i.
        Join order by default; a game whose rules seat the table at random says so here, and the host
        reorders the seats with it before `new` (the engine itself knows seats, not people)."""
        return list(range(num_players))

    @classmethod
    @abstractmethod
    def new(cls: type[G], num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> G:
        """A fresh game; implementations call check_players and resolve_options."""

    @classmethod
    @abstractmethod
    def from_dict(cls: type[G], data: dict[str, Any]) -> G: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """JSON-native and complete (hidden information included); round-trips exactly."""

    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of that seat, except free-form ones (see `action_shapes`)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play an action; raise RuleError (leaving the state unchanged) if illegal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What that seat may see (None: the public view, for the board picture)."""

    @abstractmethod
    def describe(self, action: Action) -> str:
        """A short human label for an action, e.g. "Build a road on 12–13"."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The final standing once over, tiebreaks applied; None before."""

    def action_shapes(self, seat: int) -> list[dict[str, Any]]:
        """Free-form actions that seat may send now but that are not listed (trade offers).

        Each entry: {"type": ..., "help": "what to send"}, and for building the move by clicking:
        "title" (what the builder is called), "fixed" (fields sent as they are, e.g. the offer
        answered), "fields" (see `pick_field` and `bundle_field`, in the order they are asked) and
        optionally "same_size": [field, field] when both bundles must hold as many cards, and "groups": the
        types of listed moves the builder also makes (Catan's one-card bank trades), which a move panel then
        shows inside the builder rather than one by one (the engine lists; the interface groups).
        Default: none.
        """
        return []

    @classmethod
    def costly(cls, action: Action) -> bool:
        """Is this move irreversible and costly (a card lost for good, resigning), so that the player
        confirms it first?  Decided by the action alone, so that a move panel is drawn without the game.
        Default: only a move called resign."""
        return action.get("type") == "resign"

    def areas(self, action: Action) -> tuple[str, ...]:
        """The names on the picture of where the action happens (a hex, a card, a row), so that a long
        list of moves can be chosen in two steps: first the place, then the move.  Default: none."""
        return ()

    def suggested(self, seat: int) -> list[tuple[Action, str]]:
        """Trades worth one tap for `seat` now, each with what it is for in the player's words ("a road"): what the
        seat could build next with one more card, read from `view(seat)` alone, and a move `apply` accepts (a
        listed bank trade or a free-form offer; see games/suggested.py). The move panel shows them as buttons
        (issue 43). Default: none."""
        return []

    def moves(self, seat: int) -> list[Move]:
        """The seat's legal actions as offered: labelled, with their places."""
        return [Move(self.describe(a), a, self.areas(a)) for a in self.legal_actions(seat)]

    # -- for search (DESIGN §2, §7): a searching player plays on copies, never on the table's game --------

    def copy(self: G) -> G:
        """An independent game in the same state (the same `to_dict()`), for search to play on.
        Default: a JSON round trip; engines override it with something much cheaper."""
        return type(self).from_dict(self.to_dict())

    def determinize(self: G, seat: int, rng: random.Random) -> G:
        """A full game that `view(seat)` cannot tell from this one: what the seat cannot see (other hands,
        deck orders, the dice to come) drawn afresh from `rng`, consistent with everything the seat sees."""
        raise NotImplementedError(f"{self.title} does not sample its hidden information")

    def evaluate(self, seat: int) -> float:
        """How well the seat stands, in [0, 1] (1: it has won), for playouts cut off before the end."""
        raise NotImplementedError(f"{self.title} has no evaluation")

    def notices(self, events: list[Event]) -> dict[int, list[Event]]:
        """Events each seat should hear of privately as well (a DM): the player's own elimination, a
        new season's goal.  Default: none; the channel shows every event anyway."""
        return {}

    def warnings(self, seat: int) -> list[str]:
        """What the seat should hear in its turn message before a check that can eliminate it or cost it points
        (a season card it does not meet, a colony about to run out): plain sentences, no rule ids, each saying
        what is short and when the check comes.  A warning may name what only that seat knows (a secret
        objective): show it to that player alone.  Default: none."""
        return []

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """May the actor take this action back?  Only when it revealed nothing hidden or random."""
        return False

    def only_declines(self, seat: int) -> bool:
        """Is `seat` to move only to decline an offer it cannot take (its listed moves: a decline, and resigning)?
        Nobody is asked or pinged for that (DESIGN §5): the seat stays to move, and its answer may wait for the
        offer's wait to run out, as when nobody answers.  Never the seat whose turn it is."""
        if seat not in self.to_move() or seat == self.current_seat():
            return False
        kinds = {a["type"] for a in self.legal_actions(seat)}
        return "decline" in kinds and kinds <= {"decline", "resign"}

    def current_seat(self) -> int | None:
        """The seat whose turn it is (for "whose turn" displays); None when over."""
        seats = self.to_move()
        return min(seats) if seats else None

    # -- the recap and the replay: read from public views only, so they can show nothing hidden ----

    @classmethod
    def public_scores(cls, view: dict[str, Any]) -> list[float]:
        """Each seat's score as anyone may see it, from a public view (the recap's chart).
        Default: the "score" of each of the view's players, or else the view's "scores"."""
        if "players" in view:
            return [p.get("score", 0) for p in view["players"]]
        return list(view.get("scores", []))

    @classmethod
    def round_of(cls, view: dict[str, Any]) -> int:
        """The round a public view is in (the replay jumps by round). Default: the view's "round"."""
        return int(view.get("round") or 0)

    @classmethod
    def moments(cls, before: dict[str, Any], after: dict[str, Any]) -> list[Moment]:
        """What, between two public views a turn apart, helped decide the game (a title changing hands,
        an elimination). Default: none."""
        return []


def standing(strengths: list[float], seat: int, sharpness: float = 1.0) -> float:
    """The seat's share of exp(sharpness × strength) over all seats: an evaluation in (0, 1) from per-seat
    strengths (points, production), highest for the strongest, 1/n when all stand equal."""
    top = max(strengths)
    weights = [math.exp(sharpness * (s - top)) for s in strengths]
    return weights[seat] / sum(weights)


def outcome(result: Result, seat: int) -> float:
    """A finished game's evaluation: 1 for the sole winner, shared among tied winners, 0 for the others."""
    winners = result.winners
    return 1 / len(winners) if seat in winners else 0.0


CheckT = TypeVar("CheckT")
DoT = TypeVar("DoT")


def split_handlers(handlers: Mapping[str, tuple[CheckT, DoT]]) -> tuple[dict[str, CheckT], dict[str, DoT]]:
    """A game's one visible table of (checker, doer) per action type, split into the checkers and the doers
    that `legal_actions` and `apply` look up by type."""
    return ({kind: check for kind, (check, _do) in handlers.items()},
            {kind: do for kind, (_check, do) in handlers.items()})


def ended_value(game: Game, seat: int) -> float | None:
    """Where every `evaluate` starts: an ended game's value to the seat (`outcome`), None while it goes on."""
    if not game.over:
        return None
    result = game.result()
    assert result is not None
    return outcome(result, seat)


def reshuffle(cards: list[Any], rng: random.Random, key: Callable[[Any], Any] | None = None) -> None:
    """A hidden pile put in a fresh order, in place, for `determinize`: sorted first, so that the sample
    follows the cards alone and not the hidden order they lay in (the result follows the seat's view)."""
    cards.sort(key=key)
    rng.shuffle(cards)


def with_fresh_dice(game: G, rng: random.Random) -> G:
    """The last step of every `determinize`: the sample rolls its own dice, drawn from `rng`, not the real
    game's dice to come."""
    game.rng = Rng(rng.getrandbits(62))  # type: ignore[attr-defined]
    return game


def turn_states(game: G, log: Iterable[tuple[int, Action]]) -> Iterator[tuple[int, G]]:
    """Play a stored log on `game` (fresh from `new`), yielding (actions applied, game) at the start, after
    every action that ends a turn (the seat whose turn it is changes, or the game ends) and after the last
    action: the states a recap charts and a replay shows. The same game object is yielded each time; read
    it before going on."""
    yield 0, game
    seat, shown, step = game.current_seat(), 0, 0
    for step, (actor, action) in enumerate(log, start=1):
        game.apply(actor, action)
        now = game.current_seat()
        if now != seat or game.over:
            seat, shown = now, step
            yield step, game
    if shown != step:
        yield step, game


def pick_field(name: str, label: str, choices: list[tuple[Any, str]], *, optional: bool = False,
               rates: Mapping[Any, dict[str, dict[str, int]]] | None = None) -> dict[str, Any]:
    """A builder field that takes one of `choices` (value, label): the action's `name` is the value.
    `rates` gives, for a choice that trades at fixed rates (Catan's bank), what one card got costs in each
    kind of a bundle field while that choice is picked, {field name: {value: cards}}: the builder says the
    rate and counts in whole lots."""
    rates = rates or {}
    return {"name": name, "label": label, "kind": "pick", "optional": optional,
            "choices": [{"value": v, "label": text} | ({"rates": rates[v]} if v in rates else {})
                        for v, text in choices]}


def bundle_field(name: str, label: str, choices: list[tuple[str, str, int]], *, as_names: bool = False,
                 plurals: dict[str, str] | None = None) -> dict[str, Any]:
    """A builder field that takes counts of `choices` (value, label, most allowed): the action's `name`
    is {value: count} of the counts above 0, or with `as_names` a sorted list naming each value count times.
    `plurals` gives a choice's label for more than one ("Farmers"), where it differs."""
    plurals = plurals or {}
    return {"name": name, "label": label, "kind": "names" if as_names else "counts",
            "choices": [{"value": v, "label": text, "max": most} | ({"plural": plurals[v]} if v in plurals else {})
                        for v, text, most in choices if most > 0]}


def clone(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, text, numbers): through `marshal`, which writes and reads those
    in C, several times quicker than a JSON round trip or `copy.deepcopy`."""
    return marshal.loads(marshal.dumps(value))


class StateGame(Game):
    """A game whose whole state is one JSON dict, `self.s`, with the seat count in `s["n"]` and the
    Rng's state in `s["rng"]`: the dict is its own JSON, so saving is a copy through `json`
    (several times faster than `copy.deepcopy`) with the Rng's counter written back first."""

    fixed: ClassVar[frozenset[str]] = frozenset()
    """Keys of the state that `new` sets and nothing changes afterwards (the options, the board's layout):
    a copy shares them, and the caches an engine derives from them alone."""

    def __init__(self, s: dict[str, Any]) -> None:
        self.s = s
        self.num_players = s["n"]
        self.rng = Rng.from_dict(s["rng"])
        self.events: list[Event] = []
        """The events of the move being applied, as the engine's procedures emit them."""

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @classmethod
    def from_dict(cls: type[G], data: dict[str, Any]) -> G:
        return cls(json.loads(json.dumps(data)))  # type: ignore[call-arg]

    def copy(self: SG) -> SG:
        """The state cloned but for its fixed keys; the engine's other attributes shared (an engine whose
        attributes change during play copies those too, in its own `copy`)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.s = self.copied_state()
        other.rng = Rng(self.rng.seed, self.rng.counter)
        other.events = []
        return other

    def copied_state(self) -> dict[str, Any]:
        """A deep copy of the state that shares the fixed keys."""
        fixed = self.fixed
        state = clone({k: v for k, v in self.s.items() if k not in fixed})
        state.update((k, self.s[k]) for k in fixed)
        return state

    def to_dict(self) -> dict[str, Any]:
        self.s["rng"] = self.rng.to_dict()
        return json.loads(json.dumps(self.s))


_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[G]) -> type[G]:
    """Class decorator: make a game available to the runtime by its id."""
    if cls.id in _REGISTRY and _REGISTRY[cls.id] is not cls:
        raise ValueError(f"game id {cls.id!r} registered twice")
    _REGISTRY[cls.id] = cls
    return cls


def registry() -> dict[str, type[Game]]:
    """All registered games by id (importing `games` registers the shipped ones)."""
    return dict(_REGISTRY)


def get_game(game_id: str) -> type[Game]:
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise RuleError(f"There is no game called {game_id!r}. Games: {known}.", "unknown_game") from None
