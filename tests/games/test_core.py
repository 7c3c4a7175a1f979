"""The engine contract's shared pieces: options, results, the seeded RNG, the registry."""

from __future__ import annotations

import json

import pytest

import games
from games.core import Option, Result, Rng, RuleError, get_game


def test_option_defaults_and_refusals() -> None:
    opt = Option("numbers", "spiral", ("spiral", "random"))
    assert opt.validate("random") == "random"
    with pytest.raises(RuleError) as err:
        opt.validate("zigzag")
    assert err.value.code == "bad_option"
    assert "spiral, random" in str(err.value)


def test_result_ranking_shares_places_on_equal_keys() -> None:
    result = Result.by_keys([(10, 2), (12, 0), (10, 2), (3, 9)], [10, 12, 10, 3])
    assert result.ranking == [[1], [0, 2], [3]]
    assert result.winners == [1]
    assert Result.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_rng_is_deterministic_and_its_state_round_trips() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    resumed = Rng.from_dict(json.loads(json.dumps(a.to_dict())))
    deck_a, deck_b = list(range(30)), list(range(30))
    a.shuffle(deck_a)
    resumed.shuffle(deck_b)
    assert deck_a == deck_b
    assert Rng(1).dice() != Rng(2).dice() or Rng(1).dice(5, 20) != Rng(2).dice(5, 20)


def test_registry_knows_every_shipped_game_and_refuses_unknown_ids() -> None:
    for gid, cls in games.registry().items():
        assert cls.id == gid
        assert cls.min_players <= cls.max_players
        assert get_game(gid) is cls
    with pytest.raises(RuleError) as err:
        get_game("chess")
    assert err.value.code == "unknown_game"


def test_options_read_values_typed_as_text() -> None:
    flag, count = Option("stacking", False, (True, False)), Option("rounds", 3, (1, 2, 3))
    assert flag.validate("true") is True and flag.validate("False") is False
    assert count.validate("2") == 2 and count.validate(2) == 2
    for bad, option in ((1, flag), (True, count), ("maybe", flag), ("4", count)):
        with pytest.raises(RuleError, match="must be one of"):
            option.validate(bad)


def test_a_refusal_shows_its_sentence_and_keeps_the_rules_it_cites() -> None:
    """Issue 18: the player reads no rule id; logs and tests read `rules` and `code`."""
    err = RuleError("Cannibalism is illegal during Harsh Winter (COL-R20, R33).", "colonies_cannibalize")
    assert (str(err), err.rules, err.code) == ("Cannibalism is illegal during Harsh Winter.",
                                               ("COL-R20", "COL-R33"), "colonies_cannibalize")
    waiting = RuleError("The game waits for every player to choose objectives (B5.3 PREP 2).")
    assert (str(waiting), waiting.rules) == ("The game waits for every player to choose objectives.", ("B5.3 PREP 2",))
    aside = RuleError("The Hammer replaces a marker on the pattern's squares (A3.3), not C4.")
    assert (str(aside), aside.rules) == ("The Hammer replaces a marker on the pattern's squares, not C4.", ("A3.3",))
    plain = RuleError("It is Seat 1 (red)'s turn.")
    assert (str(plain), plain.rules) == ("It is Seat 1 (red)'s turn.", ())
