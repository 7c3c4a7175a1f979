"""Words: action labels and the reasons for refusals (what happened is the narrator's: renderers.narrator.roam)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Field, RuleError, fields_problem, kind_problem
from games.grammar import plural
from games.roam.data import ARTIFACTS, CARDS, short_name
from games.roam.geometry import SIZE, parse_square, project, square_name

_TYPES = ("choose", "skip_place", "early_rest", "hourglass", "rotate", "place", "hammer", "mark", "blank",
          "lantern", "done", "backpack", "slide", "end_turn", "bid", "pass", "buy")
_KEYS: dict[str, set[str]] = {"choose": {"card"}, "hourglass": {"card"}, "place": {"square"},
                              "hammer": {"square", "target"}, "mark": {"square"}, "blank": {"square"},
                              "lantern": {"square"}, "slide": {"from", "to"}, "bid": {"amount"},
                              "buy": {"artifact"}}
NAMES_OF = {"card": "the character card", "square": "the square", "target": "the marker you replace",
            "from": "the square the marker leaves", "to": "the square it moves to", "amount": "the bid",
            "artifact": "the artifact"}
"""What a refusal calls each field: the picture's words, never the JSON key."""
ANYTHING = Field("anything", lambda v: True)
"""Each field's type is checked by `field_error`, in words of its own."""
_FIELDS = tuple(sorted(NAMES_OF))
"""The fields `field_error` checks, in the order it checks them: a move with two bad fields hears of the same one
whichever order it was written in."""
_SQUARE_KEYS = frozenset({"square", "target", "from", "to"})
_SQUARES = frozenset(square_name((r, c)) for r in range(SIZE) for c in range(SIZE))
_ARTIFACT_FOR = {"hourglass": "flip", "rotate": "rotate", "hammer": "replace", "lantern": "blank",
                 "backpack": "coin", "slide": "slide"}
_PHASE_WORDS = {"start": "start your turn: choose a character (or rest)", "anchor": "choose where the key marker goes",
                "pick": "choose which squares get your last markers", "blanks": "buy blanks or finish placing",
                "free": "use a free artifact or end your turn", "bid": "bid or pass for a tied card",
                "buy": "buy an artifact or end your turn", "over": "nothing: the game is over"}


