"""ROAM: the state, its JSON form, turn order and the contract methods (rules A5).

The turn is a short sequence of phases so that every choice is a small list of buttons
or one select: `start` (rest, Hourglass, free actions, choose a character), `anchor`
(where the key marker goes; Wizard's Hat, Stone Hammer), `pick` (only when the supply
runs short), `blanks` (buy blanks), `free` (Backpack, Walking Stick), `bid` (ties on a
completed card) and `buy` (one artifact).  Phases with nothing to decide are skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from games.core import Action, Event, Game, Option, Result, Rng, RuleError, clone, kind_of, register
from games.roam.claims import ClaimsMixin
from games.roam.data import ARTIFACTS, CARDS, COLOURS, LAND_IDS, starting_ids
from games.roam.geometry import DEFAULT_EDGES, SIZE, parse_square, slot_of, square_name
from games.roam.placement import PlacementMixin
from games.roam.recap import RecapMixin
from games.roam.search import SearchMixin
from games.roam.text import TextMixin, field_error

MARKERS = 24
"""Explore markers per colour (A1)."""
START_COINS = (0, 1, 1, 2)
"""Starting coins by turn position (A5.2 step 4)."""
TARGET_CARDS = 10
"""Ten cards including the three starting ones trigger the end (A5.3 step 5)."""


@register
class RoamGame(RecapMixin, TextMixin, ClaimsMixin, PlacementMixin, SearchMixin, Game):
    id: ClassVar[str] = "roam"
    title: ClassVar[str] = "ROAM"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (
        Option("artifacts", True, (True, False), "Full game with artifacts (off: basic game)."),
        Option("outpost", False, (True, False), "Outpost variant: surround an opponent marker for 3 points."),
        Option("stacking", False, (True, False), "Stacking variant: up to two markers per square."),
        Option("third_player_two_coins", False, (True, False), "House rule: in 3 players the 3rd starts with 2 coins."),
    )
    summary: ClassVar[str] = (
        "ROAM: explore a 6x6 map of six land cards by placing the marker pattern of one of your\n"
        "face-up characters, collecting coins on the way.  A card whose six squares are all taken\n"
        "goes to the player with most markers there (ties bid coins) and becomes a new character.\n"
        "Turn: maybe rest, choose a character, pick the square of its key marker, buy blanks for 2\n"
        "coins, then (full game) buy an artifact.  Ten cards end the game at the end of the round."
    )

    def __init__(self, data: dict[str, Any]) -> None:
        d = clone(data)
        self.num_players: int = d["num_players"]
        self.opts: dict[str, Any] = d["options"]
        self.rng = Rng.from_dict(d["rng"])
        self.players: list[dict[str, Any]] = d["players"]
        self.first: int = d["first"]
        self.current: int = d["current"]
        self.turn_no: int = d["turn_no"]
        self.round_no: int = d["round_no"]
        self.map: list[list[list[int]]] = d["map"]
        self.slots: list[str | None] = d["slots"]
        self.deck: list[str] = d["deck"]
        self.row: list[str] = d["row"]
        self.artifact_deck: list[str] = d["artifact_deck"]
        self.end_triggered: bool = d["end_triggered"]
        self.finished: bool = d["finished"]
        self.phase: str = d["phase"]
        self.step0: int = d["step0"]
        self.turn: dict[str, Any] = d["turn"]
        self.bid: dict[str, Any] | None = d["bid"]
        self.pending: list[int] = d["pending"]
        self.outpost: int | None = d["outpost"]
        self.idle: int = d["idle"]
        self.log: list[Event | str] = d["log"]
        """The latest events (a game stored before the narrators holds their sentences): the view's `last`."""

    # -- construction and JSON -------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> RoamGame:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        rng = Rng(seed)
        deck = list(LAND_IDS)
        rng.shuffle(deck)
        first = rng.randint(0, num_players - 1)
        players = []
        for seat, edge in enumerate(DEFAULT_EDGES[num_players]):
            position = (seat - first) % num_players
            coins = START_COINS[position]
            if opts["third_player_two_coins"] and num_players == 3 and position == 2:
                coins = 2
            players.append({"edge": edge, "colour": COLOURS[seat], "coins": coins, "supply": MARKERS,
                            "characters": [{"card": c, "up": True} for c in starting_ids(COLOURS[seat])],
                            "artifacts": []})
        artifact_deck: list[str] = []
        row: list[str] = []
        if opts["artifacts"]:
            artifact_deck = list(ARTIFACTS)
            rng.shuffle(artifact_deck)
            row, artifact_deck = artifact_deck[:4], artifact_deck[4:]
        data = {"num_players": num_players, "options": opts, "rng": rng.to_dict(), "players": players,
                "first": first, "current": first, "turn_no": 1, "round_no": 1,
                "map": [[[] for _ in range(SIZE)] for _ in range(SIZE)], "slots": deck[:6], "deck": deck[6:],
                "row": row, "artifact_deck": artifact_deck, "end_triggered": False, "finished": False,
                "phase": "start", "step0": 0, "turn": {}, "bid": None, "pending": [], "outpost": None,
                "idle": 0, "log": []}
        game = cls(data)
        events: list[Event] = [{"type": "setup", "first": first, "slots": list(game.slots), "row": list(row)}]
        game._begin_turn(events)
        game._remember(events[1:])  # the setup is not among the latest moves
        return game

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoamGame:
        return cls(data)

    def to_dict(self) -> dict[str, Any]:
        return clone({
            "num_players": self.num_players, "options": self.opts, "rng": self.rng.to_dict(),
            "players": self.players, "first": self.first, "current": self.current, "turn_no": self.turn_no,
            "round_no": self.round_no, "map": self.map, "slots": self.slots, "deck": self.deck, "row": self.row,
            "artifact_deck": self.artifact_deck, "end_triggered": self.end_triggered, "finished": self.finished,
            "phase": self.phase, "step0": self.step0, "turn": self.turn, "bid": self.bid, "pending": self.pending,
            "outpost": self.outpost, "idle": self.idle, "log": self.log})

    # -- whose move -------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.finished

    def to_move(self) -> frozenset[int]:
        seat = self._mover()
        return frozenset() if seat is None else frozenset({seat})

    def _mover(self) -> int | None:
        """The one seat to move (None once the game is over): listing and applying ask it at every move."""
        if self.finished:
            return None
        if self.phase == "bid" and self.bid is not None:
            return self.bid["order"][self.bid["next"]]
        return self.current

    def current_seat(self) -> int | None:
        return None if self.finished else self.current

    def areas(self, action: Action) -> tuple[str, ...]:
        """The card (of the six on the map) a marker goes on, or a Walking Stick takes it from, numbered as the
        slots are; none for a key marker that would place nothing (every square of the pattern taken): it is
        offered after the places, to be confirmed, and not mistaken for a placement."""
        square = parse_square(action.get("square", action.get("from")))
        if square is None:
            return ()
        if action.get("type") == "place" and self.phase == "anchor" and self.yield_of(self.current, square) == ([], []):
            return ()
        return (f"card {slot_of(square) + 1}",)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self._mover():
            return []
        listed: list[Action] = []
        for _kinds, part in _PARTS.get(self.phase, ()):
            listed += part(self, seat)
        return listed

    def _listed(self, seat: int, action: Action) -> bool:
        """Is the action among `legal_actions(seat)`?  Only the part of the list that holds its type is built:
        the whole list would work out every character's room on the map to check one marker's square."""
        if seat != self._mover():
            return False
        kind = kind_of(action)  # "unknown" for a type that is not text, which no part lists
        if kind == "place" and self.phase == "anchor":  # the two moves of every turn, checked without listing
            return action.keys() == {"type", "square"} and action["square"] in self._place_names(seat)
        if kind == "choose" and self.phase == "start":
            return action.keys() == {"type", "card"} and action["card"] in self._choosable(seat)
        for kinds, part in _PARTS.get(self.phase, ()):
            if kind in kinds:  # the one part of the phase that lists this type
                return action in part(self, seat)
        return False

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.finished:
            raise RuleError("The game is over; no more moves.", "game_over")
        if not isinstance(action, dict) or field_error(action) is not None or not self._listed(seat, action):
            raise self._refusal(seat, action)
        events: list[Event] = []
        kind = action["type"]
        if kind in ("bid", "pass"):
            self._do_bid(seat, action, events)
        elif kind == "buy":
            self._do_buy(seat, action["artifact"], events)
        elif kind == "end_turn" and self.phase == "buy":
            self._finish_turn(events)
        else:
            self._do_turn_action(seat, action, events)
        self._advance(events)
        self._remember(events)
        return events

    def _remember(self, events: list[Event]) -> None:
        """Keep the last eight events, for whoever shows the latest moves of a view (the narrator says them)."""
        self.log = (self.log + events)[-8:]

    def undoable(self, action: Action, events: list[Event]) -> bool:
        final = {"turn_started", "claimed", "refilled", "artifact_revealed", "bid_started", "game_over", "outpost"}
        return action.get("type") in _LOCAL_TYPES and not any(e["type"] in final for e in events)

    # -- turn order -------------------------------------------------------------

    def _begin_turn(self, events: list[Event]) -> None:
        """Open the start window (A5.3 step 0); a player whose characters are all face down rests for free."""
        self.phase = "start"
        self.step0 = 0
        self.turn = {"card": None, "normal": [], "blank": [], "anchor": None, "pending": [], "blanks": [],
                     "placed": 0, "claims": 0}
        events.append({"type": "turn_started", "seat": self.current, "turn": self.turn_no, "round": self.round_no})
        self._auto_rest(self.current, events)

    def _auto_rest(self, seat: int, events: list[Event]) -> None:
        if self.players[seat]["characters"] and not self.face_up(seat):
            self._refresh(seat)
            events.append({"type": "rested", "seat": seat, "paid": 0})

    def _refresh(self, seat: int) -> None:
        for item in self.players[seat]["characters"] + self.players[seat]["artifacts"]:
            item["up"] = True

    def _finish_turn(self, events: list[Event]) -> None:
        """Step 5: end check, then the next seat clockwise; the round completes before the game ends."""
        n = self.num_players
        self._check_end(events)
        if self.turn.get("placed", 0) == 0 and self.turn.get("claims", 0) == 0:
            self.idle += 1
            if self.idle >= 2 * n and not self.end_triggered:
                self.end_triggered = True
                events.append({"type": "end_triggered", "reason": "stalled"})
        else:
            self.idle = 0
        events.append({"type": "turn_ended", "seat": self.current})
        if self.end_triggered and self.current == (self.first - 1) % n:
            self.finished = True
            self.phase = "over"
            result = self.result()
            events.append({"type": "game_over", "scores": result.scores if result else [],
                           "winners": result.winners if result else [],
                           "parts": [self.score_parts(x) for x in range(n)],
                           "coins": [p["coins"] for p in self.players]})
            return
        self.current = (self.current + 1) % n
        self.turn_no += 1
        if self.current == self.first:
            self.round_no += 1
        self._begin_turn(events)

    def _check_end(self, events: list[Event]) -> None:
        if self.end_triggered:
            return
        for seat, player in enumerate(self.players):
            if len(player["characters"]) >= TARGET_CARDS:
                self.end_triggered = True
                events.append({"type": "end_triggered", "reason": "cards", "seat": seat})
                return

    def _advance(self, events: list[Event]) -> None:
        """Skip the phases in which the player to move has nothing to decide."""
        while not self.finished:
            seat = self.current
            if self.phase == "pick" and (self.players[seat]["supply"] == 0 or not self.turn["pending"]):
                self.phase = "blanks"
            elif self.phase == "blanks" and not self._blank_actions(seat):
                self.phase = "free"
            elif self.phase == "free" and not self._free_actions(seat):
                self._end_of_turn(events)
            elif self.phase == "buy" and not self._buy_actions(seat):
                self._finish_turn(events)
            else:
                return

    # -- score -----------------------------------------------------------------

    def score_parts(self, seat: int) -> dict[str, int]:
        player = self.players[seat]
        cards = sum(CARDS[c["card"]].vp for c in player["characters"])
        artifacts = sum(ARTIFACTS[a["id"]].vp for a in player["artifacts"])
        outpost = 3 if self.outpost == seat else 0
        return {"cards": cards, "artifacts": artifacts, "outpost": outpost, "total": cards + artifacts + outpost}

    def result(self) -> Result | None:
        """Most points wins; ties go to the most coins, then the victory is shared (A5.4)."""
        if not self.finished:
            return None
        parts = [self.score_parts(s) for s in range(self.num_players)]
        scores = [p["total"] for p in parts]
        coins = [p["coins"] for p in self.players]
        details = {"columns": ["cards", "artifacts", "outpost", "coins", "characters"],
                   "rows": [{**parts[s], "coins": coins[s], "characters": len(self.players[s]["characters"])}
                            for s in range(self.num_players)]}
        return Result.by_keys([(scores[s], coins[s]) for s in range(self.num_players)], scores, details)

    # -- views -----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the orders of the two decks (A5.6)."""
        players = []
        for s, p in enumerate(self.players):
            players.append({
                "seat": s, "edge": p["edge"], "colour": p["colour"], "coins": p["coins"], "supply": p["supply"],
                "characters": [self._card_view(c["card"], c["up"]) for c in p["characters"]],
                "artifacts": [{**self._artifact_view(a["id"]), "up": a["up"]} for a in p["artifacts"]],
                "score": self.score_parts(s)["total"], "outpost": self.outpost == s})
        out: dict[str, Any] = {
            "title": self.title, "game": self.id, "options": dict(self.opts), "num_players": self.num_players,
            "phase": self.phase, "to_move": sorted(self.to_move()),
            "current": None if self.finished else self.current, "first": self.first,
            "turn": self.turn_no, "round": self.round_no, "players": players,
            "map": [[list(cell) for cell in row] for row in self.map],
            "coins_map": self.coins_map(),
            "slots": [None if c is None else {"card": c, "name": CARDS[c].name, "vp": CARDS[c].vp}
                      for c in self.slots],
            "deck_left": len(self.deck), "artifact_row": [self._artifact_view(a) for a in self.row],
            "artifact_deck_left": len(self.artifact_deck), "bid": self._bid_view(),
            "placing": self._placing_view(), "end_triggered": self.end_triggered, "outpost": self.outpost,
            "last": clone(self.log),
            "result": (r.to_dict() if (r := self.result()) else None),
        }
        if seat is not None:
            out["seat"] = seat
        return out

    @staticmethod
    def _card_view(card_id: str, up: bool) -> dict[str, Any]:
        card = CARDS[card_id]
        return {"card": card_id, "name": card.name, "vp": card.vp, "up": up, "flag": card.flag,
                "normal": [list(c) for c in card.normal], "blank": [list(c) for c in card.blank]}

    @staticmethod
    def _artifact_view(artifact_id: str) -> dict[str, Any]:
        a = ARTIFACTS[artifact_id]
        return {"id": a.id, "kind": a.kind, "name": a.name, "cost": a.cost, "vp": a.vp}

    def _placing_view(self) -> dict[str, Any] | None:
        """The chosen character and where its key marker may go: the preview for the picture."""
        if self.finished or not self.turn.get("card"):
            return None
        out: dict[str, Any] = {"seat": self.current, "card": self.turn["card"],
                               "name": CARDS[self.turn["card"]].name, "anchor": self.turn["anchor"],
                               "normal": self.turn["normal"], "blank": self.turn["blank"],
                               "rotations": self.turn.get("rotations", 0), "blanks_left": list(self.turn["blanks"]),
                               "pending": list(self.turn["pending"])}
        if self.phase == "anchor":
            # A5.3 step 1.1 makes every anchor whose normal squares lie on cards legal, even one that would place
            # nothing; the picture marks only the anchors that place something
            anchors = self.anchors(self.current, self._pattern())
            out["anchors"] = [square_name(a) for a in anchors if any(self.yield_of(self.current, a))]
        return out

    def _bid_view(self) -> dict[str, Any] | None:
        if self.bid is None:
            return None
        b = self.bid
        return {"slot": b["slot"], "card": self.slots[b["slot"]], "order": list(b["order"]),
                "next": b["order"][b["next"]] if b["next"] < len(b["order"]) else None,
                "high": b["high"], "amount": b["amount"], "history": list(b["history"])}


