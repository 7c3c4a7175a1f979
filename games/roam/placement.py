"""Step 0 to Step 2 of a turn: resting, choosing a character, placing its pattern, blanks,
and the free artifact actions (rules A5.3)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core import Action, Event
from games.roam.data import ARTIFACTS, CARDS
from games.roam.geometry import (
    SIZE,
    SLOT_AT,
    SQUARES,
    Cell,
    Square,
    anchor_names,
    anchor_squares,
    land_cell,
    local_to_map,
    neighbours4,
    parse_square,
    project,
    rotate,
    slot_of,
    square_name,
)

_SLIDES = {sq: tuple((to, square_name(sq), square_name(to)) for to in neighbours4(sq)) for sq in SQUARES}
"""Each square's Walking Stick steps, row by row, with both names written once: a holder's moves are listed at
every turn."""

_ALL_FILLED = (True,) * 6
"""`_filled` for a map with a card in every slot."""

Pattern = tuple[tuple[Cell, ...], tuple[Cell, ...]]
"""A pattern's normal cells (the key marker first) and blank cells."""


@lru_cache(maxsize=1024)
def turned(card_id: str, times: int) -> Pattern:
    """A card's pattern after the Wizard's Hat turned it `times` times: what a turn places, which the state writes
    out as `turn["normal"]` and `turn["blank"]` for the view.  Cached, since placing reads it several times a move."""
    card = CARDS[card_id]
    normal, blank = list(card.normal), list(card.blank)
    for _ in range(times):
        normal, blank = rotate(normal, blank)
    return tuple(normal), tuple(blank)


@lru_cache(maxsize=512)
def _roomy(edge: str, filled: tuple[bool, ...]) -> frozenset[str]:
    """The cards whose pattern has an anchor on the map for a seat at this edge with these slots filled
    (A2 Placement anchor), worked out once for all cards: every turn asks it of each face-up character."""
    return frozenset(card.id for card in CARDS.values() if anchor_squares(edge, card.normal, filled))


