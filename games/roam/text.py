"""Words: action labels, event sentences and the reasons for refusals."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Field, RuleError, fields_problem, kind_problem
from games.grammar import plural
from games.roam.data import ARTIFACTS, CARDS, short_name
from games.roam.geometry import SIZE, parse_square, project, slot_squares, square_name

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


def who(seat: int) -> str:
    return f"Seat {seat + 1}"


def land(slot: int, *, starts: bool = False) -> str:
    """"land card 6 (E4–F6)": a land card of the map by its number (1-6, as its plate shows it) and the squares
    it covers, the one name for the place a character is completed, tied for and refilled on; capitalised when
    it `starts` a sentence."""
    squares = slot_squares(slot - 1)
    return f"{'L' if starts else 'l'}and card {slot} ({square_name(min(squares))}–{square_name(max(squares))})"


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
            return f"{short_name(card.id)} ({card.vp} VP)"
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
            return f"{a.name} ({plural(a.cost, 'coin')}, {a.vp} VP)"
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

    def describe_event(self, event: Event) -> str:
        kind = event["type"]
        seat = event.get("seat", 0)
        if kind == "setup":
            return f"The map is dealt; {who(event['first'])} goes first."
        if kind == "turn_started":
            return f"{who(seat)}'s turn ({self.players[seat]['edge']} edge)."
        if kind == "rested":
            paid = event["paid"]
            return f"{who(seat)} rests: all characters and artifacts face up" + (f" (paid {paid})." if paid else ".")
        if kind == "flipped":
            return f"{who(seat)} flips {short_name(event['card'])} face {'up' if event['up'] else 'down'}."
        if kind == "chose":
            return f"{who(seat)} uses {CARDS[event['card']].name}."
        if kind == "rotated":
            return f"{who(seat)} rotates the pattern."
        if kind == "placed":
            return f"{who(seat)} places the pattern with its key marker on {event['anchor']}."
        if kind == "marker":
            coins = f" (+{plural(event['coins'], 'coin')})" if event["coins"] else ""
            what = {"normal": "a marker", "blank": "a blank", "lantern": "a free blank",
                    "hammer": "a marker"}[event["how"]]
            return f"{who(seat)} puts {what} on {event['square']}{coins}."
        if kind == "skipped_cells":
            return f"Occupied, skipped: {', '.join(event['squares'])}."
        if kind == "short":
            return (f"{who(seat)} has only {plural(event['supply'], 'marker')} left for "
                    f"{plural(event['cells'], 'square')}.")
        if kind == "replaced":
            return f"{who(seat)}'s Hammer sends {who(event['victim'])}'s marker on {event['square']} home."
        if kind == "artifact_used":
            return f"{who(seat)} uses the {ARTIFACTS[event['artifact']].name}."
        if kind == "coins":
            return f"{who(seat)} gains {plural(event['gained'], 'coin')}."
        if kind == "slid":
            return f"{who(seat)} slides {who(event['owner'])}'s marker from {event['from']} to {event['to']}."
        if kind == "skipped":
            return f"{who(seat)} has no character that fits and places nothing."
        if kind == "outpost":
            return f"{who(seat)} surrounds the marker on {event['square']} and takes the Outpost (+3 VP)."
        if kind == "completed":
            return f"{land(event['slot'], starts=True)}, {CARDS[event['card']].name}, is complete."
        if kind == "bid_started":
            return f"Tie on {land(event['slot'])}: {', '.join(who(s) for s in event['order'])} bid in that order."
        if kind == "bid":
            return f"{who(seat)} bids {event['amount']}."
        if kind == "passed":
            return f"{who(seat)} passes" + (" (not enough coins)." if event["forced"] else ".")
        if kind == "claimed":
            paid = f" for {plural(event['paid'], 'coin')}" if event["paid"] else ""
            consoled = f"; {', '.join(who(s) for s in event['consoled'])} +1 coin" if event["consoled"] else ""
            return f"{who(seat)} claims {CARDS[event['card']].name}{paid}{consoled}."
        if kind == "refilled":
            card = event["card"]
            where = land(event["slot"], starts=True)
            return f"{where} now offers {CARDS[card].name}." if card else f"{where} stays empty: no card is left."
        if kind == "bought":
            return f"{who(seat)} buys the {ARTIFACTS[event['artifact']].name} for {plural(event['cost'], 'coin')}."
        if kind == "artifact_revealed":
            return f"New artifact in the row: {ARTIFACTS[event['artifact']].name}."
        if kind == "end_triggered":
            if event["reason"] == "cards":
                return f"{who(seat)} has ten cards: this round is the last."
            return "Nobody has placed a marker for two rounds: this round is the last."
        if kind == "turn_ended":
            return f"{who(seat)} ends the turn."
        if kind == "game_over":
            won = "Game over. Winner: " + ", ".join(who(s) for s in event["winners"])
            if "parts" not in event:  # a game stored before the parts were recorded
                return won + "."
            points = [f"{who(s)} {p['total']} ({_parts(p)}), {plural(event['coins'][s], 'coin')}"
                      for s, p in enumerate(event["parts"])]
            return f"{won}. Points: {'; '.join(points)}. Equal points go to the most coins."
        return kind

    # -- refusals --------------------------------------------------------------

    def _refusal(self, seat: int, action: Any) -> RuleError:
        """Why an action is not among the legal ones, in a plain sentence with a stable code."""
        to_move: frozenset[int] = self.to_move()  # type: ignore[attr-defined]
        if (problem := kind_problem(action, _TYPES, "ROAM", "action")) is not None:
            return RuleError(f"{problem[:-1]}; now you may {_PHASE_WORDS[self.phase]}.", "bad_action")
        kind = action["type"]
        if seat not in to_move:
            waiting = ", ".join(who(s) for s in sorted(to_move))
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


def _parts(parts: dict[str, int]) -> str:
    """"9 from cards, 2 from artifacts, 3 for the Outpost": a score as A5.4 adds it up."""
    said = [f"{parts['cards']} from cards"]
    if parts["artifacts"]:
        said.append(f"{parts['artifacts']} from artifacts")
    if parts["outpost"]:
        said.append(f"{parts['outpost']} for the Outpost")
    return ", ".join(said)


def _artifact_name(kind: str) -> str:
    return next(a.name for a in ARTIFACTS.values() if a.kind == kind)