def _end_turn(game: RoamGame, seat: int) -> list[Action]:
    return [{"type": "end_turn"}]


def _done(game: RoamGame, seat: int) -> list[Action]:
    return [{"type": "done"}]


_FREE = frozenset({"backpack", "slide"})
_PARTS: dict[str, tuple[tuple[frozenset[str], Callable[[RoamGame, int], list[Action]]], ...]] = {
    "start": ((frozenset({"choose", "skip_place"}), RoamGame._character_actions),
              (frozenset({"early_rest"}), RoamGame._early_rest_actions),
              (frozenset({"hourglass"}), RoamGame._hourglass_actions), (_FREE, RoamGame._free_actions)),
    "anchor": ((frozenset({"place"}), RoamGame._place_actions), (frozenset({"hammer"}), RoamGame._hammer_actions),
               (frozenset({"rotate"}), RoamGame._rotate_actions)),
    "pick": ((frozenset({"mark"}), RoamGame._mark_actions),),
    "blanks": ((frozenset({"blank", "lantern"}), RoamGame._blank_actions), (frozenset({"done"}), _done)),
    "free": ((_FREE, RoamGame._free_actions), (frozenset({"end_turn"}), _end_turn)),
    "buy": ((frozenset({"buy"}), RoamGame._buy_actions), (frozenset({"end_turn"}), _end_turn)),
    "bid": ((frozenset({"bid", "pass"}), RoamGame._bid_actions),),
}
"""Each phase's legal actions in the order they are listed, in parts, each with the action types it lists (no type
in two parts of a phase): checking one action builds only the part that may hold it."""

_LOCAL_TYPES = frozenset({"choose", "rotate", "place", "hammer", "mark", "blank", "lantern", "done", "backpack",
                          "slide", "early_rest", "hourglass"})

