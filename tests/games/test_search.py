"""The searching player (games/search.py, the hard level) over all five games: it chooses a legal move,
it reads only the seat's view (two games that differ only in what the seat cannot see give the same
choice for the same seed), it stops at its budget, and it handles simultaneous moves and trade offers."""

from __future__ import annotations

import random

import pytest

import games
from games.ai import Player, choose_for, policy_for
from games.catan.board import GEOMETRY
from games.catan.game import Catan
from games.core import Game
from games.levels import player_for
from games.search import Budget, Rollouts, Search, SearchPlayer, best_of_kind
from tests.games.catan.positions import after_setup, clear_board, empty_hands, give, path, rolled
from tests.games.colonies.table import table as colonies_table
from tests.support.states import SEARCHABLE


def midgame(game_id: str, seed: int, steps: int = 60) -> Game:
    """A game after `steps` moves of the normal level, with a choice to make (more than one legal move)."""
    cls = games.get_game(game_id)
    game = cls.new(cls.max_players, seed=seed)
    rng, policy = random.Random(seed), policy_for(game_id)
    done = 0
    while not game.over:
        seat = min(game.to_move())
        if done >= steps and len(game.legal_actions(seat)) > 1:
            return game
        game.apply(seat, choose_for(game, seat, policy, rng))
        done += 1
    raise AssertionError(f"{game_id} seed {seed} ended before a choice")


def hard(iterations: int) -> SearchPlayer:
    return SearchPlayer(policy_for("catan"), Budget(iterations))


def search_choice(game_id: str, game: Game, seat: int, seed: int, iterations: int = 40) -> dict:
    player = player_for(game_id, "hard", iterations=iterations)
    return choose_for(game, seat, player, random.Random(seed))


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_search_chooses_a_legal_move(game_id: str) -> None:
    """Legal: listed, or a free-form move (a trade offer, which `legal_actions` leaves out) that `apply` accepts."""
    game = midgame(game_id, 3)
    seat = min(game.to_move())
    chosen = search_choice(game_id, game, seat, 1)
    assert chosen in game.legal_actions(seat) or chosen["type"] in {s["type"] for s in game.action_shapes(seat)}
    game.copy().apply(seat, chosen)  # a RuleError here is an illegal choice


@pytest.mark.parametrize("game_id", SEARCHABLE)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_reads_only_the_seats_view(game_id: str, seed: int) -> None:
    """The twin is the same game with everything the seat cannot see drawn afresh (the engine's own
    determinize): the seat's view is the same, and so is the search's choice."""
    game = midgame(game_id, seed)
    seat = min(game.to_move())
    twin = game.determinize(seat, random.Random(99))
    assert twin.to_dict() != game.to_dict() and twin.view(seat) == game.view(seat)
    assert search_choice(game_id, twin, seat, seed) == search_choice(game_id, game, seat, seed)


def test_the_search_stops_at_its_iterations_or_when_told() -> None:
    game = midgame("catan", 4)
    seat = min(game.to_move())
    legal = game.legal_actions(seat)
    search = Search(game, seat, legal, legal[0], random.Random(1), depth=4)
    search.run(Budget(25))
    assert search.iterations == 25 and sum(c.visits for c in search.root.children.values()) == 25
    ticks = iter(range(100))  # a stand-in clock: one tick a reading, the deadline three ticks on
    timed = Search(game, seat, legal, legal[0], random.Random(1), depth=4)
    timed.run(Budget(1000, seconds=3, clock=lambda: next(ticks)))
    assert timed.iterations == 3


def test_simultaneous_choices_search_from_the_seats_own_turn() -> None:
    """Small Islands' seats choose their islands at once (several seats to move): each seat's search
    plays its own choice first and the others' after."""
    game = games.get_game("small_islands").new(4, seed=2)
    assert len(game.to_move()) > 1
    for seat in sorted(game.to_move()):
        assert search_choice("small_islands", game, seat, 1, iterations=20) in game.legal_actions(seat)


def test_cat_32_the_search_weighs_its_guides_trade_offer_and_answers_offers() -> None:
    """A free-form offer (not a listed move) is one of the search's candidates when the heuristic would
    make it; the answers to it are played out as listed moves. An offer to the seat is answered."""
    game = rolled(after_setup())
    empty_hands(game)
    me = game.s["active"]
    give(game, me, grain=2, ore=2, wool=2)
    legal = game.legal_actions(me)
    hint = policy_for("catan").choose_in(game, me, legal, random.Random(1))
    assert hint["type"] == "offer" and hint not in legal
    search = Search(game, me, [*legal, hint], hint, random.Random(1), depth=6)
    search.run(Budget(30))
    assert search.root.children[next(k for k, a in search.moves.items() if a == hint)].visits > 0
    game.apply(me, hint)
    partner = (me + 1) % 4
    answer = choose_for(game, partner, hard(20), random.Random(1))
    assert answer["type"] in ("accept", "decline", "counter") and answer["offer"] == game.s["offer"]["id"]


