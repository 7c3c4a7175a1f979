"""Small Islands for 2–4, as `rules/small_islands.md` numbers it (B2 geometry, B3 data, B5 play).

The state is one JSON dict.  Every action type has a checker and a doer (see `moves`);
objective choice in PREP is simultaneous, so `to_move` then names every seat that has
not chosen yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from games.core import Action, Event, Option, Result, Rng, RuleError, register, split_handlers
from games.small_islands import islands as I
from games.small_islands import text
from games.small_islands.data import COLOURS, DISCOVERY, LAYOUTS
from games.small_islands.moves import CHECKED, STEP_OF, WAITING, MovesMixin
from games.small_islands.names import column_name, origin
from games.small_islands.recap import RecapMixin
from games.small_islands.search import SearchMixin
from games.small_islands.table import EXPLORE_STEPS, KEEP, OVER, PHASE, PREP, SETUP, new_state
from games.small_islands.tiles import cell_of, frontier

REVEALING = frozenset({"refilled", "drew", "discovery", "kept", "revealed", "cards_drawn", "round", "nav",
                       "game_over", "stuck", "aborting"})
"""Events that show something new (a drawn tile, a card, a token): the move cannot be taken back."""
ALONE = tuple(frozenset({seat}) for seat in range(len(COLOURS)))
"""The answer of `to_move` when one seat moves, made once: listing and applying ask it at every move."""


@register
class SmallIslands(RecapMixin, SearchMixin, MovesMixin):
    id: ClassVar[str] = "small_islands"
    title: ClassVar[str] = "Small Islands"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (  # B3.4, B3.3 and B5.5, in the player's words for /game rules
        Option("mode", "normal", ("normal", "advanced"),
               "normal: objective cards; advanced: separate mission and reward cards."),
        Option("layout", "closed", ("closed", "open", "free"),
               "Starting tiles: the closed or open preset, or arranged freely by the first player."),
        Option("reward_on_abort", False, (False, True),
               "When the game ends early (empty reserve or row), still play that round's reward phase."),
    )
    summary: ClassVar[str] = (
        "Small Islands: explore an archipelago tile by tile.  On your turn take a tile from the row and place it "
        "so every edge and corner matches its neighbours, maybe adding a port or resource token; once the "
        "Navigation stack is empty you may Land a ship instead, which ends the round.  Then, from the lander, "
        "each player reveals the secret objective and puts houses on islands that fulfil its mission, scoring "
        "its reward.  After the fourth ship lands, the most prestige wins.")

    # -- creation and serialisation ------------------------------------------------------------

    @classmethod
    def new(cls, num_players: int, *, seed: int, options: dict[str, Any] | None = None) -> SmallIslands:
        cls.check_players(num_players)
        opts = cls.resolve_options(options)
        game = cls(new_state(num_players, seed, opts))
        game.rng = Rng.from_dict(game.s["rng"])
        layout = opts["layout"]
        if layout in LAYOUTS:                                       # B3.3 preset layouts
            for t in LAYOUTS[layout]:
                game.put_tile(t["col"], t["row"], t["tile"] + t["side"], t["rot_cw"])
            game.s["start_left"] = []
            game.events.append({"type": "layout", "layout": layout})
            game.start_round()
        else:
            game.events.append({"type": "arrange", "seat": game.s["first_player"]})
        game.s["rng"] = game.rng.to_dict()
        game._remember(game.events)
        return game

    # -- who moves -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.s["step"] == OVER

    def to_move(self) -> frozenset[int]:
        s = self.s
        step = s["step"]
        if step in EXPLORE_STEPS:
            return ALONE[s["current"]]
        if step == OVER:
            return frozenset()
        if step == PREP:
            return frozenset(i for i, p in enumerate(s["players"]) if not p["chosen"])
        if step == SETUP:
            return ALONE[s["first_player"]]
        if step == KEEP:
            return ALONE[s["pending"]["seat"]]
        return ALONE[s["reward_seat"]]                          # the other reward step, HOUSES

    def current_seat(self) -> int | None:
        seats = self.to_move()
        if not seats:
            return None
        if len(seats) == 1:
            return next(iter(seats))
        return min(seats)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        # candidates come in the right shape for this step and seat; outside the CHECKED steps they are built from
        # the very tests their checkers apply (placements from the map's open cells), so only those are filtered.
        candidates = self.candidates(seat)
        if self.s["step"] not in CHECKED:
            return candidates
        return [a for a in candidates if _CHECKS[a["type"]](self, seat, a) is None]

    def _problem(self, seat: int, action: Any) -> tuple[str, str] | None:
        """(code, reason) why this seat may not play this action now; None when it may."""
        shape = self.shape_problem(seat, action)
        if shape is not None:
            return "bad_action", shape
        if self.over:
            return "game_over", "The game is over."
        if not isinstance(seat, int) or seat not in self.to_move():
            return "not_your_turn", f"It is not your turn: the game waits for {WAITING[self.s['step']]}."
        kind = action["type"]
        if STEP_OF[kind] != self.s["step"]:
            return "wrong_step", f"You cannot {text.VERBS[kind]} now: the game waits for {WAITING[self.s['step']]}."
        problem = _CHECKS[kind](self, seat, action)
        return None if problem is None else (f"illegal_{kind}", problem)

    def apply(self, seat: int, action: Action) -> list[Event]:
        problem = self._problem(seat, action)
        if problem is not None:
            raise RuleError(problem[1], problem[0])
        self.events = []
        _DOS[action['type']](self, seat, action)
        self.s["rng"] = self.rng.to_dict()
        self._remember(self.events)
        return self.events

    def _remember(self, events: list[Event]) -> None:
        """The view's short log (`last`) keeps events, not sentences: the narrator names the seats for each reader,
        and the cells as the map is named when it is drawn, which changes when the map grows west or north."""
        log = self.s["log"]
        for e in events:
            if e["type"] not in text.QUIET:
                log.append(e)
        del log[:-8]

    def warnings(self, seat: int) -> list[str]:
        """While tiles are explored and the round may soon end (the Navigation stack holds no more tiles than
        there are players): no island meets the seat's mission with room for its house, so the round's reward
        would be lost (B5.3 REWARD 2).  It names the secret mission: show it to that player only."""
        s = self.s
        if s["step"] not in EXPLORE_STEPS or not 0 <= seat < s["n"] or len(s["nav"]) > s["n"]:
            return []
        mission, _reward = self.mission_reward(seat)
        if mission is None or self.player(seat)["houses_hand"] < 1 or self.house_islands(seat):
            return []
        return [text.mission_warning(mission, len(s["nav"]))]

    def undoable(self, action: Action, events: list[Event]) -> bool:
        """Taking a row tile, placing a tile or a house: only while nothing new was revealed or drawn."""
        if action.get("type") not in ("take", "place", "house", "start_tile", "choose"):
            return False
        return not any(e["type"] in REVEALING or e["type"] == "explore" for e in events)

    # -- words ---------------------------------------------------------------------------------

    def areas(self, action: Action) -> tuple[str, ...]:
        """A spot's column on the map, by its letter on the picture's rulers."""
        return (f"column {column_name(action['x'], self.s['grid'])}",) if "x" in action else ()

    def describe(self, action: Action) -> str:
        return text.describe(action, self.s)

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """B5.6: the map, row, counts and public scores; for a seat also its hand, cards and tokens."""
        s = self.s
        grid = []
        for k, t in sorted(s["grid"].items(), key=lambda kv: cell_of(kv[0])[::-1]):
            x, y = cell_of(k)
            grid.append({"x": x, "y": y, **{f: t[f] for f in ("tile", "rot", "ring", "res", "covered", "temple",
                                                              "ports", "port_tokens", "symbols", "houses",
                                                              "island")},
                         "ship": t["ship"], "colour": _colour(t["ship"])})
        islands = []
        for iid, cells in sorted(s["islands"].items(), key=lambda kv: int(kv[0])):
            st = I.stats(s["grid"], cells)
            islands.append({"id": iid, "cells": [list(cell_of(k)) for k in cells], "open": I.is_open(s["grid"], cells),
                            "islet": len(cells) == 1, **st})
        players = []
        for i, p in enumerate(s["players"]):
            players.append({
                "seat": i, "colour": COLOURS[i], "pp": p["pp"], "houses_hand": p["houses_hand"],
                "houses_reserve": p["houses_reserve"], "houses_played": p["houses_played"],
                "bonus_left": p["bonus_left"], "hand_size": len(p["hand"]), "discovery_count": len(p["discovery"]),
                "own_ship": p["own_ship"], "chosen": p["chosen"], "ship_ports": self.ship_ports(i),
                "revealed": s["revealed"].get(str(i))})
        out: dict[str, Any] = {
            "title": self.title, "game": self.id, "num_players": s["n"], "mode": s["mode"],
            "phase": PHASE[s["step"]], "step": s["step"], "round": s["round"], "to_move": sorted(self.to_move()),
            "current": s["current"], "first_player": s["first_player"], "lander": s["lander"],
            "reward_seat": s["reward_seat"] if PHASE[s["step"]] == "reward" else None,
            "grid": grid, "islands": islands, "row": list(s["row"]), "nav": len(s["nav"]),
            "reserve": len(s["reserve"]), "box": list(s["box"]), "grey_ships": s["grey_ships"],
            "ships_placed": s["ships_placed"], "start_left": list(s["start_left"]),
            "candidates": [list(c) for c in frontier(s["grid"])], "players": players,
            "discovery_pool": len(s["discovery_pool"]), "end": s["end"],
            "last": [dict(e) if isinstance(e, dict) else e for e in s["log"]], "origin": list(origin(s["grid"])),
            "result": (r.to_dict() if (r := self.result()) else None)}
        if seat is not None:
            p = s["players"][seat]
            out["seat"] = seat
            out["hand"] = list(p["hand"])
            out["held"] = {k: list(v) for k, v in p["held"].items()}
            out["now"] = dict(p["now"])
            out["discovery"] = [{"id": t, "pp": DISCOVERY[t]} for t in p["discovery"]]
            pending = s["pending"]
            if pending is not None and pending["seat"] == seat:
                out["discovery_drawn"] = [{"id": t, "pp": DISCOVERY[t]} for t in pending["drawn"]]
        return out

    # -- the end -------------------------------------------------------------------------------

    def result(self) -> Result | None:
        """B5.5: PP + discovery + ports around the own ship; ties by houses, ship ports, latest tile."""
        if not self.over:
            return None
        n = self.s["n"]
        rows = []
        keys = []
        scores = []
        for i in range(n):
            p = self.player(i)
            row = {"pp": p["pp"], "discovery": self.discovery_pp(i), "ship_ports": self.ship_ports(i),
                   "houses_played": p["houses_played"], "last_tile": p["last_tile"]}
            total = row["pp"] + row["discovery"] + row["ship_ports"]
            rows.append({**row, "score": total})
            scores.append(total)
            keys.append((total, row["houses_played"], row["ship_ports"], row["last_tile"]))
        return Result.by_keys(keys, scores, {"columns": ["pp", "discovery", "ship_ports", "houses_played"],
                                             "rows": rows, "end": self.s["end"], "rounds": self.s["round"]})


def _colour(ship: Any) -> str | None:
    if ship is None:
        return None
    return "grey" if ship == "grey" else COLOURS[ship]


Check = Callable[[SmallIslands, int, Action], str | None]
Do = Callable[[SmallIslands, int, Action], None]
_HANDLERS: dict[str, tuple[Check, Do]] = {
    "start_tile": (SmallIslands._check_start_tile, SmallIslands._do_start_tile),
    "choose": (SmallIslands._check_choose, SmallIslands._do_choose),
    "take": (SmallIslands._check_take, SmallIslands._do_take),
    "discard": (SmallIslands._check_discard, SmallIslands._do_discard),
    "place": (SmallIslands._check_place, SmallIslands._do_place),
    "port": (SmallIslands._check_port, SmallIslands._do_port),
    "convert": (SmallIslands._check_convert, SmallIslands._do_convert),
    "no_bonus": (SmallIslands._check_no_bonus, SmallIslands._do_no_bonus),
    "land": (SmallIslands._check_land, SmallIslands._do_land),
    "house": (SmallIslands._check_house, SmallIslands._do_house),
    "keep": (SmallIslands._check_keep, SmallIslands._do_keep),
    "done": (SmallIslands._check_done, SmallIslands._do_done),
}
"""Every action type's checker (why it is illegal, or None) and doer, in one visible table."""
_CHECKS, _DOS = split_handlers(_HANDLERS)
