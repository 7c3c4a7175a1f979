"""A small game that exists only for the runtime's tests.

"High card": every seat holds a hidden hand dealt from a shuffled deck (a random
element); each round all seats choose a card at once (several seats to move); when the
last card is down, all are revealed and the highest scores the round's cards.  Putting
a card down reveals nothing, so it may be undone until the round's reveal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Action, Event, Game, Option, Result, Rng, RuleError, register
from renderers.cast import Cast
from renderers.narrator import register as register_narrator

DECK = list(range(1, 13))


@register
class HighCard(Game):
    id: ClassVar[str] = "testgame"
    title: ClassVar[str] = "High card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (Option("rounds", 3, (1, 2, 3)),)
    summary: ClassVar[str] = "Everyone plays a hidden card at once; the highest takes the round."

    def __init__(self, data: dict[str, Any]) -> None:
        self.num_players = data["num_players"]
        self.rounds = data["rounds"]
        self.round = data["round"]
        self.rng = Rng.from_dict(data["rng"])
        self.hands: list[list[int]] = [list(h) for h in data["hands"]]
        self.played: list[int | None] = list(data["played"])
        self.scores: list[int] = list(data["scores"])

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> HighCard:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sorted(deck[i * 3:(i + 1) * 3]) for i in range(num_players)]
        return cls({"num_players": num_players, "rounds": opts["rounds"], "round": 1, "rng": rng.to_dict(),
                    "hands": hands, "played": [None] * num_players, "scores": [0] * num_players})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HighCard:
        return cls(data)

    def to_dict(self) -> dict[str, Any]:
        return {"num_players": self.num_players, "rounds": self.rounds, "round": self.round,
                "rng": self.rng.to_dict(), "hands": [list(h) for h in self.hands],
                "played": list(self.played), "scores": list(self.scores)}

    @property
    def over(self) -> bool:
        return self.round > self.rounds

    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset(s for s in range(self.num_players) if self.played[s] is None)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return [{"type": "play", "card": c} for c in self.hands[seat]]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.over:
            raise RuleError("The game is over.", "game_over")
        if action.get("type") != "play" or set(action) != {"type", "card"}:
            raise RuleError("Play one of the cards in your hand.", "bad_action")
        if self.played[seat] is not None:
            raise RuleError("You already have a card down this round.", "already_played")
        card = action["card"]
        if card not in self.hands[seat]:
            raise RuleError(f"You do not hold a {card}.", "not_in_hand")
        self.hands[seat].remove(card)
        self.played[seat] = card
        events: list[Event] = [{"type": "played", "seat": seat}]
        if all(p is not None for p in self.played):
            events.extend(self._reveal())
        return events

    def _reveal(self) -> list[Event]:
        cards = [int(p) for p in self.played if p is not None]
        best = max(cards)
        winner = cards.index(best)
        self.scores[winner] += sum(cards)
        events: list[Event] = [{"type": "revealed", "cards": cards, "winner": winner, "points": sum(cards)}]
        self.played = [None] * self.num_players
        self.round += 1
        if self.over:
            events.append({"type": "game_over", "scores": list(self.scores)})
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "round": self.round, "rounds": self.rounds,
                               "scores": list(self.scores), "hand_sizes": [len(h) for h in self.hands],
                               "card_down": [p is not None for p in self.played]}
        if seat is not None:
            out["seat"] = seat
            out["hand"] = list(self.hands[seat])
            out["my_card"] = self.played[seat]
        return out

    def describe(self, action: Action) -> str:
        return f"Play your {action['card']}"

    def result(self) -> Result | None:
        if not self.over:
            return None
        return Result.by_keys([(s,) for s in self.scores], list(self.scores))

    def undoable(self, action: Action, events: list[Event]) -> bool:
        return action.get("type") == "play" and not any(e["type"] == "revealed" for e in events)


class HighCardNarrator:
    """The test game's narrator (`renderers.narrator`): its three events in words, the seats by the cast."""

    @staticmethod
    def line(event: Event, cast: Cast, view: dict[str, Any]) -> str:
        kind = event["type"]
        if kind == "played":
            return f"{cast.Name(event['seat'])} put a card down."
        if kind == "revealed":
            shown = ", ".join(str(c) for c in event["cards"])
            return f"Cards revealed: {shown}. {cast.Name(event['winner'])} took {event['points']} points."
        return "Game over: " + ", ".join(f"{cast.name(s)}: {p}" for s, p in enumerate(event["scores"])) + "."

    @staticmethod
    def news(event: Event) -> bool:
        return True

    @staticmethod
    def turn_of(event: Event) -> int | None:
        return None

    @staticmethod
    def hurts(event: Event) -> frozenset[int]:
        return frozenset()

    @staticmethod
    def scores(event: Event) -> frozenset[int]:
        return frozenset({event["winner"]}) if event["type"] == "revealed" else frozenset()


register_narrator(HighCard.id, HighCardNarrator)