class EndsItsTurn(Player):
    """A poor guide: ends its turn whenever it may (else its first listed move)."""

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        return next((a for a in legal if a["type"] == "end_turn"), legal[0])


def settlement_in_hand() -> tuple[Catan, int]:
    """The active seat may settle at the end of its road, and holds the cards for it (and nothing else)."""
    game = rolled(after_setup())
    empty_hands(game)
    clear_board(game)
    me = game.s["active"]
    game.s["buildings"][20] = [me, 1]
    near = GEOMETRY.node_neighbours[20][0]
    far = next(u for u in GEOMETRY.node_neighbours[near] if u != 20)
    game.s["roads"][path(20, near)] = game.s["roads"][path(near, far)] = me
    give(game, me, brick=1, lumber=1, wool=1, grain=1)
    return game, me


def test_cat_25_rollouts_overrule_a_guide_that_would_not_build() -> None:
    """Each candidate is played out in the same sampled worlds: building the settlement the seat holds the
    cards for (CAT-25) beats ending the turn by a point, whatever the guide says."""
    game, me = settlement_in_hand()
    legal = game.legal_actions(me)
    guide = EndsItsTurn()
    hint = guide.choose_in(game, me, legal, random.Random(1))
    candidates = game.search_candidates(me, legal, hint)
    assert hint["type"] == "end_turn" and any(a["type"] == "build_settlement" for a in candidates)
    chosen = Rollouts(game, me, candidates, hint, guide, random.Random(1)).run(Budget(3 * len(candidates)))
    assert chosen["type"] == "build_settlement"


def test_rollouts_weigh_few_candidates_in_whole_samples_within_the_budget() -> None:
    """Catan names the heuristic's move and a few others, not every road and bank trade; the rollouts play
    every candidate once a sample, until the playouts or the time (on the caller's clock) run out."""
    game, me = settlement_in_hand()
    give(game, me, brick=4, lumber=4, ore=4)
    legal = game.legal_actions(me)
    guide = policy_for("catan")
    hint = guide.choose_in(game, me, legal, random.Random(1))
    candidates = game.search_candidates(me, legal, hint)
    assert hint in candidates and len(candidates) < len(legal) / 2
    assert {"end_turn", "build_settlement", "build_road", "buy_dev", "maritime"} <= {a["type"] for a in candidates}
    rollouts = Rollouts(game, me, candidates, hint, guide, random.Random(1))
    rollouts.run(Budget(2 * len(rollouts.moves) + 1))
    assert rollouts.samples == 3 and rollouts.playouts == 3 * len(rollouts.moves)
    ticks = iter(range(100))  # a stand-in clock: one tick a reading, the deadline two ticks on
    timed = Rollouts(game, me, candidates, hint, guide, random.Random(1))
    timed.run(Budget(1000, seconds=2, clock=lambda: next(ticks)))
    assert timed.samples == 2


def test_best_of_kind_weighs_how_to_do_what_the_heuristic_chose() -> None:
    """The candidates are the heuristic's move and the best-scored moves of its kind, never another kind."""
    legal = [{"type": "work", "land": "farmland"}, {"type": "explore", "card": "coast"},
             {"type": "work", "land": "coast"}, {"type": "work", "land": "forest"}]
    value = {"farmland": 3, "coast": 2, "forest": 1}
    hint = legal[3]
    assert best_of_kind(legal, hint, lambda a: value.get(a.get("land", ""), 9), 2) == [hint, legal[0], legal[2]]


def test_col_s25_a_colony_without_population_is_valued_as_lost() -> None:
    """Land is worth points (COL-S28), but a seat that owns no Population will be eliminated at its turn's
    end (COL-S25): the evaluation ranks it below a seat with a few settlers, however much Land it holds."""
    game = colonies_table(hand=["farmland", "coast", "mountains", "forest"], deck=["food"], discard=[])
    other = game.s["players"][1]
    other["hand"], other["deck"], other["discard"] = ["farmer", "food"], ["trader"], []
    assert game.score(0) > game.score(1)
    assert game.evaluate(0) < game.evaluate(1)


def test_colonies_searches_only_among_moves_of_the_heuristics_kind() -> None:
    game = midgame("colonies", 3)
    seat = min(game.to_move())
    legal = game.legal_actions(seat)
    hint = policy_for("colonies").choose_in(game, seat, legal, random.Random(1))
    candidates = game.search_candidates(seat, legal, hint)
    assert candidates[0] == hint and {a["type"] for a in candidates} == {hint["type"]}
