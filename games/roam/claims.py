"""Step 3 to Step 4 of a turn: the Outpost, completed cards, tie bids, claims and refills,
and buying an artifact (rules A5.3)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.roam.data import ARTIFACTS
from games.roam.geometry import SIZE, neighbours8, slot_squares, square_name

_SLOT_CORNERS = tuple(min(slot_squares(slot)) for slot in range(6))
"""The top left square of each slot's two columns of three rows."""


class ClaimsMixin:
    """Completion and purchase rules; mixed into RoamGame, whose state attributes it uses."""

    num_players: int
    players: list[dict[str, Any]]
    map: list[list[list[int]]]
    slots: list[str | None]
    deck: list[str]
    row: list[str]
    artifact_deck: list[str]
    opts: dict[str, Any]
    phase: str
    turn: dict[str, Any]
    current: int
    bid: dict[str, Any] | None
    pending: list[int]
    outpost: int | None
    end_triggered: bool

    def _end_of_turn(self, events: list[Event]) -> None:
        """Step 3: the Outpost first, then every complete card in slot order 1 -> 6."""
        if self.opts["outpost"] and self.outpost is None:
            self._check_outpost(self.current, events)
        self.pending = self._complete_slots()
        self._resolve_pending(events)

    def _complete_slots(self) -> list[int]:
        """The slots, in order, holding a card whose six squares all hold a marker.  Asked every turn, so each
        slot's two columns of three rows are read square by square, stopping at the first empty one."""
        grid, slots = self.map, self.slots
        return [k for k, (r, c) in enumerate(_SLOT_CORNERS) if slots[k] is not None
                and grid[r][c] and grid[r][c + 1] and grid[r + 1][c] and grid[r + 1][c + 1]
                and grid[r + 2][c] and grid[r + 2][c + 1]]

    def _check_outpost(self, seat: int, events: list[Event]) -> None:
        """An opponent marker whose 8 neighbours all hold this seat's markers; edge squares cannot be surrounded."""
        for r in range(1, SIZE - 1):
            for c in range(1, SIZE - 1):
                if not any(o != seat for o in self.map[r][c]):
                    continue
                if all(seat in self.map[nr][nc] for nr, nc in neighbours8((r, c))):
                    self.outpost = seat
                    events.append({"type": "outpost", "seat": seat, "square": square_name((r, c))})
                    return

    def counts(self, slot: int) -> list[int]:
        """Markers per seat on a card (every marker counts, stacked ones too)."""
        out = [0] * self.num_players
        for r, c in slot_squares(slot):
            for owner in self.map[r][c]:
                out[owner] += 1
        return out

    def _resolve_pending(self, events: list[Event]) -> None:
        while self.pending:
            slot = self.pending[0]
            if self.bid is None:
                counts = self.counts(slot)
                best = max(counts)
                tied = [s for s in range(self.num_players) if counts[s] == best]
                events.append({"type": "completed", "slot": slot + 1, "card": self.slots[slot], "counts": counts})
                if len(tied) == 1:
                    self._claim(slot, tied[0], 0, events)
                    self.pending.pop(0)
                    continue
                order = sorted(tied, key=lambda s: (s - self.current) % self.num_players)
                self.bid = {"slot": slot, "order": order, "next": 0, "high": None, "amount": 0, "history": []}
                events.append({"type": "bid_started", "slot": slot + 1, "card": self.slots[slot], "order": order})
            if self._bid_waiting(events):
                self.phase = "bid"
                return
            bid = self.bid
            assert bid is not None
            winner = bid["high"] if bid["high"] is not None else bid["order"][0]
            paid = bid["amount"] if bid["high"] is not None else 0
            self.players[winner]["coins"] -= paid
            self.bid = None
            self._claim(slot, winner, paid, events)
            self.pending.pop(0)
        self.phase = "buy"

    def min_bid(self) -> int:
        assert self.bid is not None
        return 0 if self.bid["high"] is None else self.bid["amount"] + 1

    def _bid_waiting(self, events: list[Event]) -> bool:
        """Tied players who cannot reach the minimum bid pass at once; True while someone must decide."""
        bid = self.bid
        assert bid is not None
        while bid["next"] < len(bid["order"]):
            seat = bid["order"][bid["next"]]
            if self.players[seat]["coins"] >= self.min_bid():
                return True
            bid["history"].append([seat, None])
            events.append({"type": "passed", "seat": seat, "forced": True})
            bid["next"] += 1
        return False

    def _bid_actions(self, seat: int) -> list[Action]:
        low = self.min_bid()
        return [{"type": "bid", "amount": n} for n in range(low, self.players[seat]["coins"] + 1)] + [{"type": "pass"}]

    def _do_bid(self, seat: int, action: Action, events: list[Event]) -> None:
        bid = self.bid
        assert bid is not None
        if action["type"] == "bid":
            bid["high"], bid["amount"] = seat, action["amount"]
            bid["history"].append([seat, action["amount"]])
            events.append({"type": "bid", "seat": seat, "amount": action["amount"]})
        else:
            bid["history"].append([seat, None])
            events.append({"type": "passed", "seat": seat, "forced": False})
        bid["next"] += 1
        self._resolve_pending(events)

    def _claim(self, slot: int, seat: int, paid: int, events: list[Event]) -> None:
        """Consolation coins, markers home, the card to its claimer face up, and the slot refilled."""
        card = self.slots[slot]
        assert card is not None
        counts = self.counts(slot)
        consoled = [s for s in range(self.num_players) if s != seat and counts[s] > 0]
        events.append({"type": "claimed", "seat": seat, "slot": slot + 1, "card": card, "paid": paid,
                       "consoled": consoled})
        for s in consoled:
            self.players[s]["coins"] += 1
        for r, c in slot_squares(slot):
            for owner in self.map[r][c]:
                self.players[owner]["supply"] += 1
            self.map[r][c] = []
        self.players[seat]["characters"].append({"card": card, "up": True})
        self.turn["claims"] = self.turn.get("claims", 0) + 1
        if self.deck:
            self.slots[slot] = self.deck.pop(0)
            events.append({"type": "refilled", "slot": slot + 1, "card": self.slots[slot]})
        else:
            self.slots[slot] = None
            events.append({"type": "refilled", "slot": slot + 1, "card": None})
        self._check_end(events)  # type: ignore[attr-defined]

    def _buy_actions(self, seat: int) -> list[Action]:
        if not self.opts["artifacts"]:
            return []
        coins = self.players[seat]["coins"]
        return [{"type": "buy", "artifact": a} for a in self.row if ARTIFACTS[a].cost <= coins]

    def _do_buy(self, seat: int, artifact_id: str, events: list[Event]) -> None:
        """Step 4: pay, take it face up, refill the row from the artifact deck."""
        self.players[seat]["coins"] -= ARTIFACTS[artifact_id].cost
        self.players[seat]["artifacts"].append({"id": artifact_id, "up": True})
        idx = self.row.index(artifact_id)
        events.append({"type": "bought", "seat": seat, "artifact": artifact_id, "cost": ARTIFACTS[artifact_id].cost})
        if self.artifact_deck:
            self.row[idx] = self.artifact_deck.pop(0)
            events.append({"type": "artifact_revealed", "artifact": self.row[idx]})
        else:
            self.row.pop(idx)
        self._finish_turn(events)  # type: ignore[attr-defined]