class PlacementMixin:
    """Placement rules; mixed into RoamGame, whose state attributes it uses."""

    players: list[dict[str, Any]]
    map: list[list[list[int]]]
    slots: list[str | None]
    opts: dict[str, Any]
    phase: str
    step0: int
    turn: dict[str, Any]
    current: int

    # -- the map ---------------------------------------------------------------

    def coins_map(self) -> list[list[int | None]]:
        """Coin symbols per map square from the land sides in the slots; None where a slot is empty."""
        out: list[list[int | None]] = [[None] * SIZE for _ in range(SIZE)]
        for slot, card_id in enumerate(self.slots):
            if card_id is None:
                continue
            coins = CARDS[card_id].coins or ()
            for lr, row in enumerate(coins):
                for lc, n in enumerate(row):
                    r, c = local_to_map(slot, lr, lc)
                    out[r][c] = n
        return out

    def square_coins(self, sq: Square) -> int:
        card_id = self.slots[slot_of(sq)]
        coins = None if card_id is None else CARDS[card_id].coins
        if not coins:
            return 0
        lr, lc = land_cell(sq)
        return coins[lr][lc]

    def has_card(self, sq: Square) -> bool:
        """On the map and on a slot holding a card: an empty slot counts as off-map."""
        slot = SLOT_AT.get(sq)
        return slot is not None and self.slots[slot] is not None

    def placeable(self, sq: Square) -> bool:
        """A square that takes another marker (two with the stacking variant); otherwise that pattern cell is
        skipped."""
        return self.has_card(sq) and len(self.map[sq[0]][sq[1]]) < (2 if self.opts["stacking"] else 1)

    def anchors(self, seat: int, pattern: Pattern) -> tuple[Square, ...]:
        """Key-marker squares where every normal cell lands on a card (A2 Placement anchor)."""
        return anchor_squares(*self._anchor_key(seat, pattern[0]))

    def _anchor_key(self, seat: int, normal: tuple[Cell, ...]) -> tuple[str, tuple[Cell, ...], tuple[bool, ...]]:
        """What the anchors depend on: the seat's edge, the normal cells and which slots hold a card."""
        return self.players[seat]["edge"], normal, self._filled()

    def _filled(self) -> tuple[bool, ...]:
        """Which slots hold a card, the part of the map the anchors depend on: all six until the deck runs out."""
        slots = self.slots
        return _ALL_FILLED if None not in slots else tuple([card is not None for card in slots])

    def yield_of(self, seat: int, anchor: Square) -> tuple[list[Square], list[Square]]:
        """What the chosen pattern with its key marker on `anchor` would place: the normal squares that take a
        marker (occupied ones are skipped, A5.3 step 1.2) and the blank squares still open (step 1.3)."""
        normal, blank = self._pattern()
        edge = self.players[seat]["edge"]
        fill = [sq for sq in project(edge, anchor, normal, normal) if self.placeable(sq)]
        return fill, [sq for sq in project(edge, anchor, normal, blank) if self.placeable(sq)]

    def _pattern(self, more: int = 0) -> Pattern:
        """The chosen character's pattern as turned so far this turn, and `more` turns on."""
        return turned(self.turn["card"], self.turn.get("rotations", 0) + more)

    def face_up(self, seat: int) -> int:
        """How many of the seat's characters are face up: an early rest costs a coin each (A5.3 step 0.3), and a
        seat with none rests for free."""
        return len([ch for ch in self.players[seat]["characters"] if ch["up"]])

    def _up_artifact(self, seat: int, kind: str) -> dict[str, Any] | None:
        for item in self.players[seat]["artifacts"]:
            if item["up"] and ARTIFACTS[item["id"]].kind == kind:
                return item
        return None

    def _use_artifact(self, seat: int, kind: str, events: list[Event]) -> None:
        item = self._up_artifact(seat, kind)
        assert item is not None
        item["up"] = False
        events.append({"type": "artifact_used", "seat": seat, "artifact": item["id"], "kind": kind})

    # -- listing ---------------------------------------------------------------

    def _character_actions(self, seat: int) -> list[Action]:
        """Each face-up character whose pattern has room on the map; skipping placement when none has."""
        return [{"type": "choose", "card": card} for card in self._choosable(seat)] or [{"type": "skip_place"}]

    def _choosable(self, seat: int) -> list[str]:
        """The seat's face-up characters whose pattern has an anchor on the map, in the order they are held."""
        roomy = _roomy(self.players[seat]["edge"], self._filled())
        return [ch["card"] for ch in self.players[seat]["characters"] if ch["up"] and ch["card"] in roomy]

    def _early_rest_actions(self, seat: int) -> list[Action]:
        up = self.face_up(seat)
        return [{"type": "early_rest"}] if self.step0 <= 1 and up and self.players[seat]["coins"] >= up else []

    def _hourglass_actions(self, seat: int) -> list[Action]:
        if self.step0 != 0 or not self._up_artifact(seat, "flip"):
            return []
        return [{"type": "hourglass", "card": ch["card"]} for ch in self.players[seat]["characters"]]

    def _place_actions(self, seat: int) -> list[Action]:
        return [{"type": "place", "square": name} for name in self._place_names(seat)]

    def _place_names(self, seat: int) -> tuple[str, ...]:
        """Where the chosen pattern's key marker may go, by name (cached with the anchors)."""
        return anchor_names(*self._anchor_key(seat, self._pattern()[0]))

    def _hammer_actions(self, seat: int) -> list[Action]:
        """The Stone Hammer: each anchor with each opponent-held normal square of the pattern as the target."""
        if not self._up_artifact(seat, "replace") or self.players[seat]["supply"] == 0:
            return []
        pattern = self._pattern()
        normal, _ = pattern
        steps = project(self.players[seat]["edge"], (0, 0), normal, normal)  # each normal cell from the key marker
        grid = self.map
        out: list[Action] = []
        for r, c in self.anchors(seat, pattern):
            for dr, dc in steps:
                held = grid[r + dr][c + dc]
                if held.count(seat) < len(held):  # someone else's marker is there
                    out.append({"type": "hammer", "square": square_name((r, c)),
                                "target": square_name((r + dr, c + dc))})
        return out

    def _rotate_actions(self, seat: int) -> list[Action]:
        if self._up_artifact(seat, "rotate") and self.anchors(seat, self._pattern(1)):
            return [{"type": "rotate"}]
        return []

    def _mark_actions(self, seat: int) -> list[Action]:
        return [{"type": "mark", "square": s} for s in self.turn["pending"]]

    def _blank_actions(self, seat: int) -> list[Action]:
        player = self.players[seat]
        if player["supply"] == 0:
            return []
        out: list[Action] = []
        lantern = self._up_artifact(seat, "blank") is not None
        for name in self.turn["blanks"]:
            sq = parse_square(name)
            if sq is None or not self.placeable(sq):
                continue
            if player["coins"] >= 2:
                out.append({"type": "blank", "square": name})
            if lantern:
                out.append({"type": "lantern", "square": name})
        return out

    def _free_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self._up_artifact(seat, "coin"):
            out.append({"type": "backpack"})
        if self._up_artifact(seat, "slide"):
            grid, slots = self.map, self.slots
            for (r, c), steps in _SLIDES.items():
                if grid[r][c]:
                    out += [{"type": "slide", "from": src, "to": dst} for to, src, dst in steps
                            if not grid[to[0]][to[1]] and slots[SLOT_AT[to]] is not None]
        return out

    # -- doing -----------------------------------------------------------------

    def _do_turn_action(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        if kind not in ("hourglass", "early_rest"):
            self.step0 = 2
        if kind == "choose":
            card = CARDS[action["card"]]
            self.turn.update(card=card.id, normal=[list(c) for c in card.normal],
                             blank=[list(c) for c in card.blank], rotations=0)
            self.phase = "anchor"
            events.append({"type": "chose", "seat": seat, "card": card.id})
        elif kind == "skip_place":
            self.phase = "free"
            events.append({"type": "skipped", "seat": seat})
        elif kind == "early_rest":
            paid = self.face_up(seat)
            self.players[seat]["coins"] -= paid
            self._refresh(seat)  # type: ignore[attr-defined]
            self.step0 = 2
            events.append({"type": "rested", "seat": seat, "paid": paid})
        elif kind == "hourglass":
            self._use_artifact(seat, "flip", events)
            ch = next(c for c in self.players[seat]["characters"] if c["card"] == action["card"])
            ch["up"] = not ch["up"]
            self.step0 = 1
            events.append({"type": "flipped", "seat": seat, "card": ch["card"], "up": ch["up"]})
            self._auto_rest(seat, events)  # type: ignore[attr-defined]
        elif kind == "rotate":
            self._use_artifact(seat, "rotate", events)
            normal, blank = self._pattern(1)
            self.turn.update(normal=[list(c) for c in normal], blank=[list(c) for c in blank],
                             rotations=self.turn.get("rotations", 0) + 1)
            events.append({"type": "rotated", "seat": seat, "card": self.turn["card"]})
        elif kind in ("place", "hammer"):
            self._place(seat, action, events)
        elif kind == "mark":
            self._put(seat, parse_square(action["square"]), events, "normal")  # type: ignore[arg-type]
            self.turn["pending"].remove(action["square"])
        elif kind in ("blank", "lantern"):
            if kind == "blank":
                self.players[seat]["coins"] -= 2
            else:
                self._use_artifact(seat, "blank", events)
            self.turn["blanks"].remove(action["square"])
            self._put(seat, parse_square(action["square"]), events, kind)  # type: ignore[arg-type]
        elif kind == "done":
            self.turn["blanks"] = []
            self.phase = "free"
        elif kind == "backpack":
            self._use_artifact(seat, "coin", events)
            self.players[seat]["coins"] += 1
            events.append({"type": "coins", "seat": seat, "gained": 1, "why": "backpack"})
        elif kind == "slide":
            self._use_artifact(seat, "slide", events)
            src, dst = parse_square(action["from"]), parse_square(action["to"])
            assert src is not None and dst is not None
            owner = self.map[src[0]][src[1]].pop()
            self.map[dst[0]][dst[1]].append(owner)
            events.append({"type": "slid", "seat": seat, "owner": owner, "from": action["from"], "to": action["to"]})
        elif kind == "end_turn":
            self._end_of_turn(events)  # type: ignore[attr-defined]

    def _put(self, seat: int, sq: Square, events: list[Event], how: str) -> None:
        """One marker from the supply onto a square; its coin symbols are collected (A5.3 step 1)."""
        self.map[sq[0]][sq[1]].append(seat)
        self.players[seat]["supply"] -= 1
        gained = self.square_coins(sq)
        self.players[seat]["coins"] += gained
        self.turn["placed"] += 1
        events.append({"type": "marker", "seat": seat, "square": square_name(sq), "how": how, "coins": gained})

    def _place(self, seat: int, action: Action, events: list[Event]) -> None:
        """Normal cells: empty ones get a marker, occupied ones are skipped, the Hammer target is taken."""
        normal, blank = self._pattern()
        edge = self.players[seat]["edge"]
        anchor = parse_square(action["square"])
        assert anchor is not None
        player = self.players[seat]
        card = self.turn["card"]
        for ch in player["characters"]:
            if ch["card"] == card:
                ch["up"] = False
        self.turn["anchor"] = action["square"]
        cells = project(edge, anchor, normal, normal)
        events.append({"type": "placed", "seat": seat, "card": self.turn["card"], "anchor": action["square"],
                       "cells": [square_name(s) for s in cells]})
        target = parse_square(action["target"]) if action["type"] == "hammer" else None
        if target is not None:
            self._use_artifact(seat, "replace", events)
            stack = self.map[target[0]][target[1]]
            idx = max(i for i, o in enumerate(stack) if o != seat)
            victim = stack.pop(idx)
            self.players[victim]["supply"] += 1
            events.append({"type": "replaced", "seat": seat, "victim": victim, "square": action["target"]})
            self._put(seat, target, events, "hammer")
        fill = [sq for sq in cells if sq != target and self.placeable(sq)]
        skipped = [square_name(sq) for sq in cells if sq != target and sq not in fill]
        if skipped:
            events.append({"type": "skipped_cells", "seat": seat, "squares": skipped})
        if player["supply"] >= len(fill):
            for sq in fill:
                self._put(seat, sq, events, "normal")
            self.phase = "blanks"
        else:
            self.turn["pending"] = [square_name(sq) for sq in fill]
            self.phase = "pick"
            events.append({"type": "short", "seat": seat, "supply": player["supply"], "cells": len(fill)})
        self.turn["blanks"] = [square_name(sq) for sq in project(edge, anchor, normal, blank) if self.has_card(sq)]