class TextMixin:
    """Labels and sentences; mixed into RoamGame."""

    players: list[dict[str, Any]]
    phase: str
    turn: dict[str, Any]
    row: list[str]
    step0: int
    current: int
    bid: dict[str, Any] | None

    def describe(self, action: Action) -> str:
        kind = action.get("type")
        if kind == "choose":
            card = CARDS[action["card"]]
            return f"{short_name(card.id)} ({plural(card.vp, 'point')})"
        if kind == "place":
            return f"Key marker on {action['square']}{self._yield_words(action['square'])}"
        if kind == "hammer":
            return f"Key marker on {action['square']}, Hammer on {action['target']}"
        if kind == "mark":
            return f"Marker on {action['square']}"
        if kind == "blank":
            return f"Blank on {action['square']} (2 coins)"
        if kind == "lantern":
            return f"Blank on {action['square']} (Lantern, free)"
        if kind == "slide":
            return f"Walking Stick: {action['from']} to {action['to']}"
        if kind == "hourglass":
            return f"Hourglass: flip {short_name(action['card'])}"
        if kind == "bid":
            return f"Bid {plural(action['amount'], 'coin')}"
        if kind == "buy":
            a = ARTIFACTS[action["artifact"]]
            return f"{a.name} ({plural(a.cost, 'coin')}, {plural(a.vp, 'point')})"
        return {"skip_place": "Nothing fits: skip placing", "early_rest": "Early rest (pay to flip all up)",
                "rotate": "Wizard's Hat: rotate the pattern", "done": "Finish placing",
                "backpack": "Backpack: +1 coin", "end_turn": "End turn", "pass": "Pass"}.get(str(kind), str(kind))

    def _yield_words(self, square: str) -> str:
        """": 3 markers, +2 coins", ": places nothing, every square is taken": what a placement gives, said
        while the key marker is being placed (A5.3 step 1)."""
        sq = parse_square(square)
        if self.phase != "anchor" or sq is None:
            return ""
        fill, blanks = self.yield_of(self.current, sq)  # type: ignore[attr-defined]
        if not fill and not blanks:
            return ": places nothing, every square is taken"
        supply = self.players[self.current]["supply"]
        said = [plural(len(fill), "marker") if fill else "no marker"]
        if len(fill) > supply:
            said[0] += f" (you have {supply} left)"
        coins = sum(self.square_coins(q) for q in fill)  # type: ignore[attr-defined]
        if coins:
            said.append(f"+{plural(coins, 'coin')}")
        if blanks:
            said.append(f"{plural(len(blanks), 'blank')} to buy at 2 coins")
        return ": " + ", ".join(said)

    # -- refusals --------------------------------------------------------------

    def _refusal(self, seat: int, action: Any) -> RuleError:
        """Why an action is not among the legal ones, in a plain sentence with a stable code."""
        to_move: frozenset[int] = self.to_move()  # type: ignore[attr-defined]
        if (problem := kind_problem(action, _TYPES, "ROAM", "action")) is not None:
            return RuleError(f"{problem[:-1]}; now you may {_PHASE_WORDS[self.phase]}.", "bad_action")
        kind = action["type"]
        if seat not in to_move:
            waiting = ", ".join(self.players[s]["colour"] for s in sorted(to_move))
            return RuleError(f"It is not your move: waiting for {waiting}.", "not_your_turn")
        if problem := fields_problem(action, dict.fromkeys(_KEYS.get(kind, ()), ANYTHING), noun="action",
                                     names=NAMES_OF):
            return RuleError(problem, "bad_action")
        if (bad := field_error(action)) is not None:
            return bad
        legal: list[Action] = self.legal_actions(seat)  # type: ignore[attr-defined]
        if not any(a["type"] == kind for a in legal):
            artifact = _ARTIFACT_FOR.get(kind)
            if artifact and not any(a["kind"] == artifact and a["up"] for a in self._artifacts(seat)):
                return RuleError(f"You have no face-up {_artifact_name(artifact)}: it is missing or already "
                                 "used until you rest (A3.3).", "artifact_used")
            if kind == "early_rest":
                up = self.face_up(seat)  # type: ignore[attr-defined]
                if self.step0 > 1:
                    return RuleError("Early rest is only allowed at the very start of your turn (A5.3 step 0).",
                                     "too_late")
                return RuleError(f"Early rest costs 1 coin per face-up character: {up}, and you have "
                                 f"{plural(self.players[seat]['coins'], 'coin')} (A5.3 step 0.3).", "cannot_afford")
            if kind == "blank" and self.phase == "blanks":
                return RuleError(f"A blank costs 2 coins and you have {plural(self.players[seat]['coins'], 'coin')} "
                                 "(A5.3 step 1.3).",
                                 "cannot_afford")
            return RuleError(f"You cannot {kind.replace('_', ' ')} now: {_PHASE_WORDS[self.phase]}.", "wrong_phase")
        return self._specific(seat, action)

    def _artifacts(self, seat: int) -> list[dict[str, Any]]:
        return [{"kind": ARTIFACTS[a["id"]].kind, "up": a["up"]} for a in self.players[seat]["artifacts"]]

    def _specific(self, seat: int, action: Action) -> RuleError:
        kind = action["type"]
        player = self.players[seat]
        if kind in ("choose", "hourglass"):
            mine = {c["card"]: c for c in player["characters"]}
            if action["card"] not in mine:
                return RuleError("That is not one of your characters.", "not_your_card")
            if kind == "choose" and not mine[action["card"]]["up"]:
                return RuleError(f"{CARDS[action['card']].name} is face down: use a face-up character, or rest "
                                 "to flip them all up (A5.3 step 1).", "face_down")
            return RuleError(f"{CARDS[action['card']].name} has no legal place on the map now.", "no_room")
        if kind in ("place", "hammer"):
            sq = parse_square(action["square"])  # a real square: field_error checked it
            normal = [tuple(c) for c in self.turn["normal"]]
            cells = project(player["edge"], sq, normal, normal)  # type: ignore[arg-type]
            if not all(self.has_card(c) for c in cells):  # type: ignore[attr-defined]
                return RuleError(f"With its key marker on {action['square']} the pattern leaves the map: every "
                                 "normal marker must land on a card (A2 Placement anchor).", "off_map")
            return RuleError(f"The Hammer can only replace an opponent's marker on one of the pattern's "
                             f"normal squares (A3.3), not {action.get('target')}.", "bad_target")
        if kind in ("blank", "lantern"):
            if action["square"] not in self.turn["blanks"]:
                return RuleError(f"{action['square']} is not a blank square of this pattern that is still open.",
                                 "not_blank")
            return RuleError(f"A blank costs 2 coins and you have {plural(player['coins'], 'coin')} (A5.3 step 1.3).",
                             "cannot_afford")
        if kind == "bid":
            amount = action["amount"]
            low = self.min_bid()  # type: ignore[attr-defined]
            if amount < low:
                return RuleError(f"Your bid must be at least {low}, one more than the last bid (A5.3 step 3.2).",
                                 "bid_too_low")
            return RuleError(f"You cannot bid {amount}: you have {plural(player['coins'], 'coin')} (A5.3 step 3.2).",
                             "cannot_afford")
        if kind == "buy":
            if action["artifact"] not in self.row:
                return RuleError("That artifact is not in the row.", "not_in_row")
            a = ARTIFACTS[action["artifact"]]
            return RuleError(f"The {a.name} costs {plural(a.cost, 'coin')} and you have "
                             f"{plural(player['coins'], 'coin')}.", "cannot_afford")
        if kind == "mark":
            return RuleError("Choose one of the pattern's open squares: " + ", ".join(self.turn["pending"]) + ".",
                             "bad_square")
        if kind == "slide":
            return RuleError("The Walking Stick moves one marker to an empty orthogonally adjacent square on a card.",
                             "bad_slide")
        return RuleError(f"That is not allowed now: {_PHASE_WORDS[self.phase]}.", "illegal")


def field_error(action: Action) -> RuleError | None:
    """Check each field's type before the legal-action test, which compares with ==: 2.0 == 2 and True == 1
    would slip through and be stored, and a list (unhashable) would crash the refusal code.  Amounts are
    real ints, squares are written exactly as A1..F6 (as listed in the legal actions), ids are strings."""
    for key in _FIELDS:
        if key not in action:
            continue
        value = action[key]
        if key == "amount" and type(value) is not int:
            return RuleError(f"A bid is a whole number of coins, not {value!r}.", "bad_action")
        if key in _SQUARE_KEYS and not (isinstance(value, str) and value in _SQUARES):
            return RuleError(f"Name a map square from A1 to F6, such as C4 (not {value!r}).", "bad_square")
        if key in ("card", "artifact") and not isinstance(value, str):
            return RuleError(f"Name {NAMES_OF[key]} by its id, such as "
                             f"{'S1-blue' if key == 'card' else 'A-coin-1'}, not {value!r}.", "bad_action")
    return None


def _artifact_name(kind: str) -> str:
    return next(a.name for a in ARTIFACTS.values() if a.kind == kind)
